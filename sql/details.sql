-- Match details: score margins, contexts, match length, home
-- advantage and the prediction's scale, in replays, histories and fit.
CREATE EXTENSION IF NOT EXISTS skill;
SET extra_float_digits = 0;

CREATE TABLE league (match_id bigint, played_at timestamptz, player_id bigint, team int,
                     rank float8, score float8, context text, length float8, home boolean);
-- Tennis-like: the winner by rank can win fewer games (match 4).
INSERT INTO league VALUES
  (1, '2024-01-01 00:00+00', 1, 1, 1, 12, 'clay', 3, true),  (1, '2024-01-01 00:00+00', 2, 2, 2, 8, 'clay', 3, false),
  (2, '2024-01-02 00:00+00', 1, 1, 2, 9, 'hard', 5, false),  (2, '2024-01-02 00:00+00', 3, 2, 1, 15, 'hard', 5, true),
  (3, '2024-01-03 00:00+00', 2, 1, 1, 13, 'clay', 3, false), (3, '2024-01-03 00:00+00', 3, 2, 2, 11, 'clay', 3, false),
  (4, '2024-01-04 00:00+00', 1, 1, 1, 17, 'hard', 5, false), (4, '2024-01-04 00:00+00', 2, 2, 2, 19, 'hard', 5, false),
  (5, '2024-01-05 00:00+00', 3, 1, 2, NULL, 'clay', 3, false), (5, '2024-01-05 00:00+00', 1, 2, 1, NULL, 'clay', 3, false);

-- 1. Without the new options every result stays what it was, with or
-- without the detail columns, in the histories and the aggregates.
SELECT count(*) AS rows, bool_and(a IS NOT DISTINCT FROM b) AS same
FROM (SELECT row_number() OVER () AS i, h.* FROM skill.elo_history(
        'SELECT match_id, played_at, player_id, team, rank FROM league ORDER BY played_at, match_id') h) a
JOIN (SELECT row_number() OVER () AS i, h.* FROM skill.elo_history(
        'SELECT * FROM league ORDER BY played_at, match_id') h) b USING (i);
SELECT f, (SELECT array_agg(x ORDER BY x) FROM unnest(x.r1) x) IS NOT DISTINCT FROM
          (SELECT array_agg(x ORDER BY x) FROM unnest(x.r2) x) AS same
FROM (SELECT 'glicko' AS f,
             (SELECT skill.glicko_replay(match_id, played_at, played_at, player_id, team, rank ORDER BY played_at, match_id) FROM league)::text[] AS r1,
             (SELECT skill.glicko_replay(match_id, played_at, played_at, player_id, team, rank, NULL, NULL,
                       skill.details(score, context, length, home) ORDER BY played_at, match_id) FROM league)::text[] AS r2
      UNION ALL
      SELECT 'pl',
             (SELECT skill.pl_replay(match_id, played_at, player_id, team, rank ORDER BY played_at, match_id) FROM league)::text[],
             (SELECT skill.pl_replay(match_id, played_at, player_id, team, rank, NULL, NULL,
                       skill.details(score, context, length, home) ORDER BY played_at, match_id) FROM league)::text[]) x;

-- 2. The share outcome in Elo, against elo_update match by match with
-- share_outcome; home advantage H moves the home player's rating in the
-- expected score only: r' = elo_update(r + H, opp, s, k) - H.
CREATE FUNCTION elo_by_hand(opts jsonb, h float8) RETURNS TABLE (player_id bigint, rating float8)
LANGUAGE plpgsql AS $$
DECLARE
  m record; ra float8; rb float8; s float8;
BEGIN
  CREATE TEMP TABLE IF NOT EXISTS hand (id bigint PRIMARY KEY, r float8);
  TRUNCATE hand;
  FOR m IN SELECT a.match_id, a.player_id AS pa, b.player_id AS pb, a.score AS sa, b.score AS sb,
                  a.rank AS rka, b.rank AS rkb, a.home AS ha, b.home AS hb
           FROM league a JOIN league b ON a.match_id = b.match_id AND a.team = 1 AND b.team = 2
           ORDER BY a.played_at, a.match_id LOOP
    INSERT INTO hand VALUES (m.pa, 1500), (m.pb, 1500) ON CONFLICT DO NOTHING;
    SELECT r INTO ra FROM hand WHERE id = m.pa;
    SELECT r INTO rb FROM hand WHERE id = m.pb;
    s := CASE WHEN m.sa IS NULL THEN CASE WHEN m.rka < m.rkb THEN 1 WHEN m.rka = m.rkb THEN 0.5 ELSE 0 END
              ELSE skill.share_outcome(m.sa, m.sb, (opts->>'outcome_w')::float8, (opts->>'outcome_k')::float8,
                                       CASE WHEN m.rka < m.rkb THEN 1 WHEN m.rka = m.rkb THEN 0.5 ELSE 0 END) END;
    UPDATE hand SET r = skill.elo_update(ra + CASE WHEN m.ha THEN h ELSE 0 END,
                                         rb + CASE WHEN m.hb THEN h ELSE 0 END, s, 32, 400)
                        - CASE WHEN m.ha THEN h ELSE 0 END WHERE id = m.pa;
    UPDATE hand SET r = skill.elo_update(rb + CASE WHEN m.hb THEN h ELSE 0 END,
                                         ra + CASE WHEN m.ha THEN h ELSE 0 END, 1 - s, 32, 400)
                        - CASE WHEN m.hb THEN h ELSE 0 END WHERE id = m.pb;
  END LOOP;
  RETURN QUERY SELECT id, r FROM hand ORDER BY id;
END $$;
SELECT r.player_id, round(r.rating::numeric, 9) AS replay, round(h.rating::numeric, 9) AS by_hand,
       abs(r.rating - h.rating) < 1e-9 AS same
FROM unnest((SELECT skill.elo_replay(match_id, played_at, player_id, team, rank, NULL,
                      '{"outcome": "share", "outcome_w": 0.25, "outcome_k": 1.5, "home_advantage": 50}',
                      skill.details(score, context, length, home) ORDER BY played_at, match_id) FROM league)) r
JOIN elo_by_hand('{"outcome_w": 0.25, "outcome_k": 1.5}', 50) h USING (player_id)
ORDER BY 1;
-- The history's outcome column is s; its last ratings are the aggregate's.
SELECT match_id, player_id, round(outcome::numeric, 12) AS s,
       round(CASE WHEN l.score IS NULL THEN 2 - l.rank
                  ELSE skill.share_outcome(l.score, o.score, 0.25, 1.5, 2 - l.rank) END::numeric, 12) AS by_hand
FROM skill.elo_history('SELECT * FROM league ORDER BY played_at, match_id',
                       '{"outcome": "share", "outcome_w": 0.25, "outcome_k": 1.5}') h
JOIN league l USING (match_id, player_id)
JOIN league o ON o.match_id = l.match_id AND o.player_id <> l.player_id
ORDER BY 1, 2;
SELECT h.player_id, abs(h.rating_after - r.rating) < 1e-12 AS same
FROM (SELECT DISTINCT ON (player_id) player_id, rating_after
      FROM skill.elo_history('SELECT * FROM league ORDER BY played_at, match_id',
                             '{"outcome": "share", "outcome_w": 0.25, "outcome_k": 1.5, "home_advantage": 50}')
      ORDER BY player_id, match_id DESC) h
JOIN unnest((SELECT skill.elo_replay(match_id, played_at, player_id, team, rank, NULL,
                      '{"outcome": "share", "outcome_w": 0.25, "outcome_k": 1.5, "home_advantage": 50}',
                      skill.details(score, context, length, home) ORDER BY played_at, match_id) FROM league)) r
  USING (player_id) ORDER BY 1;

-- skill.replay and skill.evaluate read the detail columns too.
SELECT r.player_id, abs(r.rating[1] - a.rating) < 1e-12 AS same
FROM skill.replay('elo', 'SELECT * FROM league ORDER BY played_at, match_id',
                  '{"outcome": "share", "outcome_w": 0.25, "outcome_k": 1.5, "home_advantage": 50}') r
JOIN unnest((SELECT skill.elo_replay(match_id, played_at, player_id, team, rank, NULL,
                      '{"outcome": "share", "outcome_w": 0.25, "outcome_k": 1.5, "home_advantage": 50}',
                      skill.details(score, context, length, home) ORDER BY played_at, match_id) FROM league)) a
  USING (player_id) ORDER BY 1;
SELECT e.n, abs(e.log_loss - h.log_loss) < 1e-12 AS same_as_history
FROM skill.evaluate('SELECT * FROM league ORDER BY played_at, match_id', ARRAY['elo'],
                    '{"elo": {"outcome": "share", "home_advantage": 50, "length_exponent": 0.5}}') e,
     (SELECT avg(-(o * ln(p) + (1 - o) * ln(1 - p))) AS log_loss
      FROM (SELECT predicted_win AS p, 2 - rank AS o
            FROM skill.elo_history('SELECT * FROM league ORDER BY played_at, match_id',
                                   '{"outcome": "share", "home_advantage": 50, "length_exponent": 0.5}')
            WHERE team = 1) x) h;

-- 3. The difference outcome, one match: s = sigmoid((12 - 8) / 4).
SELECT player_id, round(outcome::numeric, 12) AS s, round((1 / (1 + exp(CASE player_id WHEN 1 THEN -1.0 ELSE 1.0 END)))::numeric, 12) AS by_hand
FROM skill.elo_history('SELECT * FROM league WHERE match_id = 1',
                       '{"outcome": "difference", "outcome_scale": 4}') ORDER BY 1;

-- 4. Glicko-1 and Glicko-2 take s: one match, against glicko_update and
-- glicko2_update with the share (c = 0: no growth at the period's onset).
SELECT player_id, round((rating_after).rating::numeric, 9) AS replay,
       round((skill.glicko_update(skill.glicko(1500, 350), ARRAY[skill.glicko(1500, 350)],
              ARRAY[CASE player_id WHEN 1 THEN 0.6 ELSE 0.4 END]::float8[])).rating::numeric, 9) AS by_hand
FROM skill.glicko_history('SELECT * FROM league WHERE match_id = 1', '{"outcome": "share", "c": 0}') ORDER BY 1;
SELECT player_id, round((rating_after).rating::numeric, 9) AS replay,
       round((skill.glicko2_update(skill.glicko(1500, 350, 0.06), ARRAY[skill.glicko(1500, 350, 0.06)],
              ARRAY[CASE player_id WHEN 1 THEN 0.6 ELSE 0.4 END]::float8[])).rating::numeric, 9) AS by_hand
FROM skill.glicko2_history('SELECT * FROM league WHERE match_id = 1', '{"outcome": "share"}') ORDER BY 1;
-- Team Glicko-1: team_glicko_rate with the share as the first team's score.
SELECT player_id, round((rating_after).rating::numeric, 9) AS replay,
       round((skill.team_glicko_rate(ARRAY[[skill.glicko(1500, 130)], [skill.glicko(1500, 130)]], 0.6))[player_id][1].rating::numeric, 9) AS by_hand
FROM skill.team_glicko_history('SELECT * FROM league WHERE match_id = 1', '{"outcome": "share"}') ORDER BY 1;
-- Glicko-1 with home advantage: the game's rating difference moves by H.
SELECT player_id, round((rating_after).rating::numeric, 9) AS replay,
       round((skill.glicko_update(skill.glicko(1500 + CASE player_id WHEN 1 THEN 40 ELSE 0 END, 350),
              ARRAY[skill.glicko(1500 + CASE player_id WHEN 2 THEN 40 ELSE 0 END, 350)],
              ARRAY[CASE player_id WHEN 1 THEN 1 ELSE 0 END]::float8[])).rating::numeric
             - CASE player_id WHEN 1 THEN 40 ELSE 0 END, 9) AS by_hand
FROM skill.glicko_history('SELECT * FROM league WHERE match_id = 1', '{"home_advantage": 40, "c": 0}') ORDER BY 1;

-- 5. The prediction: home advantage in the rating difference, the length
-- exponent and predict_scale on the logit.  Match 1, equal ratings:
-- z = ln(10) * 50 / 400, p = sigmoid(1.5 * z * 3^0.5).
SELECT player_id, round(predicted_win::numeric, 12) AS predicted,
       round((1 / (1 + exp(-(CASE player_id WHEN 1 THEN 1 ELSE -1 END) * 1.5 * ln(10) * 50 / 400 * sqrt(3))))::numeric, 12) AS by_hand
FROM skill.elo_history('SELECT * FROM league WHERE match_id = 1',
                       '{"home_advantage": 50, "length_exponent": 0.5, "predict_scale": 1.5}') ORDER BY 1;
-- The scale multiplies the logit of OpenSkill's logistic link too.
SELECT player_id, round(h2.predicted_win::numeric, 12) AS scaled,
       round((1 / (1 + exp(-2 * ln(h1.predicted_win / (1 - h1.predicted_win)))))::numeric, 12) AS by_hand
FROM skill.pl_history('SELECT * FROM league WHERE match_id <= 2 ORDER BY played_at, match_id',
                      '{"link": "logistic"}') h1
JOIN skill.pl_history('SELECT * FROM league WHERE match_id <= 2 ORDER BY played_at, match_id',
                      '{"link": "logistic", "predict_scale": 2}') h2 USING (match_id, player_id)
WHERE match_id = 2 ORDER BY 1;

-- 6. Context ratings: each player's rating per context starts from its
-- overall mean and is moved by that context's matches only; the
-- prediction mixes the logits, (1 - w) z_overall + w z_context.  With
-- context_k = 0 the context ratings never move: at weight 1 each match is
-- predicted from the players' overall means when each first played in
-- its context (elo_predict_win on those).
SELECT h.match_id, round(h.predicted_win::numeric, 12) AS predicted,
       round(skill.elo_predict_win(a.first_mean, b.first_mean)::numeric, 12) AS by_hand
FROM skill.elo_history('SELECT * FROM league ORDER BY played_at, match_id',
                       '{"context_weight": 1, "context_k": 0}') h
JOIN league l1 ON l1.match_id = h.match_id AND l1.team = 1
JOIN league l2 ON l2.match_id = h.match_id AND l2.team = 2
CROSS JOIN LATERAL (
  SELECT (SELECT x.rating_before FROM skill.elo_history('SELECT * FROM league ORDER BY played_at, match_id') x
          JOIN league c ON c.match_id = x.match_id AND c.player_id = x.player_id
          WHERE x.player_id = l1.player_id AND c.context = l1.context ORDER BY x.match_id LIMIT 1) AS first_mean) a
CROSS JOIN LATERAL (
  SELECT (SELECT x.rating_before FROM skill.elo_history('SELECT * FROM league ORDER BY played_at, match_id') x
          JOIN league c ON c.match_id = x.match_id AND c.player_id = x.player_id
          WHERE x.player_id = l2.player_id AND c.context = l2.context ORDER BY x.match_id LIMIT 1) AS first_mean) b
WHERE h.team = 1 ORDER BY 1;
-- At weight 0.5 the logit is the mean of the overall and context logits.
SELECT m.match_id,
       abs(ln(m.predicted_win / (1 - m.predicted_win))
           - 0.5 * ln(o.predicted_win / (1 - o.predicted_win))
           - 0.5 * ln(c.predicted_win / (1 - c.predicted_win))) < 1e-12 AS mixed
FROM skill.elo_history('SELECT * FROM league ORDER BY played_at, match_id', '{"context_weight": 0.5}') m
JOIN skill.elo_history('SELECT * FROM league ORDER BY played_at, match_id') o USING (match_id, player_id)
JOIN skill.elo_history('SELECT * FROM league ORDER BY played_at, match_id', '{"context_weight": 1}') c USING (match_id, player_id)
WHERE m.team = 1 ORDER BY 1;

-- 7. refit_every: predict_scale refitted on the matches before.  A
-- favourite that always wins makes the fitted scale large, and only
-- matches after the first refit change.
CREATE TABLE ladder AS
SELECT m::bigint AS match_id, timestamptz '2024-01-01 00:00+00' + m * interval '1 day' AS played_at,
       p::bigint AS player_id, t AS team, t::float8 AS rank
FROM generate_series(1, 60) m, LATERAL (VALUES (1 + m % 4, 1), (5 + m % 4, 2)) v(p, t);
SELECT match_id > 30 AS after_refit, count(*) AS matches,
       count(*) FILTER (WHERE abs(a.predicted_win - b.predicted_win) > 1e-12) AS changed,
       bool_and(a.predicted_win >= b.predicted_win) AS sharper
FROM skill.elo_history('SELECT * FROM ladder ORDER BY played_at, match_id', '{"refit_every": "30 days"}') a
JOIN skill.elo_history('SELECT * FROM ladder ORDER BY played_at, match_id') b USING (match_id, player_id)
WHERE a.team = 1 GROUP BY 1 ORDER BY 1;

-- A step of one microsecond refits before every match and does not spin
-- through the days between them; one of millions of years never comes.
SELECT count(*) FILTER (WHERE abs(a.predicted_win - b.predicted_win) > 1e-12) AS changed_by_microsecond_steps,
       count(*) FILTER (WHERE abs(c.predicted_win - b.predicted_win) > 1e-12) AS changed_by_eons
FROM skill.elo_history('SELECT * FROM ladder ORDER BY played_at, match_id', '{"refit_every": "1 microsecond"}') a
JOIN skill.elo_history('SELECT * FROM ladder ORDER BY played_at, match_id') b USING (match_id, player_id)
JOIN skill.elo_history('SELECT * FROM ladder ORDER BY played_at, match_id', '{"refit_every": "178000000 years"}') c
  USING (match_id, player_id);

-- Without refit_window, context_weight or length_exponent the refit is of
-- predict_scale over all earlier matches, from the fixed bins: these
-- histories are pinned (the Glicko one with the per-match periods of
-- those versions, idle_growth periods): each match's first team's
-- predicted_win and each player's final rating, as those versions gave
-- them, to a relative 1e-12 (C libraries differ in the last bit of exp,
-- log and pow); the numbers farther off are listed.
CREATE TEMP TABLE refit_runs AS
SELECT o::text AS options, h.match_id, h.player_id, h.team, h.predicted_win, h.rating_after AS rating
FROM unnest(ARRAY['{"refit_every": "30 days"}', '{"refit_every": "1 week", "predict_scale": 1.5}',
                  '{"refit_every": "1 microsecond"}']::jsonb[]) o,
     LATERAL skill.elo_history('SELECT * FROM ladder ORDER BY played_at, match_id', o) h
UNION ALL
SELECT 'glicko ' || '{"c": 20, "refit_every": "10 days", "idle_growth": "periods"}', h.match_id, h.player_id, h.team,
       h.predicted_win, (h.rating_after).rating
FROM skill.glicko_history('SELECT * FROM ladder ORDER BY played_at, match_id',
                          '{"refit_every": "10 days", "c": 20, "idle_growth": "periods"}') h;
CREATE TEMP VIEW refit_computed AS
SELECT options, array_agg(predicted_win ORDER BY match_id) FILTER (WHERE team = 1) AS win,
       (SELECT array_agg(f.rating ORDER BY f.player_id)
        FROM (SELECT DISTINCT ON (r.player_id) r.player_id, r.rating FROM refit_runs r
              WHERE r.options = x.options ORDER BY r.player_id, r.match_id DESC) f) AS final
FROM refit_runs x GROUP BY options;
CREATE TEMP TABLE refit_pinned (options text, win float8[], final float8[]);
INSERT INTO refit_pinned VALUES
  ('glicko {"c": 20, "refit_every": "10 days", "idle_growth": "periods"}', '{0.5,0.5,0.5,0.5,0.7562339208278879,0.7562339208278879,0.7562339208278879,0.7562339208278879,0.8374744960420711,0.8374744960420711,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1}', '{1887.904817742112,1887.904817742112,1887.904817742112,1887.904817742112,1112.095182257888,1112.095182257888,1112.095182257888,1112.095182257888}'),
  ('{"refit_every": "1 microsecond"}', '{0.5,0.5,0.5,0.5,0.5459219227804837,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1}', '{1641.607500407838,1641.607500407838,1641.607500407838,1641.607500407838,1358.392499592162,1358.392499592162,1358.392499592162,1358.392499592162}'),
  ('{"refit_every": "1 week", "predict_scale": 1.5}', '{0.5,0.5,0.5,0.5,0.5686413918836675,0.5686413918836675,0.5686413918836675,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1}', '{1641.607500407838,1641.607500407838,1641.607500407838,1641.607500407838,1358.392499592162,1358.392499592162,1358.392499592162,1358.392499592162}'),
  ('{"refit_every": "30 days"}', '{0.5,0.5,0.5,0.5,0.5459219227804837,0.5459219227804837,0.5459219227804837,0.5459219227804837,0.5869801511691739,0.5869801511691739,0.5869801511691739,0.5869801511691739,0.6233184688941619,0.6233184688941619,0.6233184688941619,0.6233184688941619,0.655303031518677,0.655303031518677,0.655303031518677,0.655303031518677,0.6833960961937027,0.6833960961937027,0.6833960961937027,0.6833960961937027,0.7080773229265045,0.7080773229265045,0.7080773229265045,0.7080773229265045,0.7298008929817663,0.7298008929817663,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1}', '{1641.607500407838,1641.607500407838,1641.607500407838,1641.607500407838,1358.392499592162,1358.392499592162,1358.392499592162,1358.392499592162}');
SELECT options, what, i AS match_or_player, pinned, value
FROM (SELECT options, 'win' AS what, i, p.win[i] AS pinned, c.win[i] AS value
      FROM refit_pinned p FULL JOIN refit_computed c USING (options),
           generate_series(1, greatest(cardinality(p.win), cardinality(c.win))) i
      UNION ALL
      SELECT options, 'final', i, p.final[i], c.final[i]
      FROM refit_pinned p FULL JOIN refit_computed c USING (options),
           generate_series(1, greatest(cardinality(p.final), cardinality(c.final))) i) d
WHERE NOT (abs(value - pinned) <= 1e-12 * abs(pinned)) OR (value IS NULL) <> (pinned IS NULL)
ORDER BY 1, 2, 3;
SELECT count(*) AS histories, sum(cardinality(win)) AS chances, sum(cardinality(final)) AS ratings FROM refit_pinned;

-- refit_window: each refit uses only the matches of the window before
-- the refit point [t - window, t), t a whole number of refit_every
-- after the first match (intervals in hours here: days would follow the
-- session's daylight saving, the refit's do not).  The reference is a maximum-likelihood
-- fit written here (Fisher scoring with step halving) of
-- p = sigmoid(a len^g ((1 - l) z + l zc)) over the parameters marked in
-- searched, on the window's records taken from the histories' rows: z
-- and zc are the logits of the unadjusted history and of the one at
-- context_weight 1.
CREATE FUNCTION ml_fit(z float8[], zc float8[], len float8[], o float8[], searched bool[], start float8[])
RETURNS float8[] LANGUAGE plpgsql AS $$
DECLARE
  th float8[] := start; tr float8[]; g float8[]; h float8[]; st float8[]; m float8[]; d float8[];
  i int; j int; k int; it int; half int; loss float8; tl float8; u float8; v float8; e float8; p float8; det float8;
BEGIN
  FOR it IN 1..200 LOOP
    g := '{0,0,0}'; h := '{0,0,0,0,0,0,0,0,0}'; loss := 0;
    FOR i IN 1..array_length(z, 1) LOOP
      u := (1 - th[2]) * z[i] + th[2] * zc[i]; v := len[i] ^ th[3]; e := th[1] * v * u;
      p := 1 / (1 + exp(-e));
      loss := loss + ln(1 + exp(e)) - o[i] * e;
      d := ARRAY[v * u, th[1] * v * (zc[i] - z[i]), e * ln(len[i])];
      FOR j IN 1..3 LOOP
        g[j] := g[j] + (o[i] - p) * d[j];
        FOR k IN 1..3 LOOP h[3 * j + k - 3] := h[3 * j + k - 3] + p * (1 - p) * d[j] * d[k]; END LOOP;
      END LOOP;
    END LOOP;
    FOR j IN 1..3 LOOP          -- a fixed parameter: a unit row and column, no gradient
      IF NOT searched[j] THEN
        g[j] := 0;
        FOR k IN 1..3 LOOP h[3 * j + k - 3] := (j = k)::int; h[3 * k + j - 3] := (j = k)::int; END LOOP;
      END IF;
    END LOOP;
    -- The step h^-1 g by Cramer's rule.
    det := h[1] * (h[5] * h[9] - h[6] * h[8]) - h[2] * (h[4] * h[9] - h[6] * h[7]) + h[3] * (h[4] * h[8] - h[5] * h[7]);
    st := '{0,0,0}';
    FOR j IN 1..3 LOOP
      m := h;
      FOR k IN 1..3 LOOP m[3 * k + j - 3] := g[k]; END LOOP;
      st[j] := (m[1] * (m[5] * m[9] - m[6] * m[8]) - m[2] * (m[4] * m[9] - m[6] * m[7])
                + m[3] * (m[4] * m[8] - m[5] * m[7])) / det;
    END LOOP;
    EXIT WHEN abs(st[1]) + abs(st[2]) + abs(st[3]) < 1e-14;
    FOR half IN 0..40 LOOP
      tr := ARRAY[th[1] + st[1], th[2] + st[2], th[3] + st[3]];
      tl := 0;
      FOR i IN 1..array_length(z, 1) LOOP
        e := tr[1] * len[i] ^ tr[3] * ((1 - tr[2]) * z[i] + tr[2] * zc[i]);
        tl := tl + ln(1 + exp(e)) - o[i] * e;
      END LOOP;
      EXIT WHEN tl <= loss;
      st := ARRAY[st[1] / 2, st[2] / 2, st[3] / 2];
    END LOOP;
    th := tr;
  END LOOP;
  RETURN th;
END $$;

-- A history whose scale changes halfway: team 1 wins 80 % of the first 80
-- days and 60 % of the last 80, while its players' Elo ratings keep rising.
-- Refitted every 30 days on the 30 days before, predict_scale falls with
-- the change; refitted on all earlier matches it lags.  The windowed scale
-- (the logit ratio to the unadjusted history) is the reference fit's.
SELECT setseed(0.27);
CREATE TABLE shift AS
SELECT m::bigint AS match_id, timestamptz '2024-01-01 00:00+00' + m * interval '1 day' AS played_at,
       p::bigint AS player_id, t AS team, CASE WHEN (t = 1) = win THEN 1 ELSE 2 END::float8 AS rank
FROM (SELECT m, random() < CASE WHEN m <= 80 THEN 0.8 ELSE 0.6 END AS win FROM generate_series(1, 160) m) g,
     LATERAL (VALUES (1 + m % 4, 1), (5 + (m / 4) % 4, 2)) v(p, t);
CREATE TABLE shifted AS
SELECT w.match_id, w.played_at, 2 - w.rank AS o, ln(b.predicted_win / (1 - b.predicted_win)) AS z,
       ln(w.predicted_win / (1 - w.predicted_win)) / nullif(ln(b.predicted_win / (1 - b.predicted_win)), 0) AS a_window,
       ln(a.predicted_win / (1 - a.predicted_win)) / nullif(ln(b.predicted_win / (1 - b.predicted_win)), 0) AS a_all
FROM skill.elo_history('SELECT * FROM shift ORDER BY played_at, match_id',
                       '{"refit_every": "30 days", "refit_window": "30 days"}') w
JOIN skill.elo_history('SELECT * FROM shift ORDER BY played_at, match_id', '{"refit_every": "30 days"}') a
  USING (match_id, player_id)
JOIN skill.elo_history('SELECT * FROM shift ORDER BY played_at, match_id') b USING (match_id, player_id)
WHERE w.team = 1;
WITH fits AS (
  SELECT k, t, ml_fit(array_agg(z), array_agg(z), array_agg(1::float8), array_agg(o), '{t,f,f}', '{1,0,0}') AS th
  FROM (SELECT k, timestamptz '2024-01-02 00:00+00' + k * interval '720 hours' AS t FROM generate_series(1, 5) k) p
  JOIN shifted ON played_at >= t - interval '720 hours' AND played_at < t GROUP BY k, t)
SELECT k, to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS refit_at, round(avg(s.o)::numeric, 3) AS won_after, round(th[1]::numeric, 4) AS by_hand,
       round(min(s.a_window)::numeric, 4) AS windowed, max(abs(s.a_window - th[1])) < 1e-6 * th[1] AS same,
       round(min(s.a_all)::numeric, 4) AS all_earlier
FROM fits JOIN shifted s ON s.played_at >= t AND s.played_at < t + interval '720 hours' AND s.z <> 0
GROUP BY k, t, th ORDER BY k;

-- With context_weight and length_exponent not 0 the refit covers them too:
-- per-context skills and best-of-5 matches that favour the stronger
-- player, 900 days refitted every 150 on the 150 before.  A window whose
-- free optimum has a context weight above 1 is fitted again with it at 1
-- (its bound).  The refit's Fisher scoring stops when a step gains less
-- than 1e-10 of the log-loss, so the logits agree to about 1e-5.
SELECT setseed(0.61);
CREATE TABLE ctx_skill AS
SELECT p, c, base + 150 * sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random()) AS s
FROM (SELECT p, 250 * sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random()) AS base
      FROM generate_series(1, 8) p) b, unnest(ARRAY['a', 'b']) c;
CREATE TABLE ctx_league AS
SELECT m::bigint AS match_id, timestamptz '2024-01-01 00:00+00' + m * interval '1 day' AS played_at,
       v.p::bigint AS player_id, v.t AS team, CASE WHEN (v.t = 1) = win THEN 1 ELSE 2 END::float8 AS rank,
       ctx AS context, len AS length
FROM (SELECT x.*, u < 1 / (1 + exp(-ln(10) / 400 * sqrt(len / 3) * (sa.s - sb.s))) AS win
      FROM (SELECT m, a, CASE WHEN b0 >= a THEN b0 + 1 ELSE b0 END AS b, ctx, len, u
            FROM (SELECT m, 1 + floor(random() * 8)::int AS a, 1 + floor(random() * 7)::int AS b0,
                         CASE WHEN random() < 0.5 THEN 'a' ELSE 'b' END AS ctx,
                         CASE WHEN random() < 0.5 THEN 3 ELSE 5 END::float8 AS len, random() AS u
                  FROM generate_series(1, 900) m) y) x
      JOIN ctx_skill sa ON sa.p = x.a AND sa.c = x.ctx JOIN ctx_skill sb ON sb.p = x.b AND sb.c = x.ctx) g,
     LATERAL (VALUES (a, 1), (b, 2)) v(p, t);
CREATE TABLE ctx_refit AS
SELECT w.match_id, w.played_at, l.length AS len, 2 - w.rank AS o,
       ln(b.predicted_win / (1 - b.predicted_win)) AS z, ln(c.predicted_win / (1 - c.predicted_win)) AS zc,
       ln(w.predicted_win / (1 - w.predicted_win)) AS logit
FROM skill.elo_history('SELECT * FROM ctx_league ORDER BY played_at, match_id',
                       '{"context_weight": 0.5, "length_exponent": 0.2, "refit_every": "150 days", "refit_window": "150 days"}') w
JOIN skill.elo_history('SELECT * FROM ctx_league ORDER BY played_at, match_id') b USING (match_id, player_id)
JOIN skill.elo_history('SELECT * FROM ctx_league ORDER BY played_at, match_id', '{"context_weight": 1}') c
  USING (match_id, player_id)
JOIN ctx_league l USING (match_id, player_id)
WHERE w.team = 1;
WITH w AS (
  SELECT k, t, array_agg(z) AS z, array_agg(zc) AS zc, array_agg(len) AS len, array_agg(o) AS o,
         ml_fit(array_agg(z), array_agg(zc), array_agg(len), array_agg(o), '{t,t,t}', '{1,0.5,0.2}') AS free
  FROM (SELECT k, timestamptz '2024-01-02 00:00+00' + k * interval '3600 hours' AS t FROM generate_series(1, 5) k) p
  JOIN ctx_refit ON played_at >= t - interval '3600 hours' AND played_at < t GROUP BY k, t),
fits AS (SELECT k, t, CASE WHEN free[2] > 1 THEN ml_fit(z, zc, len, o, '{t,f,t}', ARRAY[free[1], 1, free[3]])
                           ELSE free END AS th FROM w)
SELECT k, to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS refit_at, round(th[1]::numeric, 4) AS predict_scale, round(th[2]::numeric, 4) AS context_weight,
       round(th[3]::numeric, 4) AS length_exponent,
       max(abs(c.logit - th[1] * c.len ^ th[3] * ((1 - th[2]) * c.z + th[2] * c.zc))) < 1e-4 AS same
FROM fits JOIN ctx_refit c ON c.played_at >= t AND c.played_at < t + interval '3600 hours'
GROUP BY k, t, th ORDER BY k;

-- A short window over a long history: its records are dropped and their
-- room reused as it moves (2,000 hourly matches, refitted daily on the day
-- before); every refit is still the reference fit, clamped to the
-- refit's bounds [0.001, 1000] (the log-likelihood is concave in the
-- scale; a day the favourites did worse than even has its optimum below
-- 0).  Newton's method stops when a step gains less than 1e-10 of the
-- log-loss: the scales agree to about 1e-8.
SELECT setseed(0.33);
CREATE TABLE hourly AS
SELECT m::bigint AS match_id, timestamptz '2024-01-01 00:00+00' + m * interval '1 hour' AS played_at,
       p::bigint AS player_id, t AS team, CASE WHEN (t = 1) = win THEN 1 ELSE 2 END::float8 AS rank
FROM (SELECT m, random() < 0.7 AS win FROM generate_series(1, 2000) m) g,
     LATERAL (VALUES (1 + m % 3, 1), (4 + (m / 3) % 3, 2)) v(p, t);
WITH h AS (
  SELECT w.played_at, 2 - w.rank AS o, ln(b.predicted_win / (1 - b.predicted_win)) AS z,
         ln(w.predicted_win / (1 - w.predicted_win)) AS logit
  FROM skill.elo_history('SELECT * FROM hourly ORDER BY played_at, match_id',
                         '{"refit_every": "1 day", "refit_window": "1 day"}') w
  JOIN skill.elo_history('SELECT * FROM hourly ORDER BY played_at, match_id') b USING (match_id, player_id)
  WHERE w.team = 1),
fits AS (
  SELECT k, t, least(greatest((ml_fit(array_agg(z), array_agg(z), array_agg(1::float8), array_agg(o),
                                      '{t,f,f}', '{1,0,0}'))[1], 0.001), 1000) AS a
  FROM (SELECT k, timestamptz '2024-01-01 01:00+00' + k * interval '24 hours' AS t FROM generate_series(1, 83) k) p
  JOIN h ON played_at >= t - interval '24 hours' AND played_at < t GROUP BY k, t)
SELECT count(DISTINCT k) AS refits, count(*) AS matches,
       count(*) FILTER (WHERE abs(h.logit - a * h.z) > 1e-6 * abs(h.logit)) AS different
FROM fits JOIN h ON h.played_at >= t AND h.played_at < t + interval '24 hours';

-- 8. Bad input: every rule with its message.
SELECT * FROM skill.elo_history('SELECT match_id, played_at, player_id, team, rank, -1::float8 AS score FROM league');
SELECT * FROM skill.elo_history($$SELECT match_id, played_at, player_id, team, rank, 'NaN'::float8 AS score FROM league$$);
SELECT * FROM skill.elo_history('SELECT match_id, played_at, player_id, team, rank, 0::float8 AS length FROM league');
SELECT * FROM skill.elo_history('SELECT match_id, played_at, player_id, team, rank, score::text AS score FROM league');
SELECT * FROM skill.elo_history('SELECT match_id, played_at, player_id, team, rank, score, score FROM league');
SELECT * FROM skill.elo_history('SELECT * FROM league', '{"outcome": "margin"}');
SELECT * FROM skill.elo_history('SELECT * FROM league', '{"context_weight": 1.5}');
SELECT * FROM skill.elo_history('SELECT * FROM league', '{"refit_every": "-1 day"}');
SELECT * FROM skill.elo_history('SELECT * FROM league', '{"refit_every": 30}');
SELECT * FROM skill.elo_history('SELECT * FROM league', '{"refit_every": "1 year", "refit_window": "-1 day"}');
SELECT * FROM skill.elo_history('SELECT * FROM league', '{"refit_every": "1 year", "refit_window": "a while"}');
SELECT * FROM skill.elo_history('SELECT * FROM league', '{"refit_every": "1 year", "refit_window": 30}');
SELECT * FROM skill.elo_history('SELECT * FROM league', '{"refit_window": "1 year"}');
SELECT * FROM skill.evaluate('SELECT * FROM league', ARRAY['glicko'], '{"glicko": {"refit_window": "1 year"}}');
SELECT * FROM skill.pl_history('SELECT * FROM league', '{"outcome": "share"}');
SELECT * FROM skill.trueskill_history('SELECT * FROM league', '{"outcome": "difference"}');
SELECT * FROM skill.elo_history($$SELECT match_id, played_at, player_id, 1 AS team, 1::float8 AS rank, score
                                  FROM league WHERE match_id = 1 UNION ALL
                                  SELECT 1, '2024-01-01 00:00+00', 9, 2, 2, 1$$);
SELECT * FROM skill.elo_history($$SELECT match_id, played_at, player_id, 1 AS team, 1::float8 AS rank, home
                                  FROM league WHERE match_id = 1 UNION ALL
                                  SELECT 1, '2024-01-01 00:00+00', 9, 2, 2, false$$);
SELECT * FROM skill.elo_history($$SELECT match_id, played_at, player_id, team, rank,
                                         CASE player_id WHEN 1 THEN 'clay' ELSE 'hard' END AS context
                                  FROM league WHERE match_id = 1$$);
SELECT * FROM skill.elo_history($$SELECT match_id, played_at, player_id, team, rank, length + player_id AS length
                                  FROM league WHERE match_id = 1$$);
SELECT * FROM skill.elo_history('SELECT match_id, played_at, player_id, team, rank, true AS home FROM league');
SELECT skill.elo_replay(match_id, played_at, player_id, team, rank, NULL, NULL, ROW(-2, NULL, NULL, NULL)::skill.match_details)
FROM league;
SELECT skill.elo_replay(match_id, played_at, player_id, team, rank, NULL, NULL, ROW(NULL, NULL, 'Infinity', NULL)::skill.match_details)
FROM league;
SELECT skill.details(), skill.details(score => 3, home => true);
SELECT skill.details(score => -1);
SELECT skill.details(length => 'NaN');
SELECT skill.elo_replay(match_id, played_at, player_id, team, rank, NULL, NULL, ROW('NaN', NULL, NULL, NULL)::skill.match_details)
FROM league;
-- A match without both teams' scores is rated by rank (match 5 above);
-- so is one of three teams, pairwise by the scores (documented).
SELECT player_id, round(outcome::numeric, 12) AS s
FROM skill.elo_history($$SELECT 1::bigint, timestamptz '2024-01-01 00:00+00', p::bigint, p, p::float8, s::float8 AS score
                         FROM (VALUES (1, 6), (2, 3), (3, 3)) v(p, s)$$, '{"outcome": "share"}') ORDER BY 1;

-- 9. fit recovers the parameters that generated the data: true skills,
-- a per-context offset, home advantage 60, length exponent 0.5 on the
-- win logit, and game shares whose logit is the win logit / 2 (so
-- outcome_k = 2 makes s the true chance).
SELECT setseed(0.42);
CREATE TABLE sp AS
SELECT i AS id, 200 * sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random()) AS theta,
       120 * sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random()) AS da,
       120 * sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random()) AS db
FROM generate_series(1, 150) i ORDER BY i;
CREATE TABLE sm AS
SELECT m, a, b, ctx, len, home_a, u, noise,
       ln(10) / 400 * ((pa.theta + CASE ctx WHEN 'a' THEN pa.da ELSE pa.db END + CASE WHEN home_a THEN 60 ELSE 0 END)
                       - (pb.theta + CASE ctx WHEN 'a' THEN pb.da ELSE pb.db END)) AS z
FROM (SELECT m, 1 + floor(random() * 150)::int AS a, 1 + floor(random() * 149)::int AS b0,
             CASE WHEN random() < 0.5 THEN 'a' ELSE 'b' END AS ctx,
             CASE WHEN random() < 0.5 THEN 1 ELSE 5 END AS len, random() < 0.5 AS home_a, random() AS u,
             0.3 * sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random()) AS noise
      FROM generate_series(1, 30000) m ORDER BY m) g
CROSS JOIN LATERAL (SELECT CASE WHEN b0 >= a THEN b0 + 1 ELSE b0 END AS b) bb
JOIN sp pa ON pa.id = a JOIN sp pb ON pb.id = bb.b;
CREATE TABLE synth AS
SELECT m::bigint AS match_id, timestamptz '2020-01-01 00:00+00' + m * interval '1 hour' AS played_at,
       p::bigint AS player_id, t AS team, r::float8 AS rank, sc::float8 AS score, ctx AS context,
       len::float8 AS length, h AS home
FROM sm, LATERAL (SELECT u < 1 / (1 + exp(-z * len ^ 0.5)) AS a_wins, 1 / (1 + exp(-(z / 2 + noise))) AS share) o,
LATERAL (VALUES (a, 1, CASE WHEN a_wins THEN 1 ELSE 2 END, 20 * share, home_a),
                (b, 2, CASE WHEN a_wins THEN 2 ELSE 1 END, 20 * (1 - share), false)) v(p, t, r, sc, h);
SET client_min_messages = warning;
WITH f AS (SELECT skill.fit('elo', 'SELECT * FROM synth ORDER BY played_at, match_id',
                            '{"home_advantage": [0, 200], "length_exponent": [0, 1], "context_weight": [0, 1], "k": [4, 64]}',
                            '{"score_from": "2020-04-01 00:00+00", "max_evaluations": 30}') AS r)
SELECT (r->'parameters'->>'home_advantage')::float8 BETWEEN 45 AND 75 AS home_advantage_near_60,
       (r->'parameters'->>'length_exponent')::float8 BETWEEN 0.35 AND 0.65 AS length_exponent_near_half,
       (r->'parameters'->>'context_weight')::float8 > 0.5 AS context_weight_large
FROM f;
WITH f AS (SELECT skill.fit('elo', 'SELECT * FROM synth ORDER BY played_at, match_id',
                            '{"outcome_k": [0.5, 5], "k": [4, 64]}',
                            '{"score_from": "2020-04-01 00:00+00",
                              "options": {"outcome": "share", "home_advantage": 60, "context_weight": 0.8, "length_exponent": 0.5}}') AS r)
SELECT (r->'parameters'->>'outcome_k')::float8 BETWEEN 1.6 AND 2.6 AS outcome_k_near_2 FROM f;
-- A context_* key is searched like any option (here starting from k = 32).
SELECT (r->'parameters'->>'context_k')::float8 BETWEEN 0 AND 64 AS context_k_fitted,
       (r->'train'->>'log_loss')::float8 < 0.69 AS better_than_a_coin
FROM (SELECT skill.fit('elo', 'SELECT * FROM synth ORDER BY played_at, match_id', '{"context_k": [0, 64]}',
                       '{"max_evaluations": 8, "options": {"context_weight": 0.8}}') AS r) f;
-- A prediction-only search needs one replay.
SELECT r->'evaluations' AS evaluations, (r->'parameters'->>'predict_scale')::float8 > 1 AS sharper
FROM (SELECT skill.fit('elo', 'SELECT * FROM synth ORDER BY played_at, match_id', '{"predict_scale": [0.2, 5]}') AS r) f;
RESET client_min_messages;

DROP TABLE league, ladder, sp, sm, synth, shift, shifted, ctx_skill, ctx_league, ctx_refit, hourly;
DROP FUNCTION elo_by_hand(jsonb, float8);
DROP FUNCTION ml_fit(float8[], float8[], float8[], float8[], bool[], float8[]);
