-- A replay equals its family's one-match function applied match by match:
-- 2,000 seeded matches (1v1, 2v2 and three-team free-for-alls with ties)
-- among 3,000 players, rated once by each replay aggregate and once by a
-- PL/pgSQL loop calling pl_rate / bt_full_rate / tm_full_rate /
-- trueskill_rate.  Expected: (0 rows) differing, 2,000 matches rated.
-- 3,000 player ids make the engine's hash table insert and grow throughout.
\set VERBOSITY terse

-- Deterministic pseudo-random integers in [0, n) from a seed.
CREATE FUNCTION pg_temp.pick(seed bigint, n int) RETURNS int LANGUAGE sql IMMUTABLE
AS $$ SELECT (abs(hashint8(seed)) % n)::int $$;

CREATE TABLE eq_results (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8);
INSERT INTO eq_results
SELECT m, timestamptz '2026-01-01' + m * interval '1 minute', player, team, rank
FROM generate_series(1, 2000) m
CROSS JOIN LATERAL (
  -- Shape: 60% 1v1, 25% 2v2, 15% three one-player teams.
  SELECT CASE WHEN pg_temp.pick(m * 11, 100) < 60 THEN 1 WHEN pg_temp.pick(m * 11, 100) < 85 THEN 2 ELSE 3 END AS shape) s
CROSS JOIN LATERAL (
  -- Up to four distinct players: a random start and stride over 3,000 ids.
  SELECT k, 1 + (pg_temp.pick(m * 13, 3000) + k * (1 + pg_temp.pick(m * 17, 49))) % 3000 AS player
  FROM generate_series(0, CASE s.shape WHEN 1 THEN 1 WHEN 2 THEN 3 ELSE 2 END) k) p
CROSS JOIN LATERAL (
  SELECT CASE WHEN s.shape = 2 THEN 1 + k / 2 ELSE 1 + k END AS team) t
CROSS JOIN LATERAL (
  -- Ranks: a random order of the teams; one match in ten is a full tie.
  SELECT CASE WHEN pg_temp.pick(m * 19, 10) = 0 THEN 1
              ELSE 1 + (t.team + pg_temp.pick(m * 23, 3)) % CASE s.shape WHEN 3 THEN 3 ELSE 2 END
         END::float8 AS rank) r
ORDER BY m, team, player;

SELECT count(DISTINCT match_id) AS matches, count(DISTINCT player_id) AS players,
       count(*) FILTER (WHERE team = 3) AS third_team_rows
FROM eq_results;

-- Match by match with a family's rate function, ratings kept in a table.
CREATE TABLE eq_current (player_id bigint PRIMARY KEY, rating skill.rating);
CREATE FUNCTION pg_temp.rate_each(family text) RETURNS TABLE (player_id bigint, rating skill.rating)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  m record;
  rated skill.rating[];
BEGIN
  TRUNCATE eq_current;
  FOR m IN
    SELECT match_id, max(team) AS n_teams, max(size) AS width FROM (
      SELECT match_id, team, count(*) OVER (PARTITION BY match_id, team) AS size FROM eq_results) x
    GROUP BY match_id ORDER BY match_id
  LOOP
    -- team_ratings: one row per team (team order), players in row order.
    EXECUTE format('SELECT skill.%I_rate($1, $2)', family) INTO rated
    USING (SELECT array_agg(row_ratings ORDER BY team) FROM (
             SELECT e.team, array_agg(coalesce(c.rating, skill.rating()) ORDER BY e.player_id) AS row_ratings
             FROM eq_results e LEFT JOIN eq_current c USING (player_id)
             WHERE e.match_id = m.match_id GROUP BY e.team) rows_of_match)::skill.rating[],
          (SELECT array_agg(rank ORDER BY team) FROM (
             SELECT DISTINCT team, rank FROM eq_results WHERE match_id = m.match_id) ranks_of_match);
    INSERT INTO eq_current
    SELECT e.player_id, rated[e.team][e.pos]
    FROM (SELECT player_id, team, row_number() OVER (PARTITION BY team ORDER BY player_id) AS pos
          FROM eq_results WHERE match_id = m.match_id) e
    ON CONFLICT ON CONSTRAINT eq_current_pkey DO UPDATE SET rating = excluded.rating;
  END LOOP;
  RETURN QUERY SELECT c.player_id, c.rating FROM eq_current c;
END $$;

SELECT 'pl' AS family, count(*) AS players,
       count(*) FILTER (WHERE abs((a.rating).mu - (b.rating).mu) > 1e-9
                           OR abs((a.rating).sigma - (b.rating).sigma) > 1e-9
                           OR a.rating IS NULL OR b.rating IS NULL) AS differing
FROM unnest((SELECT skill.pl_replay(match_id, played_at, player_id, team, rank) FROM eq_results)) a
FULL JOIN pg_temp.rate_each('pl') b USING (player_id)
UNION ALL
SELECT 'bt_full', count(*),
       count(*) FILTER (WHERE abs((a.rating).mu - (b.rating).mu) > 1e-9
                           OR abs((a.rating).sigma - (b.rating).sigma) > 1e-9
                           OR a.rating IS NULL OR b.rating IS NULL)
FROM unnest((SELECT skill.bt_full_replay(match_id, played_at, player_id, team, rank) FROM eq_results)) a
FULL JOIN pg_temp.rate_each('bt_full') b USING (player_id)
UNION ALL
SELECT 'tm_full', count(*),
       count(*) FILTER (WHERE abs((a.rating).mu - (b.rating).mu) > 1e-9
                           OR abs((a.rating).sigma - (b.rating).sigma) > 1e-9
                           OR a.rating IS NULL OR b.rating IS NULL)
FROM unnest((SELECT skill.tm_full_replay(match_id, played_at, player_id, team, rank) FROM eq_results)) a
FULL JOIN pg_temp.rate_each('tm_full') b USING (player_id)
UNION ALL
SELECT 'trueskill', count(*),
       count(*) FILTER (WHERE abs((a.rating).mu - (b.rating).mu) > 1e-9
                           OR abs((a.rating).sigma - (b.rating).sigma) > 1e-9
                           OR a.rating IS NULL OR b.rating IS NULL)
FROM unnest((SELECT skill.trueskill_replay(match_id, played_at, player_id, team, rank) FROM eq_results)) a
FULL JOIN pg_temp.rate_each('trueskill') b USING (player_id);

-- The priors example of sql/replay.sql against pl_rate directly: players
-- 10 (30, 5) and 20 (20, 4) meet, then 10 loses to newcomer 30.
SELECT round((r[1][1]).mu::numeric, 6) AS p10_mu, round((r[2][1]).mu::numeric, 6) AS p20_mu
FROM (SELECT skill.pl_rate(ARRAY[[skill.rating(30, 5)], [skill.rating(20, 4)]], ARRAY[1, 2]) AS r) x;
SELECT round((r[1][1]).mu::numeric, 6) AS p10_mu, round((r[2][1]).mu::numeric, 6) AS p30_mu
FROM (SELECT skill.pl_rate(ARRAY[[(skill.pl_rate(ARRAY[[skill.rating(30, 5)], [skill.rating(20, 4)]], ARRAY[1, 2]))[1][1]],
                                 [skill.rating()]], ARRAY[2, 1]) AS r) x;
