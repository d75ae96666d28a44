/*
 * team_glicko.c - team Glicko-1: team aggregates, match update, quality.
 *
 * The formulas and the reading chosen are in team_glicko.h.  Results are
 * computed in a first pass and written in a second, so the caller's
 * arrays are untouched on error even when outputs alias inputs.
 */
#include <math.h>

#include "normal.h"
#include "team_glicko.h"

#define TG_Q		(SK_LN10 / 400.0)
#define TG_BOOST_RD 350.0		/* the note's "no boost at RD = 350" */

/* Aggregates of one team, plus the g its RD gives the other side. */
typedef struct tg_team
{
	double		rating;			/* mean R_i + b(RD_team) */
	double		rd;				/* sqrt(mean RD_i^2) */
	double		g;				/* g(RD_team) */
} tg_team;

void
sk_tg_default_params(sk_tg_params *p)
{
	p->scale = SK_TG_DEFAULT_SCALE;
	p->rd_max = SK_TG_DEFAULT_RD_MAX;
}

double
sk_tg_boost(double rd)
{
	return 0.5 * (TG_BOOST_RD - rd);
}

static double
tg_g(double rd)
{
	const double q = TG_Q;

	return 1.0 / sqrt(1.0 + 3.0 * q * q * rd * rd / (SK_PI * SK_PI));
}

/* E of a side rated r against a side rated r_opp whose RD gives g_opp. */
static double
tg_expected(double r, double r_opp, double g_opp)
{
	return 1.0 / (1.0 + pow(10.0, -g_opp * (r - r_opp) / 400.0));
}

/* Input checks shared by every entry point; n players from rating/rd. */
static sk_status
tg_check_players(int n, const double *rating, const double *rd)
{
	int			i;

	for (i = 0; i < n; i++)
		if (!isfinite(rating[i]) || !isfinite(rd[i]))
			return SK_ERR_NOT_FINITE;
	for (i = 0; i < n; i++)
		if (rd[i] <= 0.0)
			return SK_ERR_RANGE;
	return SK_OK;
}

/*
 * Aggregates of players [lo, hi).  Sums of huge ratings or RDs can
 * overflow (or RD^2 underflow to 0); report that as a range error rather
 * than hand NaN to the formulas.
 */
static sk_status
tg_aggregate(int lo, int hi, const double *rating, const double *rd,
			 tg_team *t)
{
	double		sum_r = 0.0;
	double		sum_rd2 = 0.0;
	int			n = hi - lo;
	int			i;

	for (i = lo; i < hi; i++)
	{
		sum_r += rating[i];
		sum_rd2 += rd[i] * rd[i];
	}
	t->rd = sqrt(sum_rd2 / n);
	t->rating = sum_r / n + sk_tg_boost(t->rd);
	t->g = tg_g(t->rd);
	if (!isfinite(t->rating) || !isfinite(t->rd) || t->rd <= 0.0)
		return SK_ERR_RANGE;
	return SK_OK;
}

/* Validate a two-team match layout and its players, then aggregate both. */
static sk_status
tg_two_teams(int n_teams, const int *team_start, const double *rating,
			 const double *rd, tg_team *a, tg_team *b)
{
	sk_status	st;

	if (n_teams != 2 || team_start == 0 || team_start[0] < 0 ||
		team_start[1] <= team_start[0] || team_start[2] <= team_start[1])
		return SK_ERR_SIZE;
	st = tg_check_players(team_start[2] - team_start[0],
						  rating + team_start[0], rd + team_start[0]);
	if (st != SK_OK)
		return st;
	st = tg_aggregate(team_start[0], team_start[1], rating, rd, a);
	if (st != SK_OK)
		return st;
	return tg_aggregate(team_start[1], team_start[2], rating, rd, b);
}

sk_status
sk_tg_team_rating(int n, const double *rating, const double *rd,
				  double *team_rating_out, double *team_rd_out)
{
	tg_team		t;
	sk_status	st;

	if (n < 1)
		return SK_ERR_SIZE;
	st = tg_check_players(n, rating, rd);
	if (st != SK_OK)
		return st;
	st = tg_aggregate(0, n, rating, rd, &t);
	if (st != SK_OK)
		return st;
	*team_rating_out = t.rating;
	*team_rd_out = t.rd;
	return SK_OK;
}

/* 1/d^2 and the factor g(RD_opp) (S - E) of one side of the match. */
typedef struct tg_side
{
	double		d2_inv;
	double		gain;
} tg_side;

static tg_side
tg_side_of(const tg_team *self, const tg_team *opp, double score)
{
	const double q = TG_Q;
	double		e = tg_expected(self->rating, opp->rating, opp->g);
	tg_side		s;

	/* 1/d^2 directly: E may round to 0 or 1, where d^2 itself is infinite. */
	s.d2_inv = q * q * opp->g * opp->g * e * (1.0 - e);
	s.gain = opp->g * (score - e);
	return s;
}

/* One player's step; false if a result is not a usable rating. */
static int
tg_step(const sk_tg_params *p, const tg_side *s, double r, double rd,
		double *r_out, double *rd_out)
{
	const double q = TG_Q;
	double		precision = 1.0 / (rd * rd) + s->d2_inv;
	double		rd_factor = fmax(1.0 / p->scale, rd / p->rd_max);

	*r_out = r + p->scale * rd_factor * q / precision * s->gain;
	*rd_out = sqrt(1.0 / precision);
	return isfinite(*r_out) && isfinite(*rd_out) && *rd_out > 0.0;
}

sk_status
sk_tg_rate(const sk_tg_params *p, int n_teams, const int *team_start,
		   const double *rating, const double *rd, double score_a,
		   double *rating_out, double *rd_out)
{
	tg_team		team[2];
	tg_side		side[2];
	sk_status	st;
	int			pass,
				t,
				i;

	if (!isfinite(p->scale) || !isfinite(p->rd_max) || !isfinite(score_a))
		return SK_ERR_NOT_FINITE;
	if (p->scale <= 0.0 || p->rd_max <= 0.0 || score_a < 0.0 || score_a > 1.0)
		return SK_ERR_RANGE;
	st = tg_two_teams(n_teams, team_start, rating, rd, &team[0], &team[1]);
	if (st != SK_OK)
		return st;

	side[0] = tg_side_of(&team[0], &team[1], score_a);
	side[1] = tg_side_of(&team[1], &team[0], 1.0 - score_a);

	/* Pass 0 only checks, pass 1 writes: outputs may alias the inputs. */
	for (pass = 0; pass < 2; pass++)
		for (t = 0; t < 2; t++)
			for (i = team_start[t]; i < team_start[t + 1]; i++)
			{
				double		r_new,
							rd_new;

				if (!tg_step(p, &side[t], rating[i], rd[i], &r_new, &rd_new))
					return SK_ERR_RANGE;
				if (pass == 1)
				{
					rating_out[i] = r_new;
					rd_out[i] = rd_new;
				}
			}
	return SK_OK;
}

sk_status
sk_tg_expected(int n_teams, const int *team_start, const double *rating,
			   const double *rd, double *expected_a_out,
			   double *expected_b_out)
{
	tg_team		a,
				b;
	sk_status	st;

	st = tg_two_teams(n_teams, team_start, rating, rd, &a, &b);
	if (st != SK_OK)
		return st;
	if (expected_a_out)
		*expected_a_out = tg_expected(a.rating, b.rating, b.g);
	if (expected_b_out)
		*expected_b_out = tg_expected(b.rating, a.rating, a.g);
	return SK_OK;
}

sk_status
sk_tg_quality(int n_teams, const int *team_start, const double *rating,
			  const double *rd, double *quality_out, double *d_eff_out,
			  double *rd_combined_out)
{
	tg_team		a,
				b;
	double		d_eff,
				rd_comb,
				x,
				y;
	sk_status	st;

	st = tg_two_teams(n_teams, team_start, rating, rd, &a, &b);
	if (st != SK_OK)
		return st;

	/*
	 * R_eff = R_team: the note writes R_team + b(RD_team), but its R_team
	 * already holds the boost, and counting it twice is surely not meant.
	 */
	d_eff = a.rating - b.rating;
	rd_comb = sqrt(a.rd * a.rd + b.rd * b.rd);
	if (!isfinite(d_eff) || !isfinite(rd_comb))
		return SK_ERR_RANGE;
	x = d_eff / 400.0;
	y = rd_comb / 400.0;
	*quality_out = 1.0 / (1.0 + x * x + y * y);
	if (d_eff_out)
		*d_eff_out = d_eff;
	if (rd_combined_out)
		*rd_combined_out = rd_comb;
	return SK_OK;
}
