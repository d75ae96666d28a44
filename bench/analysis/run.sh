#!/usr/bin/env bash
# bench/analysis/run.sh - the analyst's loop at scale: every
# history's throughput on 1,000,000 seeded 1v1 matches (2,000,000 rows), the scoring
# aggregate over 10,000,000 predictions against count(*) over the same
# table, and fitting a three-parameter Elo K schedule over the 1M matches.
# Yardsticks from the same run: reading the rows query, and returning a
# history's rows, stored, from a plain SQL set-returning function (what
# PostgreSQL's set-returning-function machinery costs with no replay).
# Best of RUNS (default 3) per query, server execution times.
source "$(dirname "$0")/../../scripts/lib.sh"

RUNS=${RUNS:-3}
MATCHES=${MATCHES:-1000000}
PREDICTIONS=${PREDICTIONS:-10000000}
bench_1v1_setup analysis
q <<SQL
CREATE EXTENSION skill;
CREATE TABLE results (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8);
\copy results FROM '$DATA/h1v1.csv' WITH (FORMAT csv)
CREATE INDEX ON results (played_at, match_id);
CREATE TABLE predictions AS
SELECT (((i * 7919) % 99991 + 1) / 99993.0)::float8 AS p, (((i * 31) % 3) / 2.0)::float8 AS o FROM generate_series(1::bigint, $PREDICTIONS) i;
VACUUM ANALYZE results;
VACUUM ANALYZE predictions;
SQL

rows=$((2 * MATCHES))
ROWS_QUERY='SELECT match_id, played_at, player_id, team, rank FROM results ORDER BY played_at, match_id'
declare -A took		# family -> seconds at work_mem 4MB
history() {		# family work_mem
	local s
	s=$(best_seconds "SET work_mem = '$2';" "SELECT count(*) FROM skill.$1_history('$ROWS_QUERY')")
	[ "$2" = 4MB ] && took[$1]=$s
	awk -v f="$1" -v w="$2" -v s="$s" -v r="$rows" 'BEGIN { printf "| `%s_history`, work_mem %s | %s s | %.2fM rows/s |\n", f, w, s, r / s / 1e6 }'
}
echo "Server: $BENCH_HUGE_PAGES, work_mem as given, best of $RUNS runs, each in a fresh backend."
echo
echo "| query | time | throughput |"
echo "|---|---|---|"
for f in elo pl bt_full tm_full trueskill glicko glicko2 team_glicko; do
	history $f 4MB
done
# Load-independent yardsticks from the same run: the rows query alone
# (count(*) needs no heap column, so the planner reads the index only) and
# reading every row (player_id is only in the heap; its filter tips the
# plan's cost over jit_above_cost, and compiling would be most of the time).
scan=$(best_seconds "" "SELECT count(*) FROM ($ROWS_QUERY) s")
read_all=$(best_seconds "SET jit = off;" "SELECT count(*) FROM ($ROWS_QUERY) s WHERE player_id IS NOT NULL")
awk -v a="$scan" -v b="$read_all" -v pl="${took[pl]}" -v elo="${took[elo]}" 'BEGIN {
	printf "| `count(*)` over the rows query | %s s | `pl_history` %.2fx, `elo_history` %.2fx |\n", a, pl / a, elo / a
	printf "| the same reading every row | %s s | `pl_history` %.2fx, `elo_history` %.2fx; `pl_history` %.2fx `elo_history` |\n", b, pl / b, elo / b, pl / elo }'
# The per-match form, what scoring reads: one row per match, so half the
# rows of a history (throughput counted in input rows, as the histories').
for f in elo pl glicko2; do
	s=$(best_seconds "" "SELECT count(*) FROM skill.match_predictions('$f', '$ROWS_QUERY')")
	awk -v f="$f" -v s="$s" -v r="$rows" 'BEGIN {
		printf "| `match_predictions('"'"'%s'"'"', ...)`, one row per match | %s s | %.2fM input rows/s |\n", f, s, r / s / 1e6 }'
done
# The floor under any set-returning function with a history's rows: those
# rows, stored (and cached), returned by a plain SQL function.  It is
# VOLATILE, so not inlined: PostgreSQL puts its result into a tuplestore,
# spilled past work_mem and read back, as it does the history's, with no
# replay, prediction or rows query at all.
q -c "CREATE EXTENSION pg_prewarm"
for f in elo pl glicko2; do
	q <<SQL >/dev/null
CREATE TABLE stored_$f AS SELECT * FROM skill.${f}_history('$ROWS_QUERY');
VACUUM ANALYZE stored_$f;
SELECT pg_prewarm('stored_$f');
CREATE FUNCTION stored_$f() RETURNS SETOF stored_$f LANGUAGE sql VOLATILE AS 'SELECT * FROM stored_$f';
SQL
	table=$(best_seconds "" "SELECT count(*) FROM stored_$f")
	returned=$(best_seconds "" "SELECT count(*) FROM stored_$f()")
	q -c "DROP FUNCTION stored_$f(); DROP TABLE stored_$f"
	awk -v f="$f" -v t="$table" -v s="$returned" -v h="${took[$f]}" -v r="$rows" 'BEGIN {
		printf "| `%s_history` rows, stored: `count(*)` over the table | %s s | |\n", f, t
		printf "| the same rows returned by a SQL function (`count(*) FROM f()`) | %s s | %.2fM rows/s; `%s_history` %.2fx |\n", s, r / s / 1e6, f, h / s }'
done
history elo 1GB
history pl 1GB
scan=$(best_seconds "" "SELECT count(*) FROM predictions")
score=$(best_seconds "" "SELECT skill.prediction_score(p, o) FROM predictions")
awk -v a="$scan" -v b="$score" -v n="$PREDICTIONS" 'BEGIN {
	printf "| `count(*)` over %d predictions | %s s | |\n", n, a
	printf "| `prediction_score` over the same | %s s | %.2fx count(*) |\n", b, b / a }'
fit=$(q -c "SET client_min_messages = warning" -c "SELECT skill.fit('elo', 'SELECT * FROM results ORDER BY played_at, match_id', '{\"k_a\": [50, 500], \"k_b\": [1, 20], \"k_c\": [0, 1]}')")
seconds=$(echo "$fit" | sed -n 's/.*"seconds": \([0-9.]*\).*/\1/p')
evaluations=$(echo "$fit" | sed -n 's/.*"evaluations": \([0-9]*\).*/\1/p')
awk -v m="$MATCHES" -v s="$seconds" -v e="$evaluations" 'BEGIN {
	printf "| fit, Elo k_a/k_b/k_c over %d matches | %.1f s | %d evaluations (%.1f per second) |\n", m, s, e, e / s }'
