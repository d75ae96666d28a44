/*
 * otr.h - o!TR, the osu! tournament rating: a tournament match of several
 * games rated as in otr-processor (github.com/osu-tournament-rating/
 * otr-processor, OtrModel): per game, Plackett-Luce (the OpenSkill core,
 * every player a team of one, ranked by score with competition ranking)
 * from the match-start ratings; Method A rates each game with its players,
 * Method B with every player of the match, absentees tied last; the two
 * are combined per player, scaled by (n / standard_match_length) ^
 * game_correction_constant, then the rating floor and volatility cap apply
 * once.  tests/vectors/README.md ("o!TR") states every rule.
 */
#ifndef SKILL_CORE_OTR_H
#define SKILL_CORE_OTR_H

#include <stddef.h>
#include <stdint.h>

#include "status.h"

typedef struct sk_otr_params
{
	double		beta;			/* > 0, default 200 */
	double		kappa;			/* > 0, default 0.0001 */
	double		gamma;			/* >= 0, default 1: the factor on delta per game */
	double		tau;			/* >= 0, default 0 */
	double		weight_a;		/* default 0.9 */
	double		weight_b;		/* default 1 - 0.9 */
	double		game_correction_constant;	/* default 0.5 */
	double		standard_match_length;	/* > 0, default 8 */
	double		rating_floor;	/* default 100 */
	double		volatility_cap;	/* > 0, default 400 */
} sk_otr_params;

/* otr-processor's constants (src/model/constants.rs). */
void		sk_otr_default_params(sk_otr_params *p);

size_t		sk_otr_workspace_size(int n_players);

/*
 * Rates one match.  scores is n_games x n_players, row-major, NaN where the
 * player did not play that game.  A game with fewer than two scores does
 * not count (otr-processor drops such games when loading); a player who
 * plays no counted game is returned unchanged.  mu_out/sigma_out may alias
 * mu/sigma.  Errors: SK_ERR_SIZE (counts), SK_ERR_NOT_FINITE (ratings,
 * parameters), SK_ERR_RANGE (sigma <= 0, parameters out of range).
 */
sk_status	sk_otr_rate_match(const sk_otr_params *p, int n_players, int n_games,
							  const double *mu, const double *sigma, const double *scores,
							  double *mu_out, double *sigma_out, void *work);

/*
 * The rating-from-rank start: z = (ln rank - m) / s, 1200 - 250 z when
 * z > 0, else 1200 - 200 z, clamped to [500, 2000].  rank >= 1, s > 0.
 */
double		sk_otr_initial_rating(double rank, double m, double s);

/* Weekly decay (otr-processor's DecayConstants); times in microseconds
 * since 2000-01-01 00:00 UTC (PostgreSQL's TimestampTz). */
typedef struct sk_otr_decay_params
{
	double		decay_days;		/* default 184: idle days before the rating decays */
	double		decay_rate;		/* default 3: rating lost per weekly step */
	double		decay_minimum;	/* default 1000: floor max(this, (this + peak) / 2) */
	double		volatility_growth;	/* default 500: v^2 grows by this per step */
	double		volatility_cap; /* default 400 */
	int64_t		not_before;		/* default 2019-01-01 00:00 UTC: no step earlier */
	int			weekday;		/* default 3 (Wednesday; 0 = Sunday) */
	double		hour;			/* default 12 (UTC) */
} sk_otr_decay_params;

void		sk_otr_default_decay_params(sk_otr_decay_params *p);

/*
 * The state at `at` of a player rated (mu, sigma) right after a match at
 * last_match: one step at each weekly time (weekday, hour UTC) in
 * (last_match, at], none before not_before: sigma becomes
 * max(sigma, min(sqrt(sigma^2 + volatility_growth), volatility_cap)); if
 * that step is at least decay_days whole days after last_match, mu drops
 * by decay_rate, not below max(decay_minimum, (decay_minimum + peak)/2),
 * and never rises.  SK_ERR_RANGE when at < last_match, decay_rate or
 * volatility_growth is negative.
 */
sk_status	sk_otr_decay(const sk_otr_decay_params *p, double mu, double sigma, double peak,
						 int64_t last_match, int64_t at, double *mu_out, double *sigma_out);

#endif
