-- Seasons as a column: a player is reset toward the prior (season_keep)
-- before its first match of a season other than its last one's, once,
-- whatever seasons it missed.  season_starts resets every known player at
-- every start instead.
\set VERBOSITY terse

-- A generated league of four seasons: team 8 sits out seasons 2 and 3,
-- team 7 season 3, team 6 season 2; home sides, scores, some ties.
CREATE TEMP TABLE league AS
WITH active AS (SELECT s, t FROM generate_series(1, 4) s, generate_series(1, 8) t
                WHERE NOT ((t = 8 AND s IN (2, 3)) OR (t = 7 AND s = 3) OR (t = 6 AND s = 2))),
pairs AS (SELECT a.s, a.t AS home_team, b.t AS away_team,
                 row_number() OVER (PARTITION BY a.s ORDER BY a.t, b.t) AS n
          FROM active a JOIN active b ON a.s = b.s AND a.t <> b.t),
matches AS (SELECT s * 1000 + n AS match_id,
                   timestamptz '2020-09-01 18:00+00' + (s - 1) * interval '1 year' + n * interval '1 day' AS played_at,
                   s AS season, home_team, away_team,
                   (home_team * 7 + away_team * 3 + s * 5 + n) % 6 AS home_score,
                   (home_team * 2 + away_team * 5 + s + n * 3) % 6 AS away_score
            FROM pairs)
SELECT match_id::bigint, played_at, season, home_team::bigint AS player_id, 1 AS team,
       CASE WHEN home_score > away_score THEN 1 WHEN home_score = away_score THEN 1.5 ELSE 2 END::float8 AS rank,
       true AS home FROM matches
UNION ALL
SELECT match_id, played_at, season, away_team, 2,
       CASE WHEN away_score > home_score THEN 1 WHEN home_score = away_score THEN 1.5 ELSE 2 END::float8,
       false FROM matches;
SELECT season, count(DISTINCT player_id) AS teams, count(DISTINCT match_id) AS matches FROM league GROUP BY 1 ORDER BY 1;

-- An independent Elo with the season rule written out in PL/pgSQL: before
-- a team's match, if its last match was of another season, its rating
-- becomes 1500 + keep (rating - 1500), once.  Season none_of (if given)
-- stands for matches of no season: no reset, the last season kept.
CREATE TEMP TABLE ref_teams (id bigint PRIMARY KEY, r float8, season int);
CREATE FUNCTION pg_temp.reference_elo(k float8, ha float8, keep float8, none_of int DEFAULT NULL)
RETURNS TABLE (match_id bigint, player_id bigint, before float8, after float8)
LANGUAGE plpgsql AS $$
DECLARE
  m record;
  rh float8; ra float8; e float8; s float8;
BEGIN
  TRUNCATE ref_teams;
  FOR m IN SELECT h.match_id, h.season, h.player_id AS home_id, w.player_id AS away_id, h.rank AS hr, w.rank AS ar
           FROM league h JOIN league w ON w.match_id = h.match_id AND NOT w.home
           WHERE h.home ORDER BY h.played_at, h.match_id LOOP
    m.season := nullif(m.season, none_of);
    UPDATE ref_teams t SET r = 1500 + keep * (t.r - 1500)
    WHERE t.id IN (m.home_id, m.away_id) AND t.season <> m.season;
    rh := coalesce((SELECT r FROM ref_teams WHERE id = m.home_id), 1500);
    ra := coalesce((SELECT r FROM ref_teams WHERE id = m.away_id), 1500);
    e := 1 / (1 + 10 ^ ((ra - (rh + ha)) / 400));
    s := CASE WHEN m.hr < m.ar THEN 1 WHEN m.hr = m.ar THEN 0.5 ELSE 0 END;
    INSERT INTO ref_teams VALUES (m.home_id, rh + k * (s - e), m.season), (m.away_id, ra + k * ((1 - s) - (1 - e)), m.season)
    ON CONFLICT (id) DO UPDATE SET r = excluded.r, season = coalesce(excluded.season, ref_teams.season);
    match_id := m.match_id;
    player_id := m.home_id; before := rh; after := rh + k * (s - e); RETURN NEXT;
    player_id := m.away_id; before := ra; after := ra + k * ((1 - s) - (1 - e)); RETURN NEXT;
  END LOOP;
END $$;

-- The history against it, every rating before and after every match.
SELECT count(*) AS rows, max(abs(h.rating_before - r.before)) < 1e-12 AS before_agrees,
       max(abs(h.rating_after - r.after)) < 1e-12 AS after_agrees
FROM skill.elo_history('SELECT match_id, played_at, player_id, team, rank, home, season FROM league ORDER BY played_at, match_id',
                       '{"k": 20, "home_advantage": 65}') h
JOIN pg_temp.reference_elo(20, 65, 0.5) r USING (match_id, player_id);
SELECT count(*) AS rows, max(abs(h.rating_after - r.after)) < 1e-12 AS agree
FROM skill.elo_history('SELECT match_id, played_at, player_id, team, rank, home, season FROM league ORDER BY played_at, match_id',
                       '{"k": 32, "home_advantage": 40, "season_keep": 0.3}') h
JOIN pg_temp.reference_elo(32, 40, 0.3) r USING (match_id, player_id);

-- Team 8 comes back in season 4 reset once: its rating before its first
-- match there is 1500 + 0.5 (its rating after season 1 - 1500).  With
-- season_starts (each season's first day) it was reset at three starts.
WITH starts AS (SELECT jsonb_build_object('season_starts', jsonb_agg(min ORDER BY min)) AS o
                FROM (SELECT min(played_at) FROM league WHERE season > 1 GROUP BY season) x),
col AS (SELECT rating_before FROM skill.elo_history('SELECT match_id, played_at, player_id, team, rank, season FROM league ORDER BY played_at, match_id')
        WHERE player_id = 8 ORDER BY played_at LIMIT 1 OFFSET (SELECT count(*) FROM league WHERE player_id = 8 AND season = 1)),
by_starts AS (SELECT h.rating_before FROM starts,
                     skill.elo_history('SELECT match_id, played_at, player_id, team, rank FROM league ORDER BY played_at, match_id', starts.o) h
              WHERE h.player_id = 8 ORDER BY h.played_at LIMIT 1 OFFSET (SELECT count(*) FROM league WHERE player_id = 8 AND season = 1)),
season1 AS (SELECT rating_after FROM skill.elo_history('SELECT match_id, played_at, player_id, team, rank FROM league WHERE season = 1 ORDER BY played_at, match_id')
            WHERE player_id = 8 ORDER BY played_at DESC LIMIT 1)
SELECT round(col.rating_before::numeric, 9) = round((1500 + 0.5 * (season1.rating_after - 1500))::numeric, 9) AS reset_once,
       round(by_starts.rating_before::numeric, 9) = round((1500 + 0.125 * (season1.rating_after - 1500))::numeric, 9) AS reset_three_times
FROM col, by_starts, season1;

-- Where every player plays every season, the column resets as the season
-- starts do, bit for bit, in every family of the registry (Glicko's RD and
-- OpenSkill's sigma toward the prior's too).
CREATE TEMP TABLE full_league AS
SELECT * FROM league WHERE match_id IN (SELECT match_id FROM league GROUP BY 1 HAVING max(player_id) <= 5);
SELECT f.family, count(*) AS players,
       bool_and(a.rating = b.rating AND a.matches = b.matches) AS same
FROM skill.families() f,
     LATERAL (SELECT jsonb_build_object('season_starts', jsonb_agg(min ORDER BY min)) AS o
              FROM (SELECT min(played_at) FROM full_league WHERE season > 1 GROUP BY season) x) st,
     LATERAL skill.replay(f.family, 'SELECT match_id, played_at, player_id, team, rank, season FROM full_league ORDER BY played_at, match_id') a
     JOIN LATERAL skill.replay(f.family, 'SELECT match_id, played_at, player_id, team, rank FROM full_league ORDER BY played_at, match_id', st.o) b
       USING (player_id)
WHERE f.by_name
GROUP BY f.family ORDER BY 1;

-- A text season is the same: only whether two seasons differ counts.
SELECT bool_and(a.rating_after = b.rating_after) AS same
FROM skill.glicko2_history('SELECT match_id, played_at, player_id, team, rank, season FROM league ORDER BY played_at, match_id') a
JOIN skill.glicko2_history($$SELECT match_id, played_at, player_id, team, rank, (2019 + season)::text || '-' || (20 + season)::text AS season
                              FROM league ORDER BY played_at, match_id$$) b USING (match_id, player_id);

-- A NULL season is a match of no season: no reset, and the player's last
-- season stays.  Here season 3's matches have none: a team of seasons 2,
-- 3 and 4 is reset at season 2 and at season 4 only.
SELECT count(*) AS rows, max(abs(h.rating_after - r.after)) < 1e-12 AS agree
FROM skill.elo_history('SELECT match_id, played_at, player_id, team, rank, home, nullif(season, 3) AS season FROM league ORDER BY played_at, match_id',
                       '{"k": 20, "home_advantage": 65}') h
JOIN pg_temp.reference_elo(20, 65, 0.5, 3) r USING (match_id, player_id);

-- rate_match, match by match, with the state a caller keeps (the rating,
-- matches, last played_at, the last match's season) gives the history's
-- ratings bit for bit: Elo and Glicko-2.
CREATE TEMP TABLE state (family text, player_id bigint, elo float8, glicko skill.glicko, matches int,
                         last_played timestamptz, last_season text, PRIMARY KEY (family, player_id));
CREATE FUNCTION pg_temp.rate_all(p_family text, p_options jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  m record;
BEGIN
  FOR m IN SELECT match_id, played_at, season::text AS season, array_agg(player_id ORDER BY player_id) AS ids,
                  array_agg(team ORDER BY player_id) AS teams, array_agg(rank ORDER BY player_id) AS ranks,
                  array_agg(home ORDER BY player_id) AS home
           FROM league GROUP BY match_id, played_at, season ORDER BY played_at, match_id LOOP
    IF p_family = 'elo' THEN
      INSERT INTO state (family, player_id, elo, matches, last_played, last_season)
      SELECT p_family, r.player_id, r.rating, r.matches, r.last_played, m.season
      FROM (SELECT array_agg(s.elo ORDER BY i.id) AS ratings, array_agg(s.matches ORDER BY i.id) AS matches,
                   array_agg(s.last_played ORDER BY i.id) AS last_played, array_agg(s.last_season ORDER BY i.id) AS seasons
            FROM unnest(m.ids) i(id) LEFT JOIN state s ON s.family = p_family AND s.player_id = i.id) a,
           skill.rate_match('elo', m.match_id, m.played_at, m.ids, m.teams, m.ranks, a.ratings, a.matches, a.last_played,
                            options => p_options, home => m.home, season => m.season, last_seasons => a.seasons) r
      ON CONFLICT (family, player_id) DO UPDATE SET elo = excluded.elo, matches = excluded.matches,
        last_played = excluded.last_played, last_season = excluded.last_season;
    ELSE
      INSERT INTO state (family, player_id, glicko, matches, last_played, last_season)
      SELECT p_family, r.player_id, r.rating, r.matches, r.last_played, m.season
      FROM (SELECT array_agg(s.glicko ORDER BY i.id) AS ratings, array_agg(s.matches ORDER BY i.id) AS matches,
                   array_agg(s.last_played ORDER BY i.id) AS last_played, array_agg(s.last_season ORDER BY i.id) AS seasons
            FROM unnest(m.ids) i(id) LEFT JOIN state s ON s.family = p_family AND s.player_id = i.id) a,
           skill.rate_match(p_family, m.match_id, m.played_at, m.ids, m.teams, m.ranks, a.ratings, a.matches, a.last_played,
                            options => p_options, home => m.home, season => m.season, last_seasons => a.seasons) r
      ON CONFLICT (family, player_id) DO UPDATE SET glicko = excluded.glicko, matches = excluded.matches,
        last_played = excluded.last_played, last_season = excluded.last_season;
    END IF;
  END LOOP;
END $$;
SELECT pg_temp.rate_all('elo', '{"k": 20, "home_advantage": 65}');
SELECT pg_temp.rate_all('glicko2', '{"rd_per_day": 2}');
SELECT count(*) AS players, bool_and(s.elo = h.rating_after) AS same
FROM state s JOIN (SELECT DISTINCT ON (player_id) player_id, rating_after
                   FROM skill.elo_history('SELECT match_id, played_at, player_id, team, rank, home, season FROM league ORDER BY played_at, match_id',
                                          '{"k": 20, "home_advantage": 65}')
                   ORDER BY player_id, played_at DESC) h USING (player_id)
WHERE s.family = 'elo';
SELECT count(*) AS players, bool_and(s.glicko = h.rating_after) AS same
FROM state s JOIN (SELECT DISTINCT ON (player_id) player_id, rating_after
                   FROM skill.glicko2_history('SELECT match_id, played_at, player_id, team, rank, home, season FROM league ORDER BY played_at, match_id',
                                              '{"rd_per_day": 2}')
                   ORDER BY player_id, played_at DESC) h USING (player_id)
WHERE s.family = 'glicko2';
-- A returning team whose last season was another is reset; one of this season, or of none (NULL), is not.
SELECT r.player_id, round(r.rating::numeric, 6) AS rating
FROM skill.rate_match('elo', 1, '2026-01-10', '{1,2}', '{1,2}', '{1,1}', '{1700,1700}'::float8[], '{5,5}',
                      '{2026-01-01,2026-01-01}', season => '2026', last_seasons => '{2025,2026}') r;
SELECT r.player_id, round(r.rating::numeric, 6) AS rating
FROM skill.rate_match('elo', 1, '2026-01-10', '{1,2}', '{1,2}', '{1,1}', '{1700,1700}'::float8[], '{5,5}',
                      '{2026-01-01,2026-01-01}', season => '2026', last_seasons => '{NULL,2026}') r;

-- Errors: both ways of giving seasons at once; a season of another type;
-- rows of a match with different seasons.
SELECT * FROM skill.elo_history('SELECT match_id, played_at, player_id, team, rank, season FROM league ORDER BY played_at, match_id',
                                '{"season_starts": ["2021-06-01 00:00+00"]}');
SELECT * FROM skill.rate_match('elo', 1, '2026-01-10', '{1,2}', '{1,2}', '{1,2}', '{1700,1700}'::float8[], '{5,5}',
                               '{2026-01-01,2026-01-01}', options => '{"season_starts": ["2025-06-01 00:00+00"]}',
                               season => '2026', last_seasons => '{2025,2026}');
SELECT * FROM skill.elo_history('SELECT match_id, played_at, player_id, team, rank, season::float8 AS season FROM league ORDER BY played_at, match_id');
SELECT * FROM skill.elo_history('SELECT match_id, played_at, player_id, team, rank, season, season FROM league ORDER BY played_at, match_id');
SELECT * FROM skill.elo_history('SELECT match_id, played_at, player_id, team, rank, season + team AS season FROM league ORDER BY played_at, match_id');
SELECT * FROM skill.elo_history('SELECT match_id, played_at, player_id, team, rank, CASE WHEN team = 1 THEN season END AS season FROM league ORDER BY played_at, match_id');

-- With a period column (Glicko), a rating period holds one season's
-- matches: monthly periods fit the seasons; one period for all of 2020 and
-- 2021 holds seasons 1 and 2 and is refused.
SELECT count(*) AS rows
FROM skill.glicko_history($$SELECT match_id, played_at, date_trunc('month', played_at) AS period, player_id, team, rank, season
                            FROM league ORDER BY played_at, match_id$$);
SELECT count(*) AS rows
FROM skill.glicko_history($$SELECT match_id, played_at,
                                   CASE WHEN played_at < '2022-01-01' THEN timestamptz '2020-01-01 00:00+00'
                                        ELSE date_trunc('month', played_at) END AS period,
                                   player_id, team, rank, season
                            FROM league ORDER BY played_at, match_id$$);

-- fit and evaluate read the column too: evaluate scores the full league
-- with the column as with the season starts; fit searches season_keep.
SELECT a.system, a.log_loss = b.log_loss AND a.n = b.n AS same
FROM skill.evaluate('SELECT match_id, played_at, player_id, team, rank, season FROM full_league ORDER BY played_at, match_id',
                    '{elo,glicko2,pl}') a
JOIN skill.evaluate('SELECT match_id, played_at, player_id, team, rank FROM full_league ORDER BY played_at, match_id',
                    '{elo,glicko2,pl}',
                    (SELECT jsonb_build_object('elo', st, 'glicko2', st, 'pl', st)
                     FROM (SELECT jsonb_build_object('season_starts', jsonb_agg(min ORDER BY min)) AS st
                           FROM (SELECT min(played_at) FROM full_league WHERE season > 1 GROUP BY season) x) y)) b USING (system)
ORDER BY 1;
SELECT (f->'parameters'->>'season_keep')::float8 BETWEEN 0 AND 1 AS fitted
FROM skill.fit('elo', 'SELECT match_id, played_at, player_id, team, rank, home, season FROM league ORDER BY played_at, match_id',
               '{"season_keep": [0, 1]}', '{"options": {"home_advantage": 65}}') f;
SELECT skill.fit('elo', 'SELECT match_id, played_at, player_id, team, rank, season FROM league ORDER BY played_at, match_id',
                 '{"season_keep": [0, 1]}', '{"options": {"season_starts": ["2021-06-01 00:00+00"]}}');
