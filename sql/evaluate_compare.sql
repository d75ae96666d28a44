-- skill.evaluate compares what analysts compare: several named
-- configurations of one family in one call, and an outside forecast given
-- in the rows (forecast_win, forecast_draw) scored as the system
-- "forecast".  Every number is checked against plain SQL over
-- skill.match_predictions and the forecast columns, to 1e-12.
\set VERBOSITY terse

-- 600 matches of 16 players in 2026, every fifth one two against two,
-- every seventh a draw, the home side team 1 on odd matches.  The forecast:
-- a draw chance d between 0.2 and 0.3, team 1's win chance p1 a share of
-- the rest, team 2's the remainder (so they sum to 1 up to rounding); no
-- forecast (NULL) for every 23rd match.
CREATE TABLE fc_league AS
SELECT m::bigint AS match_id, timestamptz '2026-01-01 00:00+00' + m * interval '6 hours' AS played_at,
       x.player_id::bigint AS player_id, x.team, k.rank, x.team = 1 AND m % 2 = 1 AS home,
       CASE WHEN m % 23 = 0 THEN NULL WHEN x.team = 1 THEN f.p1 ELSE 1 - f.d - f.p1 END AS forecast_win,
       CASE WHEN m % 23 = 0 THEN NULL ELSE f.d END AS forecast_draw
FROM generate_series(1, 600) m,
     LATERAL (SELECT (0.2 + 0.05 * (m % 3))::float8 AS d) d0,
     LATERAL (SELECT d0.d AS d, (1 - d0.d) * (0.25 + 0.05 * ((m * 7) % 11))::float8 AS p1) f,
     LATERAL (SELECT CASE WHEN m % 7 = 0 THEN 0 WHEN (m * 11) % 5 < 3 THEN 1 ELSE -1 END AS res) r,
     LATERAL (VALUES (1 + m % 16, 1), (1 + (m * 5 + 3) % 16, 2),
                     (1 + (m + 8) % 16, 1), (1 + (m * 5 + 11) % 16, 2)) x(player_id, team),
     LATERAL (SELECT CASE WHEN r.res = 0 THEN 1 WHEN (r.res = 1) = (x.team = 1) THEN 1 ELSE 2 END::float8 AS rank) k
-- (the four players differ: their numbers differ by 8 or by an odd number)
WHERE m % 5 = 0 OR x.player_id IN (1 + m % 16, 1 + (m * 5 + 3) % 16);
SELECT count(DISTINCT match_id) AS matches, count(*) FILTER (WHERE team = 1) - count(DISTINCT match_id) AS two_player_teams,
       count(DISTINCT match_id) FILTER (WHERE forecast_win IS NULL) AS without_forecast,
       count(DISTINCT match_id) FILTER (WHERE rank = 1 AND team = 2 AND match_id IN (SELECT match_id FROM fc_league WHERE rank = 1 AND team = 1)) AS draws
FROM fc_league;

-- The scores by plain SQL: each configuration's per-match log-loss from
-- skill.match_predictions (configs: [name, family, options] in evaluate's
-- output order; a null family is the forecast), the forecast's from the
-- columns scaled by their sum (draw + team 1 + team 2), the matches with
-- a NULL forecast left out of all, and each system's paired difference
-- from the first with its standard error sd / sqrt(n).
CREATE FUNCTION fc_by_sql(q text, configs jsonb, three_way boolean)
RETURNS TABLE (ord bigint, system text, n bigint, log_loss float8, log_loss_diff float8, log_loss_diff_se float8)
LANGUAGE sql AS $$
WITH fc AS (
  SELECT match_id, w1 / s AS win, d / s AS draw
  FROM (SELECT match_id, max(forecast_win) FILTER (WHERE team = 1) AS w1, max(forecast_draw) AS d,
               max(forecast_draw) + max(forecast_win) FILTER (WHERE team = 1)
                 + max(forecast_win) FILTER (WHERE team = 2) AS s,
               bool_or(forecast_win IS NULL OR forecast_draw IS NULL) AS missing
        FROM fc_league GROUP BY match_id) x
  WHERE NOT missing),
cfg AS (SELECT ord, c->>0 AS system, c->>1 AS family, nullif(c->2, 'null') AS options
        FROM jsonb_array_elements(configs) WITH ORDINALITY e(c, ord)),
preds AS (SELECT cfg.ord, cfg.system, p.*
          FROM cfg, LATERAL skill.match_predictions(cfg.family, q, cfg.options) p
          WHERE cfg.family IS NOT NULL AND p.teams = 2),
losses AS (
  SELECT p.ord, p.system, p.match_id,
         CASE WHEN three_way
              THEN -ln(CASE p.outcome WHEN 1 THEN p.predicted_win WHEN 0.5 THEN p.predicted_draw
                                      ELSE 1 - p.predicted_win - p.predicted_draw END)
              ELSE -(p.outcome * ln(p.expected_score) + (1 - p.outcome) * ln(1 - p.expected_score)) END AS loss
  FROM preds p JOIN fc USING (match_id)
  UNION ALL
  SELECT cfg.ord, cfg.system, m.match_id,
         CASE WHEN three_way
              THEN -ln(CASE m.outcome WHEN 1 THEN fc.win WHEN 0.5 THEN fc.draw ELSE 1 - fc.win - fc.draw END)
              ELSE -(m.outcome * ln(fc.win + fc.draw / 2) + (1 - m.outcome) * ln(1 - (fc.win + fc.draw / 2))) END
  FROM cfg JOIN (SELECT DISTINCT match_id, outcome FROM preds) m ON cfg.family IS NULL
       JOIN fc USING (match_id)),
first AS (SELECT match_id, loss FROM losses WHERE ord = 1)
SELECT l.ord, l.system, count(*), avg(l.loss),
       CASE WHEN l.ord > 1 THEN avg(l.loss - f.loss) END,
       CASE WHEN l.ord > 1 THEN stddev_samp(l.loss - f.loss) / sqrt(count(*)) END
FROM losses l JOIN first f USING (match_id) GROUP BY l.ord, l.system ORDER BY l.ord
$$;
-- evaluate's rows beside fc_by_sql's: the same systems in the same order, and
-- every number within 1e-12.
CREATE FUNCTION fc_compare(q text, systems text[], options jsonb, configs jsonb)
RETURNS TABLE (system text, n bigint, log_loss numeric, log_loss_diff numeric, log_loss_diff_se numeric, agrees boolean)
LANGUAGE sql AS $$
SELECT e.system, e.n, round(e.log_loss::numeric, 6), round(e.log_loss_diff::numeric, 6),
       round(e.log_loss_diff_se::numeric, 6),
       e.system = s.system AND e.n = s.n AND abs(e.log_loss - s.log_loss) < 1e-12
       AND coalesce(abs(e.log_loss_diff - s.log_loss_diff) < 1e-12, e.log_loss_diff IS NULL AND s.log_loss_diff IS NULL)
       AND coalesce(abs(e.log_loss_diff_se - s.log_loss_diff_se) < 1e-12,
                    e.log_loss_diff_se IS NULL AND s.log_loss_diff_se IS NULL)
FROM skill.evaluate(q, systems, options) WITH ORDINALITY e
FULL JOIN fc_by_sql(q, configs, coalesce(options->>'objective' = 'three_way', false)) s ON s.ord = e.ordinality
ORDER BY e.ordinality
$$;

\set rows 'SELECT match_id, played_at, player_id, team, rank, home, forecast_win, forecast_draw FROM fc_league ORDER BY played_at, match_id'
-- Three configurations of Elo (the first given by its family's name, as
-- before), the forecast placed fourth, and PL: each difference is from
-- "elo", the forecast's too.  The 26 matches without a forecast are
-- scored by none (a NOTICE counts them).
SELECT * FROM fc_compare(:'rows', ARRAY['elo', 'elo_k16', 'elo_home', 'forecast', 'pl'],
                      '{"elo": {"k": 24}, "elo_k16": {"family": "elo", "k": 16},
                        "elo_home": {"family": "elo", "home_advantage": 60}}',
                      '[["elo", "elo", {"k": 24}], ["elo_k16", "elo", {"k": 16}],
                        ["elo_home", "elo", {"home_advantage": 60}], ["forecast", null, null], ["pl", "pl", null]]');
-- Not named in systems, the forecast comes first: every difference is from it.
SELECT * FROM fc_compare(:'rows', ARRAY['elo_k16', 'elo'], '{"elo_k16": {"family": "elo", "k": 16}}',
                      '[["forecast", null, null], ["elo_k16", "elo", {"k": 16}], ["elo", "elo", null]]');
-- Three-way: the forecast's chances of a win and a draw against two draw
-- models of Elo, named by the caller.
SELECT * FROM fc_compare(:'rows', ARRAY['forecast', 'threshold', 'davidson'],
                      '{"objective": "three_way",
                        "threshold": {"family": "elo", "draw_model": "threshold", "draw_margin": 0.5, "home_advantage": 60},
                        "davidson": {"family": "elo", "draw_model": "davidson", "draw_nu": 0.6, "home_advantage": 60}}',
                      '[["forecast", null, null],
                        ["threshold", "elo", {"draw_model": "threshold", "draw_margin": 0.5, "home_advantage": 60}],
                        ["davidson", "elo", {"draw_model": "davidson", "draw_nu": 0.6, "home_advantage": 60}]]');
-- Glicko rates a week's matches at the week's end, so the engine hands the
-- matches on late; the forecast waits for them (the one-on-one matches).
\set weekly 'SELECT match_id, played_at, date_trunc(''week'', played_at AT TIME ZONE ''UTC'') AT TIME ZONE ''UTC'' AS period, player_id, team, rank, forecast_win, forecast_draw FROM fc_league WHERE match_id % 5 <> 0 ORDER BY played_at, match_id'
SELECT * FROM fc_compare(:'weekly', ARRAY['glicko', 'forecast', 'glicko_fast', 'glicko2'],
                      '{"glicko_fast": {"family": "glicko", "c": 80}}',
                      '[["glicko", "glicko", null], ["forecast", null, null],
                        ["glicko_fast", "glicko", {"c": 80}], ["glicko2", "glicko2", null]]');
-- The forecast alone (a replay finds its matches); with score_from and
-- experienced, only the matches every system scores.
SELECT system, n, round(log_loss::numeric, 6) AS log_loss FROM skill.evaluate(:'rows', ARRAY['forecast']);
SELECT system, n, log_loss_diff IS NOT NULL AS paired
FROM skill.evaluate(:'rows', ARRAY['elo', 'forecast'], '{"score_from": "2026-03-01 00:00+00", "experienced": 10}');
-- Without forecast columns nothing changes; the other functions ignore
-- them (not a prior, not an error): the same predictions with and without.
SELECT system, n FROM skill.evaluate('SELECT match_id, played_at, player_id, team, rank FROM fc_league ORDER BY played_at, match_id',
                                     ARRAY['elo', 'elo_k16'], '{"elo_k16": {"family": "elo", "k": 16}}');
SELECT count(*) AS predictions,
       count(*) FILTER (WHERE a.predicted_win = b.predicted_win AND a.outcome = b.outcome) AS same
FROM skill.match_predictions('elo', :'rows') a
JOIN skill.match_predictions('elo', 'SELECT match_id, played_at, player_id, team, rank, home FROM fc_league ORDER BY played_at, match_id') b
USING (match_id);
SELECT count(*) AS rows_out FROM skill.elo_history(:'rows');

-- Errors.  A named configuration's family must be a family's name; a name
-- that is neither a family nor given one is unknown; "forecast" is the
-- outside forecast, named once, without options, and needs its column.
SELECT * FROM skill.evaluate(:'rows', ARRAY['elo', 'fast'], '{"fast": {"family": 16}}');
SELECT * FROM skill.evaluate(:'rows', ARRAY['elo', 'fast'], '{"fast": {"family": "elk"}}');
SELECT * FROM skill.evaluate(:'rows', ARRAY['elo', 'fast'], '{"fast": {"k": 16}}');
SELECT * FROM skill.evaluate(:'rows', ARRAY['elo', 'fast'], '{"fast": {"family": "elo", "kk": 16}}');
SELECT * FROM skill.evaluate(:'rows', ARRAY['forecast', 'elo', 'forecast']);
SELECT * FROM skill.evaluate(:'rows', ARRAY['forecast', 'elo'], '{"forecast": {"k": 16}}');
SELECT * FROM skill.evaluate('SELECT match_id, played_at, player_id, team, rank FROM fc_league ORDER BY played_at, match_id',
                             ARRAY['elo', 'forecast']);
SELECT * FROM skill.evaluate('SELECT match_id, played_at, player_id, team, rank, forecast_draw FROM fc_league ORDER BY played_at, match_id',
                             ARRAY['elo']);
SELECT * FROM skill.evaluate('SELECT match_id, played_at, player_id, team, rank, forecast_win, forecast_win FROM fc_league ORDER BY played_at, match_id',
                             ARRAY['elo']);
SELECT * FROM skill.evaluate('SELECT match_id, played_at, player_id, team, rank, forecast_win::numeric FROM fc_league ORDER BY played_at, match_id',
                             ARRAY['elo']);
-- A probability outside [0, 1] (or NaN), names the match and the player.
SELECT * FROM skill.evaluate('SELECT match_id, played_at, player_id, team, rank, CASE WHEN match_id = 4 AND team = 2 THEN 1.25 ELSE forecast_win END AS forecast_win, forecast_draw FROM fc_league ORDER BY played_at, match_id',
                             ARRAY['elo']);
SELECT * FROM skill.evaluate('SELECT match_id, played_at, player_id, team, rank, forecast_win, CASE WHEN match_id = 4 THEN -0.5 ELSE forecast_draw END AS forecast_draw FROM fc_league ORDER BY played_at, match_id',
                             ARRAY['elo']);
SELECT * FROM skill.evaluate('SELECT match_id, played_at, player_id, team, rank, CASE WHEN match_id = 4 THEN ''NaN'' ELSE forecast_win END AS forecast_win, forecast_draw FROM fc_league ORDER BY played_at, match_id',
                             ARRAY['elo']);
-- Rows of a team (match 5 is two against two) or of a match that disagree,
-- a NULL beside a value included.
SELECT * FROM skill.evaluate('SELECT match_id, played_at, player_id, team, rank, CASE WHEN match_id = 5 AND player_id = 14 THEN 0.5 ELSE forecast_win END AS forecast_win, forecast_draw FROM fc_league ORDER BY played_at, match_id',
                             ARRAY['elo']);
SELECT * FROM skill.evaluate('SELECT match_id, played_at, player_id, team, rank, CASE WHEN match_id = 5 AND player_id = 14 THEN NULL ELSE forecast_win END AS forecast_win, forecast_draw FROM fc_league ORDER BY played_at, match_id',
                             ARRAY['elo']);
SELECT * FROM skill.evaluate('SELECT match_id, played_at, player_id, team, rank, forecast_win, CASE WHEN match_id = 5 AND team = 2 THEN 0.2 ELSE forecast_draw END AS forecast_draw FROM fc_league ORDER BY played_at, match_id',
                             ARRAY['elo']);
-- A match whose probabilities do not sum to 1 within 1e-6 (here without
-- its draw, 0.2 short; then 2e-6 over, a bookmaker's odds not cleaned);
-- 1e-7 over is taken, scaled to 1.
SELECT * FROM skill.evaluate('SELECT match_id, played_at, player_id, team, rank, forecast_win FROM fc_league ORDER BY played_at, match_id',
                             ARRAY['elo']);
SELECT * FROM skill.evaluate('SELECT match_id, played_at, player_id, team, rank, forecast_win + CASE WHEN match_id = 7 AND team = 1 THEN 2e-6 ELSE 0 END AS forecast_win, forecast_draw FROM fc_league ORDER BY played_at, match_id',
                             ARRAY['elo']);
SELECT system, n FROM skill.evaluate('SELECT match_id, played_at, player_id, team, rank, forecast_win + CASE WHEN match_id = 7 AND team = 1 THEN 1e-7 ELSE 0 END AS forecast_win, forecast_draw FROM fc_league ORDER BY played_at, match_id',
                                     ARRAY['elo']);

DROP FUNCTION fc_compare, fc_by_sql;
DROP TABLE fc_league;
