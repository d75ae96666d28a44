/*
 * draws.c - win, draw and loss chances by a draw model (draws.h).
 */
#include <math.h>

#include "draws.h"

#include "normal.h"

#define PI_OVER_ROOT3 1.8137993642342178	/* pi / sqrt(3) */

static double
link(int normal, double x)
{
	return normal ? sk_norm_cdf(x) : 1.0 / (1.0 + exp(-x));
}

sk_status
sk_draw_probs(int normal, sk_draw_model model, double z, double param, double *win,
			  double *draw, double *loss)
{
	if (isnan(z) || (model != SK_DRAW_NONE && !isfinite(param)))
		return SK_ERR_NOT_FINITE;
	if (model != SK_DRAW_NONE && param < 0)
		return SK_ERR_RANGE;
	switch (model)
	{
		case SK_DRAW_NONE:
			*win = link(normal, z);
			*loss = 1 - *win;
			*draw = 0;
			break;
		case SK_DRAW_THRESHOLD:
			*win = link(normal, z - param);
			*loss = link(normal, -z - param);
			*draw = fmax(0.0, 1 - *win - *loss);
			break;
		case SK_DRAW_DAVIDSON:
			{
				/* Divided through by e^{|z|/2}: no overflow for any finite z. */
				double		h = (normal ? z * PI_OVER_ROOT3 : z) / 2;
				double		small = exp(-2 * fabs(h));
				double		tie = param * exp(-fabs(h));
				double		d = 1 + small + tie;

				*win = (h >= 0 ? 1 : small) / d;
				*loss = (h >= 0 ? small : 1) / d;
				*draw = tie / d;
				break;
			}
	}
	return SK_OK;
}

double
sk_draw_shifted(sk_draw_model model, double param, double shift)
{
	if (model == SK_DRAW_DAVIDSON)
		return param == 0 || shift == 0 ? param : param * exp(shift);
	return fmax(0.0, param + shift);
}

double
sk_draw_even_param(int normal, sk_draw_model model, double rate)
{
	rate = fmin(fmax(rate, 0.0), 1 - 1e-12);
	if (model == SK_DRAW_DAVIDSON)
		return 2 * rate / (1 - rate);
	return normal ? sk_norm_ppf((1 + rate) / 2) : log((1 + rate) / (1 - rate));
}

double
sk_three_way_log_loss(double win, double draw, double outcome)
{
	double		p = outcome == 1 ? win : outcome == 0 ? 1 - win - draw : draw;

	return -log(fmin(fmax(p, 1e-15), 1.0));
}
