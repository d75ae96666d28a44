-- The per-match update recipe (scripts/record_match.sql, loaded as it is):
-- in every family it rates matches as a recompute would (uneven teams,
-- idle growth between matches days apart), refuses a player without a row
-- and a match older than one already rated, and rerate_from brings a late
-- match in so that live ratings equal the recompute again.
\set VERBOSITY terse
CREATE SCHEMA recipe;
SET search_path = recipe, public;
SET TimeZone = 'UTC';
\set ECHO none
\set QUIET on
\i scripts/record_match.sql
\set QUIET off
\set ECHO all

-- Every family, the Glicko ones growing RDs by the calendar (their
-- default) and the others by sigma_per_day or rd_per_day.
INSERT INTO rating_systems (system, family, options) VALUES
  ('bt_full', 'bt_full', '{"sigma_per_day": 0.3}'), ('bt_part', 'bt_part', NULL),
  ('tm_full', 'tm_full', NULL), ('tm_part', 'tm_part', '{"sigma_per_day": 0.3}'),
  ('trueskill', 'trueskill', '{"sigma_per_day": 0.3}'),
  ('elo_fide', 'elo', '{"k": 20, "k_new": 40, "k_new_games": 2, "k_top": 10, "k_top_rating": 1510}'),
  ('glicko', 'glicko', '{"period_length": "7 days"}'), ('glicko2', 'glicko2', NULL),
  ('team_glicko', 'team_glicko', '{"rd_per_day": 5}');
SELECT system, family, kind FROM systems ORDER BY system;
-- ... every family skill.rate_match takes (none missing).
SELECT family AS not_kept_live FROM skill.families() WHERE by_name
EXCEPT SELECT family FROM rating_systems;

-- Recompute: each system's history of the whole results table, each
-- player's last row against its live rating (bit for bit), and players'
-- matches and last match.
CREATE FUNCTION recompute_check() RETURNS TABLE (system text, players bigint, as_recompute bigint)
LANGUAGE plpgsql AS $$
DECLARE
  s record;
BEGIN
  FOR s IN SELECT * FROM systems ORDER BY 1 LOOP
    RETURN QUERY EXECUTE format($q$
      SELECT $1, count(*), count(*) FILTER (WHERE h.rating_after = r.%2$I AND h.n = p.matches
                                              AND (h.played_at, h.match_id) = (p.last_played_at, p.last_match_id))
      FROM (SELECT * FROM (
              SELECT *, count(*) OVER (PARTITION BY player_id) AS n,
                     row_number() OVER (PARTITION BY player_id ORDER BY played_at DESC, match_id DESC) AS back
              FROM skill.%1$s_history('SELECT match_id, played_at, player_id, team, rank, season FROM results
                                        ORDER BY played_at, match_id, player_id', $2)) all_rows
            WHERE back = 1) h
      FULL JOIN (SELECT * FROM ratings WHERE system = $1) r USING (player_id)
      LEFT JOIN players p USING (player_id)$q$, s.family, s.kind)
    USING s.system, s.options;
  END LOOP;
END $$;

INSERT INTO players (player_id, name) VALUES (1, 'ada'), (2, 'bob'), (3, 'cyd'), (4, 'dee'), (5, 'eve');
CALL record_match(1, '2026-11-01 18:00+00', '{1,2}', '{1,2}', '{1,2}');              -- ada beats bob
CALL record_match(2, '2026-11-01 18:30+00', '{1,3,4}', '{1,2,2}', '{1,2,2}');        -- ada beats cyd+dee
CALL record_match(4, '2026-11-05 19:30+00', '{1,4,2,3,5}', '{1,1,2,2,2}', '{2,2,1,1,1}');  -- bob+cyd+eve beat ada+dee
CALL record_match(6, '2026-11-19 12:00+00', '{5,2,3}', '{1,2,2}', '{1,1,1}');        -- eve ties bob+cyd

-- Match 1 from the priors: openskill's classic 1v1 (27.6354, 8.0659) and
-- Elo 1500 +- 32 * 0.5; a first match has no rating before.
SELECT player_id, rating_before, round((rating_after).mu::numeric, 4) AS mu_after,
       round((rating_after).sigma::numeric, 4) AS sigma_after
FROM rating_changes WHERE match_id = 1 AND system = 'openskill' ORDER BY player_id;
SELECT player_id, elo_before, elo_after FROM rating_changes WHERE match_id = 1 AND system = 'elo' ORDER BY player_id;
SELECT * FROM recompute_check();

-- Team Glicko rates two teams only: every match then needs two.
CALL record_match(7, '2026-11-20 12:00+00', '{1,2,3}', '{1,2,3}', '{1,2,3}');
DELETE FROM rating_changes WHERE system = 'team_glicko';
DELETE FROM ratings WHERE system = 'team_glicko';
DELETE FROM rating_systems WHERE system = 'team_glicko';
CALL record_match(7, '2026-11-20 12:00+00', '{1,2,3}', '{1,2,3}', '{1,2,3}');        -- free-for-all

-- A player without a row: refused, nothing written.
CALL record_match(8, '2026-11-23 20:00+00', '{1,9}', '{1,2}', '{1,2}');
SELECT count(*) AS rows_of_match_8 FROM results WHERE match_id = 8;

-- A match older than one already rated for any of its players: refused,
-- also at the same played_at with a lower match id, and the same match twice.
CALL record_match(5, '2026-11-05 19:00+00', '{2,4}', '{1,2}', '{1,2}');
CALL record_match(5, '2026-11-05 19:30+00', '{2,4}', '{1,2}', '{1,2}');
CALL record_match(4, '2026-11-05 19:30+00', '{3,4}', '{1,2}', '{1,2}');
SELECT count(*) AS rows_of_match_5 FROM results WHERE match_id = 5;
-- The Glicko families rate the matches of one played_at together: a
-- player's second match at the same time is refused (ada played match 7 then).
CALL record_match(8, '2026-11-20 12:00+00', '{1,4}', '{1,2}', '{2,1}');
-- Later than every player's last match: accepted.
CALL record_match(8, '2026-11-22 10:00+00', '{4,5}', '{1,2}', '{2,1}');

-- The late match 5 goes into results, then everything from its time on is
-- re-rated from the history: ratings and rating_changes equal a recompute.
INSERT INTO results VALUES (5, '2026-11-05 19:00+00', 2, 1, 1), (5, '2026-11-05 19:00+00', 4, 2, 2);
CALL rerate_from('2026-11-05 19:00+00');
SELECT * FROM recompute_check();

-- Each update starts from the previous one's result (the chain check of
-- scripts/test_concurrency.sh), in every system: 0 breaks, and the
-- changes are the history's.
SELECT count(*) AS changes,
       count(*) FILTER (WHERE before IS DISTINCT FROM prev) AS breaks
FROM (SELECT coalesce(c.rating_before::text, c.elo_before::text, c.glicko_before::text) AS before,
             lag(coalesce(c.rating_after::text, c.elo_after::text, c.glicko_after::text))
               OVER (PARTITION BY c.system, c.player_id ORDER BY r.played_at, r.match_id) AS prev
      FROM rating_changes c JOIN results r USING (match_id, player_id)) chain;
SELECT count(*) AS changes, count(*) FILTER (WHERE h.rating_after = c.rating_after) AS as_history
FROM skill.pl_history('SELECT match_id, played_at, player_id, team, rank FROM results ORDER BY played_at, match_id, player_id') h
FULL JOIN (SELECT * FROM rating_changes WHERE system = 'openskill') c USING (match_id, player_id);

-- Adding a system later: rerate_from('-infinity') rates the results so far.
INSERT INTO rating_systems VALUES ('team_glicko', 'team_glicko', NULL);
DELETE FROM rating_changes WHERE match_id = 7;
DELETE FROM results WHERE match_id = 7;  -- its only match of three teams
CALL rerate_from('-infinity');
-- Matches recorded after a re-rate go on from its state (Elo's peak too).
CALL record_match(9, '2026-11-25 21:00+00', '{1,2,3,4,5}', '{2,1,2,1,2}', '{1,2,1,2,1}');  -- ada+cyd+eve beat bob+dee
SELECT * FROM recompute_check();

-- The procedures use the recipe's tables whatever the caller's search_path:
-- temporary tables named like each of them (searched first for tables)
-- are neither read nor written.
CREATE TEMP TABLE rating_systems (LIKE recipe.rating_systems);
CREATE TEMP TABLE systems (LIKE recipe.systems);
CREATE TEMP TABLE players (LIKE recipe.players);
CREATE TEMP TABLE results (LIKE recipe.results);
CREATE TEMP TABLE ratings (LIKE recipe.ratings);
CREATE TEMP TABLE rating_changes (LIKE recipe.rating_changes);
INSERT INTO pg_temp.players SELECT * FROM recipe.players;
INSERT INTO pg_temp.rating_systems (system, family) VALUES ('decoy', 'pl');
INSERT INTO pg_temp.systems (system, family, kind) VALUES ('decoy', 'pl', 'rating');
CALL record_match(10, '2026-11-26 21:00+00', '{1,2}', '{1,2}', '{1,2}');
CALL rerate_from('2026-11-26 00:00+00');
SELECT (SELECT count(*) FROM pg_temp.results) AS temp_results, (SELECT count(*) FROM pg_temp.ratings) AS temp_ratings,
       (SELECT count(*) FROM pg_temp.rating_changes) AS temp_changes,
       (SELECT matches FROM pg_temp.players WHERE player_id = 1) = (SELECT matches - 1 FROM recipe.players WHERE player_id = 1)
         AS temp_players_untouched,
       (SELECT count(*) FROM recipe.results WHERE match_id = 10) AS recipe_results;
DROP TABLE pg_temp.rating_systems, pg_temp.systems, pg_temp.players, pg_temp.results, pg_temp.ratings, pg_temp.rating_changes;
SELECT * FROM recompute_check();

-- Seasons: record_match stores each match's season (p_season) and each
-- player's last one; rate_match resets a player whose last season was
-- another, once.  Eve (5) has had no season yet and dee (4) skips '2027'.
CALL record_match(11, '2026-12-01 18:00+00', '{1,2}', '{1,2}', '{1,2}', '2027');
CALL record_match(12, '2026-12-02 18:00+00', '{2,3}', '{1,2}', '{2,1}', '2027');
CALL record_match(13, '2026-12-03 18:00+00', '{1,3}', '{1,2}', '{2,1}');          -- no season
CALL record_match(14, '2027-06-01 18:00+00', '{1,4,5}', '{1,2,2}', '{1,2,2}', '2028');
CALL record_match(15, '2027-06-02 18:00+00', '{2,3}', '{1,2}', '{1,2}', '2028');
SELECT player_id, last_season FROM players ORDER BY player_id;
SELECT * FROM recompute_check();
-- Ada's reset at match 14, once: the history rates her from
-- 1500 + 0.5 (her Elo after match 13 - 1500), and the live rating agrees.
SELECT round(h.rating_before::numeric, 9) = round((1500 + 0.5 * (a.elo_after - 1500))::numeric, 9) AS ada_reset_once
FROM rating_changes a,
     skill.elo_history('SELECT match_id, played_at, player_id, team, rank, season FROM results ORDER BY played_at, match_id, player_id') h
WHERE a.system = 'elo' AND a.match_id = 13 AND a.player_id = 1 AND h.match_id = 14 AND h.player_id = 1;
-- A late match of season '2027' brought in by rerate_from: last seasons
-- and ratings as a recompute.
INSERT INTO results VALUES (16, '2026-12-04 18:00+00', 4, 1, 1, '2027'), (16, '2026-12-04 18:00+00', 5, 2, 2, '2027');
CALL rerate_from('2026-12-04 18:00+00');
SELECT player_id, last_season FROM players WHERE player_id IN (4, 5) ORDER BY player_id;
SELECT * FROM recompute_check();

RESET search_path;
DROP SCHEMA recipe CASCADE;
