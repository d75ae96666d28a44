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
-- And how late: each call below ran for minutes before the loops of the
-- core and of rate_match checked (issue 34; 100,000 players, ranks
-- reversed, which once made the sorts quadratic).  cancel_within says
-- whether the cancel came within 5 s, a bound for a loaded machine
-- (scripts/test_cancel_huge.sh times every function more tightly).
RESET statement_timeout;
CREATE TABLE huge AS
SELECT array_agg(1500 + (i % 997)::float8 ORDER BY i) AS elo,
       array_agg(skill.glicko(1500 + i % 997, 50 + i % 250) ORDER BY i) AS gl,
       array_agg(skill.rating(25 + (i % 17) * 0.5, 8) ORDER BY i) AS os,
       array_agg((100001 - i)::float8 ORDER BY i) AS ranks,
       array_agg(i::bigint ORDER BY i) AS ids
FROM generate_series(1, 100000) i;
CREATE FUNCTION cancel_within(query text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  t0 timestamptz := clock_timestamp();
BEGIN
  EXECUTE query;
  RETURN 'finished';
EXCEPTION WHEN query_canceled THEN
  RETURN CASE WHEN clock_timestamp() - t0 < interval '5 s' THEN 'cancelled'
              ELSE 'cancelled after ' || (clock_timestamp() - t0) END;
END $$;
SET statement_timeout = '200ms';
SELECT cancel_within('SELECT skill.elo_rate(elo, ranks) FROM huge');
SELECT cancel_within('SELECT skill.elo_predict_win(elo) FROM huge');
SELECT cancel_within('SELECT skill.glicko_predict_win(gl) FROM huge');
SELECT cancel_within('SELECT skill.glicko2_predict_draw(ARRAY[gl[1:50000], gl[50001:]], draw_margin => 0.1) FROM huge');
SELECT cancel_within('SELECT skill.pl_rate(os, ranks) FROM huge');
SELECT cancel_within('SELECT skill.tm_full_rate(os, ranks) FROM huge');
SELECT cancel_within('SELECT skill.trueskill_rate(ARRAY[os[1:50000], os[50001:]]) FROM huge');
SELECT cancel_within($$SELECT count(*) FROM huge, skill.rate_match('elo', 1, now(), ids, ids::int[], ranks, elo)$$);
RESET statement_timeout;
\set VERBOSITY terse
-- The same functions still work on small input afterwards.
SELECT cardinality(skill.tm_full_rate(teams[1:3], ranks[1:3])) FROM many;
