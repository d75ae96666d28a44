-- Glicko-1 and Glicko-2: Glickman's worked examples and the argument rules.
\set VERBOSITY terse

-- Glickman, "The Glicko system": 1500/200 beats 1400/30, loses to 1550/100
-- and 1700/300.  Published 1464 / 151.4; exact 1464.1065 / 151.3989.
SELECT round((r).rating::numeric, 4) AS rating, round((r).rd::numeric, 4) AS rd, (r).vol
FROM (SELECT skill.glicko_update(skill.glicko(1500, 200),
        ARRAY[skill.glicko(1400, 30), skill.glicko(1550, 100), skill.glicko(1700, 300)],
        ARRAY[1, 0, 0]) AS r) s;

-- Glickman, "Example of the Glicko-2 system" (tau 0.5):
-- 1464.0507 / 151.5165 / 0.0599960.
SELECT round((r).rating::numeric, 4) AS rating, round((r).rd::numeric, 4) AS rd,
       round((r).vol::numeric, 7) AS vol
FROM (SELECT skill.glicko2_update(skill.glicko(1500, 200, 0.06),
        ARRAY[skill.glicko(1400, 30), skill.glicko(1550, 100), skill.glicko(1700, 300)],
        ARRAY[1, 0, 0], tau => 0.5) AS r) s;

-- No games: Glicko-1 leaves the player alone; Glicko-2 grows RD by vol.
SELECT skill.glicko_update(skill.glicko(1620, 90), '{}', '{}');
SELECT round((skill.glicko2_update(skill.glicko(1500, 200, 0.06), '{}', '{}')).rd::numeric, 6);

-- Step 1: c from "50 back to 350 in 100 periods" is sqrt(1200) = 34.641;
-- RD 50 after 10 idle periods is sqrt(2500 + 12000) = 120.4159.
SELECT round(skill.glicko_c(50, 100)::numeric, 6);
SELECT round((skill.glicko_decay(skill.glicko(1500, 50), 10, skill.glicko_c(50, 100))).rd::numeric, 4);
SELECT (skill.glicko_decay(skill.glicko(1500, 50), 1000, 30)).rd AS capped;

-- Expected scores: equal ratings give 1/2 in both systems.
SELECT skill.glicko_expected(skill.glicko(), skill.glicko()),
       skill.glicko2_expected(skill.glicko(), skill.glicko());
SELECT round(skill.glicko_expected(skill.glicko(1500, 200), skill.glicko(1400, 30))::numeric, 6);
-- An exactly known opponent (RD 0) is allowed: g = 1.
SELECT round(skill.glicko_expected(skill.glicko(1450), '(1900,0,)'::skill.glicko)::numeric, 6);

-- Glicko-1 does not need vol and passes it through, NULL included.
SELECT round((r).rating::numeric, 4) AS rating, round((r).rd::numeric, 4) AS rd, (r).vol IS NULL AS vol_is_null
FROM (SELECT skill.glicko_update('(1500,200,)'::skill.glicko, ARRAY['(1400,30,)'::skill.glicko], ARRAY[0.5]) r) s;

-- Bad input.
SELECT skill.glicko_update('(1500,0,0.06)'::skill.glicko, '{}', '{}');
SELECT skill.glicko_update('(NaN,200,0.06)'::skill.glicko, '{}', '{}');
SELECT skill.glicko_update('(1500,,0.06)'::skill.glicko, '{}', '{}');
SELECT skill.glicko_update(skill.glicko(), ARRAY[skill.glicko()], ARRAY[1, 0]);
SELECT skill.glicko_update(skill.glicko(), ARRAY[skill.glicko()], ARRAY[1.5]);
SELECT skill.glicko_update(skill.glicko(), ARRAY[skill.glicko(), NULL], ARRAY[1, 0]);
SELECT skill.glicko_update(skill.glicko(), ARRAY['(1500,-1,0.06)'::skill.glicko], ARRAY[1]);
SELECT skill.glicko_update(skill.glicko(), ARRAY['(Infinity,30,0.06)'::skill.glicko], ARRAY[1]);
SELECT skill.glicko_update(skill.glicko(), ARRAY[[skill.glicko()]], ARRAY[[1]]);
SELECT skill.glicko_decay(skill.glicko(), -1, 30);
SELECT skill.glicko_decay(skill.glicko(), 1, -30);
SELECT skill.glicko_decay(skill.glicko(), 1, 30, rd_max => 0);
SELECT skill.glicko_c(400, 100);
SELECT skill.glicko_c(50, 0);
SELECT skill.glicko2_update(skill.glicko(), '{}', '{}', tau => 0);
SELECT skill.glicko2_update(skill.glicko(), '{}', '{}', tau => -0.5);
SELECT skill.glicko2_update(skill.glicko(), '{}', '{}', epsilon => 0);
-- An epsilon finer than a double resolves near ln(vol^2) = ln(0.0036) (its
-- spacing there is 8.9e-16), or a tau far below Glickman's 0.3 to 1.2, never
-- ends the volatility iteration: the error names both values and says which
-- cannot work.  1e-15 and 1e-10 still converge.
\set VERBOSITY default
SELECT skill.glicko2_update(skill.glicko(1500, 200, 0.06), ARRAY[skill.glicko(1400, 30)], ARRAY[1], epsilon => 1e-17);
\set VERBOSITY terse
SELECT skill.glicko2_update(skill.glicko(1500, 200, 0.06), ARRAY[skill.glicko(1400, 30)], ARRAY[1], tau => 1e-20);
SELECT skill.glicko2_replay(1, '2026-01-01', '2026-01-01', p, p, p, NULL, '{"epsilon": 1e-17}') FROM (VALUES (1), (2)) v(p);
SELECT (skill.glicko2_update(skill.glicko(1500, 200, 0.06), ARRAY[skill.glicko(1400, 30)], ARRAY[1], epsilon => 1e-15)).vol > 0 AS fine_epsilon_converges,
       (skill.glicko2_update(skill.glicko(1500, 200, 0.06), ARRAY[skill.glicko(1400, 30)], ARRAY[1], tau => 1e-10)).vol > 0 AS small_tau_converges;
SELECT skill.glicko2_update('(1500,200,)'::skill.glicko, '{}', '{}');
SELECT skill.glicko2_update('(1500,200,0)'::skill.glicko, '{}', '{}');
SELECT skill.glicko2_update(skill.glicko(), ARRAY[skill.glicko()], ARRAY['NaN']::float8[]);
SELECT skill.glicko2_expected(skill.glicko(), '(1500,-5,0.06)'::skill.glicko);

-- Lopsided but valid: a win over a player 1e6 points above stays finite.
SELECT (r).rating < 1e7 AND (r).rd > 0 AND (r).vol > 0 AS finite
FROM (SELECT skill.glicko2_update(skill.glicko(1500, 200, 0.06), ARRAY[skill.glicko(1e6, 30)], ARRAY[1]) r) s;

-- Finite but absurd inputs overflow inside the model: an error, never a
-- stored NaN or Infinity.
SELECT skill.glicko2_update(skill.glicko(1e300, 1e300, 1e300), ARRAY[skill.glicko(0, 30, 0.06)], ARRAY[1.0]);
SELECT skill.glicko_update(skill.glicko(1e300, 1e300), ARRAY[skill.glicko(-1e300, 1e300)], ARRAY[1.0]);
