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
-- The functions whose signature 1.1.0 changed, called through the 1.0.0
-- catalog's: rate_match and the *_predict_draw forms get fewer arguments
-- than the library now reads (it read past them and crashed the backend),
-- evaluate's result has fewer columns.  They answer as in 1.0.0.
SET client_min_messages = error;
SELECT r.player_id, round((r.rating).rating::numeric, 6) AS rating, round((r.rating).rd::numeric, 6) AS rd
FROM skill.rate_match('glicko', 1, '2026-01-01 00:00+00', '{1,2}', '{1,2}', '{1,2}',
                      ARRAY[ROW(1500, 350, NULL)::skill.glicko, ROW(1500, 350, NULL)::skill.glicko]) r;
SELECT round(skill.pl_predict_draw(ROW(25, 8.3)::skill.rating, ROW(25, 8.3)::skill.rating)::numeric, 9) AS pair,
       round(skill.pl_predict_draw(ARRAY[ARRAY[ROW(25, 8.3)::skill.rating], ARRAY[ROW(25, 8.3)::skill.rating]])::numeric, 9) AS teams;
CREATE TABLE ev (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8);
INSERT INTO ev
SELECT m, timestamptz '2026-01-01 00:00+00' + m * interval '1 hour', p, t, CASE WHEN (m + t) % 2 = 0 THEN 1 ELSE 2 END
FROM generate_series(1, 50) m, LATERAL (VALUES (m % 7, 1), (7 + m % 5, 2)) v(p, t);
SELECT system, n, round(log_loss::numeric, 6) AS log_loss
FROM skill.evaluate('SELECT * FROM ev ORDER BY played_at, match_id', ARRAY['elo', 'glicko']);
DROP TABLE ev;
RESET client_min_messages;
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
