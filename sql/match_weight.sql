-- match_weight: a weight on each match's update (Elo's K times w; the
-- Glicko families' period sums with each game's terms times w), and Elo's
-- margin-of-victory outcome "mov" (K times ln(margin + 1) a / (a + b lead)).
\set VERBOSITY terse

-- The worked example: home 1550 against 1500, home advantage 65, the home
-- side wins 27-20, K 20.  By hand: lead 1550 + 65 - 1500 = 115; multiplier
-- ln(7 + 1) 2.2 / (2.2 + 0.001 * 115) = 1.976143; expected
-- 1 / (1 + 10^(-115/400)) = 0.659708; change 20 * 1.976143 * (1 - 0.659708)
-- = 13.449314.
SELECT player_id, round(rating_before::numeric, 6) AS before, round(predicted_win::numeric, 6) AS expected,
       round((rating_after - rating_before)::numeric, 6) AS change
FROM skill.elo_history($$SELECT 1::bigint AS match_id, timestamptz '2024-09-08 18:00+00' AS played_at,
                               p::bigint AS player_id, p AS team, (3 - p)::float8 AS rank,
                               (CASE p WHEN 1 THEN 1550 ELSE 1500 END)::float8 AS prior,
                               (CASE p WHEN 1 THEN 27 ELSE 20 END)::float8 AS score, p = 1 AS home
                        FROM generate_series(1, 2) p$$,
                       '{"k": 20, "home_advantage": 65, "outcome": "mov"}')
ORDER BY player_id;

-- The same through rate_match (two returning teams), and a tie 20-20:
-- divisor 1, multiplier 2.2 ln 2 = 1.524924, change 20 * 1.524924 * (0.5 - 0.659708).
SELECT player_id, round(rating::numeric - 1550 + (player_id - 1) * 50, 6) AS change
FROM skill.rate_match('elo', 1, '2024-09-08 18:00+00', '{1,2}', '{1,2}', '{1,2}', '{1550,1500}'::float8[],
                      '{16,16}', '{2024-09-01 18:00+00,2024-09-01 18:00+00}', NULL,
                      '{"k": 20, "home_advantage": 65, "outcome": "mov"}', '{27,20}', '{true,false}')
ORDER BY player_id;
SELECT player_id, round(rating::numeric - 1550 + (player_id - 1) * 50, 6) AS change,
       round(((3 - 2 * player_id) * 20 * 2.2 * ln(2) * (0.5 - 1 / (1 + 10 ^ (-115 / 400.0))))::numeric, 6) AS by_hand
FROM skill.rate_match('elo', 1, '2024-09-08 18:00+00', '{1,2}', '{1,2}', '{1,1}', '{1550,1500}'::float8[],
                      '{16,16}', '{2024-09-01 18:00+00,2024-09-01 18:00+00}', NULL,
                      '{"k": 20, "home_advantage": 65, "outcome": "mov"}', '{20,20}', '{true,false}')
ORDER BY player_id;

-- match_weight in rate_match: K 20 times 0.5 moves as K 10 does.
SELECT a.player_id, a.rating = b.rating AS same
FROM skill.rate_match('elo', 1, '2024-09-08 18:00+00', '{1,2}', '{1,2}', '{1,2}', '{1550,1500}'::float8[],
                      options => '{"k": 20}', match_weight => 0.5) a
JOIN skill.rate_match('elo', 1, '2024-09-08 18:00+00', '{1,2}', '{1,2}', '{1,2}', '{1550,1500}'::float8[],
                      options => '{"k": 10}') b USING (player_id)
ORDER BY 1;

-- A generated league of three seasons (teams 6 to 8 sit some out), with
-- home sides, scores (ties among them) and playoff matches of weight 1.5.
CREATE TEMP TABLE league AS
WITH seasons AS (SELECT s FROM generate_series(1, 3) s),
active AS (SELECT s, t FROM seasons, generate_series(1, 8) t
           WHERE NOT ((t = 8 AND s IN (2, 3)) OR (t = 7 AND s = 3) OR (t = 6 AND s = 2))),
pairs AS (SELECT a.s, a.t AS home_team, b.t AS away_team,
                 row_number() OVER (PARTITION BY a.s ORDER BY a.t, b.t) AS n
          FROM active a JOIN active b ON a.s = b.s AND a.t <> b.t),
matches AS (SELECT s * 1000 + n AS match_id, timestamptz '2020-09-01 18:00+00' + (s - 1) * interval '1 year' + n * interval '1 day' AS played_at,
                   s AS season, home_team, away_team,
                   (home_team * 7 + away_team * 3 + s * 5 + n) % 6 AS home_score,
                   (home_team * 2 + away_team * 5 + s + n * 3) % 6 AS away_score,
                   CASE WHEN n > 40 THEN 1.5 END AS match_weight
            FROM pairs)
SELECT match_id::bigint, played_at, season, home_team::bigint AS player_id, 1 AS team,
       CASE WHEN home_score > away_score THEN 1 WHEN home_score = away_score THEN 1.5 ELSE 2 END::float8 AS rank,
       home_score::float8 AS score, true AS home, match_weight::float8 AS match_weight FROM matches
UNION ALL
SELECT match_id, played_at, season, away_team, 2,
       CASE WHEN away_score > home_score THEN 1 WHEN home_score = away_score THEN 1.5 ELSE 2 END::float8,
       away_score::float8, false, match_weight::float8 FROM matches;
SELECT count(DISTINCT match_id) AS matches, count(*) FILTER (WHERE home AND score = (SELECT l2.score FROM league l2 WHERE l2.match_id = league.match_id AND NOT l2.home)) AS ties,
       count(DISTINCT match_id) FILTER (WHERE match_weight IS NOT NULL) AS weighted
FROM league;

-- An independent Elo with match weights and outcome mov, written out in
-- PL/pgSQL from the published rule: K w ln(max(margin, 1) + 1) a / (a + b d),
-- d the winner's lead with home advantage, divisor 1 for a tie; s 1, 0.5, 0
-- by score.
CREATE TEMP TABLE ref_ratings (id bigint PRIMARY KEY, r float8);
CREATE FUNCTION pg_temp.reference_elo(k float8, ha float8, a float8, b float8, mov boolean)
RETURNS TABLE (match_id bigint, player_id bigint, after float8)
LANGUAGE plpgsql AS $$
DECLARE
  m record;
  rh float8; ra float8; e float8; s float8; d float8; mult float8; step float8;
BEGIN
  TRUNCATE ref_ratings;
  FOR m IN SELECT h.match_id, h.player_id AS home_id, w.player_id AS away_id, h.score AS hs, w.score AS aws,
                  coalesce(h.match_weight, 1) AS weight
           FROM league h JOIN league w ON w.match_id = h.match_id AND NOT w.home
           WHERE h.home ORDER BY h.played_at, h.match_id LOOP
    rh := coalesce((SELECT r FROM ref_ratings WHERE id = m.home_id), 1500);
    ra := coalesce((SELECT r FROM ref_ratings WHERE id = m.away_id), 1500);
    e := 1 / (1 + 10 ^ ((ra - (rh + ha)) / 400));
    s := CASE WHEN m.hs > m.aws THEN 1 WHEN m.hs = m.aws THEN 0.5 ELSE 0 END;
    d := CASE WHEN m.hs >= m.aws THEN rh + ha - ra ELSE ra - (rh + ha) END;
    mult := CASE WHEN NOT mov THEN 1
                 WHEN m.hs = m.aws THEN ln(greatest(abs(m.hs - m.aws), 1) + 1) * a / 1
                 ELSE ln(greatest(abs(m.hs - m.aws), 1) + 1) * a / (a + b * d) END;
    step := k * m.weight * mult;
    INSERT INTO ref_ratings VALUES (m.home_id, rh + step * (s - e)), (m.away_id, ra + step * ((1 - s) - (1 - e)))
    ON CONFLICT (id) DO UPDATE SET r = excluded.r;
    match_id := m.match_id;
    player_id := m.home_id; after := rh + step * (s - e); RETURN NEXT;
    player_id := m.away_id; after := ra + step * ((1 - s) - (1 - e)); RETURN NEXT;
  END LOOP;
END $$;

-- The history against it, every rating after every match, to 1e-12.
SELECT count(*) AS rows, max(abs(h.rating_after - r.after)) < 1e-12 AS agree
FROM skill.elo_history('SELECT match_id, played_at, player_id, team, rank, score, home, match_weight FROM league ORDER BY played_at, match_id',
                       '{"k": 20, "home_advantage": 65, "outcome": "mov"}') h
JOIN pg_temp.reference_elo(20, 65, 2.2, 0.001, true) r USING (match_id, player_id);
SELECT count(*) AS rows, max(abs(h.rating_after - r.after)) < 1e-12 AS agree
FROM skill.elo_history('SELECT match_id, played_at, player_id, team, rank, score, home, match_weight FROM league ORDER BY played_at, match_id',
                       '{"k": 24, "home_advantage": 40, "outcome": "mov", "mov_a": 3, "mov_b": 0.004}') h
JOIN pg_temp.reference_elo(24, 40, 3, 0.004, true) r USING (match_id, player_id);
-- Weights alone, by rank.
SELECT count(*) AS rows, max(abs(h.rating_after - r.after)) < 1e-12 AS agree
FROM skill.elo_history('SELECT match_id, played_at, player_id, team, rank, home, match_weight FROM league ORDER BY played_at, match_id',
                       '{"k": 32, "home_advantage": 50}') h
JOIN pg_temp.reference_elo(32, 50, 2.2, 0.001, false) r USING (match_id, player_id);
-- skill.replay reads the columns too: each team's final rating.
SELECT count(*) AS teams, max(abs(x.rating[1] - r.after)) < 1e-12 AS agree
FROM skill.replay('elo', 'SELECT match_id, played_at, player_id, team, rank, score, home, match_weight FROM league ORDER BY played_at, match_id',
                  '{"k": 20, "home_advantage": 65, "outcome": "mov"}') x
JOIN (SELECT DISTINCT ON (player_id) player_id, after FROM pg_temp.reference_elo(20, 65, 2.2, 0.001, true)
      ORDER BY player_id, match_id DESC) r USING (player_id);

-- Glicko-1 and Glicko-2: a game of weight 2 is that game played twice in
-- the period (each game's terms in the period's sums, times 2).
SELECT f.family, max(abs(w.rating[1] - t.rating[1])) < 1e-9 AS rating_same,
       max(abs(w.rating[2] - t.rating[2])) < 1e-9 AS rd_same, min(w.rating[1]) <> 1500 AS moved
FROM (VALUES ('glicko'), ('glicko2')) f(family),
LATERAL skill.replay(f.family, $$SELECT 1::bigint AS match_id, timestamptz '2024-01-01' AS played_at, timestamptz '2024-01-01' AS period,
                                        p::bigint AS player_id, p AS team, p::float8 AS rank, 2::float8 AS match_weight
                                 FROM generate_series(1, 2) p
                                 UNION ALL
                                 SELECT 2, '2024-01-02', '2024-01-01', p, p, 3 - p, 1 FROM generate_series(1, 2) p
                                 ORDER BY 2, 1$$) w
JOIN LATERAL skill.replay(f.family, $$SELECT m::bigint AS match_id, timestamptz '2024-01-01' + (m - 1) * interval '1 hour' AS played_at,
                                             timestamptz '2024-01-01' AS period, p::bigint AS player_id, p AS team,
                                             (CASE WHEN m < 3 THEN p ELSE 3 - p END)::float8 AS rank
                                      FROM generate_series(1, 3) m, generate_series(1, 2) p ORDER BY 2, 1$$) t
  ON t.player_id = w.player_id
GROUP BY f.family ORDER BY 1;

-- fit searches mov_a and mov_b like any number option; its bounds for
-- mov_b stay at or below mov_a / (5 scale), so a winner would have to
-- trail by 5 scales (2000 points at 400) before a + b lead reaches 0.
SELECT f->'parameters' ? 'mov_a' AND f->'parameters' ? 'mov_b' AS searched,
       (f->'parameters'->>'mov_b')::float8 BETWEEN 0 AND 0.0011 AS mov_b_in_bounds
FROM skill.fit('elo', 'SELECT match_id, played_at, player_id, team, rank, score, home, match_weight FROM league ORDER BY played_at, match_id',
               '{"mov_a": [1, 4], "mov_b": [0, 0.0005]}', '{"options": {"k": 20, "home_advantage": 65, "outcome": "mov"}}') f;
SELECT skill.fit('elo', 'SELECT match_id, played_at, player_id, team, rank, score, home FROM league ORDER BY played_at, match_id',
                 '{"mov_b": [0, 0.01]}', '{"options": {"outcome": "mov"}}');
SELECT skill.fit('elo', 'SELECT match_id, played_at, player_id, team, rank, score, home FROM league ORDER BY played_at, match_id',
                 '{"mov_a": [0.5, 4]}', '{"options": {"outcome": "mov"}}');
SELECT skill.fit('elo', 'SELECT match_id, played_at, player_id, team, rank, score, home FROM league ORDER BY played_at, match_id',
                 '{"mov_b": [0, 0.001]}');

-- Errors.  A weight is a finite number of at least 0, the same on all of a
-- match's rows.
SELECT * FROM skill.elo_history($$SELECT 1::bigint, now(), p::bigint, p, p::float8, -1::float8 AS match_weight FROM generate_series(1, 2) p$$);
SELECT * FROM skill.elo_history($$SELECT 1::bigint, now(), p::bigint, p, p::float8, 'Infinity'::float8 AS match_weight FROM generate_series(1, 2) p$$);
SELECT * FROM skill.elo_history($$SELECT 1::bigint, now(), p::bigint, p, p::float8, 'NaN'::float8 AS match_weight FROM generate_series(1, 2) p$$);
SELECT * FROM skill.elo_history($$SELECT 1::bigint, now(), p::bigint, p, p::float8, p::float8 AS match_weight FROM generate_series(1, 2) p$$);
SELECT * FROM skill.elo_history($$SELECT 1::bigint, now(), p::bigint, p, p::float8, nullif(p, 2)::float8 AS match_weight FROM generate_series(1, 2) p$$);
SELECT * FROM skill.elo_history($$SELECT 1::bigint, now(), p::bigint, p, p::float8, 1 AS match_weight FROM generate_series(1, 2) p$$);
SELECT * FROM skill.rate_match('elo', 1, now(), '{1,2}', '{1,2}', '{1,2}', '{NULL,NULL}'::float8[], match_weight => -0.5);
SELECT * FROM skill.rate_match('elo', 1, now(), '{1,2}', '{1,2}', '{1,2}', '{NULL,NULL}'::float8[], match_weight => 'NaN');
-- OpenSkill, TrueSkill and team Glicko take no weight (NULL is weight 1).
SELECT * FROM skill.pl_history($$SELECT 1::bigint, now(), p::bigint, p, p::float8, 2::float8 AS match_weight FROM generate_series(1, 2) p$$);
SELECT * FROM skill.trueskill_history($$SELECT 1::bigint, now(), p::bigint, p, p::float8, 2::float8 AS match_weight FROM generate_series(1, 2) p$$);
SELECT * FROM skill.rate_match('team_glicko', 1, now(), '{1,2}', '{1,2}', '{1,2}', '{NULL,NULL}'::skill.glicko[], match_weight => 1);
SELECT * FROM skill.rate_match('bt_full', 1, now(), '{1,2}', '{1,2}', '{1,2}', '{NULL,NULL}'::skill.rating[], match_weight => 0.5);
SELECT count(*) FROM skill.pl_history($$SELECT 1::bigint, now(), p::bigint, p, p::float8, NULL::float8 AS match_weight FROM generate_series(1, 2) p$$);
-- Outcome mov: Elo's only, two teams, both scores.
SELECT * FROM skill.pl_history($$SELECT 1::bigint, now(), p::bigint, p, p::float8 FROM generate_series(1, 2) p$$, '{"outcome": "mov"}');
SELECT * FROM skill.glicko_history($$SELECT 1::bigint, now(), p::bigint, p, p::float8 FROM generate_series(1, 2) p$$, '{"outcome": "mov"}');
SELECT * FROM skill.elo_history($$SELECT 1::bigint, now(), p::bigint, p, p::float8 FROM generate_series(1, 2) p$$, '{"outcome": "mov"}');
SELECT * FROM skill.elo_history($$SELECT 1::bigint, now(), p::bigint, p, p::float8, nullif(p, 2)::float8 AS score FROM generate_series(1, 2) p$$, '{"outcome": "mov"}');
SELECT * FROM skill.elo_history($$SELECT 1::bigint, now(), p::bigint, p, p::float8, p::float8 AS score FROM generate_series(1, 3) p$$, '{"outcome": "mov"}');
SELECT * FROM skill.elo_history($$SELECT 1::bigint, now(), p::bigint, p, p::float8, p::float8 AS score FROM generate_series(1, 2) p$$, '{"outcome": "mov", "mov_a": 0}');
SELECT * FROM skill.elo_history($$SELECT 1::bigint, now(), p::bigint, p, p::float8, p::float8 AS score FROM generate_series(1, 2) p$$, '{"outcome": "mov", "mov_b": -0.001}');
-- A winner trailing by a / b = 2200 or more: a + b lead is not positive
-- (22003, numeric_value_out_of_range), named with the match.
SELECT * FROM skill.elo_history($$SELECT 7::bigint, now(), p::bigint, p, p::float8, (3 - p)::float8 AS score,
                                         (CASE p WHEN 1 THEN 500 ELSE 2700 END)::float8 AS prior FROM generate_series(1, 2) p$$,
                                '{"outcome": "mov"}');
DO $$
BEGIN
  PERFORM * FROM skill.rate_match('elo', 7, now(), '{1,2}', '{1,2}', '{1,2}', '{500,2700}'::float8[],
                                  options => '{"outcome": "mov"}', scores => '{3,2}');
EXCEPTION WHEN numeric_value_out_of_range THEN
  RAISE NOTICE 'SQLSTATE %', SQLSTATE;
END $$;
-- Just inside: trailing by 2199 is rated (multiplier ln 2 * 2.2 / 0.001).
SELECT round((rating - 500)::numeric, 6) AS change,
       round((32 * ln(2) * 2.2 / (2.2 - 0.001 * 2199) * (1 - 1 / (1 + 10 ^ (2199 / 400.0))))::numeric, 6) AS by_hand
FROM skill.rate_match('elo', 7, now(), '{1,2}', '{1,2}', '{1,2}', '{500,2699}'::float8[],
                      options => '{"outcome": "mov"}', scores => '{3,2}')
WHERE player_id = 1;
