-- Long work can be cancelled: statement_timeout ends each of these with
-- SQLSTATE 57014 (query_canceled) instead of running to the end.  Without
-- the checks inside the core's loops, 20,000 teams take tens of seconds.
\set VERBOSITY terse
CREATE TABLE many AS
SELECT array_agg(skill.rating(25 + (i % 17) * 0.5, 8)) AS teams,
       array_agg((i % 100)::float8) AS ranks
FROM generate_series(1, 20000) i;
SET statement_timeout = '200ms';
\set VERBOSITY sqlstate
SELECT cardinality(skill.tm_full_rate(teams, ranks)) FROM many;
SELECT cardinality(skill.bt_full_rate(teams, ranks)) FROM many;
SELECT skill.tm_full_predict_draw(teams) FROM many;
SELECT cardinality(skill.pl_predict_win(teams)) FROM many;
RESET statement_timeout;
\set VERBOSITY terse
-- The same functions still work on small input afterwards.
SELECT cardinality(skill.tm_full_rate(teams[1:3], ranks[1:3])) FROM many;
