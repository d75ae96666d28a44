-- skill.rating and skill.glicko: construction, text form, JSON, ordinal.
\set VERBOSITY terse

SELECT skill.rating();
SELECT skill.rating(30, 5);
SELECT skill.rating(mu => 35.5);
SELECT skill.glicko();
SELECT skill.glicko(1720, 80, 0.05);
-- A NULL vol builds a glicko with a NULL vol, as the type allows (the
-- Glicko-1 form); it equals the literal and passes through glicko_update.
SELECT skill.glicko(1500, 200, NULL) AS null_vol,
       skill.glicko(1500, 200, NULL) = '(1500,200,)'::skill.glicko AS equals_literal,
       (skill.glicko_update(skill.glicko(1500, 200, NULL), ARRAY[skill.glicko(1400, 30)], ARRAY[1])).vol IS NULL AS passes_through;

-- Composite text form parses back, and to_jsonb gives named fields.
SELECT '(25,8.333333333333334)'::skill.rating = skill.rating() AS round_trips;
SELECT ('(25,8.333333333333334)'::skill.rating).sigma;
SELECT to_jsonb(skill.rating(30, 5)) AS rating_json, to_jsonb(skill.glicko()) AS glicko_json;
SELECT ARRAY[[(35.0,5.1),(32.1,2.9)],[(30.5,4.4),(29.5,9.4)]]::skill.rating[];

-- ordinal: mu - z*sigma by default; openskill's alpha/target rescaling.
SELECT skill.ordinal(skill.rating());
SELECT skill.ordinal(skill.rating(30, 5), z => 2);
SELECT skill.ordinal(skill.rating(30, 5), z => 3, alpha => 24, target => 1500);

-- Bad input names the argument.
SELECT skill.rating(25, 0);
SELECT skill.rating(25, -1);
SELECT skill.rating('NaN', 1);
SELECT skill.rating(25, 'Infinity');
SELECT skill.glicko(1500, 0);
SELECT skill.glicko(1500, 350, 0);
-- (skill.glicko('-Infinity'), one quoted literal, is a cast: see rating_domain.)
SELECT skill.glicko(rating => '-Infinity');
SELECT skill.ordinal('(25,)'::skill.rating);
SELECT skill.ordinal('(25,-2)'::skill.rating);
SELECT skill.ordinal('(NaN,2)'::skill.rating);
SELECT skill.ordinal(skill.rating(), z => 'NaN');
SELECT skill.ordinal(skill.rating(), alpha => 0);

-- STRICT: a NULL argument gives NULL.
SELECT skill.ordinal(NULL) IS NULL AS null_in_null_out;

-- Every function and type documents itself.
SELECT p.proname
FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
WHERE n.nspname = 'skill' AND obj_description(p.oid, 'pg_proc') IS NULL;
SELECT t.typname
FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
WHERE n.nspname = 'skill' AND t.typtype IN ('c', 'd') AND obj_description(t.oid, 'pg_type') IS NULL;

-- ordinal of an absurd rating overflows: an error, never Infinity.
SELECT skill.ordinal(skill.rating(-1e308, 1e308));
