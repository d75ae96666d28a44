/*
 * replay_families.c - how each rating family rates and predicts one match
 * for the replay engine, and which options it takes.
 *
 * OpenSkill and TrueSkill hand the whole match to their core.  Elo and
 * Glicko-2 are two-player systems: a team match counts as a game between
 * every pair of players on different teams, scored 1 / 0.5 / 0 by team rank.
 */
#include "engine/replay.h"
#include "sql/skill.h"		/* FIXME: check_* until options are declarative */

#include <limits.h>
#include <math.h>

#include "utils/fmgrprotos.h"
#include "utils/numeric.h"

#include "core/elo.h"
#include "core/glicko2.h"

/* Number or boolean option values. */
static double
option_number(ReplayState *state, const char *key, JsonbValue *value)
{
	if (value->type != jbvNumeric)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("option \"%s\" of %s must be a number", key, state->caller)));
	return DatumGetFloat8(DirectFunctionCall1(numeric_float8,
											  NumericGetDatum(value->val.numeric)));
}

static bool
option_bool(ReplayState *state, const char *key, JsonbValue *value)
{
	if (value->type != jbvBool)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("option \"%s\" of %s must be true or false", key, state->caller)));
	return value->val.boolean;
}

/* "option x of pl_replay" as the argument name in check messages. */
static const char *
option_arg(ReplayState *state, const char *key, char *buf, size_t size)
{
	snprintf(buf, size, "option \"%s\" of %s", key, state->caller);
	return buf;
}

static void
check_option_positive(ReplayState *state, const char *key, double value)
{
	char		name[NAMEDATALEN * 2];

	check_positive(option_arg(state, key, name, sizeof(name)), value);
}

static void
check_option_nonnegative(ReplayState *state, const char *key, double value)
{
	char		name[NAMEDATALEN * 2];

	check_nonnegative(option_arg(state, key, name, sizeof(name)), value);
}

static void
check_option_finite(ReplayState *state, const char *key, double value)
{
	char		name[NAMEDATALEN * 2];

	check_finite(option_arg(state, key, name, sizeof(name)), value);
}

/* Gathers the match's players' mu and sigma into the engine's scratch. */
static void
gather_gaussian(ReplayState *state, const ReplayMatch *match)
{
	int			i;

	for (i = 0; i < match->n_players; i++)
	{
		const ReplayPlayer *p = match->player[i];

		state->mu[i] = p->r[0];
		state->sigma[i] = p->r[1];
	}
}

static void
scatter_gaussian(ReplayState *state, const ReplayMatch *match)
{
	int			i;

	for (i = 0; i < match->n_players; i++)
	{
		ReplayPlayer *p = match->player[i];

		p->r[0] = state->mu[i];
		p->r[1] = state->sigma[i];
	}
}

static void
report_match_status(ReplayState *state, const ReplayMatch *match, sk_status status)
{
	if (status == SK_OK)
		return;
	ereport(ERROR,
			(errcode(status == SK_ERR_SIZE ? ERRCODE_ARRAY_SUBSCRIPT_ERROR
					 : ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("%s could not rate match " INT64_FORMAT ": %s",
					state->caller, match->match_id, sk_status_message(status))));
}

/*
 * Team win probabilities shared by the Gaussian families for more than two
 * teams: OpenSkill's normalised pairwise Phi((mu_a - mu_b)/sqrt(2 beta^2 +
 * sigma_a^2 + sigma_b^2)) over team sums.
 */
static void
predict_gaussian_pairwise(ReplayState *state, ReplayMatch *match, double beta,
						  double *team_prob)
{
	sk_os_params p;

	sk_os_default_params(&p, SK_OS_PLACKETT_LUCE);
	p.beta = beta;
	gather_gaussian(state, match);
	report_match_status(state, match,
						sk_os_predict_win(&p, match->n_teams, match->team_start,
										  state->mu, state->sigma, team_prob,
										  replay_scratch(state, sk_os_workspace_size(match->n_teams,
																					 match->n_players))));
}

/* ---- OpenSkill ---------------------------------------------------------- */

static void
os_init(ReplayState *state, sk_os_model model)
{
	sk_os_default_params(&state->opt.os, model);
	state->opt.prior[0] = SK_OS_DEFAULT_MU;
	state->opt.prior[1] = SK_OS_DEFAULT_SIGMA;
}

static void os_init_pl(ReplayState *state) { os_init(state, SK_OS_PLACKETT_LUCE); }
static void os_init_bt_full(ReplayState *state) { os_init(state, SK_OS_BT_FULL); }
static void os_init_bt_part(ReplayState *state) { os_init(state, SK_OS_BT_PART); }
static void os_init_tm_full(ReplayState *state) { os_init(state, SK_OS_TM_FULL); }
static void os_init_tm_part(ReplayState *state) { os_init(state, SK_OS_TM_PART); }

static bool
os_set_option(ReplayState *state, const char *key, JsonbValue *value)
{
	sk_os_params *p = &state->opt.os;

	if (strcmp(key, "mu") == 0)
		state->opt.prior[0] = option_number(state, key, value);
	else if (strcmp(key, "sigma") == 0)
		state->opt.prior[1] = option_number(state, key, value);
	else if (strcmp(key, "beta") == 0)
		p->beta = option_number(state, key, value);
	else if (strcmp(key, "kappa") == 0)
		p->kappa = option_number(state, key, value);
	else if (strcmp(key, "tau") == 0)
		p->tau = option_number(state, key, value);
	else if (strcmp(key, "epsilon") == 0)
		p->epsilon = option_number(state, key, value);
	else if (strcmp(key, "window_size") == 0)
	{
		double		w = option_number(state, key, value);

		if (!(w >= 1 && w <= INT_MAX && w == floor(w)))
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("option \"window_size\" of %s must be a whole number of at least 1",
							state->caller)));
		p->window_size = (int) w;
	}
	else if (strcmp(key, "limit_sigma") == 0)
		p->limit_sigma = option_bool(state, key, value);
	else if (strcmp(key, "balance") == 0)
		p->balance = option_bool(state, key, value);
	else
		return false;
	return true;
}

static void
os_check_options(ReplayState *state)
{
	sk_os_params *p = &state->opt.os;

	check_option_finite(state, "mu", state->opt.prior[0]);
	check_option_positive(state, "sigma", state->opt.prior[1]);
	check_option_positive(state, "beta", p->beta);
	check_option_positive(state, "kappa", p->kappa);
	check_option_nonnegative(state, "tau", p->tau);
	check_option_nonnegative(state, "epsilon", p->epsilon);
}

static void
os_rate_match(ReplayState *state, ReplayMatch *match)
{
	sk_os_match m;

	gather_gaussian(state, match);
	m.n_teams = match->n_teams;
	m.team_start = match->team_start;
	m.mu = state->mu;
	m.sigma = state->sigma;
	m.ranks = match->team_rank;
	m.scores = NULL;
	m.weights = NULL;
	report_match_status(state, match,
						sk_os_rate(&state->opt.os, &m, state->mu, state->sigma,
								   replay_scratch(state, sk_os_workspace_size(match->n_teams,
																			  match->n_players))));
	scatter_gaussian(state, match);
}

static void
os_predict_win(ReplayState *state, ReplayMatch *match, double *team_prob)
{
	gather_gaussian(state, match);
	report_match_status(state, match,
						sk_os_predict_win(&state->opt.os, match->n_teams, match->team_start,
										  state->mu, state->sigma, team_prob,
										  replay_scratch(state, sk_os_workspace_size(match->n_teams,
																					 match->n_players))));
}

#define OS_OPTIONS "mu, sigma, beta, kappa, tau, epsilon, window_size, limit_sigma, balance"

#define OPENSKILL_FAMILY(var, sqlname, init) \
	const ReplayFamily var = { \
		.name = sqlname, .n_fields = 2, .uses_period = false, \
		.init_options = init, .set_option = os_set_option, \
		.check_options = os_check_options, .option_names = OS_OPTIONS, \
		.rate_match = os_rate_match, .predict_win = os_predict_win, \
	}

OPENSKILL_FAMILY(replay_pl, "pl_replay", os_init_pl);
OPENSKILL_FAMILY(replay_bt_full, "bt_full_replay", os_init_bt_full);
OPENSKILL_FAMILY(replay_bt_part, "bt_part_replay", os_init_bt_part);
OPENSKILL_FAMILY(replay_tm_full, "tm_full_replay", os_init_tm_full);
OPENSKILL_FAMILY(replay_tm_part, "tm_part_replay", os_init_tm_part);

/* ---- TrueSkill ---------------------------------------------------------- */

static void
ts_init(ReplayState *state)
{
	sk_ts_default_params(&state->opt.ts);
	state->opt.prior[0] = state->opt.ts.mu;
	state->opt.prior[1] = state->opt.ts.sigma;
}

static bool
ts_set_option(ReplayState *state, const char *key, JsonbValue *value)
{
	sk_ts_params *p = &state->opt.ts;

	if (strcmp(key, "mu") == 0)
		p->mu = state->opt.prior[0] = option_number(state, key, value);
	else if (strcmp(key, "sigma") == 0)
		p->sigma = state->opt.prior[1] = option_number(state, key, value);
	else if (strcmp(key, "beta") == 0)
		p->beta = option_number(state, key, value);
	else if (strcmp(key, "tau") == 0)
		p->tau = option_number(state, key, value);
	else if (strcmp(key, "draw_probability") == 0)
		p->draw_probability = option_number(state, key, value);
	else if (strcmp(key, "min_delta") == 0)
		p->min_delta = option_number(state, key, value);
	else
		return false;
	return true;
}

static void
ts_check_options(ReplayState *state)
{
	sk_ts_params *p = &state->opt.ts;

	check_option_finite(state, "mu", p->mu);
	check_option_positive(state, "sigma", p->sigma);
	check_option_positive(state, "beta", p->beta);
	check_option_nonnegative(state, "tau", p->tau);
	check_option_positive(state, "min_delta", p->min_delta);
	check_option_nonnegative(state, "draw_probability", p->draw_probability);
	if (!(p->draw_probability < 1.0))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("option \"draw_probability\" of %s must be less than 1",
						state->caller)));
}

static void
ts_rate_match(ReplayState *state, ReplayMatch *match)
{
	sk_ts_match m;

	gather_gaussian(state, match);
	m.n_teams = match->n_teams;
	m.team_start = match->team_start;
	m.mu = state->mu;
	m.sigma = state->sigma;
	m.ranks = match->team_rank;
	m.weights = NULL;
	report_match_status(state, match,
						sk_ts_rate(&state->opt.ts, &m, state->mu, state->sigma,
								   replay_scratch(state, sk_ts_workspace_size(match->n_teams,
																			  match->n_players))));
	scatter_gaussian(state, match);
}

/* Two teams: TrueSkill's own formula; more: the pairwise normalised one. */
static void
ts_predict_win(ReplayState *state, ReplayMatch *match, double *team_prob)
{
	sk_ts_match m;

	if (match->n_teams != 2)
	{
		predict_gaussian_pairwise(state, match, state->opt.ts.beta, team_prob);
		return;
	}
	gather_gaussian(state, match);
	m.n_teams = 2;
	m.team_start = match->team_start;
	m.mu = state->mu;
	m.sigma = state->sigma;
	m.ranks = NULL;
	m.weights = NULL;
	report_match_status(state, match,
						sk_ts_win_probability(state->opt.ts.beta, &m, &team_prob[0]));
	team_prob[1] = 1.0 - team_prob[0];
}

const ReplayFamily replay_trueskill = {
	.name = "trueskill_replay", .n_fields = 2, .uses_period = false,
	.init_options = ts_init, .set_option = ts_set_option,
	.check_options = ts_check_options,
	.option_names = "mu, sigma, beta, tau, draw_probability, min_delta",
	.rate_match = ts_rate_match, .predict_win = ts_predict_win,
};

/* ---- Elo ---------------------------------------------------------------- */

static void
elo_init(ReplayState *state)
{
	state->opt.prior[0] = 1500;
	state->opt.k = 32;
	state->opt.scale = 400;
}

static bool
elo_set_option(ReplayState *state, const char *key, JsonbValue *value)
{
	if (strcmp(key, "rating") == 0)
		state->opt.prior[0] = option_number(state, key, value);
	else if (strcmp(key, "k") == 0)
		state->opt.k = option_number(state, key, value);
	else if (strcmp(key, "scale") == 0)
		state->opt.scale = option_number(state, key, value);
	else
		return false;
	return true;
}

static void
elo_check_options(ReplayState *state)
{
	check_option_finite(state, "rating", state->opt.prior[0]);
	check_option_nonnegative(state, "k", state->opt.k);
	check_option_positive(state, "scale", state->opt.scale);
}

/* Score of team a against team b by rank: lower wins, equal draws. */
static inline double
rank_score(double rank_a, double rank_b)
{
	return rank_a < rank_b ? 1.0 : rank_a == rank_b ? 0.5 : 0.0;
}

/*
 * Every player meets every player of the other teams; the summed surplus
 * is scaled by k / (number of opponents), as skill.elo_rate does.
 */
static void
elo_rate_match(ReplayState *state, ReplayMatch *match)
{
	int			t,
				u,
				i,
				j;

	for (t = 0; t < match->n_teams; t++)
		for (i = match->team_start[t]; i < match->team_start[t + 1]; i++)
		{
			double		r = match->player[i]->r[0];
			double		surplus = 0.0;
			int			opponents = 0;

			for (u = 0; u < match->n_teams; u++)
			{
				double		score;

				if (u == t)
					continue;
				score = rank_score(match->team_rank[t], match->team_rank[u]);
				for (j = match->team_start[u]; j < match->team_start[u + 1]; j++)
				{
					surplus += score - sk_elo_expected(r, match->player[j]->r[0],
													   state->opt.scale);
					opponents++;
				}
			}
			state->mu[i] = r + state->opt.k * surplus / opponents;
		}
	for (i = 0; i < match->n_players; i++)
		match->player[i]->r[0] = state->mu[i];
}

/* A team's chance: its players' mean expected score against the others. */
static void
elo_predict_win(ReplayState *state, ReplayMatch *match, double *team_prob)
{
	double		total = 0.0;
	int			t,
				u,
				i,
				j;

	for (t = 0; t < match->n_teams; t++)
	{
		double		sum = 0.0;
		int			pairs = 0;

		for (i = match->team_start[t]; i < match->team_start[t + 1]; i++)
			for (u = 0; u < match->n_teams; u++)
				for (j = match->team_start[u]; u != t && j < match->team_start[u + 1]; j++)
				{
					sum += sk_elo_expected(match->player[i]->r[0],
										   match->player[j]->r[0],
										   state->opt.scale);
					pairs++;
				}
		team_prob[t] = sum / pairs;
		total += team_prob[t];
	}
	for (t = 0; t < match->n_teams; t++)
		team_prob[t] /= total;
}

const ReplayFamily replay_elo = {
	.name = "elo_replay", .n_fields = 1, .uses_period = false,
	.init_options = elo_init, .set_option = elo_set_option,
	.check_options = elo_check_options, .option_names = "rating, k, scale",
	.rate_match = elo_rate_match, .predict_win = elo_predict_win,
};

/* ---- Glicko-2 ----------------------------------------------------------- */

/*
 * The games of the current rating period, one per (player, opponent).  The
 * opponent's rating is taken when the game is recorded: ratings change only
 * when a period closes (and sat-out periods were applied when the opponent
 * was looked up for this match), so it is the rating at the period's start.
 */
typedef struct Glicko2Game
{
	int64		player;			/* an id: hash entries may move before the period ends */
	double		opp_rating;
	double		opp_rd;
	double		score;
} Glicko2Game;

/* Groups a period's games by player, each player's in arrival order. */
#define RS_SORT sort_glicko2_games
#define RS_ELEMENT Glicko2Game
#define RS_KEY(game) ((game)->player)
#include "engine/radix_sort.h"

typedef struct Glicko2Period
{
	Glicko2Game *games;
	Glicko2Game *sort_scratch;	/* as long as games */
	int64		n_games;
	int64		max_games;
	double	   *opp_rating;
	double	   *opp_rd;
	double	   *scores;
	int64		max_run;
} Glicko2Period;

static void
g2_init(ReplayState *state)
{
	state->opt.prior[0] = 1500;
	state->opt.prior[1] = 350;
	state->opt.prior[2] = 0.06;
	state->opt.tau = 0.5;
	state->opt.epsilon = 1e-6;
	state->family_data = MemoryContextAllocZero(state->mcxt, sizeof(Glicko2Period));
}

static bool
g2_set_option(ReplayState *state, const char *key, JsonbValue *value)
{
	if (strcmp(key, "rating") == 0)
		state->opt.prior[0] = option_number(state, key, value);
	else if (strcmp(key, "rd") == 0)
		state->opt.prior[1] = option_number(state, key, value);
	else if (strcmp(key, "vol") == 0)
		state->opt.prior[2] = option_number(state, key, value);
	else if (strcmp(key, "tau") == 0)
		state->opt.tau = option_number(state, key, value);
	else if (strcmp(key, "epsilon") == 0)
		state->opt.epsilon = option_number(state, key, value);
	else
		return false;
	return true;
}

static void
g2_check_options(ReplayState *state)
{
	check_option_finite(state, "rating", state->opt.prior[0]);
	check_option_positive(state, "rd", state->opt.prior[1]);
	check_option_positive(state, "vol", state->opt.prior[2]);
	check_option_positive(state, "tau", state->opt.tau);
	check_option_positive(state, "epsilon", state->opt.epsilon);
}

/* Games are recorded now and rated together when the period closes. */
static void
g2_rate_match(ReplayState *state, ReplayMatch *match)
{
	Glicko2Period *period = state->family_data;
	int			t,
				u,
				i,
				j;

	for (t = 0; t < match->n_teams; t++)
		for (i = match->team_start[t]; i < match->team_start[t + 1]; i++)
			for (u = 0; u < match->n_teams; u++)
				for (j = match->team_start[u]; u != t && j < match->team_start[u + 1]; j++)
				{
					Glicko2Game *game;

					if (period->n_games == period->max_games)
					{
						period->max_games = Max(64, period->max_games * 2);
						if (period->games)
						{
							pfree(period->sort_scratch);
							period->games = repalloc_huge(period->games,
														  sizeof(Glicko2Game) * period->max_games);
						}
						else
							period->games = bulk_alloc(state->mcxt,
													   sizeof(Glicko2Game) * period->max_games, 0);
						period->sort_scratch = bulk_alloc(state->mcxt,
														  sizeof(Glicko2Game) * period->max_games, 0);
					}
					game = &period->games[period->n_games++];
					game->player = match->player[i]->id;
					game->opp_rating = match->player[j]->r[0];
					game->opp_rd = match->player[j]->r[1];
					game->score = rank_score(match->team_rank[t], match->team_rank[u]);
				}
}

static void
g2_grow_scratch(ReplayState *state, Glicko2Period *period, int64 n)
{
	if (n <= period->max_run)
		return;
	period->max_run = Max(n, period->max_run * 2);
	if (period->opp_rating)
	{
		pfree(period->opp_rating);
		pfree(period->opp_rd);
		pfree(period->scores);
	}
	period->opp_rating = MemoryContextAllocHuge(state->mcxt, sizeof(double) * period->max_run);
	period->opp_rd = MemoryContextAllocHuge(state->mcxt, sizeof(double) * period->max_run);
	period->scores = MemoryContextAllocHuge(state->mcxt, sizeof(double) * period->max_run);
}

/*
 * Rates every player of the closing period against the opponents' ratings
 * at the period's start, then writes all results back at once.
 */
static void
g2_end_period(ReplayState *state)
{
	Glicko2Period *period = state->family_data;
	sk_glicko2 *results;
	ReplayPlayer **rated;
	int64		start,
				end,
				k,
				n_rated = 0;

	if (period->n_games == 0)
		return;
	sort_glicko2_games(period->games, period->n_games, period->sort_scratch);
	results = palloc(sizeof(sk_glicko2) * period->n_games);
	rated = palloc(sizeof(ReplayPlayer *) * period->n_games);

	/* Nothing is inserted until the period is written back: pointers hold. */
	for (start = 0; start < period->n_games; start = end)
	{
		ReplayPlayer *p = replay_lookup(state, period->games[start].player);
		sk_glicko2	in;
		sk_status	status;

		for (end = start; end < period->n_games &&
			 period->games[end].player == period->games[start].player; end++)
			;
		g2_grow_scratch(state, period, end - start);
		for (k = start; k < end; k++)
		{
			period->opp_rating[k - start] = period->games[k].opp_rating;
			period->opp_rd[k - start] = period->games[k].opp_rd;
			period->scores[k - start] = period->games[k].score;
		}
		in.rating = p->r[0];
		in.rd = p->r[1];
		in.vol = p->r[2];
		status = sk_glicko2_rate(&in, (int) (end - start), period->opp_rating,
								 period->opp_rd, period->scores, state->opt.tau,
								 state->opt.epsilon, &results[n_rated]);
		if (status != SK_OK)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("glicko2_replay could not rate player " INT64_FORMAT ": %s",
							p->id, sk_status_message(status))));
		rated[n_rated++] = p;
	}

	for (k = 0; k < n_rated; k++)
	{
		rated[k]->r[0] = results[k].rating;
		rated[k]->r[1] = results[k].rd;
		rated[k]->r[2] = results[k].vol;
		/* Rated through this period (the engine counts it closed next). */
		rated[k]->last_period = state->periods_ended + 1;
	}
	pfree(results);
	pfree(rated);
	period->n_games = 0;
}

/* Periods sat out: each grows phi to sqrt(phi^2 + vol^2), so k of them add k vol^2. */
static void
g2_finish_player(ReplayState *state, ReplayPlayer *player)
{
	int64		missed = state->periods_ended - player->last_period;

	if (missed > 0)
	{
		double		phi = player->r[1] / SK_GLICKO2_SCALE;

		player->r[1] = sqrt(phi * phi + (double) missed * player->r[2] * player->r[2]) *
			SK_GLICKO2_SCALE;
		player->last_period = state->periods_ended;
	}
}

static void
g2_predict_win(ReplayState *state, ReplayMatch *match, double *team_prob)
{
	elog(ERROR, "glicko2_replay has no history form");
}

const ReplayFamily replay_glicko2 = {
	.name = "glicko2_replay", .n_fields = 3, .uses_period = true,
	.init_options = g2_init, .set_option = g2_set_option,
	.check_options = g2_check_options, .option_names = "rating, rd, vol, tau, epsilon",
	.rate_match = g2_rate_match, .predict_win = g2_predict_win,
	.end_period = g2_end_period, .finish_player = g2_finish_player,
};
