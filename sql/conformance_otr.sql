-- Conformance: every case of tests/vectors/otr.jsonl (otr-processor's
-- match logic over openskill.py's Plackett-Luce) through
-- skill.otr_rate_match.  Lists the cases whose result differs from the
-- reference by more than the case's tolerance: a pass is (0 rows).
\set VERBOSITY terse

CREATE TEMP TABLE vectors (doc jsonb);
\copy vectors FROM PROGRAM 'cat "$PG_ABS_SRCDIR"/tests/vectors/otr.jsonl' WITH (FORMAT csv, QUOTE e'\x01', DELIMITER e'\x02')

-- Each case: the players' ratings in input order, the scores as a 2-D
-- array (one row per game, NULL where a player did not play), the params
-- as options (every one given, so no default is relied on).
CREATE TEMP VIEW cases AS
SELECT doc->>'id' AS id, (doc->'tolerance'->>'abs')::float8 AS tol, doc->'expected'->'players' AS expected,
       (SELECT array_agg(skill.rating((p->>'mu')::float8, (p->>'sigma')::float8) ORDER BY n)
        FROM jsonb_array_elements(doc->'input'->'players') WITH ORDINALITY AS x(p, n)) AS ratings,
       (SELECT array_agg(row ORDER BY g)
        FROM (SELECT g, ARRAY(SELECT (game->'scores'->>(p->>'id'))::float8
                              FROM jsonb_array_elements(doc->'input'->'players') WITH ORDINALITY AS y(p, n)
                              ORDER BY n) AS row
              FROM jsonb_array_elements(doc->'input'->'games') WITH ORDINALITY AS z(game, g)) rows) AS scores,
       (doc->'params') - 'margin' - 'limit_sigma' - 'balance' AS options
FROM vectors;

SELECT count(*) AS cases, count(DISTINCT id) AS distinct_ids, sum(jsonb_array_length(expected)) AS players FROM cases;

WITH rated AS (SELECT id, tol, expected, skill.otr_rate_match(ratings, scores, options) AS got FROM cases)
SELECT id, n, (e->>'mu')::float8 AS expected_mu, (got[n]).mu AS mu,
       (e->>'sigma')::float8 AS expected_sigma, (got[n]).sigma AS sigma
FROM rated, jsonb_array_elements(expected) WITH ORDINALITY AS x(e, n)
WHERE NOT (abs((got[n]).mu - (e->>'mu')::float8) <= tol AND abs((got[n]).sigma - (e->>'sigma')::float8) <= tol);
