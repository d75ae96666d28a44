-- Placement by regression: skill.placement_fit / skill.placement_predict
-- against values by hand.
\set VERBOSITY terse

-- One feature, x = 1..4, y = 2, 4, 5, 4: slope 0.7, intercept 2.0, RSS 2.3,
-- residual sd sqrt(2.3 / 2) = 1.0723805294763609, R^2 = 1 - 2.3/4.75 =
-- 0.5157894736842106.
CREATE TABLE one (x float8, y float8);
INSERT INTO one VALUES (1, 2), (2, 4), (3, 5), (4, 4);
SELECT round(intercept::numeric, 12) AS intercept, (SELECT array_agg(round(c::numeric, 12)) FROM unnest(coefficients) c) AS coefficients,
       round(residual_sd::numeric, 12) AS residual_sd, n, round(r2::numeric, 12) AS r2
FROM (SELECT (skill.placement_fit(ARRAY[x], y)).* FROM one) m;
-- Predicting for x = 5: 2.0 + 0.7 * 5 = 5.5, with the residual sd as sigma.
SELECT round((p).mu::numeric, 12) AS prediction, round((p).sigma::numeric, 12) AS sd
FROM (SELECT skill.placement_predict(skill.placement_fit(ARRAY[x], y), ARRAY[5::float8]) AS p FROM one) x;

-- Two features, y = 1 + 2 u + 3 v exactly over 2,000 rows (v a shuffled
-- pattern): the coefficients come back, also under a forced parallel plan.
-- The residual spread of an exact fit is 0 up to the cancellation in the
-- sums of squares, which depends on how the workers split the rows.
CREATE TABLE two AS SELECT i::float8 AS u, ((i * 7) % 13)::float8 AS v, 1 + 2 * i + 3 * ((i * 7) % 13)::float8 AS y
FROM generate_series(1, 2000) i;
ANALYZE two;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
EXPLAIN (COSTS OFF) SELECT skill.placement_fit(ARRAY[u, v], y) FROM two;
SELECT round(intercept::numeric, 6) AS intercept, (SELECT array_agg(round(c::numeric, 6)) FROM unnest(coefficients) c) AS coefficients,
       residual_sd < 1e-3 AS exact_fit, n
FROM (SELECT (skill.placement_fit(ARRAY[u, v], y)).* FROM two) m;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
RESET max_parallel_workers_per_gather;

-- Collinear features are an error without a ridge, and fine with one.
SELECT skill.placement_fit(ARRAY[x, 2 * x], y) FROM one;
SELECT (skill.placement_fit(ARRAY[x, 2 * x], y, 1.0)).n FROM one;
-- Bad input.
SELECT skill.placement_fit(ARRAY[x], y) FROM one WHERE x <= 2;
SELECT skill.placement_fit(CASE WHEN x < 3 THEN ARRAY[x] ELSE ARRAY[x, x] END, y) FROM one;
SELECT skill.placement_fit(ARRAY[x], y, -1) FROM one;
SELECT skill.placement_fit(ARRAY[x, 'NaN'], y) FROM one;
SELECT skill.placement_fit(ARRAY[]::float8[], y) FROM one;
SELECT skill.placement_predict(skill.placement_fit(ARRAY[x], y), ARRAY[1.0, 2.0]) FROM one;
SELECT skill.placement_fit(ARRAY[x], y) FROM (SELECT * FROM one UNION ALL VALUES (NULL::float8, 3)) t(x, y);
-- A NULL features array or target skips the row.
SELECT (skill.placement_fit(CASE WHEN x IS NOT NULL THEN ARRAY[x] END, y)).n
FROM (SELECT * FROM one UNION ALL VALUES (NULL, 3), (5, NULL)) t(x, y);
