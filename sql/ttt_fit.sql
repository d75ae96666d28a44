-- skill.fit of TrueSkill Through Time (issue #36, item 3): sigma, beta,
-- gamma and p_draw searched on the log-loss of ttt's honest forecasts (as
-- evaluate scores them).  On a world generated with beta 1 and gamma 0.15
-- the fit recovers both within 2.5 standard errors, and its losses are
-- those of match_predictions('ttt') at the fitted point.
\set VERBOSITY terse

-- 24 players over 200 days: skill starts N(0, 1) and drifts by N(0, 0.15^2)
-- a day; 6 games a day, performance noise 1 (sql/ttt_world's world).
\set players 24
\set days 200
\set per_day 6
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/drifting_world.sql

\set world 'SELECT match_id, played_at, player_id, team, rank FROM world ORDER BY played_at, match_id'
\set fixed '{"mu": 0, "sigma": 1, "resmooth_every": 20, "epsilon": 1e-4}'

-- beta and gamma from a start away from the truth (2 and 0.05).
CREATE TEMP TABLE fitted AS
SELECT skill.fit('ttt', :'world', '{"beta": [0.2, 5], "gamma": [0.01, 1]}',
                 jsonb_build_object('options', (:'fixed')::jsonb || '{"beta": 2, "gamma": 0.05}')) AS f;
SELECT f->>'system' AS system, f->>'converged' AS converged, f->'train'->>'n' AS n,
       abs((f->'parameters'->>'beta')::float8 - 1) < 2.5 * (f->'standard_errors'->>'beta')::float8 AS beta_recovered,
       abs((f->'parameters'->>'gamma')::float8 - 0.15) < 2.5 * (f->'standard_errors'->>'gamma')::float8 AS gamma_recovered,
       (f->'parameters'->>'beta')::float8 BETWEEN 0.5 AND 2 AND (f->'parameters'->>'gamma')::float8 BETWEEN 0.05 AND 0.4 AS near
FROM fitted;

-- The objective is the forecasts' log-loss: match_predictions at the fitted
-- point gives the same number, and less than at the start.
SELECT abs(s.log_loss - (f->'train'->>'log_loss')::float8) < 1e-12 AS train_agrees,
       s.log_loss < s0.log_loss AS improves_on_start
FROM fitted,
     LATERAL (SELECT avg(-(outcome * ln(predicted_win) + (1 - outcome) * ln(1 - predicted_win))) AS log_loss
              FROM skill.match_predictions('ttt', :'world', (:'fixed')::jsonb || (f->'parameters'))) s,
     LATERAL (SELECT avg(-(outcome * ln(predicted_win) + (1 - outcome) * ln(1 - predicted_win))) AS log_loss
              FROM skill.match_predictions('ttt', :'world', (:'fixed')::jsonb || '{"beta": 2, "gamma": 0.05}')) s0;

-- train_until: the held-out matches (day 150 on) scored at the fitted point,
-- every match forecast from all earlier ones, as match_predictions does; and
-- skill.evaluate with the fitted options gives the same held-out log-loss.
CREATE TEMP TABLE held AS
SELECT skill.fit('ttt', :'world', '{"gamma": [0.01, 1]}',
                 jsonb_build_object('options', (:'fixed')::jsonb || '{"beta": 1}',
                                    'train_until', '2026-05-31 00:00+00', 'experienced', 2)) AS f;
SELECT f->'held_out'->>'n' AS held_out_n,
       abs(s.log_loss - (f->'held_out'->>'log_loss')::float8) < 1e-12 AS held_out_agrees,
       abs(e.log_loss - (f->'held_out'->>'log_loss')::float8) < 1e-12 AS evaluate_agrees
FROM held,
     LATERAL (SELECT avg(-(outcome * ln(predicted_win) + (1 - outcome) * ln(1 - predicted_win))) AS log_loss
              FROM skill.match_predictions('ttt', :'world', (:'fixed')::jsonb || '{"beta": 1}' || (f->'parameters'))
              WHERE played_at >= '2026-05-31 00:00+00' AND min_matches_before >= 2) s,
     LATERAL skill.evaluate(:'world', ARRAY['ttt'],
                            jsonb_build_object('ttt', (:'fixed')::jsonb || '{"beta": 1}' || (f->'parameters'),
                                               'score_from', '2026-05-31 00:00+00', 'experienced', 2)) e;

-- Ties, the three-way objective and p_draw with sigma, from a short budget:
-- the loss is match_predictions' at the point found.
CREATE TEMP TABLE tied AS
SELECT match_id, played_at, player_id, team, CASE WHEN match_id % 5 = 0 THEN 1 ELSE rank END AS rank
FROM world;
\set tied 'SELECT match_id, played_at, player_id, team, rank FROM tied ORDER BY played_at, match_id'
CREATE TEMP TABLE drawn AS
SELECT skill.fit('ttt', :'tied', '{"p_draw": [0.01, 0.9], "sigma": [0.2, 5]}',
                 jsonb_build_object('options', (:'fixed')::jsonb || '{"beta": 1, "gamma": 0.15, "p_draw": 0.1}',
                                    'objective', 'three_way', 'max_evaluations', 30)) AS f;
SELECT f->>'objective' AS objective, (f->'parameters'->>'p_draw')::float8 BETWEEN 0.1 AND 0.5 AS p_draw_plausible,
       abs((s.o).log_loss - (f->'train'->>'log_loss')::float8) < 1e-12 AS train_agrees
FROM drawn,
     LATERAL (SELECT skill.outcome_score(predicted_win, predicted_draw, outcome) AS o
              FROM skill.match_predictions('ttt', :'tied',
                                           (:'fixed')::jsonb || '{"beta": 1, "gamma": 0.15}' || (f->'parameters'))) s;

-- Errors.
SELECT skill.fit('ttt', :'world', '{"tau": [0.1, 1]}');
SELECT skill.fit('ttt', :'world', '{}');
SELECT skill.fit('ttt', :'world', '{"gamma": [0, 1]}');
SELECT skill.fit('ttt', :'world', '{"beta": [-1, 1]}');
SELECT skill.fit('ttt', :'world', '{"p_draw": [0, 0.5]}', '{"objective": "three_way"}');
SELECT skill.fit('ttt', :'world', '{"p_draw": [0.1, 1]}', '{"objective": "three_way"}');
SELECT skill.fit('ttt', :'world', '{"p_draw": [0.1, 0.5]}');
SELECT skill.fit('ttt', :'world', '{"gamma": [0.1, 1]}', '{"options": {"tau": 1}}');
SELECT skill.fit('ttt', :'world', '{"gamma": [0.1, 1]}', '{"options": {"resmooth_every": -1}}');
SELECT skill.fit('ttt', :'world', '{"gamma": [0.1, 1]}', '{"objective": "three_way"}');
SELECT skill.fit('ttt', :'tied', '{"gamma": [0.1, 1]}');
SELECT skill.fit('ttt', :'world', '{"gamma": [0.1, 1]}', '{"score_from": "2030-01-01"}');
