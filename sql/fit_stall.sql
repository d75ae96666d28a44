-- skill.fit stops a search whose progress has stalled: three quasi-Newton
-- steps on central differences that lower the training log-loss by less
-- than 1e-9 end it, converged, with stop_reason "stalled", instead of
-- spending the budget on digits the data cannot tell apart.
\set VERBOSITY terse
SET client_min_messages = warning;

-- An Elo world (K = 24, scale 400) of 40 players and 3,000 matches, as in
-- fit.sql: each match pairs two random players and the first wins with
-- the Elo chance from the current ratings.
SELECT setseed(0.42);
CREATE TABLE stall_world (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8);
DO $$
DECLARE
  r float8[] := array_fill(1500::float8, ARRAY[40]);
  a int; b int; e float8; s float8;
BEGIN
  FOR m IN 1..3000 LOOP
    a := 1 + floor(random() * 40)::int;
    b := 1 + floor(random() * 39)::int;
    IF b >= a THEN b := b + 1; END IF;
    e := 1 / (1 + 10 ^ ((r[b] - r[a]) / 400));
    s := CASE WHEN random() < e THEN 1 ELSE 0 END;
    INSERT INTO stall_world VALUES (m, timestamptz '2020-01-01 00:00+00' + m * interval '1 hour', a, 1, 2 - s),
                                   (m, timestamptz '2020-01-01 00:00+00' + m * interval '1 hour', b, 2, 1 + s);
    r[a] := r[a] + 24 * (s - e);
    r[b] := r[b] + 24 * ((1 - s) - (1 - e));
  END LOOP;
END $$;

-- Glicko-2's tau and vol on it, with the volatility iteration's epsilon
-- at 1e-4: the log-loss is nearly flat in tau, and in its last digits a
-- staircase (each replay's volatilities are known to epsilon only), so the
-- gradient by differences never falls below the tolerance.  The search
-- stalls well within its default budget (400); before the rule it spent
-- 377 replays there and stopped with "no progress", not converged.
SELECT f->>'stop_reason' AS stop_reason, (f->>'converged')::bool AS converged,
       (f->>'evaluations')::int < 200 AS well_within_budget,
       (f->'train'->>'log_loss')::float8 < 0.6666 AS fitted
FROM skill.fit('glicko2', 'SELECT * FROM stall_world ORDER BY played_at, match_id',
               '{"tau": [0.1, 1.5], "vol": [0.01, 0.3]}', '{"options": {"epsilon": 0.0001}}') f;

-- A smooth loss converges by its gradient as before.
SELECT f->>'stop_reason' AS stop_reason, (f->>'converged')::bool AS converged
FROM skill.fit('glicko2', 'SELECT * FROM stall_world ORDER BY played_at, match_id',
               '{"rd": [50, 500], "vol": [0.01, 0.3]}') f;

RESET client_min_messages;
DROP TABLE stall_world;
