/*
 * growth.h - a rating's uncertainty over a player's life: growth while the
 * player is idle, and the soft reset of a new season.  One formula for
 * every family: "spread" is sigma (OpenSkill, TrueSkill) or RD (Glicko).
 */
#ifndef SKILL_CORE_GROWTH_H
#define SKILL_CORE_GROWTH_H

/*
 * The spread after days idle: max(spread, min(cap, sqrt(spread^2 + days *
 * per_day^2))) — it grows like a random walk's, never past cap, and is
 * never lowered (a spread already above cap stays).
 */
double		sk_spread_after_idle(double spread, double days, double per_day, double cap);

/* A season's soft reset of a mean: mean0 + keep * (mean - mean0). */
double		sk_season_mean(double mean, double mean0, double keep);

/* And of a spread: sqrt(keep^2 spread^2 + (1 - keep^2) spread0^2). */
double		sk_season_spread(double spread, double spread0, double keep);

/*
 * An Elo rating after days idle: per_week points for each full week past
 * the grace period, never below floor, and a rating already at or below
 * floor is left alone (decay never raises a rating).
 */
double		sk_elo_after_idle(double rating, double idle_days, double grace_days,
							  double per_week, double floor);

/*
 * The division of value: with ascending thresholds[0 .. n-1], the raw
 * division is the number of thresholds <= value (0 .. n).  With a current
 * division c (0 .. n; -1 for none) the result stays c while
 * lower(c) - margin <= value < upper(c) + margin, where lower(0) = -inf,
 * upper(n) = +inf, lower(c) = thresholds[c - 1], upper(c) = thresholds[c]
 * (hysteresis: a player near a boundary does not flicker between two).
 */
int			sk_division(double value, int n, const double *thresholds, int current,
						double margin);

#endif
