-- A synthetic world with drifting true skills (issue #36's check): the
-- smoothed curves of skill.ttt_history track the truth better than its
-- filtered ones (the first pass, TrueSkill as a filter), the forecasts
-- re-smoothed every 20 days are scored against the filter's and, through
-- evaluate's outside forecast, against TrueSkill and Elo.  Numbers come
-- from a hash of the indices (the same on every PostgreSQL version).

-- 24 players over 200 days: skill starts N(0, 1) and drifts by N(0, 0.15^2)
-- a day; 6 games a day between players drawn by hash, performance noise 1.
\set players 24
\set days 200
\set per_day 6
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/drifting_world.sql
SELECT count(DISTINCT match_id) AS matches, count(DISTINCT player_id) AS players FROM world;

\set world 'SELECT match_id, played_at, player_id, team, rank FROM world ORDER BY played_at, match_id'
\set options '{"mu": 0, "sigma": 1, "beta": 1, "gamma": 0.15}'

-- Mean squared error against the true skill at each player's game days.
SELECT round(avg(((h.rating).mu - t.skill) ^ 2)::numeric, 2) AS smoothed_mse,
       round(avg(((h.filtered).mu - t.skill) ^ 2)::numeric, 2) AS filtered_mse,
       avg(((h.rating).mu - t.skill) ^ 2) < 0.7 * avg(((h.filtered).mu - t.skill) ^ 2) AS smoothed_much_better
FROM skill.ttt_history(:'world', :'options') h
JOIN truth t ON t.player_id = h.player_id
            AND t.day = extract(epoch FROM h.played_at - timestamptz '2026-01-01 00:00+00') / 86400;

-- Forecasts over the last 100 days (from day 100), never from the future: the filter's and
-- those re-smoothed every 20 days.
SELECT e.name, s.n, round(s.log_loss::numeric, 3) AS log_loss
FROM (VALUES ('filter', NULL::jsonb), ('resmoothed every 20 days', '{"resmooth_every": 20}')) e(name, extra),
     LATERAL (SELECT (skill.prediction_score(predicted_win, outcome)).*
              FROM skill.match_predictions('ttt', :'world', (:'options')::jsonb || coalesce(e.extra, '{}'))
              WHERE played_at >= '2026-04-11 00:00+00') s;

-- Beside the families in one evaluate call, as an outside forecast: the
-- first team's forecast_win is ttt's predicted_win, the other team's the
-- rest; paired differences from it for TrueSkill (a filter, tau per game)
-- and Elo on the same matches.
CREATE TEMP TABLE ttt_forecast AS
SELECT match_id, team, predicted_win
FROM skill.match_predictions('ttt', :'world', (:'options')::jsonb || '{"resmooth_every": 20}');
SELECT system, n, round(log_loss::numeric, 4) AS log_loss, round(log_loss_diff::numeric, 4) AS log_loss_diff,
       round(log_loss_diff_se::numeric, 4) AS log_loss_diff_se
FROM skill.evaluate($$SELECT w.match_id, w.played_at, w.player_id, w.team, w.rank,
                             CASE WHEN w.team = f.team THEN f.predicted_win ELSE 1 - f.predicted_win END AS forecast_win
                      FROM world w JOIN ttt_forecast f USING (match_id) ORDER BY w.played_at, w.match_id$$,
                    ARRAY['forecast', 'trueskill', 'elo'],
                    '{"score_from": "2026-04-11 00:00+00", "trueskill": {"mu": 0, "sigma": 1, "beta": 1, "tau": 0.15}}');
-- The forecast's scores are prediction_score's over match_predictions('ttt').
SELECT abs(e.log_loss - s.log_loss) < 1e-12 AS same_log_loss
FROM skill.evaluate($$SELECT w.match_id, w.played_at, w.player_id, w.team, w.rank,
                             CASE WHEN w.team = f.team THEN f.predicted_win ELSE 1 - f.predicted_win END AS forecast_win
                      FROM world w JOIN ttt_forecast f USING (match_id) ORDER BY w.played_at, w.match_id$$,
                    ARRAY['forecast'], '{"score_from": "2026-04-11 00:00+00"}') e,
     (SELECT (skill.prediction_score(p.predicted_win, p.outcome)).*
      FROM skill.match_predictions('ttt', :'world', (:'options')::jsonb || '{"resmooth_every": 20}') p
      WHERE p.played_at >= '2026-04-11 00:00+00') s;
