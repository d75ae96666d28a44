/*
 * fit_information.c - standard errors and correlations of skill.fit's
 * estimates from the observed information: the Hessian of the train
 * log-likelihood at the optimum, jointly over the parameters searched by
 * replays and the prediction-only ones (fit.h).
 *
 * The Hessian comes from forward differences of the summed log-loss, with
 * a step of 1e-3 of each parameter's search interval (towards its inside):
 * 1 + 2 s + s(s - 1)/2 replays for s searched parameters, since the
 * prediction-only ones are moved on each replay's record without another.
 * A forward difference errs by a share of about the step over the scale on
 * which the curvature changes, far below the sampling error it measures.
 * Parameters on a bound are held there (their standard error is null: the
 * optimum may lie beyond), as are those the Hessian cannot identify.
 */
#include "sql/fit.h"

#include <math.h>

#include "utils/float.h"

#include "core/information.h"

#define STEP_SHARE 1e-3
#define BOUND_SHARE 1e-6		/* within this share of the interval: on the bound */

/* One free parameter of the Hessian. */
typedef struct Free
{
	const char *name;
	int			searched;		/* index among fc's searched ones, or -1 */
	int			predict;		/* index among the prediction-only ones, or -1 */
	double		h;
	bool		refused;		/* a point next to the optimum is refused */
} Free;

typedef struct Information
{
	FitContext *fc;
	const double *x;
	Free		free[FIT_MAX_PARAMS + PREDICT_PARAMS];
	int			n;
	/* The parameters held where they are, with the reason. */
	const char *held[FIT_MAX_PARAMS + PREDICT_PARAMS];
	const char *held_note[FIT_MAX_PARAMS + PREDICT_PARAMS];
	int			n_held;
	double		base;			/* the summed log-loss at the optimum */
	double		one[FIT_MAX_PARAMS + PREDICT_PARAMS];	/* at one step along i */
	double		two[FIT_MAX_PARAMS + PREDICT_PARAMS];	/* two steps along i */
	double		both[FIT_MAX_PARAMS + PREDICT_PARAMS][FIT_MAX_PARAMS + PREDICT_PARAMS];
	int			replays;
} Information;

bool
fit_on_bound(double v, double lo, double hi)
{
	return hi > lo && (v - lo <= BOUND_SHARE * (hi - lo) || hi - v <= BOUND_SHARE * (hi - lo));
}

static double
step_into(double v, double lo, double hi)
{
	double		h = STEP_SHARE * (hi - lo);

	return v + 2 * h <= hi ? h : -h;
}

/* Whether the parameter is free; if not, it is held with its reason. */
static bool
is_free(Information *info, const char *name, double v, double lo, double hi)
{
	const char *note = NULL;

	if (!(hi > lo))
		note = "its search interval is a single point";
	else if (fit_on_bound(v, lo, hi))
		note = "on a bound of its search interval: the optimum may lie beyond it";
	if (note == NULL)
		return true;
	info->held[info->n_held] = name;
	info->held_note[info->n_held++] = note;
	return false;
}

/* The free parameters, in the order of the result's parameters. */
static void
collect_free(Information *info)
{
	FitContext *fc = info->fc;
	const PredictParams *p = &fc->predict;
	int			k;

	for (k = 0; k < fc->n_params; k++)
		if (is_free(info, fc->names[k], info->x[k], fc->lo[k], fc->hi[k]))
			info->free[info->n++] = (Free) {
				fc->names[k], k, -1, step_into(info->x[k], fc->lo[k], fc->hi[k]), false
			};
	for (k = 0; k < PREDICT_PARAMS; k++)
		if (p->searched[k] &&
			is_free(info, predict_param_name(fc->family, k), p->value[k], p->low[k], p->high[k]))
			info->free[info->n++] = (Free) {
				predict_param_name(fc->family, k), -1, k, step_into(p->value[k], p->low[k], p->high[k]), false
			};
}

/*
 * One replay at the optimum moved along searched free parameters a and b
 * (-1: not moved; a == b: two steps), scored at the prediction values of
 * each point listed: the optimum's, moved along prediction-only free
 * parameters (pa[k], pb[k]; -1: not moved).  False when refused.
 */
static bool
replay_points(Information *info, int a, int b, int m, const int *pa, const int *pb, double *out)
{
	FitContext *fc = info->fc;
	double		x[FIT_MAX_PARAMS];
	double		p[PREDICT_PARAMS * (PREDICT_PARAMS + 3) / 2 + 1][PREDICT_PARAMS];
	int			k;

	memcpy(x, info->x, sizeof(double) * fc->n_params);
	if (a >= 0)
		x[info->free[a].searched] += info->free[a].h;
	if (b >= 0)
		x[info->free[b].searched] += info->free[b].h;
	for (k = 0; k < m; k++)
	{
		memcpy(p[k], fc->predict.value, sizeof(p[k]));
		if (pa[k] >= 0)
			p[k][info->free[pa[k]].predict] += info->free[pa[k]].h;
		if (pb[k] >= 0)
			p[k][info->free[pb[k]].predict] += info->free[pb[k]].h;
	}
	info->replays++;
	return fit_losses_at(fc, x, m, (const double (*)[PREDICT_PARAMS]) p, out);
}

static void
mark_refused(Information *info, int a, int b)
{
	if (a >= 0)
		info->free[a].refused = true;
	if (b >= 0)
		info->free[b].refused = true;
}

/* Every point of the forward-difference Hessian, replay by replay. */
static void
evaluate_points(Information *info)
{
	int			pa[PREDICT_PARAMS * (PREDICT_PARAMS + 3) / 2 + 1],
				pb[PREDICT_PARAMS * (PREDICT_PARAMS + 3) / 2 + 1];
	double		out[PREDICT_PARAMS * (PREDICT_PARAMS + 3) / 2 + 1];
	int			m = 0,
				i,
				j;

	/* At the optimum: the prediction-only parameters' own points. */
	pa[m] = pb[m] = -1;
	m++;
	for (i = 0; i < info->n; i++)
		if (info->free[i].predict >= 0)
		{
			pa[m] = i, pb[m++] = -1;
			pa[m] = i, pb[m++] = i;
			for (j = i + 1; j < info->n; j++)
				pa[m] = i, pb[m++] = j;
		}
	if (!replay_points(info, -1, -1, m, pa, pb, out))
		elog(ERROR, "fit: the optimum's replay failed");
	info->base = out[0];
	for (m = 1, i = 0; i < info->n; i++)
		if (info->free[i].predict >= 0)
		{
			info->one[i] = out[m++];
			info->two[i] = out[m++];
			for (j = i + 1; j < info->n; j++)
				info->both[i][j] = out[m++];
		}
	/* Along each searched parameter, with the prediction-only ones moved on its record. */
	for (i = 0; i < info->n; i++)
	{
		if (info->free[i].searched < 0)
			continue;
		for (m = 0, pa[m] = pb[m] = -1, m++, j = 0; j < info->n; j++)
			if (info->free[j].predict >= 0)
				pa[m] = j, pb[m++] = -1;
		if (!replay_points(info, i, -1, m, pa, pb, out))
		{
			mark_refused(info, i, -1);
			continue;
		}
		info->one[i] = out[0];
		for (m = 1, j = 0; j < info->n; j++)
			if (info->free[j].predict >= 0)
				info->both[Min(i, j)][Max(i, j)] = out[m++];
		pa[0] = pb[0] = -1;
		if (!replay_points(info, i, i, 1, pa, pb, out))
			mark_refused(info, i, -1);
		info->two[i] = out[0];
		for (j = i + 1; j < info->n; j++)
			if (info->free[j].searched >= 0)
			{
				if (!replay_points(info, i, j, 1, pa, pb, out))
					mark_refused(info, i, j);
				info->both[i][j] = out[0];
			}
	}
}

static void
append_name(StringInfo buf, bool *first, const char *name)
{
	appendStringInfo(buf, "%s\"%s\": ", *first ? "" : ", ", name);
	*first = false;
}

static const char *
note_of(const Free *f, sk_identified state)
{
	if (f->refused)
		return "the system refuses a point next to the optimum";
	if (state == SK_FLAT)
		return "the train log-likelihood is not curved in it at the optimum: not identified";
	if (state == SK_CONFOUNDED)
		return "confounded with the other parameters: the Hessian is singular in it";
	return NULL;
}

/* The covariance of the free parameters into the result. */
static void
append_information(Information *info, StringInfo buf)
{
	double		H[(FIT_MAX_PARAMS + PREDICT_PARAMS) * (FIT_MAX_PARAMS + PREDICT_PARAMS)] = {0},
				cov[(FIT_MAX_PARAMS + PREDICT_PARAMS) * (FIT_MAX_PARAMS + PREDICT_PARAMS)];
	sk_identified state[FIT_MAX_PARAMS + PREDICT_PARAMS];
	int			n = info->n,
				i,
				j;
	bool		first;

	for (i = 0; i < n; i++)
		for (j = i; j < n; j++)
		{
			const Free *a = &info->free[i],
					   *b = &info->free[j];
			double		v = i == j
				? (info->two[i] - 2 * info->one[i] + info->base) / (a->h * a->h)
				: (info->both[i][j] - info->one[i] - info->one[j] + info->base) / (a->h * b->h);

			/* A refused neighbour leaves the parameter out (no curvature, no coupling). */
			if (a->refused || b->refused)
				v = 0;
			H[i * n + j] = H[j * n + i] = isfinite(v) ? v : 0;
		}
	if (sk_covariance(n, H, cov, state) != SK_OK)
		elog(ERROR, "fit: the Hessian has a bad entry");
	appendStringInfoString(buf, ", \"standard_errors\": {");
	for (first = true, i = 0; i < n; i++)
	{
		append_name(buf, &first, info->free[i].name);
		fit_append_number(buf, state[i] == SK_IDENTIFIED ? sqrt(cov[i * n + i]) : NAN);
	}
	for (i = 0; i < info->n_held; i++)
	{
		append_name(buf, &first, info->held[i]);
		appendStringInfoString(buf, "null");
	}
	appendStringInfoString(buf, "}, \"standard_error_notes\": {");
	for (first = true, i = 0; i < info->n_held; i++)
	{
		append_name(buf, &first, info->held[i]);
		appendStringInfo(buf, "\"%s\"", info->held_note[i]);
	}
	for (i = 0; i < n; i++)
	{
		const char *note = note_of(&info->free[i], state[i]);

		if (note)
		{
			append_name(buf, &first, info->free[i].name);
			appendStringInfo(buf, "\"%s\"", note);
		}
	}
	appendStringInfoString(buf, "}, \"correlation\": {");
	for (first = true, i = 0; i < n; i++)
	{
		bool		first_j = true;

		if (state[i] != SK_IDENTIFIED)
			continue;
		append_name(buf, &first, info->free[i].name);
		appendStringInfoChar(buf, '{');
		for (j = 0; j < n; j++)
			if (state[j] == SK_IDENTIFIED)
			{
				append_name(buf, &first_j, info->free[j].name);
				fit_append_number(buf, cov[i * n + j] / sqrt(cov[i * n + i] * cov[j * n + j]));
			}
		appendStringInfoChar(buf, '}');
	}
	appendStringInfoChar(buf, '}');
}

void
fit_information(FitContext *fc, const double *x, StringInfo buf, int *replays)
{
	Information *info = palloc0(sizeof(Information));

	info->fc = fc;
	info->x = x;
	collect_free(info);
	evaluate_points(info);
	append_information(info, buf);
	*replays = info->replays;
	pfree(info);
}
