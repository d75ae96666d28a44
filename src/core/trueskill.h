/*
 * trueskill.h - TrueSkill (Herbrich, Minka & Graepel 2006) team ratings,
 * matching the Python trueskill package 0.4.5 with its scipy backend.
 *
 * Layout (shared with the OpenSkill core): players are flat arrays mu[],
 * sigma[] of n_players = team_start[n_teams] entries; team t holds players
 * team_start[t] .. team_start[t+1]-1, team_start[0] is 0 and no team is
 * empty.  Outputs are flat arrays in the same (input) order.
 *
 * No function allocates: rate and quality take a scratch buffer of at least
 * sk_ts_workspace_size(n_teams, n_players) bytes, aligned for double
 * (malloc/palloc memory is).  One buffer sized for the largest match can be
 * reused for every call.
 *
 * Behaviour of trueskill 0.4.5 that callers must know (all reproduced):
 *	- Each sigma first becomes sqrt(sigma^2 + tau^2).
 *	- Teams are stably sorted by rank (lower is better); equal ranks of
 *	  teams adjacent in that order are a draw.  NULL ranks = list order.
 *	- Partial-play weights below min_delta are raised to min_delta.
 *	- The draw margin of each adjacent pair is
 *	  Phi^-1((draw_probability + 1)/2) * sqrt(n1 + n2) * beta, counting the
 *	  players (not the weights) of both teams.
 *	- With more than two teams the graph is iterated up to 10 rounds (left
 *	  to right, then right to left over the team differences), stopping when
 *	  the largest truncation update is <= min_delta.  Hitting the 10-round
 *	  limit is not an error (the package does not treat it as one either).
 *
 * Where the package raises FloatingPointError (very surprising results far
 * in the normal tails) this code uses tail-stable forms of v and w and
 * returns finite ratings instead.
 *
 * Its parameter struct and defaults function are shaped like the other
 * families' headers, alike on purpose (one per family, the same layout).
 */
#ifndef SKILL_CORE_TRUESKILL_H
#define SKILL_CORE_TRUESKILL_H

#include <stddef.h>

#include "status.h"

typedef struct sk_ts_params
{
	double		mu;				/* default 25: prior mean (expose only) */
	double		sigma;			/* default 25/3: prior sigma (expose only) */
	double		beta;			/* > 0, default 25/6: performance spread */
	double		tau;			/* >= 0, default 25/300: dynamics */
	double		draw_probability;	/* [0, 1), default 0.10 */
	double		min_delta;		/* > 0, default 1e-4: stop rule, weight floor */
} sk_ts_params;

/* Fill *p with trueskill 0.4.5's defaults. */
void		sk_ts_default_params(sk_ts_params *p);

typedef struct sk_ts_match
{
	int			n_teams;		/* >= 2 */
	const int  *team_start;		/* n_teams + 1 entries */
	const double *mu;			/* n_players, finite */
	const double *sigma;		/* n_players, finite, > 0 */
	const double *ranks;		/* n_teams or NULL; finite */
	const double *weights;		/* n_players or NULL; finite, in [0, 1] */
} sk_ts_match;

/*
 * Bytes of scratch space rate and quality need for a match of this size;
 * 0 if the sizes are invalid (n_teams < 2, n_players < n_teams).
 */
size_t		sk_ts_workspace_size(int n_teams, int n_players);

/*
 * Rate one match.  mu_out/sigma_out (n_players each) may be the same arrays
 * as m->mu/m->sigma; they are written only on SK_OK.  Uses p->beta, tau,
 * draw_probability and min_delta (p->mu and p->sigma are ignored).
 * Returns SK_ERR_SIZE (bad layout, NULL pointer), SK_ERR_NOT_FINITE,
 * SK_ERR_RANGE (parameter out of range; a draw with draw_probability 0,
 * which the model gives probability zero) or SK_ERR_OVERFLOW (ratings so
 * extreme that the arithmetic overflows, e.g. sigma ~ 1e-160).
 */
sk_status	sk_ts_rate(const sk_ts_params *p, const sk_ts_match *m,
					   double *mu_out, double *sigma_out, void *work);

/*
 * Match quality (the package's quality(): the draw probability relative to
 * that of a perfectly even match), for any number of teams, in list order
 * (m->ranks is ignored).  Weights are used as given (no min_delta floor).
 * Uses p->beta only.  SK_ERR_RANGE if the weights make the comparison
 * singular (two or more teams whose weights are all zero).
 */
sk_status	sk_ts_quality(const sk_ts_params *p, const sk_ts_match *m,
						  double *quality_out, void *work);

/*
 * Chance that team 0 beats team 1 (exactly two teams):
 * Phi((sum mu_0 - sum mu_1) / sqrt(n*beta^2 + sum sigma^2)), n = all
 * players.  A community formula (sublee/trueskill issue #1, ts-trueskill's
 * winProbability), not part of the package.  m->ranks and m->weights are
 * ignored.
 */
/*
 * A two-team match's team 0 mu sum minus team 1's (*diff), the spread c of
 * that difference, sqrt(sum sigma^2 + n beta^2), and the player count n.
 */
sk_status	sk_ts_two_team_difference(double beta, const sk_ts_match *m, double *diff,
									  double *c, int *players);

sk_status	sk_ts_win_probability(double beta, const sk_ts_match *m,
								  double *prob_out);

/*
 * Chance of a draw between exactly two teams: the performance difference
 * falls inside the draw margin eps = Phi^-1((draw_probability + 1) / 2)
 * sqrt(n) beta (trueskill's calc_draw_margin, n = all players):
 * Phi((eps - d) / c) - Phi((-eps - d) / c), d and c as in
 * sk_ts_win_probability.  Herbrich et al. 2007, the draw model.
 */
sk_status	sk_ts_draw_probability(const sk_ts_params *p, const sk_ts_match *m,
								   double *prob_out);

/*
 * Conservative leaderboard value mu - (mu0/sigma0)*sigma, where mu0/sigma0
 * are the environment's prior (sk_ts_params.mu/.sigma).  No checks: sigma0
 * must be non-zero.
 */
double		sk_ts_expose(double mu, double sigma, double mu0, double sigma0);

/*
 * The truncated-Gaussian correction functions for a difference t = mu/sigma
 * and normalised draw margin e = margin/sigma >= 0 (the package's v_win,
 * w_win, v_draw, w_draw).  Finite for every finite input; w is kept in
 * [0, 1), and is 0 only where it underflows (a win with t - e beyond about
 * 38, a draw with |t| more than about 38 inside the margin).  Exposed for
 * tests.
 */
void		sk_ts_vw_win(double t, double e, double *v, double *w);
void		sk_ts_vw_draw(double t, double e, double *v, double *w);

#endif
