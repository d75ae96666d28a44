-- skill.fit: parameters by maximum likelihood, replayed from memory.
-- Synthetic data generated from known parameters must give them back.
\set VERBOSITY terse
SET client_min_messages = warning;   -- fit reports progress as NOTICEs

-- An Elo world with K = 24 (scale 400): 100 players start at 1500; each of
-- 20,000 matches pairs two random players, the first wins with probability
-- E = 1/(1 + 10^((r_b - r_a)/400)) from the current ratings, and both
-- ratings move by K = 24.  Those E are the data's true probabilities, so the
-- log-loss of elo_replay's predictions is smallest near k = 24.
SELECT setseed(0.42);
CREATE TABLE synth (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8);
DO $$
DECLARE
  r float8[] := array_fill(1500::float8, ARRAY[100]);
  a int; b int; e float8; s float8;
BEGIN
  FOR m IN 1..20000 LOOP
    a := 1 + floor(random() * 100)::int;
    b := 1 + floor(random() * 99)::int;
    IF b >= a THEN b := b + 1; END IF;
    e := 1 / (1 + 10 ^ ((r[b] - r[a]) / 400));
    s := CASE WHEN random() < e THEN 1 ELSE 0 END;
    INSERT INTO synth VALUES (m, timestamptz '2020-01-01 00:00+00' + m * interval '1 hour', a, 1, 2 - s),
                             (m, timestamptz '2020-01-01 00:00+00' + m * interval '1 hour', b, 2, 1 + s);
    r[a] := r[a] + 24 * (s - e);
    r[b] := r[b] + 24 * ((1 - s) - (1 - e));
  END LOOP;
END $$;

SELECT (f->'parameters'->>'k')::float8 BETWEEN 20 AND 28 AS k_recovered,
       (f->'train'->>'n')::int AS scored, (f->'evaluations')::int <= 61 AS few_evaluations,
       f->'held_out' IS NULL AS no_held_out
FROM skill.fit('elo', 'SELECT * FROM synth ORDER BY played_at, match_id', '{"k": [4, 80]}') f;

-- The fitted k scores better than the usual default 32 on the same data:
-- the log-loss of elo_history's predictions at both.
WITH fitted AS (SELECT (skill.fit('elo', 'SELECT * FROM synth ORDER BY played_at, match_id', '{"k": [4, 80]}')
                        ->'parameters'->>'k')::float8 AS k),
scored AS (
  SELECT 'fitted' AS which, avg(-(CASE WHEN rank = 1 THEN ln(predicted_win) ELSE ln(1 - predicted_win) END)) AS log_loss
  FROM fitted, skill.elo_history('SELECT * FROM synth ORDER BY played_at, match_id', jsonb_build_object('k', fitted.k))
  WHERE team = 1
  UNION ALL
  SELECT 'k = 32', avg(-(CASE WHEN rank = 1 THEN ln(predicted_win) ELSE ln(1 - predicted_win) END))
  FROM skill.elo_history('SELECT * FROM synth ORDER BY played_at, match_id', '{"k": 32}')
  WHERE team = 1)
SELECT (SELECT log_loss FROM scored WHERE which = 'fitted') < (SELECT log_loss FROM scored WHERE which = 'k = 32') AS fitted_better;

-- A held-out period: fit on the first 15,000 matches, score the rest.
SELECT (f->'train'->>'n')::int AS train_n, (f->'held_out'->>'n')::int AS held_out_n,
       (f->'held_out'->>'log_loss')::float8 BETWEEN 0.3 AND 0.75 AS held_out_scored
FROM skill.fit('elo', 'SELECT * FROM synth ORDER BY played_at, match_id', '{"k": [4, 80]}',
               jsonb_build_object('train_until', (SELECT played_at FROM synth WHERE match_id = 15001 LIMIT 1))) f;
-- score_from and experienced leave out the early matches and new players.
SELECT (f->'train'->>'n')::int AS scored
FROM skill.fit('elo', 'SELECT * FROM synth ORDER BY played_at, match_id', '{"k": [4, 80]}',
               '{"score_from": "2021-01-01 00:00+00", "max_evaluations": 5}') f;
SELECT (f->'train'->>'n')::int < 20000 AS fewer
FROM skill.fit('elo', 'SELECT * FROM synth ORDER BY played_at, match_id', '{"k": [4, 80]}',
               '{"experienced": 50, "max_evaluations": 5}') f;
-- Fixed options pass through: scale 800 with k searched.
SELECT f->'parameters' ? 'k' AS has_k, (f->'evaluations')::int AS evaluations
FROM skill.fit('elo', 'SELECT * FROM synth ORDER BY played_at, match_id', '{"k": [4, 80]}',
               '{"options": {"scale": 800}, "max_evaluations": 7}') f;

-- Bad input.
SELECT skill.fit('nope', 'SELECT * FROM synth', '{"k": [4, 80]}');
SELECT skill.fit('elo', 'SELECT * FROM synth', '{"kk": [4, 80]}');
SELECT skill.fit('elo', 'SELECT * FROM synth', '{"k": [80, 4]}');
SELECT skill.fit('elo', 'SELECT * FROM synth', '{"k": [4, "Infinity"]}');
SELECT skill.fit('elo', 'SELECT * FROM synth', '{"k": [-4, 80]}');
SELECT skill.fit('elo', 'SELECT * FROM synth', '{"k": 4}');
SELECT skill.fit('elo', 'SELECT * FROM synth', '{"k": [4]}');
SELECT skill.fit('elo', 'SELECT * FROM synth', '{}');
SELECT skill.fit('elo', 'SELECT * FROM synth', '{"k": [4, 80]}', '{"train_untl": "2020-01-01"}');
SELECT skill.fit('elo', 'SELECT * FROM synth', '{"k": [4, 80]}', '{"train_until": 5}');
SELECT skill.fit('elo', 'SELECT * FROM synth', '{"k": [4, 80]}', '{"max_evaluations": 0}');
SELECT skill.fit('elo', 'SELECT match_id, played_at, player_id, team::bigint, rank FROM synth', '{"k": [4, 80]}');
SELECT skill.fit('elo', 'DELETE FROM synth RETURNING *', '{"k": [4, 80]}');
SELECT skill.fit('elo', NULL, '{"k": [4, 80]}');
SELECT skill.fit('elo', 'SELECT 1; SELECT 2', '{"k": [4, 80]}');
SELECT skill.fit('elo', 'WITH d AS (DELETE FROM synth RETURNING *) SELECT * FROM d', '{"k": [4, 80]}');
SELECT * FROM skill.elo_history('INSERT INTO synth VALUES (1, now(), 1, 1, 1) RETURNING *');
SELECT count(*) AS rows_kept FROM synth;
