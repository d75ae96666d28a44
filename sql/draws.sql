-- Draw models on the two-team prediction (options draw_model, draw_margin,
-- draw_nu, draw_rate_slope): the chances of a win, a draw and a loss in
-- the histories and match_predictions, and expected_score.
CREATE EXTENSION IF NOT EXISTS skill;

-- 1. draw_model 'none' (the default) is the prediction without a draw
-- model bit for bit: the md5 of every family's history over 400 matches
-- with draws, home teams, contexts, lengths and three-team matches, with
-- and without the prediction's adjustments, is the one the build before
-- the draw models gave (pinned below), and so are match_predictions'.
-- The md5s are of the rows as text, in these settings.
SET extra_float_digits = 1;
SET TimeZone = 'Etc/UTC';
SET DateStyle = 'ISO, MDY';
CREATE TABLE dgames AS
WITH m AS (
  SELECT m, (m * 7) % 23 + 1 AS a, (m * 11 + 5) % 23 + 1 AS b0, (m * 13 + 2) % 23 + 1 AS c0,
         (m * 37) % 8 AS r
  FROM generate_series(1, 400) m),
p AS (
  SELECT m, a, CASE WHEN b0 = a THEN a % 23 + 1 ELSE b0 END AS b, c0, r FROM m)
SELECT m::bigint AS match_id, timestamptz '2024-01-01 00:00+00' + m * interval '1 hour' AS played_at,
       player_id, team, rank,
       CASE WHEN m % 2 = 0 THEN 'grass' ELSE 'clay' END AS context,
       (1 + (m % 3) * 2)::float8 AS length, team = 1 AND m % 3 = 0 AS home
FROM p, LATERAL (VALUES
  (a::bigint, 1, CASE WHEN r < 3 THEN 1 WHEN r < 5 THEN 1 ELSE 2 END::float8),
  (b::bigint, 2, CASE WHEN r < 3 THEN 2 WHEN r < 5 THEN 1 ELSE 1 END::float8),
  (CASE WHEN m % 10 = 0 AND c0 <> a AND c0 <> b THEN c0 END::bigint, 3, 3::float8)) v(player_id, team, rank)
WHERE player_id IS NOT NULL;
SELECT count(DISTINCT match_id) AS matches,
       count(*) FILTER (WHERE team = 3) AS three_team,
       count(DISTINCT match_id) FILTER (WHERE rank = 1 AND team = 2 AND match_id IN
         (SELECT match_id FROM dgames WHERE team = 1 AND rank = 1)) AS draws
FROM dgames;

-- The md5 of the history's columns that the build before had (expected_score aside).
CREATE FUNCTION history_md5(family text, opts jsonb) RETURNS text LANGUAGE plpgsql AS $$
DECLARE result text;
BEGIN
  EXECUTE format($q$SELECT md5(string_agg(row(h.match_id, h.played_at, h.player_id, h.team, h.rank,
      h.rating_before, h.rating_after, h.predicted_win, h.predicted_draw, h.matches_before,
      h.outcome)::text, ';' ORDER BY h.n))
    FROM skill.%I_history(%L, %L) WITH ORDINALITY h(match_id, played_at, player_id, team, rank,
      rating_before, rating_after, predicted_win, predicted_draw, matches_before, outcome,
      expected_score, n)$q$,
    family, 'SELECT * FROM dgames' || CASE WHEN family = 'team_glicko' THEN ' WHERE team < 3' ELSE '' END
            || ' ORDER BY played_at, match_id', opts) INTO result;
  RETURN result;
END $$;
CREATE TABLE pinned (family text, opts jsonb, md5 text);
INSERT INTO pinned VALUES
  ('bt_full', '{"predict_scale": 1.3, "context_weight": 0.3, "length_exponent": 0.2}', 'aadea08041ce9394527a5f75e5779611'),
  ('bt_full', '{}', 'b730517b87a4818167d0eea4035c1c0a'),
  ('bt_part', '{"predict_scale": 1.3, "context_weight": 0.3, "length_exponent": 0.2}', '1206e7a35c5a1cca9be12d2a1a542e4f'),
  ('bt_part', '{}', '637f4bfffafd4f7643a56c0f7fa83f06'),
  ('elo', '{"predict_scale": 1.3, "context_weight": 0.3, "length_exponent": 0.2}', '46aa549d74e8228111683279cc9b7cf3'),
  ('elo', '{}', 'cfae537a8acb82a19bf9a1b717b92baf'),
  ('glicko', '{"predict_scale": 1.3, "context_weight": 0.3, "length_exponent": 0.2}', '39c7f61a3bc17758cfe2ea8b5cdc0ae0'),
  ('glicko', '{}', '52dea9b12740cf4054c1d6b994b788a2'),
  ('glicko2', '{"predict_scale": 1.3, "context_weight": 0.3, "length_exponent": 0.2}', 'd766927184ca1431b0389035a1a59090'),
  ('glicko2', '{}', '4b827ab8c28c5bb04771980b4b2a8bbd'),
  ('pl', '{"predict_scale": 1.3, "context_weight": 0.3, "length_exponent": 0.2}', '1bcf156b693b7aee2cc0dcd22b730645'),
  ('pl', '{}', '6d44697e858f40b925ead57c353eaa0c'),
  ('team_glicko', '{"predict_scale": 1.3, "context_weight": 0.3, "length_exponent": 0.2}', '18057171c254ffe4d2f9db443837f675'),
  ('team_glicko', '{}', '7d4a087c7a5f197cb13fa81de2f078b9'),
  ('tm_full', '{"predict_scale": 1.3, "context_weight": 0.3, "length_exponent": 0.2}', 'cd1789e725acbc3fed5a917e092e8add'),
  ('tm_full', '{}', '54a56f81c139b6e0b344002ed962a949'),
  ('tm_part', '{"predict_scale": 1.3, "context_weight": 0.3, "length_exponent": 0.2}', '79de8ebfe7c06dd85805bc5dfb936f82'),
  ('tm_part', '{}', '7ebde4e4d12eb15047bdec83c345dfc0'),
  ('trueskill', '{"predict_scale": 1.3, "context_weight": 0.3, "length_exponent": 0.2}', '5535945fd7ed8dafd92c38e4f79aaac3'),
  ('trueskill', '{}', '87be345d96f6519c304623ed2cfa9468');
SELECT p.family, p.opts, o.extra, history_md5(p.family, p.opts || o.extra::jsonb) AS md5, p.md5 AS pinned
FROM pinned p, unnest(ARRAY['{}', '{"draw_model": "none"}']) o(extra)
WHERE history_md5(p.family, p.opts || o.extra::jsonb) IS DISTINCT FROM p.md5;
SELECT count(*) AS histories_compared FROM pinned;
SELECT f, md5(string_agg(row(p.match_id, p.played_at, p.teams, p.team, p.predicted_win, p.predicted_draw,
                             p.outcome, p.min_matches_before)::text, ';' ORDER BY p.n)) AS md5
FROM unnest(ARRAY['elo', 'glicko', 'trueskill', 'pl']) f,
     skill.match_predictions(f, 'SELECT * FROM dgames ORDER BY played_at, match_id', '{"draw_model": "none"}')
       WITH ORDINALITY p(match_id, played_at, teams, team, predicted_win, predicted_draw, outcome,
                         min_matches_before, expected_score, n)
GROUP BY f
EXCEPT SELECT * FROM (VALUES
  ('elo', '37b8f0afe2293086cdd8bada8dfc3c64'),
  ('glicko', '7527fbef222ff3819fb3ef7fb52dbe85'),
  ('pl', '833325f46b31491e7c42d97ac81a9fbc'),
  ('trueskill', '5223e138b35e9f1fbc4d769a8c3b7d23')) pinned_predictions(f, md5);
-- Without a draw model expected_score is predicted_win on every row.
SELECT bool_and(expected_score = predicted_win) AS expected_is_win
FROM skill.trueskill_history('SELECT * FROM dgames ORDER BY played_at, match_id');
SET extra_float_digits = 0;
RESET TimeZone;
RESET DateStyle;

-- 2. Hand-derived chances.  With z the prediction's final logit (probit):
--   threshold delta: P(win) = F(z - delta), P(loss) = F(-z - delta), P(draw) the rest;
--   davidson nu:     P(win) = e^(z/2) / D, P(loss) = e^(-z/2) / D, P(draw) = nu / D,
--                    D = e^(z/2) + e^(-z/2) + nu,
-- F logistic; a probit z goes into Davidson's formula as z pi / sqrt(3).
CREATE FUNCTION hand_draws(model text, z float8, param float8,
                           OUT win float8, OUT draw float8, OUT loss float8)
LANGUAGE sql IMMUTABLE AS $$
  SELECT w, 1 - w - l, l
  FROM (SELECT CASE model WHEN 'threshold' THEN 1 / (1 + exp(param - z))
                          ELSE exp(z / 2) / (exp(z / 2) + exp(-z / 2) + param) END AS w,
               CASE model WHEN 'threshold' THEN 1 / (1 + exp(param + z))
                          ELSE exp(-z / 2) / (exp(z / 2) + exp(-z / 2) + param) END AS l) x
$$;

-- Five duels: team 1 at home in 1, 2 and 4, team 2 in 5; draws in 2 and 4.
CREATE TABLE duel (match_id bigint, played_at timestamptz, player_id bigint, team int,
                   rank float8, home boolean);
INSERT INTO duel VALUES
  (1, '2024-01-01 00:00+00', 1, 1, 1, true),  (1, '2024-01-01 00:00+00', 2, 2, 2, false),
  (2, '2024-01-02 00:00+00', 2, 1, 1, true),  (2, '2024-01-02 00:00+00', 3, 2, 1, false),
  (3, '2024-01-03 00:00+00', 1, 1, 2, false), (3, '2024-01-03 00:00+00', 3, 2, 1, false),
  (4, '2024-01-04 00:00+00', 3, 1, 1, true),  (4, '2024-01-04 00:00+00', 2, 2, 1, false),
  (5, '2024-01-05 00:00+00', 1, 1, 1, false), (5, '2024-01-05 00:00+00', 2, 2, 2, true);

-- Elo, home advantage H = 60 and predict_scale s = 1.25: the expected score
-- 1 / (1 + 10^(-d / 400)) of d = (r_a + H_a) - (r_b + H_b) has the logit
-- d ln 10 / 400, so z = s d ln 10 / 400.  Ratings before come from the
-- history (the draw model does not change the updates: see 1).
CREATE FUNCTION elo_duel(opts jsonb)
RETURNS TABLE (match_id bigint, win float8, draw float8, loss float8, expected float8,
               expected_b float8, z float8, level float8)
LANGUAGE sql AS $$
  WITH h AS (SELECT h.*, d.home FROM skill.elo_history(
               'SELECT match_id, played_at, player_id, team, rank, home FROM duel ORDER BY played_at, match_id',
               opts) h JOIN duel d USING (match_id, player_id))
  SELECT a.match_id, a.predicted_win, a.predicted_draw, b.predicted_win, a.expected_score, b.expected_score,
         coalesce((opts->>'predict_scale')::float8, 1) *
           ((a.rating_before + CASE WHEN a.home THEN coalesce((opts->>'home_advantage')::float8, 0) ELSE 0 END) -
            (b.rating_before + CASE WHEN b.home THEN coalesce((opts->>'home_advantage')::float8, 0) ELSE 0 END)) * ln(10) / 400,
         ((a.rating_before + b.rating_before) / 2 - 1500) / 400
  FROM h a JOIN h b ON a.match_id = b.match_id AND a.team = 1 AND b.team = 2
  ORDER BY 1
$$;
SELECT e.match_id, round(e.win::numeric, 6) AS win, round(e.draw::numeric, 6) AS draw,
       round(e.loss::numeric, 6) AS loss,
       abs(e.win - x.win) < 1e-12 AND abs(e.draw - x.draw) < 1e-12 AND abs(e.loss - x.loss) < 1e-12 AS by_hand,
       abs(e.expected - (e.win + e.draw / 2)) < 1e-15 AND abs(e.expected_b - (e.loss + e.draw / 2)) < 1e-15
         AS expected_score
FROM elo_duel('{"home_advantage": 60, "predict_scale": 1.25, "draw_model": "threshold", "draw_margin": 0.45}') e,
     hand_draws('threshold', e.z, 0.45) x;
SELECT e.match_id, round(e.win::numeric, 6) AS win, round(e.draw::numeric, 6) AS draw,
       round(e.loss::numeric, 6) AS loss,
       abs(e.win - x.win) < 1e-12 AND abs(e.draw - x.draw) < 1e-12 AND abs(e.loss - x.loss) < 1e-12 AS by_hand
FROM elo_duel('{"home_advantage": 60, "predict_scale": 1.25, "draw_model": "davidson", "draw_nu": 0.8}') e,
     hand_draws('davidson', e.z, 0.8) x;
-- draw_rate_slope g: delta + g level (at least 0), nu e^(g level), with
-- level the pair's mean rating before the match (home advantage aside)
-- less the new player's 1500, in units of Elo's scale 400.
SELECT e.match_id, round(e.level::numeric, 6) AS level, round(e.draw::numeric, 6) AS draw,
       abs(e.win - x.win) < 1e-12 AND abs(e.draw - x.draw) < 1e-12 AS by_hand
FROM elo_duel('{"home_advantage": 60, "draw_model": "threshold", "draw_margin": 0.3, "draw_rate_slope": 20}') e,
     hand_draws('threshold', e.z, greatest(0, 0.3 + 20 * e.level)) x;
SELECT e.match_id, round(e.draw::numeric, 6) AS draw,
       abs(e.win - x.win) < 1e-12 AND abs(e.draw - x.draw) < 1e-12 AS by_hand
FROM elo_duel('{"draw_model": "davidson", "draw_nu": 0.5, "draw_rate_slope": -3}') e,
     hand_draws('davidson', e.z, 0.5 * exp(-3 * e.level)) x;
-- A margin of 0 or a nu of 0: no draws, the family's one chance.
SELECT bool_and(e.draw = 0 AND abs(e.win - o.win) < 1e-15) AS no_draws
FROM elo_duel('{"draw_model": "threshold", "draw_margin": 0}') e
JOIN elo_duel('{}') o USING (match_id);

-- Glicko-1 (c 0: RDs do not grow between matches), H = 40, s = 0.9:
-- E = 1 / (1 + 10^(-g(sqrt(RD_a^2 + RD_b^2)) d / 400)), g(x) = 1 / sqrt(1 + 3 q^2 x^2 / pi^2),
-- q = ln 10 / 400, so z = s g d ln 10 / 400.
CREATE FUNCTION glicko_duel(opts jsonb)
RETURNS TABLE (match_id bigint, win float8, draw float8, loss float8, expected float8, z float8)
LANGUAGE sql AS $$
  WITH h AS (SELECT h.*, d.home FROM skill.glicko_history(
               'SELECT match_id, played_at, player_id, team, rank, home FROM duel ORDER BY played_at, match_id',
               opts) h JOIN duel d USING (match_id, player_id))
  SELECT a.match_id, a.predicted_win, a.predicted_draw, b.predicted_win, a.expected_score,
         coalesce((opts->>'predict_scale')::float8, 1) *
           (1 / sqrt(1 + 3 * (ln(10) / 400)^2 * ((a.rating_before).rd^2 + (b.rating_before).rd^2) / pi()^2)) *
           (((a.rating_before).rating + CASE WHEN a.home THEN coalesce((opts->>'home_advantage')::float8, 0) ELSE 0 END) -
            ((b.rating_before).rating + CASE WHEN b.home THEN coalesce((opts->>'home_advantage')::float8, 0) ELSE 0 END)) * ln(10) / 400
  FROM h a JOIN h b ON a.match_id = b.match_id AND a.team = 1 AND b.team = 2
  ORDER BY 1
$$;
SELECT e.match_id, round(e.win::numeric, 6) AS win, round(e.draw::numeric, 6) AS draw,
       round(e.loss::numeric, 6) AS loss,
       abs(e.win - x.win) < 1e-12 AND abs(e.draw - x.draw) < 1e-12 AND abs(e.loss - x.loss) < 1e-12 AS by_hand,
       abs(e.expected - (e.win + e.draw / 2)) < 1e-15 AS expected_score
FROM glicko_duel('{"c": 0, "home_advantage": 40, "predict_scale": 0.9, "draw_model": "threshold", "draw_margin": 0.6}') e,
     hand_draws('threshold', e.z, 0.6) x;
SELECT e.match_id, round(e.win::numeric, 6) AS win, round(e.draw::numeric, 6) AS draw,
       round(e.loss::numeric, 6) AS loss,
       abs(e.win - x.win) < 1e-12 AND abs(e.draw - x.draw) < 1e-12 AND abs(e.loss - x.loss) < 1e-12 AS by_hand
FROM glicko_duel('{"c": 0, "home_advantage": 40, "predict_scale": 0.9, "draw_model": "davidson", "draw_nu": 1.2}') e,
     hand_draws('davidson', e.z, 1.2) x;

-- Davidson on a probit family: TrueSkill's two-team chance is
-- Phi((mu_a + H - mu_b) / c), c = sqrt(2 beta^2 + sigma_a^2 + sigma_b^2),
-- beta = 25/6; with s = 1.1 and H = 2, z = s (mu_a + H - mu_b) / c, put
-- on the logit scale as z pi / sqrt(3).
SELECT a.match_id, round(a.predicted_win::numeric, 6) AS win, round(a.predicted_draw::numeric, 6) AS draw,
       round(b.predicted_win::numeric, 6) AS loss,
       abs(a.predicted_win - x.win) < 1e-12 AND abs(a.predicted_draw - x.draw) < 1e-12
         AND abs(b.predicted_win - x.loss) < 1e-12 AS by_hand
FROM (SELECT h.*, d.home FROM skill.trueskill_history(
        'SELECT match_id, played_at, player_id, team, rank, home FROM duel ORDER BY played_at, match_id',
        '{"home_advantage": 2, "predict_scale": 1.1, "draw_model": "davidson", "draw_nu": 0.7}') h
      JOIN duel d USING (match_id, player_id)) a
JOIN (SELECT h.*, d.home FROM skill.trueskill_history(
        'SELECT match_id, played_at, player_id, team, rank, home FROM duel ORDER BY played_at, match_id',
        '{"home_advantage": 2, "predict_scale": 1.1, "draw_model": "davidson", "draw_nu": 0.7}') h
      JOIN duel d USING (match_id, player_id)) b ON a.match_id = b.match_id AND a.team = 1 AND b.team = 2,
LATERAL hand_draws('davidson',
  1.1 * (((a.rating_before).mu + CASE WHEN a.home THEN 2 ELSE 0 END) -
         ((b.rating_before).mu + CASE WHEN b.home THEN 2 ELSE 0 END)) /
    sqrt(2 * (25.0 / 6)^2 + (a.rating_before).sigma^2 + (b.rating_before).sigma^2) * pi() / sqrt(3),
  0.7) x
ORDER BY 1;

-- 3. TrueSkill's own draw margin (draw_model native): against the trueskill
-- package 0.4.5 (sublee, exact normal functions): its ratings before each
-- match, eps = calc_draw_margin(draw_probability, n) = Phi^-1((p + 1) / 2)
-- sqrt(n) beta, P(win) = Phi((d - eps) / c), P(draw) = Phi((eps - d) / c) -
-- Phi((-eps - d) / c), c = sqrt(n beta^2 + the sigma^2 sum); the 2-vs-2
-- match has n = 4.
CREATE TABLE tgames (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8);
INSERT INTO tgames VALUES
  (1, '2024-01-01 00:00+00', 1, 1, 1), (1, '2024-01-01 00:00+00', 2, 2, 2),
  (2, '2024-01-02 00:00+00', 3, 1, 1), (2, '2024-01-02 00:00+00', 1, 2, 1),
  (3, '2024-01-03 00:00+00', 2, 1, 2), (3, '2024-01-03 00:00+00', 3, 2, 1),
  (4, '2024-01-04 00:00+00', 1, 1, 1), (4, '2024-01-04 00:00+00', 2, 1, 1),
  (4, '2024-01-04 00:00+00', 3, 2, 2), (4, '2024-01-04 00:00+00', 4, 2, 2),
  (5, '2024-01-05 00:00+00', 4, 1, 1), (5, '2024-01-05 00:00+00', 1, 2, 1);
CREATE TABLE trueskill_reference (draw_probability float8, match_id bigint, win float8, draw float8);
INSERT INTO trueskill_reference VALUES
  (0.1, 1, 0.477592251204370, 0.044815497591260),
  (0.1, 2, 0.340255639799415, 0.044489215286501),
  (0.1, 3, 0.262522761712653, 0.044980867824230),
  (0.1, 4, 0.292999621998392, 0.047466986250856),
  (0.1, 5, 0.148416979010944, 0.033416920478323),
  (0.25, 1, 0.443342596700425, 0.113314806599150),
  (0.25, 2, 0.298836383161586, 0.111677323927949),
  (0.25, 3, 0.218634111680808, 0.111362458798610),
  (0.25, 4, 0.249013225720013, 0.118460651662316),
  (0.25, 5, 0.109193651646595, 0.078087206191354);
SELECT r.draw_probability, r.match_id, round(h.predicted_win::numeric, 6) AS win,
       round(h.predicted_draw::numeric, 6) AS draw,
       abs(h.predicted_win - r.win) < 1e-6 AND abs(h.predicted_draw - r.draw) < 1e-6 AS as_trueskill,
       abs(h.predicted_draw - o.predicted_draw) < 1e-15 AS draw_as_without_model,
       abs(l.predicted_win - (1 - r.win - r.draw)) < 1e-6 AS loss
FROM trueskill_reference r,
     LATERAL (SELECT * FROM skill.trueskill_history('SELECT * FROM tgames ORDER BY played_at, match_id',
              jsonb_build_object('draw_model', 'native', 'draw_probability', r.draw_probability))
              WHERE match_id = r.match_id AND team = 1 LIMIT 1) h,
     LATERAL (SELECT * FROM skill.trueskill_history('SELECT * FROM tgames ORDER BY played_at, match_id',
              jsonb_build_object('draw_model', 'native', 'draw_probability', r.draw_probability))
              WHERE match_id = r.match_id AND team = 2 LIMIT 1) l,
     LATERAL (SELECT * FROM skill.trueskill_history('SELECT * FROM tgames ORDER BY played_at, match_id',
              jsonb_build_object('draw_probability', r.draw_probability))
              WHERE match_id = r.match_id AND team = 1 LIMIT 1) o
ORDER BY 1, 2;

-- 4. A match of more than two teams keeps the family's prediction: no
-- draw chance, expected_score is predicted_win.
SELECT count(*) AS rows, bool_and(predicted_draw IS NULL) AS no_draw,
       bool_and(expected_score = predicted_win) AS expected_is_win
FROM skill.elo_history('SELECT * FROM dgames ORDER BY played_at, match_id',
                       '{"draw_model": "threshold", "draw_margin": 0.5}')
WHERE match_id IN (SELECT match_id FROM dgames WHERE team = 3);
-- match_predictions: the first team's chances, as the history's.
SELECT p.match_id, round(p.predicted_win::numeric, 6) AS win, round(p.predicted_draw::numeric, 6) AS draw,
       p.expected_score = h.expected_score AND p.predicted_win = h.predicted_win
         AND p.predicted_draw = h.predicted_draw AS as_history
FROM skill.match_predictions('elo', 'SELECT * FROM duel ORDER BY played_at, match_id',
                             '{"home_advantage": 60, "draw_model": "threshold", "draw_margin": 0.45}') p
JOIN skill.elo_history('SELECT * FROM duel ORDER BY played_at, match_id',
                       '{"home_advantage": 60, "draw_model": "threshold", "draw_margin": 0.45}') h
  ON h.match_id = p.match_id AND h.team = 1
ORDER BY 1;

-- 5. Bad options, each with its message.
\set VERBOSITY terse
SELECT count(*) FROM skill.elo_history('SELECT * FROM duel ORDER BY played_at, match_id', '{"draw_model": "ordered"}');
SELECT count(*) FROM skill.elo_history('SELECT * FROM duel ORDER BY played_at, match_id', '{"draw_model": "threshold", "draw_margin": -0.1}');
SELECT count(*) FROM skill.glicko_history('SELECT * FROM duel ORDER BY played_at, match_id', '{"draw_model": "davidson", "draw_nu": -1}');
SELECT count(*) FROM skill.elo_history('SELECT * FROM duel ORDER BY played_at, match_id', '{"draw_model": "native"}');
SELECT count(*) FROM skill.pl_history('SELECT * FROM duel ORDER BY played_at, match_id', '{"draw_model": "native"}');
SELECT count(*) FROM skill.trueskill_history('SELECT * FROM duel ORDER BY played_at, match_id', '{"draw_model": "native", "link": "logistic"}');
SELECT count(*) FROM skill.match_predictions('glicko2', 'SELECT * FROM duel ORDER BY played_at, match_id', '{"draw_nu": "many"}');
\set VERBOSITY default
