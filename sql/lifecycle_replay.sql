-- Lifecycle steps inside the replays: idle growth of sigma / RD before
-- each match (sigma_per_day, rd_per_day) and season soft resets
-- (season_starts, season_keep).  Each equals the same matches rated one by
-- one with the formula applied in between.
\set VERBOSITY terse

-- Idle growth, OpenSkill: A beats B on Jan 1; A loses to C on Jan 17 after
-- 16 idle days at 0.5 a day: A's sigma first becomes
-- max(s, min(25/3, sqrt(s^2 + 16 * 0.25))), then pl_rate rates as usual.
WITH m1 AS (SELECT skill.pl_rate(ARRAY[skill.rating(), skill.rating()], '{1,2}') AS r),
a_idle AS (SELECT skill.rating((r[1]).mu, greatest((r[1]).sigma, least(25 / 3.0, sqrt((r[1]).sigma ^ 2 + 16 * 0.25)))) AS a,
                  r[2] AS b FROM m1),
m2 AS (SELECT skill.pl_rate(ARRAY[a, skill.rating()], '{2,1}') AS r, b FROM a_idle),
expected(player_id, rating) AS (SELECT 1, r[1] FROM m2 UNION ALL SELECT 2, b FROM m2 UNION ALL SELECT 3, r[2] FROM m2)
SELECT e.player_id, round((e.rating).sigma::numeric, 10) AS sigma,
       abs((x.rating).mu - (e.rating).mu) < 1e-12 AND abs((x.rating).sigma - (e.rating).sigma) < 1e-12 AS same
FROM expected e
JOIN unnest((SELECT skill.pl_replay(m, t, p, team, rank, NULL, '{"sigma_per_day": 0.5}' ORDER BY t, m)
             FROM (VALUES (1, timestamptz '2026-01-01 00:00+00', 1, 1, 1.0), (1, '2026-01-01 00:00+00', 2, 2, 2),
                          (2, '2026-01-17 00:00+00', 1, 1, 2), (2, '2026-01-17 00:00+00', 3, 2, 1)) v(m, t, p, team, rank))) x
  USING (player_id)
ORDER BY 1;

-- Without the option nothing changes: sigma_per_day 0 is today's replay.
SELECT a = b AS unchanged
FROM (SELECT skill.pl_replay(m, t, p, team, rank ORDER BY t, m) AS a,
             skill.pl_replay(m, t, p, team, rank, NULL, '{"sigma_per_day": 0}' ORDER BY t, m) AS b
      FROM (VALUES (1, timestamptz '2026-01-01 00:00+00', 1, 1, 1.0), (1, '2026-01-01 00:00+00', 2, 2, 2),
                   (2, '2026-03-01 00:00+00', 1, 1, 2), (2, '2026-03-01 00:00+00', 2, 2, 1)) v(m, t, p, team, rank)) x;

-- Glicko-1, each match its own period, rd_per_day 10 and c 0: 1 and 2 meet
-- on Jan 1 and again on Jan 26; before the second match each RD grows by
-- 25 days: sqrt(RD^2 + 25 * 100), then glicko_update.
WITH p0 AS (SELECT '(1500,350,)'::skill.glicko AS g),
m1 AS (SELECT skill.glicko_update(g, ARRAY[g], '{1}') AS a, skill.glicko_update(g, ARRAY[g], '{0}') AS b FROM p0),
grown AS (SELECT ROW((a).rating, least(350, sqrt((a).rd ^ 2 + 2500)), NULL)::skill.glicko AS a,
                 ROW((b).rating, least(350, sqrt((b).rd ^ 2 + 2500)), NULL)::skill.glicko AS b FROM m1),
m2 AS (SELECT skill.glicko_update(a, ARRAY[b], '{0}') AS a, skill.glicko_update(b, ARRAY[a], '{1}') AS b FROM grown),
expected(player_id, g) AS (SELECT 1, a FROM m2 UNION ALL SELECT 2, b FROM m2)
SELECT e.player_id, round((e.g).rating::numeric, 6) AS rating, round((e.g).rd::numeric, 6) AS rd,
       abs((x.rating).rating - (e.g).rating) < 1e-9 AND abs((x.rating).rd - (e.g).rd) < 1e-9 AS same
FROM expected e
JOIN unnest((SELECT skill.glicko_replay(m, t, t, p, team, rank, NULL, '{"c": 0, "rd_per_day": 10}' ORDER BY t, m)
             FROM (VALUES (1, timestamptz '2026-01-01 00:00+00', 1, 1, 1.0), (1, '2026-01-01 00:00+00', 2, 2, 2),
                          (2, '2026-01-26 00:00+00', 1, 1, 2), (2, '2026-01-26 00:00+00', 2, 2, 1)) v(m, t, p, team, rank))) x
  USING (player_id)
ORDER BY 1;

-- Seasons, Elo: 1 beats 2 in January (1516 / 1484); the season starting
-- Feb 1 keeps half the distance from 1500 (1508 / 1492); 1 beats 2 again:
-- E = 1/(1 + 10^(-16/400)) = 0.5229954...; 1508 + 32 (1 - E) = 1523.2641...
WITH e AS (SELECT 1 / (1 + 10 ^ (-16 / 400.0)) AS e)
SELECT player_id, round(rating::numeric, 10) AS rating,
       round(CASE player_id WHEN 1 THEN 1508 + 32 * (1 - e) ELSE 1492 - 32 * (1 - e) END::numeric, 10) AS by_hand
FROM e, unnest((SELECT skill.elo_replay(m, t, p, team, rank, NULL, '{"season_starts": ["2026-02-01 00:00+00"]}' ORDER BY t, m)
                FROM (VALUES (1, timestamptz '2026-01-10 00:00+00', 1, 1, 1.0), (1, '2026-01-10 00:00+00', 2, 2, 2),
                             (2, '2026-02-10 00:00+00', 1, 1, 1), (2, '2026-02-10 00:00+00', 2, 2, 2)) v(m, t, p, team, rank)))
ORDER BY 1;

-- Seasons, OpenSkill, three of them, keep 0.3: equal to chaining one
-- replay per season with the soft reset in between
-- (mu0 + keep (mu - mu0), sqrt(keep^2 sigma^2 + (1 - keep^2) sigma0^2)).
CREATE TABLE season_rows (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8);
INSERT INTO season_rows
SELECT m, timestamptz '2026-01-01 00:00+00' + m * interval '1 day', p, team, rank
FROM generate_series(1, 90) m
CROSS JOIN LATERAL (VALUES (1 + m % 5, 1, (m % 2 + 1)::float8), (1 + (m + 2) % 5, 2, ((m + 1) % 2 + 1)::float8)) v(p, team, rank);
CREATE FUNCTION pg_temp.season_chain() RETURNS TABLE (player_id bigint, rating skill.rating)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  starts timestamptz[] := ARRAY['2026-01-31 00:00+00', '2026-03-02 00:00+00', 'infinity']::timestamptz[];
  prev timestamptz := '-infinity';
BEGIN
  CREATE TEMP TABLE cur (player_id bigint PRIMARY KEY, rating skill.rating) ON COMMIT DROP;
  FOR i IN 1..3 LOOP
    IF i > 1 THEN
      UPDATE cur SET rating = skill.rating(25 + 0.3 * ((cur.rating).mu - 25),
                                           sqrt(0.09 * (cur.rating).sigma ^ 2 + 0.91 * (25 / 3.0) ^ 2));
    END IF;
    INSERT INTO cur
    SELECT (x).player_id, (x).rating
    FROM unnest((SELECT skill.pl_replay(s.match_id, s.played_at, s.player_id, s.team, s.rank, c.rating,
                                        '{"sigma_per_day": 0}' ORDER BY s.played_at, s.match_id)
                 FROM season_rows s LEFT JOIN cur c USING (player_id)
                 WHERE s.played_at >= prev AND s.played_at < starts[i])) x
    ON CONFLICT (player_id) DO UPDATE SET rating = excluded.rating;
    prev := starts[i];
  END LOOP;
  RETURN QUERY SELECT * FROM cur;
END $$;
SELECT count(*) AS players,
       count(*) FILTER (WHERE abs((c.rating).mu - (r.rating).mu) > 1e-12
                           OR abs((c.rating).sigma - (r.rating).sigma) > 1e-12) AS differ
FROM pg_temp.season_chain() c
JOIN unnest((SELECT skill.pl_replay(match_id, played_at, player_id, team, rank, NULL,
                                    '{"season_starts": ["2026-01-31 00:00+00", "2026-03-02 00:00+00"], "season_keep": 0.3}'
                                    ORDER BY played_at, match_id) FROM season_rows)) r USING (player_id);

-- The season options in every family, and their rules.
SELECT family, count(*) FILTER (WHERE option IN ('season_starts', 'season_keep')) AS season_options,
       string_agg(option, ', ') FILTER (WHERE option LIKE '%per_day') AS growth
FROM skill.replay_options() GROUP BY family ORDER BY family;
SELECT skill.elo_replay(1, now(), 1, 1, 1, NULL, '{"season_starts": "2026-01-01"}');
SELECT skill.elo_replay(1, now(), 1, 1, 1, NULL, '{"season_starts": [1]}');
SELECT skill.elo_replay(1, now(), 1, 1, 1, NULL, '{"season_starts": ["2026-02-01 00:00+00", "2026-01-01 00:00+00"]}');
SELECT skill.elo_replay(1, now(), 1, 1, 1, NULL, '{"season_starts": ["not a time"]}');
SELECT skill.elo_replay(1, now(), 1, 1, 1, NULL, '{"season_keep": 1.5}');
SELECT skill.pl_replay(1, now(), 1, 1, 1, NULL, '{"sigma_per_day": -1}');
SELECT skill.glicko2_replay(1, now(), now(), 1, 1, 1, NULL, '{"rd_per_day": "NaN"}');
SELECT skill.elo_replay(1, now(), 1, 1, 1, NULL, '{"k": [1]}');
