-- record_match.sql - the per-match update recipe (docs/per-match.md):
-- tables and two procedures that keep live ratings in any of skill's
-- families equal to a recompute of the results.  `make install` installs it
-- as $(pg_config --sharedir)/extension/skill_record_match.sql; load it into
-- the schema of your choice with \i.  scripts/demo.sql, sql/recipe.sql and
-- scripts/test_concurrency.sh load it, so the tests exercise this very text.
--
--   record_match  rates one match in the caller's transaction in every
--                 system of rating_systems; it never loses data: it refuses
--                 a player without a row and a match that is not after the
--                 last one already rated for any of its players (live
--                 ratings would then differ from a recompute).
--   rerate_from   re-rates from the history (after a late match was added
--                 to results): every match from a point in time on.

-- The rating systems kept live: a family that skill.rate_match takes (the
-- rows of skill.families() with by_name) and its options.  Add a row to
-- keep another; then CALL rerate_from('-infinity') rates the results so
-- far in it.
CREATE TABLE rating_systems (
  system  text PRIMARY KEY,
  family  text NOT NULL,
  options jsonb
);
INSERT INTO rating_systems (system, family) VALUES ('openskill', 'pl'), ('elo', 'elo');

-- Each system with the column of ratings (and rating_changes) its ratings
-- go to, by its family's rating type in skill.families() (a family not
-- there: rating, and skill.rate_match refuses it by name).
CREATE VIEW systems AS
SELECT s.*, CASE f.rating_type WHEN 'float8'::regtype THEN 'elo'
                               WHEN 'skill.glicko'::regtype THEN 'glicko'
                               ELSE 'rating' END AS kind
FROM rating_systems s LEFT JOIN skill.families() f USING (family);

-- A player and what every system's update needs besides its rating: the
-- matches rated (Elo's K schedules), the last one (idle growth, the
-- Glicko families' calendar growth, season resets, and the order check)
-- and the season of the last one that had a season (the season column).
CREATE TABLE players (
  player_id      bigint PRIMARY KEY,
  name           text,
  matches        int NOT NULL DEFAULT 0,
  last_played_at timestamptz,
  last_match_id  bigint,
  last_season    text
);

-- One row per player per match (rank: lower is better, equal ranks tie;
-- season: the match's, NULL for none).
CREATE TABLE results (
  match_id  bigint NOT NULL,
  played_at timestamptz NOT NULL,
  player_id bigint NOT NULL REFERENCES players,
  team      int NOT NULL,
  rank      float8 NOT NULL,
  season    text,
  PRIMARY KEY (match_id, player_id)
);
CREATE INDEX ON results (played_at, match_id);

-- Each player's rating in each system, in the column of the system's kind;
-- no row yet: the system's prior.  peak: Elo's highest rating (option k_top).
CREATE TABLE ratings (
  player_id bigint NOT NULL REFERENCES players,
  system    text NOT NULL REFERENCES rating_systems,
  rating    skill.rating,   -- OpenSkill, TrueSkill
  elo       float8,         -- Elo
  glicko    skill.glicko,   -- Glicko-1, Glicko-2, team Glicko
  peak      float8,
  PRIMARY KEY (player_id, system)
);

-- Each player's ratings before and after each match, per system: the
-- deltas to show, and the audit that each update started from the previous
-- one's result (before NULL: the player's first match, from the prior).
CREATE TABLE rating_changes (
  match_id      bigint NOT NULL,
  player_id     bigint NOT NULL,
  system        text NOT NULL REFERENCES rating_systems,
  rating_before skill.rating,
  rating_after  skill.rating,
  elo_before    float8,
  elo_after     float8,
  glicko_before skill.glicko,
  glicko_after  skill.glicko,
  PRIMARY KEY (match_id, player_id, system),
  FOREIGN KEY (match_id, player_id) REFERENCES results
);

CREATE PROCEDURE record_match(p_match bigint, p_at timestamptz, p_players bigint[], p_teams int[], p_ranks float8[],
                              p_season text DEFAULT NULL)
LANGUAGE plpgsql AS $$
DECLARE
  bad record;
  s record;
BEGIN
  -- Lock the match's players in id order before anything else: a concurrent
  -- match sharing a player waits here, then rates from this one's result.
  PERFORM 1 FROM players WHERE player_id = ANY (p_players) ORDER BY player_id FOR UPDATE;

  SELECT u.id INTO bad FROM unnest(p_players) u(id)
  WHERE NOT EXISTS (SELECT 1 FROM players p WHERE p.player_id = u.id) LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'record_match: player % has no row in players', bad.id
      USING ERRCODE = 'foreign_key_violation',
            HINT = 'Insert the player first; it starts from each system''s prior.';
  END IF;

  SELECT p.player_id, p.last_match_id, p.last_played_at INTO bad FROM players p
  WHERE p.player_id = ANY (p_players) AND (p.last_played_at, p.last_match_id) >= (p_at, p_match)
  ORDER BY p.player_id LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'record_match: match % (played_at %) is not after match % (played_at %) already rated for player %',
      p_match, p_at, bad.last_match_id, bad.last_played_at, bad.player_id
      USING ERRCODE = 'invalid_parameter_value',
            HINT = 'Insert its rows into results, then CALL rerate_from(played_at).';
  END IF;

  INSERT INTO results SELECT p_match, p_at, u.*, p_season FROM unnest(p_players, p_teams, p_ranks) u;

  -- In each system: rate the match from the players' current state (read
  -- once), log the change and write the new ratings back.
  FOR s IN SELECT * FROM systems ORDER BY system LOOP
    EXECUTE format($q$
      WITH match AS MATERIALIZED (
        SELECT array_agg(x.player_id ORDER BY x.player_id) AS ids, array_agg(x.team ORDER BY x.player_id) AS teams,
               array_agg(x.rank ORDER BY x.player_id) AS ranks, array_agg(r.%1$I ORDER BY x.player_id) AS ratings,
               array_agg(p.matches ORDER BY x.player_id) AS matches,
               array_agg(p.last_played_at ORDER BY x.player_id) AS last_played,
               array_agg(r.peak ORDER BY x.player_id) AS peaks,
               array_agg(p.last_season ORDER BY x.player_id) AS last_seasons
        FROM results x JOIN players p USING (player_id)
        LEFT JOIN ratings r ON r.player_id = x.player_id AND r.system = $3
        WHERE x.match_id = $1
      ), rated AS MATERIALIZED (
        SELECT o.player_id, o.rating, o.peak
        FROM match m, skill.rate_match($4, $1, $2, m.ids, m.teams, m.ranks, m.ratings, m.matches,
                                       m.last_played, m.peaks, $5, season => $6,
                                       last_seasons => m.last_seasons) o
      ), logged AS (
        INSERT INTO rating_changes (match_id, player_id, system, %1$s_before, %1$s_after)
        SELECT $1, o.player_id, $3, r.%1$I, o.rating
        FROM rated o LEFT JOIN ratings r ON r.player_id = o.player_id AND r.system = $3
      )
      INSERT INTO ratings (player_id, system, %1$I, peak)
      SELECT player_id, $3, rating, peak FROM rated
      ON CONFLICT (player_id, system) DO UPDATE SET %1$I = excluded.%1$I, peak = excluded.peak$q$, s.kind)
    USING p_match, p_at, s.system, s.family, s.options, p_season;
  END LOOP;

  UPDATE players SET matches = matches + 1, last_played_at = p_at, last_match_id = p_match,
                     last_season = coalesce(p_season, last_season)
  WHERE player_id = ANY (p_players);
END $$;

CREATE PROCEDURE rerate_from(p_from timestamptz)
LANGUAGE plpgsql AS $$
DECLARE
  s record;
BEGIN
  -- Plain reads only until commit: no record_match runs in between.
  LOCK TABLE players IN EXCLUSIVE MODE;
  UPDATE players p SET matches = l.matches, last_played_at = l.played_at, last_match_id = l.match_id,
                       last_season = l.last_season
  FROM (SELECT DISTINCT ON (player_id) player_id, played_at, match_id,
               count(*) OVER (PARTITION BY player_id) AS matches,
               first_value(season) OVER (PARTITION BY player_id
                                         ORDER BY season IS NULL, played_at DESC, match_id DESC) AS last_season
        FROM results ORDER BY player_id, played_at DESC, match_id DESC) l
  WHERE p.player_id = l.player_id;

  -- Each system's history of all results (so every player's state is the
  -- recompute's); its changes from p_from on are rewritten.
  FOR s IN SELECT * FROM systems ORDER BY system LOOP
    EXECUTE format($q$
      CREATE TEMP TABLE rerated AS
      SELECT match_id, played_at, player_id, rating_after AS after,
             lag(rating_after) OVER (PARTITION BY player_id ORDER BY played_at, match_id) AS before,
             %2$s AS peak,
             row_number() OVER (PARTITION BY player_id ORDER BY played_at DESC, match_id DESC) AS back
      FROM skill.%1$s_history('SELECT match_id, played_at, player_id, team, rank, season FROM results
                                ORDER BY played_at, match_id, player_id', $1)$q$,
      s.family, CASE s.kind WHEN 'elo' THEN  -- Elo's highest rating: the prior counts
        'greatest(max(rating_after) OVER (PARTITION BY player_id), coalesce(($1->>''rating'')::float8, 1500))'
        ELSE 'NULL::float8' END)
    USING s.options;
    DELETE FROM rating_changes c USING results r
    WHERE c.system = s.system AND r.match_id = c.match_id AND r.player_id = c.player_id AND r.played_at >= p_from;
    EXECUTE format($q$
      INSERT INTO rating_changes (match_id, player_id, system, %1$s_before, %1$s_after)
      SELECT match_id, player_id, $1, before, after FROM rerated WHERE played_at >= $2$q$, s.kind)
    USING s.system, p_from;
    EXECUTE format($q$
      INSERT INTO ratings (player_id, system, %1$I, peak)
      SELECT player_id, $1, after, peak FROM rerated WHERE back = 1
      ON CONFLICT (player_id, system) DO UPDATE SET %1$I = excluded.%1$I, peak = excluded.peak$q$, s.kind)
    USING s.system;
    DROP TABLE rerated;
  END LOOP;
END $$;

-- The procedures read and write the tables of the schema the recipe was
-- loaded into, whatever the caller's search_path: a caller's temporary
-- table named like one of them (searched first by default) is not used.
DO $pin$
BEGIN
  EXECUTE format('ALTER PROCEDURE record_match(bigint, timestamptz, bigint[], int[], float8[], text) SET search_path = %I, pg_temp',
                 current_schema());
  EXECUTE format('ALTER PROCEDURE rerate_from(timestamptz) SET search_path = %I, pg_temp', current_schema());
END $pin$;
