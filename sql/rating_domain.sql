-- skill.rating and skill.glicko are checked domains over the composites
-- skill.rating_value and skill.glicko_value: a bad value cannot be
-- constructed or stored, whichever way it comes in.
\set VERBOSITY terse

-- The text form, field access and JSON are those of the composite.
SELECT '(25,8.333333333333334)'::skill.rating AS r, ('(25,8.333333333333334)'::skill.rating).mu AS mu,
       to_jsonb('(25,8.333333333333334)'::skill.rating) AS j;
SELECT '(1500,0,)'::skill.glicko AS known_exactly, ('(1500,350,0.06)'::skill.glicko).vol AS vol;
SELECT pg_typeof(skill.rating()), pg_typeof(skill.pl_rate(ARRAY[skill.rating(), skill.rating()], ARRAY[1, 2]));

-- Text input, casts of rows, and the one-argument call that is a cast.
SELECT '(25,-1)'::skill.rating;
SELECT '(25,0)'::skill.rating;
SELECT '(Infinity,1)'::skill.rating;
SELECT ROW(25, 'NaN')::skill.rating;
SELECT ROW(25, NULL)::skill.rating;
SELECT ROW(NULL, NULL)::skill.rating;
SELECT skill.rating('(25,-1)');
SELECT '(1500,-1,0.06)'::skill.glicko;
SELECT '(1500,350,0)'::skill.glicko;
SELECT ROW('NaN', 350, NULL)::skill.glicko;
SELECT ROW(1500, NULL, 0.06)::skill.glicko;
SELECT skill.glicko('-Infinity');
-- A whole NULL value is allowed (it is how teams are padded).
SELECT NULL::skill.rating IS NULL AS null_rating, NULL::skill.glicko IS NULL AS null_glicko;

-- Table columns, arrays, COPY.
CREATE TEMP TABLE player_ratings (id int, r skill.rating, g skill.glicko, team skill.rating[]);
INSERT INTO player_ratings VALUES (1, '(25,8)', '(1500,350,0.06)', ARRAY['(25,8)'::skill.rating, NULL]);
INSERT INTO player_ratings (id, r) VALUES (2, '(25,-8)');
INSERT INTO player_ratings (id, r) VALUES (2, ROW(25, 'Infinity'));
INSERT INTO player_ratings (id, g) VALUES (2, '(1500,-350,0.06)');
INSERT INTO player_ratings (id, team) VALUES (2, '{"(25,8)","(25,-8)"}');
INSERT INTO player_ratings (id, team) VALUES (2, ARRAY[ROW(25, 8), ROW(25, 0)]::skill.rating[]);
UPDATE player_ratings SET r = ROW((r).mu, -1);
COPY player_ratings (id, r) FROM stdin;
3	(25,-1)
\.
COPY player_ratings (id, g) FROM stdin;
3	(NaN,350,0.06)
\.
SELECT id, r, g, team FROM player_ratings ORDER BY id;

-- The unchecked composite converts to the domain only through the check.
SELECT ROW(25, 8)::skill.rating_value::skill.rating AS ok;
SELECT ROW(25, -8)::skill.rating_value::skill.rating;
SELECT skill.ordinal(ROW(25, -8)::skill.rating_value);

-- PL/pgSQL variables are checked on every assignment.
DO $$
DECLARE r skill.rating := skill.rating(30, 5);
BEGIN
  r := ROW((r).mu, (r).sigma / 2);
  RAISE NOTICE 'halved: %', r;
  r := ROW((r).mu, 0);
END $$;

-- The smallest positive sigma is a valid rating.
SELECT skill.rating(25, 5e-324) AS smallest_sigma;
-- Results built in C are checked in C (the executor does not re-check a
-- function's result against the domain; a sigma that underflows to 0 would
-- be a 22003 error).  Spreads combine with hypot, so a season reset of
-- sigma 1e-200 towards sigma0 1e-200 keeps sqrt(0.25 + 0.75) * 1e-200 =
-- 1e-200 where sqrt of the squares gave 0.
SELECT skill.season_reset(skill.rating(25, 1e-200), 0.5, 25, 1e-200);
