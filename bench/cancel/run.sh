#!/usr/bin/env bash
# bench/cancel/run.sh - how late a cancel takes effect on the slow paths, at
# 4,000,000 players: 2,000,000 1v1 matches between distinct players (every
# player plays once, so each replay's final array holds 4M players and a
# history has 4M rows).  Sets up a cluster and the table, then runs
# cancel.py beside this script, which cancels each path at points spread
# over its whole run and reports, per path, the median and maximum delay
# from pg_cancel_backend to the error reaching the client (see its header
# for how the points are chosen and the delay is timed).  The per-match
# paths (*_10k) read one match of 10,000 players from the table huge.
#
# PROFILE=1 also records each run with perf (when installed): where the
# result's building began in the uncancelled run, and for each cancel what
# the backend ran between the cancel and the error.
# MATCHES=200000 for a quicker look; PATHS="elo_replay replay_elo" for some
# paths; REPEATS, FRACTIONS, BEFORE_END as cancel.py reads them.
source "$(dirname "$0")/../../scripts/lib.sh"

MATCHES=${MATCHES:-2000000}

ensure_packages
build_and_install
start_bench_cluster
q -c "CREATE EXTENSION skill"
log "generating $MATCHES 1v1 matches between $((MATCHES * 2)) distinct players"
q <<SQL
CREATE TABLE big (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8);
INSERT INTO big
SELECT m, timestamptz '2026-01-01' + m * interval '1 second', 2 * m - 2 + t, t,
       CASE WHEN t = 1 + (abs(hashint8(m)) % 2) THEN 1 ELSE 2 END
FROM generate_series(1, $MATCHES) m, generate_series(1, 2) t;
CREATE INDEX ON big (played_at, match_id);
VACUUM ANALYZE big;
CREATE TABLE huge AS
SELECT array_agg(1500 + (i % 997)::float8 ORDER BY i) AS elo,
       array_agg(skill.rating(25 + (i % 17) * 0.5, 8) ORDER BY i) AS os,
       array_agg((10001 - i)::float8 ORDER BY i) AS ranks,
       array_agg(i::bigint ORDER BY i) AS ids
FROM generate_series(1, 10000) i;
SQL
log "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 "$REPO_ROOT/bench/cancel/cancel.py"
log "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
