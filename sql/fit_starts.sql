-- skill.fit's option starts: searches from points spread over the bounds
-- as well as from the options' point, so that a local optimum is told
-- from the best found; and what converged and stop_reason then say.
\set VERBOSITY terse
SET client_min_messages = warning;

-- A history with two basins for Glicko-1 searched over rd, rd_max and
-- rd_per_day: 40 players, 6,000 matches an hour apart; 30 keep their
-- skill, 10 draw new skills every 80 matches.  One basin has rd_max
-- capping the RD's growth near 145; in the other rd_max is far above any
-- RD reached, so it no longer matters (a flat direction), and the loss is
-- higher.  A search that starts with rd_max 1000 stays in the second.
SELECT setseed(0.17);
CREATE TABLE two_basins (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8);
DO $$
DECLARE
  steady float8[]; changing float8[];
  a int; b int; e float8; s float8;
BEGIN
  SELECT array_agg(1500 + 350 * sqrt(-2 * ln(random())) * cos(2 * pi() * random())) INTO steady FROM generate_series(1, 30);
  FOR m IN 1..6000 LOOP
    IF m % 2 = 0 THEN
      a := 1 + floor(random() * 30)::int; b := 1 + floor(random() * 29)::int; IF b >= a THEN b := b + 1; END IF;
      e := 1 / (1 + 10 ^ ((steady[b] - steady[a]) / 400));
    ELSE
      IF m % 80 = 1 THEN
        SELECT array_agg(1500 + 400 * sqrt(-2 * ln(random())) * cos(2 * pi() * random())) INTO changing FROM generate_series(1, 10);
      END IF;
      a := 1 + floor(random() * 10)::int; b := 1 + floor(random() * 9)::int; IF b >= a THEN b := b + 1; END IF;
      e := 1 / (1 + 10 ^ ((changing[b] - changing[a]) / 400));
      a := a + 100; b := b + 100;
    END IF;
    s := CASE WHEN random() < e THEN 1 ELSE 0 END;
    INSERT INTO two_basins VALUES (m, timestamptz '2020-01-01 00:00+00' + m * interval '1 hour', a, 1, 2 - s),
                                  (m, timestamptz '2020-01-01 00:00+00' + m * interval '1 hour', b, 2, 1 + s);
  END LOOP;
END $$;

CREATE TABLE fits AS
SELECT starts, skill.fit('glicko', 'SELECT * FROM two_basins ORDER BY played_at, match_id',
                         '{"rd": [30, 2000], "rd_max": [30, 2000], "rd_per_day": [0, 100]}',
                         jsonb_build_object('options', '{"rd_max": 1000}'::jsonb, 'starts', starts)) AS f
FROM (VALUES (1), (6)) v(starts);

-- One start: a stationary point, and no more is claimed (no "starts").
SELECT (f->>'converged')::bool AS converged, f->>'stop_reason' AS stop_reason, f ? 'starts' AS has_starts,
       (f->'parameters'->>'rd_max')::float8 > 500 AS rd_max_not_binding
FROM fits WHERE starts = 1;

-- Six starts: the best of them, a lower loss in the other basin, and
-- every optimum found with the starts that ended in it; the options'
-- point (start 1) is in the worse one, at the one-start fit's loss.
SELECT (b.f->>'converged')::bool AS converged, b.f->>'stop_reason' AS stop_reason,
       b.f->'starts'->>'asked' AS asked, b.f->'starts'->>'run' AS run,
       jsonb_array_length(b.f->'starts'->'optima') >= 2 AS several_optima,
       (b.f->'train'->>'log_loss')::float8 < (one.f->'train'->>'log_loss')::float8 - 1e-3 AS better_than_one_start,
       (b.f->'parameters'->>'rd_max')::float8 < 300 AS rd_max_binding,
       (b.f->'starts'->'optima'->0->>'train_log_loss')::float8 = (b.f->'train'->>'log_loss')::float8 AS best_listed_first,
       (b.f->'starts'->>'reached_best')::int = jsonb_array_length(b.f->'starts'->'optima'->0->'starts') AS reached_best_counts,
       (b.f->'starts'->>'next_best_gap')::float8 > 1e-3 AS gap_reported
FROM fits b, fits one WHERE b.starts = 6 AND one.starts = 1;
SELECT abs((o->>'train_log_loss')::float8 - (one.f->'train'->>'log_loss')::float8) < 1e-7 AS start_1_as_alone,
       (o->>'converged')::bool AS converged
FROM fits b, fits one, jsonb_array_elements(b.f->'starts'->'optima') o
WHERE b.starts = 6 AND one.starts = 1 AND o->'starts' @> '[1]';
-- Every start ended in exactly one optimum.
SELECT count(*) AS starts_filed, count(DISTINCT s) AS distinct_starts
FROM fits, jsonb_array_elements(f->'starts'->'optima') o, jsonb_array_elements_text(o->'starts') s
WHERE fits.starts = 6;

-- Outside fit: the log-loss of match_predictions at the two optima is
-- what fit reports for them, and halfway between them it is higher than
-- at either, so they are two basins, not one valley.
CREATE TABLE points AS
SELECT which, (SELECT jsonb_object_agg(key, value::float8) FROM jsonb_each_text(p)) AS options
FROM (SELECT 'best' AS which, f->'starts'->'optima'->0->'parameters' AS p FROM fits WHERE starts = 6
      UNION ALL
      SELECT 'other', f->'starts'->'optima'->1->'parameters' FROM fits WHERE starts = 6) v;
INSERT INTO points
SELECT 'midpoint', jsonb_object_agg(b.key, (b.value::float8 + o.value::float8) / 2)
FROM jsonb_each_text((SELECT options FROM points WHERE which = 'best')) b
JOIN jsonb_each_text((SELECT options FROM points WHERE which = 'other')) o USING (key);
CREATE TABLE losses AS
SELECT which, avg(-ln(CASE WHEN outcome = 1 THEN predicted_win ELSE 1 - predicted_win END)) AS loss
FROM points, skill.match_predictions('glicko', 'SELECT * FROM two_basins ORDER BY played_at, match_id', options)
WHERE team = 1 GROUP BY which;
SELECT abs((SELECT loss FROM losses WHERE which = 'best') - (f->'starts'->'optima'->0->>'train_log_loss')::float8) < 1e-12 AS best_as_reported,
       abs((SELECT loss FROM losses WHERE which = 'other') - (f->'starts'->'optima'->1->>'train_log_loss')::float8) < 1e-12 AS other_as_reported,
       (SELECT loss FROM losses WHERE which = 'midpoint') > (SELECT max(loss) FROM losses WHERE which <> 'midpoint') AS midpoint_higher
FROM fits WHERE starts = 6;

-- The budget is for all starts: max_evaluations caps the total, and the
-- starts it leaves no room for are not run.
SELECT (f->>'evaluations')::int <= 40 AS within_budget, (f->'starts'->>'run')::int < 6 AS fewer_run,
       f->>'stop_reason' AS stop_reason, (f->>'converged')::bool AS converged
FROM skill.fit('glicko', 'SELECT * FROM two_basins ORDER BY played_at, match_id',
               '{"rd": [30, 2000], "rd_max": [30, 2000], "rd_per_day": [0, 100]}',
               '{"starts": 6, "max_evaluations": 40}') f;

-- The progress report names the start.
SET client_min_messages = notice;
SELECT f->>'stop_reason' AS stop_reason
FROM skill.fit('elo', 'SELECT * FROM two_basins WHERE match_id <= 40 ORDER BY played_at, match_id',
               '{"k": [4, 80]}', '{"starts": 2, "max_evaluations": 2, "progress": true}') f;
SET client_min_messages = warning;

-- Prediction-only parameters alone are fitted on each replay's record: one search.
SELECT f ? 'starts' AS has_starts, f->>'stop_reason' AS stop_reason
FROM skill.fit('elo', 'SELECT * FROM two_basins ORDER BY played_at, match_id',
               '{"predict_scale": [0.2, 3]}', '{"starts": 4}') f;

-- A plateau is no optimum: where the log-loss does not change at all
-- (every prediction already 0 or 1), the search stops as flat, not converged.
SELECT (f->>'converged')::bool AS converged, f->>'stop_reason' AS stop_reason
FROM skill.fit('elo', 'SELECT * FROM two_basins ORDER BY played_at, match_id', '{"k": [1e14, 1e15]}') f;

-- Errors.
SELECT skill.fit('elo', 'SELECT * FROM two_basins', '{"k": [4, 80]}', '{"starts": 0}');
SELECT skill.fit('elo', 'SELECT * FROM two_basins', '{"k": [4, 80]}', '{"starts": 65}');
SELECT skill.fit('elo', 'SELECT * FROM two_basins', '{"k": [4, 80]}', '{"starts": 1.5}');
SELECT skill.fit('elo', 'SELECT * FROM two_basins', '{"k": [4, 80]}', '{"starts": 3, "method": "coordinate"}');
SELECT skill.fit('elo', 'SELECT * FROM two_basins', '{"k": [1e300, 1e308]}');
SELECT skill.fit('elo', 'SELECT * FROM two_basins', '{"k": [4, 2e15]}');
