#!/usr/bin/env bash
# bench/replay/cpu_compare.sh - two builds of the extension, each installed
# in its own running cluster, timed on the replay aggregates and histories:
# the queries interleaved (old, new, new, old, ... the order alternating each
# round), RUNS rounds, each run in a fresh backend and measured by that
# backend's own CPU time (the first field of /proc/PID/schedstat), which the
# machine's other load does not inflate as it does wall time.  Prints, per
# query, the median and the range of each side, the ratio of medians
# new/old and the median of each round's new/old (the two runs of a round
# ran back to back, so they met the same load).
#
#   OLD=HOST:PORT NEW=HOST:PORT bash bench/replay/cpu_compare.sh load
#   OLD=HOST:PORT NEW=HOST:PORT RUNS=9 bash bench/replay/cpu_compare.sh
#   ONLY='history|trueskill_replay, 5v5' OLD=... NEW=... bash bench/replay/cpu_compare.sh
#
# HOST is the cluster's socket directory.  `load` writes the seeded
# histories with gen.mjs (MATCHES_1V1 1,000,000 two-player matches and
# MATCHES_5V5 200,000 5v5 matches among PLAYERS 100,000, seeds 42 and 43)
# into the postgres database of both clusters, with CREATE EXTENSION skill.
# Each run first reads the table it uses (heap and index) outside the timed
# part, so the time is the query's own, not the backend's mapping of the
# shared buffers it reads.  Give both clusters the same settings (the
# numbers in bench/README.md: shared_buffers = 768MB, huge_pages = off,
# max_parallel_workers_per_gather = 0).
set -euo pipefail
export LANG=C.UTF-8 LC_ALL=C.UTF-8
BENCH=$(cd "$(dirname "$0")" && pwd)
RUNS=${RUNS:-7}
: "${OLD:?OLD=host:port of the cluster with the old build}" "${NEW:?NEW=host:port of the new one}"
WORK=$(mktemp -d /tmp/skill-cpu-compare.XXXXXX)
chmod 755 "$WORK"
trap 'rm -rf "$WORK"' EXIT

q() {	# side psql-args...
	local hp=${!1}
	psql -X -q -At -v ON_ERROR_STOP=1 -h "${hp%:*}" -p "${hp##*:}" -U postgres -d postgres "${@:2}"
}

if [ "${1:-}" = load ]; then
	node "$BENCH/gen.mjs" 1v1 "${MATCHES_1V1:-1000000}" "${PLAYERS:-100000}" 42 > "$WORK/h1v1.csv"
	node "$BENCH/gen.mjs" 5v5 "${MATCHES_5V5:-200000}" "${PLAYERS:-100000}" 43 > "$WORK/h5v5.csv"
	for side in OLD NEW; do
		q $side <<SQL
CREATE EXTENSION skill;
CREATE TABLE r1 (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8);
\copy r1 FROM '$WORK/h1v1.csv' WITH (FORMAT csv)
CREATE TABLE r5 (LIKE r1);
\copy r5 FROM '$WORK/h5v5.csv' WITH (FORMAT csv)
CREATE INDEX ON r1 (played_at, match_id);
CREATE INDEX ON r5 (played_at, match_id);
VACUUM ANALYZE r1;
VACUUM ANALYZE r5;
SQL
	done
	exit 0
fi

# The tables are already in match order: the aggregates read them as they
# are (the engine checks the order), the rows queries of the histories and
# of skill.replay go through the index.
args='match_id, played_at, player_id, team, rank'
g2args="match_id, played_at, date_trunc('day', played_at), player_id, team, rank"
rows() { echo "SELECT match_id, played_at, player_id, team, rank FROM $1 ORDER BY played_at, match_id"; }
names=() tables=() queries=()
# ONLY=REGEX keeps the queries whose name matches (grep -E).
add() {
	[ -z "${ONLY:-}" ] || grep -qE "$ONLY" <<<"$1" || return 0
	names+=("$1"); tables+=("$2"); queries+=("$3")
}
for t in r1 r5; do
	kind=1v1; [ $t = r5 ] && kind=5v5
	add "elo_replay, $kind" $t "SELECT cardinality(skill.elo_replay($args)) FROM $t"
	add "pl_replay, $kind" $t "SELECT cardinality(skill.pl_replay($args)) FROM $t"
	add "glicko2_replay, $kind, daily periods" $t "SELECT cardinality(skill.glicko2_replay($g2args)) FROM $t"
	add "trueskill_replay, $kind" $t "SELECT cardinality(skill.trueskill_replay($args)) FROM $t"
	add "elo_history, $kind" $t "SELECT count(*) FROM skill.elo_history('$(rows $t)')"
	add "pl_history, $kind" $t "SELECT count(*) FROM skill.pl_history('$(rows $t)')"
	add "skill.replay('elo'), $kind" $t "SELECT count(*) FROM skill.replay('elo', '$(rows $t)')"
done

# cpu SIDE TABLE QUERY: seconds of CPU time of QUERY's backend, a fresh one.
cpu() {
	q "$1" <<SQL
SET max_parallel_workers_per_gather = 0;
\o /dev/null
SELECT count(*) FROM $2;
SET enable_seqscan = off;
SELECT count(*) FROM (SELECT * FROM $2 ORDER BY played_at, match_id) s;
RESET enable_seqscan;
\o
SELECT pg_backend_pid() AS pid \gset
\setenv BACKEND :pid
\! awk '{ print \$1 }' /proc/\$BACKEND/schedstat > "$WORK/before"
\o /dev/null
$3;
\o
\! awk '{ print \$1 }' /proc/\$BACKEND/schedstat > "$WORK/after"
SQL
	awk 'NR == FNR { b = $1; next } { printf "%.3f\n", ($1 - b) / 1e9 }' "$WORK/before" "$WORK/after"
}
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
range() { sort -n | awk 'NR == 1 { lo = $1 } { hi = $1 } END { printf "%.3f–%.3f", lo, hi }'; }

declare -A old new
for ((r = 1; r <= RUNS; r++)); do
	for i in "${!names[@]}"; do
		if [ $(((r + i) % 2)) -eq 1 ]; then
			old[$i]+=" $(cpu OLD "${tables[i]}" "${queries[i]}")"
			new[$i]+=" $(cpu NEW "${tables[i]}" "${queries[i]}")"
		else
			new[$i]+=" $(cpu NEW "${tables[i]}" "${queries[i]}")"
			old[$i]+=" $(cpu OLD "${tables[i]}" "${queries[i]}")"
		fi
	done
	echo "round $r of $RUNS done" >&2
done

# paired OLD-RUNS NEW-RUNS: each round's new/old, one a line.
paired() { awk -v a="$1" -v b="$2" 'BEGIN { n = split(a, x); split(b, y); for (i = 1; i <= n; i++) print y[i] / x[i] }'; }
echo "| query | old median (s) | old range | new median (s) | new range | new/old (medians) | new/old (median of paired rounds) |"
echo "|---|---|---|---|---|---|---|"
for i in "${!names[@]}"; do
	a=$(printf '%s\n' ${old[$i]} | median); b=$(printf '%s\n' ${new[$i]} | median)
	printf '| `%s` | %.3f | %s | %.3f | %s | %.3f | %.3f |\n' "${names[i]}" "$a" \
		"$(printf '%s\n' ${old[$i]} | range)" "$b" "$(printf '%s\n' ${new[$i]} | range)" \
		"$(awk -v a="$a" -v b="$b" 'BEGIN { print b / a }')" "$(paired "${old[$i]}" "${new[$i]}" | median)"
done
echo
echo "raw runs (seconds, in round order), old / new:"
for i in "${!names[@]}"; do echo "${names[i]}:${old[$i]} /${new[$i]}"; done
