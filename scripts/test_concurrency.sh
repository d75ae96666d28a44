#!/usr/bin/env bash
# scripts/test_concurrency.sh [SECONDS [CLIENTS]] - the per-match recipe
# (scripts/record_match.sql) under pgbench: CLIENTS sessions (default 8) for
# SECONDS (default 5) record 2v2 matches among PLAYERS players (default 24),
# so concurrent matches share players all the time.  Then every player's
# chain in rating_changes must be unbroken (each update starts from the
# previous one's rating_after), every committed match must be in results,
# and the live ratings must equal a recompute.
#
# The same run against the recipe with its FOR UPDATE line removed must find
# breaks: that proves the check can fail.  Uses the server PGHOST/PGPORT name
# (scripts/test.sh runs it on its cluster), or starts a throwaway one.
# Prints one line per variant, then "N passed, N failed".
source "$(dirname "$0")/lib.sh"

SECONDS_RUN=${1:-5}
CLIENTS=${2:-8}
PLAYERS=${PLAYERS:-24}
[ -n "${PGHOST:-}" ] || { build_and_install; start_cluster; }
PGBENCH="$PG_BIN/pgbench"
WORK=$(mktemp -d)
chmod 755 "$WORK"

passed=0
failed=0

# setup DB LOCKING: a database with the recipe (without its lock when
# LOCKING is "no"), the players and the pgbench driver.
setup() {
	local db=$1 locking=$2
	PGOPTIONS='-c client_min_messages=warning' psql -X -q -d postgres \
		-c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db"
	if [ "$locking" = yes ]; then
		cp "$REPO_ROOT/scripts/record_match.sql" "$WORK/recipe.sql"
	else
		grep -v 'FOR UPDATE;' "$REPO_ROOT/scripts/record_match.sql" >"$WORK/recipe.sql"
	fi
	psql -X -q -v ON_ERROR_STOP=1 -d "$db" >/dev/null <<-SQL
		SET client_min_messages = warning;
		CREATE EXTENSION skill;
		\i $WORK/recipe.sql
		INSERT INTO players (player_id) SELECT generate_series(1, $PLAYERS);
		CREATE SEQUENCE match_ids;
		CREATE TABLE refusals (match_id bigint);
		-- One 2v2 among four distinct players: a and three offsets from it.
		-- A match that drew its id and time before a concurrent one sharing
		-- a player committed is refused as older; it is retried as a new
		-- match, as an application would.
		CREATE FUNCTION play(a int, d1 int, d2 int, d3 int, team1_wins boolean) RETURNS void
		LANGUAGE plpgsql AS \$\$
		DECLARE
		  ids bigint[] := ARRAY[a, (a + d1 - 1) % $PLAYERS + 1, (a + d2 - 1) % $PLAYERS + 1, (a + d3 - 1) % $PLAYERS + 1];
		  m bigint;
		BEGIN
		  FOR try IN 1 .. 100 LOOP
		    m := nextval('match_ids');
		    BEGIN
		      CALL record_match(m, clock_timestamp(), ids, '{1,1,2,2}',
		                        CASE WHEN team1_wins THEN '{1,1,2,2}' ELSE '{2,2,1,1}' END::float8[]);
		      RETURN;
		    EXCEPTION WHEN invalid_parameter_value THEN
		      INSERT INTO refusals VALUES (m);
		    END;
		  END LOOP;
		  RAISE EXCEPTION 'play: 100 refusals in a row';
		END \$\$;
	SQL
}

# check DB: "matches breaks off_recompute refusals", one line.
check() {
	psql -X -q -At -F ' ' -d "$1" <<-'SQL'
		WITH chain AS (
		  SELECT c.rating_before, c.elo_before,
		         lag(c.rating_after) OVER w AS prev, lag(c.elo_after) OVER w AS prev_elo
		  FROM rating_changes c JOIN results r USING (match_id, player_id)
		  WINDOW w AS (PARTITION BY c.player_id ORDER BY r.played_at, r.match_id)),
		recomputed AS (
		  SELECT o.player_id, o.rating, e.rating AS elo
		  FROM unnest((SELECT skill.pl_replay(match_id, played_at, player_id, team, rank)
		               FROM (SELECT * FROM results ORDER BY played_at, match_id) ordered)) o
		  JOIN unnest((SELECT skill.elo_replay(match_id, played_at, player_id, team, rank)
		               FROM (SELECT * FROM results ORDER BY played_at, match_id) ordered)) e USING (player_id))
		SELECT (SELECT count(DISTINCT match_id) FROM results),
		       (SELECT count(*) FROM chain
		        WHERE rating_before IS DISTINCT FROM coalesce(prev, skill.rating())
		           OR elo_before IS DISTINCT FROM coalesce(prev_elo, 1500)),
		       (SELECT count(*) FROM players p LEFT JOIN recomputed r USING (player_id)
		        WHERE p.rating IS DISTINCT FROM coalesce(r.rating, skill.rating())
		           OR p.elo IS DISTINCT FROM coalesce(r.elo, 1500)),
		       (SELECT count(*) FROM refusals);
	SQL
}

cat >"$WORK/match.sql" <<-SQL
	\set a random(1, $PLAYERS)
	\set d1 random(1, $((PLAYERS / 3)))
	\set d2 random($((PLAYERS / 3 + 1)), $((2 * PLAYERS / 3)))
	\set d3 random($((2 * PLAYERS / 3 + 1)), $((PLAYERS - 1)))
	\set w random(0, 1)
	SELECT play(:a, :d1, :d2, :d3, :w = 1);
SQL

for locking in yes no; do
	db=skill_concurrency_$locking
	setup "$db" "$locking"
	# Deadlocks (possible only without the lock) are retried by pgbench.
	out=$("$PGBENCH" -n -c "$CLIENTS" -j "$CLIENTS" -T "$SECONDS_RUN" --max-tries=100 \
		-f "$WORK/match.sql" "$db" 2>&1) || { echo "$out" >&2; failed=$((failed + 1)); continue; }
	committed=$(echo "$out" | sed -n 's/^number of transactions actually processed: \([0-9]*\).*/\1/p')
	failures=$(echo "$out" | sed -n 's/^number of failed transactions: \([0-9]*\).*/\1/p')
	retried=$(echo "$out" | sed -n 's/^number of transactions retried: \([0-9]*\).*/\1/p')
	tps=$(echo "$out" | sed -n 's/^tps = \([0-9.]*\).*/\1/p')
	read -r matches breaks off refusals < <(check "$db")
	summary="lock=$locking: $CLIENTS clients ${SECONDS_RUN}s, $committed matches committed (tps $tps), $matches in results, $breaks chain breaks, $off players off the recompute, $refusals refused as older and retried, ${retried:-0} deadlocks retried, ${failures:-0} failed"
	if [ "$locking" = yes ]; then
		ok=$([ "$breaks" -eq 0 ] && [ "$off" -eq 0 ] && [ "$matches" -eq "$committed" ] && [ "${failures:-0}" -eq 0 ] && echo 1)
	else
		ok=$([ "$breaks" -gt 0 ] && echo 1)
	fi
	if [ -n "$ok" ]; then
		echo "concurrency $summary: ok"
		passed=$((passed + 1))
	else
		echo "FAIL: concurrency $summary" >&2
		failed=$((failed + 1))
	fi
	psql -X -q -d postgres -c "DROP DATABASE $db"
done
rm -rf "$WORK"
echo "concurrency: $passed passed, $failed failed"
