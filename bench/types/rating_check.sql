-- bench/types/rating_check.sql - what the checked skill.rating type costs:
-- best of 5 runs, in ms, of (1) pl_replay over 1,000,000 result rows
-- (500,000 1v1 matches among 50,000 players; no rating value is cast on
-- the way in, so no check runs), (2) building and storing 1,000,000 ratings
-- (ROW(...)::skill.rating into a table column: one check per value) and
-- (3) reading them back into pl_rate (values already typed: no check).
-- Run in a database with the extension: psql -X -f bench/types/rating_check.sql
\set QUIET on
SET client_min_messages = warning;
SET max_parallel_workers_per_gather = 0;
SET jit = off;
SELECT setseed(0.42) \g /dev/null
DROP TABLE IF EXISTS bench_rows, bench_ratings;
CREATE TABLE bench_rows AS
SELECT m AS match_id, timestamptz '2024-01-01 00:00+00' + m * interval '1 minute' AS played_at,
       ((m::bigint * 7919 + (t - 1) * (1 + floor(random() * 49998)::bigint)) % 50000)::bigint AS player_id, t AS team, t::float8 AS rank
FROM generate_series(1, 500000) m, generate_series(1, 2) t;
CREATE TABLE bench_ratings (id int, r skill.rating);
VACUUM ANALYZE bench_rows;

CREATE FUNCTION pg_temp.best_ms(q text) RETURNS numeric LANGUAGE plpgsql AS $$
DECLARE best float8 := 'Infinity'; t0 timestamptz;
BEGIN
  EXECUTE q;                                   -- warm-up
  FOR i IN 1..5 LOOP
    t0 := clock_timestamp();
    EXECUTE q;
    best := least(best, extract(epoch FROM clock_timestamp() - t0) * 1000);
  END LOOP;
  RETURN round(best::numeric, 1);
END $$;

\set QUIET off
SELECT 'pl_replay, 1M rows' AS case, pg_temp.best_ms($$
  SELECT cardinality(skill.pl_replay(match_id, played_at, player_id, team, rank ORDER BY played_at, match_id)) FROM bench_rows$$) AS best_ms
UNION ALL
SELECT 'store 1M ROW(..)::skill.rating', pg_temp.best_ms($$
  TRUNCATE bench_ratings;
  INSERT INTO bench_ratings SELECT i, ROW(20 + i % 10, 1 + i % 7)::skill.rating FROM generate_series(1, 1000000) i$$)
UNION ALL
SELECT 'pl_rate over 500k stored pairs', pg_temp.best_ms($$
  SELECT count(skill.pl_rate(ARRAY[a.r, b.r], ARRAY[1, 2])) FROM bench_ratings a JOIN bench_ratings b ON b.id = a.id + 1 WHERE a.id % 2 = 1$$);
DROP TABLE bench_rows, bench_ratings;
