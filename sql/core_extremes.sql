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
