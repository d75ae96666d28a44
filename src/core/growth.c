/*
 * growth.c - idle growth and season resets of a rating (growth.h).
 */
#include <math.h>

#include "growth.h"

double
sk_spread_after_idle(double spread, double days, double per_day, double cap)
{
	double		grown = sqrt(spread * spread + days * per_day * per_day);

	return fmax(spread, fmin(cap, grown));
}

double
sk_season_mean(double mean, double mean0, double keep)
{
	return mean0 + keep * (mean - mean0);
}

double
sk_season_spread(double spread, double spread0, double keep)
{
	return sqrt(keep * keep * spread * spread + (1 - keep * keep) * spread0 * spread0);
}
