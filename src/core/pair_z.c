/*
 * pair_z.c - each family's two-team prediction argument z (pair_z.h).
 */
#include <math.h>

#include "pair_z.h"

#include "glicko.h"
#include "normal.h"
#include "team_glicko.h"

double
sk_elo_z(double rating_a, double rating_b, double scale)
{
	return SK_LN10 * (rating_a - rating_b) / scale;
}

double
sk_glicko_z(double rating_a, double rd_a, double rating_b, double rd_b)
{
	double		rd = sqrt(rd_a * rd_a + rd_b * rd_b);

	if (isfinite(rd))
		return SK_LN10 * sk_glicko_g(rd) * (rating_a - rating_b) / 400.0;

	/*
	 * The squares overflow (RDs past 1e154), where ln(10) g(rd) / 400 =
	 * pi / (sqrt(3) rd) to double precision; rd and the gap both halved.
	 */
	return SK_PI / sqrt(3.0) * ((rating_a / 2.0 - rating_b / 2.0) / hypot(rd_a / 2.0, rd_b / 2.0));
}

sk_status
sk_tg_z(int n_teams, const int *team_start, const double *rating, const double *rd,
		double *z)
{
	double		e_a,
				e_b;
	sk_status	st = sk_tg_expected(n_teams, team_start, rating, rd, &e_a, &e_b);

	if (st != SK_OK)
		return st;
	*z = log(e_a) - log(e_b);
	return SK_OK;
}

sk_status
sk_ts_z(const sk_ts_params *p, const sk_ts_match *m, double *z, double *native_delta)
{
	double		diff,
				unused,
				c;
	int			n_players;
	sk_status	st = native_delta ? sk_ts_draw_probability(p, m, &unused)
		: sk_ts_win_probability(p->beta, m, &unused);

	if (st == SK_OK)
		st = sk_ts_two_team_difference(p->beta, m, &diff, &c, &n_players);
	if (st != SK_OK)
		return st;
	*z = diff / c;
	if (native_delta)
		*native_delta = sk_norm_ppf((p->draw_probability + 1.0) / 2.0) *
			sqrt((double) n_players) * p->beta / c;
	return isnan(*z) ? SK_ERR_OVERFLOW : SK_OK;
}
