-- bench/rate_common.sql - shared by bench/openskill and bench/trueskill:
-- a random rating (after setseed, for reproducible matches) and the timer.
CREATE FUNCTION r() RETURNS skill.rating LANGUAGE sql VOLATILE
AS $$ SELECT ROW(20 + 10 * random(), 1 + 7 * random())::skill.rating $$;

-- Best of n runs of a query over a table, in matches per second.
CREATE FUNCTION rate_per_second(q text, n int, workers int) RETURNS float8 LANGUAGE plpgsql
AS $$
DECLARE
  best float8 := 'Infinity';
  t0 timestamptz;
  rows bigint;
BEGIN
  PERFORM set_config('max_parallel_workers_per_gather', workers::text, true);
  PERFORM set_config('jit', 'off', true);
  EXECUTE q INTO rows;                    -- warm-up: caches, fn_extra
  FOR i IN 1..n LOOP
    t0 := clock_timestamp();
    EXECUTE q INTO rows;
    best := least(best, extract(epoch FROM clock_timestamp() - t0));
  END LOOP;
  RETURN rows / best;
END
$$;
