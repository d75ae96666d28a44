/*
 * servers.c - placing matches on game servers (servers.h).
 */
#include "servers.h"

#include <math.h>
#include <stddef.h>

static sk_status
check_input(int n_servers, const int *capacity, const int *load, int n_matches,
			const double *worst_latency, double max_latency, double latency_slack,
			const int *running, const int *server_out)
{
	long		k;
	int			s;

	if (n_servers < 0 || n_matches < 0 ||
		(n_servers > 0 && (capacity == NULL || load == NULL || running == NULL)) ||
		(n_matches > 0 && server_out == NULL) ||
		(n_servers > 0 && n_matches > 0 && worst_latency == NULL))
		return SK_ERR_SIZE;
	if (isnan(max_latency) || !isfinite(latency_slack))
		return SK_ERR_NOT_FINITE;
	if (max_latency < 0.0 || latency_slack < 0.0)
		return SK_ERR_RANGE;
	for (s = 0; s < n_servers; s++)
		if (capacity[s] < 0 || load[s] < 0)
			return SK_ERR_RANGE;
	for (k = 0; k < (long) n_servers * n_matches; k++)
	{
		if (isnan(worst_latency[k]))
			return SK_ERR_NOT_FINITE;
		if (worst_latency[k] < 0.0)
			return SK_ERR_RANGE;
	}
	return SK_OK;
}

/* Is server a less loaded than b?  running/capacity compared exactly. */
static int
less_loaded(const int *capacity, const int *running, int a, int b)
{
	long long	lhs = (long long) running[a] * capacity[b];
	long long	rhs = (long long) running[b] * capacity[a];

	return lhs < rhs ? -1 : lhs > rhs ? 1 : 0;
}

/* The server for one match (row of worst latencies), or -1. */
static int
choose_server(int n_servers, const int *capacity, const int *running,
			  const double *latency, double max_latency, double latency_slack)
{
	double		best = INFINITY;
	int			chosen = -1;
	int			s;

	for (s = 0; s < n_servers; s++)
		if (running[s] < capacity[s] && latency[s] <= max_latency && latency[s] < best)
			best = latency[s];
	if (isinf(best))
		return -1;
	for (s = 0; s < n_servers; s++)
	{
		int			order;

		if (!(running[s] < capacity[s] && latency[s] <= max_latency &&
			  latency[s] <= best + latency_slack))
			continue;
		if (chosen < 0)
		{
			chosen = s;
			continue;
		}
		order = less_loaded(capacity, running, s, chosen);
		if (order < 0 || (order == 0 && latency[s] < latency[chosen]))
			chosen = s;
	}
	return chosen;
}

sk_status
sk_place_matches(int n_servers, const int *capacity, const int *load,
				 int n_matches, const double *worst_latency,
				 double max_latency, double latency_slack,
				 int *running, int *server_out)
{
	sk_status	status = check_input(n_servers, capacity, load, n_matches, worst_latency,
									 max_latency, latency_slack, running, server_out);
	int			m,
				s;

	if (status != SK_OK)
		return status;
	for (s = 0; s < n_servers; s++)
		running[s] = load[s];
	for (m = 0; m < n_matches; m++)
	{
		int			chosen = -1;

		if ((m & 63) == 63)
			sk_check_interrupts();
		if (n_servers > 0)
			chosen = choose_server(n_servers, capacity, running,
								   worst_latency + (long) m * n_servers,
								   max_latency, latency_slack);
		if (chosen >= 0)
			running[chosen]++;
		server_out[m] = chosen;
	}
	return SK_OK;
}
