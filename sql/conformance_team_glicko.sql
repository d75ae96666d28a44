-- Conformance: every case of tests/vectors/team_glicko1.jsonl (reading C)
-- run through the SQL functions, and the quality cases of
-- tests/vectors/trueskill.jsonl through skill.match_quality(skill.rating[]).
-- Each check lists the cases whose result differs from the reference by
-- more than the case's tolerance: a pass is (0 rows).  The per-op counts
-- show that every case was read.

CREATE TEMP TABLE vectors (doc jsonb);
\copy vectors FROM PROGRAM 'cat "$PG_ABS_SRCDIR"/tests/vectors/team_glicko1.jsonl "$PG_ABS_SRCDIR"/tests/vectors/trueskill.jsonl' WITH (FORMAT csv, QUOTE e'\x01', DELIMITER e'\x02')

CREATE TEMP VIEW v AS
SELECT doc->>'id' AS id, doc->>'system' AS system, doc->>'op' AS op,
       doc->'params' AS params, doc->'input' AS input, doc->'expected' AS expected,
       (doc->'tolerance'->>'abs')::float8 AS tol
FROM vectors;

SELECT system, op, count(*) FROM v WHERE system = 'team_glicko1' GROUP BY system, op ORDER BY system, op;

-- True when a result is missing, NaN, or farther than tol from the reference.
CREATE FUNCTION pg_temp.differs(actual float8, expected float8, tol float8)
RETURNS bool LANGUAGE sql IMMUTABLE
AS $$ SELECT actual IS NULL OR expected IS NULL OR NOT (abs(actual - expected) <= tol) $$;

-- A JSON list of teams as a 2-D skill.glicko[] (NULL pads the shorter team; vol NULL).
CREATE FUNCTION pg_temp.glicko_teams(teams jsonb)
RETURNS skill.glicko[] LANGUAGE sql IMMUTABLE
AS $$
  SELECT array_agg(r ORDER BY t)
  FROM (
    SELECT x.t, array_agg(CASE WHEN p <= jsonb_array_length(x.team)
                               THEN ROW((x.team->(p - 1)->>'rating')::float8,
                                        (x.team->(p - 1)->>'rd')::float8, NULL)::skill.glicko
                          END ORDER BY p) AS r
    FROM jsonb_array_elements(teams) WITH ORDINALITY AS x(team, t)
    CROSS JOIN generate_series(1, (SELECT max(jsonb_array_length(e)) FROM jsonb_array_elements(teams) e)) p
    GROUP BY x.t
  ) rows
$$;

-- The same for skill.rating[] (TrueSkill cases).
CREATE FUNCTION pg_temp.rating_teams(teams jsonb)
RETURNS skill.rating[] LANGUAGE sql IMMUTABLE
AS $$
  SELECT array_agg(r ORDER BY t)
  FROM (
    SELECT x.t, array_agg(CASE WHEN p <= jsonb_array_length(x.team)
                               THEN ROW((x.team->(p - 1)->>'mu')::float8,
                                        (x.team->(p - 1)->>'sigma')::float8)::skill.rating
                          END ORDER BY p) AS r
    FROM jsonb_array_elements(teams) WITH ORDINALITY AS x(team, t)
    CROSS JOIN generate_series(1, (SELECT max(jsonb_array_length(e)) FROM jsonb_array_elements(teams) e)) p
    GROUP BY x.t
  ) rows
$$;

-- team_rating: R_team (the boost included) and RD_team.
SELECT v.id, 'team_rating' AS failed
FROM v
CROSS JOIN LATERAL skill.team_glicko_rating(
  (SELECT array_agg(ROW((p->>'rating')::float8, (p->>'rd')::float8, NULL)::skill.glicko ORDER BY n)
   FROM jsonb_array_elements(v.input->'team') WITH ORDINALITY AS x(p, n))) r
WHERE system = 'team_glicko1' AND op = 'team_rating'
  AND (pg_temp.differs(r.rating, (expected->>'r_team')::float8, tol)
    OR pg_temp.differs(r.rd, (expected->>'rd_team')::float8, tol)
    OR r.vol IS NOT NULL);

-- rate: every player's new rating and RD; padding stays NULL, vol passes through.
SELECT v.id, 'rate' AS failed
FROM v
CROSS JOIN LATERAL (
  SELECT skill.team_glicko_rate(pg_temp.glicko_teams(v.input->'teams'),
                                (v.input->>'score_team_a')::float8,
                                (v.params->>'scale')::float8,
                                (v.params->>'rd_max')::float8) AS r
) x
WHERE system = 'team_glicko1' AND op = 'rate'
  AND (EXISTS (SELECT 1
               FROM jsonb_array_elements(v.expected->'teams') WITH ORDINALITY AS et(team, t)
               CROSS JOIN LATERAL jsonb_array_elements(et.team) WITH ORDINALITY AS ep(pl, p)
               WHERE pg_temp.differs((x.r[et.t][ep.p]).rating, (ep.pl->>'rating')::float8, v.tol)
                  OR pg_temp.differs((x.r[et.t][ep.p]).rd, (ep.pl->>'rd')::float8, v.tol)
                  OR (x.r[et.t][ep.p]).vol IS NOT NULL)
    OR (SELECT count(*) FROM unnest(x.r) e WHERE e.rating IS NOT NULL)
       <> (SELECT sum(jsonb_array_length(t)) FROM jsonb_array_elements(v.expected->'teams') t));

-- quality: Q, and its parts d_eff = R_team_A - R_team_B and
-- RD_combined = sqrt(RD_team_A^2 + RD_team_B^2) from team_glicko_rating.
SELECT v.id, 'quality' AS failed
FROM v
CROSS JOIN LATERAL (
  SELECT skill.team_glicko_rating(
           (SELECT array_agg(ROW((p->>'rating')::float8, (p->>'rd')::float8, NULL)::skill.glicko ORDER BY n)
            FROM jsonb_array_elements(v.input->'teams'->0) WITH ORDINALITY AS x(p, n))) AS a,
         skill.team_glicko_rating(
           (SELECT array_agg(ROW((p->>'rating')::float8, (p->>'rd')::float8, NULL)::skill.glicko ORDER BY n)
            FROM jsonb_array_elements(v.input->'teams'->1) WITH ORDINALITY AS x(p, n))) AS b
) t
WHERE system = 'team_glicko1' AND op = 'quality'
  AND (pg_temp.differs(skill.match_quality(pg_temp.glicko_teams(input->'teams')),
                       (expected->>'quality')::float8, tol)
    OR pg_temp.differs((t.a).rating - (t.b).rating, (expected->>'d_eff')::float8, tol)
    OR pg_temp.differs(sqrt((t.a).rd ^ 2 + (t.b).rd ^ 2), (expected->>'rd_combined')::float8, tol));

-- TrueSkill quality (any number of teams, uneven sizes) through
-- match_quality(skill.rating[], beta).  The case with partial-play weights
-- is left out: match_quality takes no weights.
SELECT count(*) AS trueskill_quality_cases FROM v
WHERE system = 'trueskill' AND op = 'quality' AND NOT input ? 'weights';

SELECT id, 'trueskill quality' AS failed
FROM v
WHERE system = 'trueskill' AND op = 'quality' AND NOT input ? 'weights'
  AND pg_temp.differs(skill.match_quality(pg_temp.rating_teams(input->'teams'),
                                          beta => (params->>'beta')::float8),
                      (expected->>'quality')::float8, tol);
