#!/usr/bin/env bash
# bench/draws/run.sh - what a draw model costs: elo_history and elo_replay
# over 1,000,000 seeded two-player matches with every fourth a draw, with
# draw_model 'threshold' against the same with 'none' (target: at most
# 1.1x).  The two queries run interleaved, RUNS times each (default 7), in
# a fresh backend each, the order alternating; each run is timed by the
# backend's own CPU time (the first field of /proc/PID/schedstat, in
# nanoseconds), which the machine's other load does not inflate as it
# does wall time.  Prints the medians and the ratio of medians.
source "$(dirname "$0")/../../scripts/lib.sh"

RUNS=${RUNS:-7}
MATCHES=${MATCHES:-1000000}
PLAYERS=${PLAYERS:-50000}
ensure_packages
build_and_install
start_bench_cluster

q <<SQL
CREATE EXTENSION skill;
SELECT setseed(0.42);
-- Two distinct random players a match; every fourth match a draw (both
-- ranks 1), else a coin decides the winner.
CREATE TABLE drawn AS
WITH m AS (
  SELECT m, 1 + floor(random() * $PLAYERS)::bigint AS a, 1 + floor(random() * ($PLAYERS - 1))::bigint AS b0,
         random() < 0.5 AS a_wins
  FROM generate_series(1, $MATCHES) m)
SELECT m::bigint AS match_id, timestamptz '2020-01-01 00:00+00' + m * interval '1 minute' AS played_at,
       v.player_id, v.team, v.rank
FROM m, LATERAL (SELECT CASE WHEN b0 >= a THEN b0 + 1 ELSE b0 END AS b) p,
     LATERAL (VALUES (a, 1, CASE WHEN m % 4 = 0 OR a_wins THEN 1 ELSE 2 END::float8),
                     (p.b, 2, CASE WHEN m % 4 = 0 OR NOT a_wins THEN 1 ELSE 2 END::float8)) v(player_id, team, rank)
ORDER BY 1, 4;
CREATE INDEX ON drawn (played_at, match_id);
VACUUM ANALYZE drawn;
SQL

rows='SELECT * FROM drawn ORDER BY played_at, match_id'
none='{}'
threshold='{"draw_model": "threshold", "draw_margin": 0.6}'

# cpu_seconds QUERY: the backend's CPU time for QUERY, in a fresh backend.
cpu_seconds() {
	psql -X -q -At -v ON_ERROR_STOP=1 -d postgres <<SQL
SET max_parallel_workers_per_gather = 0;
SELECT pg_backend_pid() AS pid \gset
\setenv BACKEND :pid
\! awk '{ print \$1 }' /proc/\$BACKEND/schedstat > "$DATA_DIR/before"
\o /dev/null
$1;
\o
\! awk '{ print \$1 }' /proc/\$BACKEND/schedstat > "$DATA_DIR/after"
SQL
	awk 'NR == FNR { b = $1; next } { printf "%.3f\n", ($1 - b) / 1e9 }' "$DATA_DIR/before" "$DATA_DIR/after"
}

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

DATA_DIR=$(mktemp -d /tmp/skill-draws-bench.XXXXXX)
trap 'stop_cluster; rm -rf "$DATA_DIR"' EXIT

# row LABEL QUERY_NONE QUERY_THRESHOLD
row() {
	local i a b as=() bs=()
	for i in $(seq "$RUNS"); do
		if [ $((i % 2)) -eq 1 ]; then
			a=$(cpu_seconds "$2"); b=$(cpu_seconds "$3")
		else
			b=$(cpu_seconds "$3"); a=$(cpu_seconds "$2")
		fi
		as+=("$a"); bs+=("$b")
	done
	a=$(printf '%s\n' "${as[@]}" | median)
	b=$(printf '%s\n' "${bs[@]}" | median)
	awk -v l="$1" -v a="$a" -v b="$b" -v ra="${as[*]}" -v rb="${bs[*]}" \
		'BEGIN { printf "| %s | %.3f s | %.3f s | %.3fx | %s / %s |\n", l, a, b, b / a, ra, rb }'
}

echo "$BENCH_HUGE_PAGES; $RUNS interleaved runs each, backend CPU time, medians"
echo
echo "| $MATCHES two-player matches, 25 % draws | draw_model none | threshold | ratio | runs (none / threshold) |"
echo "|---|---|---|---|---|"
row '`elo_history`' \
	"SELECT count(*) FROM skill.elo_history('$rows', '$none')" \
	"SELECT count(*) FROM skill.elo_history('$rows', '$threshold')"
row '`elo_replay`' \
	"SELECT cardinality(skill.elo_replay(match_id, played_at, player_id, team, rank, NULL, '$none')) FROM ($rows) r" \
	"SELECT cardinality(skill.elo_replay(match_id, played_at, player_id, team, rank, NULL, '$threshold')) FROM ($rows) r"
