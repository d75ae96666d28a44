-- The functions marked PARALLEL SAFE give the same results when a parallel
-- worker runs them: force every query through a Gather and compare with the
-- plain plan.
\set VERBOSITY terse

CREATE TABLE par_matches AS
SELECT i, ARRAY[[skill.rating(20 + i % 10, 3 + i % 5)], [skill.rating(25, 8)]] AS duel,
       1400 + i % 300 AS elo
FROM generate_series(1, 2000) i;
ANALYZE par_matches;

CREATE TABLE par_serial AS
SELECT i, skill.pl_rate(duel, ARRAY[1, 2]) AS pl, skill.trueskill_rate(duel, ARRAY[2, 1]) AS ts,
       skill.elo_update(elo, 1500, 1) AS elo_new,
       skill.glicko2_update(skill.glicko(elo, 120, 0.06), ARRAY[skill.glicko(1500, 80)], ARRAY[0.5]) AS g2,
       (skill.pl_predict_win(duel))[1] AS win
FROM par_matches;

-- The setting's name is debug_parallel_query from 16 on.
SELECT set_config(CASE WHEN current_setting('server_version_num')::int >= 160000
                       THEN 'debug_parallel_query' ELSE 'force_parallel_mode' END,
                  'on', false) AS forced;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;

-- The plan really is parallel.
EXPLAIN (COSTS OFF)
SELECT count(skill.pl_rate(duel, ARRAY[1, 2])) FROM par_matches;

SELECT count(*) AS rows,
       count(*) FILTER (WHERE s.pl IS DISTINCT FROM p.pl OR s.ts IS DISTINCT FROM p.ts
                           OR s.elo_new IS DISTINCT FROM p.elo_new OR s.g2 IS DISTINCT FROM p.g2
                           OR s.win IS DISTINCT FROM p.win) AS differing
FROM par_serial s
JOIN (SELECT i, skill.pl_rate(duel, ARRAY[1, 2]) AS pl, skill.trueskill_rate(duel, ARRAY[2, 1]) AS ts,
             skill.elo_update(elo, 1500, 1) AS elo_new,
             skill.glicko2_update(skill.glicko(elo, 120, 0.06), ARRAY[skill.glicko(1500, 80)], ARRAY[0.5]) AS g2,
             (skill.pl_predict_win(duel))[1] AS win
      FROM par_matches) p USING (i);

SELECT set_config(CASE WHEN current_setting('server_version_num')::int >= 160000
                       THEN 'debug_parallel_query' ELSE 'force_parallel_mode' END,
                  'off', false) AS forced;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
RESET max_parallel_workers_per_gather;
