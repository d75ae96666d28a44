#!/usr/bin/env bash
# bench/replay/run.sh - the replay benchmark of bench/README.md, in one run:
# generates seeded histories (1,000,000 1v1 matches and 200,000 5v5 matches
# among 50,000 players) as CSV, loads them, and times every replay aggregate,
# a bare scan (the floor), openskill.js replaying the same CSV, and a
# PL/pgSQL Plackett-Luce loop over the first 100,000 1v1 matches.  It also
# measures the floors under any per-row replay aggregate (floors/): a no-op
# aggregate of the same five arguments, the rating math alone, and unnesting
# a stored result of the same size.
# Sizes can be lowered for a quick look: MATCHES_1V1=100000 MATCHES_5V5=20000.
source "$(dirname "$0")/../../scripts/lib.sh"

BENCH=$REPO_ROOT/bench/replay
DATA=$(mktemp -d /tmp/skill-bench.XXXXXX)
chmod 755 "$DATA"
MATCHES_1V1=${MATCHES_1V1:-1000000}
MATCHES_5V5=${MATCHES_5V5:-200000}
PLAYERS=${PLAYERS:-50000}
PLPGSQL_MATCHES=${PLPGSQL_MATCHES:-100000}

ensure_packages
build_and_install
make -C "$BENCH/floors" -s PG_CONFIG="$PG_CONFIG" install rate_floor >/dev/null
(cd "$BENCH" && { [ -d node_modules ] || npm ci --no-audit --no-fund >/dev/null; })

log "generating histories"
node "$BENCH/gen.mjs" 1v1 "$MATCHES_1V1" "$PLAYERS" 42 > "$DATA/h1v1.csv"
node "$BENCH/gen.mjs" 5v5 "$MATCHES_5V5" "$PLAYERS" 43 > "$DATA/h5v5.csv"

# Enough shared buffers to keep both tables cached; one core per query.
start_bench_cluster
trap 'stop_cluster; rm -rf "$DATA"' EXIT

q -c "CREATE EXTENSION skill"
q <<'SQL'
CREATE FUNCTION transition_floor_step(bigint, bigint, timestamptz, bigint, int, float8)
  RETURNS bigint LANGUAGE c AS '$libdir/transition_floor';
CREATE AGGREGATE transition_floor(bigint, timestamptz, bigint, int, float8)
  (SFUNC = transition_floor_step, STYPE = bigint);
SQL
# ns per match of the Plackett-Luce math alone: "1v1 NS" and "5v5 NS".
declare -A math_ns
while read -r kind ns; do math_ns[$kind]=$ns; done < <("$BENCH/floors/rate_floor" 1000000)
for kind in 1v1 5v5; do
	q <<SQL
CREATE TABLE results_$kind (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8);
\copy results_$kind FROM '$DATA/h$kind.csv' WITH (FORMAT csv)
CREATE INDEX ON results_$kind (played_at, match_id);
VACUUM ANALYZE results_$kind;
SQL
done
q -f "$BENCH/plpgsql_loop.sql"
# The PL/pgSQL comparison runs over a table of its first matches only.
q -c "CREATE TABLE results_1v1_head AS SELECT * FROM results_1v1 WHERE match_id <= $PLPGSQL_MATCHES ORDER BY played_at, match_id"

# seconds QUERY: the fastest of $RUNS runs in one backend, as the server's
# execution time that psql's \timing reports.  The first run of a backend
# also pays for mapping the shared buffers it reads and for growing its
# heap (page faults, costly on this VM), and single runs here move by 10-30 %
# with the host's load, so the best of several is the steadier figure.
# first_seconds QUERY: the first run in a new backend, for the cold figure.
RUNS=${RUNS:-4}
timings() {
	local args=(-c '\timing on') i
	for ((i = 0; i < $2; i++)); do args+=(-c "$1"); done
	q "${args[@]}" | sed -n 's/^Time: \([0-9.]*\) ms.*/\1/p'
}
seconds() { echo "$(timings "$1" "$RUNS" | sort -n | head -n 1) / 1000" | bc -l; }
first_seconds() { echo "$(timings "$1" 1) / 1000" | bc -l; }

# Peak resident memory (VmHWM, kB) of a backend that ran QUERY, and the
# same for a bare scan: the difference is what the query itself held.
peak_kb() {
	q -c "$1" -c "SELECT (regexp_match(pg_read_file('/proc/self/status'), 'VmHWM:\s+(\d+)'))[1]" | tail -n 1
}

replay_query() {   # family table feed
	local args="match_id, played_at, player_id, team, rank"
	[ "$1" = glicko2 ] && args="match_id, played_at, date_trunc('day', played_at), player_id, team, rank"
	case $3 in
		agg_order) echo "SELECT count(*) FROM unnest((SELECT skill.$1_replay($args ORDER BY played_at, match_id) FROM $2))" ;;
		subquery) echo "SELECT count(*) FROM unnest((SELECT skill.$1_replay($args) FROM (SELECT * FROM $2 ORDER BY played_at, match_id) s))" ;;
		table) echo "SELECT count(*) FROM unnest((SELECT skill.$1_replay($args) FROM $2))" ;;
		# Same rows as table; unnest in the select list streams the players
		# instead of first storing them (FROM unnest materializes its rows).
		select_list) echo "SELECT count(*) FROM (SELECT unnest(skill.$1_replay($args)) FROM $2) s" ;;
	esac
}

# floors KIND TABLE MATCHES: one row of the floors table.  The three parts
# of any per-row replay of TABLE: the scan, five arguments and a transition
# call per row (a no-op aggregate); the Plackett-Luce math alone, from
# rate_floor; and turning a result of that many players into rows (unnest
# of the same result, stored uncompressed: it also pays for detoasting),
# in FROM and in the select list.
floor_rows=()
floors() {
	local kind=$1 table=$2 matches=$3 transition math result listed
	transition=$(seconds "SELECT transition_floor(match_id, played_at, player_id, team, rank) FROM $table")
	math=$(echo "${math_ns[$kind]} * $matches / 1000000000" | bc -l)
	q <<SQL
CREATE TABLE result_$table (players skill.replayed_rating[]);
ALTER TABLE result_$table ALTER players SET STORAGE EXTERNAL;
INSERT INTO result_$table SELECT skill.pl_replay(match_id, played_at, player_id, team, rank) FROM $table;
SQL
	result=$(seconds "SELECT count(*) FROM unnest((SELECT players FROM result_$table))")
	listed=$(seconds "SELECT count(*) FROM (SELECT unnest(players) FROM result_$table) s")
	floor_rows+=("$(printf '| %s | %s | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f |' "$kind" "$table" \
		"$transition" "$math" "$result" "$listed" \
		"$(echo "$transition + $math + $result" | bc -l)" "$(echo "$transition + $math + $listed" | bc -l)")")
}

rows=()
cold_rows=()
row() { rows+=("$(printf '| %s | %s | %.3f | %.0f | %s | %s | %s |' "$@")"); }
ratio() { echo "scale=2; $1 / $2" | bc -l; }

for kind in 1v1 5v5; do
	table=results_$kind
	matches=$(q -c "SELECT count(DISTINCT match_id) FROM $table")
	log "$kind: bare scan"
	floor=$(seconds "SELECT count(*), sum(rank) FROM $table")
	floor_kb=$(peak_kb "SELECT count(*), sum(rank) FROM $table")
	floor_cold=$(first_seconds "SELECT count(*), sum(rank) FROM $table")
	pl_cold=$(first_seconds "$(replay_query pl "$table" table)")
	cold_rows+=("$(printf '| %s | %.3f | %.3f | %.2f |' "$kind" "$floor_cold" "$pl_cold" "$(ratio "$pl_cold" "$floor_cold")")")

	log "$kind: openskill.js"
	read -r _ js_seconds < <(node "$BENCH/replay.mjs" "$DATA/h$kind.csv" "$DATA/js_$kind.csv")
	q <<SQL
CREATE TABLE js_$kind (player_id bigint, mu float8, sigma float8);
\copy js_$kind FROM '$DATA/js_$kind.csv' WITH (FORMAT csv)
SQL
	js_rate=$(echo "$matches / $js_seconds" | bc -l)

	row "$kind" "bare scan: SELECT count(*), sum(rank)" "$floor" "$(echo "$matches / $floor" | bc -l)" "-" "1.00" "$floor_kb"
	row "$kind" "openskill.js 5.0.1, Map of ratings" "$js_seconds" "$js_rate" "1.00" "$(ratio "$js_seconds" "$floor")" "-"

	feeds="table select_list"
	[ "$kind" = 1v1 ] && feeds="agg_order subquery table select_list"
	for feed in $feeds; do
		log "$kind: pl_replay ($feed)"
		t=$(seconds "$(replay_query pl "$table" "$feed")")
		kb=$(peak_kb "$(replay_query pl "$table" "$feed")")
		label="feed: $feed"
		[ "$feed" = select_list ] && label="feed: table, unnest in the select list"
		row "$kind" "pl_replay, $label" "$t" "$(echo "$matches / $t" | bc -l)" \
			"$(ratio "$js_seconds" "$t")" "$(ratio "$t" "$floor")" "$kb"
	done
	for family in bt_full tm_full trueskill elo glicko2; do
		log "$kind: ${family}_replay"
		t=$(seconds "$(replay_query "$family" "$table" table)")
		row "$kind" "${family}_replay, feed: table" "$t" "$(echo "$matches / $t" | bc -l)" \
			"$(ratio "$js_seconds" "$t")" "$(ratio "$t" "$floor")" "-"
	done

	diff=$(q -c "SELECT max(greatest(abs((r.rating).mu - j.mu), abs((r.rating).sigma - j.sigma)))
	             FROM unnest((SELECT skill.pl_replay(match_id, played_at, player_id, team, rank) FROM $table)) r
	             JOIN js_$kind j USING (player_id)")
	echo "$kind: largest |pl_replay - openskill.js| over all final mu and sigma: $diff"
	log "$kind: floors"
	floors "$kind" "$table" "$matches"
done

log "1v1: PL/pgSQL loop over $PLPGSQL_MATCHES matches"
q -c "TRUNCATE plpgsql_ratings"
plpgsql_seconds=$(q -c '\timing on' -c "SELECT plpgsql_pl_replay($PLPGSQL_MATCHES)" |
	sed -n 's/^Time: \([0-9.]*\) ms.*/\1/p' | tail -n 1)
plpgsql_seconds=$(echo "$plpgsql_seconds / 1000" | bc -l)
plpgsql_rate=$(echo "$PLPGSQL_MATCHES / $plpgsql_seconds" | bc -l)
pl_t=$(seconds "$(replay_query pl results_1v1_head table)")
row 1v1 "PL/pgSQL loop, first $PLPGSQL_MATCHES matches" "$plpgsql_seconds" "$plpgsql_rate" "-" "-" "-"
pl_sl_t=$(seconds "$(replay_query pl results_1v1_head select_list)")
row 1v1 "pl_replay, same $PLPGSQL_MATCHES matches" "$pl_t" "$(echo "$PLPGSQL_MATCHES / $pl_t" | bc -l)" "-" "-" "-"
row 1v1 "pl_replay, same $PLPGSQL_MATCHES matches, unnest in the select list" "$pl_sl_t" "$(echo "$PLPGSQL_MATCHES / $pl_sl_t" | bc -l)" "-" "-" "-"
echo "pl_replay vs PL/pgSQL loop: $(ratio "$plpgsql_seconds" "$pl_t")x faster ($(ratio "$plpgsql_seconds" "$pl_sl_t")x with unnest in the select list)"
diff=$(q -c "SELECT max(greatest(abs((r.rating).mu - p.mu), abs((r.rating).sigma - p.sigma)))
             FROM unnest((SELECT skill.pl_replay(match_id, played_at, player_id, team, rank) FROM results_1v1_head)) r
             JOIN plpgsql_ratings p USING (player_id)")
echo "largest |pl_replay - PL/pgSQL loop|: $diff"
floors 1v1 results_1v1_head "$PLPGSQL_MATCHES"

echo
echo "| workload | method | seconds | matches/s | speed vs openskill.js | time vs bare scan | backend peak RSS (kB) |"
echo "|---|---|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"
echo
echo "First run in a new backend (cold):"
echo "| workload | bare scan (s) | pl_replay, feed: table (s) | time vs bare scan |"
echo "|---|---|---|---|"
printf '%s\n' "${cold_rows[@]}"
echo
echo "Floors under any per-row replay aggregate (seconds):"
echo "| workload | table | no-op aggregate, same 5 arguments | Plackett-Luce math alone | FROM unnest(stored result) | unnest(stored result) in the select list | sum, FROM unnest | sum, select list |"
echo "|---|---|---|---|---|---|---|---|"
printf '%s\n' "${floor_rows[@]}"
