/*
 * draw_fit.c - the prediction's parameters under a draw model by maximum
 * likelihood on recorded quantities (draw_fit.h).
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "draw_fit.h"

#include "adjust.h"
#include "quasi_newton.h"
#include "scoring.h"

double
sk_draw_fit_one(const sk_draw_fit_data *d, const double *theta, long i)
{
	double		z = theta[SK_DRAW_FIT_SCALE] *
		sk_adjust_z(d->z[i], d->z_context[i], theta[SK_DRAW_FIT_WEIGHT], d->length[i],
					theta[SK_DRAW_FIT_EXPONENT]);
	double		base = d->margin ? d->margin[i] : theta[SK_DRAW_FIT_PARAM];
	double		slope = theta[SK_DRAW_FIT_SLOPE];
	double		param = slope != 0 ? sk_draw_shifted(d->model, base, slope * d->level[i]) : base;
	double		win,
				draw,
				loss;

	/* A NaN z or parameter (a point outside the model) is scored as the worst chance. */
	if (sk_draw_probs(d->normal, d->model, z, fmin(param, DBL_MAX), &win, &draw, &loss) != SK_OK)
		return sk_three_way_log_loss(0, 0, 1);
	if (d->expected)
		return sk_score_log_loss(win + draw / 2, d->outcome[i]);
	return sk_three_way_log_loss(win, draw, d->outcome[i]);
}

double
sk_draw_fit_loss(const sk_draw_fit_data *d, const double *theta)
{
	double		sum = 0;
	long		i;

	if (d->n <= 0)
		return NAN;
	for (i = 0; i < d->n; i++)
		sum += sk_draw_fit_one(d, theta, i);
	return sum / d->n;
}

/* The searched parameters as the search's x, the others fixed in theta. */
typedef struct fit_ctx
{
	const sk_draw_fit_data *d;
	int			m;
	int			index[SK_DRAW_FIT_THETA];
	double		theta[SK_DRAW_FIT_THETA];
	int			(*poll) (void *);
	void	   *poll_ctx;
} fit_ctx;

static int
stop(void *ctx)
{
	fit_ctx    *c = ctx;

	return c->poll ? c->poll(c->poll_ctx) : 0;
}

static double
objective(void *ctx, const double *x)
{
	fit_ctx    *c = ctx;
	int			k;

	for (k = 0; k < c->m; k++)
		c->theta[c->index[k]] = x[k];
	return sk_draw_fit_loss(c->d, c->theta);
}

sk_status
sk_draw_fit(const sk_draw_fit_data *d, const int *searched, const double *lo, const double *hi,
			int max_evaluations, int (*poll) (void *), void *poll_ctx, double *theta,
			double *loss)
{
	fit_ctx		c;
	double		x[SK_DRAW_FIT_THETA],
				l[SK_DRAW_FIT_THETA],
				h[SK_DRAW_FIT_THETA];
	sk_qn_options o;
	sk_qn_result r;
	sk_status	status;
	int			k;

	c.d = d;
	c.m = 0;
	c.poll = poll;
	c.poll_ctx = poll_ctx;
	memcpy(c.theta, theta, sizeof(c.theta));
	for (k = 0; k < SK_DRAW_FIT_THETA; k++)
		if (searched[k])
		{
			c.index[c.m] = k;
			x[c.m] = theta[k];
			l[c.m] = lo[k];
			h[c.m] = hi[k];
			c.m++;
		}
	if (c.m == 0 || d->n <= 0)
	{
		*loss = sk_draw_fit_loss(d, theta);
		return SK_OK;
	}
	sk_qn_default_options(&o);
	o.max_evaluations = max_evaluations;
	status = sk_qn_minimize(c.m, x, l, h, objective, stop, &c, &o, &r);
	if (status != SK_OK)
		return status;
	for (k = 0; k < c.m; k++)
		theta[c.index[k]] = x[k];
	*loss = r.value;
	return SK_OK;
}
