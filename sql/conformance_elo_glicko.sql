-- Conformance: every case of tests/vectors/{elo,glicko1,glicko2}.jsonl run
-- through the SQL functions.  Each check lists the cases whose result differs
-- from the reference by more than the case's tolerance: a pass is (0 rows).
-- The per-op counts show that every case was read.

CREATE TEMP TABLE vectors (doc jsonb);
\copy vectors FROM PROGRAM 'cat "$PG_ABS_SRCDIR"/tests/vectors/elo.jsonl "$PG_ABS_SRCDIR"/tests/vectors/glicko1.jsonl "$PG_ABS_SRCDIR"/tests/vectors/glicko2.jsonl' WITH (FORMAT csv, QUOTE e'\x01', DELIMITER e'\x02')

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

-- Opponents of a Glicko case as skill.glicko[] and their scores as float8[].
CREATE TEMP VIEW glicko_games AS
SELECT v.id, g.ord,
       coalesce(g.opponents, '{}') AS opponents,
       coalesce(g.scores, '{}') AS scores
FROM v
CROSS JOIN LATERAL (
  SELECT NULL::bigint AS ord,
         array_agg(ROW((x.game->'opponent'->>'rating')::float8,
                       (x.game->'opponent'->>'rd')::float8,
                       (x.game->'opponent'->>'vol')::float8)::skill.glicko ORDER BY x.n) AS opponents,
         array_agg((x.game->>'score')::float8 ORDER BY x.n) AS scores
  FROM jsonb_array_elements(v.input->'games') WITH ORDINALITY AS x(game, n)
) g
WHERE v.input ? 'games';

-- Elo: expected scores, single games (both players), rating periods.
SELECT id, 'expected_score' AS failed
FROM v
WHERE system = 'elo' AND op = 'expected_score'
  AND (pg_temp.differs(skill.elo_expected((input->>'rating_a')::float8, (input->>'rating_b')::float8,
                              (params->>'scale')::float8), (expected->>'expected_a')::float8, tol)
    OR pg_temp.differs(skill.elo_expected((input->>'rating_b')::float8, (input->>'rating_a')::float8,
                              (params->>'scale')::float8), (expected->>'expected_b')::float8, tol));

SELECT id, 'rate' AS failed
FROM v
WHERE system = 'elo' AND op = 'rate'
  AND (pg_temp.differs(skill.elo_update((input->>'rating_a')::float8, (input->>'rating_b')::float8,
                            (input->>'score_a')::float8, (params->>'k')::float8,
                            (params->>'scale')::float8), (expected->>'rating_a')::float8, tol)
    OR pg_temp.differs(skill.elo_update((input->>'rating_b')::float8, (input->>'rating_a')::float8,
                            1 - (input->>'score_a')::float8, (params->>'k')::float8,
                            (params->>'scale')::float8), (expected->>'rating_b')::float8, tol)
    OR pg_temp.differs(skill.elo_expected((input->>'rating_a')::float8, (input->>'rating_b')::float8,
                              (params->>'scale')::float8), (expected->>'expected_a')::float8, tol));

SELECT v.id, 'rate_period' AS failed
FROM v
CROSS JOIN LATERAL (
  SELECT array_agg((g->>'opponent')::float8 ORDER BY n) AS opponents,
         array_agg((g->>'score')::float8 ORDER BY n) AS scores,
         sum(skill.elo_expected((v.input->>'rating')::float8, (g->>'opponent')::float8,
                                (v.params->>'scale')::float8)) AS expected_total
  FROM jsonb_array_elements(v.input->'games') WITH ORDINALITY AS x(g, n)
) p
WHERE system = 'elo' AND op = 'rate_period'
  AND (pg_temp.differs(skill.elo_update((input->>'rating')::float8, p.opponents, p.scores,
                            (params->>'k')::float8, (params->>'scale')::float8), (expected->>'rating')::float8, tol)
    OR pg_temp.differs(p.expected_total, (expected->>'expected_total')::float8, tol));

-- Glicko-1.
SELECT v.id, 'rate' AS failed
FROM v JOIN glicko_games g USING (id)
CROSS JOIN LATERAL skill.glicko_update(
  ROW((input->'player'->>'rating')::float8, (input->'player'->>'rd')::float8, NULL)::skill.glicko,
  g.opponents, g.scores) r
WHERE system = 'glicko1' AND op = 'rate'
  AND (pg_temp.differs(r.rating, (expected->>'rating')::float8, tol)
    OR pg_temp.differs(r.rd, (expected->>'rd')::float8, tol));

SELECT v.id, 'rate_with_decay' AS failed
FROM v JOIN glicko_games g USING (id)
CROSS JOIN LATERAL skill.glicko_update(
  skill.glicko_decay(ROW((input->'player'->>'rating')::float8, (input->'player'->>'rd')::float8, NULL)::skill.glicko,
                     (input->>'periods_since_last')::float8, (params->>'c')::float8,
                     (params->>'rd_max')::float8),
  g.opponents, g.scores) r
WHERE system = 'glicko1' AND op = 'rate_with_decay'
  AND (pg_temp.differs(r.rating, (expected->>'rating')::float8, tol)
    OR pg_temp.differs(r.rd, (expected->>'rd')::float8, tol));

SELECT id, 'rd_decay' AS failed
FROM v
WHERE system = 'glicko1' AND op = 'rd_decay'
  AND pg_temp.differs((skill.glicko_decay(skill.glicko(1500, (input->>'rd')::float8),
                              (input->>'periods')::float8, (params->>'c')::float8,
                              (params->>'rd_max')::float8)).rd, (expected->>'rd')::float8, tol);

SELECT id, 'c_from_periods' AS failed
FROM v
WHERE system = 'glicko1' AND op = 'c_from_periods'
  AND pg_temp.differs(skill.glicko_c((input->>'rd_typical')::float8, (input->>'periods_to_max')::float8,
                         (params->>'rd_max')::float8), (expected->>'c')::float8, tol);

SELECT id, 'expected_score' AS failed
FROM v
WHERE system = 'glicko1' AND op = 'expected_score'
  AND pg_temp.differs(skill.glicko_expected(skill.glicko((input->>'rating')::float8),
                                ROW((input->'opponent'->>'rating')::float8,
                                    (input->'opponent'->>'rd')::float8, NULL)::skill.glicko), (expected->>'expected_score')::float8, tol);

-- Glicko-2: single periods, then a chain of periods fed one into the next.
SELECT v.id, 'rate' AS failed
FROM v JOIN glicko_games g USING (id)
CROSS JOIN LATERAL skill.glicko2_update(
  ROW((input->'player'->>'rating')::float8, (input->'player'->>'rd')::float8,
      (input->'player'->>'vol')::float8)::skill.glicko,
  g.opponents, g.scores, (params->>'tau')::float8, (params->>'epsilon')::float8) r
WHERE system = 'glicko2' AND op = 'rate'
  AND (pg_temp.differs(r.rating, (expected->>'rating')::float8, tol)
    OR pg_temp.differs(r.rd, (expected->>'rd')::float8, tol)
    OR pg_temp.differs(r.vol, (expected->>'vol')::float8, tol));

WITH RECURSIVE seq AS (
  SELECT v.id, 0 AS period,
         ROW((input->'player'->>'rating')::float8, (input->'player'->>'rd')::float8,
             (input->'player'->>'vol')::float8)::skill.glicko AS r
  FROM v WHERE system = 'glicko2' AND op = 'rate_sequence'
  UNION ALL
  SELECT seq.id, seq.period + 1,
         skill.glicko2_update(seq.r,
           coalesce((SELECT array_agg(ROW((g->'opponent'->>'rating')::float8,
                                          (g->'opponent'->>'rd')::float8,
                                          (g->'opponent'->>'vol')::float8)::skill.glicko ORDER BY n)
                     FROM jsonb_array_elements(v.input->'periods'->seq.period->'games')
                          WITH ORDINALITY AS x(g, n)), '{}'),
           coalesce((SELECT array_agg((g->>'score')::float8 ORDER BY n)
                     FROM jsonb_array_elements(v.input->'periods'->seq.period->'games')
                          WITH ORDINALITY AS x(g, n)), '{}'),
           (v.params->>'tau')::float8, (v.params->>'epsilon')::float8)
  FROM seq JOIN v USING (id)
  WHERE seq.period < jsonb_array_length(v.input->'periods')
)
SELECT count(*) AS periods_compared,
       count(*) FILTER (WHERE pg_temp.differs((seq.r).rating, (x.e->>'rating')::float8, v.tol)
                           OR pg_temp.differs((seq.r).rd, (x.e->>'rd')::float8, v.tol)
                           OR pg_temp.differs((seq.r).vol, (x.e->>'vol')::float8, v.tol)) AS failed
FROM seq JOIN v USING (id)
CROSS JOIN LATERAL (SELECT v.expected->'periods'->(seq.period - 1) AS e) x
WHERE seq.period > 0;

