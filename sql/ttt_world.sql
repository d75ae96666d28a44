-- A synthetic world with drifting true skills (issue #36's check): the
-- smoothed curves of skill.ttt_history track the truth better than its
-- filtered ones (the first pass, TrueSkill as a filter), the forecasts
-- re-smoothed every 20 days are scored against the filter's and, through
-- evaluate's outside forecast, against TrueSkill and Elo.  Numbers come
-- from a hash of the indices (the same on every PostgreSQL version).

-- A uniform number in (0, 1) from a seed, and a standard normal from two.
CREATE FUNCTION pg_temp.u(seed bigint) RETURNS float8 LANGUAGE sql IMMUTABLE
AS $$ SELECT ((hashint8(seed)::bigint & 2147483647) + 0.5) / 2147483648.0 $$;
CREATE FUNCTION pg_temp.z(seed bigint) RETURNS float8 LANGUAGE sql IMMUTABLE
AS $$ SELECT sqrt(-2 * ln(pg_temp.u(2 * seed))) * cos(2 * pi() * pg_temp.u(2 * seed + 1)) $$;

-- 24 players over 200 days: skill starts N(0, 1) and drifts by N(0, 0.15^2)
-- a day; 6 games a day between players drawn by hash, performance noise 1.
CREATE TEMP TABLE truth AS
SELECT p AS player_id, d AS day,
       pg_temp.z(1000000 + p) + sum(0.15 * pg_temp.z(p * 1000 + d)) OVER (PARTITION BY p ORDER BY d) AS skill
FROM generate_series(1, 24) p, generate_series(1, 200) d;
CREATE TEMP TABLE world AS
SELECT g.match_id, timestamptz '2026-01-01 00:00+00' + g.day * interval '24 hours' AS played_at,
       x.player_id, x.team, x.rank
FROM (SELECT (d * 10 + k)::bigint AS match_id, d AS day,
             1 + (hashint8(d * 100 + k) & 2147483647) % 24 AS a,
             1 + ((hashint8(d * 100 + k) & 2147483647) / 24 + 1 + (hashint8(-d * 100 - k) & 2147483647) % 23) % 24 AS b
      FROM generate_series(1, 200) d, generate_series(1, 6) k) g
JOIN truth ta ON ta.player_id = g.a AND ta.day = g.day
JOIN truth tb ON tb.player_id = g.b AND tb.day = g.day,
     LATERAL (SELECT ta.skill + pg_temp.z(7000000 + g.match_id) > tb.skill + pg_temp.z(8000000 + g.match_id) AS a_won) w,
     LATERAL (VALUES (g.a::bigint, 1, CASE WHEN w.a_won THEN 1 ELSE 2 END::float8),
                     (g.b::bigint, 2, CASE WHEN w.a_won THEN 2 ELSE 1 END::float8)) x(player_id, team, rank)
WHERE g.a <> g.b;
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
