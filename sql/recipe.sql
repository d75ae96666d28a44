-- The README's per-match update recipe (scripts/record_match.sql, loaded as
-- it is): it rates matches as a recompute would, refuses a player without a
-- row and a match older than one already rated, and rerate_from brings a
-- late match in so that live ratings equal the recompute again.
\set VERBOSITY terse
CREATE SCHEMA recipe;
SET search_path = recipe, public;
SET TimeZone = 'UTC';
\set ECHO none
\set QUIET on
\i scripts/record_match.sql
\set QUIET off
\set ECHO all

INSERT INTO players (player_id, name) VALUES (1, 'ada'), (2, 'bob'), (3, 'cyd'), (4, 'dee');
CALL record_match(1, '2026-11-01 18:00+00', '{1,2}', '{1,2}', '{1,2}');        -- ada beats bob
CALL record_match(2, '2026-11-01 18:30+00', '{1,3}', '{1,2}', '{1,2}');        -- ada beats cyd
CALL record_match(4, '2026-11-02 19:30+00', '{1,4,2,3}', '{1,1,2,2}', '{2,2,1,1}');  -- bob+cyd beat ada+dee

-- Match 1 from the priors: openskill's classic 1v1 (27.6354, 8.0659) and
-- Elo 1500 +- 32 * 0.5.
SELECT player_id, round((rating_before).mu::numeric, 4) AS mu_before, round((rating_after).mu::numeric, 4) AS mu_after,
       round((rating_after).sigma::numeric, 4) AS sigma_after, elo_before, elo_after
FROM rating_changes WHERE match_id = 1 ORDER BY player_id;

-- A player without a row: refused, nothing written.
CALL record_match(5, '2026-11-03 20:00+00', '{1,5}', '{1,2}', '{1,2}');
SELECT count(*) AS rows_of_match_5 FROM results WHERE match_id = 5;

-- A match older than one already rated for any of its players: refused,
-- also at the same played_at with a lower match id, and the same match twice.
CALL record_match(3, '2026-11-02 19:00+00', '{2,4}', '{1,2}', '{1,2}');
CALL record_match(3, '2026-11-02 19:30+00', '{2,4}', '{1,2}', '{1,2}');
CALL record_match(4, '2026-11-02 19:30+00', '{3,4}', '{1,2}', '{1,2}');
SELECT count(*) AS rows_of_match_3 FROM results WHERE match_id = 3;
-- Later than every player's last match: accepted.
CALL record_match(5, '2026-11-02 19:30+00', '{3,4}', '{1,2}', '{2,1}');

-- The late match 3 goes into results, then everything from its time on is
-- re-rated from the history: players and rating_changes equal a recompute.
INSERT INTO results VALUES (3, '2026-11-02 19:00+00', 2, 1, 1), (3, '2026-11-02 19:00+00', 4, 2, 2);
CALL rerate_from('2026-11-02 19:00+00');

SELECT count(*) AS players, bool_and(o.rating = p.rating) AS openskill_as_recompute,
       bool_and(e.rating = p.elo) AS elo_as_recompute,
       bool_and((p.last_played_at, p.last_match_id) = (l.played_at, l.match_id)) AS last_match_right
FROM unnest((SELECT skill.pl_replay(match_id, played_at, player_id, team, rank)
             FROM (SELECT * FROM results ORDER BY played_at, match_id) ordered)) o
JOIN unnest((SELECT skill.elo_replay(match_id, played_at, player_id, team, rank)
             FROM (SELECT * FROM results ORDER BY played_at, match_id) ordered)) e USING (player_id)
JOIN players p USING (player_id)
JOIN (SELECT DISTINCT ON (player_id) * FROM results ORDER BY player_id, played_at DESC, match_id DESC) l USING (player_id);

SELECT count(*) AS changes,
       count(*) FILTER (WHERE h.rating_before = c.rating_before AND h.rating_after = c.rating_after
                          AND e.rating_before = c.elo_before AND e.rating_after = c.elo_after) AS as_history
FROM skill.pl_history('SELECT match_id, played_at, player_id, team, rank FROM results ORDER BY played_at, match_id') h
JOIN skill.elo_history('SELECT match_id, played_at, player_id, team, rank FROM results ORDER BY played_at, match_id') e
  USING (match_id, player_id)
FULL JOIN rating_changes c USING (match_id, player_id);

-- Each update starts from the previous one's result (the chain check of
-- scripts/test_concurrency.sh): 0 breaks.
SELECT count(*) FILTER (WHERE rating_before IS DISTINCT FROM coalesce(prev, skill.rating())) AS breaks
FROM (SELECT c.rating_before,
             lag(c.rating_after) OVER (PARTITION BY c.player_id ORDER BY r.played_at, r.match_id) AS prev
      FROM rating_changes c JOIN results r USING (match_id, player_id)) chain;

RESET search_path;
DROP SCHEMA recipe CASCADE;
