-- Input that was silently accepted or answered vaguely is an error naming
-- what is wrong: a rate_period player with different states on its rows, a
-- match_id that recurs later in a history, team Glicko given three teams,
-- a NaN score or length in a rows query.
\set VERBOSITY default

-- 1. rate_period: a player's state is its state before the period, the
-- same on all its rows.  Player 1 plays matches 1 and 2 of the period.
CREATE FUNCTION pg_temp.period(ratings skill.glicko[], matches int[], last_played timestamptz[], last_period bigint[])
RETURNS TABLE (player_id bigint, rating skill.glicko, matches int, last_period bigint)
LANGUAGE sql AS $$
  SELECT player_id, rating, matches, last_period
  FROM skill.rate_period('glicko', 3, '{1,1,2,2}', '{2026-03-01,2026-03-01,2026-03-02,2026-03-02}', '{1,2,1,3}',
                         '{1,2,1,2}', '{1,2,1,2}', ratings, matches, last_played, last_period) $$;
-- The same state on both rows: rated.
SELECT player_id, round((rating).rating::numeric, 6) AS rating, round((rating).rd::numeric, 6) AS rd, matches, last_period
FROM pg_temp.period('{"(1500,100,)",NULL,"(1500,100,)",NULL}', '{2,0,2,NULL}', '{2026-02-01,NULL,2026-02-01,NULL}', '{3,NULL,3,NULL}');
-- Each field of the state differing on one row.
SELECT * FROM pg_temp.period('{"(1500,100,)",NULL,"(1510,100,)",NULL}', '{2,0,2,NULL}', '{2026-02-01,NULL,2026-02-01,NULL}', '{3,NULL,3,NULL}');
SELECT * FROM pg_temp.period('{"(1500,100,)",NULL,"(1500,100,)",NULL}', '{2,0,3,NULL}', '{2026-02-01,NULL,2026-02-01,NULL}', '{3,NULL,3,NULL}');
SELECT * FROM pg_temp.period('{"(1500,100,)",NULL,"(1500,100,)",NULL}', '{2,0,2,NULL}', '{2026-02-01,NULL,2026-02-02,NULL}', '{3,NULL,3,NULL}');
SELECT * FROM pg_temp.period('{"(1500,100,)",NULL,"(1500,100,)",NULL}', '{2,0,2,NULL}', '{2026-02-01,NULL,2026-02-01,NULL}', '{3,NULL,2,NULL}');
SELECT * FROM pg_temp.period('{"(1500,100,)",NULL,"(1500,100,)",NULL}', '{2,0,NULL,NULL}', '{2026-02-01,NULL,2026-02-01,NULL}', '{3,NULL,3,NULL}');
-- A new player (matches 0 or NULL): its rating is its prior, the same on all its rows too.
SELECT * FROM skill.rate_period('glicko2', 0, '{1,1,2,2}', '{2026-03-01,2026-03-01,2026-03-02,2026-03-02}', '{1,2,1,2}',
                                '{1,2,1,2}', '{1,2,1,2}', '{NULL,"(1500,300,0.06)",NULL,"(1400,300,0.06)"}'::skill.glicko[]);
SELECT count(*) AS rated FROM skill.rate_period('glicko2', 0, '{1,1,2,2}', '{2026-03-01,2026-03-01,2026-03-02,2026-03-02}', '{1,2,1,2}',
                                '{1,2,1,2}', '{1,2,1,2}', '{NULL,"(1400,300,0.06)",NULL,"(1400,300,0.06)"}'::skill.glicko[], '{NULL,0,0,NULL}');

-- 2. A match_id that recurs later in a history is an error wherever rows
-- are replayed, when one of its players last played that match_id; its
-- rows must come together.
CREATE TABLE recurring (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8);
INSERT INTO recurring VALUES
  (1, '2026-03-02 12:00+00', 1, 1, 1), (1, '2026-03-02 12:00+00', 2, 2, 2),
  (2, '2026-03-03 12:00+00', 3, 1, 1), (2, '2026-03-03 12:00+00', 4, 2, 2),
  (1, '2026-03-04 12:00+00', 1, 1, 1), (1, '2026-03-04 12:00+00', 2, 2, 2);
SET TimeZone = 'UTC';
SELECT count(*) FROM skill.pl_history('SELECT * FROM recurring ORDER BY played_at, match_id');
\set VERBOSITY terse
SELECT skill.elo_replay(match_id, played_at, player_id, team, rank ORDER BY played_at, match_id) FROM recurring;
SELECT skill.glicko2_replay(match_id, played_at, date_trunc('month', played_at, 'UTC'), player_id, team, rank
                            ORDER BY played_at, match_id) FROM recurring;
SELECT skill.glicko_replay(match_id, played_at, player_id, team, rank ORDER BY played_at, match_id) FROM recurring;
SELECT * FROM skill.replay('trueskill', 'SELECT * FROM recurring ORDER BY played_at, match_id');
SELECT system FROM skill.evaluate('SELECT * FROM recurring ORDER BY played_at, match_id', ARRAY['elo']);
SELECT count(*) FROM skill.match_predictions('team_glicko', 'SELECT * FROM recurring ORDER BY played_at, match_id');
-- Straight after its first rows, at another played_at: refused as before.
SELECT skill.elo_replay(match_id, played_at, player_id, team, rank ORDER BY played_at, match_id)
FROM recurring WHERE match_id = 1;
-- None of its players last played it: a new match, as memory keeps no list of matches.
UPDATE recurring SET player_id = player_id + 2 WHERE match_id = 1 AND played_at = '2026-03-04 12:00+00';
SELECT count(*) AS rows_rated FROM skill.pl_history('SELECT * FROM recurring ORDER BY played_at, match_id');
RESET TimeZone;

-- 3. Team Glicko rates two teams; three say so, naming the match.
SELECT * FROM skill.team_glicko_history('SELECT 4::bigint, now(), p::bigint, p, p::float8 FROM generate_series(1, 3) p');
SELECT skill.team_glicko_replay(4, now(), p, p, p) FROM generate_series(1, 3) p;
SELECT * FROM skill.rate_match('team_glicko', 4, now(), '{1,2,3}', '{1,2,3}', '{1,2,3}', '{NULL,NULL,NULL}'::skill.glicko[]);

-- 4. A NaN score or length in a rows query names the match and player, as
-- rank errors do.
SELECT * FROM skill.elo_history($$SELECT 5::bigint, now(), p::bigint, p, p::float8,
                                         CASE p WHEN 2 THEN 'NaN'::float8 ELSE 1 END AS score FROM generate_series(1, 2) p$$);
SELECT * FROM skill.pl_history($$SELECT 5::bigint, now(), p::bigint, p, p::float8, 'NaN'::float8 AS length FROM generate_series(1, 2) p$$);
SELECT skill.elo_replay(5, now(), p, p, p, NULL, NULL, ROW(CASE p WHEN 2 THEN 'NaN'::float8 ELSE 1 END, NULL, NULL, NULL)::skill.match_details)
FROM generate_series(1, 2) p;
SELECT * FROM skill.pl_history($$SELECT 5::bigint, now(), p::bigint, p, 'NaN'::float8 FROM generate_series(1, 2) p$$);
-- rate_match's scores: a NaN names the match and player too (it was taken as no score).
SELECT * FROM skill.rate_match('elo', 5, '2026-01-01 00:00+00', '{1,2}', '{1,2}', '{1,2}', '{1500,1500}'::float8[],
                               scores => '{3,NaN}', options => '{"outcome": "share"}');
