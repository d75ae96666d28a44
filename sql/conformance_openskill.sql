-- Conformance: every case of tests/vectors/openskill.jsonl (openskill.py
-- 6.2.0) run through the SQL functions: rate for the five models, the
-- predictions under each model's names, and ordinal.  Each check lists the
-- cases whose result differs from the reference by more than the case's
-- tolerance (or is missing, NaN, or of the wrong shape): a pass is (0 rows).
-- The counts show that every case was read and every number compared.
\set VERBOSITY terse

CREATE TEMP TABLE vectors (doc jsonb);
\copy vectors FROM PROGRAM 'cat "$PG_ABS_SRCDIR"/tests/vectors/openskill.jsonl' WITH (FORMAT csv, QUOTE e'\x01', DELIMITER e'\x02')

CREATE TEMP VIEW v AS
SELECT doc->>'id' AS id, doc->>'model' AS model, doc->>'op' AS op,
       doc->'params' AS params, doc->'input' AS input, doc->'expected' AS expected,
       (doc->'tolerance'->>'abs')::float8 AS tol
FROM vectors;

SELECT op, model, count(*) FROM v GROUP BY op, model ORDER BY op, model;
SELECT count(*) AS cases, count(DISTINCT id) AS distinct_ids FROM v;

-- True when a result is missing, NaN, or farther than tol from the reference.
CREATE FUNCTION pg_temp.differs(actual float8, expected float8, tol float8)
RETURNS bool LANGUAGE sql IMMUTABLE
AS $$ SELECT actual IS NULL OR expected IS NULL OR NOT (abs(actual - expected) <= tol) $$;

-- A JSON list of numbers as float8[]; JSON null (not given) as NULL.
CREATE FUNCTION pg_temp.f8(j jsonb) RETURNS float8[] LANGUAGE sql IMMUTABLE
AS $$
  SELECT CASE WHEN jsonb_typeof(j) = 'array' THEN
    ARRAY(SELECT x::float8 FROM jsonb_array_elements_text(j) WITH ORDINALITY AS a(x, n) ORDER BY n)
  END
$$;

-- Teams (a JSON list of lists of {mu, sigma}) as a 2-D skill.rating[], one
-- team per row, shorter teams padded with NULL.
CREATE FUNCTION pg_temp.teams(teams jsonb) RETURNS skill.rating[] LANGUAGE sql IMMUTABLE
AS $$
  SELECT array_agg(ARRAY(SELECT CASE WHEN p < jsonb_array_length(x.team)
                                     THEN ROW((x.team->p->>'mu')::float8,
                                              (x.team->p->>'sigma')::float8)::skill.rating END
                         FROM generate_series(0, w.width - 1) AS p ORDER BY p)
                   ORDER BY x.t)
  FROM jsonb_array_elements(teams) WITH ORDINALITY AS x(team, t),
       (SELECT max(jsonb_array_length(e)) AS width FROM jsonb_array_elements(teams) AS e) w
$$;

-- Per-player weights (a list per team) in the same padded 2-D shape.
CREATE FUNCTION pg_temp.weights(weights jsonb) RETURNS float8[] LANGUAGE sql IMMUTABLE
AS $$
  SELECT array_agg(ARRAY(SELECT (x.team->>p)::float8
                         FROM generate_series(0, w.width - 1) AS p ORDER BY p)
                   ORDER BY x.t)
  FROM jsonb_array_elements(CASE WHEN jsonb_typeof(weights) = 'array' THEN weights END)
       WITH ORDINALITY AS x(team, t),
       (SELECT max(jsonb_array_length(e)) AS width
        FROM jsonb_array_elements(CASE WHEN jsonb_typeof(weights) = 'array' THEN weights END) AS e) w
$$;

-- One match through the model's rate function, every parameter from the
-- case (epsilon and window_size fall back to the reference's defaults only
-- if a case leaves them out).
CREATE FUNCTION pg_temp.rate(model text, i jsonb, p jsonb) RETURNS skill.rating[] LANGUAGE sql
AS $$
  SELECT CASE model
    WHEN 'PlackettLuce' THEN
      skill.pl_rate(pg_temp.teams(i->'teams'), pg_temp.f8(i->'ranks'), pg_temp.f8(i->'scores'),
                    pg_temp.weights(i->'weights'), beta => (p->>'beta')::float8,
                    kappa => (p->>'kappa')::float8, tau => (p->>'tau')::float8,
                    limit_sigma => (p->>'limit_sigma')::bool, balance => (p->>'balance')::bool,
                    margin => (p->>'margin')::float8, weight_bounds => pg_temp.f8(p->'weight_bounds'))
    WHEN 'BradleyTerryFull' THEN
      skill.bt_full_rate(pg_temp.teams(i->'teams'), pg_temp.f8(i->'ranks'), pg_temp.f8(i->'scores'),
                    pg_temp.weights(i->'weights'), beta => (p->>'beta')::float8,
                    kappa => (p->>'kappa')::float8, tau => (p->>'tau')::float8,
                    limit_sigma => (p->>'limit_sigma')::bool, balance => (p->>'balance')::bool,
                    margin => (p->>'margin')::float8, weight_bounds => pg_temp.f8(p->'weight_bounds'))
    WHEN 'BradleyTerryPart' THEN
      skill.bt_part_rate(pg_temp.teams(i->'teams'), pg_temp.f8(i->'ranks'), pg_temp.f8(i->'scores'),
                    pg_temp.weights(i->'weights'), beta => (p->>'beta')::float8,
                    kappa => (p->>'kappa')::float8, tau => (p->>'tau')::float8,
                    limit_sigma => (p->>'limit_sigma')::bool, balance => (p->>'balance')::bool,
                    margin => (p->>'margin')::float8, weight_bounds => pg_temp.f8(p->'weight_bounds'),
                    window_size => coalesce((p->>'window_size')::int, 4))
    WHEN 'ThurstoneMostellerFull' THEN
      skill.tm_full_rate(pg_temp.teams(i->'teams'), pg_temp.f8(i->'ranks'), pg_temp.f8(i->'scores'),
                    pg_temp.weights(i->'weights'), beta => (p->>'beta')::float8,
                    kappa => (p->>'kappa')::float8, tau => (p->>'tau')::float8,
                    limit_sigma => (p->>'limit_sigma')::bool, balance => (p->>'balance')::bool,
                    margin => (p->>'margin')::float8, weight_bounds => pg_temp.f8(p->'weight_bounds'),
                    epsilon => coalesce((p->>'epsilon')::float8, 0.1))
    WHEN 'ThurstoneMostellerPart' THEN
      skill.tm_part_rate(pg_temp.teams(i->'teams'), pg_temp.f8(i->'ranks'), pg_temp.f8(i->'scores'),
                    pg_temp.weights(i->'weights'), beta => (p->>'beta')::float8,
                    kappa => (p->>'kappa')::float8, tau => (p->>'tau')::float8,
                    limit_sigma => (p->>'limit_sigma')::bool, balance => (p->>'balance')::bool,
                    margin => (p->>'margin')::float8, weight_bounds => pg_temp.f8(p->'weight_bounds'),
                    epsilon => coalesce((p->>'epsilon')::float8, 0.1),
                    window_size => coalesce((p->>'window_size')::int, 4))
  END
$$;

-- rate: every player's mu and sigma, at its place in the team grid.
CREATE TEMP TABLE rated AS
SELECT id, model, tol, expected, pg_temp.rate(model, input, params) AS r
FROM v WHERE op = 'rate';

CREATE TEMP VIEW rate_checks AS
SELECT x.id, x.model, x.t, x.p,
       pg_temp.differs((x.r[x.t][x.p]).mu, (x.e->>'mu')::float8, x.tol)
    OR pg_temp.differs((x.r[x.t][x.p]).sigma, (x.e->>'sigma')::float8, x.tol) AS bad
FROM (SELECT rated.id, rated.model, rated.tol, rated.r, a.t, b.p, b.e
      FROM rated
      CROSS JOIN LATERAL jsonb_array_elements(rated.expected->'teams') WITH ORDINALITY AS a(team, t)
      CROSS JOIN LATERAL jsonb_array_elements(a.team) WITH ORDINALITY AS b(e, p)) x;

SELECT id, 'rate' AS failed FROM rate_checks WHERE bad GROUP BY id
UNION
-- ... and no result where the reference has none: padding stays NULL.
SELECT rated.id, 'rate shape'
FROM rated
WHERE r IS NULL
   OR array_length(r, 1) IS DISTINCT FROM jsonb_array_length(expected->'teams')
   OR (SELECT count(*) FROM unnest(r) AS u WHERE u IS NOT NULL)
      <> (SELECT count(*) FROM jsonb_array_elements(expected->'teams') AS a(team),
                                jsonb_array_elements(a.team) AS b(e))
ORDER BY 1;

SELECT model, count(DISTINCT id) AS cases, count(*) AS players_compared,
       count(*) FILTER (WHERE bad) AS failed
FROM rate_checks GROUP BY model ORDER BY model;

-- Predictions: each model's own names (all five share one implementation).
CREATE FUNCTION pg_temp.predict_win(model text, teams skill.rating[], p jsonb)
RETURNS float8[] LANGUAGE sql
AS $$
  SELECT CASE model
    WHEN 'PlackettLuce' THEN skill.pl_predict_win(teams, (p->>'beta')::float8, (p->>'kappa')::float8, (p->>'balance')::bool)
    WHEN 'BradleyTerryFull' THEN skill.bt_full_predict_win(teams, (p->>'beta')::float8, (p->>'kappa')::float8, (p->>'balance')::bool)
    WHEN 'BradleyTerryPart' THEN skill.bt_part_predict_win(teams, (p->>'beta')::float8, (p->>'kappa')::float8, (p->>'balance')::bool)
    WHEN 'ThurstoneMostellerFull' THEN skill.tm_full_predict_win(teams, (p->>'beta')::float8, (p->>'kappa')::float8, (p->>'balance')::bool)
    WHEN 'ThurstoneMostellerPart' THEN skill.tm_part_predict_win(teams, (p->>'beta')::float8, (p->>'kappa')::float8, (p->>'balance')::bool)
  END
$$;

CREATE FUNCTION pg_temp.predict_draw(model text, teams skill.rating[], p jsonb)
RETURNS float8 LANGUAGE sql
AS $$
  SELECT CASE model
    WHEN 'PlackettLuce' THEN skill.pl_predict_draw(teams, (p->>'beta')::float8, (p->>'kappa')::float8, (p->>'balance')::bool)
    WHEN 'BradleyTerryFull' THEN skill.bt_full_predict_draw(teams, (p->>'beta')::float8, (p->>'kappa')::float8, (p->>'balance')::bool)
    WHEN 'BradleyTerryPart' THEN skill.bt_part_predict_draw(teams, (p->>'beta')::float8, (p->>'kappa')::float8, (p->>'balance')::bool)
    WHEN 'ThurstoneMostellerFull' THEN skill.tm_full_predict_draw(teams, (p->>'beta')::float8, (p->>'kappa')::float8, (p->>'balance')::bool)
    WHEN 'ThurstoneMostellerPart' THEN skill.tm_part_predict_draw(teams, (p->>'beta')::float8, (p->>'kappa')::float8, (p->>'balance')::bool)
  END
$$;

CREATE TEMP VIEW predict_win_checks AS
SELECT v.id, v.model, e.n,
       pg_temp.differs(w.prob[e.n], e.x::float8, v.tol) AS bad
FROM v
CROSS JOIN LATERAL (SELECT pg_temp.predict_win(v.model, pg_temp.teams(v.input->'teams'), v.params) AS prob) w
CROSS JOIN LATERAL jsonb_array_elements_text(v.expected->'probabilities') WITH ORDINALITY AS e(x, n)
WHERE v.op = 'predict_win'
  AND cardinality(w.prob) = jsonb_array_length(v.expected->'probabilities');

SELECT id, 'predict_win' AS failed FROM predict_win_checks WHERE bad GROUP BY id
UNION
SELECT id, 'predict_win shape' FROM v
WHERE op = 'predict_win' AND id NOT IN (SELECT id FROM predict_win_checks)
ORDER BY 1;

SELECT id, 'predict_draw' AS failed
FROM v
WHERE op = 'predict_draw'
  AND pg_temp.differs(pg_temp.predict_draw(model, pg_temp.teams(input->'teams'), params),
                      (expected->>'probability')::float8, tol);

-- predict_rank returns rows (team, rank, probability): ranks must be equal,
-- probabilities within the tolerance, one row per team in team order.
CREATE TEMP VIEW predict_rank_rows AS
SELECT v.id, v.model, v.tol, v.expected, r.*
FROM v
CROSS JOIN LATERAL (
  SELECT * FROM skill.pl_predict_rank(pg_temp.teams(v.input->'teams'), (v.params->>'beta')::float8,
                         (v.params->>'kappa')::float8, (v.params->>'balance')::bool) WHERE v.model = 'PlackettLuce'
  UNION ALL
  SELECT * FROM skill.bt_full_predict_rank(pg_temp.teams(v.input->'teams'), (v.params->>'beta')::float8,
                         (v.params->>'kappa')::float8, (v.params->>'balance')::bool) WHERE v.model = 'BradleyTerryFull'
  UNION ALL
  SELECT * FROM skill.bt_part_predict_rank(pg_temp.teams(v.input->'teams'), (v.params->>'beta')::float8,
                         (v.params->>'kappa')::float8, (v.params->>'balance')::bool) WHERE v.model = 'BradleyTerryPart'
  UNION ALL
  SELECT * FROM skill.tm_full_predict_rank(pg_temp.teams(v.input->'teams'), (v.params->>'beta')::float8,
                         (v.params->>'kappa')::float8, (v.params->>'balance')::bool) WHERE v.model = 'ThurstoneMostellerFull'
  UNION ALL
  SELECT * FROM skill.tm_part_predict_rank(pg_temp.teams(v.input->'teams'), (v.params->>'beta')::float8,
                         (v.params->>'kappa')::float8, (v.params->>'balance')::bool) WHERE v.model = 'ThurstoneMostellerPart'
) r
WHERE v.op = 'predict_rank';

SELECT id, 'predict_rank' AS failed
FROM predict_rank_rows
WHERE rank IS DISTINCT FROM (expected->'ranks'->>(team - 1))::int
   OR pg_temp.differs(probability, (expected->'probabilities'->>(team - 1))::float8, tol)
GROUP BY id
UNION
SELECT id, 'predict_rank shape' FROM v
WHERE op = 'predict_rank'
  AND (SELECT count(*) FROM predict_rank_rows r WHERE r.id = v.id)
      <> jsonb_array_length(expected->'ranks')
ORDER BY 1;

SELECT id, 'ordinal' AS failed
FROM v
WHERE op = 'ordinal'
  AND pg_temp.differs(skill.ordinal(ROW((input->'rating'->>'mu')::float8,
                                        (input->'rating'->>'sigma')::float8)::skill.rating,
                                    z => (input->>'z')::float8, alpha => (input->>'alpha')::float8,
                                    target => (input->>'target')::float8),
                      (expected->>'ordinal')::float8, tol);

-- Every case compared: cases and checks per op and model (a rate check is
-- one player's mu and sigma, a predict_win check one probability, a
-- predict_rank check one team's rank and probability).
SELECT op, model, count(DISTINCT id) AS cases, count(*) AS checks
FROM (SELECT 'rate' AS op, model, id FROM rate_checks
      UNION ALL SELECT 'predict_win', model, id FROM predict_win_checks
      UNION ALL SELECT 'predict_rank', model, id FROM predict_rank_rows
      UNION ALL SELECT op, model, id FROM v WHERE op IN ('predict_draw', 'ordinal')) c
GROUP BY op, model ORDER BY op, model;
