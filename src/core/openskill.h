/*
 * openskill.h - OpenSkill (Weng-Lin 2011) team ratings, matching
 * openskill.py 6.2.0: Plackett-Luce, Bradley-Terry and Thurstone-Mosteller
 * with full or partial pairing.
 *
 * Layout (shared with the TrueSkill core): players are flat arrays mu[],
 * sigma[] of n_players = team_start[n_teams] entries; team t holds players
 * team_start[t] .. team_start[t+1]-1, team_start[0] is 0 and no team is
 * empty.  Outputs are flat arrays in the same (input) order.
 *
 * No function allocates: rate and predict_* take a scratch buffer of at
 * least sk_os_workspace_size(n_teams, n_players) bytes, aligned for double
 * (malloc/palloc memory is).  One buffer sized for the largest match can be
 * reused for every call.
 *
 * Behaviour of openskill.py 6.2.0 that callers must know (all reproduced):
 *	- Every sigma first becomes sqrt(sigma^2 + tau^2); limit_sigma then caps
 *	  each new sigma at the sigma the player came in with (before tau).
 *	- Outcome: ranks (lower is better, equal = tie) or scores (higher is
 *	  better, equal = tie) per team, or neither (list order, first team
 *	  best).  Teams are stably sorted by rank.  Plackett-Luce then compares
 *	  ranks truncated toward zero (Python int()), so ranks 1.2 and 1.7 tie;
 *	  the other four models compare ranks exactly.
 *	- Tied teams are NOT pooled: the library's averaging block is a no-op.
 *	- Weights (per player, optional) are rescaled per team to
 *	  [weight_lo, weight_hi] (min -> lo, max -> hi; a one-player team gets hi;
 *	  all-equal weights get lo) unless use_weight_bounds is 0.  A weight
 *	  multiplies a player's update when omega >= 0 and divides it when
 *	  omega < 0 (ThurstoneMostellerPart: omega > 0 / omega <= 0).
 *	- balance: within each team, player i's mu and sigma are scaled by
 *	  1 + (max_ord - ord_i) / (max_ord + kappa), ord = mu - 3 sigma, before
 *	  summing into the team rating (also in predict_*).
 *	- margin only acts with scores and margin > 0.  Plackett-Luce shifts
 *	  each team's mu by the mean over teams j with a different score of
 *	  -(mu_i - mu_j) * (f - 1), f = log1p(|s_i - s_j| / margin) when
 *	  |s_i - s_j| > margin, else 1.  BT/TM divide each pairwise mu
 *	  difference by that f when it applies.
 *	- Part models compare each team with every team within window_size
 *	  positions in rank order and average omega and delta.
 *
 * Its parameter struct and defaults function are shaped like the other
 * families' headers, alike on purpose (one per family, the same layout).
 */
#ifndef SKILL_CORE_OPENSKILL_H
#define SKILL_CORE_OPENSKILL_H

#include <stddef.h>

#include "status.h"

/* openskill.py's default prior; the functions here never use them. */
#define SK_OS_DEFAULT_MU		25.0
#define SK_OS_DEFAULT_SIGMA		(25.0 / 3.0)

typedef enum sk_os_model
{
	SK_OS_PLACKETT_LUCE,
	SK_OS_BT_FULL,
	SK_OS_BT_PART,
	SK_OS_TM_FULL,
	SK_OS_TM_PART
} sk_os_model;

typedef struct sk_os_params
{
	sk_os_model model;
	double		beta;			/* > 0, default 25/6 */
	double		kappa;			/* > 0, default 1e-4: floor of the sigma factor */
	double		tau;			/* >= 0, default 25/300 */
	double		margin;			/* >= 0, default 0 (off) */
	double		epsilon;		/* >= 0, default 0.1; Thurstone-Mosteller only */
	int			window_size;	/* >= 1, default 4; Part models only */
	int			limit_sigma;	/* boolean, default 0 */
	int			balance;		/* boolean, default 0 */
	int			use_weight_bounds;	/* boolean, default 1 */
	double		weight_lo;		/* > 0, default 1 */
	double		weight_hi;		/* > 0, default 2 */
	double		gamma;			/* < 0 (default): openskill's sqrt(team sigma^2)/c on
								 * delta; otherwise this factor (o!TR uses 1) */
} sk_os_params;

/* Fill *p with openskill.py's defaults for the given model. */
void		sk_os_default_params(sk_os_params *p, sk_os_model model);

typedef struct sk_os_match
{
	int			n_teams;		/* >= 2 */
	const int  *team_start;		/* n_teams + 1 entries */
	const double *mu;			/* n_players, finite */
	const double *sigma;		/* n_players, finite, > 0 */
	const double *ranks;		/* n_teams or NULL; finite */
	const double *scores;		/* n_teams or NULL; finite; not with ranks */
	const double *weights;		/* n_players or NULL; finite, > 0 (>= 0 when
								 * use_weight_bounds) */
} sk_os_match;

/*
 * Bytes of scratch space rate and predict_* need for a match of this size;
 * 0 if the sizes are invalid (n_teams < 2, n_players < n_teams).
 */
size_t		sk_os_workspace_size(int n_teams, int n_players);

/*
 * Rate one match.  mu_out/sigma_out (n_players each) may be the same arrays
 * as m->mu/m->sigma; they are written only on SK_OK.
 * Returns SK_ERR_SIZE (bad layout, NULL pointer), SK_ERR_NOT_FINITE,
 * SK_ERR_RANGE (parameter out of range, both ranks and scores) or
 * SK_ERR_OVERFLOW (finite ratings so extreme that the arithmetic leaves
 * the doubles: a team's summed sigma^2 underflows to zero, a result
 * overflows, or with balance max ordinal + kappa = 0).
 */
sk_status	sk_os_rate(const sk_os_params *p, const sk_os_match *m,
					   double *mu_out, double *sigma_out, void *work);

/*
 * Predictions (the same for all five models; tau is not applied).  They use
 * p->beta, and p->balance/p->kappa for the team ratings; other fields are
 * ignored.
 *
 * Team ratings are summed as in rate; a pair's win chance is
 * Phi((mu_a - mu_b) / sqrt(2 beta^2 + sigma_a^2 + sigma_b^2)).
 *
 * predict_win: prob_out[t] (n_teams, summing to 1) is team t's chance of
 * winning: for two teams Phi and 1 - Phi, for more each team's mean
 * pairwise chance, normalised.  predict_draw: *prob_out is the mean over
 * pairs of the chance of a draw, with draw margin
 * sqrt(N) beta Phi^-1((1 + 1/N) / 2), N = total players.
 * predict_rank: for each team in input order, rank_out[t] is its predicted
 * place (1 = best; competition ranking 1,1,3 for exactly equal
 * probabilities) and prob_out[t] its normalised win probability.
 */
sk_status	sk_os_predict_win(const sk_os_params *p, int n_teams,
							  const int *team_start, const double *mu,
							  const double *sigma, double *prob_out,
							  void *work);
sk_status	sk_os_predict_draw(const sk_os_params *p, int n_teams,
							   const int *team_start, const double *mu,
							   const double *sigma, double *prob_out,
							   void *work);
/*
 * The same with the draw margin given: sqrt(n) beta Phi^-1((1 + 1/n) / 2)
 * for n players (sk_os_draw_margin), which a caller rating many matches of
 * one size computes once.
 */
double		sk_os_draw_margin(double beta, int players);
sk_status	sk_os_predict_draw_margin(const sk_os_params *p, int n_teams,
									  const int *team_start, const double *mu,
									  const double *sigma, double margin,
									  double *prob_out, void *work);
sk_status	sk_os_predict_rank(const sk_os_params *p, int n_teams,
							   const int *team_start, const double *mu,
							   const double *sigma, int *rank_out,
							   double *prob_out, void *work);

/*
 * alpha * ((mu - z*sigma) + target/alpha); openskill.py's defaults are
 * z = 3, alpha = 1, target = 0.  alpha must be non-zero (NaN otherwise).
 */
double		sk_os_ordinal(double mu, double sigma, double z, double alpha,
						  double target);

#endif
