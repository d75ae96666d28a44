/*
 * otr.c - an o!TR tournament match (otr.h).
 *
 * The two defaults functions look alike on purpose: one struct each, every
 * constant spelled out with its source.
 */
#include <math.h>
#include <string.h>

#include "openskill.h"
#include "otr.h"

void
sk_otr_default_params(sk_otr_params *p)
{
	p->beta = 200.0;
	p->kappa = 0.0001;
	p->gamma = 1.0;
	p->tau = 0.0;
	p->weight_a = 0.9;
	p->weight_b = 1.0 - 0.9;
	p->game_correction_constant = 0.5;
	p->standard_match_length = 8.0;
	p->rating_floor = 100.0;
	p->volatility_cap = 400.0;
}

/* The workspace: per-player sums and one game's arrays, then the core's. */
typedef struct OtrWork
{
	double	   *d_a,
			   *d_b,
			   *v_a,
			   *v_b;			/* per player: Method A and B sums */
	double	   *g_mu,
			   *g_sigma,
			   *g_rank,
			   *g_mu_out,
			   *g_sigma_out;	/* one game's players, gathered */
	int		   *g_player;		/* their indexes */
	int		   *team_start;
	unsigned char *in_match;
	void	   *os_work;
} OtrWork;

static size_t
layout(OtrWork *w, char *base, int n)
{
	size_t		off = 0;
	double	  **doubles[] = {&w->d_a, &w->d_b, &w->v_a, &w->v_b, &w->g_mu, &w->g_sigma,
	&w->g_rank, &w->g_mu_out, &w->g_sigma_out};
	size_t		k;

	for (k = 0; k < sizeof(doubles) / sizeof(doubles[0]); k++, off += sizeof(double) * n)
		*doubles[k] = base ? (double *) (base + off) : NULL;
	w->g_player = base ? (int *) (base + off) : NULL;
	off += sizeof(int) * n;
	w->team_start = base ? (int *) (base + off) : NULL;
	off += sizeof(int) * (n + 1);
	w->in_match = base ? (unsigned char *) (base + off) : NULL;
	off += n;
	off = (off + 15) & ~(size_t) 15;
	w->os_work = base ? base + off : NULL;
	return off + sk_os_workspace_size(n < 2 ? 2 : n, n < 2 ? 2 : n);
}

size_t
sk_otr_workspace_size(int n_players)
{
	OtrWork		w;

	return n_players < 1 ? 0 : layout(&w, NULL, n_players);
}

static sk_status
check_params(const sk_otr_params *p)
{
	const double v[] = {p->beta, p->kappa, p->gamma, p->tau, p->weight_a, p->weight_b,
		p->game_correction_constant, p->standard_match_length, p->rating_floor,
	p->volatility_cap};
	size_t		k;

	for (k = 0; k < sizeof(v) / sizeof(v[0]); k++)
		if (!isfinite(v[k]))
			return SK_ERR_NOT_FINITE;
	if (p->beta <= 0.0 || p->kappa <= 0.0 || p->gamma < 0.0 || p->tau < 0.0 ||
		p->standard_match_length <= 0.0 || p->volatility_cap <= 0.0)
		return SK_ERR_RANGE;
	return SK_OK;
}

/* Players with a score in game g; 0 when the game does not count (< 2). */
static int
game_players(const double *scores, int n, int g)
{
	int			i,
				count = 0;

	for (i = 0; i < n; i++)
		count += !isnan(scores[(size_t) g * n + i]);
	return count >= 2 ? count : 0;
}

/* Competition rank by score, highest first: 1 + players with a higher score.
 * Its callers loop over the players, so it checks for interrupts. */
static double
placement(const double *row, int n, int i)
{
	int			j,
				better = 0;

	sk_check_interrupts();
	for (j = 0; j < n; j++)
		better += !isnan(row[j]) && row[j] > row[i];
	return 1.0 + better;
}

/*
 * Rates game g with Plackett-Luce: Method A (method_b 0) its players,
 * Method B every player of the match, absentees tied after the worst
 * placement.  Adds each rated player's change to d and v.
 */
static sk_status
rate_game(const sk_os_params *os, OtrWork *w, int n, const double *mu, const double *sigma,
		  const double *row, int method_b, double *d, double *v)
{
	sk_os_match m = {0};
	double		worst = 0.0;
	int			count = 0,
				i,
				k;
	sk_status	st;

	for (i = 0; i < n; i++)
		if (!isnan(row[i]))
			worst = fmax(worst, placement(row, n, i));
	for (i = 0; i < n; i++)
	{
		if (isnan(row[i]) && !(method_b && w->in_match[i]))
			continue;
		w->g_player[count] = i;
		w->g_mu[count] = mu[i];
		w->g_sigma[count] = sigma[i];
		w->g_rank[count] = isnan(row[i]) ? worst + 1.0 : placement(row, n, i);
		w->team_start[count] = count;
		count++;
	}
	w->team_start[count] = count;
	m.n_teams = count;
	m.team_start = w->team_start;
	m.mu = w->g_mu;
	m.sigma = w->g_sigma;
	m.ranks = w->g_rank;
	st = sk_os_rate(os, &m, w->g_mu_out, w->g_sigma_out, w->os_work);
	if (st != SK_OK)
		return st;
	for (k = 0; k < count; k++)
	{
		double		ratio = w->g_sigma_out[k] / sigma[w->g_player[k]];

		d[w->g_player[k]] += w->g_mu_out[k] - mu[w->g_player[k]];
		v[w->g_player[k]] += 1.0 - ratio * ratio;
	}
	return SK_OK;
}

static void
combine(const sk_otr_params *p, const OtrWork *w, int n, int n_games, const double *mu,
		const double *sigma, double *mu_out, double *sigma_out)
{
	double		corr = pow(n_games / p->standard_match_length, p->game_correction_constant);
	int			i;

	for (i = 0; i < n; i++)
	{
		double		dmu,
					dvol;

		if (!w->in_match[i])
		{
			mu_out[i] = mu[i];
			sigma_out[i] = sigma[i];
			continue;
		}
		dmu = (p->weight_a * w->d_a[i] + p->weight_b * w->d_b[i]) / n_games * corr;
		dvol = (p->weight_a * w->v_a[i] + p->weight_b * w->v_b[i]) / n_games * corr;
		mu_out[i] = fmax(mu[i] + dmu, p->rating_floor);
		sigma_out[i] = fmin(sigma[i] * sqrt(fmax(1.0 - dvol, p->kappa)), p->volatility_cap);
	}
}

sk_status
sk_otr_rate_match(const sk_otr_params *p, int n, int n_games, const double *mu,
				  const double *sigma, const double *scores, double *mu_out,
				  double *sigma_out, void *work)
{
	sk_os_params os;
	OtrWork		w;
	int			counted = 0,
				g,
				i;
	sk_status	st = check_params(p);

	if (st != SK_OK)
		return st;
	if (n < 1 || n_games < 0 || work == NULL)
		return SK_ERR_SIZE;
	for (i = 0; i < n; i++)
	{
		if (!isfinite(mu[i]) || !isfinite(sigma[i]))
			return SK_ERR_NOT_FINITE;
		if (sigma[i] <= 0.0)
			return SK_ERR_RANGE;
	}
	for (i = 0; i < n * n_games; i++)
		if (isinf(scores[i]))
			return SK_ERR_NOT_FINITE;
	layout(&w, work, n);
	memset(w.in_match, 0, n);
	for (i = 0; i < n; i++)
		w.d_a[i] = w.d_b[i] = w.v_a[i] = w.v_b[i] = 0.0;
	for (g = 0; g < n_games; g++)
		if (game_players(scores, n, g))
			for (i = 0; i < n; i++)
				w.in_match[i] |= !isnan(scores[(size_t) g * n + i]);

	sk_os_default_params(&os, SK_OS_PLACKETT_LUCE);
	os.beta = p->beta;
	os.kappa = p->kappa;
	os.tau = p->tau;
	os.gamma = p->gamma;
	for (g = 0; g < n_games; g++)
	{
		const double *row = &scores[(size_t) g * n];

		sk_check_interrupts();
		if (!game_players(scores, n, g))
			continue;
		counted++;
		st = rate_game(&os, &w, n, mu, sigma, row, 0, w.d_a, w.v_a);
		if (st == SK_OK)
			st = rate_game(&os, &w, n, mu, sigma, row, 1, w.d_b, w.v_b);
		if (st != SK_OK)
			return st;
	}
	if (counted == 0)
	{
		memmove(mu_out, mu, sizeof(double) * n);
		memmove(sigma_out, sigma, sizeof(double) * n);
		return SK_OK;
	}
	combine(p, &w, n, counted, mu, sigma, mu_out, sigma_out);
	return SK_OK;
}

double
sk_otr_initial_rating(double rank, double m, double s)
{
	double		z = (log(rank) - m) / s;
	double		r = z > 0.0 ? 1200.0 - 250.0 * z : 1200.0 - 200.0 * z;

	return fmin(fmax(r, 500.0), 2000.0);
}

#define USECS_PER_DAY_D		86400000000.0
#define USECS_PER_HOUR		INT64_C(3600000000)
#define USECS_PER_DAY_I		INT64_C(86400000000)

void
sk_otr_default_decay_params(sk_otr_decay_params *p)
{
	p->decay_days = 184.0;
	p->decay_rate = 3.0;
	p->decay_minimum = 1000.0;
	p->volatility_growth = 500.0;
	p->volatility_cap = 400.0;
	p->not_before = INT64_C(6940) * USECS_PER_DAY_I;	/* 2019-01-01: 6,940 days after 2000-01-01 */
	p->weekday = 3;
	p->hour = 12.0;
}

/* The first weekly step time after t (2000-01-01 was a Saturday: weekday 6). */
static int64_t
next_step(const sk_otr_decay_params *p, int64_t t)
{
	int64_t		day = t >= 0 ? t / USECS_PER_DAY_I : -((-t + USECS_PER_DAY_I - 1) / USECS_PER_DAY_I);
	int			weekday = (int) (((day + 6) % 7 + 7) % 7);
	int64_t		step;

	day += (p->weekday - weekday + 7) % 7;
	step = day * USECS_PER_DAY_I + (int64_t) (p->hour * (double) USECS_PER_HOUR);
	while (step <= t)
		step += 7 * USECS_PER_DAY_I;
	return step;
}

sk_status
sk_otr_decay(const sk_otr_decay_params *p, double mu, double sigma, double peak,
			 int64_t last_match, int64_t at, double *mu_out, double *sigma_out)
{
	double		floor_value;
	int64_t		step;

	if (!isfinite(mu) || !isfinite(sigma) || !isfinite(peak) || !isfinite(p->decay_days) ||
		!isfinite(p->decay_rate) || !isfinite(p->decay_minimum) ||
		!isfinite(p->volatility_growth) || !isfinite(p->volatility_cap))
		return SK_ERR_NOT_FINITE;
	/* A negative rate or growth would raise mu or lower sigma, without bound. */
	if (sigma <= 0.0 || at < last_match || p->weekday < 0 || p->weekday > 6 ||
		!(p->hour >= 0.0 && p->hour < 24.0) || p->decay_rate < 0.0 ||
		p->volatility_growth < 0.0)
		return SK_ERR_RANGE;
	floor_value = fmax(p->decay_minimum, (p->decay_minimum + peak) / 2.0);
	step = next_step(p, last_match);
	while (step < p->not_before)
		step += 7 * USECS_PER_DAY_I;
	for (; step <= at; step += 7 * USECS_PER_DAY_I)
	{
		sk_check_interrupts();
		sigma = fmax(sigma, fmin(sqrt(sigma * sigma + p->volatility_growth), p->volatility_cap));
		if (floor((double) (step - last_match) / USECS_PER_DAY_D) >= p->decay_days && mu > floor_value)
			mu = fmax(floor_value, mu - p->decay_rate);
	}
	*mu_out = mu;
	*sigma_out = sigma;
	return SK_OK;
}
