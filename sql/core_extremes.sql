-- Finite but extreme arguments that the core's fuzz target (tests/fuzz)
-- found giving NaN, Infinity or a wrong value: now the finite value, derived
-- by hand, or an error naming the function.
\set VERBOSITY terse

-- OpenSkill with beta 1e300 (beta^2 overflows).  Two equal players draw
-- with Phi(ppf(3/4)) - Phi(-ppf(3/4)) = 1/2; a lead of one beta wins with
-- Phi(1/sqrt 2) = 0.7602499389.
SELECT round(skill.pl_predict_draw(ARRAY[[skill.rating(0, 1)], [skill.rating(0, 1)]], beta => 1e300)::numeric, 10) AS draw,
       round((skill.pl_predict_win(ARRAY[[skill.rating(1e300, 1)], [skill.rating(0, 1)]], beta => 1e300))[1]::numeric, 10) AS win;

-- A 20 s wait is bucket 2 of 5 (ends 10 s, 50 s, ...): 2/5 of max_beta.
SELECT round((skill.window_beta(interval '20 seconds', 1e308, 5, interval '10 seconds') / 4e307)::numeric, 12) AS fraction_of_4e307;

-- No periods, no growth, whatever c (c^2 overflowing gave rd_max).
SELECT skill.glicko_decay(skill.glicko(1500, 50), 0, 1e200);

-- Beyond double: an error naming the function (22003).
SELECT skill.glicko_update(skill.glicko(-1e300, 1e300), ARRAY[skill.glicko(0, 1)], ARRAY[0.0]);
\set VERBOSITY sqlstate
SELECT skill.glicko_update(skill.glicko(-1e300, 1e300), ARRAY[skill.glicko(0, 1)], ARRAY[0.0]);

-- One SQLSTATE per core status on every path (src/engine/sqlstate.h): a
-- Glicko-2 period whose result overflows is 22003 in the replays as in
-- glicko2_update, and a volatility iteration that cannot get within
-- epsilon 1e-300 (a gap below the doubles' spacing near its root) is 22000
-- in both.
CREATE FUNCTION pg_temp.raised(call text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE call;
  RETURN 'no error';
EXCEPTION WHEN OTHERS THEN
  RETURN SQLSTATE || ': ' || SQLERRM;
END $$;
SELECT pg_temp.raised(call) FROM (VALUES
  ($$SELECT skill.glicko2_update(skill.glicko(1e300, 1e300, 1e300), ARRAY[skill.glicko(0, 30, 0.06)], ARRAY[1.0])$$),
  ($$SELECT skill.glicko2_replay(1, '2026-01-01 00:00+00', '2026-01-01 00:00+00', p, t, t, '(1500,350,1e308)')
     FROM (VALUES (1, 1), (2, 2)) v(p, t)$$),
  ($$SELECT skill.glicko2_update(skill.glicko(1500, 350, 0.06), ARRAY[skill.glicko(1400, 30, 0.06)], ARRAY[1.0],
     epsilon => 1e-300)$$),
  ($$SELECT skill.glicko2_replay(1, '2026-01-01 00:00+00', '2026-01-01 00:00+00', p, t, t, '(1500,350,0.06)',
     '{"epsilon": 1e-300}') FROM (VALUES (1, 1), (2, 2)) v(p, t)$$),
  ($$SELECT * FROM skill.glicko2_history('SELECT 1::bigint, ''2026-01-01 00:00+00''::timestamptz,
     ''2026-01-01 00:00+00''::timestamptz, p::bigint, p, p::float8 FROM generate_series(1, 2) p',
     '{"epsilon": 1e-300}')$$)) v(call);
