-- Long work can be cancelled: statement_timeout ends each of these with
-- SQLSTATE 57014 (query_canceled) instead of running to the end.  Without
-- the checks inside the core's loops, 20,000 teams take tens of seconds.
\set VERBOSITY terse
CREATE TABLE many AS
SELECT array_agg(skill.rating(25 + (i % 17) * 0.5, 8)) AS teams,
       array_agg((i % 100)::float8) AS ranks
FROM generate_series(1, 20000) i;
-- 40,000 matches for fit: a cancel inside a search's evaluation (each one
-- runs in a subtransaction that swallows refused points) still cancels.
CREATE TABLE history AS
SELECT m::bigint AS match_id, timestamptz '2020-01-01 00:00+00' + m * interval '1 minute' AS played_at,
       p::bigint AS player_id, t AS team, CASE WHEN (m % 3 = 0) = (t = 1) THEN 1 ELSE 2 END::float8 AS rank
FROM generate_series(1, 40000) m,
     LATERAL (VALUES (m % 50, 1), (50 + (m * 7) % 50, 2)) v(p, t);
SET statement_timeout = '200ms';
\set VERBOSITY sqlstate
SELECT cardinality(skill.tm_full_rate(teams, ranks)) FROM many;
SELECT cardinality(skill.bt_full_rate(teams, ranks)) FROM many;
SELECT skill.tm_full_predict_draw(teams) FROM many;
SELECT cardinality(skill.pl_predict_win(teams)) FROM many;
SELECT skill.fit('elo', 'SELECT * FROM history ORDER BY played_at, match_id',
                 '{"k_a": [50, 500], "k_b": [0, 30], "k_c": [0, 1]}', '{"options": {"k_a": 100}}');
RESET statement_timeout;
\set VERBOSITY terse
-- The same functions still work on small input afterwards.
SELECT cardinality(skill.tm_full_rate(teams[1:3], ranks[1:3])) FROM many;
