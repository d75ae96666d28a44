#!/usr/bin/env bash
# scripts/test_cancel_huge.sh - every per-match function that takes an array
# of ratings stops for statement_timeout on a huge array: 100,000 entries
# (one player per team, ranks reversed so that sorts do the most work),
# 200,000 teams for the team forms, and two-dimensional arrays (2 teams of
# 50,000 players, 50,000 teams of 2).  A free-for-all that large is legal,
# and without the interrupt checks in the core's loops such calls ran for
# minutes (issue 34).
#
# Each call runs in its own psql under SET statement_timeout = 200ms and
# must end, with SQLSTATE 57014 or normally, within the timeout plus
# CANCEL_SLACK_MS (default 600: CI machines are loaded; about 100 suffices
# on a quiet one), timed by psql's \timing around the call alone (the arrays
# are built once, into a table).  `timeout CANCEL_HARD_LIMIT` (default 30 s)
# bounds each psql so that a regression fails instead of running for
# minutes.  Uses the server PGHOST/PGPORT name (scripts/test.sh runs it on
# its cluster), or starts a throwaway one.  CANCEL_ONLY=REGEX runs only the
# calls whose label matches.  Prints one line per call (its time and
# outcome), the slowest time, then "N passed, N failed".
source "$(dirname "$0")/lib.sh"
set +e

TIMEOUT_MS=${CANCEL_TIMEOUT_MS:-200}
SLACK_MS=${CANCEL_SLACK_MS:-600}
HARD_LIMIT=${CANCEL_HARD_LIMIT:-30}
DB=skill_cancel_huge
[ -n "${PGHOST:-}" ] || { build_and_install; start_cluster; }

passed=0
failed=0
worst=0

PGOPTIONS='-c client_min_messages=warning' psql -X -q -d postgres -v ON_ERROR_STOP=1 \
	-c "DROP DATABASE IF EXISTS $DB" -c "CREATE DATABASE $DB" || exit 1
# The arrays, built once: the calls' time is theirs, not array_agg's.
psql -X -q -d "$DB" -v ON_ERROR_STOP=1 <<'SQL' || exit 1
CREATE EXTENSION skill;
CREATE TABLE huge AS
SELECT array_agg(1500 + (i % 997)::float8 ORDER BY i) AS elo,
       array_agg(skill.glicko(1500 + i % 997, 50 + i % 250) ORDER BY i) AS gl,
       array_agg(skill.rating(25 + (i % 17) * 0.5, 8) ORDER BY i) AS os,
       array_agg((100001 - i)::float8 ORDER BY i) AS ranks,
       array_agg(i::bigint ORDER BY i) AS ids,
       array_agg(100001 - i ORDER BY i) AS teams,
       array_agg(1::bigint ORDER BY i) AS match_ids,
       array_agg(timestamptz '2026-01-01 00:00+00' ORDER BY i) AS played_at,
       array_agg(i % 2 + 1 ORDER BY i) AS two_teams,
       array_agg((i % 2 + 1)::float8 ORDER BY i) AS two_ranks,
       array_agg(1.0::float8 ORDER BY i) AS ones
FROM generate_series(1, 100000) i;
-- 200,000 teams of one, ranks reversed.
CREATE TABLE huge200 AS
SELECT array_agg(skill.rating(25 + (i % 17) * 0.5, 8) ORDER BY i) AS os,
       array_agg((200001 - i)::float8 ORDER BY i) AS ranks
FROM generate_series(1, 200000) i;
-- Two teams of 50,000 (two rows) and 50,000 teams of two (reversed ranks).
CREATE TABLE wide AS
SELECT ARRAY[array_agg(1500 + (i % 997)::float8 ORDER BY i) FILTER (WHERE i <= 50000),
             array_agg(1500 + (i % 991)::float8 ORDER BY i) FILTER (WHERE i > 50000)] AS elo,
       ARRAY[array_agg(skill.glicko(1500 + i % 997, 50 + i % 250) ORDER BY i) FILTER (WHERE i <= 50000),
             array_agg(skill.glicko(1500 + i % 991, 50 + i % 250) ORDER BY i) FILTER (WHERE i > 50000)] AS gl,
       ARRAY[array_agg(skill.rating(25 + (i % 17) * 0.5, 8) ORDER BY i) FILTER (WHERE i <= 50000),
             array_agg(skill.rating(25 + (i % 13) * 0.5, 8) ORDER BY i) FILTER (WHERE i > 50000)] AS os,
       ARRAY[2, 1]::float8[] AS ranks
FROM generate_series(1, 100000) i;
CREATE TABLE tall AS
SELECT array_agg(ARRAY[1500 + (i % 997)::float8, 1400 + (i % 991)::float8] ORDER BY i) AS elo,
       array_agg(ARRAY[skill.glicko(1500 + i % 997, 80), skill.glicko(1400 + i % 991, 120)] ORDER BY i) AS gl,
       array_agg(ARRAY[skill.rating(25 + (i % 17) * 0.5, 8), skill.rating(20 + (i % 13) * 0.5, 7)] ORDER BY i) AS os,
       array_agg((50001 - i)::float8 ORDER BY i) AS ranks
FROM generate_series(1, 50000) i;
ANALYZE;
SQL

# call LABEL QUERY: QUERY (a SELECT over the tables above) under the timeout.
call() {
	local label=$1 query=$2 out ms state
	[[ $label =~ ${CANCEL_ONLY:-.} ]] || return 0
	out=$(timeout "$HARD_LIMIT" psql -X -q -d "$DB" 2>&1 <<SQL
SET statement_timeout = '${TIMEOUT_MS}ms';
\set VERBOSITY sqlstate
\timing on
$query;
SQL
	)
	local rc=$?
	ms=$(printf '%s\n' "$out" | sed -n 's/^Time: \([0-9.]*\) ms.*/\1/p' | tail -1)
	state=$(printf '%s\n' "$out" | sed -n 's/^ERROR:  \([0-9A-Z]\{5\}\)$/\1/p' | tail -1)
	if [ "$rc" -eq 124 ] || [ -z "$ms" ]; then
		echo "FAIL: $label: no answer within ${HARD_LIMIT}s: $out"
		failed=$((failed + 1))
		# The backend may still run: ask it to stop, so the next calls are timed alone.
		psql -X -q -d postgres -c "SELECT pg_terminate_backend(pid) FROM pg_stat_activity
			WHERE datname = '$DB' AND pid <> pg_backend_pid()" >/dev/null
		return
	fi
	worst=$(awk -v a="$worst" -v b="$ms" 'BEGIN { print (b > a) ? b : a }')
	if [ -n "$state" ] && [ "$state" != 57014 ]; then
		echo "FAIL: $label: SQLSTATE $state after $ms ms"
		failed=$((failed + 1))
	elif awk -v t="$ms" -v limit=$((TIMEOUT_MS + SLACK_MS)) 'BEGIN { exit !(t > limit) }'; then
		echo "FAIL: $label: $ms ms (limit $((TIMEOUT_MS + SLACK_MS)) ms)"
		failed=$((failed + 1))
	else
		printf '%-44s %9s ms  %s\n' "$label" "$ms" "${state:-finished}"
		passed=$((passed + 1))
	fi
}

# The 1-D form (one player per team) of every function over an array of
# ratings, then the two-dimensional forms where a function has them.
call elo_rate "SELECT skill.elo_rate(elo, ranks) IS NULL FROM huge"
call elo_update "SELECT skill.elo_update(1500, elo, ones) FROM huge"
call performance_rating "SELECT skill.performance_rating(elo, ones) FROM huge"
for shape in huge wide tall; do
	call "elo_predict_win ($shape)" "SELECT skill.elo_predict_win(elo) IS NULL FROM $shape"
	call "elo_normal_predict_win ($shape)" "SELECT skill.elo_normal_predict_win(elo) IS NULL FROM $shape"
	call "glicko_predict_win ($shape)" "SELECT skill.glicko_predict_win(gl) IS NULL FROM $shape"
	call "glicko2_predict_win ($shape)" "SELECT skill.glicko2_predict_win(gl) IS NULL FROM $shape"
done
for shape in wide; do
	call "elo_predict_draw ($shape)" "SELECT skill.elo_predict_draw(elo, draw_margin => 0.1) FROM $shape"
	call "glicko_predict_draw ($shape)" "SELECT skill.glicko_predict_draw(gl, draw_margin => 0.1) FROM $shape"
	call "glicko2_predict_draw ($shape)" "SELECT skill.glicko2_predict_draw(gl, draw_margin => 0.1) FROM $shape"
	call "team_glicko_predict_win ($shape)" "SELECT skill.team_glicko_predict_win(gl) IS NULL FROM $shape"
	call "match_quality glicko ($shape)" "SELECT skill.match_quality(gl) FROM $shape"
	call "team_glicko_predict_draw ($shape)" "SELECT skill.team_glicko_predict_draw(gl, draw_margin => 0.1) FROM $shape"
	call "team_glicko_rate ($shape)" "SELECT skill.team_glicko_rate(gl, 1) IS NULL FROM $shape"
	call "elo_predict_win ($shape, threshold)" "SELECT skill.elo_predict_win(elo, draw_model => 'threshold', draw_margin => 0.1) IS NULL FROM $shape"
	call "trueskill_predict_draw ($shape)" "SELECT skill.trueskill_predict_draw(os) FROM $shape"
	call "trueskill_win_probability ($shape)" "SELECT skill.trueskill_win_probability(os) FROM $shape"
done
call glicko_update "SELECT skill.glicko_update(skill.glicko(), gl, ones) IS NULL FROM huge"
call glicko2_update "SELECT skill.glicko2_update(skill.glicko(), gl, ones) IS NULL FROM huge"
call team_glicko_rating "SELECT skill.team_glicko_rating(gl) IS NULL FROM huge"

for model in pl bt_full bt_part tm_full tm_part; do
	for shape in huge huge200 tall; do
		call "${model}_rate ($shape)" "SELECT skill.${model}_rate(os, ranks) IS NULL FROM $shape"
	done
	call "${model}_rate (wide)" "SELECT skill.${model}_rate(os, ranks) IS NULL FROM wide"
	call "${model}_rate (huge, scores)" "SELECT skill.${model}_rate(os, scores => ranks) IS NULL FROM huge"
	for shape in huge tall; do
		call "${model}_predict_win ($shape)" "SELECT skill.${model}_predict_win(os) IS NULL FROM $shape"
		call "${model}_predict_draw ($shape)" "SELECT skill.${model}_predict_draw(os) FROM $shape"
		call "${model}_predict_rank ($shape)" "SELECT count(*) FROM $shape, skill.${model}_predict_rank(os)"
	done
done
for shape in huge huge200 tall wide; do
	call "trueskill_rate ($shape)" "SELECT skill.trueskill_rate(os, ranks) IS NULL FROM $shape"
done
for shape in huge tall wide; do
	call "trueskill_predict_win ($shape)" "SELECT skill.trueskill_predict_win(os) IS NULL FROM $shape"
	call "trueskill_quality ($shape)" "SELECT skill.trueskill_quality(os) FROM $shape"
	call "match_quality ($shape)" "SELECT skill.match_quality(os) FROM $shape"
done
call party_rating "SELECT skill.party_rating(os, 1, 0, 0) IS NULL FROM huge"
call otr_rate "SELECT skill.otr_rate(os, ARRAY[ranks]) IS NULL FROM huge"
call otr_rate_match "SELECT skill.otr_rate_match(os, ARRAY[ranks]) IS NULL FROM huge"
call otr_predict_win "SELECT skill.otr_predict_win(os) IS NULL FROM huge"
call balance_gap "SELECT skill.balance_gap(os, two_teams) FROM huge"

# rate_match for each family: a free-for-all of 100,000 (team numbers and
# ranks reversed; team Glicko rates two teams only) and two teams of 50,000
# (rows alternating between them).
for family in pl bt_full bt_part tm_full tm_part trueskill elo glicko glicko2 team_glicko; do
	case $family in
		elo) col=elo ;;
		glicko*|team_glicko) col=gl ;;
		*) col=os ;;
	esac
	[ "$family" = team_glicko ] || call "rate_match $family (free-for-all)" \
		"SELECT count(*) FROM huge, skill.rate_match('$family', 1, now(), ids, teams, ranks, $col)"
	call "rate_match $family (2 teams)" \
		"SELECT count(*) FROM huge, skill.rate_match('$family', 1, now(), ids, two_teams, two_ranks, $col)"
done
# rate_period: one period of one such match.
for family in glicko glicko2; do
	call "rate_period $family (free-for-all)" \
		"SELECT count(*) FROM huge, skill.rate_period('$family', 0, match_ids, played_at, ids, teams, ranks, gl)"
	call "rate_period $family (2 teams)" \
		"SELECT count(*) FROM huge, skill.rate_period('$family', 0, match_ids, played_at, ids, two_teams, two_ranks, gl)"
done

psql -X -q -d postgres -c "DROP DATABASE IF EXISTS $DB"
echo "worst: $worst ms"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
