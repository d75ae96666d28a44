#!/usr/bin/env bash
# bench/ttt/run.sh - TrueSkill Through Time over a seeded history of
# MATCHES one-on-one matches (default 500,000) among PLAYERS players
# (default 5,000) whose true skills drift, 500 matches a day: the first
# pass (reading the rows included), the sweeps to convergence (epsilon
# 1e-3, at most 30) and matches per second per sweep, and the forecasts
# re-smoothed monthly and yearly; beside them TrueSkill's replay
# (match_predictions) over the same rows.  Timings are wall clock, best of
# RUNS (default 3).  bench/ttt/README.md keeps a run.
source "$(dirname "$0")/../../scripts/lib.sh"

RUNS=${RUNS:-3}
MATCHES=${MATCHES:-500000}
PLAYERS=${PLAYERS:-5000}
ensure_packages
build_and_install
start_bench_cluster


q <<SQL
CREATE EXTENSION skill;
-- Uniform and normal numbers from a hash of an index (no PRNG state).
CREATE FUNCTION u(seed bigint) RETURNS float8 LANGUAGE sql IMMUTABLE
AS \$\$ SELECT ((hashint8(seed)::bigint & 2147483647) + 0.5) / 2147483648.0 \$\$;
CREATE FUNCTION z(seed bigint) RETURNS float8 LANGUAGE sql IMMUTABLE
AS \$\$ SELECT sqrt(-2 * ln(u(2 * seed))) * cos(2 * pi() * u(2 * seed + 1)) \$\$;
-- True skills: N(0, 1) at day 0, drifting 0.02 a day.
CREATE TABLE truth AS
SELECT p, d, z(10000000 + p) + sum(0.02 * z(p * 100000 + d)) OVER (PARTITION BY p ORDER BY d) AS skill
FROM generate_series(1, $PLAYERS) p, generate_series(0, $MATCHES / 500) d;
CREATE INDEX ON truth (p, d);
CREATE TABLE bench AS
SELECT g.m AS match_id, timestamptz '2020-01-01 00:00+00' + g.d * interval '24 hours' AS played_at,
       v.player_id, v.team, v.rank
FROM (SELECT m, m / 500 AS d, 1 + (hashint8(m) & 2147483647) % $PLAYERS AS a,
             1 + ((hashint8(m) & 2147483647) % $PLAYERS + 1 + (hashint8(-m) & 2147483647) % ($PLAYERS - 1)) % $PLAYERS AS b
      FROM generate_series(1::bigint, $MATCHES) m) g
JOIN truth ta ON ta.p = g.a AND ta.d = g.d JOIN truth tb ON tb.p = g.b AND tb.d = g.d,
     LATERAL (SELECT ta.skill + z(-3 * g.m) > tb.skill + z(-3 * g.m - 1) AS a_won) w,
     LATERAL (VALUES (g.a::bigint, 1, CASE WHEN w.a_won THEN 1 ELSE 2 END::float8),
                     (g.b::bigint, 2, CASE WHEN w.a_won THEN 2 ELSE 1 END::float8)) v(player_id, team, rank)
ORDER BY 1, 4;
CREATE INDEX ON bench (played_at, match_id);
VACUUM ANALYZE bench;
SQL

rows='SELECT match_id, played_at, player_id, team, rank FROM bench ORDER BY played_at, match_id'
scale='"mu": 0, "sigma": 1, "beta": 1, "gamma": 0.02, "epsilon": 1e-3'

# best QUERY: the best wall time of RUNS runs, in seconds, and the last result.
best() {
	local i t best=
	for i in $(seq "$RUNS"); do
		t=$( { q -At -c '\timing on' -c "$1" | awk '/^Time:/ { print $2 / 1000 } !/^Time:/ { print > "/dev/stderr" }'; } 2>"$CLUSTER_DIR/result")
		if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$t; fi
	done
	echo "$best"
}

first=$(best "SELECT skill.ttt_summary('$rows', '{$scale, \"iterations\": 1}')")
full=$(best "SELECT skill.ttt_summary('$rows', '{$scale, \"iterations\": 30}')")
summary=$(cat "$CLUSTER_DIR/result")
sweeps=$(echo "$summary" | python3 -c 'import json, sys; print(json.load(sys.stdin)["iterations"])')
monthly=$(best "SELECT skill.ttt_summary('$rows', '{$scale, \"iterations\": 30, \"resmooth_every\": 30}')")
monthly_summary=$(cat "$CLUSTER_DIR/result")
yearly=$(best "SELECT skill.ttt_summary('$rows', '{$scale, \"iterations\": 30, \"resmooth_every\": 365}')")
yearly_summary=$(cat "$CLUSTER_DIR/result")
filter=$(best "SELECT count(*) FROM skill.match_predictions('ttt', '$rows', '{$scale}')")
trueskill=$(best "SELECT count(*) FROM skill.match_predictions('trueskill', '$rows')")

echo "history: $MATCHES one-on-one matches, $PLAYERS players; $BENCH_HUGE_PAGES"
echo "first pass (rows read, every match solved once): $first s"
echo "first pass and sweeps to convergence: $full s, $sweeps sweeps"
echo "  $summary"
awk -v f="$first" -v t="$full" -v n="$sweeps" -v m="$MATCHES" 'BEGIN {
	per = (t - f) / (n - 1); printf "per sweep after the first: %.3f s, %.0f matches/s per sweep\n", per, m / per }'
echo "match_predictions('ttt') (filter forecasts): $filter s; match_predictions('trueskill'): $trueskill s"
echo "forecasts re-smoothed monthly: $monthly s: $monthly_summary"
echo "forecasts re-smoothed yearly: $yearly s: $yearly_summary"

# The incremental step (docs/ttt.md, "Incremental smoothing"): the state of
# the history without its last day (epsilon 1e-4), then that day's 500
# matches added by ttt_update over the whole history and over windows of
# the last 7, 30, 90 and 365 days, beside a recompute (ttt_state) of the
# whole: seconds (best of RUNS; the update's rows returned, not stored),
# matches solved, rows returned, window_change, and the largest error of a
# mu (updated, or stored where the update left it) against the fixed point
# (a recompute to 1e-7).
day() { echo "timestamptz '2020-01-01 00:00+00' + $1 * interval '24 hours'"; }
last=$((MATCHES / 500 - 1))
upd='"mu": 0, "sigma": 1, "beta": 1, "gamma": 0.02, "epsilon": 1e-4, "iterations": 100'
before="SELECT match_id, played_at, player_id, team, rank FROM bench WHERE played_at < $(day $last) ORDER BY played_at, match_id"
after="SELECT match_id, played_at, player_id, team, rank FROM bench WHERE played_at < $(day $((last + 1))) ORDER BY played_at, match_id"
q <<SQL
CREATE TABLE state AS SELECT * FROM skill.ttt_state(\$r\$$before\$r\$, '{$upd}');
CREATE UNIQUE INDEX ON state (match_id, player_id);
CREATE INDEX ON state (player_id, played_at);
CREATE INDEX ON state (played_at);
VACUUM ANALYZE state;
CREATE TABLE fixed AS
SELECT * FROM skill.ttt_state(\$r\$$after\$r\$, '{$upd, "epsilon": 1e-7, "iterations": 1000}');
CREATE UNIQUE INDEX ON fixed (match_id, player_id);
SQL
q -f "$REPO_ROOT/scripts/ttt_window.sql"
recompute=$(best "SELECT max(solved_matches) FROM skill.ttt_state(\$r\$$after\$r\$, '{$upd}')")
recompute_solved=$(cat "$CLUSTER_DIR/result")
echo "one day more ($(q -c "SELECT count(DISTINCT match_id) FROM bench WHERE played_at >= $(day $last) AND played_at < $(day $((last + 1)))") matches on day $last) after $(q -c "SELECT count(DISTINCT match_id) FROM state") matches, epsilon 1e-4:"
echo "| update | seconds | matches solved | rows returned | window_change | largest mu error |"
echo "|---|---|---|---|---|---|"
echo "| recompute (ttt_state) | $recompute | $recompute_solved | | | $(q -c "SELECT round(max(abs((r.rating).mu - (f.rating).mu))::numeric, 5) FROM skill.ttt_state(\$r\$$after\$r\$, '{$upd}') r JOIN fixed f USING (match_id, player_id)") |"
for d in whole 365 90 30 7; do
	if [ "$d" = whole ]; then
		call="skill.ttt_update(\$r\$$after\$r\$, 'SELECT * FROM state', '{$upd}')"
	else
		since="$(day $((last - d)))" until="$(day $((last + 1)))"
		call="skill.ttt_update(ttt_window_rows('bench', $since, $until), ttt_window_state('state', 'bench', $since, $until), '{$upd}')"
	fi
	t=$(best "SELECT count(*) FROM $call")
	q -F ' | ' <<SQL
CREATE TEMP TABLE u AS SELECT * FROM $call;
SELECT '| $d', '$t', max(solved_matches), count(*), round(coalesce(max(window_change), 0)::numeric, 5),
       (SELECT round(max(abs((coalesce(u.rating, s.rating)).mu - (f.rating).mu))::numeric, 5)
        FROM fixed f LEFT JOIN state s USING (match_id, player_id) LEFT JOIN u USING (match_id, player_id))
       || ' |'
FROM u;
SQL
done
