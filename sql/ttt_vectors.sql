-- Conformance: TrueSkill Through Time against tests/vectors/ttt/ (the
-- reference implementation, trueskillthroughtime 1.1.0; README there).
-- Each history is turned into rows (played_at = 2000-01-01 + time days, or
-- with no times one batch a day and time_unit "batch"; team = position + 1,
-- rank = -result; player ids as given, letters as their code points) and
-- run through skill.ttt_history and skill.ttt_summary with the case's
-- parameters on the reference's scale.  A pass lists no failing rows.
--
-- With the reference's erfc ("erfc": "reference") the filtered curves and
-- the filtered log-evidence must agree within 1e-6 and the converged ones
-- within max(1e-6, 10 x the case's last step); with the exact erfc (the
-- default) within 1e-5 (measured: 2.5e-6 at most, README).  The shipped
-- teams_draws comes from the Python package's team order, which skill
-- corrects: its corrected twin teams_draws_ordered is compared instead
-- (the unit test test_ttt reproduces the shipped one through the core's
-- switch).

CREATE TEMP TABLE vector_file (name text, doc jsonb);
\set dir `echo "$PG_ABS_SRCDIR"/tests/vectors/ttt`
\copy vector_file (doc) FROM PROGRAM 'cd "$PG_ABS_SRCDIR"/tests/vectors/ttt && for f in three_players league_1v1 priors_weights teams_draws_ordered; do tr -d "\n" < $f.json; echo; done' WITH (FORMAT csv, QUOTE e'\x01', DELIMITER e'\x02')
UPDATE vector_file SET name = doc->>'name';

SELECT name, jsonb_array_length(doc->'events') AS events,
       (SELECT count(*) FROM jsonb_object_keys(doc->'filtered')) AS players,
       (SELECT sum(jsonb_array_length(c)) FROM jsonb_each(doc->'filtered') AS x(k, c)) AS points,
       (doc->>'iterations')::int AS iterations
FROM vector_file ORDER BY name;

-- A player key as a bigint: digits as they are, a letter as its code point.
CREATE FUNCTION pg_temp.player(k text) RETURNS bigint LANGUAGE sql IMMUTABLE
AS $$ SELECT CASE WHEN k ~ '^[0-9]+$' THEN k::bigint ELSE ascii(k)::bigint END $$;

CREATE TEMP TABLE vector_rows AS
SELECT f.name, e.n AS match_id,
       -- Whole days in UTC: a day added in the session's time zone is 23 or
       -- 25 hours across a daylight-saving change, and the drift with it.
       (timestamp '2000-01-01 00:00' + make_interval(days => coalesce((e.ev->>'time')::int, e.n::int)))
         AT TIME ZONE 'UTC' AS played_at,
       pg_temp.player(p.key) AS player_id, t.i::int AS team,
       -(e.ev->'result'->>(t.i::int - 1))::float8 AS rank,
       coalesce((e.ev->'weights'->(t.i::int - 1)->>(p.j::int - 1))::float8, 1) AS weight,
       CASE WHEN f.doc->'priors' ? p.key
            THEN ROW((f.doc->'priors'->p.key->>0)::float8,
                     (f.doc->'priors'->p.key->>1)::float8)::skill.rating END AS prior
FROM vector_file f,
     jsonb_array_elements(f.doc->'events') WITH ORDINALITY AS e(ev, n),
     jsonb_array_elements(e.ev->'teams') WITH ORDINALITY AS t(team, i),
     jsonb_array_elements_text(t.team) WITH ORDINALITY AS p(key, j);

-- The case's options on the reference's scale (its defaults filling in).
CREATE FUNCTION pg_temp.options(doc jsonb, erfc text) RETURNS jsonb LANGUAGE sql IMMUTABLE
AS $$
  SELECT jsonb_build_object('mu', 0, 'sigma', 6, 'beta', 1, 'gamma', 0.03, 'p_draw', 0)
         || (doc->'params')
         || jsonb_build_object('epsilon', 1e-7, 'iterations', 1000, 'erfc', erfc,
                               'time_unit', CASE WHEN doc->'events'->0->>'time' IS NULL
                                                 THEN 'batch' ELSE 'day' END)
$$;

CREATE TEMP TABLE runs AS
SELECT f.name, m.erfc, m.tol, h.*
FROM vector_file f,
     (VALUES ('reference', 1e-6), ('exact', 1e-5)) AS m(erfc, tol),
     LATERAL skill.ttt_history(format('SELECT match_id, played_at, player_id, team, rank, weight, prior FROM vector_rows WHERE name = %L ORDER BY played_at, match_id', f.name),
                               pg_temp.options(f.doc, m.erfc)) AS h;

-- The expected curves, one row per player per batch, numbered in time.
CREATE TEMP TABLE expected AS
SELECT f.name, pg_temp.player(c.key) AS player_id, x.k AS nth, x.point,
       f.doc->'converged'->c.key->(x.k::int - 1) AS smoothed,
       greatest(1e-6, 10 * greatest((f.doc->'last_step'->>0)::float8,
                                    (f.doc->'last_step'->>1)::float8)) AS converged_tol
FROM vector_file f, jsonb_each(f.doc->'filtered') AS c(key, curve),
     jsonb_array_elements(c.curve) WITH ORDINALITY AS x(point, k);

CREATE TEMP TABLE actual AS
SELECT name, erfc, tol, player_id, row_number() OVER (PARTITION BY name, erfc, player_id ORDER BY batch) AS nth,
       rating, filtered, iterations
FROM runs;

-- Every expected point has its row, and agrees.
SELECT e.name, a.erfc, e.player_id, e.nth,
       (a.filtered).mu - (e.point->>1)::float8 AS filtered_mu_diff,
       (a.filtered).sigma - (e.point->>2)::float8 AS filtered_sigma_diff,
       (a.rating).mu - (e.smoothed->>1)::float8 AS smoothed_mu_diff,
       (a.rating).sigma - (e.smoothed->>2)::float8 AS smoothed_sigma_diff
FROM expected e JOIN (SELECT DISTINCT erfc FROM runs) m ON true
LEFT JOIN actual a ON a.name = e.name AND a.erfc = m.erfc AND a.player_id = e.player_id AND a.nth = e.nth
WHERE a.name IS NULL
   OR NOT abs((a.filtered).mu - (e.point->>1)::float8) <= a.tol
   OR NOT abs((a.filtered).sigma - (e.point->>2)::float8) <= a.tol
   OR NOT abs((a.rating).mu - (e.smoothed->>1)::float8) <= greatest(a.tol, e.converged_tol)
   OR NOT abs((a.rating).sigma - (e.smoothed->>2)::float8) <= greatest(a.tol, e.converged_tol);

-- No row beyond the expected ones, and the sweeps as the reference made.
SELECT name, erfc, count(*) AS points, max(iterations) AS iterations
FROM actual GROUP BY name, erfc ORDER BY name, erfc;

-- The filtered log-evidence (the first pass's: one sweep is enough).
SELECT f.name, m.erfc,
       abs((skill.ttt_summary(format('SELECT match_id, played_at, player_id, team, rank, weight, prior FROM vector_rows WHERE name = %L ORDER BY played_at, match_id', f.name),
                              pg_temp.options(f.doc, m.erfc) || '{"iterations": 1}')->>'log_evidence_filtered')::float8
           - (f.doc->>'log_evidence_filtered')::float8) <= m.tol AS log_evidence_agrees
FROM vector_file f, (VALUES ('reference', 1e-6), ('exact', 1e-5)) AS m(erfc, tol)
ORDER BY f.name, m.erfc;
