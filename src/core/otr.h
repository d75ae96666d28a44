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

#endif
