/*
 * test_queue.c - forming matches from a queue (queue.c): small pools whose
 * matches follow from the rules by hand, and the input checks.
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>

#include "unit.h"

#include "matchmaking.h"
#include "queue.h"

#define MAX_ROWS 64

/* What the search emitted: per ticket its match (1-based) and team. */
typedef struct Seen
{
	int			matches;
	int			match_of[MAX_ROWS];
	int			team_of[MAX_ROWS];
	double		score[MAX_ROWS];
} Seen;

static void
record(void *ctx, int n_tickets, const int *tickets, const int *team, double score)
{
	Seen	   *seen = ctx;
	int			i;

	seen->matches++;
	for (i = 0; i < n_tickets; i++)
	{
		seen->match_of[tickets[i]] = seen->matches;
		seen->team_of[tickets[i]] = team[i];
	}
	seen->score[seen->matches] = score;
}

static double weight1[] = {1};
static double floor_half[] = {0.5};

static sk_queue
duel_queue(int n, const double *rating, const int *size, const double *beta)
{
	sk_queue	q = {0};

	q.n = n;
	q.rating = rating;
	q.size = size;
	q.beta = beta;
	q.weight = weight1;
	q.floors = floor_half;
	q.n_teams = 2;
	q.team_size = 1;
	return q;
}

static sk_status
run(const sk_queue *q, Seen *seen)
{
	void	   *work = malloc(sk_queue_workspace_size(q) + 1);
	sk_status	st;
	int			i;

	seen->matches = 0;
	for (i = 0; i < MAX_ROWS; i++)
		seen->match_of[i] = 0;
	st = sk_queue_form_matches(q, work, record, seen);
	free(work);
	return st;
}

/*
 * Four solos, beta 50: 1000 pairs with 1010 (skill score 1 - 10/100 =
 * 0.9), 2000 with 2010; tickets in input order, the first a pivot.
 */
static void
test_two_duels(void)
{
	double		rating[] = {2000, 1000, 2010, 1010};
	int			size[] = {1, 1, 1, 1};
	double		beta[] = {50, 50, 50, 50};
	sk_queue	q = duel_queue(4, rating, size, beta);
	Seen		seen;

	CHECK(run(&q, &seen) == SK_OK);
	CHECK(seen.matches == 2);
	CHECK(seen.match_of[0] == 1 && seen.match_of[2] == 1);
	CHECK(seen.match_of[1] == 2 && seen.match_of[3] == 2);
	CHECK(seen.team_of[0] != seen.team_of[2]);
	CHECK_CLOSE(seen.score[1], 0.9, 1e-12);
	CHECK_CLOSE(seen.score[2], 0.9, 1e-12);
}

/* A ticket outside everyone's window stays unmatched; the others pair. */
static void
test_left_out(void)
{
	double		rating[] = {1000, 5000, 1020};
	int			size[] = {1, 1, 1};
	double		beta[] = {50, 50, 50};
	sk_queue	q = duel_queue(3, rating, size, beta);
	Seen		seen;

	CHECK(run(&q, &seen) == SK_OK);
	CHECK(seen.matches == 1);
	CHECK(seen.match_of[1] == 0);
	CHECK(seen.match_of[0] == 1 && seen.match_of[2] == 1);
	/* 1 - 20/100 */
	CHECK_CLOSE(seen.score[1], 0.8, 1e-12);
}

/*
 * Within each other's window but below the floor: spread 80 with beta 100
 * scores 1 - 80/200 = 0.6: a match with the floor at 0.5, none at 0.7.
 */
static void
test_floor(void)
{
	double		rating[] = {1000, 1080};
	int			size[] = {1, 1};
	double		beta[] = {100, 100};
	double		high_floor[] = {0.7};
	sk_queue	q = duel_queue(2, rating, size, beta);
	Seen		seen;

	CHECK(run(&q, &seen) == SK_OK);
	CHECK(seen.matches == 1);
	CHECK_CLOSE(seen.score[1], 0.6, 1e-12);
	q.floors = high_floor;
	CHECK(run(&q, &seen) == SK_OK);
	CHECK(seen.matches == 0);
}

/*
 * 2v2 from a party of two and two solos: the party (rating 1000, strength
 * 2 x 1000) must play together, so the solos 990 and 1010 form the other
 * team.
 */
static void
test_party(void)
{
	double		rating[] = {1000, 990, 1010};
	int			size[] = {2, 1, 1};
	double		beta[] = {100, 100, 100};
	sk_queue	q = duel_queue(3, rating, size, beta);
	Seen		seen;

	q.team_size = 2;
	CHECK(run(&q, &seen) == SK_OK);
	CHECK(seen.matches == 1);
	CHECK(seen.team_of[1] == seen.team_of[2]);
	CHECK(seen.team_of[0] != seen.team_of[1]);
}

static int	interrupts;

static void
count_interrupts(void)
{
	interrupts++;
}

/* The search asks the host whether to stop, once per pivot at least. */
static void
test_interrupt_hook(void)
{
	double		rating[] = {2000, 1000, 2010, 1010};
	int			size[] = {1, 1, 1, 1};
	double		beta[] = {50, 50, 50, 50};
	sk_queue	q = duel_queue(4, rating, size, beta);
	Seen		seen;

	interrupts = 0;
	sk_interrupt_hook = count_interrupts;
	CHECK(run(&q, &seen) == SK_OK);
	sk_interrupt_hook = NULL;
	CHECK(interrupts >= 2);
}

static void
test_rejections(void)
{
	double		rating[] = {1000, NAN};
	int			size[] = {1, 1};
	double		beta[] = {50, 50};
	double		zero_beta[] = {50, 0};
	double		fine[] = {1000, 1010};
	int			big[] = {1, 2};
	sk_queue	q = duel_queue(2, rating, size, beta);
	Seen		seen;

	CHECK(run(&q, &seen) == SK_ERR_NOT_FINITE);
	q = duel_queue(2, fine, size, zero_beta);
	CHECK(run(&q, &seen) == SK_ERR_RANGE);
	q = duel_queue(2, fine, big, beta);
	CHECK(run(&q, &seen) == SK_ERR_RANGE);
	q = duel_queue(2, fine, size, beta);
	q.n_teams = 1;
	CHECK(run(&q, &seen) == SK_ERR_SIZE);
	CHECK(sk_queue_workspace_size(&q) == 0);
}

/*
 * Party bonus in balancing, 3v3: a party A, B (10 each) with C 12, D 8,
 * E 11, F 9.  Without a bonus the party takes E (31 vs 29, gap 2: no split
 * with the party together does better); with a bonus of 2 for the party
 * (k = 2: +2) it takes F (29 + 2 = 31 vs 31, gap 0).
 */
static void
test_party_bonus(void)
{
	double		strength[] = {10, 10, 12, 8, 11, 9};
	int			party[] = {0, 0, -1, -1, -1, -1};
	int			team[6];
	double		gap;
	void	   *work = malloc(sk_mm_balance_workspace_size(6, 2));

	CHECK(sk_mm_balance_teams_bonus(6, strength, party, 2, 3, 0, team, &gap, work) == SK_OK);
	CHECK_CLOSE(gap, 2, 1e-12);
	CHECK(team[4] == team[0] && team[1] == team[0]);
	CHECK(sk_mm_balance_teams_bonus(6, strength, party, 2, 3, 2, team, &gap, work) == SK_OK);
	CHECK_CLOSE(gap, 0, 1e-12);
	CHECK(team[5] == team[0] && team[1] == team[0]);
	CHECK(sk_mm_balance_teams_bonus(6, strength, party, 2, 3, -1, team, &gap, work) == SK_ERR_RANGE);
	free(work);
}

int
main(void)
{
	test_party_bonus();
	test_two_duels();
	test_left_out();
	test_floor();
	test_party();
	test_interrupt_hook();
	test_rejections();
	UNIT_DONE("queue");
}
