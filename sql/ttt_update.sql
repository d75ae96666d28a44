-- TrueSkill Through Time kept in a state table and updated incrementally
-- (docs/ttt.md, "Incremental smoothing"): 20 rounds of new matches, some
-- dated in the past (joining an old day's batch, or a new batch between two
-- days), each applied with skill.ttt_update and upserted; then every
-- stored rating against a full recompute with ttt_history and the matches
-- solved against recomputes'; then updates over windows of the history
-- (the matches from some time on) against the smoothing of the window alone
-- and against a recompute; and every argument rule.

SET client_min_messages = warning;
CREATE TEMP TABLE games (match_id bigint, played_at timestamptz, player_id bigint,
                         team int, rank float8);
-- A uniform number in [0, 1) from an integer (deterministic).
CREATE FUNCTION pg_temp.u(i bigint) RETURNS float8 LANGUAGE sql IMMUTABLE
  AS $$ SELECT (hashint8(i)::float8 + 2147483648) / 4294967296 $$;
-- Match m at day d (fractional: between two days) between two of 40
-- players, won by the better (player_id % 8) more often.
CREATE FUNCTION pg_temp.add_match(m bigint, d float8) RETURNS void LANGUAGE sql AS $$
  WITH p AS (SELECT 1 + floor(40 * pg_temp.u(3 * m))::bigint AS a,
                    1 + ((floor(40 * pg_temp.u(3 * m))::bigint + 1 +
                          floor(39 * pg_temp.u(3 * m + 1))::bigint) % 40) AS b),
       w AS (SELECT a, b, pg_temp.u(3 * m + 2) < 1 / (1 + exp(-0.5 * ((a % 8) - (b % 8)))) AS a_wins FROM p)
  INSERT INTO games
  SELECT m, timestamptz '2026-01-01 00:00+00' + d * interval '24 hours', x.player, x.team, x.rank
  FROM w, LATERAL (VALUES (w.a, 1, CASE WHEN a_wins THEN 1 ELSE 2 END),
                          (w.b, 2, CASE WHEN a_wins THEN 2 ELSE 1 END)) x(player, team, rank)
$$;
SELECT count(*) FROM (SELECT pg_temp.add_match(m, floor(100 * pg_temp.u(1000 + m)))
                      FROM generate_series(1, 400) m) s;
\set q 'SELECT match_id, played_at, player_id, team, rank FROM games ORDER BY played_at, match_id'
\set opts '{"mu": 0, "sigma": 6, "beta": 1, "gamma": 0.03, "epsilon": 1e-7, "iterations": 1000}'

-- The state table, as a batch job would keep it.
CREATE TEMP TABLE ttt_state (match_id bigint, player_id bigint, played_at timestamptz,
                             message_pi float8, message_tau float8, rating skill.rating,
                             past skill.rating, PRIMARY KEY (match_id, player_id));
INSERT INTO ttt_state
SELECT match_id, player_id, played_at, message_pi, message_tau, rating, past
FROM skill.ttt_state(:'q', :'opts');
SELECT count(*) AS state_rows FROM ttt_state;

-- The upsert of an update's rows into a state table.
CREATE FUNCTION pg_temp.upsert(state regclass, q text, s text, opts jsonb,
                               OUT solved bigint, OUT window_change float8)
LANGUAGE plpgsql AS $$
BEGIN
  CREATE TEMP TABLE changed ON COMMIT DROP AS SELECT * FROM skill.ttt_update(q, s, opts);
  EXECUTE format('INSERT INTO %s SELECT match_id, player_id, played_at, message_pi, message_tau, rating, past
                  FROM changed ON CONFLICT (match_id, player_id) DO UPDATE
                    SET played_at = EXCLUDED.played_at, message_pi = EXCLUDED.message_pi,
                        message_tau = EXCLUDED.message_tau, rating = EXCLUDED.rating, past = EXCLUDED.past',
                 state);
  SELECT max(c.solved_matches), coalesce(max(c.window_change), 0) INTO solved, window_change FROM changed c;
  DROP TABLE changed;
END $$;

-- Each round: 8 matches on the next two days, 2 on a past day (its batch
-- exists), 1 at noon of a past day (a new batch in the past); the update's
-- rows upserted, and what it and a recompute solved kept.
CREATE TEMP TABLE cost (round int, incremental bigint, recompute bigint);
CREATE FUNCTION pg_temp.round(r int, q text, opts jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  m bigint := 1000 + 20 * r;
  whole record;
BEGIN
  PERFORM pg_temp.add_match(m + k, 100 + 2 * r + floor(2 * pg_temp.u(2000 + m + k))) FROM generate_series(0, 7) k;
  PERFORM pg_temp.add_match(m + k, floor(100 * pg_temp.u(2000 + m + k))) FROM generate_series(8, 9) k;
  PERFORM pg_temp.add_match(m + 10, 0.5 + floor(99 * pg_temp.u(2000 + m + 10)));
  whole := pg_temp.upsert('ttt_state', q, 'SELECT * FROM ttt_state', opts);
  INSERT INTO cost SELECT r, whole.solved, max(solved_matches) FROM skill.ttt_state(q, opts);
END $$;
SELECT count(*) FROM (SELECT pg_temp.round(r, :'q', :'opts') FROM generate_series(1, 20) r) s;
SELECT count(*) AS matches, count(DISTINCT played_at) AS batches,
       count(*) FILTER (WHERE extract(hour FROM played_at AT TIME ZONE 'UTC') = 12) AS late_in_new_batches
FROM (SELECT DISTINCT match_id, played_at FROM games) g;

-- Every stored rating against a full recompute with the same options and
-- against the fixed point (a recompute to epsilon 1e-10): mu within 1e-4
-- (measured: 1.3e-5 from the fixed point, the recompute 7e-6), sigma
-- within 1e-7; every row of games has its state row.
WITH full_run AS (
  SELECT player_id, played_at, rating FROM skill.ttt_history(:'q', :'opts')),
fixed_point AS (
  SELECT player_id, played_at, rating
  FROM skill.ttt_history(:'q', jsonb :'opts' || '{"epsilon": 1e-10, "iterations": 100000}'))
SELECT count(*) AS compared,
       max(abs((s.rating).mu - (f.rating).mu)) < 1e-4 AS mu_within_1e_4,
       max(abs((s.rating).sigma - (f.rating).sigma)) < 1e-7 AS sigma_within_1e_7,
       max(abs((s.rating).mu - (x.rating).mu)) < 1e-4 AS fixed_point_mu_within_1e_4,
       max(abs((s.rating).sigma - (x.rating).sigma)) < 1e-7 AS fixed_point_sigma_within_1e_7
FROM ttt_state s JOIN full_run f USING (player_id, played_at)
     JOIN fixed_point x USING (player_id, played_at);
SELECT count(*) AS rows_without_state
FROM games g LEFT JOIN ttt_state s USING (match_id, player_id) WHERE s.match_id IS NULL;

-- The 20 updates solved fewer matches than 20 recomputes at the same epsilon.
SELECT count(incremental) AS rounds, sum(incremental) < sum(recompute) AS fewer,
       sum(incremental) * 2 < sum(recompute) AS under_half
FROM cost;

-- Teams, partial play, ties and three-team matches, with a prior column:
-- the same update, against a recompute to the fixed point.
CREATE TEMP TABLE team_games (match_id bigint, played_at timestamptz, player_id bigint,
                              team int, rank float8, weight float8, prior skill.rating);
INSERT INTO team_games
SELECT m, timestamptz '2026-01-01 00:00+00' + (m / 3) * interval '24 hours',
       1 + (m * 7 + k * 5) % 12, 1 + k % 3,
       CASE WHEN m % 5 = 0 AND k % 3 < 2 THEN 1 ELSE 1 + (k % 3 + m) % 3 END,
       CASE WHEN k = 4 THEN 0.5 END, CASE WHEN (m * 7 + k * 5) % 12 = 0 THEN skill.rating(2, 3) END
FROM generate_series(1, 60) m, generate_series(0, 5) k;
\set tq 'SELECT match_id, played_at, player_id, team, rank, weight, prior FROM team_games ORDER BY played_at, match_id'
\set topts '{"mu": 0, "sigma": 6, "beta": 1, "gamma": 0.03, "p_draw": 0.2, "epsilon": 1e-9, "iterations": 100000}'
CREATE TEMP TABLE team_state AS SELECT * FROM skill.ttt_state(:'tq', :'topts');
-- two late matches (one joining day 5's batch, one on a new batch) and one new
INSERT INTO team_games
SELECT m, timestamptz '2026-01-01 00:00+00' + d * interval '24 hours',
       1 + (m * 7 + k * 5) % 12, 1 + k % 3, 1 + (k + m) % 3, NULL, NULL
FROM (VALUES (101, 5.0), (102, 7.5), (103, 30.0)) x(m, d), generate_series(0, 2) k;
CREATE TEMP TABLE team_changed AS
SELECT * FROM skill.ttt_update(:'tq', 'SELECT * FROM team_state', :'topts');
DELETE FROM team_state WHERE (match_id, player_id) IN (SELECT match_id, player_id FROM team_changed);
INSERT INTO team_state SELECT * FROM team_changed;
SELECT count(*) AS compared,
       max(abs((s.rating).mu - (h.rating).mu)) < 1e-6 AS mu_within_1e_6,
       max(abs((s.rating).sigma - (h.rating).sigma)) < 1e-6 AS sigma_within_1e_6
FROM team_state s
JOIN skill.ttt_history(:'tq', :'topts') h USING (player_id, played_at);

-- With nothing new, an update solves and returns nothing.
SELECT count(*) FROM skill.ttt_update(:'q', 'SELECT * FROM ttt_state', :'opts');
-- NULL rows or state: no rows; NULL options: the defaults.
SELECT count(*) FROM skill.ttt_update(NULL, 'SELECT * FROM ttt_state');
SELECT count(*) FROM skill.ttt_update(:'q', NULL);

-- The argument rules.
SELECT * FROM skill.ttt_update(:'q', 'SELECT match_id, player_id, played_at, message_pi, message_tau FROM ttt_state', :'opts');
SELECT * FROM skill.ttt_update(:'q', 'SELECT match_id, player_id, played_at, message_pi, message_tau::int AS message_tau, past FROM ttt_state', :'opts');
SELECT * FROM skill.ttt_update(:'q', 'SELECT match_id, player_id, played_at, message_pi, message_tau, (past).mu AS past FROM ttt_state', :'opts');
SELECT * FROM skill.ttt_update(:'q', 'SELECT * FROM ttt_state UNION ALL SELECT 999999, 1, timestamptz ''2026-03-01 00:00+00'', 1, 0, skill.rating(0, 1), skill.rating(0, 1)', :'opts');
SELECT * FROM skill.ttt_update(:'q', 'SELECT * FROM ttt_state UNION ALL (SELECT * FROM ttt_state WHERE match_id = 1 ORDER BY player_id LIMIT 1)', :'opts');
SELECT * FROM skill.ttt_update(:'q', 'SELECT match_id, player_id, played_at, CASE WHEN match_id = 1 THEN -1 ELSE message_pi END AS message_pi, message_tau, past FROM ttt_state', :'opts');
SELECT * FROM skill.ttt_update(:'q', 'SELECT match_id, player_id, played_at, message_pi, CASE WHEN match_id = 1 THEN ''NaN'' ELSE message_tau END AS message_tau, past FROM ttt_state', :'opts');
SELECT * FROM skill.ttt_update(:'q', 'SELECT match_id, player_id, played_at, CASE WHEN match_id = 1 THEN NULL ELSE message_pi END AS message_pi, message_tau, past FROM ttt_state', :'opts');
SELECT * FROM skill.ttt_update(:'q', 'SELECT match_id, player_id, played_at, message_pi, message_tau, CASE WHEN match_id = 1 THEN NULL ELSE past END AS past FROM ttt_state', :'opts');
-- A state made with other options (here the prior's sigma), or a window
-- without the rows before it: the stored pasts do not follow.
SELECT * FROM skill.ttt_update(:'q', 'SELECT * FROM ttt_state', jsonb :'opts' || '{"sigma": 5}');
SELECT * FROM skill.ttt_update(
  'SELECT match_id, played_at, player_id, team, rank FROM games WHERE played_at >= ''2026-03-01 00:00+00'' ORDER BY played_at, match_id',
  'SELECT * FROM ttt_state WHERE played_at >= ''2026-03-01 00:00+00''', :'opts');
SELECT * FROM skill.ttt_update(:'q', 'SELECT * FROM ttt_state', '{"resmooth_every": 5}');
SELECT * FROM skill.ttt_update(:'q', 'SELECT * FROM ttt_state', '{"epsilon": 0}');
SELECT * FROM skill.ttt_state(:'q', '{"tolerance": 1}');
-- At the iteration limit: a warning, and the rows as far as they got.
SET client_min_messages = notice;
DELETE FROM ttt_state WHERE match_id <= 40;
SELECT count(*) > 0 AS some_rows
FROM skill.ttt_update(:'q', 'SELECT * FROM ttt_state', jsonb :'opts' || '{"iterations": 1}');
SET client_min_messages = warning;

-- Windows.  The state at the fixed point; then a round of new matches (the
-- last on day 142, late ones on days 120 and 130.5) and updates over the
-- rows from 0, 5, 30 and 200 days before the earliest new match, each
-- reading the window's state rows and each window player's last one before
-- it.
CREATE TEMP TABLE win_state (LIKE ttt_state INCLUDING ALL);
INSERT INTO win_state
SELECT match_id, player_id, played_at, message_pi, message_tau, rating, past
FROM skill.ttt_state(:'q', jsonb :'opts' || '{"epsilon": 1e-10, "iterations": 100000}');
CREATE INDEX ON win_state (player_id, played_at);
-- The window from since: the rows from then, and the state rows from then
-- with each of the window's players' last one before it.
CREATE FUNCTION pg_temp.window_rows(since timestamptz) RETURNS text LANGUAGE sql AS $$
  SELECT format('SELECT match_id, played_at, player_id, team, rank FROM games
                 WHERE played_at >= %L ORDER BY played_at, match_id', since) $$;
CREATE FUNCTION pg_temp.window_state(since timestamptz) RETURNS text LANGUAGE sql AS $$
  SELECT format('SELECT * FROM win_state WHERE played_at >= %1$L
                 UNION ALL
                 SELECT b.* FROM (SELECT DISTINCT player_id FROM games WHERE played_at >= %1$L) w
                 CROSS JOIN LATERAL (SELECT * FROM win_state s
                                     WHERE s.player_id = w.player_id AND s.played_at < %1$L
                                     ORDER BY s.played_at DESC LIMIT 1) b', since) $$;

SELECT count(*) FROM (SELECT pg_temp.add_match(2000 + k, 140 + k) FROM generate_series(0, 2) k
                      UNION ALL SELECT pg_temp.add_match(2003, 120)
                      UNION ALL SELECT pg_temp.add_match(2004, 130.5)) s;
CREATE TEMP TABLE windows AS
SELECT d, (SELECT min(played_at) FROM games WHERE match_id >= 2000) - d * interval '24 hours' AS since
FROM unnest(ARRAY[0, 5, 30, 200]) d;
CREATE TEMP TABLE win_runs AS
SELECT w.d, w.since, u.*
FROM windows w, skill.ttt_update(pg_temp.window_rows(w.since), pg_temp.window_state(w.since), :'opts') u;

-- An update over a window is the smoothing of the window's rows alone, each
-- player starting from its past at its last match before the window,
-- drifted to its first match in it (a prior column): every rating of the
-- window (updated or, where the update left it, stored) within 1e-6 of
-- ttt_history's to 1e-10 (measured: 1.1e-9, 1.1e-9 and 1.8e-8), and the
-- window of the whole history (200 days) within 1e-4 (1.4e-5, as the
-- updates of the whole history above).
CREATE FUNCTION pg_temp.window_alone(since timestamptz, gamma float8) RETURNS text LANGUAGE sql AS $$
  SELECT format($q$
    WITH w AS (SELECT * FROM games WHERE played_at >= %1$L),
    f AS (SELECT player_id, min(played_at) AS first_at FROM w GROUP BY player_id),
    b AS (SELECT DISTINCT ON (s.player_id) s.player_id, s.played_at, s.past
          FROM win_state s JOIN f USING (player_id) WHERE s.played_at < %1$L
          ORDER BY s.player_id, s.played_at DESC)
    SELECT w.match_id, w.played_at, w.player_id, w.team, w.rank,
           CASE WHEN b.player_id IS NOT NULL
                THEN skill.rating((b.past).mu, sqrt((b.past).sigma ^ 2 +
                       extract(epoch FROM f.first_at - b.played_at) / 86400 * %2$s ^ 2)) END AS prior
    FROM w JOIN f USING (player_id) LEFT JOIN b USING (player_id)
    ORDER BY w.played_at, w.match_id$q$, since, gamma) $$;
SELECT w.d, count(*) AS compared,
       max(abs((coalesce(u.rating, s.rating)).mu - (a.rating).mu)) < 1e-6 AS mu_within_1e_6,
       max(abs((coalesce(u.rating, s.rating)).mu - (a.rating).mu)) < 1e-4 AS mu_within_1e_4,
       max(abs((coalesce(u.rating, s.rating)).sigma - (a.rating).sigma)) < 1e-7 AS sigma_within_1e_7
FROM windows w
CROSS JOIN LATERAL skill.ttt_history(pg_temp.window_alone(w.since, 0.03),
                                     jsonb :'opts' || '{"epsilon": 1e-10, "iterations": 100000}') a
LEFT JOIN win_runs u ON u.d = w.d AND u.player_id = a.player_id AND u.played_at = a.played_at
LEFT JOIN win_state s ON s.player_id = a.player_id AND s.played_at = a.played_at
GROUP BY w.d ORDER BY w.d;

-- What a window leaves before it, against a recompute of the whole
-- history: window_change (the largest move of a rating at a boundary that
-- the update did not make) estimates the largest error of a rating, before
-- or in the window, within 25 % (measured: 0.369 for 0.377, 0.362 for
-- 0.368, 0.328 for 0.340); the rows read shrink with the window.  In this
-- small, tightly knit history five results move ratings months back by
-- that much (docs/ttt.md, "Windows").
WITH recompute AS (
  SELECT player_id, played_at, rating
  FROM skill.ttt_history(:'q', jsonb :'opts' || '{"epsilon": 1e-10, "iterations": 100000}')),
err AS (
  SELECT w.d, max(abs((coalesce(u.rating, s.rating)).mu - (r.rating).mu)) AS err,
         (SELECT max(window_change) FROM win_runs x WHERE x.d = w.d) AS window_change,
         (SELECT count(*) FROM games g WHERE g.played_at >= w.since) AS rows_read
  FROM windows w CROSS JOIN recompute r
  LEFT JOIN win_runs u ON u.d = w.d AND u.player_id = r.player_id AND u.played_at = r.played_at
  LEFT JOIN win_state s ON s.player_id = r.player_id AND s.played_at = r.played_at
  GROUP BY w.d, w.since)
SELECT d, rows_read, window_change > 1e-4 AS window_change_above_1e_4,
       CASE WHEN window_change = 0 THEN err < 1e-4
            ELSE err BETWEEN window_change * 0.8 AND window_change * 1.25 END AS err_as_reported
FROM err ORDER BY d;

-- The state query may give more rows before the window than the last of
-- each player (here the whole table): the latest is the boundary, the same
-- update.  An earlier one instead of the latest does not follow.
SELECT count(*) AS rows, bool_and(a.rating = b.rating AND a.past = b.past) AS same
FROM win_runs a
JOIN skill.ttt_update(pg_temp.window_rows((SELECT since FROM windows WHERE d = 5)),
                      'SELECT * FROM win_state', :'opts') b USING (match_id, player_id)
WHERE a.d = 5;
SELECT * FROM skill.ttt_update(pg_temp.window_rows((SELECT since FROM windows WHERE d = 5)),
  replace(pg_temp.window_state((SELECT since FROM windows WHERE d = 5)), 'played_at DESC', 'played_at'), :'opts');
