
---------------------------------------------------------------------------
-- Versions
---------------------------------------------------------------------------
CREATE FUNCTION skill.version(OUT library text, OUT installed text)
RETURNS record
AS 'MODULE_PATHNAME', 'skill_version'
LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.version() IS
  'The version of the loaded library and of the SQL installed in this database (extversion); they differ between installing a new build and ALTER EXTENSION skill UPDATE, when each backend warns once';
