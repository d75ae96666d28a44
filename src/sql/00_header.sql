-- skill: skill ratings and matchmaking for PostgreSQL.
--
-- This install script is assembled at build time from src/sql/*.sql, one
-- file per family.  Every object lives in schema skill.

\echo Use "CREATE EXTENSION skill" to load this file. \quit

---------------------------------------------------------------------------
-- Safe install
---------------------------------------------------------------------------
-- The script resolves nothing through a schema another role could write:
-- defaults are literals, every object is created schema-qualified, and no
-- SQL-language body resolves names at call time.  A schema skill that the
-- installing role does not own (created beforehand by someone else, who
-- could have put operators or functions there that an unqualified name
-- would resolve to) is refused.  Everything below is qualified too.
DO $safe_install$
DECLARE
  owner pg_catalog.name;
BEGIN
  SELECT pg_catalog.pg_get_userbyid(n.nspowner) INTO owner
  FROM pg_catalog.pg_namespace n
  WHERE n.nspname OPERATOR(pg_catalog.=) 'skill';
  IF owner IS NOT NULL AND owner OPERATOR(pg_catalog.<>) CURRENT_USER THEN
    RAISE EXCEPTION USING
      ERRCODE = 'insufficient_privilege',
      MESSAGE = pg_catalog.format('schema skill already exists and belongs to role %I, not to %I', owner, CURRENT_USER),
      DETAIL = 'Objects another role put in that schema could run with the installing role''s rights.',
      HINT = 'Drop or rename that schema (or have its owner install the extension), then run CREATE EXTENSION skill again.';
  END IF;
END
$safe_install$;

-- Ordinary roles may use the extension: functions are executable by PUBLIC
-- by default; the schema's USAGE is granted here (revoke it to restrict).
GRANT USAGE ON SCHEMA skill TO PUBLIC;
