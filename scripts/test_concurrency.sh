#!/usr/bin/env bash
# scripts/test_concurrency.sh [SECONDS [CLIENTS]] - the per-match recipe
# (scripts/record_match.sql, loaded from where `make install` puts it) under
# pgbench, keeping every family's ratings live (the five OpenSkill models,
# TrueSkill, Elo, Glicko-1, Glicko-2 and team Glicko):
# CLIENTS sessions (default 8) for SECONDS (default 5) record 2v2 and 1v2
# matches among PLAYERS players (default 24), so concurrent matches share
# players all the time.  Then every player's chain in rating_changes must be
# unbroken in every system (each update starts from the previous one's
# rating_after), every committed match must be in results, and the live
# ratings, matches and last matches must equal a recompute (each system's
# history, bit for bit).
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
	local installed
	installed="$("$PG_CONFIG" --sharedir)/extension/skill_record_match.sql"
	if [ "$locking" = yes ]; then
		cp "$installed" "$WORK/recipe.sql"
	else
		grep -v 'FOR UPDATE;' "$installed" >"$WORK/recipe.sql"
	fi
	psql -X -q -v ON_ERROR_STOP=1 -d "$db" >/dev/null <<-SQL
		SET client_min_messages = warning;
		CREATE EXTENSION skill;
		\i $WORK/recipe.sql
		INSERT INTO rating_systems (system, family)
		SELECT family, family FROM skill.families()
		WHERE by_name AND family NOT IN (SELECT family FROM rating_systems);
		INSERT INTO players (player_id) SELECT generate_series(1, $PLAYERS);
		-- Per system and player: whether the live state is the recompute's.
		CREATE FUNCTION off_recompute() RETURNS bigint LANGUAGE plpgsql AS \$\$
		DECLARE
		  s record;
		  n bigint;
		  total bigint := 0;
		BEGIN
		  FOR s IN SELECT * FROM systems LOOP
		    EXECUTE format(\$q\$
		      SELECT count(*) FILTER (WHERE h.rating_after IS DISTINCT FROM r.%2\$I OR h.n IS DISTINCT FROM p.matches
		                                 OR (h.played_at, h.match_id) IS DISTINCT FROM (p.last_played_at, p.last_match_id))
		      FROM (SELECT * FROM (
		              SELECT *, count(*) OVER (PARTITION BY player_id) AS n,
		                     row_number() OVER (PARTITION BY player_id ORDER BY played_at DESC, match_id DESC) AS back
		              FROM skill.%1\$s_history('SELECT match_id, played_at, player_id, team, rank FROM results
		                                        ORDER BY played_at, match_id, player_id', \$1)) all_rows
		            WHERE back = 1) h
		      FULL JOIN (SELECT * FROM ratings WHERE system = \$2) r USING (player_id)
		      LEFT JOIN players p USING (player_id)\$q\$, s.family, s.kind)
		    INTO n USING s.options, s.system;
		    total := total + n;
		  END LOOP;
		  RETURN total;
		END \$\$;
		CREATE SEQUENCE match_ids;
		CREATE TABLE refusals (match_id bigint);
		-- One 2v2 among four distinct players: a and three offsets from it.
		-- A match that drew its id and time before a concurrent one sharing
		-- a player committed is refused as older; it is retried as a new
		-- match, as an application would.
		CREATE FUNCTION play(a int, d1 int, d2 int, d3 int, team1_wins boolean, uneven boolean) RETURNS void
		LANGUAGE plpgsql AS \$\$
		DECLARE
		  ids bigint[] := ARRAY[a, (a + d1 - 1) % $PLAYERS + 1, (a + d2 - 1) % $PLAYERS + 1, (a + d3 - 1) % $PLAYERS + 1];
		  n int := CASE WHEN uneven THEN 3 ELSE 4 END;  -- a 1v2: the first three
		  m bigint;
		BEGIN
		  FOR try IN 1 .. 100 LOOP
		    m := nextval('match_ids');
		    BEGIN
		      CALL record_match(m, clock_timestamp(), ids[1:n], ('{1,' || CASE WHEN uneven THEN '' ELSE '1,' END || '2,2}')::int[],
		                        (CASE WHEN team1_wins THEN '{1,1,2,2}' ELSE '{2,2,1,1}' END::float8[])[5 - n:4]);
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
		  SELECT coalesce(c.rating_before::text, c.elo_before::text, c.glicko_before::text) AS before,
		         lag(coalesce(c.rating_after::text, c.elo_after::text, c.glicko_after::text))
		           OVER (PARTITION BY c.system, c.player_id ORDER BY r.played_at, r.match_id) AS prev
		  FROM rating_changes c JOIN results r USING (match_id, player_id))
		SELECT (SELECT count(DISTINCT match_id) FROM results),
		       (SELECT count(*) FROM chain WHERE before IS DISTINCT FROM prev),
		       off_recompute(),
		       (SELECT count(*) FROM refusals);
	SQL
}

cat >"$WORK/match.sql" <<-SQL
	\set a random(1, $PLAYERS)
	\set d1 random(1, $((PLAYERS / 3)))
	\set d2 random($((PLAYERS / 3 + 1)), $((2 * PLAYERS / 3)))
	\set d3 random($((2 * PLAYERS / 3 + 1)), $((PLAYERS - 1)))
	\set w random(0, 1)
	\set u random(0, 1)
	SELECT play(:a, :d1, :d2, :d3, :w = 1, :u = 1);
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
	summary="lock=$locking: $CLIENTS clients ${SECONDS_RUN}s, $committed matches committed (tps $tps), $matches in results, $breaks chain breaks, $off ratings (player and system) off the recompute, $refusals refused as older and retried, ${retried:-0} deadlocks retried, ${failures:-0} failed"
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
