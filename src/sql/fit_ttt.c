/*
 * fit_ttt.c - skill.fit of the whole-history system ttt (docs/ttt.md):
 * sigma, beta, gamma and p_draw searched.  The rows are read once into
 * ttt's history; each evaluation runs its honest forecasts over it (each
 * match from the batches before it, the past re-smoothed every
 * resmooth_every time units, as evaluate scores them) and scores them as
 * fit scores a family's pre-match predictions, so the objective is the
 * forecasts' log-loss, the same quantity for every system.  (ttt's own
 * filtered log-evidence also conditions each result on the matches before
 * it in its batch, so it is not a forecast from earlier batches alone.)
 */
#include "sql/fit.h"
#include "sql/ttt_rows.h"

#include <math.h>

#include "miscadmin.h"

#include "core/scoring.h"
#include "core/three_way.h"

/* The searchable options, in the order of fc->index. */
enum
{
	TTT_SIGMA, TTT_BETA, TTT_GAMMA, TTT_P_DRAW, TTT_SEARCHABLE
};
static const char *const searchable[TTT_SEARCHABLE] = {"sigma", "beta", "gamma", "p_draw"};

typedef struct FitTtt
{
	TttOptions	options;		/* the fixed ones, and the start */
	TttHistory	history;
	const double *own_sigma;	/* by player: its prior's, NaN for the options' */
	double	   *sigma;			/* by player, at the evaluation's point */
} FitTtt;

/* search: {"sigma": [low, high], ...}; each key once, bounds it can take. */
static int
ttt_search_index(const FitContext *fc, const char *name, void *arg)
{
	int			idx;

	for (idx = 0; idx < TTT_SEARCHABLE && strcmp(name, searchable[idx]) != 0; idx++)
		;
	if (idx == TTT_SEARCHABLE)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("ttt has no option \"%s\" to search", name),
				 errhint("fit searches ttt's sigma, beta, gamma and p_draw.")));
	return idx;
}

static bool
ttt_search_accept(FitContext *fc, int idx, const char *name, double lo, double hi, void *arg)
{
	if (idx == TTT_P_DRAW ? !(lo > 0.0 && hi < 1.0) : !(lo > 0.0))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("search bounds of \"%s\" must lie %s: [%g, %g]", name,
						idx == TTT_P_DRAW ? "between 0 and 1, both excluded" : "above 0",
						lo, hi)));
	if (idx == TTT_P_DRAW && !fc->settings.three_way)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("searched parameter \"p_draw\" needs objective \"three_way\""),
				 errdetail("The binary objective scores the expected score (win + draw/2), not the chance of a draw."),
				 errhint("Add \"objective\": \"three_way\" to the options of fit.")));
	return true;
}

/* The point x into options: the parameters searched set, the others as given. */
static void
set_point(const FitContext *fc, const double *x, TttOptions *o)
{
	int			k;

	for (k = 0; k < fc->n_params; k++)
		switch (fc->index[k])
		{
			case TTT_SIGMA:
				o->sigma = x[k];
				break;
			case TTT_BETA:
				o->params.beta = x[k];
				break;
			case TTT_GAMMA:
				o->params.gamma = x[k];
				break;
			default:
				o->params.p_draw = x[k];
				break;
		}
}

void
fit_ttt_setup(FunctionCallInfo fcinfo, FitContext *fc, text *rows, Jsonb *search, double *x)
{
	FitTtt	   *t = palloc0(sizeof(FitTtt));
	TttOptions	read;
	int			k;

	fc->ttt = t;
	ttt_forecast_options(fc->settings.family_options, "fit", &t->options);
	{
		FitSearchKeys keys = {ttt_search_index, ttt_search_accept, NULL,
		"'{\"beta\": [0.1, 10], \"gamma\": [0.001, 1]}' for ttt"};

		fit_read_search(fc, search, &keys);
	}
	for (k = 0; k < fc->n_params; k++)
	{
		double		given = fc->index[k] == TTT_SIGMA ? t->options.sigma
			: fc->index[k] == TTT_BETA ? t->options.params.beta
			: fc->index[k] == TTT_GAMMA ? t->options.params.gamma
			: t->options.params.p_draw;

		x[k] = Min(Max(given, fc->lo[k]), fc->hi[k]);
	}
	/* read at the start (ties are checked against its p_draw); NaN: no prior of its own */
	read = t->options;
	set_point(fc, x, &read);
	read.sigma = NAN;
	ttt_read_rows(fcinfo, rows, &read, "fit", &t->history);
	t->own_sigma = t->history.h.prior_sigma;
	t->sigma = palloc_extended(sizeof(double) * (Size) Max(t->history.h.n_players, 1),
							   MCXT_ALLOC_HUGE);
}

void
fit_ttt_evaluate(FitContext *fc, const double *x)
{
	FitTtt	   *t = fc->ttt;
	TttOptions	o = t->options;
	TttHistory	history = t->history;
	TttForecasts f;
	int			p,
				e;

	set_point(fc, x, &o);
	for (p = 0; p < history.h.n_players; p++)
		t->sigma[p] = isnan(t->own_sigma[p]) ? o.sigma : t->own_sigma[p];
	history.h.prior_sigma = t->sigma;
	ttt_forecast_history(&history, &o, "fit", &f);
	for (e = 0; e < f.n; e++)
	{
		TimestampTz played_at = history.batch_played_at[history.event_batch[e]];
		bool		held_out;
		double		loss;

		if ((e & 4095) == 0)
			CHECK_FOR_INTERRUPTS();
		if (f.n_teams[e] != 2 ||
			!fit_scores_match(fc, played_at, history.event_min_before[e], &held_out))
			continue;
		fc->draws += f.outcome[e] == 0.5;
		loss = fc->settings.three_way
			? sk_three_way_log_loss(f.win[e], f.draw[e], f.outcome[e])
			: sk_score_log_loss(f.win[e] + f.draw[e] / 2, f.outcome[e]);
		fit_add_loss(fc, held_out, loss);
	}
}
