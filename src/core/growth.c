/*
 * growth.c - idle growth and season resets of a rating (growth.h).
 */
#include <math.h>

#include "growth.h"

/*
 * Spreads combine as sqrt(a^2 + b^2), taken with hypot: squaring a spread
 * of 1e-200 underflows to 0 and one of 1e200 overflows, hypot does neither.
 */
double
sk_spread_after_idle(double spread, double days, double per_day, double cap)
{
	double		grown = hypot(spread, sqrt(days) * per_day);

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
	return hypot(keep * spread, sqrt(1 - keep * keep) * spread0);
}

double
sk_elo_after_idle(double rating, double idle_days, double grace_days, double per_week,
				  double floor_value)
{
	double		weeks = floor((idle_days - grace_days) / 7.0);

	if (weeks <= 0.0 || rating <= floor_value)
		return rating;
	return fmax(floor_value, rating - per_week * weeks);
}

int
sk_division(double value, int n, const double *thresholds, int current, double margin)
{
	int			raw = 0;

	while (raw < n && thresholds[raw] <= value)
		raw++;
	if (current >= 0 && current <= n)
	{
		double		lower = current == 0 ? -INFINITY : thresholds[current - 1];
		double		upper = current == n ? INFINITY : thresholds[current];

		if (lower - margin <= value && value < upper + margin)
			return current;
	}
	return raw;
}
