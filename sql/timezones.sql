-- The same data gives the same ratings in every session TimeZone: times
-- are timestamptz (instants), and rating periods and season starts are
-- bucketed in UTC (date_trunc(..., 'UTC'), timestamps with an offset).
\set VERBOSITY terse
CREATE TABLE tz_results (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8);
-- Matches every 5 hours across a DST change (US: 2026-03-08) and a week boundary.
INSERT INTO tz_results
SELECT m, timestamptz '2026-03-05 00:00+00' + m * interval '5 hours', p, t, 1 + (m + t) % 2
FROM generate_series(1, 80) m, LATERAL (VALUES (1 + m % 5, 1), (6 + m % 4, 2)) v(p, t);
CREATE TABLE tz_out (zone text, family text, ratings text);
CREATE FUNCTION pg_temp.replay_all(zone text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('TimeZone', zone, true);
  INSERT INTO tz_out
  SELECT zone, 'pl', (SELECT skill.pl_replay(match_id, played_at, player_id, team, rank, NULL,
                        '{"season_starts": ["2026-03-10 00:00+00"], "sigma_per_day": 0.1}' ORDER BY played_at, match_id)
                      FROM tz_results)::text
  UNION ALL
  SELECT zone, 'elo', (SELECT skill.elo_replay(match_id, played_at, player_id, team, rank ORDER BY played_at, match_id)
                       FROM tz_results)::text
  UNION ALL
  SELECT zone, 'glicko2 weekly', (SELECT skill.glicko2_replay(match_id, played_at, date_trunc('week', played_at, 'UTC'),
                                          player_id, team, rank ORDER BY played_at, match_id) FROM tz_results)::text
  UNION ALL
  SELECT zone, 'glicko daily', (SELECT skill.glicko_replay(match_id, played_at, date_trunc('day', played_at, 'UTC'),
                                        player_id, team, rank ORDER BY played_at, match_id) FROM tz_results)::text;
END $$;
SELECT count(*) AS zones FROM (SELECT pg_temp.replay_all(z) FROM unnest(ARRAY['UTC', 'America/New_York', 'Asia/Kolkata']) z) x;
-- One distinct result per family: identical in all three zones.
SELECT family, count(DISTINCT ratings) AS distinct_results, count(*) AS zones FROM tz_out GROUP BY family ORDER BY family;
-- Whereas a period bucketed in the session's zone would differ: the days
-- start at different instants in New York and in Kolkata.
SELECT count(DISTINCT b) AS distinct_buckets
FROM (SELECT z, array_agg(DISTINCT date_trunc('day', played_at AT TIME ZONE z) AT TIME ZONE z)::text AS b
      FROM tz_results, unnest(ARRAY['UTC', 'America/New_York', 'Asia/Kolkata']) z GROUP BY z) x;
RESET TimeZone;
