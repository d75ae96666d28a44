#!/usr/bin/env bash
# bench/replay/history.sh - streams the history of 10,000,000 rows (5,000,000
# 1v1 matches among 50,000 players) through skill.pl_history and reports the
# time and the backend's peak resident memory, next to the same backend's
# peak after a plain scan of the table (shared buffers count in both, so
# they are kept small: 32 MB).  work_mem 4 MB: the output spills to disk.
# ROWS_MATCHES=500000 for a quicker look.
source "$(dirname "$0")/../../scripts/lib.sh"

MATCHES=${ROWS_MATCHES:-5000000}
ensure_packages
build_and_install
PG_EXTRA_OPTS="-c shared_buffers=32MB -c work_mem=4MB -c max_parallel_workers_per_gather=0" start_cluster
q -c "CREATE EXTENSION skill"
log "generating $MATCHES matches ($((MATCHES * 2)) rows) in SQL"
q <<SQL
CREATE TABLE big (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8);
INSERT INTO big
SELECT m, timestamptz '2026-01-01' + m * interval '1 second', p.player, p.team,
       CASE WHEN p.team = 1 + (abs(hashint8(m * 3)) % 2) THEN 1 ELSE 2 END
FROM generate_series(1, $MATCHES) m
CROSS JOIN LATERAL (VALUES (1 + abs(hashint8(m)) % 50000, 1),
                           (1 + (abs(hashint8(m)) % 50000 + 1 + abs(hashint8(m * 7)) % 49999) % 50000, 2)) p(player, team);
VACUUM ANALYZE big;
SQL
peak='SELECT (regexp_match(pg_read_file($$/proc/self/status$$), $$VmHWM:\s+(\d+)$$))[1]'
log "plain scan"
scan_kb=$(q -c "SELECT count(*), sum(rank) FROM big" -c "$peak" | tail -n 1)
log "pl_history over every row"
out=$(q -c '\timing on' -c "SELECT count(*), round(avg(-ln(predicted_win)) FILTER (WHERE rank = 1)::numeric, 4)
	FROM skill.pl_history('SELECT match_id, played_at, player_id, team, rank FROM big')" -c '\timing off' -c "$peak")
echo "$out"
hist_kb=$(echo "$out" | tail -n 1)
echo "rows streamed: $(echo "$out" | head -n 1 | cut -d'|' -f1), log-loss of the winners: $(echo "$out" | head -n 1 | cut -d'|' -f2)"
echo "backend peak RSS after a plain scan: $scan_kb kB; after pl_history: $hist_kb kB"
