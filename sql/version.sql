-- skill.version(): the loaded library's version and the SQL installed in
-- the database.  A backend that loads the library where the database still
-- has an older version's SQL (before ALTER EXTENSION skill UPDATE) warns
-- once, naming both; calls keep working.
SELECT * FROM skill.version();
SELECT library = (SELECT extversion FROM pg_extension WHERE extname = 'skill') AS same_version
FROM skill.version();

SELECT current_database() AS test_database \gset
CREATE DATABASE regress_skill_version;
\c regress_skill_version
-- Loading the library while the extension is created or updated says nothing.
CREATE EXTENSION skill VERSION '0.1.0';
-- A new backend: its first call loads the library and warns, once.
\c regress_skill_version
SELECT round(skill.elo_expected(1600, 1500)::numeric, 6) AS elo_expected;
SELECT round(skill.elo_expected(1500, 1600)::numeric, 6) AS elo_expected;
ALTER EXTENSION skill UPDATE TO '1.0.0';
\c regress_skill_version
SELECT round(skill.elo_expected(1600, 1500)::numeric, 6) AS elo_expected;
SELECT round(skill.elo_expected(1500, 1600)::numeric, 6) AS elo_expected;
ALTER EXTENSION skill UPDATE;
SELECT * FROM skill.version();
-- Up to date: no warning.
\c regress_skill_version
SELECT round(skill.elo_expected(1600, 1500)::numeric, 6) AS elo_expected;
SELECT * FROM skill.version();
-- A database without the extension: nothing installed, no warning.
DROP EXTENSION skill;
\c regress_skill_version
LOAD 'skill';
\c :test_database
DROP DATABASE regress_skill_version;
