#!/usr/bin/env bash
# scripts/test_otr_weekly.sh - the o!TR weekly recompute recipe
# (scripts/otr_weekly.sql), called directly and then through pg_cron.
# Needs the extension installed into PG_CONFIG's server; starts its own
# throwaway clusters.  Installs postgresql-15-cron when root and missing;
# without it the pg_cron part is skipped with a message.
# Ends with "otr_weekly: N passed, N failed".
source "$(dirname "$0")/lib.sh"

passed=0
failed=0
check() {		# name, then a command that must succeed
	local name=$1
	shift
	if "$@"; then
		passed=$((passed + 1))
	else
		echo "FAIL: otr_weekly: $name" >&2
		failed=$((failed + 1))
	fi
}
q() { psql -X -q -At -v ON_ERROR_STOP=1 -d "$DB" "$@"; }
export PGOPTIONS="-c client_min_messages=warning"

# A small tournament history: 3 matches, 5 players, one late-added match.
load_data() {
	q <<'SQL'
INSERT INTO otr_players VALUES (1, 1200, 'osu'), (2, 45000, 'osu'), (3, NULL, 'osu'), (4, 300, 'taiko');
INSERT INTO otr_scores VALUES
 (1, '2024-03-02 18:00+00', 1, 1, 900000), (1, '2024-03-02 18:00+00', 1, 2, 500000),
 (1, '2024-03-02 18:00+00', 2, 1, 700000), (1, '2024-03-02 18:00+00', 2, 2, 800000),
 (1, '2024-03-02 18:00+00', 2, 3, 300000),
 (2, '2024-03-09 18:00+00', 1, 3, 600000), (2, '2024-03-09 18:00+00', 1, 4, 650000),
 (2, '2024-03-09 18:00+00', 2, 3, 610000), (2, '2024-03-09 18:00+00', 2, 5, 200000);
SQL
}

# The ratings the recompute must give: the replay queried directly.
expected_sql="SELECT string_agg(format('%s %s %s', r.player_id, r.rating, r.matches), ';' ORDER BY r.player_id)
FROM unnest((SELECT skill.otr_replay(s.match_id, s.played_at, s.game_id, s.player_id, s.score,
  skill.rating(skill.otr_initial_rating(p.osu_rank, coalesce(p.ruleset, 'osu')), 400),
  jsonb_build_object('as_of', :'as_of'::timestamptz) ORDER BY s.played_at, s.match_id, s.game_id)
  FROM otr_scores s LEFT JOIN otr_players p USING (player_id) WHERE s.played_at <= :'as_of')) r"
got_sql="SELECT string_agg(format('%s %s %s', player_id, rating, matches), ';' ORDER BY player_id) FROM otr_ratings"

same_as_replay() {	# as_of
	local want got
	want=$(q -v as_of="$1" <<<"$expected_sql") || return 1
	got=$(q <<<"$got_sql") || return 1
	[ -n "$want" ] && [ "$want" = "$got" ] || { echo "want: $want" >&2; echo "got:  $got" >&2; return 1; }
}

ensure_packages
start_cluster
DB=skill_otr_weekly
psql -X -q -d postgres -c "CREATE DATABASE $DB"
q -c "CREATE EXTENSION skill" -f "$REPO_ROOT/scripts/otr_weekly.sql" >/dev/null

# 1. Called directly: the view holds the replay's ratings, decayed to as_of.
load_data
check "first run" q -c "CALL otr_recompute('2024-10-01 12:00+00')"
check "first run equals the replay" same_as_replay '2024-10-01 12:00+00'
check "decayed to as_of" test "$(q -c "SELECT count(*) FROM otr_ratings WHERE (rating).sigma > 390 AND matches > 0")" -gt 0
# A late-added tournament (played before the others) changes history.
q -c "INSERT INTO otr_scores VALUES (3, '2024-02-01 18:00+00', 1, 2, 990000), (3, '2024-02-01 18:00+00', 1, 4, 10000)"
before=$(q <<<"$got_sql")
check "second run" q -c "CALL otr_recompute('2024-10-08 12:00+00')"
check "second run equals the replay" same_as_replay '2024-10-08 12:00+00'
check "late match changed the ratings" test "$before" != "$(q <<<"$got_sql")"
check "one table behind the view" test "$(q -c "SELECT count(*) FROM pg_class WHERE relname LIKE 'otr_ratings%' AND relkind = 'r'")" = 1
# A reader's grant on the view survives the swap.
q -c "CREATE ROLE otr_reader LOGIN" -c "GRANT SELECT ON otr_ratings TO otr_reader" \
	-c "GRANT USAGE ON SCHEMA public TO otr_reader"
q -c "CALL otr_recompute('2024-10-15 12:00+00')"
check "grant on the view survives" psql -X -q -At -v ON_ERROR_STOP=1 -U otr_reader -d "$DB" -o /dev/null -c "SELECT count(*) FROM otr_ratings"
check "a failed run leaves the old ratings" bash -c "! psql -X -q -d $DB -c \"CALL otr_recompute(NULL)\" 2>/dev/null"
check "after a failed run" same_as_replay '2024-10-15 12:00+00'
stop_cluster

# 2. Through pg_cron: a job scheduled every minute runs the recompute.
CRON_PKG=postgresql-$PG_MAJOR-cron
if ! dpkg-query -W -f='${Status}' "$CRON_PKG" 2>/dev/null | grep -q 'install ok installed' && [ "$(id -u)" -eq 0 ]; then
	log "installing $CRON_PKG"
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$CRON_PKG" >/dev/null 2>&1 ||
		{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$CRON_PKG" >/dev/null; } || true
fi
if [ -f "$("$PG_CONFIG" --pkglibdir)/pg_cron.so" ]; then
	PG_EXTRA_OPTS="-c shared_preload_libraries=pg_cron -c cron.database_name=$DB -c cron.use_background_workers=on" start_cluster
	psql -X -q -d postgres -c "CREATE DATABASE $DB"
	q -c "CREATE EXTENSION skill" -c "CREATE EXTENSION pg_cron" -f "$REPO_ROOT/scripts/otr_weekly.sql" >/dev/null
	load_data
	q -c "SELECT cron.schedule('otr-test', '* * * * *', \$\$CALL otr_recompute('2024-10-01 12:00+00')\$\$)" >/dev/null
	# pg_cron runs jobs at the top of each minute: wait for one run.
	status=
	for _ in $(seq 1 80); do
		status=$(q -c "SELECT status FROM cron.job_run_details ORDER BY runid DESC LIMIT 1")
		[ "$status" = succeeded ] || [ "$status" = failed ] && break
		sleep 1
	done
	[ "$status" = succeeded ] || q -c "SELECT return_message FROM cron.job_run_details ORDER BY runid DESC LIMIT 1" >&2
	check "pg_cron ran the job (status: ${status:-none})" test "$status" = succeeded
	check "pg_cron run equals the replay" same_as_replay '2024-10-01 12:00+00'
	q -c "SELECT cron.unschedule('otr-test')" >/dev/null
	stop_cluster
else
	echo "skipped otr_weekly through pg_cron: $CRON_PKG is not installed"
fi

echo "otr_weekly: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
