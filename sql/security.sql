-- Safe install and safe calls.  An unprivileged role pre-creates schema
-- skill with trap operators and functions for the signatures an install
-- script might resolve by name (each trap logs its call); CREATE EXTENSION
-- must refuse that schema, and nothing may call a trap.  Then the
-- extension's functions are called with a hostile search_path: no trap call.
\set VERBOSITY terse
-- In a database of its own, so the install can be played from scratch.
SELECT current_database() AS test_database \gset
CREATE DATABASE regress_skill_security;
\c regress_skill_security
\set VERBOSITY terse
CREATE ROLE regress_skill_attacker;
CREATE SCHEMA skill AUTHORIZATION regress_skill_attacker;
CREATE SCHEMA trap AUTHORIZATION regress_skill_attacker;
SET ROLE regress_skill_attacker;
CREATE TABLE trap.calls (what text);
GRANT INSERT, SELECT ON trap.calls TO PUBLIC;
GRANT USAGE ON SCHEMA trap TO PUBLIC;
CREATE FUNCTION trap.div_in(integer, numeric) RETURNS numeric LANGUAGE plpgsql AS
  $$ BEGIN INSERT INTO trap.calls VALUES ('/(integer, numeric)'); RETURN $1::numeric / $2; END $$;
CREATE FUNCTION trap.div_ii(integer, integer) RETURNS integer LANGUAGE plpgsql AS
  $$ BEGIN INSERT INTO trap.calls VALUES ('/(integer, integer)'); RETURN $1 / $2; END $$;
CREATE FUNCTION trap.mul_ff(float8, float8) RETURNS float8 LANGUAGE plpgsql AS
  $$ BEGIN INSERT INTO trap.calls VALUES ('*(float8, float8)'); RETURN $1 * $2; END $$;
CREATE FUNCTION trap.eq_nt(name, text) RETURNS boolean LANGUAGE plpgsql AS
  $$ BEGIN INSERT INTO trap.calls VALUES ('=(name, text)'); RETURN true; END $$;
CREATE FUNCTION trap.sqrt(float8) RETURNS float8 LANGUAGE plpgsql AS
  $$ BEGIN INSERT INTO trap.calls VALUES ('sqrt'); RETURN 1; END $$;
CREATE OPERATOR skill./ (LEFTARG = integer, RIGHTARG = numeric, FUNCTION = trap.div_in);
CREATE OPERATOR skill./ (LEFTARG = integer, RIGHTARG = integer, FUNCTION = trap.div_ii);
CREATE OPERATOR trap./ (LEFTARG = integer, RIGHTARG = numeric, FUNCTION = trap.div_in);
CREATE OPERATOR trap.* (LEFTARG = float8, RIGHTARG = float8, FUNCTION = trap.mul_ff);
CREATE OPERATOR skill.= (LEFTARG = name, RIGHTARG = text, FUNCTION = trap.eq_nt);
CREATE FUNCTION skill.sqrt(float8) RETURNS float8 LANGUAGE sql AS 'SELECT trap.sqrt($1)';
RESET ROLE;

-- The foreign schema is refused, naming its owner.
CREATE EXTENSION skill;
SELECT count(*) AS trap_calls FROM trap.calls;

-- Once that schema is gone, the install works, calling no trap either.
DROP SCHEMA skill CASCADE;
CREATE EXTENSION skill;
SELECT count(*) AS trap_calls FROM trap.calls;
-- Defaults are literals: nothing left to resolve at call time.
SELECT count(*) AS expression_defaults
FROM pg_catalog.pg_proc p
WHERE p.pronamespace = 'skill'::regnamespace
  AND pg_catalog.pg_get_function_arguments(p.oid) ~ 'DEFAULT [^,]*[-+*/][^,]*';
SELECT count(*) AS sql_bodies FROM pg_catalog.pg_proc p
WHERE p.pronamespace = 'skill'::regnamespace
  AND p.prolang = (SELECT oid FROM pg_catalog.pg_language WHERE lanname = 'sql');

-- Calls with a hostile search_path: the trap schema first.
SET search_path = trap, public;
SELECT round((skill.pl_rate(ARRAY[skill.rating(), skill.rating()], '{1,2}'))[1].mu::numeric, 6) AS mu;
SELECT round(skill.elo_expected(1600, 1500)::numeric, 6) AS e;
SELECT cardinality(skill.elo_replay(m, now(), p, p, p::float8)) FROM (VALUES (1, 1), (1, 2)) v(m, p);
SELECT count(*) AS trap_calls FROM trap.calls;
RESET search_path;

-- Ordinary roles can use the schema (USAGE granted to PUBLIC).
SELECT has_schema_privilege('public', 'skill', 'USAGE') AS public_usage;
DROP SCHEMA trap CASCADE;
\c :test_database
DROP DATABASE regress_skill_security;
DROP ROLE regress_skill_attacker;
