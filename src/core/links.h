/*
 * links.h - win probabilities from the rating difference through a chosen
 * link function, for comparing a family's own prediction with the plain
 * logistic or normal curve on the same ratings (the analyst's "link").
 *
 * Each team t has a mean (sum of its players' mu) and a variance (its
 * players' sigma^2 plus the family's performance variance: beta^2 per team
 * for OpenSkill, beta^2 per player for TrueSkill).  Team a beats team b
 * with P(a, b) = link((mean_a - mean_b) / c), c = sqrt(var_a + var_b):
 *	SK_LINK_LOGISTIC: 1 / (1 + exp(-x));  SK_LINK_NORMAL: Phi(x).
 * For more than two teams each team's chance is its mean P against the
 * others, normalised to sum to 1 (the pairwise form of the histories).
 */
#ifndef SKILL_CORE_LINKS_H
#define SKILL_CORE_LINKS_H

#include "status.h"

typedef enum sk_link
{
	SK_LINK_FAMILY = 0,			/* the family's own prediction (not computed here) */
	SK_LINK_LOGISTIC,
	SK_LINK_NORMAL
} sk_link;

/* link(d / c) for d = mean difference, c > 0. */
double		sk_link_probability(sk_link link, double d, double c);

/*
 * Every team's chance of winning into prob (n_teams >= 2).  SK_ERR_RANGE
 * for SK_LINK_FAMILY or a variance <= 0, SK_ERR_NOT_FINITE for
 * non-finite input.
 */
sk_status	sk_link_team_probs(sk_link link, int n_teams, const double *mean,
							   const double *var, double *prob);

/*
 * The same from players: team t holds players team_start[t] ..
 * team_start[t + 1] - 1; its mean is their mu sum, its variance their
 * sigma^2 sum plus beta^2 per team (per_player 0, OpenSkill) or per player
 * (per_player 1, TrueSkill).  work holds 2 * n_teams doubles.
 */
sk_status	sk_link_match_probs(sk_link link, int n_teams, const int *team_start,
								const double *mu, const double *sigma, double beta,
								int per_player, double *prob, double *work);

/*
 * The chance of a draw through the link: for each pair of teams a and b,
 * link((margin - d) / c) - link((-margin - d) / c), d = mean_a - mean_b,
 * c as above (the chance that their performances differ by less than
 * margin), averaged over the pairs; OpenSkill's predict_draw with the
 * link's curve.  Teams and work as for sk_link_match_probs; margin >= 0.
 */
sk_status	sk_link_match_draw(sk_link link, int n_teams, const int *team_start,
							   const double *mu, const double *sigma, double beta,
							   int per_player, double margin, double *prob, double *work);

#endif
