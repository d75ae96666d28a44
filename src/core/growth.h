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

#endif
