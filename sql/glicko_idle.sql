-- Glicko idle growth when rating periods are per match (no period column,
-- or played_at given as the period): RDs grow with the calendar time a
-- player was idle (period_length a period), not with the matches others
-- played meanwhile; idle_growth "periods" counts every period as one.
\set VERBOSITY terse

-- Players 1 and 2 meet six times; days between meetings 4, 7, 30, 1, 78.
CREATE TABLE meetings (k int, played_at timestamptz, rank1 float8, rank2 float8);
INSERT INTO meetings VALUES
  (0, '2026-01-01 12:00+00', 1, 2), (1, '2026-01-05 12:00+00', 2, 1), (2, '2026-01-12 12:00+00', 1, 1),
  (3, '2026-02-11 12:00+00', 1, 2), (4, '2026-02-12 12:00+00', 1, 2), (5, '2026-05-01 12:00+00', 2, 1);
-- The quiet league: only those meetings.  The busy one: 48 more matches
-- between each two meetings, among players 3 to 50, at times strictly
-- between (the last match of both is a meeting of 1 and 2).
CREATE TABLE quiet (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8);
INSERT INTO quiet
SELECT k + 1, played_at, p, p, CASE p WHEN 1 THEN rank1 ELSE rank2 END
FROM meetings CROSS JOIN (VALUES (1), (2)) v(p);
CREATE TABLE busy (LIKE quiet);
WITH games AS (
  SELECT played_at, 1::bigint AS a, 2::bigint AS b, rank1 AS ra, rank2 AS rb FROM meetings
  UNION ALL
  SELECT m.played_at + (j + 1) * (n.played_at - m.played_at) / 50, 3 + (j + 7 * m.k) % 48, 3 + (j + 7 * m.k + 1 + j % 5) % 48,
         1 + (j % 3 = 0)::int, 1 + (j % 3 = 1)::int
  FROM meetings m JOIN meetings n ON n.k = m.k + 1 CROSS JOIN generate_series(0, 47) j),
numbered AS (SELECT row_number() OVER (ORDER BY played_at) AS match_id, * FROM games)
INSERT INTO busy
SELECT match_id, played_at, a, 1, ra FROM numbered UNION ALL SELECT match_id, played_at, b, 2, rb FROM numbered;
SELECT count(DISTINCT match_id) AS busy_matches, count(DISTINCT player_id) AS busy_players FROM busy;

-- The aggregates, given played_at as the period: the same final ratings
-- for players 1 and 2 in both leagues, Glicko-1 and Glicko-2.
SELECT 'glicko' AS family, q.player_id, round((q.rating).rating::numeric, 6) AS rating,
       round((q.rating).rd::numeric, 6) AS rd, q.rating = b.rating AS busy_same
FROM unnest((SELECT skill.glicko_replay(match_id, played_at, played_at, player_id, team, rank ORDER BY played_at, match_id) FROM quiet)) q
JOIN unnest((SELECT skill.glicko_replay(match_id, played_at, played_at, player_id, team, rank ORDER BY played_at, match_id) FROM busy)) b
  USING (player_id)
UNION ALL
SELECT 'glicko2', q.player_id, round((q.rating).rating::numeric, 6), round((q.rating).rd::numeric, 6), q.rating = b.rating
FROM unnest((SELECT skill.glicko2_replay(match_id, played_at, played_at, player_id, team, rank ORDER BY played_at, match_id) FROM quiet)) q
JOIN unnest((SELECT skill.glicko2_replay(match_id, played_at, played_at, player_id, team, rank ORDER BY played_at, match_id) FROM busy)) b
  USING (player_id)
ORDER BY 1, 2;

-- The histories (no period column): every meeting's ratings before and
-- after, and its prediction, the same in both leagues.
SELECT 'glicko' AS family, count(*) AS meeting_rows,
       count(*) FILTER (WHERE q.rating_before = b.rating_before AND q.rating_after = b.rating_after
                          AND q.predicted_win = b.predicted_win) AS busy_same
FROM skill.glicko_history('SELECT * FROM quiet ORDER BY played_at, match_id') q
JOIN skill.glicko_history('SELECT * FROM busy ORDER BY played_at, match_id') b USING (played_at, player_id)
UNION ALL
SELECT 'glicko2', count(*),
       count(*) FILTER (WHERE q.rating_before = b.rating_before AND q.rating_after = b.rating_after
                          AND q.predicted_win = b.predicted_win)
FROM skill.glicko2_history('SELECT * FROM quiet ORDER BY played_at, match_id') q
JOIN skill.glicko2_history('SELECT * FROM busy ORDER BY played_at, match_id') b USING (played_at, player_id);

-- The growth by hand.  Glicko-1: before each meeting after the first, the
-- RD is glicko_decay(RD after the last, idle days / 30, c 34.6), and the
-- update is glicko_update from there (no further growth at the onset).
-- Glicko-2: phi^2 grows by vol^2 per 3 idle days, phi = RD / 173.7178.
-- Both first meetings start from the prior (350): its growth comes at the
-- period's onset, as when periods are counted.
WITH h AS (
  SELECT player_id, played_at, rating_before, rating_after,
         lag(rating_after) OVER w AS last_after, lag(played_at) OVER w AS last_at
  FROM skill.glicko_history('SELECT * FROM busy ORDER BY played_at, match_id')
  WHERE player_id <= 2 WINDOW w AS (PARTITION BY player_id ORDER BY played_at)),
o AS (SELECT a.*, b.rating_before AS opp_before, a.rating_after IS NOT NULL AS _ FROM h a JOIN h b
        ON a.played_at = b.played_at AND a.player_id <> b.player_id),
s AS (SELECT o.*, CASE WHEN m.rank1 = m.rank2 THEN 0.5 WHEN (m.rank1 < m.rank2) = (o.player_id = 1) THEN 1 ELSE 0 END AS score
      FROM o JOIN meetings m USING (played_at))
SELECT player_id, played_at::date, round((rating_before).rd::numeric, 6) AS rd_before,
       abs((rating_before).rd - coalesce((skill.glicko_decay(last_after, extract(epoch FROM played_at - last_at) / (30 * 86400), 34.6)).rd, 350)) < 1e-9 AS decay_ok,
       abs((rating_after).rating - (skill.glicko_update(rating_before, ARRAY[opp_before], ARRAY[score])).rating) < 1e-9
         AND abs((rating_after).rd - (skill.glicko_update(rating_before, ARRAY[opp_before], ARRAY[score])).rd) < 1e-9 AS update_ok
FROM s ORDER BY 1, 2;
WITH h AS (
  SELECT player_id, played_at, rating_before,
         lag(rating_after) OVER w AS last_after, lag(played_at) OVER w AS last_at
  FROM skill.glicko2_history('SELECT * FROM busy ORDER BY played_at, match_id')
  WHERE player_id <= 2 WINDOW w AS (PARTITION BY player_id ORDER BY played_at))
SELECT player_id, played_at::date, round((rating_before).rd::numeric, 6) AS rd_before,
       abs((rating_before).rd - coalesce(173.7178 * sqrt(((last_after).rd / 173.7178) ^ 2
                                                         + extract(epoch FROM played_at - last_at) / (3 * 86400) * (last_after).vol ^ 2), 350)) < 1e-9 AS growth_ok
FROM h ORDER BY 1, 2;

-- period_length scales the growth: Glicko-1 with "15 days" is Glicko-1
-- with c^2 doubled (c = 34.6 sqrt 2) and the default 30 days.
SELECT bool_and(abs((a.rating).rating - (b.rating).rating) < 1e-9 AND abs((a.rating).rd - (b.rating).rd) < 1e-9) AS same
FROM unnest((SELECT skill.glicko_replay(match_id, played_at, played_at, player_id, team, rank, NULL, '{"period_length": "15 days"}'
                                        ORDER BY played_at, match_id) FROM busy)) a
JOIN unnest((SELECT skill.glicko_replay(match_id, played_at, played_at, player_id, team, rank, NULL,
                                        jsonb_build_object('c', 34.6 * sqrt(2))
                                        ORDER BY played_at, match_id) FROM busy)) b USING (player_id);

-- idle_growth "periods": every other match counts as a period sat out, so
-- in the busy league Glicko-1's RD is back at 350 before every meeting.
-- These are the numbers of the replays before idle_growth existed,
-- recorded with that build (commit 251b9c1) on the same busy league, and
-- reproduced to a relative 1e-12: the same arithmetic, but C libraries
-- differ in the last bit of exp, log and pow (the rows listed are farther).
CREATE FUNCTION pg_temp.near(x float8, recorded float8) RETURNS bool LANGUAGE sql IMMUTABLE
AS $$ SELECT abs(x - recorded) <= 1e-12 * abs(recorded) $$;
CREATE TABLE before_idle_growth (family text, match_id bigint, player_id bigint, rd_before float8, rating float8, rd float8);
INSERT INTO before_idle_growth VALUES
  ('glicko', 1, 1, 350, 1662.2120026057648, 290.2305060910912), ('glicko', 1, 2, 350, 1337.7879973942352, 290.2305060910912),
  ('glicko', 50, 1, 350, 1383.281095928845, 305.2560482394928), ('glicko', 50, 2, 350, 1616.718904071155, 305.2560482394928),
  ('glicko', 99, 1, 350, 1455.6748732994804, 298.6364372146132), ('glicko', 99, 2, 350, 1544.3251267005196, 298.6364372146132),
  ('glicko', 148, 1, 350, 1647.0220358267682, 291.5351321744433), ('glicko', 148, 2, 350, 1352.9779641732318, 291.5351321744433),
  ('glicko', 197, 1, 350, 1733.1537178533333, 302.9288973493156), ('glicko', 197, 2, 350, 1266.8462821466667, 302.9288973493156),
  ('glicko', 246, 1, 350, 1401.9745574071435, 316.63656674547565), ('glicko', 246, 2, 350, 1598.0254425928565, 316.63656674547565),
  ('glicko2', 1, 1, 350, 1662.3108939062977, 290.31896371798047), ('glicko2', 1, 2, 350, 1337.6891060937023, 290.31896371798047),
  ('glicko2', 50, 1, 299.1651398471118, 1425.266633170635, 267.2601229891789), ('glicko2', 50, 2, 299.1651398471118, 1574.733366829365, 267.2601229891789),
  ('glicko2', 99, 1, 276.84470157377024, 1464.426192126307, 240.7859124027593), ('glicko2', 99, 2, 276.84470157377024, 1535.573807873693, 240.7859124027593),
  ('glicko2', 148, 1, 251.38151044816385, 1590.1751119793503, 219.62337312954912), ('glicko2', 148, 2, 251.38151044816385, 1409.8248880206497, 219.62337312954912),
  ('glicko2', 197, 1, 231.190932761571, 1650.5873524336585, 207.55390447333252), ('glicko2', 197, 2, 231.19093276157093, 1349.4126475663415, 207.5539044733325),
  ('glicko2', 246, 1, 219.75731164166234, 1493.0807704240367, 203.48553365367226), ('glicko2', 246, 2, 219.75731164166226, 1506.919229575963, 203.48553365367218);
WITH h AS (
  SELECT 'glicko' AS family, match_id, player_id, rating_before, rating_after
  FROM skill.glicko_history('SELECT * FROM busy ORDER BY played_at, match_id', '{"idle_growth": "periods"}')
  UNION ALL
  SELECT 'glicko2', match_id, player_id, rating_before, rating_after
  FROM skill.glicko2_history('SELECT * FROM busy ORDER BY played_at, match_id', '{"idle_growth": "periods"}'))
SELECT family, count(*) AS rows,
       count(*) FILTER (WHERE pg_temp.near((h.rating_before).rd, e.rd_before)
                          AND pg_temp.near((h.rating_after).rating, e.rating)
                          AND pg_temp.near((h.rating_after).rd, e.rd)) AS as_before,
       array_agg(ARRAY[match_id, player_id] ORDER BY match_id, player_id)
         FILTER (WHERE NOT (pg_temp.near((h.rating_before).rd, e.rd_before)
                            AND pg_temp.near((h.rating_after).rating, e.rating)
                            AND pg_temp.near((h.rating_after).rd, e.rd))) AS differ
FROM before_idle_growth e JOIN h USING (family, match_id, player_id) GROUP BY family ORDER BY family;
-- The aggregates too (final ratings, recorded the same way).
SELECT 'glicko' AS family, player_id, pg_temp.near((r.rating).rating, e.rating) AND pg_temp.near((r.rating).rd, e.rd) AS as_before
FROM unnest((SELECT skill.glicko_replay(match_id, played_at, played_at, player_id, team, rank, NULL, '{"idle_growth": "periods"}'
                                        ORDER BY played_at, match_id) FROM busy)) r
JOIN (VALUES (1::bigint, 1401.9745574071435::float8, 316.63656674547565::float8), (2, 1598.0254425928565, 316.63656674547565)) e(player_id, rating, rd)
  USING (player_id)
UNION ALL
SELECT 'glicko2', player_id, pg_temp.near((r.rating).rating, e.rating) AND pg_temp.near((r.rating).rd, e.rd)
FROM unnest((SELECT skill.glicko2_replay(match_id, played_at, played_at, player_id, team, rank, NULL, '{"idle_growth": "periods"}'
                                         ORDER BY played_at, match_id) FROM busy)) r
JOIN (VALUES (1::bigint, 1493.0807704240367::float8, 203.48553365367226::float8), (2, 1506.919229575963, 203.48553365367218)) e(player_id, rating, rd)
  USING (player_id)
ORDER BY 1, 2;

-- An explicit period column changes nothing, even when the first period's
-- key is its first match's time: weekly periods of the busy league (the
-- first meeting is moved to the start of its week) rate the same with
-- either idle_growth.  A replay's first period is rated alike either way,
-- and from the first row whose period is not its played_at, periods count.
CREATE TABLE weekly AS
SELECT match_id, CASE WHEN match_id = 1 THEN date_trunc('week', played_at, 'UTC') ELSE played_at END AS played_at,
       date_trunc('week', played_at, 'UTC') AS period, player_id, team, rank
FROM busy;
SELECT 'glicko' AS family, bool_and(a.rating = b.rating) AS same, count(*) AS players
FROM unnest((SELECT skill.glicko_replay(match_id, played_at, period, player_id, team, rank ORDER BY played_at, match_id) FROM weekly)) a
JOIN unnest((SELECT skill.glicko_replay(match_id, played_at, period, player_id, team, rank, NULL, '{"idle_growth": "periods"}'
                                        ORDER BY played_at, match_id) FROM weekly)) b USING (player_id)
UNION ALL
SELECT 'glicko2', bool_and(a.rating = b.rating), count(*)
FROM unnest((SELECT skill.glicko2_replay(match_id, played_at, period, player_id, team, rank ORDER BY played_at, match_id) FROM weekly)) a
JOIN unnest((SELECT skill.glicko2_replay(match_id, played_at, period, player_id, team, rank, NULL, '{"idle_growth": "periods"}'
                                         ORDER BY played_at, match_id) FROM weekly)) b USING (player_id);

-- skill.replay and the history agree with the aggregate (no period column).
SELECT bool_and(r.rating = ARRAY[(a.rating).rating, (a.rating).rd]) AS replay_same, count(*) AS players
FROM skill.replay('glicko', 'SELECT * FROM busy ORDER BY played_at, match_id') r
JOIN unnest((SELECT skill.glicko_replay(match_id, played_at, played_at, player_id, team, rank ORDER BY played_at, match_id) FROM busy)) a
  USING (player_id);

-- fit searches c with period_length fixed among the options (an interval
-- is not searched: c^2 / period_length is what the calendar growth uses).
SET client_min_messages = warning;
SELECT (f->'parameters'->>'c')::float8 BETWEEN 0 AND 200 AS c_fitted, jsonb_typeof(f->'held_out') AS held_out
FROM skill.fit('glicko', 'SELECT * FROM busy ORDER BY played_at, match_id', '{"c": [0, 200]}',
               '{"train_until": "2026-03-01 00:00+00", "options": {"period_length": "7 days"}, "max_evaluations": 12}') f;
SELECT skill.fit('glicko', 'SELECT * FROM busy ORDER BY played_at, match_id', '{"period_length": [1, 30]}');
RESET client_min_messages;

-- Bad values.
SELECT skill.glicko_replay(match_id, played_at, played_at, player_id, team, rank, NULL, '{"period_length": "0 days"}') FROM quiet;
SELECT skill.glicko_replay(match_id, played_at, played_at, player_id, team, rank, NULL, '{"period_length": "-1 day"}') FROM quiet;
SELECT skill.glicko_replay(match_id, played_at, played_at, player_id, team, rank, NULL, '{"period_length": 30}') FROM quiet;
SELECT skill.glicko_replay(match_id, played_at, played_at, player_id, team, rank, NULL, '{"period_length": "soon"}') FROM quiet;
SELECT * FROM skill.glicko2_history('SELECT * FROM quiet', '{"period_length": "1 mon -30 days"}');
SELECT skill.glicko2_replay(match_id, played_at, played_at, player_id, team, rank, NULL, '{"idle_growth": "weekly"}') FROM quiet;
SELECT * FROM skill.glicko_history('SELECT * FROM quiet', '{"idle_growth": true}');
