#!/usr/bin/env bash
# bench/trueskill/run.sh - skill.trueskill_rate against ts-trueskill 5.1.0,
# in one run: builds and installs the extension, starts a throwaway cluster,
# times 100,000 TrueSkill rates of 1v1 matches and of 4-team matches (4 teams
# of 2) in SQL and the same in node, and prints matches/second and the ratio.
#
#   BENCH_MATCHES (default 100000), BENCH_PASSES (default 3: best of).
#
# Both sides use the default environment (mu 25, sigma 25/3, beta 25/6,
# tau 25/300, draw_probability 0.1) and ranks in list order, on seeded random
# ratings (mu in [20, 30), sigma in [1, 8)).  SQL is timed in one backend
# with parallel query and JIT off (one core, like node); a second column
# shows the same scan with 2 parallel workers, a third the bare scan.
source "$(dirname "$0")/../../scripts/lib.sh"

MATCHES=${BENCH_MATCHES:-100000}
PASSES=${BENCH_PASSES:-3}
HERE=$REPO_ROOT/bench/trueskill

ensure_packages
command -v node >/dev/null && command -v npm >/dev/null || {
	echo "bench/trueskill needs node and npm (apt-get install nodejs npm)" >&2
	exit 1
}
build_and_install
start_cluster
PSQL="$PG_BIN/psql -X -q -v ON_ERROR_STOP=1 -d postgres"

log "ts-trueskill: $MATCHES matches per shape, best of $PASSES"
(cd "$HERE" && { [ -d node_modules/ts-trueskill ] || npm ci --no-audit --no-fund --loglevel=error >&2; })
mapfile -t js < <(cd "$HERE" && node bench.mjs "$MATCHES" "$PASSES")

log "SQL: generating $MATCHES matches per shape"
$PSQL <<SQL
CREATE EXTENSION skill;
\i '$REPO_ROOT/bench/rate_common.sql'
SELECT setseed(0.42);
CREATE TABLE m1v1 AS SELECT ARRAY[r(), r()] AS t FROM generate_series(1, $MATCHES);
CREATE TABLE m4team AS
SELECT ARRAY[ARRAY[r(), r()], ARRAY[r(), r()], ARRAY[r(), r()], ARRAY[r(), r()]] AS t
FROM generate_series(1, $MATCHES);
VACUUM ANALYZE m1v1;
VACUUM ANALYZE m4team;
SQL

sql_rate() { $PSQL -At -c "SELECT round(rate_per_second('$1', $PASSES, ${2:-0}))"; }

log "SQL: timing"
printf '%-6s %16s %16s %8s %18s %16s\n' shape sql_rates_per_s js_rates_per_s ratio sql_2_workers scan_only_per_s
for shape in 1v1 4team; do
	table=m$shape
	sql=$(sql_rate "SELECT count(skill.trueskill_rate(t)) FROM $table")
	par=$(sql_rate "SELECT count(skill.trueskill_rate(t)) FROM $table" 2)
	scan=$(sql_rate "SELECT count(t) FROM $table")
	node=$(printf '%s\n' "${js[@]}" | awk -v s="$shape" '$1 == s { print $2 }')
	ratio=$(awk -v a="$sql" -v b="$node" 'BEGIN { printf "%.1f", a / b }')
	printf '%-6s %16s %16s %7sx %18s %16s\n' "$shape" "$sql" "$node" "$ratio" "$par" "$scan"
done
