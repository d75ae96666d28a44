-- skill: skill ratings and matchmaking for PostgreSQL.
--
-- This install script is assembled at build time from src/sql/*.sql, one
-- file per family.  Every object lives in schema skill.

\echo Use "CREATE EXTENSION skill" to load this file. \quit
