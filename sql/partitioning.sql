-- Time partitioning: a results table partitioned by month (plain
-- declarative partitions, and pg_partman's where it is installed) replays
-- across its partitions in match order to exactly the ratings of the same
-- rows in one plain table.
SET TimeZone = 'UTC';
CREATE TABLE flat_results (
  match_id bigint NOT NULL, played_at timestamptz NOT NULL, player_id bigint NOT NULL,
  team int NOT NULL, rank float8 NOT NULL);
-- 600 two-player matches, one every 5 hours from January into May 2024.
INSERT INTO flat_results
SELECT i, '2024-01-01 00:00+00'::timestamptz + i * interval '5 hours', p, t,
       CASE WHEN (t = 1) = (i * i % 3 <> 0) THEN 1 ELSE 2 END
FROM generate_series(1, 600) i,
     LATERAL (VALUES (1, i * 7 % 40 + 1),
                     (2, CASE WHEN (i * 13 + 5) % 40 = i * 7 % 40 THEN (i * 13 + 6) % 40 + 1
                              ELSE (i * 13 + 5) % 40 + 1 END)) m(t, p);

-- Monthly partitions, each created from its month's first instant in UTC,
-- and a default partition for anything outside them.
CREATE TABLE results (LIKE flat_results) PARTITION BY RANGE (played_at);
DO $$
DECLARE
  month timestamptz;
BEGIN
  FOR month IN SELECT generate_series('2024-01-01 00:00+00'::timestamptz, '2024-05-01 00:00+00', '1 month') LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF results FOR VALUES FROM (%L) TO (%L)',
                   'results_' || to_char(month, 'YYYY_MM'), month, month + interval '1 month');
  END LOOP;
END
$$;
CREATE TABLE results_default PARTITION OF results DEFAULT;
CREATE INDEX ON results (played_at, match_id);
INSERT INTO results SELECT * FROM flat_results;
SELECT c.relname, pg_get_expr(c.relpartbound, c.oid) AS bounds, count(*) AS rows
FROM results r JOIN pg_class c ON c.oid = r.tableoid GROUP BY 1, 2 ORDER BY 1;

-- In match order the partitions are read one after another through their
-- indexes, no sort (the planner's other choices are switched off only to
-- show that this plan exists).
SET enable_seqscan = off; SET enable_bitmapscan = off; SET enable_sort = off;
EXPLAIN (COSTS OFF) SELECT * FROM results ORDER BY played_at, match_id;
SELECT (SELECT skill.pl_replay(match_id, played_at, player_id, team, rank)
        FROM (SELECT * FROM results ORDER BY played_at, match_id) o)::text
     = (SELECT skill.pl_replay(match_id, played_at, player_id, team, rank)
        FROM (SELECT * FROM flat_results ORDER BY played_at, match_id) o)::text AS pl_replay_equal;
RESET enable_seqscan; RESET enable_bitmapscan; RESET enable_sort;

-- The same for the other families, with the aggregate's own ORDER BY, and
-- Glicko-2 rating periods that are the partitions' months.
SELECT (SELECT skill.elo_replay(match_id, played_at, player_id, team, rank ORDER BY played_at, match_id) FROM results)::text
     = (SELECT skill.elo_replay(match_id, played_at, player_id, team, rank ORDER BY played_at, match_id) FROM flat_results)::text
       AS elo_replay_equal,
       (SELECT skill.glicko2_replay(match_id, played_at, date_trunc('month', played_at, 'UTC'), player_id, team, rank
                                    ORDER BY played_at, match_id) FROM results)::text
     = (SELECT skill.glicko2_replay(match_id, played_at, date_trunc('month', played_at, 'UTC'), player_id, team, rank
                                    ORDER BY played_at, match_id) FROM flat_results)::text
       AS glicko2_replay_equal;
SELECT count(*) AS players, sum((r).matches) AS player_matches
FROM unnest((SELECT skill.pl_replay(match_id, played_at, player_id, team, rank)
             FROM (SELECT * FROM results ORDER BY played_at, match_id) o)) r;

-- A history across the partitions: every row equal to the plain table's.
CREATE TABLE part_history AS
  SELECT * FROM skill.pl_history('SELECT match_id, played_at, player_id, team, rank FROM results ORDER BY played_at, match_id');
CREATE TABLE flat_history AS
  SELECT * FROM skill.pl_history('SELECT match_id, played_at, player_id, team, rank FROM flat_results ORDER BY played_at, match_id');
SELECT (SELECT count(*) FROM part_history) AS history_rows,
       (SELECT count(*) FROM (SELECT * FROM part_history EXCEPT ALL SELECT * FROM flat_history) d) AS only_partitioned,
       (SELECT count(*) FROM (SELECT * FROM flat_history EXCEPT ALL SELECT * FROM part_history) d) AS only_flat;

-- A match arriving into an older month is still refused by the order check,
-- naming the match, when the rows are not read in match order.
SELECT skill.pl_replay(match_id, played_at, player_id, team, rank)
FROM (SELECT * FROM results ORDER BY match_id DESC) o;

-- pg_partman, when the server has it: the same monthly layout made by
-- create_parent (4.x takes p_type 'native', 5.x 'range') replays the same.
-- Its output is the same whether or not pg_partman is installed (the
-- suite's log says which); without it only the plain partitions are tested.
CREATE TEMP TABLE partman_check (replay_equal bool);
DO $$
DECLARE
  version text;
BEGIN
  SELECT default_version INTO version FROM pg_available_extensions WHERE name = 'pg_partman';
  IF version IS NULL THEN
    INSERT INTO partman_check VALUES (true);
    RETURN;
  END IF;
  SET LOCAL client_min_messages = warning;
  CREATE SCHEMA partman;
  CREATE EXTENSION pg_partman SCHEMA partman;
  CREATE TABLE partman_results (LIKE flat_results) PARTITION BY RANGE (played_at);
  IF split_part(version, '.', 1)::int >= 5 THEN
    PERFORM partman.create_parent(p_parent_table => 'public.partman_results', p_control => 'played_at',
                                  p_interval => '1 month', p_start_partition => '2024-01-01 00:00+00');
  ELSE
    PERFORM partman.create_parent(p_parent_table => 'public.partman_results', p_control => 'played_at',
                                  p_type => 'native', p_interval => 'monthly',
                                  p_start_partition => '2024-01-01 00:00+00');
  END IF;
  INSERT INTO partman_results SELECT * FROM flat_results;
  IF (SELECT count(DISTINCT tableoid) FROM partman_results) < 5 THEN
    RAISE EXCEPTION 'pg_partman put the rows into fewer than 5 partitions';
  END IF;
  INSERT INTO partman_check
  SELECT (SELECT skill.pl_replay(match_id, played_at, player_id, team, rank)
          FROM (SELECT * FROM partman_results ORDER BY played_at, match_id) o)::text
       = (SELECT skill.pl_replay(match_id, played_at, player_id, team, rank)
          FROM (SELECT * FROM flat_results ORDER BY played_at, match_id) o)::text;
  DROP TABLE partman_results;
  DROP EXTENSION pg_partman;
  DROP SCHEMA partman CASCADE;
END
$$;
SELECT replay_equal AS partman_replay_equal FROM partman_check;
DROP TABLE results, flat_results, part_history, flat_history;
