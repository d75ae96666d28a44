/*
 * fuzz_core.c - a coverage-guided fuzz target (libFuzzer) over the entry
 * points of the plain-C core.  The first input byte picks the entry point;
 * the rest is decoded into its sizes, parameters and ratings (see next_double
 * for the mix of ordinary, extreme and raw values).  Every call must either
 * return an error status or give finite outputs (probabilities in [0, 1]);
 * anything else aborts, and AddressSanitizer/UBSan catch memory errors and
 * undefined behaviour.  Build and run: tests/fuzz/run.sh.
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "elo.h"
#include "glicko.h"
#include "glicko2.h"
#include "matchmaking.h"
#include "openskill.h"
#include "otr.h"
#include "queue.h"
#include "team_glicko.h"
#include "trueskill.h"

#define MAX_TEAMS	8
#define MAX_PER_TEAM 4
#define MAX_PLAYERS (MAX_TEAMS * MAX_PER_TEAM)
#define MAX_GAMES	6

typedef struct reader
{
	const uint8_t *p;
	size_t		left;
} reader;

static uint8_t
next_byte(reader *r)
{
	if (r->left == 0)
		return 0;
	r->left--;
	return *r->p++;
}

static int
next_int(reader *r, int lo, int hi)
{
	return lo + next_byte(r) % (hi - lo + 1);
}

/* Values that break naive formulas, tried far more often than chance would. */
static const double edge[] = {
	0.0, -0.0, 1.0, -1.0, 0.5, 2.0, 25.0, 25.0 / 3.0, 25.0 / 6.0, 200.0, 350.0,
	1500.0, 0.06, 1e-4, 1e-8, 1e-12, 1e-100, 1e-300, 5e-324, DBL_MIN, 1e8, 1e15,
	1e100, 1e150, 1e200, 1e300, 1e308, DBL_MAX, -1e308, -1e300, -1e8, -DBL_MAX,
	NAN, INFINITY, -INFINITY
};

/*
 * A double: a third of the time an edge value, a third an ordinary one
 * (-327.68 .. 327.67 in steps of 0.01), a third raw bits (any double).
 */
static double
next_double(reader *r)
{
	uint8_t		kind = next_byte(r);

	if (kind % 3 == 0)
		return edge[next_byte(r) % (sizeof(edge) / sizeof(edge[0]))];
	if (kind % 3 == 1)
	{
		int16_t		v = (int16_t) (next_byte(r) | (next_byte(r) << 8));

		return v / 100.0;
	}
	{
		uint64_t	bits = 0;
		double		d;

		for (int i = 0; i < 8; i++)
			bits |= (uint64_t) next_byte(r) << (8 * i);
		memcpy(&d, &bits, sizeof d);
		return d;
	}
}

/* A positive double mostly (sigma, rd, beta): |x|, sometimes kept as is. */
static double
next_positive(reader *r)
{
	double		d = next_double(r);

	return (next_byte(r) % 8 == 0) ? d : fabs(d);
}

/* An option left at its default unless the flag's bit is set. */
static void
maybe(reader *r, uint8_t flags, int bit, double (*next) (reader *), double *option)
{
	if (flags & bit)
		*option = next(r);
}

static void
fail(const char *what, double v)
{
	fprintf(stderr, "fuzz_core: %s returned %.17g with SK_OK\n", what, v);
	abort();
}

static void
check_finite(const char *what, int n, const double *v)
{
	for (int i = 0; i < n; i++)
		if (!isfinite(v[i]))
			fail(what, v[i]);
}

static void
check_probability(const char *what, int n, const double *v)
{
	for (int i = 0; i < n; i++)
		if (!(v[i] >= 0.0 && v[i] <= 1.0))
			fail(what, v[i]);
}

/* Both outputs of a rating update. */
static void
check_rated(const char *what, int n, const double *mu, const double *sigma)
{
	check_finite(what, n, mu);
	check_finite(what, n, sigma);
}

/* Whether every value is finite: the precondition of the no-status helpers. */
static int
all_finite(int n, const double *v)
{
	for (int i = 0; i < n; i++)
		if (!isfinite(v[i]))
			return 0;
	return 1;
}

typedef struct match
{
	int			n_teams;
	int			n_players;
	int			team_start[MAX_TEAMS + 1];
	double		mu[MAX_PLAYERS];
	double		sigma[MAX_PLAYERS];
	double		ranks[MAX_TEAMS];
	double		weights[MAX_PLAYERS];
} match;

static void
next_match(reader *r, match *m, int min_teams, int max_teams)
{
	m->n_teams = next_int(r, min_teams, max_teams);
	m->team_start[0] = 0;
	for (int t = 0; t < m->n_teams; t++)
		m->team_start[t + 1] = m->team_start[t] + next_int(r, 1, MAX_PER_TEAM);
	m->n_players = m->team_start[m->n_teams];
	for (int i = 0; i < m->n_players; i++)
	{
		m->mu[i] = next_double(r);
		m->sigma[i] = next_positive(r);
		m->weights[i] = next_positive(r);
	}
	for (int t = 0; t < m->n_teams; t++)
		m->ranks[t] = next_int(r, 1, m->n_teams);
}

/* A rating period's games against rated opponents (Elo, Glicko). */
typedef struct games
{
	int			n;
	double		opp[MAX_PLAYERS];
	double		opp_rd[MAX_PLAYERS];
	double		scores[MAX_PLAYERS];
} games;

static void
next_games(reader *r, games *g, int min_n)
{
	g->n = next_int(r, min_n, MAX_PLAYERS);
	for (int i = 0; i < g->n; i++)
	{
		g->opp[i] = next_double(r);
		g->opp_rd[i] = next_positive(r);
		g->scores[i] = next_int(r, 0, 2) / 2.0;
	}
}

/* Workspace for the largest match and queue this target builds. */
static double work[(1 << 20) / sizeof(double)];

static void
fuzz_openskill(reader *r)
{
	sk_os_params p;
	match		m;
	sk_os_match om;
	double		mu_out[MAX_PLAYERS],
				sigma_out[MAX_PLAYERS],
				prob[MAX_TEAMS];
	int			rank[MAX_TEAMS];
	uint8_t		flags;

	sk_os_default_params(&p, (sk_os_model) next_int(r, 0, 4));
	flags = next_byte(r);
	maybe(r, flags, 1, next_positive, &p.beta);
	maybe(r, flags, 2, next_positive, &p.tau);
	maybe(r, flags, 4, next_positive, &p.margin);
	maybe(r, flags, 8, next_positive, &p.kappa);
	p.limit_sigma = (flags & 16) != 0;
	p.balance = (flags & 32) != 0;
	next_match(r, &m, 2, MAX_TEAMS);
	om.n_teams = m.n_teams;
	om.team_start = m.team_start;
	om.mu = m.mu;
	om.sigma = m.sigma;
	om.ranks = (flags & 64) ? NULL : m.ranks;
	om.scores = (flags & 64) ? m.ranks : NULL;
	om.weights = (flags & 128) ? m.weights : NULL;
	if (sk_os_workspace_size(m.n_teams, m.n_players) > sizeof(work))
		abort();

	if (sk_os_rate(&p, &om, mu_out, sigma_out, work) == SK_OK)
		check_rated("sk_os_rate", m.n_players, mu_out, sigma_out);
	if (sk_os_predict_win(&p, m.n_teams, m.team_start, m.mu, m.sigma, prob, work) == SK_OK)
		check_probability("sk_os_predict_win", m.n_teams, prob);
	if (sk_os_predict_draw(&p, m.n_teams, m.team_start, m.mu, m.sigma, prob, work) == SK_OK)
		check_probability("sk_os_predict_draw", 1, prob);
	if (sk_os_predict_rank(&p, m.n_teams, m.team_start, m.mu, m.sigma, rank, prob, work) == SK_OK)
		check_probability("sk_os_predict_rank", m.n_teams, prob);
}

static void
fuzz_trueskill(reader *r)
{
	sk_ts_params p;
	match		m;
	sk_ts_match tm;
	double		mu_out[MAX_PLAYERS],
				sigma_out[MAX_PLAYERS],
				v;
	uint8_t		flags;

	sk_ts_default_params(&p);
	flags = next_byte(r);
	maybe(r, flags, 1, next_positive, &p.beta);
	maybe(r, flags, 2, next_positive, &p.tau);
	if (flags & 4)
		p.draw_probability = fabs(next_double(r));
	next_match(r, &m, 2, (flags & 8) ? 2 : MAX_TEAMS);
	for (int i = 0; i < m.n_players; i++)
		m.weights[i] = fmin(m.weights[i], 1.0);
	tm.n_teams = m.n_teams;
	tm.team_start = m.team_start;
	tm.mu = m.mu;
	tm.sigma = m.sigma;
	tm.ranks = m.ranks;
	tm.weights = (flags & 16) ? m.weights : NULL;
	if (sk_ts_workspace_size(m.n_teams, m.n_players) > sizeof(work))
		abort();

	if (sk_ts_rate(&p, &tm, mu_out, sigma_out, work) == SK_OK)
		check_rated("sk_ts_rate", m.n_players, mu_out, sigma_out);
	if (sk_ts_quality(&p, &tm, &v, work) == SK_OK)
		check_probability("sk_ts_quality", 1, &v);
	if (sk_ts_win_probability(p.beta, &tm, &v) == SK_OK)
		check_probability("sk_ts_win_probability", 1, &v);
	if (sk_ts_draw_probability(&p, &tm, &v) == SK_OK)
		check_probability("sk_ts_draw_probability", 1, &v);
}

static void
fuzz_elo(reader *r)
{
	double		rating = next_double(r),
				k = next_positive(r),
				scale = next_positive(r);
	double		out[MAX_PLAYERS],
				v,
				e;
	games		g;
	int			n;
	const double *opp = g.opp,
			   *scores = g.scores;

	next_games(r, &g, 1);
	n = g.n;
	if (sk_elo_rate_period(rating, n, opp, scores, k, scale, &v, &e) == SK_OK)
	{
		check_finite("sk_elo_rate_period", 1, &v);
		check_finite("sk_elo_rate_period expected", 1, &e);
	}
	if (sk_elo_rate_period_normal(rating, n, opp, scores, k, scale, &v) == SK_OK)
		check_finite("sk_elo_rate_period_normal", 1, &v);
	if (sk_elo_rate_multi(n, opp, scores, k, scale, out) == SK_OK)
		check_finite("sk_elo_rate_multi", n, out);
	if (isfinite(rating) && isfinite(opp[0]) && isfinite(scale) && scale > 0)
	{
		v = sk_elo_expected(rating, opp[0], scale);
		check_probability("sk_elo_expected", 1, &v);
		v = sk_elo_expected_normal(rating, opp[0], scale);
		check_probability("sk_elo_expected_normal", 1, &v);
	}
}

static void
fuzz_glicko(reader *r)
{
	double		rating = next_double(r),
				rd = next_positive(r),
				tau = next_positive(r),
				epsilon = next_positive(r);
	double		v[2];
	sk_glicko2	player,
				out;
	games		g;
	int			n;
	const double *opp = g.opp,
			   *opp_rd = g.opp_rd,
			   *scores = g.scores;

	next_games(r, &g, 0);
	n = g.n;
	if (sk_glicko_rate(rating, rd, n, opp, opp_rd, scores, &v[0], &v[1]) == SK_OK)
		check_finite("sk_glicko_rate", 2, v);
	{
		double		periods = next_positive(r),
					c = next_positive(r),
					rd_max = next_positive(r);

		if (sk_glicko_decay(rd, periods, c, rd_max, &v[0]) == SK_OK)
			check_finite("sk_glicko_decay", 1, v);
	}
	if (n > 0 && all_finite(1, &rating) && all_finite(1, &opp[0]) && all_finite(1, &opp_rd[0])
		&& rd > 0 && opp_rd[0] >= 0)
	{
		v[0] = sk_glicko_win_probability(rating, rd, opp[0], opp_rd[0]);
		check_probability("sk_glicko_win_probability", 1, v);
	}
	player.rating = rating;
	player.rd = rd;
	player.vol = next_positive(r);
	if (sk_glicko2_rate(&player, n, opp, opp_rd, scores, tau, epsilon, &out) == SK_OK)
	{
		check_finite("sk_glicko2_rate rating", 1, &out.rating);
		check_finite("sk_glicko2_rate rd", 1, &out.rd);
		check_finite("sk_glicko2_rate vol", 1, &out.vol);
	}
}

static void
fuzz_team_glicko(reader *r)
{
	sk_tg_params p;
	match		m;
	double		rating_out[MAX_PLAYERS],
				rd_out[MAX_PLAYERS],
				v[3];
	uint8_t		flags = next_byte(r);

	sk_tg_default_params(&p);
	maybe(r, flags, 1, next_positive, &p.scale);
	maybe(r, flags, 2, next_positive, &p.rd_max);
	next_match(r, &m, 2, (flags & 4) ? 3 : 2);
	if (sk_tg_rate(&p, m.n_teams, m.team_start, m.mu, m.sigma, next_int(r, 0, 4) / 4.0,
				   rating_out, rd_out) == SK_OK)
		check_rated("sk_tg_rate", m.n_players, rating_out, rd_out);
	if (sk_tg_expected(m.n_teams, m.team_start, m.mu, m.sigma, &v[0], &v[1]) == SK_OK)
		check_probability("sk_tg_expected", 2, v);
	if (sk_tg_quality(m.n_teams, m.team_start, m.mu, m.sigma, &v[0], &v[1], &v[2]) == SK_OK)
	{
		check_probability("sk_tg_quality", 1, v);
		check_finite("sk_tg_quality d_eff, rd", 2, v + 1);
	}
}

static void
fuzz_otr(reader *r)
{
	sk_otr_params p;
	int			n = next_int(r, 1, 8),
				games = next_int(r, 0, MAX_GAMES);
	double		mu[8],
				sigma[8],
				scores[MAX_GAMES * 8],
				mu_out[8],
				sigma_out[8];
	uint8_t		flags = next_byte(r);

	sk_otr_default_params(&p);
	maybe(r, flags, 1, next_positive, &p.beta);
	maybe(r, flags, 2, next_positive, &p.volatility_cap);
	maybe(r, flags, 4, next_double, &p.rating_floor);
	for (int i = 0; i < n; i++)
	{
		mu[i] = next_double(r);
		sigma[i] = next_positive(r);
	}
	for (int i = 0; i < n * games; i++)
		scores[i] = (next_byte(r) % 4 == 0) ? NAN : next_double(r);
	if (sk_otr_workspace_size(n) > sizeof(work))
		abort();
	if (sk_otr_rate_match(&p, n, games, mu, sigma, scores, mu_out, sigma_out, work) == SK_OK)
		check_rated("sk_otr_rate_match", n, mu_out, sigma_out);
}

static void
fuzz_matchmaking(reader *r)
{
	int			n = next_int(r, 1, 16),
				n_teams = next_int(r, 2, 4),
				bucket;
	double		mu[16],
				sigma[16],
				v;
	int			party[16],
				team[16];

	for (int i = 0; i < n; i++)
	{
		mu[i] = next_double(r);
		sigma[i] = next_positive(r);
		party[i] = next_int(r, 0, 3);
	}
	{
		double		max_w = next_double(r),
					med_w = next_double(r),
					deviations = next_double(r);

		if (sk_mm_party_rating(n, mu, sigma, max_w, med_w, deviations, &v, work) == SK_OK)
			check_finite("sk_mm_party_rating", 1, &v);
	}
	{
		double		waited = next_double(r),
					max_beta = next_positive(r),
					bucket_seconds;
		int			buckets = next_int(r, 0, 10);

		bucket_seconds = next_positive(r);
		if (sk_mm_window_beta(waited, max_beta, buckets, bucket_seconds, &v, &bucket) == SK_OK)
			check_finite("sk_mm_window_beta", 1, &v);
	}
	if (sk_mm_skill_score(n, mu, next_positive(r), &v) == SK_OK)
		check_finite("sk_mm_skill_score", 1, &v);
	if (n % n_teams == 0 && sk_mm_balance_workspace_size(n, n_teams) <= sizeof(work)
		&& sk_mm_balance_teams_bonus(n, mu, party, n_teams, n / n_teams, next_positive(r),
									 team, &v, work) == SK_OK)
	{
		check_finite("sk_mm_balance_teams gap", 1, &v);
		for (int i = 0; i < n; i++)
			if (team[i] < 0 || team[i] >= n_teams)
				fail("sk_mm_balance_teams team", team[i]);
	}
}

/* K factors, Glicko's c, o!TR decay and match scores: the lifecycle helpers. */
static void
fuzz_lifecycle(reader *r)
{
	double		thresholds[4],
				ks[5],
				scores[4],
				weights[4],
				floors[4],
				v[2];
	int			n = next_int(r, 0, 3),
				accepted;
	sk_otr_decay_params dp;
	int64_t		last_match,
				at;

	for (int i = 0; i <= n; i++)
	{
		thresholds[i] = next_double(r);
		ks[i] = next_positive(r);
		scores[i] = next_double(r);
		weights[i] = next_positive(r);
		floors[i] = next_double(r);
	}
	{
		double		rating = next_double(r),
					games_played = next_positive(r),
					provisional_games = next_positive(r),
					provisional_k = next_positive(r);

		if (sk_elo_k_factor(rating, games_played, n, thresholds, ks, provisional_games,
							provisional_k, v) == SK_OK)
			check_finite("sk_elo_k_factor", 1, v);
	}
	{
		double		rd_typical = next_positive(r),
					periods = next_positive(r),
					rd_max = next_positive(r);

		if (sk_glicko_c_from_periods(rd_typical, periods, rd_max, v) == SK_OK)
			check_finite("sk_glicko_c_from_periods", 1, v);
	}
	if (sk_mm_match_score(n + 1, scores, weights, floors, v, &accepted) == SK_OK)
		check_finite("sk_mm_match_score", 1, v);

	/*
	 * Times within PostgreSQL's timestamp range (4713 BC .. 294276 AD), at
	 * most about 1,000 years apart: the decay steps once a week.
	 */
	sk_otr_default_decay_params(&dp);
	if (next_byte(r) & 1)
		dp.decay_rate = next_double(r);
	if (next_byte(r) & 1)
		dp.volatility_growth = next_positive(r);
	{
		double		t = next_double(r) * 1e14;

		last_match = (t > -2.1e17 && t < 9.0e18) ? (int64_t) t : 0;
	}
	at = last_match + (int64_t) next_int(r, 0, 255) * 125000000000000;
	{
		double		mu = next_double(r),
					sigma = next_positive(r),
					peak = next_double(r);

		if (sk_otr_decay(&dp, mu, sigma, peak, last_match, at, &v[0], &v[1]) == SK_OK)
			check_rated("sk_otr_decay", 1, &v[0], &v[1]);
	}
}

typedef struct emitted
{
	int			n;				/* tickets in the queue */
	int			seen[64];		/* how often each ticket was emitted */
} emitted;

static void
on_match(void *ctx, int n_tickets, const int *tickets, const int *team, double score)
{
	emitted    *e = ctx;

	if (!isfinite(score))
		fail("sk_queue_form_matches score", score);
	for (int i = 0; i < n_tickets; i++)
	{
		if (tickets[i] < 0 || tickets[i] >= e->n || ++e->seen[tickets[i]] > 1)
			fail("sk_queue_form_matches ticket", tickets[i]);
		(void) team;
	}
}

static void
fuzz_queue(reader *r)
{
	sk_queue	q;
	double		rating[64],
				beta[64],
				term[64],
				spread[1],
				weight[2],
				floors[2];
	int			size[64];
	emitted		e;

	memset(&e, 0, sizeof e);
	q.n = e.n = next_int(r, 0, 63);
	q.n_teams = next_int(r, 2, 3);
	q.team_size = next_int(r, 1, 3);
	q.party_bonus = next_positive(r);
	for (int i = 0; i < q.n; i++)
	{
		rating[i] = next_double(r);
		beta[i] = next_positive(r);
		size[i] = next_int(r, 1, q.team_size);
		term[i] = next_double(r);
	}
	q.rating = rating;
	q.strength = NULL;
	q.size = size;
	q.beta = beta;
	q.n_terms = next_int(r, 0, 1);
	q.term = term;
	spread[0] = (next_byte(r) & 1) ? NAN : next_positive(r);
	q.spread = spread;
	weight[0] = 1.0;
	weight[1] = next_positive(r);
	q.weight = weight;
	floors[0] = (next_byte(r) & 1) ? -DBL_MAX : next_double(r);
	floors[1] = -DBL_MAX;
	q.floors = floors;
	if (sk_queue_workspace_size(&q) > sizeof(work))
		return;
	(void) sk_queue_form_matches(&q, work, on_match, &e);
}

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	reader		r = {data, size};

	switch (next_byte(&r) % 9)
	{
		case 0:
			fuzz_openskill(&r);
			break;
		case 1:
			fuzz_trueskill(&r);
			break;
		case 2:
			fuzz_elo(&r);
			break;
		case 3:
			fuzz_glicko(&r);
			break;
		case 4:
			fuzz_team_glicko(&r);
			break;
		case 5:
			fuzz_otr(&r);
			break;
		case 6:
			fuzz_matchmaking(&r);
			break;
		case 7:
			fuzz_queue(&r);
			break;
		case 8:
			fuzz_lifecycle(&r);
			break;
	}
	return 0;
}
