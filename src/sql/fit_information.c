/*
 * fit_information.c - standard errors and correlations of skill.fit's
 * estimates from the observed information: the Hessian of the train
 * log-likelihood at the optimum, jointly over the parameters searched by
 * replays and the prediction-only ones (fit.h).
 *
 * The Hessian comes from differences of the summed log-loss with a step
 * of each parameter's own: a first one of 1 % of its size, then one
 * chosen from the curvature that step measures, so that it changes the
 * summed log-loss by about TARGET (a step of about half the standard error
 * the parameter would have with the others held), whatever its search
 * interval.  Central differences at that step and at half of
 * it are combined by Richardson extrapolation, which cancels their error
 * of order step^2.  Near a bound (a step would cross it) the differences
 * are one-sided, away from it.  Parameters on a bound are held there
 * (their standard error is null: the optimum may lie beyond).  The
 * prediction-only parameters are moved on each replay's record without
 * another replay, so only the searched ones cost replays: about 2 to 3
 * for each one's step, 2 for its half step, and 2 for each pair, with 2
 * more for the pairs of a nearly singular part (refined at half steps).
 */
#include "sql/fit.h"

#include <math.h>

#include "utils/float.h"

#include "core/information.h"

#define MAX_FREE (FIT_MAX_PARAMS + PREDICT_PARAMS)
#define BOUND_SHARE 1e-6		/* within this share of the interval: on the bound */
#define FIRST_SHARE 1e-2		/* the first step, of the parameter's size ... */
#define SIZE_FLOOR 1e-2			/* ... or of this, near 0 */
#define TARGET 0.1				/* the change of the summed log-loss a step aims at */
#define ACCEPT 3				/* a step within this factor of the aimed one is kept */
#define ROUNDS 6				/* of the step's choice */
#define NOISE_SHARE 1e-10		/* of the summed log-loss: below it a change is rounding */
#define REFINE_SHARE 1e-2		/* a direction this flat gets its searched pairs at half steps */

/* Multiples of a parameter's step its points lie at. */
#define N_MULTIPLES 6
static const double multiples[N_MULTIPLES] = {-2, -1, -0.5, 0.5, 1, 2};

/* One free parameter of the Hessian. */
typedef struct Free
{
	const char *name;
	int			searched;		/* index among fc's searched ones, or -1 */
	int			predict;		/* index among the prediction-only ones, or -1 */
	double		x;				/* its value at the optimum */
	double		lo;
	double		hi;
	double		h;				/* its step */
	int			side;			/* 0: central differences; -1, 1: one-sided towards it */
	bool		flat;			/* no change above rounding at the largest step */
	bool		refused;		/* a point next to the optimum is refused */
	double		f[N_MULTIPLES]; /* the summed log-loss at x + multiple h; NaN: none */
} Free;

typedef struct Information
{
	FitContext *fc;
	const double *x;
	Free		free[MAX_FREE];
	int			n;
	/* The parameters held where they are, with the reason. */
	const char *held[MAX_FREE];
	const char *held_note[MAX_FREE];
	int			n_held;
	double		base;			/* the summed log-loss at the optimum */
	/*
	 * Pair i < j moved together by t = 1 (half 0) or 1/2 (half 1) of their
	 * steps: both forward [0] and both back [1], or, where either is
	 * one-sided, each towards its side [0].
	 */
	double		pair[MAX_FREE][MAX_FREE][2][2];
	double		H[MAX_FREE * MAX_FREE];
	int			replays;
} Information;

bool
fit_on_bound(double v, double lo, double hi)
{
	return hi > lo && (v - lo <= BOUND_SHARE * (hi - lo) || hi - v <= BOUND_SHARE * (hi - lo));
}

static int
multiple_slot(double c)
{
	int			k;

	for (k = 0; k < N_MULTIPLES; k++)
		if (multiples[k] == c)
			return k;
	elog(ERROR, "fit: no point at %g steps", c);
	return -1;
}

static double
at(const Free *f, double c)
{
	return f->f[multiple_slot(c)];
}

/* The direction of one-sided differences, or 1 for central ones. */
static int
direction(const Free *f)
{
	return f->side != 0 ? f->side : 1;
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

static void
add_free(Information *info, const char *name, int searched, int predict, double x, double lo,
		 double hi)
{
	Free	   *f = &info->free[info->n++];
	int			k;

	memset(f, 0, sizeof(*f));
	f->name = name;
	f->searched = searched;
	f->predict = predict;
	f->x = x;
	f->lo = lo;
	f->hi = hi;
	for (k = 0; k < N_MULTIPLES; k++)
		f->f[k] = get_float8_nan();
}

/* The free parameters, in the order of the result's parameters. */
static void
collect_free(Information *info)
{
	FitContext *fc = info->fc;
	const PredictParams *p = &fc->predict;
	int			i,
				j,
				k;

	for (k = 0; k < fc->n_params; k++)
		if (is_free(info, fc->names[k], info->x[k], fc->lo[k], fc->hi[k]))
			add_free(info, fc->names[k], k, -1, info->x[k], fc->lo[k], fc->hi[k]);
	for (k = 0; k < PREDICT_PARAMS; k++)
		if (p->searched[k] &&
			is_free(info, predict_param_name(fc->family, k), p->value[k], p->low[k], p->high[k]))
			add_free(info, predict_param_name(fc->family, k), -1, k, p->value[k], p->low[k],
					 p->high[k]);
	for (i = 0; i < MAX_FREE; i++)
		for (j = 0; j < MAX_FREE; j++)
			for (k = 0; k < 4; k++)
				info->pair[i][j][k / 2][k % 2] = get_float8_nan();
}

static void
set_pair(Information *info, int i, int j, int half, int which, double v)
{
	info->pair[Min(i, j)][Max(i, j)][half][which] = v;
}

/*
 * A replay at the optimum with searched free parameters a and b (-1: none)
 * moved by ca and cb of their steps; false when the system refuses it.
 */
static bool
replay_moved(Information *info, int a, double ca, int b, double cb)
{
	FitContext *fc = info->fc;
	double		x[FIT_MAX_PARAMS];

	memcpy(x, info->x, sizeof(double) * fc->n_params);
	if (a >= 0)
		x[info->free[a].searched] += ca * info->free[a].h;
	if (b >= 0)
		x[info->free[b].searched] += cb * info->free[b].h;
	info->replays++;
	return fit_losses_at(fc, x, 0, NULL, NULL);
}

/*
 * The summed log-loss on the last replay's record with prediction-only
 * free parameters a and b (-1, or a searched one: not moved) moved by ca
 * and cb of their steps.
 */
static double
record_moved(Information *info, int a, double ca, int b, double cb)
{
	double		p[1][PREDICT_PARAMS];
	double		out;

	memcpy(p[0], info->fc->predict.value, sizeof(p[0]));
	if (a >= 0 && info->free[a].predict >= 0)
		p[0][info->free[a].predict] += ca * info->free[a].h;
	if (b >= 0 && info->free[b].predict >= 0)
		p[0][info->free[b].predict] += cb * info->free[b].h;
	fit_record_losses(info->fc, 1, (const double (*)[PREDICT_PARAMS]) p, &out);
	return out;
}

/*
 * After a replay with searched free parameter i moved by c steps: the
 * points of its pairs with the prediction-only ones that lie on it.
 */
static void
record_pairs(Information *info, int i, double c)
{
	const Free *a = &info->free[i];
	double		t = fabs(c);
	int			half = t == 1 ? 0 : t == 0.5 ? 1 : -1,
				j;

	for (j = 0; j < info->n && half >= 0; j++)
	{
		const Free *b = &info->free[j];

		if (b->predict < 0)
			continue;
		if (a->side == 0 && b->side == 0)
			set_pair(info, i, j, half, c > 0 ? 0 : 1, record_moved(info, j, c, -1, 0));
		else if ((c > 0 ? 1 : -1) == direction(a))
			set_pair(info, i, j, half, 0, record_moved(info, j, direction(b) * t, -1, 0));
	}
}

/* The loss with free parameter i moved by c steps (a replay for a searched one). */
static bool
measure_at(Information *info, int i, double c)
{
	Free	   *f = &info->free[i];

	if (f->predict >= 0)
		f->f[multiple_slot(c)] = record_moved(info, i, c, -1, 0);
	else
	{
		if (!replay_moved(info, i, c, -1, 0))
			return false;
		f->f[multiple_slot(c)] = record_moved(info, -1, 0, -1, 0);
		record_pairs(info, i, c);
	}
	return true;
}

/*
 * Step h for free parameter i, central where both x - h and x + h lie in
 * its interval, else one-sided towards the wider side, and shortened to
 * fit there; true when shortened.
 */
static bool
set_step(Free *f, double h)
{
	double		above = f->hi - f->x,
				below = f->x - f->lo;

	f->h = h;
	f->side = 0;
	if (h <= above && h <= below)
		return false;
	f->side = above >= below ? 1 : -1;
	if (2 * h <= Max(above, below))
		return false;
	f->h = Max(above, below) / 2;
	return true;
}

/*
 * The step of free parameter i, from its own size: each round measures
 * the change of the summed log-loss over one step (a second difference)
 * and aims the next at TARGET from the curvature it shows, until the step
 * is within a factor ACCEPT of the aimed one.  A refused point shortens
 * the step; a change within rounding lengthens it.
 */
static void
choose_step(Information *info, int i)
{
	Free	   *f = &info->free[i];
	double		h = FIRST_SHARE * Max(fabs(f->x), SIZE_FLOOR),
				noise = NOISE_SHARE * fabs(info->base);
	int			round;

	for (round = 0; round < ROUNDS; round++)
	{
		bool		shortened = set_step(f, h);
		int			s = direction(f);
		double		change,
					aimed;

		f->refused = false;
		if (f->side == 0 ? !measure_at(info, i, 1) || !measure_at(info, i, -1)
			: !measure_at(info, i, s) || !measure_at(info, i, 2 * s))
		{
			f->refused = true;
			h = f->h / 8;
			continue;
		}
		change = f->side == 0 ? at(f, 1) + at(f, -1) - 2 * info->base
			: at(f, 2 * s) - 2 * at(f, s) + info->base;
		f->flat = !(change > noise);
		aimed = f->flat ? 10 * f->h : f->h * sqrt(2 * TARGET / change);
		aimed = Min(Max(aimed, f->h / 100), f->h * 100);
		if ((aimed < ACCEPT * f->h && aimed > f->h / ACCEPT && !f->flat) ||
			(shortened && aimed > f->h))
			break;
		h = aimed;
	}
}

/* The points at half the step, for the Richardson extrapolation. */
static void
measure_half(Information *info, int i)
{
	Free	   *f = &info->free[i];

	if (f->refused || f->flat)
		return;
	if (f->side == 0 ? !measure_at(info, i, 0.5) || !measure_at(info, i, -0.5)
		: !measure_at(info, i, 0.5 * f->side))
		f->refused = true;
}

/* The points of pair i < j moved together by t of their steps. */
static void
measure_pair(Information *info, int i, int j, int half)
{
	Free	   *a = &info->free[i],
			   *b = &info->free[j];
	double		t = half ? 0.5 : 1;
	bool		searched = a->searched >= 0 || b->searched >= 0;
	int			k;

	if (a->refused || b->refused || a->flat || b->flat)
		return;
	for (k = 0; k < (a->side == 0 && b->side == 0 ? 2 : 1); k++)
	{
		double		ca = a->side == 0 && b->side == 0 ? (k ? -t : t) : direction(a) * t,
					cb = a->side == 0 && b->side == 0 ? (k ? -t : t) : direction(b) * t;

		if (searched &&
			!replay_moved(info, a->searched >= 0 ? i : -1, ca, b->searched >= 0 ? j : -1, cb))
		{
			a->refused = b->refused = true;
			return;
		}
		set_pair(info, i, j, half, k,
				 record_moved(info, a->predict >= 0 ? i : -1, ca, b->predict >= 0 ? j : -1, cb));
	}
}

/* Every point of the Hessian but the refinements, replay by replay. */
static void
evaluate_points(Information *info)
{
	int			i,
				j;

	/* At the optimum: the prediction-only parameters' points, on its record. */
	if (!replay_moved(info, -1, 0, -1, 0))
		elog(ERROR, "fit: the optimum's replay failed");
	info->base = record_moved(info, -1, 0, -1, 0);
	for (i = 0; i < info->n; i++)
		if (info->free[i].predict >= 0)
		{
			choose_step(info, i);
			measure_half(info, i);
		}
	for (i = 0; i < info->n; i++)
		for (j = i + 1; j < info->n; j++)
			if (info->free[i].predict >= 0 && info->free[j].predict >= 0)
			{
				measure_pair(info, i, j, 0);
				measure_pair(info, i, j, 1);
			}
	/* Along each searched parameter, with its pairs with the prediction-only ones. */
	for (i = 0; i < info->n; i++)
		if (info->free[i].searched >= 0)
		{
			choose_step(info, i);
			measure_half(info, i);
		}
	for (i = 0; i < info->n; i++)
		for (j = i + 1; j < info->n; j++)
			if (info->free[i].searched >= 0 && info->free[j].searched >= 0)
				measure_pair(info, i, j, 0);
}

/* A second difference at t of the step and at t/2, extrapolated (error order 2, or 1 one-sided). */
static double
extrapolate(double whole, double half, bool central)
{
	if (!isfinite(half))
		return whole;
	return central ? (4 * half - whole) / 3 : 2 * half - whole;
}

static double
diagonal(const Information *info, const Free *f)
{
	double		b = info->base,
				h = f->h;
	int			s = f->side;

	if (s == 0)
		return extrapolate((at(f, 1) + at(f, -1) - 2 * b) / (h * h),
						   (at(f, 0.5) + at(f, -0.5) - 2 * b) / (h * h / 4), true);
	return extrapolate((at(f, 2 * s) - 2 * at(f, s) + b) / (h * h),
					   (at(f, s) - 2 * at(f, 0.5 * s) + b) / (h * h / 4), false);
}

static double
off_diagonal(const Information *info, int i, int j)
{
	const Free *a = &info->free[i],
			   *b = &info->free[j];
	bool		central = a->side == 0 && b->side == 0;
	double		v[2];
	int			half;

	for (half = 0; half < 2; half++)
	{
		double		t = half ? 0.5 : 1;
		const double *p = info->pair[i][j][half];

		if (central)
			v[half] = (p[0] + p[1] - at(a, t) - at(a, -t) - at(b, t) - at(b, -t) + 2 * info->base) /
				(2 * t * t * a->h * b->h);
		else
			v[half] = (p[0] - at(a, direction(a) * t) - at(b, direction(b) * t) + info->base) /
				(direction(a) * direction(b) * t * t * a->h * b->h);
	}
	return extrapolate(v[0], v[1], central);
}

static void
assemble(Information *info)
{
	int			n = info->n,
				i,
				j;

	for (i = 0; i < n; i++)
		for (j = i; j < n; j++)
		{
			const Free *a = &info->free[i],
					   *b = &info->free[j];
			double		v = i == j ? diagonal(info, a) : off_diagonal(info, i, j);

			/* A refused neighbour or no curvature leaves the parameter out. */
			if (a->refused || b->refused || a->flat || b->flat)
				v = 0;
			info->H[i * n + j] = info->H[j * n + i] = isfinite(v) ? v : 0;
		}
}

/*
 * Where the Hessian is nearly singular, differences at the step err most:
 * the searched pairs of the parameters in such directions are measured
 * at half steps too, for their Richardson extrapolation.
 */
static void
refine(Information *info)
{
	int			weak[MAX_FREE],
				i,
				j;

	if (sk_weak_parameters(info->n, info->H, REFINE_SHARE, weak) == 0)
		return;
	for (i = 0; i < info->n; i++)
		for (j = i + 1; j < info->n; j++)
			if (weak[i] && weak[j] && info->free[i].searched >= 0 && info->free[j].searched >= 0)
				measure_pair(info, i, j, 1);
	assemble(info);
}

static void
append_name(StringInfo buf, bool *first, const char *name)
{
	appendStringInfo(buf, "%s\"%s\": ", *first ? "" : ", ", name);
	*first = false;
}

/* The others of i's set, quoted, joined by commas. */
static char *
set_others(const Information *info, const int *group, int i)
{
	StringInfoData buf;
	int			j;

	initStringInfo(&buf);
	for (j = 0; j < info->n; j++)
		if (j != i && group[j] == group[i])
			appendStringInfo(&buf, "%s%s", buf.len ? ", " : "", info->free[j].name);
	return buf.data;
}

static void
append_note(StringInfo buf, const Information *info, const int *group,
			const sk_identified *state, int i)
{
	const Free *f = &info->free[i];

	if (f->refused)
		appendStringInfoString(buf, "\"the system refuses a point next to the optimum\"");
	else if (state[i] == SK_FLAT)
		appendStringInfoString(buf, "\"the train log-likelihood is not curved in it at the optimum: not identified\"");
	else if (state[i] == SK_CONFOUNDED)
		appendStringInfo(buf, "\"confounded with %s: the train log-likelihood is flat along a combination of them (its Hessian is singular there); the other standard errors come from the pseudo-inverse, which leaves that combination out\"",
						 set_others(info, group, i));
	else if (state[i] == SK_NOT_MINIMUM)
		appendStringInfo(buf, "\"the train log-likelihood curves down along a combination of it with %s: the fit is not at a maximum there\"",
						 set_others(info, group, i));
}

/* The sets of confounded parameters, as arrays of names. */
static void
append_confounded(StringInfo buf, const Information *info, const int *group,
				  const sk_identified *state)
{
	bool		first = true;
	int			i,
				j;

	appendStringInfoString(buf, ", \"confounded\": [");
	for (i = 0; i < info->n; i++)
		if (state[i] == SK_CONFOUNDED && group[i] == i)
		{
			bool		first_j = true;

			appendStringInfoString(buf, first ? "[" : ", [");
			first = false;
			for (j = i; j < info->n; j++)
				if (group[j] == i)
				{
					appendStringInfo(buf, "%s\"%s\"", first_j ? "" : ", ", info->free[j].name);
					first_j = false;
				}
			appendStringInfoChar(buf, ']');
		}
	appendStringInfoChar(buf, ']');
}

/* The covariance of the free parameters into the result. */
static void
append_information(Information *info, StringInfo buf)
{
	double		cov[MAX_FREE * MAX_FREE];
	sk_identified state[MAX_FREE];
	int			group[MAX_FREE];
	int			n = info->n,
				i,
				j;
	bool		first;

	if (sk_covariance(n, info->H, cov, state, group) != SK_OK)
		elog(ERROR, "fit: the Hessian has a bad entry");
	for (i = 0; i < n; i++)
		if (info->free[i].refused)
			state[i] = SK_FLAT;
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
		if (state[i] != SK_IDENTIFIED)
		{
			append_name(buf, &first, info->free[i].name);
			append_note(buf, info, group, state, i);
		}
	appendStringInfoChar(buf, '}');
	append_confounded(buf, info, group, state);
	appendStringInfoString(buf, ", \"correlation\": {");
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
	assemble(info);
	refine(info);
	append_information(info, buf);
	*replays = info->replays;
	pfree(info);
}
