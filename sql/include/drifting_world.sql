-- A world of drifting true skills for the ttt tests, included (\i) after
-- \set players, days and per_day: each player's skill starts N(0, 1) and
-- drifts by N(0, 0.15^2) a day; per_day games a day between two players
-- drawn by hash, performance noise 1.  Numbers come from a hash of the
-- indices (the same on every PostgreSQL version).  Makes pg_temp.u (a
-- uniform number in (0, 1) from a seed), pg_temp.z (a standard normal from
-- two) and the temp tables truth (player_id, day, skill) and world (the
-- rows: match_id, played_at, player_id, team, rank).
CREATE FUNCTION pg_temp.u(seed bigint) RETURNS float8 LANGUAGE sql IMMUTABLE
AS $$ SELECT ((hashint8(seed)::bigint & 2147483647) + 0.5) / 2147483648.0 $$;
CREATE FUNCTION pg_temp.z(seed bigint) RETURNS float8 LANGUAGE sql IMMUTABLE
AS $$ SELECT sqrt(-2 * ln(pg_temp.u(2 * seed))) * cos(2 * pi() * pg_temp.u(2 * seed + 1)) $$;
CREATE TEMP TABLE truth AS
SELECT p AS player_id, d AS day,
       pg_temp.z(1000000 + p) + sum(0.15 * pg_temp.z(p * 1000 + d)) OVER (PARTITION BY p ORDER BY d) AS skill
FROM generate_series(1, :players) p, generate_series(1, :days) d;
CREATE TEMP TABLE world AS
SELECT g.match_id, timestamptz '2026-01-01 00:00+00' + g.day * interval '24 hours' AS played_at,
       x.player_id, x.team, x.rank
FROM (SELECT (d * 10 + k)::bigint AS match_id, d AS day,
             1 + (hashint8(d * 100 + k) & 2147483647) % :players AS a,
             1 + ((hashint8(d * 100 + k) & 2147483647) / :players + 1
                  + (hashint8(-d * 100 - k) & 2147483647) % (:players - 1)) % :players AS b
      FROM generate_series(1, :days) d, generate_series(1, :per_day) k) g
JOIN truth ta ON ta.player_id = g.a AND ta.day = g.day
JOIN truth tb ON tb.player_id = g.b AND tb.day = g.day,
     LATERAL (SELECT ta.skill + pg_temp.z(7000000 + g.match_id) > tb.skill + pg_temp.z(8000000 + g.match_id) AS a_won) w,
     LATERAL (VALUES (g.a::bigint, 1, CASE WHEN w.a_won THEN 1 ELSE 2 END::float8),
                     (g.b::bigint, 2, CASE WHEN w.a_won THEN 2 ELSE 1 END::float8)) x(player_id, team, rank)
WHERE g.a <> g.b;
