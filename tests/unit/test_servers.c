/*
 * test_servers.c - placing matches on game servers (servers.c): small
 * cases whose placement follows from the rules by hand, and input checks.
 */
#include <math.h>

#include "unit.h"

#include "servers.h"

/*
 * One match, three empty servers of 2: worst latencies 40, 50, 90.  With
 * slack 0 only server 0 (the lowest, 40) is acceptable; with slack 15 the
 * servers within 40 + 15 are 0 and 1, and when 0 already runs a session
 * the emptier 1 wins; slack 100 adds 2, emptier still, but 1 is as empty
 * and closer.
 */
static void
test_latency_then_load(void)
{
	int			capacity[] = {2, 2, 2};
	int			empty[] = {0, 0, 0};
	int			busy0[] = {1, 0, 0};
	double		latency[] = {40, 50, 90};
	int			running[3],
				server;

	CHECK(sk_place_matches(3, capacity, empty, 1, latency, INFINITY, 0, running, &server) == SK_OK);
	CHECK(server == 0);
	CHECK(running[0] == 1 && running[1] == 0 && running[2] == 0);
	CHECK(sk_place_matches(3, capacity, busy0, 1, latency, INFINITY, 0, running, &server) == SK_OK);
	CHECK(server == 0);
	CHECK(sk_place_matches(3, capacity, busy0, 1, latency, INFINITY, 15, running, &server) == SK_OK);
	CHECK(server == 1);
	CHECK(sk_place_matches(3, capacity, busy0, 1, latency, INFINITY, 100, running, &server) == SK_OK);
	CHECK(server == 1);
}

/*
 * Load is compared as a fraction of capacity: 4 of 10 (0.4) is less
 * loaded than 1 of 2 (0.5), and 1 of 2 than 3 of 4 (0.75).
 */
static void
test_load_fraction(void)
{
	int			capacity[] = {2, 10, 4};
	int			load[] = {1, 4, 3};
	double		latency[] = {10, 10, 10};
	int			running[3],
				server;

	CHECK(sk_place_matches(3, capacity, load, 1, latency, INFINITY, 0, running, &server) == SK_OK);
	CHECK(server == 1);
	CHECK(running[1] == 5);
}

/*
 * Capacity is never exceeded: five equal matches on servers of 1 and 2
 * sessions.  Match 0: both empty (0/1 = 0/2), index 0.  Match 1: 1/1 full,
 * so server 1.  Match 2: server 1 (1/2).  Matches 3 and 4: no room, -1.
 */
static void
test_capacity(void)
{
	int			capacity[] = {1, 2};
	int			load[] = {0, 0};
	double		latency[10] = {5, 5, 5, 5, 5, 5, 5, 5, 5, 5};
	int			running[2],
				server[5];

	CHECK(sk_place_matches(2, capacity, load, 5, latency, INFINITY, 0, running, server) == SK_OK);
	CHECK(server[0] == 0 && server[1] == 1 && server[2] == 1);
	CHECK(server[3] == -1 && server[4] == -1);
	CHECK(running[0] == 1 && running[1] == 2);
}

/*
 * max_latency and unreachable servers: match 0 is 120 from server 0 and
 * cannot reach server 1 (+inf); with max 100 it stays unplaced, with no
 * limit it goes to server 0.  A full server is skipped for the best
 * latency: match 1 (30 on server 0, 60 on server 1) with server 0 full
 * goes to 1 even with slack 0.  A drained server (capacity 0) takes none.
 */
static void
test_limits(void)
{
	int			capacity[] = {1, 1};
	int			load[] = {0, 0};
	int			full0[] = {1, 0};
	int			drained[] = {0, 0};
	double		unreachable[] = {120, INFINITY};
	double		near0[] = {30, 60};
	int			running[2],
				server;

	CHECK(sk_place_matches(2, capacity, load, 1, unreachable, 100, 0, running, &server) == SK_OK);
	CHECK(server == -1);
	CHECK(sk_place_matches(2, capacity, load, 1, unreachable, INFINITY, 0, running, &server) == SK_OK);
	CHECK(server == 0);
	CHECK(sk_place_matches(2, capacity, full0, 1, near0, INFINITY, 0, running, &server) == SK_OK);
	CHECK(server == 1);
	CHECK(sk_place_matches(2, drained, load, 1, near0, INFINITY, 0, running, &server) == SK_OK);
	CHECK(server == -1);
	CHECK(sk_place_matches(0, NULL, NULL, 1, NULL, INFINITY, 0, NULL, &server) == SK_OK);
	CHECK(server == -1);
}

/*
 * Spreading: six matches equally close to three servers of 4, slack 0:
 * round robin 0, 1, 2, 0, 1, 2 (least loaded, then lowest index).
 */
static void
test_spread(void)
{
	int			capacity[] = {4, 4, 4};
	int			load[] = {0, 0, 0};
	double		latency[18];
	int			running[3],
				server[6],
				k;

	for (k = 0; k < 18; k++)
		latency[k] = 25;
	CHECK(sk_place_matches(3, capacity, load, 6, latency, INFINITY, 0, running, server) == SK_OK);
	for (k = 0; k < 6; k++)
		CHECK(server[k] == k % 3);
	CHECK(running[0] == 2 && running[1] == 2 && running[2] == 2);
}

static void
test_checks(void)
{
	int			capacity[] = {1};
	int			load[] = {0};
	int			negative[] = {-1};
	double		latency[] = {1};
	double		bad[] = {-1};
	double		nan_latency[] = {NAN};
	int			running[1],
				server = 7;

	CHECK(sk_place_matches(-1, capacity, load, 1, latency, INFINITY, 0, running, &server) == SK_ERR_SIZE);
	CHECK(sk_place_matches(1, capacity, load, 1, NULL, INFINITY, 0, running, &server) == SK_ERR_SIZE);
	CHECK(sk_place_matches(1, negative, load, 1, latency, INFINITY, 0, running, &server) == SK_ERR_RANGE);
	CHECK(sk_place_matches(1, capacity, negative, 1, latency, INFINITY, 0, running, &server) == SK_ERR_RANGE);
	CHECK(sk_place_matches(1, capacity, load, 1, bad, INFINITY, 0, running, &server) == SK_ERR_RANGE);
	CHECK(sk_place_matches(1, capacity, load, 1, nan_latency, INFINITY, 0, running, &server) == SK_ERR_NOT_FINITE);
	CHECK(sk_place_matches(1, capacity, load, 1, latency, NAN, 0, running, &server) == SK_ERR_NOT_FINITE);
	CHECK(sk_place_matches(1, capacity, load, 1, latency, -1, 0, running, &server) == SK_ERR_RANGE);
	CHECK(sk_place_matches(1, capacity, load, 1, latency, INFINITY, INFINITY, running, &server) == SK_ERR_NOT_FINITE);
	CHECK(sk_place_matches(1, capacity, load, 1, latency, INFINITY, -2, running, &server) == SK_ERR_RANGE);
	/* Nothing is written on an error. */
	CHECK(server == 7);
}

int
main(void)
{
	test_latency_then_load();
	test_load_fraction();
	test_capacity();
	test_limits();
	test_spread();
	test_checks();
	UNIT_DONE("servers");
}
