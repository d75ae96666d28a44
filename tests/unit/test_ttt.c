/*
 * test_ttt.c - the TrueSkill Through Time core against the reference
 * vectors (tests/vectors/ttt/three_players.json, copied literally), against
 * skill's TrueSkill core for histories of one event (a filter over one match
 * is TrueSkill with tau 0), against predictions derived by hand, and its
 * rejections.  The larger vectors are compared in SQL (sql/ttt_vectors.sql).
 */
#include <stdlib.h>
#include <string.h>

#include "normal.h"
#include "trueskill.h"
#include "blocks.h"
#include "ttt.h"
#include "ttt_duels.h"
#include "unit.h"

/*
 * A history of one-player-per-team events of two teams, one event a batch
 * at times 1, 2, ...: winners[e] beats losers[e].
 */
typedef struct duel_history
{
	double		prior_mu[8];
	double		prior_sigma[8];
	double		time[16];
	int			batch_event[17];
	int			event_team[17];
	double		rank[32];
	int			team_item[33];
	int			player[32];
	sk_ttt_history h;
} duel_history;

static void
duels(duel_history *d, int n_players, int n_events, const int *winners, const int *losers)
{
	duel		events[16];
	duel_arrays a = {d->prior_mu, d->prior_sigma, d->time, d->batch_event,
	d->event_team, d->rank, d->team_item, d->player};
	int			e;

	for (e = 0; e < n_events; e++)
	{
		events[e].time = e + 1;
		events[e].winner = winners[e];
		events[e].loser = losers[e];
	}
	duel_history_fill(&d->h, &a, n_players, events, NULL, n_events);
}

/* three_players.json: a > b at 1, b > c at 2, c > a at 3; players a b c. */
static const int tp_win[] = {0, 1, 2};
static const int tp_lose[] = {1, 2, 0};

/* Its curves in slot order: (a, b) at 1, (b, c) at 2, (c, a) at 3. */
static const double tp_filtered[6][2] = {
	{3.339078962432996, 4.985032766455742},
	{-3.339078962432996, 4.985032766455742},
	{0.05871395818493775, 4.2181113045839185},
	{-4.9220684048693055, 4.602930364456291},
	{0.21627519013434732, 3.675189070637231},
	{-2.687951338618371, 3.779538095331485},
};
static const double tp_converged[6][2] = {
	{0.0005902472881031275, 2.3951523505700973},
	{-0.00019675387237424823, 2.3951343427082974},
	{0.0004153424095054647, 2.395164278798867},
	{-0.00039350434121878346, 2.3951613611286207},
	{0.00021859606771564133, 2.3951913004910934},
	{-0.0006339365627411691, 2.3952122255000137},
};

static void
check_three_players(sk_ttt_erfc erfc, double tol)
{
	duel_history d;
	sk_ttt_params p;
	sk_ttt_state *s;
	double		step[2],
				mu,
				sigma;
	int			k,
				sweeps;

	duels(&d, 3, 3, tp_win, tp_lose);
	sk_ttt_default_params(&p);
	p.epsilon = 1e-7;
	p.iterations = 1000;
	p.erfc = erfc;
	CHECK(sk_ttt_prepare(&d.h, &p, test_alloc, NULL, &s) == SK_OK);
	sk_ttt_forward(s);
	CHECK(sk_ttt_slots(s) == 6);
	for (k = 0; k < 6; k++)
	{
		sk_ttt_slot_posterior(s, k, &mu, &sigma);
		CHECK_CLOSE(mu, tp_filtered[k][0], tol);
		CHECK_CLOSE(sigma, tp_filtered[k][1], tol);
	}
	CHECK_CLOSE(sk_ttt_log_evidence(s), -3.929945782936445, tol);
	sweeps = sk_ttt_converge(s, step);
	CHECK(sweeps == 20);
	CHECK_CLOSE(step[0], 3.767983677084889e-08, tol);
	CHECK_CLOSE(step[1], 7.2956996000073104e-09, tol);
	for (k = 0; k < 6; k++)
	{
		sk_ttt_slot_posterior(s, k, &mu, &sigma);
		CHECK_CLOSE(mu, tp_converged[k][0], tol);
		CHECK_CLOSE(sigma, tp_converged[k][1], tol);
	}
	free_blocks();
}

/* The reference's erfc reproduces it to rounding; the exact one to 1e-6. */
static void
test_three_players(void)
{
	check_three_players(SK_TTT_ERFC_REFERENCE, 1e-12);
	check_three_players(SK_TTT_ERFC_EXACT, 1e-6);
}

/* The approximation against the C library's erfc: its stated 1.2e-7. */
static void
test_erfc_reference(void)
{
	double		x,
				worst = 0.0;

	for (x = -6.0; x <= 6.0; x += 0.01)
	{
		double		rel = fabs(sk_ttt_erfc_reference(x) - erfc(x)) / erfc(x);

		if (rel > worst)
			worst = rel;
	}
	CHECK(worst < 1.2e-7);
	CHECK(worst > 1e-9);
}

/*
 * One event of any shape, from flat arrays, rated by both cores: TTT's
 * filtered posteriors must equal TrueSkill's update with tau 0 (same
 * beta, draw margin and partial-play weights; TrueSkill iterated tightly).
 */
static void
check_one_event(int n_teams, const int *team_start, const double *mu0,
				const double *sigma0, const double *ranks, const double *weights,
				double p_draw, int reference_order, int expect_same)
{
	int			n = team_start[n_teams];
	double		time = 0.0;
	int			batch_event[2] = {0, 1};
	int			event_team[2] = {0, n_teams};
	int			player[16];
	double		mu_ts[16],
				sigma_ts[16];
	static unsigned char work[65536];
	sk_ttt_history h;
	sk_ttt_params p;
	sk_ttt_state *s;
	sk_ts_params tp;
	sk_ts_match m;
	int			i,
				differs = 0;

	for (i = 0; i < n; i++)
		player[i] = i;
	memset(&h, 0, sizeof(h));
	h.n_players = n;
	h.prior_mu = mu0;
	h.prior_sigma = sigma0;
	h.n_batches = 1;
	h.batch_time = &time;
	h.batch_event = batch_event;
	h.event_team = event_team;
	h.team_rank = ranks;
	h.team_item = team_start;
	h.item_player = player;
	h.item_weight = weights;
	sk_ttt_default_params(&p);
	p.beta = 25.0 / 6.0;
	p.p_draw = p_draw;
	p.reference_team_order = reference_order;
	CHECK(sk_ttt_prepare(&h, &p, test_alloc, NULL, &s) == SK_OK);
	sk_ttt_forward(s);

	sk_ts_default_params(&tp);
	tp.beta = p.beta;
	tp.tau = 0.0;
	tp.draw_probability = p_draw;
	tp.min_delta = 1e-12;
	m.n_teams = n_teams;
	m.team_start = team_start;
	m.mu = mu0;
	m.sigma = sigma0;
	m.ranks = ranks;
	m.weights = weights;
	CHECK(sk_ts_rate(&tp, &m, mu_ts, sigma_ts, work) == SK_OK);
	for (i = 0; i < n; i++)
	{
		double		mu,
					sigma;

		sk_ttt_slot_posterior(s, i, &mu, &sigma);
		if (expect_same)
		{
			CHECK_CLOSE(mu, mu_ts[i], 1e-6);
			CHECK_CLOSE(sigma, sigma_ts[i], 1e-6);
		}
		else if (fabs(mu - mu_ts[i]) > 1e-3)
			differs = 1;
	}
	if (!expect_same)
		CHECK(differs);
	free_blocks();
}

static void
test_against_trueskill(void)
{
	static const double mu[] = {25, 30, 20, 27, 22, 25};
	static const double sigma[] = {8.3, 5, 7, 3, 6, 4};
	static const int duel[] = {0, 1, 2};
	static const int teams2[] = {0, 2, 3};
	static const int ffa3[] = {0, 1, 2, 3};
	static const int teams4[] = {0, 2, 3, 5, 6};
	static const double win[] = {1, 2};
	static const double tie[] = {1, 1};
	/* finishing order 2, 0, 1: not its own inverse */
	static const double cycle[] = {2, 3, 1};
	static const double cycle_tie[] = {2, 2, 1};
	static const double four[] = {3, 1, 4, 1};
	static const double half[] = {1, 0.5, 1, 1, 0.25, 1};

	check_one_event(2, duel, mu, sigma, win, NULL, 0.0, 0, 1);
	check_one_event(2, duel, mu, sigma, tie, NULL, 0.1, 0, 1);
	check_one_event(2, teams2, mu, sigma, win, half, 0.0, 0, 1);
	check_one_event(3, ffa3, mu, sigma, cycle, NULL, 0.0, 0, 1);
	check_one_event(3, ffa3, mu, sigma, cycle_tie, NULL, 0.25, 0, 1);
	check_one_event(4, teams4, mu, sigma, four, half, 0.2, 0, 1);
	/* the Python package's indexing gives other answers for these */
	check_one_event(3, ffa3, mu, sigma, cycle, NULL, 0.0, 1, 0);
	check_one_event(3, ffa3, mu, sigma, cycle_tie, NULL, 0.25, 1, 0);
}

/*
 * The prediction of a later event, by hand: each player's filtered
 * posterior, drifted by gamma^2 per day elapsed, then
 * P(first ahead) = Phi((mu_a - mu_b) / sqrt(var_a + var_b + 2 beta^2)).
 */
static void
test_prediction(void)
{
	static const int win[] = {0, 2, 1};
	static const int lose[] = {1, 0, 2};
	duel_history d;
	sk_ttt_params p;
	sk_ttt_state *s;
	double		mu_a,
				sd_a,
				mu_b,
				sd_b,
				p_first,
				p_tie,
				var;

	duels(&d, 3, 3, win, lose);
	d.time[2] = 10.0;			/* 9 and 8 days after the players' last games */
	sk_ttt_default_params(&p);
	p.gamma = 0.5;
	CHECK(sk_ttt_prepare(&d.h, &p, test_alloc, NULL, &s) == SK_OK);
	sk_ttt_forward(s);
	/* slots: (0, 1) at 1, (2, 0) at 2, (1, 2) at 10; event 2 is 1 vs 2 */
	sk_ttt_slot_posterior(s, 1, &mu_a, &sd_a);
	sk_ttt_slot_posterior(s, 2, &mu_b, &sd_b);
	var = sd_a * sd_a + 9 * 0.25 + sd_b * sd_b + 8 * 0.25 + 2.0;
	sk_ttt_prediction(s, 2, &p_first, &p_tie);
	CHECK_CLOSE(p_first, sk_norm_cdf((mu_a - mu_b) / sqrt(var)), 1e-14);
	CHECK(p_tie == 0.0);
	/* the first event: both at the prior */
	sk_ttt_prediction(s, 0, &p_first, &p_tie);
	CHECK_CLOSE(p_first, 0.5, 1e-15);
	free_blocks();
}

/*
 * Forecasting honestly: the first pass in steps with the past smoothed in
 * between.  A league of 4 players, one game a day for 8 days.
 */
static const int lg_win[] = {0, 2, 1, 3, 0, 2, 3, 1};
static const int lg_lose[] = {1, 3, 2, 0, 3, 1, 2, 0};

static void
league_params(sk_ttt_params *p)
{
	sk_ttt_default_params(p);
	p->gamma = 0.3;
	p->epsilon = 1e-12;
	p->iterations = 10000;
}

/* In steps without smoothing, the first pass is the same to the bit. */
static void
test_forward_in_steps(void)
{
	duel_history d;
	sk_ttt_params p;
	sk_ttt_state *a,
			   *b;
	int			k,
				same = 1;

	duels(&d, 4, 8, lg_win, lg_lose);
	league_params(&p);
	CHECK(sk_ttt_prepare(&d.h, &p, test_alloc, NULL, &a) == SK_OK);
	CHECK(sk_ttt_prepare(&d.h, &p, test_alloc, NULL, &b) == SK_OK);
	sk_ttt_forward(a);
	for (k = 1; k <= 8; k += 3)
		sk_ttt_forward_until(b, k);
	sk_ttt_forward_until(b, 8);
	for (k = 0; k < sk_ttt_slots(a); k++)
	{
		double		mu_a,
					sd_a,
					mu_b,
					sd_b;

		sk_ttt_slot_posterior(a, k, &mu_a, &sd_a);
		sk_ttt_slot_posterior(b, k, &mu_b, &sd_b);
		same &= mu_a == mu_b && sd_a == sd_b;
	}
	CHECK(same);
	CHECK(sk_ttt_log_evidence(a) == sk_ttt_log_evidence(b));
	free_blocks();
}

/*
 * After smoothing the first 5 days, day 6's prediction is the one made by
 * hand from a history of those 5 days alone, converged: each player's last
 * smoothed rating, drifted to day 6.  And no result after day 6 changes it.
 */
static void
test_smoothed_forecast(void)
{
	static const int flip_win[] = {0, 2, 1, 3, 0, 2, 2, 0};
	static const int flip_lose[] = {1, 3, 2, 0, 3, 1, 3, 1};
	duel_history d,
				past,
				flipped;
	sk_ttt_params p;
	sk_ttt_state *s,
			   *t,
			   *f;
	double		step[2],
				mu[2],
				sd[2],
				p_first,
				p_tie,
				p_flipped,
				var;
	int			k,
				i;

	league_params(&p);
	duels(&d, 4, 8, lg_win, lg_lose);
	CHECK(sk_ttt_prepare(&d.h, &p, test_alloc, NULL, &s) == SK_OK);
	sk_ttt_forward_until(s, 5);
	CHECK(sk_ttt_converge_prefix(s, 5, step) > 1);
	sk_ttt_forward_until(s, 6);
	sk_ttt_prediction(s, 5, &p_first, &p_tie);

	/* the past alone: the last slot of players 2 (winner) and 1 */
	duels(&past, 4, 5, lg_win, lg_lose);
	CHECK(sk_ttt_prepare(&past.h, &p, test_alloc, NULL, &t) == SK_OK);
	sk_ttt_forward(t);
	sk_ttt_converge(t, step);
	for (i = 0; i < 2; i++)
	{
		int			player = i == 0 ? 2 : 1;
		int			last = -1;

		for (k = 0; k < sk_ttt_slots(t); k++)
			if (sk_ttt_slot_player(t, k) == player)
				last = k;
		sk_ttt_slot_posterior(t, last, &mu[i], &sd[i]);
	}
	/* both last played on day 3: 3 days of drift to day 6 */
	var = sd[0] * sd[0] + 3 * 0.09 + sd[1] * sd[1] + 3 * 0.09 + 2.0;
	CHECK_CLOSE(p_first, sk_norm_cdf((mu[0] - mu[1]) / sqrt(var)), 1e-9);

	/* later results changed: the same forecast */
	duels(&flipped, 4, 8, flip_win, flip_lose);
	CHECK(sk_ttt_prepare(&flipped.h, &p, test_alloc, NULL, &f) == SK_OK);
	sk_ttt_forward_until(f, 5);
	sk_ttt_converge_prefix(f, 5, step);
	sk_ttt_forward_until(f, 8);
	sk_ttt_prediction(f, 5, &p_flipped, &p_tie);
	CHECK(p_flipped == p_first);
	free_blocks();
}

/*
 * One batch holding a > b and b > a: symmetric, so the converged means are
 * equal (0), whatever the order the events are solved in.
 */
static void
test_one_batch(void)
{
	static const int win[] = {0, 1};
	static const int lose[] = {1, 0};
	duel_history d;
	sk_ttt_params p;
	sk_ttt_state *s;
	double		step[2],
				mu,
				sigma;

	duels(&d, 2, 2, win, lose);
	d.h.n_batches = 1;
	d.batch_event[1] = 2;
	sk_ttt_default_params(&p);
	CHECK(sk_ttt_prepare(&d.h, &p, test_alloc, NULL, &s) == SK_OK);
	CHECK(sk_ttt_slots(s) == 2);
	sk_ttt_forward(s);
	sk_ttt_slot_posterior(s, 0, &mu, &sigma);
	CHECK(fabs(mu) > 1e-3);		/* one sweep: the order of the events shows */
	CHECK(sk_ttt_converge(s, step) >= 1);
	sk_ttt_slot_posterior(s, 0, &mu, &sigma);
	CHECK_CLOSE(mu, 0.0, 1e-6);
	sk_ttt_slot_posterior(s, 1, &mu, &sigma);
	CHECK_CLOSE(mu, 0.0, 1e-6);
	CHECK(sigma < 6.0);
	free_blocks();
}

/* A result 40 sigma against the odds: finite, with a large log-evidence. */
static void
test_extreme(void)
{
	static const int win[] = {0, 1};
	static const int lose[] = {1, 0};
	duel_history d;
	sk_ttt_params p;
	sk_ttt_state *s;
	double		step[2],
				mu,
				sigma;
	int			k;

	duels(&d, 2, 2, win, lose);
	d.prior_mu[0] = -300.0;
	d.prior_sigma[0] = 1.0;
	d.prior_sigma[1] = 1.0;
	sk_ttt_default_params(&p);
	CHECK(sk_ttt_prepare(&d.h, &p, test_alloc, NULL, &s) == SK_OK);
	sk_ttt_forward(s);
	CHECK(isfinite(sk_ttt_log_evidence(s)));
	CHECK(sk_ttt_log_evidence(s) < -1000.0);
	sk_ttt_converge(s, step);
	for (k = 0; k < sk_ttt_slots(s); k++)
	{
		sk_ttt_slot_posterior(s, k, &mu, &sigma);
		CHECK(isfinite(mu) && isfinite(sigma) && sigma > 0.0);
	}
	free_blocks();
}

static sk_status
prepare_with(duel_history *d, const sk_ttt_params *p)
{
	sk_ttt_state *s;
	sk_status	st = sk_ttt_prepare(&d->h, p, test_alloc, NULL, &s);

	free_blocks();
	return st;
}

static void
test_rejections(void)
{
	static const int win[] = {0, 1};
	static const int lose[] = {1, 0};
	duel_history d;
	sk_ttt_params p,
				q;
	double		weights[4] = {1, 1, 0, 1};

	duels(&d, 2, 2, win, lose);
	sk_ttt_default_params(&p);
	CHECK(prepare_with(&d, &p) == SK_OK);
	q = p;
	q.beta = 0.0;
	CHECK(prepare_with(&d, &q) == SK_ERR_RANGE);
	q = p;
	q.gamma = -1.0;
	CHECK(prepare_with(&d, &q) == SK_ERR_RANGE);
	q = p;
	q.gamma = NAN;
	CHECK(prepare_with(&d, &q) == SK_ERR_NOT_FINITE);
	q = p;
	q.p_draw = 1.0;
	CHECK(prepare_with(&d, &q) == SK_ERR_RANGE);
	q = p;
	q.epsilon = 0.0;
	CHECK(prepare_with(&d, &q) == SK_ERR_RANGE);
	q = p;
	q.iterations = 0;
	CHECK(prepare_with(&d, &q) == SK_ERR_RANGE);

	d.prior_sigma[1] = 0.0;
	CHECK(prepare_with(&d, &p) == SK_ERR_RANGE);
	d.prior_sigma[1] = INFINITY;
	CHECK(prepare_with(&d, &p) == SK_ERR_NOT_FINITE);
	d.prior_sigma[1] = 6.0;

	d.time[1] = 1.0;			/* not after the first batch */
	CHECK(prepare_with(&d, &p) == SK_ERR_RANGE);
	d.time[1] = 2.0;

	d.rank[1] = 1.0;			/* a tie without p_draw */
	CHECK(prepare_with(&d, &p) == SK_ERR_RANGE);
	q = p;
	q.p_draw = 0.1;
	CHECK(prepare_with(&d, &q) == SK_OK);
	d.rank[1] = 2.0;

	d.player[1] = 0;			/* a player twice in one event */
	CHECK(prepare_with(&d, &p) == SK_ERR_SIZE);
	d.player[1] = 5;			/* no such player */
	CHECK(prepare_with(&d, &p) == SK_ERR_SIZE);
	d.player[1] = 1;

	d.h.item_weight = weights;
	CHECK(prepare_with(&d, &p) == SK_ERR_RANGE);	/* a team of weight 0 */
	weights[2] = -0.5;
	CHECK(prepare_with(&d, &p) == SK_ERR_RANGE);
	weights[2] = 0.5;
	CHECK(prepare_with(&d, &p) == SK_OK);
	d.h.item_weight = NULL;

	d.event_team[1] = 1;		/* an event of one team */
	CHECK(prepare_with(&d, &p) == SK_ERR_SIZE);
}

int
main(void)
{
	test_three_players();
	test_erfc_reference();
	test_against_trueskill();
	test_prediction();
	test_one_batch();
	test_forward_in_steps();
	test_smoothed_forecast();
	test_extreme();
	test_rejections();
	UNIT_DONE("ttt");
}
