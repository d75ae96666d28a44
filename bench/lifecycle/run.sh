#!/usr/bin/env bash
# bench/lifecycle/run.sh - what inactivity growth and season resets cost a
# replay: each family's replay over 1,000,000 seeded 1v1 matches
# (bench/replay/gen.mjs, seed 42, one year), plain and with its growth option
# (sigma_per_day or rd_per_day) plus three season starts, measured in the same
# run with the two queries interleaved, fastest of RUNS (default 5) each.
# Prints one row per family: plain, with lifecycle options, ratio.
source "$(dirname "$0")/../../scripts/lib.sh"

RUNS=${RUNS:-5}
MATCHES=${MATCHES:-1000000}
bench_1v1_setup lifecycle
psql -X -q -v ON_ERROR_STOP=1 -d postgres <<SQL
CREATE EXTENSION skill;
CREATE TABLE results (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8);
\copy results FROM '$DATA/h1v1.csv' WITH (FORMAT csv)
VACUUM ANALYZE results;
SQL

SEASONS='"season_starts": ["2026-04-01 00:00+00", "2026-07-01 00:00+00", "2026-10-01 00:00+00"], "season_keep": 0.5'
replay() {		# family options-json
	local period=
	# Glicko: every match its own rating period, so growth is calendar time only.
	case $1 in glicko*) period="played_at, " ;; esac
	echo "SELECT count(*) FROM unnest((SELECT skill.$1_replay(match_id, played_at, $period player_id, team, rank, NULL, '$2') FROM results))"
}
min() { awk -v a="$1" -v b="$2" 'BEGIN { print (a == "" || b < a) ? b : a }'; }
compare() {		# family growth-option
	local i plain= life=
	for i in $(seq "$RUNS"); do
		plain=$(min "$plain" "$(query_ms "" "$(replay "$1" '{}')")")
		life=$(min "$life" "$(query_ms "" "$(replay "$1" "{${2:+$2, }$SEASONS}")")")
	done
	awk -v f="$1" -v o="${2:-no growth option}" -v a="$plain" -v b="$life" 'BEGIN {
		gsub(/"/, "", o)
		printf "| `%s_replay` | %s, 3 season starts | %.3f s | %.3f s | %.3f |\n", f, o, a / 1000, b / 1000, b / a }'
}
echo "| replay | lifecycle options | plain | with options | ratio |"
echo "|---|---|---|---|---|"
compare pl '"sigma_per_day": 0.05'
compare trueskill '"sigma_per_day": 0.05'
compare glicko2 '"rd_per_day": 5'
compare glicko '"rd_per_day": 5'
compare elo ""
