#!/usr/bin/env bash
# bench/internals/run.sh - what each fast path of src/sql/pg_internals.c
# buys over its portable twin.  Builds the module once per variant (the
# default build, SKILL_PORTABLE=1, and each operation's portable path
# alone), then, in ROUNDS rounds, swaps each variant's skill.so into the
# server in turn and times the same queries (least backend CPU time of RUNS,
# each in a fresh backend, which loads the module then in place): the
# histories, a replay aggregate over a table, skill.replay, and pl_rate
# calls.  Prints the least time per variant and query, and each variant's
# time against the default's.
#   MATCHES=200000 ROUNDS=3 RUNS=3 VARIANTS="fast portable ROW_TEMPLATE ..."
source "$(dirname "$0")/../../scripts/lib.sh"

RUNS=${RUNS:-3}
ROUNDS=${ROUNDS:-3}
MATCHES=${MATCHES:-200000}
VARIANTS=${VARIANTS:-"fast portable ROWS_RECEIVER ROW_TEMPLATE COMPOSITE_ARRAY BULK_POPULATE RATING_ARRAY"}
unset SKILL_PORTABLE
bench_1v1_setup internals
LIBDIR=$("$PG_CONFIG" --pkglibdir)
SO_DIR=$DATA/so
mkdir -p "$SO_DIR"
cp "$LIBDIR/skill.so" "$SO_DIR/fast.so"	# bench_1v1_setup built the default
# The variants differ only in the files that include src/sql/pg_internals.h
# (all in src/sql) and in bulk_alloc.c: those are rebuilt with the variant's
# flags, the rest kept, so the build's flavour stamp stays the default's.
for v in $VARIANTS; do
	[ "$v" = fast ] && continue
	log "building variant $v"
	define=$([ "$v" = portable ] && echo SKILL_PORTABLE || echo "SKILL_PORTABLE_$v")
	touch "$REPO_ROOT"/src/sql/*.c "$REPO_ROOT/src/engine/bulk_alloc.c"
	make -C "$REPO_ROOT" -s -j2 PG_CONFIG="$PG_CONFIG" PG_CPPFLAGS="-Isrc -D$define" >/dev/null
	cp "$REPO_ROOT/skill.so" "$SO_DIR/$v.so"
done
touch "$REPO_ROOT"/src/sql/*.c "$REPO_ROOT/src/engine/bulk_alloc.c"
make -C "$REPO_ROOT" -s PG_CONFIG="$PG_CONFIG" >/dev/null	# leave the default built

q <<SQL
CREATE EXTENSION skill;
CREATE TABLE results (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8);
\copy results FROM '$DATA/h1v1.csv' WITH (FORMAT csv)
CREATE INDEX ON results (played_at, match_id);
VACUUM ANALYZE results;
CREATE TABLE duels AS
SELECT ARRAY[ROW(25 + i % 7, 8.3)::skill.rating, ROW(24 - i % 5, 7.9)::skill.rating] AS t
FROM generate_series(1, 100000) i;
VACUUM ANALYZE duels;
SQL
ROWS_QUERY='SELECT match_id, played_at, player_id, team, rank FROM results ORDER BY played_at, match_id'
names=(elo_history pl_history glicko2_history pl_replay_table replay_pl pl_rate_100k)
queries=(
	"SELECT count(*) FROM skill.elo_history('$ROWS_QUERY')"
	"SELECT count(*) FROM skill.pl_history('$ROWS_QUERY')"
	"SELECT count(*) FROM skill.glicko2_history('$ROWS_QUERY')"
	"SELECT cardinality(skill.pl_replay(match_id, played_at, player_id, team, rank)) FROM results"
	"SELECT count(*) FROM skill.replay('pl', '$ROWS_QUERY')"
	"SELECT count(skill.pl_rate(t)) FROM duels"
)
# cpu_seconds QUERY: the backend's CPU time (user + system) for QUERY, the
# least of RUNS runs, each in a fresh backend (log_executor_stats).  On a
# loaded host CPU time moves far less than wall time.
cpu_seconds() {
	local i best= t
	for i in $(seq "$RUNS"); do
		t=$(psql -X -q -d postgres -c "SET client_min_messages = log" -c "SET log_executor_stats = on" \
			-c "$1" 2>&1 >/dev/null | sed -n 's/^!\s*\([0-9.]*\) s user, \([0-9.]*\) s system.*/\1 \2/p' |
			tail -1 | awk '{ print $1 + $2 }')
		[ -n "$t" ] || { echo "no executor statistics for: $1" >&2; return 1; }
		best=$(awk -v a="$best" -v b="$t" 'BEGIN { print (a == "" || b < a) ? b : a }')
	done
	echo "$best"
}
declare -A best
for round in $(seq "$ROUNDS"); do
	for v in $VARIANTS; do
		# a new file renamed into place: a backend still mapping the old one keeps it
		cp "$SO_DIR/$v.so" "$LIBDIR/skill.so.new" && mv "$LIBDIR/skill.so.new" "$LIBDIR/skill.so"
		for k in "${!names[@]}"; do
			t=$(cpu_seconds "${queries[$k]}")
			key="$v/${names[$k]}"
			best[$key]=$(awk -v a="${best[$key]:-}" -v b="$t" 'BEGIN { print (a == "" || b < a) ? b : a }')
		done
		log "round $round, $v done"
	done
done
cp "$SO_DIR/fast.so" "$LIBDIR/skill.so.new" && mv "$LIBDIR/skill.so.new" "$LIBDIR/skill.so"

echo "$MATCHES 1v1 matches ($((2 * MATCHES)) rows), 50,000 players; $BENCH_HUGE_PAGES;"
echo "backend CPU seconds (user + system), least of $ROUNDS rounds x $RUNS runs; in brackets against the default build's."
echo
printf '| variant |'; for n in "${names[@]}"; do printf ' %s |' "$n"; done; echo
printf '|---|'; for n in "${names[@]}"; do printf -- '---|'; done; echo
for v in $VARIANTS; do
	printf '| %s |' "$v"
	for n in "${names[@]}"; do
		awk -v t="${best[$v/$n]}" -v f="${best[fast/$n]}" 'BEGIN { printf " %.3f (%+.1f%%) |", t, (t / f - 1) * 100 }'
	done
	echo
done
