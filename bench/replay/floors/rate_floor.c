/*
 * rate_floor.c - the Plackett-Luce math alone: rates seeded random 1v1 and
 * 5v5 matches with the core (src/core/openskill.c) from cache-resident
 * arrays, no lookups and no SQL, and prints nanoseconds per match.  The
 * replay benchmark adds this to the other floors (bench/replay/run.sh).
 *   rate_floor MATCHES  ->  "1v1 NS" and "5v5 NS" lines
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "openskill.h"

#define POOL 4096				/* random ratings, reused round-robin (a power of 2) */

static uint32_t seed = 42;

/* mulberry32, the generator of gen.mjs */
static double
next_unit(void)
{
	uint32_t	t = (seed += 0x6D2B79F5u);

	t = (t ^ (t >> 15)) * (t | 1u);
	t ^= t + (t ^ (t >> 7)) * (t | 61u);
	return (double) (t ^ (t >> 14)) / 4294967296.0;
}

static double
seconds_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Best of three passes of `matches` matches of two teams of `size`. */
static double
ns_per_match(long matches, int size)
{
	static double mu_pool[POOL], sigma_pool[POOL];
	int			n = 2 * size;
	int			team_start[3] = {0, size, n};
	double		ranks[2] = {1, 2};
	double		mu[10], sigma[10], mu_out[10], sigma_out[10];
	double		best = 1e300, checksum = 0;
	sk_os_params params;
	sk_os_match match = {2, team_start, mu, sigma, ranks, NULL, NULL};
	void	   *work = malloc(sk_os_workspace_size(2, n));
	int			pass, i;

	sk_os_default_params(&params, SK_OS_PLACKETT_LUCE);
	for (i = 0; i < POOL; i++)
	{
		mu_pool[i] = 15 + 20 * next_unit();
		sigma_pool[i] = 1 + 7.33 * next_unit();
	}
	for (pass = 0; pass < 3; pass++)
	{
		double		started = seconds_now();
		unsigned long m,
					at = 0;

		for (m = 0; m < (unsigned long) matches; m++)
		{
			for (i = 0; i < n; i++, at++)
			{
				mu[i] = mu_pool[at & (POOL - 1)];
				sigma[i] = sigma_pool[at & (POOL - 1)];
			}
			ranks[0] = (m & 1) ? 1 : 2;
			ranks[1] = 3 - ranks[0];
			if (sk_os_rate(&params, &match, mu_out, sigma_out, work) != SK_OK)
				abort();
			checksum += mu_out[0];
		}
		if (seconds_now() - started < best)
			best = seconds_now() - started;
	}
	free(work);
	if (checksum == 0)
		abort();
	return best * 1e9 / matches;
}

int
main(int argc, char **argv)
{
	long		matches = argc > 1 ? atol(argv[1]) : 1000000;

	printf("1v1 %.1f\n", ns_per_match(matches, 1));
	printf("5v5 %.1f\n", ns_per_match(matches / 5, 5));
	return 0;
}
