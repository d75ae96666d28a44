-- Elo: hand-derived cases (the reference vectors are in conformance_elo_glicko).
\set VERBOSITY terse

-- Equal ratings: 1/2.  400 points apart: 10/11.
SELECT skill.elo_expected(1500, 1500), skill.elo_expected(1900, 1500);
-- A win between equals with K = 32: +16.
SELECT skill.elo_update(1500, 1500, 1);
SELECT skill.elo_update(1500, 1500, 0.5, k => 10);
-- The Wikipedia rating period: 1613 -> 1601.27 (rounded).
SELECT round(skill.elo_update(1613, ARRAY[1609,1477,1388,1586,1720], ARRAY[0,0.5,1,1,0])::numeric, 2);
-- No games: unchanged.
SELECT skill.elo_update(1613, '{}'::float8[], '{}'::float8[]);

-- Gaussian Elo: equal ratings 1/2; a 200-point gap with s = 200 is Phi(1/sqrt 2) = 0.76025.
SELECT skill.elo_expected_normal(1500, 1500), round(skill.elo_expected_normal(1700, 1500)::numeric, 5);
SELECT round(skill.elo_update_normal(1500, 1500, 1)::numeric, 10);

-- FIDE K (Handbook B.02 8.56): 40 for the first 30 games, 20 below 2400, 10 from 2400.
SELECT skill.elo_k_factor(2100, 10, '{2400}', '{20,10}', 30, 40) AS new_player,
       skill.elo_k_factor(2100, 45, '{2400}', '{20,10}', 30, 40) AS established,
       skill.elo_k_factor(2450, 45, '{2400}', '{20,10}', 30, 40) AS elite;
-- Brackets only: K 32 below 2100, 24 to 2400, 16 from 2400 (USCF-style).
SELECT r, skill.elo_k_factor(r, 100, '{2100,2400}', '{32,24,16}')
FROM unnest(ARRAY[1500, 2100, 2399.9, 2400]::float8[]) r;

-- Multiplayer: 2 players is plain Elo; 3 equal players ranked 1, 2, 2 get +16, -8, -8.
SELECT skill.elo_rate(ARRAY[1400, 1800], ARRAY[1, 2]);
SELECT skill.elo_rate(ARRAY[1500, 1500, 1500], ARRAY[1, 2, 2]);
-- The update is zero-sum: the ratings still add up to 1520 + 1610 + 1433 + 1790.
SELECT round((SELECT sum(x) - 6353 FROM unnest(skill.elo_rate(ARRAY[1520, 1610, 1433, 1790], ARRAY[3, 1, 2, 4])) x)::numeric, 9) AS total_change;

-- Bad input.
SELECT skill.elo_expected('NaN', 1500);
SELECT skill.elo_expected(1500, 'Infinity');
SELECT skill.elo_expected(1500, 1500, 0);
SELECT skill.elo_update(1500, 1500, 1.5);
SELECT skill.elo_update(1500, 1500, -0.5);
SELECT skill.elo_update(1500, 1500, 1, k => -1);
SELECT skill.elo_update(1500, 1500, 1, scale => -400);
SELECT skill.elo_update(1500, ARRAY[1500, 1600], ARRAY[1]);
SELECT skill.elo_update(1500, ARRAY[1500, NULL], ARRAY[1, 0]);
SELECT skill.elo_update(1500, ARRAY[1500, 'NaN'::float8], ARRAY[1, 0]);
SELECT skill.elo_update(1500, ARRAY[1500, 1600], ARRAY[1, 2]);
SELECT skill.elo_update(1500, ARRAY[[1500, 1600]], ARRAY[[1, 0]]);
SELECT skill.elo_expected_normal(1500, 1500, 0);
SELECT skill.elo_update_normal(1500, 1500, 2);
SELECT skill.elo_k_factor(2000, 10, '{2400}', '{20}');
SELECT skill.elo_k_factor(2000, 10, '{2400,2100}', '{20,15,10}');
SELECT skill.elo_k_factor(2000, -1, '{2400}', '{20,10}');
SELECT skill.elo_k_factor(2000, 10, '{2400}', '{20,-10}');
SELECT skill.elo_rate(ARRAY[1500], ARRAY[1]);
SELECT skill.elo_rate(ARRAY[1500, 1600], ARRAY[1, 2, 3]);
SELECT skill.elo_rate(ARRAY[1500, 1600], ARRAY[1, 'Infinity'::float8]);

-- Finite but absurd inputs overflow: an error, never NaN or Infinity.
SELECT skill.elo_rate(ARRAY[1.7e308, 1.7e308]::float8[], ARRAY[2, 1]::float8[], 1e308);
SELECT skill.elo_update(1.7e308, 1.7e308, 1, 1e308);
SELECT * FROM unnest((SELECT skill.elo_replay(m, timestamptz '2026-01-01 00:00+00' + m * interval '1 hour', p, t, r, 1.7e308, '{"k": 1e308}')
                      FROM (VALUES (1, 1, 1, 1.0), (1, 2, 2, 2.0), (2, 1, 1, 2.0), (2, 2, 2, 1.0)) v(m, p, t, r)));
