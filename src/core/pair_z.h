/*
 * pair_z.h - the prediction argument z of a two-team match in each family:
 * the number whose link (logistic or normal cdf) is the family's two-team
 * chance, to which a draw model (draws.h) applies.
 *
 *	Elo (logistic):    z = ln(10) (r_a - r_b) / scale
 *	Glicko-1/2:        z = ln(10) g(sqrt(RD_a^2 + RD_b^2)) (r_a - r_b) / 400
 *	team Glicko-1:     z = ln(E_A / E_B), the logit of E_A / (E_A + E_B),
 *	                   the update's expected scores normalised; equal to
 *	                   ln(10) g(RD_team) (R_A - R_B) / 400 when the two
 *	                   team RDs are equal
 *	TrueSkill (probit): z = (sum mu_a - sum mu_b) / c, c = sqrt(n beta^2 +
 *	                   sum sigma^2), n = all players; its own draw margin
 *	                   eps = Phi^-1((draw_probability + 1) / 2) sqrt(n) beta
 *	                   (trueskill's calc_draw_margin) is delta = eps / c on
 *	                   that scale, so the threshold model with that delta is
 *	                   TrueSkill's draw model (Herbrich et al. 2007).
 */
#ifndef SKILL_CORE_PAIR_Z_H
#define SKILL_CORE_PAIR_Z_H

#include "status.h"
#include "trueskill.h"

/* No checks: finite ratings, scale > 0. */
double		sk_elo_z(double rating_a, double rating_b, double scale);

/* No checks: finite ratings, RDs > 0 (RDs whose squares overflow are handled). */
double		sk_glicko_z(double rating_a, double rd_a, double rating_b, double rd_b);

/* As sk_tg_expected (team_glicko.h), whose errors it returns. */
sk_status	sk_tg_z(int n_teams, const int *team_start, const double *rating,
					const double *rd, double *z);

/*
 * z, and the native delta from p->draw_probability (in [0, 1)) when
 * native_delta is not NULL; p->beta > 0.  The errors of
 * sk_ts_draw_probability (trueskill.h).
 */
sk_status	sk_ts_z(const sk_ts_params *p, const sk_ts_match *m, double *z,
					double *native_delta);

#endif
