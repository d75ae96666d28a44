/*
 * team_glicko.h - team Glicko-1, the project's reading of the design note
 * shared/seeds/team-glicko1.txt ("reading C" of shared/vectors/README.md).
 *
 * A team of n players is summarised by
 *		RD_team = sqrt(mean RD_i^2)
 *		R_team	= mean R_i + b(RD_team),	b(RD) = 0.5 (350 - RD)
 * (b is negative above RD 350: no floor, as written in the note).  A match
 * is two teams.  Team A's expected score comes from the two team ratings,
 *		E_A = 1/(1 + 10^(-g(RD_B)(R_A - R_B)/400)),	1/d^2 = q^2 g(RD_B)^2 E_A (1-E_A)
 * and each player i of A moves with the player's own RD_i:
 *		R_i'  = R_i + scale max(1/scale, RD_i/rd_max) q/(1/RD_i^2 + 1/d^2) g(RD_B) (S_A - E_A)
 *		RD_i' = sqrt(1/(1/RD_i^2 + 1/d^2))
 * (and the same for B with S_B = 1 - S_A).  q = ln(10)/400.  Two identical
 * teams get E = 0.5 each.  The note defines S only as 1 or 0; any S in
 * [0,1] is accepted (0.5 is a draw, an extrapolation).
 *
 * Players are flat arrays; team t holds players team_start[t] ..
 * team_start[t+1]-1 (team_start[0] = 0).  Ratings and RDs are Glicko-1
 * numbers; the SQL type skill.glicko also has a vol field, which Glicko-1
 * has no use for: the core never sees it and callers carry it through
 * unchanged.
 *
 * Every function validates its input and writes its outputs only on SK_OK.
 */
#ifndef SKILL_CORE_TEAM_GLICKO_H
#define SKILL_CORE_TEAM_GLICKO_H

#include "status.h"

#define SK_TG_DEFAULT_SCALE		2.0
#define SK_TG_DEFAULT_RD_MAX	350.0
#define SK_TG_DEFAULT_RATING	1500.0	/* R0 of the note, for callers */
#define SK_TG_DEFAULT_RD		130.0	/* RD0 of the note, for callers */

typedef struct sk_tg_params
{
	double		scale;			/* > 0; 1 gives the plain Glicko-1 step */
	double		rd_max;			/* > 0; RD at which rdFactor reaches 1 */
} sk_tg_params;

/* Fill *p with the note's defaults (scale 2, rd_max 350). */
void		sk_tg_default_params(sk_tg_params *p);

/* The certainty boost b(RD) = 0.5 (350 - RD); no input checks. */
double		sk_tg_boost(double rd);

/*
 * One team's aggregates: *team_rating_out = mean R_i + b(RD_team) (the
 * boost included) and *team_rd_out = sqrt(mean RD_i^2).  n >= 1, RD_i > 0.
 */
sk_status	sk_tg_team_rating(int n, const double *rating, const double *rd,
							  double *team_rating_out, double *team_rd_out);

/*
 * Rate one match of n_teams = 2 teams; score_a is team A's (team 0's)
 * score in [0,1], team B scores 1 - score_a.  rating_out/rd_out get every
 * player's new values in input order; they may be the input arrays.
 * Errors: SK_ERR_SIZE (n_teams != 2, an empty team, bad team_start),
 * SK_ERR_NOT_FINITE, SK_ERR_RANGE (RD <= 0, scale or rd_max <= 0, score
 * outside [0,1], or values so extreme that a result would overflow or an
 * RD would reach 0).
 */
sk_status	sk_tg_rate(const sk_tg_params *p, int n_teams, const int *team_start,
					   const double *rating, const double *rd, double score_a,
					   double *rating_out, double *rd_out);

/*
 * Expected scores E_A and E_B of a match of two teams, as used by
 * sk_tg_rate.  Each side's g uses the other team's RD_team, so
 * E_A + E_B = 1 only when the two RD_teams are equal.  Either output may
 * be NULL.
 */
sk_status	sk_tg_expected(int n_teams, const int *team_start,
						   const double *rating, const double *rd,
						   double *expected_a_out, double *expected_b_out);

/*
 * Match quality Q = 1/(1 + (d_eff/400)^2 + (RD_combined/400)^2) with
 * d_eff = R_team_A - R_team_B (signed; the boost counted once, R_eff =
 * R_team) and RD_combined = sqrt(RD_team_A^2 + RD_team_B^2).  Q is in
 * (0, 1].  d_eff_out and rd_combined_out may be NULL.
 */
sk_status	sk_tg_quality(int n_teams, const int *team_start,
						  const double *rating, const double *rd,
						  double *quality_out, double *d_eff_out,
						  double *rd_combined_out);

#endif
