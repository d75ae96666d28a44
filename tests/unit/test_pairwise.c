/*
 * test_pairwise.c - team matches as pairwise games (pairwise.c) and the
 * pieces the replay families moved into the core: team Elo, Glicko win
 * probability, Glicko-2 idle growth.  Expected values are derived in the
 * comments from the formulas.
 */
#include "unit.h"

#include "elo.h"
#include "glicko.h"
#include "glicko2.h"
#include "pairwise.h"

static void
test_rank_score(void)
{
	CHECK(sk_rank_score(1, 2) == 1.0);
	CHECK(sk_rank_score(2, 1) == 0.0);
	CHECK(sk_rank_score(1.5, 1.5) == 0.5);
}

/* 1v1 at 1500 each, k 32: E = 0.5, so the winner gains 16, the loser drops 16. */
/* Pair outcomes from a table, [t n_teams + u], of two teams. */
static double
pair_from_table(const void *table, int t, int u)
{
	return ((const double *) table)[t * 2 + u];
}

static void
test_elo_duel(void)
{
	int			start[] = {0, 1, 2};
	double		rank[] = {1, 2};
	double		r[] = {1500, 1500};
	double		k[] = {32, 32};
	double		out[2];

	sk_elo_rate_teams(2, start, rank, NULL, NULL, r, k, 400, out);
	CHECK_CLOSE(out[0], 1516, 1e-12);
	CHECK_CLOSE(out[1], 1484, 1e-12);
	/* Each player moves by its own K: 40 and 10 give +20 and -5. */
	k[0] = 40;
	k[1] = 10;
	sk_elo_rate_teams(2, start, rank, NULL, NULL, r, k, 400, out);
	CHECK_CLOSE(out[0], 1520, 1e-12);
	CHECK_CLOSE(out[1], 1495, 1e-12);
	/* Fractional outcomes from the scores: 0.6 against 0.4 moves 40 * 0.1, 10 * 0.1. */
	{
		double		pair[] = {0.5, 0.6, 0.4, 0.5};

		sk_elo_rate_teams(2, start, rank, pair_from_table, pair, r, k, 400, out);
		CHECK_CLOSE(out[0], 1504, 1e-12);
		CHECK_CLOSE(out[1], 1499, 1e-12);
	}
}

/* k_a / (n + k_b)^k_c: 250 / (4 + 5)^0.5 = 250 / 3; k_c = 0 is a constant k_a. */
static void
test_elo_k_schedule(void)
{
	CHECK_CLOSE(sk_elo_k_schedule(250, 5, 0.5, 4), 250.0 / 3.0, 1e-12);
	CHECK_CLOSE(sk_elo_k_schedule(32, 0, 0, 0), 32, 1e-12);
}

/*
 * 2v1: A 1600 and B 1400 beat C 1500.  Each of A, B has one opponent; C
 * has two and divides its surplus by 2.  E(1600 vs 1500) = 1/(1+10^-0.25)
 * = 0.6400649998028851, E(1400 vs 1500) = 0.3599350001971149.
 * A: 1600 + 32 (1 - 0.64006...) = 1611.5179200063077
 * B: 1400 + 32 (1 - 0.35993...) = 1420.4820799936923
 * C: 1500 + 32 (0 - 0.35993... + 0 - 0.64006...) / 2 = 1484
 */
static void
test_elo_two_against_one(void)
{
	int			start[] = {0, 2, 3};
	double		rank[] = {1, 2};
	double		r[] = {1600, 1400, 1500};
	double		k[] = {32, 32, 32};
	double		out[3];
	double		prob[2];

	sk_elo_rate_teams(2, start, rank, NULL, NULL, r, k, 400, out);
	CHECK_CLOSE(out[0], 1611.5179200063077, 1e-9);
	CHECK_CLOSE(out[1], 1420.4820799936923, 1e-9);
	CHECK_CLOSE(out[2], 1484, 1e-9);

	/* Team chances: mean pairwise E, normalised: (0.64006 + 0.35993)/2 = 0.5 each. */
	sk_elo_predict_teams(2, start, r, 400, prob);
	CHECK_CLOSE(prob[0], 0.5, 1e-12);
	CHECK_CLOSE(prob[1], 0.5, 1e-12);
}

/* Three one-player teams: the chances sum to 1 and follow the ratings. */
static void
test_elo_free_for_all(void)
{
	int			start[] = {0, 1, 2, 3};
	double		r[] = {1700, 1500, 1300};
	double		prob[3];

	sk_elo_predict_teams(3, start, r, 400, prob);
	CHECK_CLOSE(prob[0] + prob[1] + prob[2], 1.0, 1e-12);
	CHECK(prob[0] > prob[1] && prob[1] > prob[2]);
	/* The middle player: (E(1500,1700) + E(1500,1300)) / 2 = 0.5, out of a total of 1.5. */
	CHECK_CLOSE(prob[1], 0.5 / 1.5, 1e-12);
}

/*
 * Gaussian Elo, three one-player teams 1700, 1600, 1400 at s = 200: each
 * pair Phi((r_i - r_j)/(sqrt(2) 200)); Python's NormalDist gives
 * Phi(100/(sqrt(2) 200)) = 0.6381631950841185 and Phi(300/(sqrt(2) 200)) =
 * 0.8555778168267576, so the first player's chance is their mean over a
 * total of 1.5: 0.4979136706369587.
 */
static void
test_elo_normal_free_for_all(void)
{
	int			start[] = {0, 1, 2, 3};
	double		r[] = {1700, 1600, 1400};
	double		prob[3];

	sk_elo_normal_predict_teams(3, start, r, 200, prob);
	CHECK_CLOSE(prob[0], 0.4979136706369587, 1e-15);
	CHECK_CLOSE(prob[0] + prob[1] + prob[2], 1.0, 1e-15);
	CHECK(prob[0] > prob[1] && prob[1] > prob[2]);
}

/*
 * Glicko win probability: 1700/50 against 1500/80.
 * g(sqrt(50^2 + 80^2)) = g(94.339811) = 0.9579825864337564; the probability is
 * 1 / (1 + 10^(-g 200/400)) = 0.7508064911006236.  With both RDs 0, g = 1
 * and it is Elo's 1 / (1 + 10^-0.5) = 0.7597469266479578.
 */
static void
test_glicko_win_probability(void)
{
	int			start[] = {0, 1, 2};
	double		r[] = {1700, 1500};
	double		rd[] = {50, 80};
	double		prob[2];

	CHECK_CLOSE(sk_glicko_win_probability(1700, 50, 1500, 80), 0.7508064911006236, 1e-12);
	CHECK_CLOSE(sk_glicko_win_probability(1700, 0, 1500, 0), 0.7597469266479578, 1e-12);
	CHECK_CLOSE(sk_glicko_win_probability(1700, 50, 1500, 80) +
				sk_glicko_win_probability(1500, 80, 1700, 50), 1.0, 1e-12);
	sk_glicko_predict_teams(2, start, r, rd, prob);
	CHECK_CLOSE(prob[0], 0.7508064911006236, 1e-12);
}

/*
 * Glicko-2 idle growth: RD 200, vol 0.06, two periods:
 * phi = 200 / 173.7178; sqrt(phi^2 + 2 * 0.06^2) * 173.7178 = 200.54246605909995.
 * Zero periods leave the RD as it is.
 */
static void
test_glicko2_idle(void)
{
	CHECK_CLOSE(sk_glicko2_idle_rd(200, 0.06, 2), 200.54246605909995, 1e-9);
	CHECK_CLOSE(sk_glicko2_idle_rd(200, 0.06, 0), 200, 1e-12);
}

int
main(void)
{
	test_rank_score();
	test_elo_duel();
	test_elo_k_schedule();
	test_elo_two_against_one();
	test_elo_free_for_all();
	test_elo_normal_free_for_all();
	test_glicko_win_probability();
	test_glicko2_idle();
	UNIT_DONE("pairwise");
}
