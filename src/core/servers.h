/*
 * servers.h - placing formed matches on game-server instances (the game
 * coordinator's second job: find a server for each session, spreading the
 * load so players get the lowest latency).
 */
#ifndef SKILL_CORE_SERVERS_H
#define SKILL_CORE_SERVERS_H

#include "status.h"

/*
 * Places n_matches matches, in the order given (the first has priority),
 * on n_servers servers.  Server s hosts at most capacity[s] sessions and
 * already runs load[s]; each match is one session.  worst_latency holds
 * n_matches rows of n_servers values (row-major): match m's worst player's
 * latency on server s, >= 0, or +infinity where some player cannot reach
 * the server.
 *
 * For each match, a server is acceptable when it has room (running <
 * capacity) and its worst latency is at most max_latency (+infinity: no
 * limit) and at most latency_slack above the lowest worst latency among
 * servers with room.  Of the acceptable servers it takes the least loaded
 * (running/capacity), then the lowest worst latency, then the lowest
 * index; that server's running count goes up by one.  server_out[m] is
 * the 0-based server, or -1 if no server with room is within max_latency.
 * So no server is ever filled beyond its capacity, a match never goes
 * further than slack for the sake of spreading, and with slack 0 among
 * equally close servers the sessions spread evenly.
 *
 * running (n_servers ints) is scratch space; on return it holds each
 * server's load after the placements.  capacity[s] >= 0 and load[s] >= 0
 * (a load at or above capacity means no room); max_latency >= 0 or
 * +infinity; latency_slack >= 0 and finite.  Returns SK_ERR_SIZE for
 * negative counts or NULL arrays, SK_ERR_NOT_FINITE for a NaN, SK_ERR_RANGE
 * for any other value out of range.
 */
sk_status	sk_place_matches(int n_servers, const int *capacity, const int *load,
							 int n_matches, const double *worst_latency,
							 double max_latency, double latency_slack,
							 int *running, int *server_out);

#endif
