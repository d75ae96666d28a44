-- TrueSkill Through Time kept in a state table and updated incrementally
-- (docs/ttt.md, "Incremental smoothing"): 20 rounds of new matches, some
-- dated in the past (joining an old day's batch, or a new batch between two
-- days), each applied with skill.ttt_update and upserted; then every
-- stored rating against a full recompute with ttt_history, the matches
-- solved against recomputes', and every argument rule.

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
                             PRIMARY KEY (match_id, player_id));
INSERT INTO ttt_state
SELECT match_id, player_id, played_at, message_pi, message_tau, rating
FROM skill.ttt_state(:'q', :'opts');
SELECT count(*) AS state_rows FROM ttt_state;

-- Each round: 8 matches on the next two days, 2 on a past day (its batch
-- exists), 1 at noon of a past day (a new batch in the past); the update's
-- rows upserted, and what it and a recompute solved kept.
CREATE TEMP TABLE cost (round int, incremental bigint, recompute bigint);
CREATE FUNCTION pg_temp.round(r int, q text, opts jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  m bigint := 1000 + 20 * r;
  solved bigint;
BEGIN
  PERFORM pg_temp.add_match(m + k, 100 + 2 * r + floor(2 * pg_temp.u(2000 + m + k))) FROM generate_series(0, 7) k;
  PERFORM pg_temp.add_match(m + k, floor(100 * pg_temp.u(2000 + m + k))) FROM generate_series(8, 9) k;
  PERFORM pg_temp.add_match(m + 10, 0.5 + floor(99 * pg_temp.u(2000 + m + 10)));
  CREATE TEMP TABLE changed ON COMMIT DROP AS
    SELECT * FROM skill.ttt_update(q, 'SELECT * FROM ttt_state', opts);
  INSERT INTO ttt_state
  SELECT match_id, player_id, played_at, message_pi, message_tau, rating FROM changed
  ON CONFLICT (match_id, player_id) DO UPDATE
    SET played_at = EXCLUDED.played_at, message_pi = EXCLUDED.message_pi,
        message_tau = EXCLUDED.message_tau, rating = EXCLUDED.rating;
  SELECT max(solved_matches) INTO solved FROM changed;
  DROP TABLE changed;
  INSERT INTO cost
  SELECT r, solved, max(solved_matches) FROM skill.ttt_state(q, opts);
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
SELECT * FROM skill.ttt_update(:'q', 'SELECT match_id, player_id, message_pi FROM ttt_state', :'opts');
SELECT * FROM skill.ttt_update(:'q', 'SELECT match_id, player_id, message_pi, message_tau::int AS message_tau FROM ttt_state', :'opts');
SELECT * FROM skill.ttt_update(:'q', 'SELECT * FROM ttt_state UNION ALL SELECT 999999, 1, now(), 1, 0, NULL::skill.rating', :'opts');
SELECT * FROM skill.ttt_update(:'q', 'SELECT * FROM ttt_state UNION ALL (SELECT * FROM ttt_state WHERE match_id = 1 ORDER BY player_id LIMIT 1)', :'opts');
SELECT * FROM skill.ttt_update(:'q', 'SELECT match_id, player_id, CASE WHEN match_id = 1 THEN -1 ELSE message_pi END AS message_pi, message_tau FROM ttt_state', :'opts');
SELECT * FROM skill.ttt_update(:'q', 'SELECT match_id, player_id, message_pi, CASE WHEN match_id = 1 THEN ''NaN'' ELSE message_tau END AS message_tau FROM ttt_state', :'opts');
SELECT * FROM skill.ttt_update(:'q', 'SELECT match_id, player_id, CASE WHEN match_id = 1 THEN NULL ELSE message_pi END AS message_pi, message_tau FROM ttt_state', :'opts');
SELECT * FROM skill.ttt_update(:'q', 'SELECT * FROM ttt_state', '{"resmooth_every": 5}');
SELECT * FROM skill.ttt_update(:'q', 'SELECT * FROM ttt_state', '{"epsilon": 0}');
SELECT * FROM skill.ttt_state(:'q', '{"tolerance": 1}');
-- At the iteration limit: a warning, and the rows as far as they got.
SET client_min_messages = notice;
DELETE FROM ttt_state WHERE match_id <= 40;
SELECT count(*) > 0 AS some_rows
FROM skill.ttt_update(:'q', 'SELECT * FROM ttt_state', jsonb :'opts' || '{"iterations": 1}');
