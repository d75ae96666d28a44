/*
 * glicko2.c - Glicko-2 rating period update with the Illinois iteration for
 * the new volatility (Glickman 2013, steps 1-8).
 */
#include <math.h>
#include <stddef.h>

#include "glicko.h"
#include "glicko2.h"
#include "normal.h"

static double
g2_g(double phi)
{
	return 1.0 / sqrt(1.0 + 3.0 * phi * phi / (SK_PI * SK_PI));
}

static double
g2_expected(double mu, double opp_mu, double g)
{
	return 1.0 / (1.0 + exp(-g * (mu - opp_mu)));
}

double
sk_glicko2_expected(double rating, double opponent_rating, double opponent_rd)
{
	return g2_expected((rating - SK_GLICKO2_CENTER) / SK_GLICKO2_SCALE,
					   (opponent_rating - SK_GLICKO2_CENTER) / SK_GLICKO2_SCALE,
					   g2_g(opponent_rd / SK_GLICKO2_SCALE));
}

/* The function whose root is ln(vol'^2) (step 5.1). */
typedef struct vol_objective
{
	double		delta2;
	double		phi2;
	double		v;
	double		a;
	double		tau2;
} vol_objective;

static double
vol_f(const vol_objective *o, double x)
{
	double		ex = exp(x);
	double		t = o->phi2 + o->v + ex;

	return ex * (o->delta2 - t) / (2.0 * t * t) - (x - o->a) / o->tau2;
}

/* Step 5: the new volatility by the Illinois variant of regula falsi. */
static sk_status
new_volatility(double vol, double phi, double v, double delta, double tau,
			   double epsilon, double *vol_out)
{
	vol_objective o;
	double		A,
				B,
				fA,
				fB;
	int			iter;

	o.delta2 = delta * delta;
	o.phi2 = phi * phi;
	o.v = v;
	o.a = log(vol * vol);
	o.tau2 = tau * tau;

	A = o.a;
	if (o.delta2 > o.phi2 + v)
		B = log(o.delta2 - o.phi2 - v);
	else
	{
		int			k = 1;

		while (vol_f(&o, o.a - k * tau) < 0.0)
		{
			if (++k > SK_GLICKO2_MAX_ITER)
				return SK_ERR_NO_CONVERGENCE;
		}
		B = o.a - k * tau;
	}

	fA = vol_f(&o, A);
	fB = vol_f(&o, B);
	for (iter = 0; fabs(B - A) > epsilon; iter++)
	{
		double		C,
					fC;

		if (iter >= SK_GLICKO2_MAX_ITER)
			return SK_ERR_NO_CONVERGENCE;
		C = A + (A - B) * fA / (fB - fA);
		fC = vol_f(&o, C);
		/*
		 * Glickman's test is <= 0: with < a root hit exactly (f(C) = 0)
		 * would keep B = C and halve f(A) forever, never converging.
		 */
		if (fC * fB <= 0.0)
		{
			A = B;
			fA = fB;
		}
		else
			fA /= 2.0;
		B = C;
		fB = fC;
	}
	*vol_out = exp(A / 2.0);
	return SK_OK;
}

/* The result, unless finite input (a vol of 1e300) overflowed on the way. */
static sk_status
finish(double rating, double rd, double vol, sk_glicko2 *out)
{
	if (!isfinite(rating) || !isfinite(rd) || !isfinite(vol))
		return SK_ERR_OVERFLOW;
	out->rating = rating;
	out->rd = rd;
	out->vol = vol;
	return SK_OK;
}

sk_status
sk_glicko2_rate(const sk_glicko2 *player, int n,
				const double *opp_rating, const double *opp_rd,
				const double *scores, double tau, double epsilon,
				sk_glicko2 *out)
{
	return sk_glicko2_rate_periods(player, n, opp_rating, opp_rd, scores, tau, epsilon, 1.0, out);
}

sk_status
sk_glicko2_rate_periods(const sk_glicko2 *player, int n,
						const double *opp_rating, const double *opp_rd,
						const double *scores, double tau, double epsilon,
						double periods, sk_glicko2 *out)
{
	return sk_glicko2_rate_weighted(player, n, opp_rating, opp_rd, scores, NULL, tau,
									epsilon, periods, out);
}

sk_status
sk_glicko2_rate_weighted(const sk_glicko2 *player, int n,
						 const double *opp_rating, const double *opp_rd,
						 const double *scores, const double *weights,
						 double tau, double epsilon, double periods, sk_glicko2 *out)
{
	sk_glicko_sums sums = {0.0, 0.0, 0};
	int			i;
	sk_status	status;

	if (!isfinite(player->rating) || !isfinite(player->rd) ||
		!isfinite(player->vol) || !isfinite(tau) || !isfinite(epsilon) || !isfinite(periods))
		return SK_ERR_NOT_FINITE;
	if (player->rd <= 0.0 || player->vol <= 0.0 || tau <= 0.0 ||
		epsilon <= 0.0 || periods < 0.0 || n < 0)
		return SK_ERR_RANGE;
	status = sk_glicko_check_games(n, opp_rating, opp_rd, scores);
	if (status == SK_OK)
		status = sk_glicko_check_weights(n, weights);
	if (status != SK_OK)
		return status;
	/* Steps 3 and 4's sums. */
	for (i = 0; i < n; i++)
	{
		sk_check_interrupts_every(i);
		(void) sk_glicko2_sums_add(&sums, player->rating, opp_rating[i], opp_rd[i], scores[i],
								   weights ? weights[i] : 1.0);
	}
	return sk_glicko2_rate_sums(player, &sums, tau, epsilon, periods, out);
}

sk_status
sk_glicko2_sums_add(sk_glicko_sums *sums, double rating, double opp_rating, double opp_rd,
					double score, double weight)
{
	/* Step 2: onto the Glicko-2 scale. */
	double		mu = (rating - SK_GLICKO2_CENTER) / SK_GLICKO2_SCALE;
	double		opp_mu,
				g,
				e;
	sk_status	status = sk_glicko_check_game(opp_rating, opp_rd, score, weight);

	if (status != SK_OK)
		return status;
	opp_mu = (opp_rating - SK_GLICKO2_CENTER) / SK_GLICKO2_SCALE;
	g = g2_g(opp_rd / SK_GLICKO2_SCALE);
	e = g2_expected(mu, opp_mu, g);
	sums->information += weight * (g * g * e * (1.0 - e));
	sums->gain += weight * (g * (score - e));
	sums->games++;
	return SK_OK;
}

sk_status
sk_glicko2_rate_sums(const sk_glicko2 *player, const sk_glicko_sums *sums,
					 double tau, double epsilon, double periods, sk_glicko2 *out)
{
	double		mu,
				phi,
				v,
				delta,
				vol,
				phi_star,
				phi_new;
	sk_status	status;

	if (!isfinite(player->rating) || !isfinite(player->rd) ||
		!isfinite(player->vol) || !isfinite(tau) || !isfinite(epsilon) || !isfinite(periods))
		return SK_ERR_NOT_FINITE;
	if (player->rd <= 0.0 || player->vol <= 0.0 || tau <= 0.0 ||
		epsilon <= 0.0 || periods < 0.0)
		return SK_ERR_RANGE;

	/* Step 2: onto the Glicko-2 scale. */
	mu = (player->rating - SK_GLICKO2_CENTER) / SK_GLICKO2_SCALE;
	phi = player->rd / SK_GLICKO2_SCALE;

	if (sums->games == 0)
	{
		/* An inactive period: only step 6. */
		return finish(player->rating,
					  sqrt(phi * phi + periods * player->vol * player->vol) * SK_GLICKO2_SCALE,
					  player->vol, out);
	}

	/* Steps 3 and 4: estimated variance v and improvement delta. */
	v = 1.0 / sums->information;
	delta = v * sums->gain;

	/*
	 * Step 5: new volatility.  When every game was a foregone conclusion
	 * (rating gaps so large that E(1-E) underflows) v is infinite and the
	 * games carry no information about volatility: keep it, as in the limit.
	 */
	if (isfinite(v) && isfinite(delta))
	{
		status = new_volatility(player->vol, phi, v, delta, tau, epsilon, &vol);
		if (status != SK_OK)
			return status;
	}
	else
		vol = player->vol;

	/* Steps 6 and 7: new RD and rating; step 8: back to the Glicko-1 scale. */
	/* periods * vol * vol is vol * vol exactly for periods = 1. */
	phi_star = sqrt(phi * phi + periods * vol * vol);
	phi_new = 1.0 / sqrt(1.0 / (phi_star * phi_star) + sums->information);
	return finish((mu + phi_new * phi_new * sums->gain) * SK_GLICKO2_SCALE + SK_GLICKO2_CENTER,
				  phi_new * SK_GLICKO2_SCALE, vol, out);
}

double
sk_glicko2_idle_rd(double rd, double vol, double periods)
{
	double		phi = rd / SK_GLICKO2_SCALE;

	return sqrt(phi * phi + periods * vol * vol) * SK_GLICKO2_SCALE;
}
