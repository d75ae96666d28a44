-- skill: skill ratings and matchmaking for PostgreSQL.
--
-- This install script is assembled at build time from src/sql/*.sql, one
-- file per family.  Every object users call lives in schema skill; the
-- aggregates' support functions (transition, final, combine, serialize
-- functions), which only the aggregates call, live in schema
-- skill_internal, which the script creates.

\echo Use "CREATE EXTENSION skill" to load this file. \quit

---------------------------------------------------------------------------
-- Safe install
---------------------------------------------------------------------------
-- The script resolves nothing through a schema another role could write:
-- defaults are literals, every object is created schema-qualified, and no
-- SQL-language body resolves names at call time.  A schema skill that the
-- installing role does not own (created beforehand by someone else, who
-- could have put operators or functions there that an unqualified name
-- would resolve to) is refused, and so is any schema skill_internal that
-- exists already (the script creates its own).  Everything below is
-- qualified too.
DO $safe_install$
DECLARE
  owner pg_catalog.name;
BEGIN
  SELECT pg_catalog.pg_get_userbyid(n.nspowner) INTO owner
  FROM pg_catalog.pg_namespace n
  WHERE n.nspname OPERATOR(pg_catalog.=) 'skill_internal';
  IF owner IS NOT NULL THEN
    RAISE EXCEPTION USING
      ERRCODE = 'duplicate_schema',
      MESSAGE = pg_catalog.format('schema skill_internal already exists (owned by role %I)', owner),
      DETAIL = 'The extension creates that schema for the aggregates'' support functions; objects another role put there could run with the installing role''s rights.',
      HINT = 'Drop or rename that schema, then run CREATE EXTENSION skill again.';
  END IF;
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

-- The aggregates' support functions, out of the way of \df skill.*.  An
-- aggregate calls them by OID, with its owner's rights, so ordinary roles
-- need no USAGE on this schema.
CREATE SCHEMA skill_internal;
COMMENT ON SCHEMA skill_internal IS
  'Support functions of the skill extension''s aggregates (transition, final, combine, serialize); not called directly';

-- Ordinary roles may use the extension: functions are executable by PUBLIC
-- by default; the schema's USAGE is granted here (revoke it to restrict).
GRANT USAGE ON SCHEMA skill TO PUBLIC;
