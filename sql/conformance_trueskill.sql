-- Conformance: every case of tests/vectors/trueskill.jsonl (trueskill 0.4.5
-- with its scipy backend) run through the SQL functions.  Each case is
-- compared with `expected` within its tolerance (1e-6, DESIGN.md's bound for
-- iterative systems); the failing cases are listed, so a pass is (0 rows).
-- The per-op counts show that every case was read and compared.

CREATE TEMP TABLE vectors (doc jsonb);
\copy vectors FROM PROGRAM 'cat "$PG_ABS_SRCDIR"/tests/vectors/trueskill.jsonl' WITH (FORMAT csv, QUOTE e'\x01', DELIMITER e'\x02')

CREATE TEMP VIEW v AS
SELECT doc->>'id' AS id, doc->>'system' AS system, doc->>'op' AS op,
       doc->'params' AS params, doc->'input' AS input, doc->'expected' AS expected,
       (doc->'tolerance'->>'abs')::float8 AS tol
FROM vectors;

SELECT system, op, count(*) FROM v GROUP BY system, op ORDER BY system, op;

-- True when a result is missing, NaN, or farther than tol from the reference.
CREATE FUNCTION pg_temp.differs(actual float8, expected float8, tol float8)
RETURNS bool LANGUAGE sql IMMUTABLE
AS $$ SELECT actual IS NULL OR expected IS NULL OR NOT (abs(actual - expected) <= tol) $$;

-- Widest team of a JSON list of teams.
CREATE FUNCTION pg_temp.width(teams jsonb)
RETURNS int LANGUAGE sql IMMUTABLE
AS $$ SELECT max(jsonb_array_length(team))::int FROM jsonb_array_elements(teams) AS x(team) $$;

-- JSON teams [[{mu, sigma}, ...], ...] as a 2-D skill.rating[], one team per
-- row, shorter teams padded with NULL.
CREATE FUNCTION pg_temp.teams(teams jsonb)
RETURNS skill.rating[] LANGUAGE sql IMMUTABLE
AS $$
  SELECT array_agg((SELECT array_agg(CASE WHEN t.team->s.i IS NULL THEN NULL
                                          ELSE ROW((t.team->s.i->>'mu')::float8,
                                                   (t.team->s.i->>'sigma')::float8)::skill.rating
                                     END ORDER BY s.i)
                    FROM generate_series(0, pg_temp.width(teams) - 1) AS s(i))
                   ORDER BY t.n)
  FROM jsonb_array_elements(teams) WITH ORDINALITY AS t(team, n)
$$;

-- JSON weights [[w, ...], ...] as a 2-D float8[] padded the same way.
CREATE FUNCTION pg_temp.weights(weights jsonb)
RETURNS float8[] LANGUAGE sql IMMUTABLE
AS $$
  SELECT array_agg((SELECT array_agg((t.team->>s.i)::float8 ORDER BY s.i)
                    FROM generate_series(0, pg_temp.width(weights) - 1) AS s(i))
                   ORDER BY t.n)
  FROM jsonb_array_elements(weights) WITH ORDINALITY AS t(team, n)
$$;

-- JSON [r, ...] as float8[] (NULL when the key is absent).
CREATE FUNCTION pg_temp.floats(a jsonb)
RETURNS float8[] LANGUAGE sql IMMUTABLE
AS $$ SELECT array_agg(x::float8 ORDER BY n) FROM jsonb_array_elements_text(a) WITH ORDINALITY AS y(x, n) $$;

-- True when a skill.rating[] result does not have the expected teams' shape
-- (2-D, one row per team, NULL exactly at the padding) or any mu or sigma is
-- farther than tol from the expected one.
CREATE FUNCTION pg_temp.teams_differ(actual skill.rating[], expected jsonb, tol float8)
RETURNS bool LANGUAGE sql IMMUTABLE
AS $$
  SELECT actual IS NULL
      OR array_ndims(actual) IS DISTINCT FROM 2
      OR array_length(actual, 1) IS DISTINCT FROM jsonb_array_length(expected)
      OR array_length(actual, 2) IS DISTINCT FROM pg_temp.width(expected)
      OR EXISTS (
           SELECT 1
           FROM jsonb_array_elements(expected) WITH ORDINALITY AS t(team, n),
                generate_series(1, pg_temp.width(expected)) AS s(i)
           WHERE CASE WHEN t.team->(s.i - 1) IS NULL THEN actual[t.n::int][s.i] IS NOT NULL
                      ELSE pg_temp.differs((actual[t.n::int][s.i]).mu, (t.team->(s.i - 1)->>'mu')::float8, tol)
                        OR pg_temp.differs((actual[t.n::int][s.i]).sigma, (t.team->(s.i - 1)->>'sigma')::float8, tol)
                 END)
$$;

-- One row per case: did the SQL result differ from the reference?
CREATE TEMP TABLE results AS
SELECT id, op,
       CASE op
         WHEN 'rate' THEN pg_temp.teams_differ(
           skill.trueskill_rate(pg_temp.teams(input->'teams'),
                                ranks => pg_temp.floats(input->'ranks'),
                                weights => pg_temp.weights(input->'weights'),
                                mu => (params->>'mu')::float8,
                                sigma => (params->>'sigma')::float8,
                                beta => (params->>'beta')::float8,
                                tau => (params->>'tau')::float8,
                                draw_probability => (params->>'draw_probability')::float8,
                                min_delta => (params->>'min_delta')::float8),
           expected->'teams', tol)
         WHEN 'quality' THEN pg_temp.differs(
           skill.trueskill_quality(pg_temp.teams(input->'teams'),
                                   weights => pg_temp.weights(input->'weights'),
                                   beta => (params->>'beta')::float8),
           (expected->>'quality')::float8, tol)
         WHEN 'win_probability' THEN pg_temp.differs(
           skill.trueskill_win_probability(pg_temp.teams(input->'teams'),
                                           beta => (params->>'beta')::float8),
           (expected->>'probability')::float8, tol)
         WHEN 'expose' THEN pg_temp.differs(
           skill.trueskill_expose(ROW((input->'rating'->>'mu')::float8,
                                      (input->'rating'->>'sigma')::float8)::skill.rating,
                                  mu => (params->>'mu')::float8,
                                  sigma => (params->>'sigma')::float8),
           (expected->>'expose')::float8, tol)
       END AS failed
FROM v;

-- The failing cases (an unknown op fails too: failed is NULL).
SELECT id, op FROM results WHERE failed IS NOT FALSE ORDER BY id;

-- Every case was compared.
SELECT op, count(*) AS compared, count(*) FILTER (WHERE failed IS NOT FALSE) AS failed
FROM results GROUP BY op ORDER BY op;

-- The same rate cases with one player per team, given as a 1-D array (the
-- free-for-all form): the result comes back 1-D and agrees too.
SELECT v.id, 'rate 1-D' AS failed
FROM v
CROSS JOIN LATERAL (
  SELECT skill.trueskill_rate(
           (SELECT array_agg(ROW((t.team->0->>'mu')::float8, (t.team->0->>'sigma')::float8)::skill.rating
                             ORDER BY t.n)
            FROM jsonb_array_elements(input->'teams') WITH ORDINALITY AS t(team, n)),
           ranks => pg_temp.floats(input->'ranks'),
           mu => (params->>'mu')::float8, sigma => (params->>'sigma')::float8,
           beta => (params->>'beta')::float8, tau => (params->>'tau')::float8,
           draw_probability => (params->>'draw_probability')::float8,
           min_delta => (params->>'min_delta')::float8) AS r
) x
WHERE op = 'rate' AND pg_temp.width(input->'teams') = 1 AND NOT input ? 'weights'
  AND (array_ndims(x.r) IS DISTINCT FROM 1
       OR pg_temp.teams_differ(
            (SELECT array_agg(ARRAY[x.r[i]] ORDER BY i) FROM generate_subscripts(x.r, 1) AS i),
            expected->'teams', tol));

SELECT count(*) AS one_player_per_team_cases
FROM v WHERE op = 'rate' AND pg_temp.width(input->'teams') = 1 AND NOT input ? 'weights';
