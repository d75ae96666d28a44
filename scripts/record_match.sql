-- scripts/record_match.sql - the per-match update recipe of the README
-- ("Update ratings when a match ends"): tables and two procedures.
-- scripts/demo.sql, sql/recipe.sql and scripts/test_concurrency.sh load it,
-- so the tests exercise the documented text itself.
--
--   record_match  rates one match in the caller's transaction; it never
--                 loses data: it refuses a player without a row and a match
--                 that is not after the last one already rated for any of
--                 its players (live ratings would then differ from a
--                 recompute).
--   rerate_from   re-rates every match played at or after a point in time
--                 from the history (after a late match was added to results).

CREATE TABLE players (
  player_id      bigint PRIMARY KEY,
  name           text,
  rating         skill.rating NOT NULL DEFAULT skill.rating(),  -- OpenSkill Plackett-Luce prior
  elo            float8 NOT NULL DEFAULT 1500,                   -- elo_replay's default prior
  last_played_at timestamptz,   -- the newest match rated into rating and elo
  last_match_id  bigint
);

-- One row per player per match (rank: lower is better, equal ranks tie).
CREATE TABLE results (
  match_id  bigint NOT NULL,
  played_at timestamptz NOT NULL,
  player_id bigint NOT NULL REFERENCES players,
  team      int NOT NULL,
  rank      float8 NOT NULL,
  PRIMARY KEY (match_id, player_id)
);
CREATE INDEX ON results (played_at, match_id);

-- Each player's ratings before and after each match: the deltas to show,
-- and the audit that each update started from the previous one's result.
CREATE TABLE rating_changes (
  match_id      bigint NOT NULL,
  player_id     bigint NOT NULL,
  rating_before skill.rating NOT NULL,
  rating_after  skill.rating NOT NULL,
  elo_before    float8 NOT NULL,
  elo_after     float8 NOT NULL,
  PRIMARY KEY (match_id, player_id),
  FOREIGN KEY (match_id, player_id) REFERENCES results
);

CREATE PROCEDURE record_match(p_match bigint, p_at timestamptz, p_players bigint[], p_teams int[], p_ranks float8[])
LANGUAGE plpgsql AS $$
DECLARE
  bad record;
BEGIN
  -- Lock the match's players in id order before anything else: a concurrent
  -- match sharing a player waits here, then rates from this one's result.
  PERFORM 1 FROM players WHERE player_id = ANY (p_players) ORDER BY player_id FOR UPDATE;

  SELECT u.id INTO bad FROM unnest(p_players) u(id)
  WHERE NOT EXISTS (SELECT 1 FROM players p WHERE p.player_id = u.id) LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'record_match: player % has no row in players', bad.id
      USING ERRCODE = 'foreign_key_violation',
            HINT = 'Insert the player first; the column defaults are the prior.';
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

  INSERT INTO results SELECT p_match, p_at, u.* FROM unnest(p_players, p_teams, p_ranks) u;

  -- Rate from the current ratings (read once), write them back and log the change.
  WITH before AS MATERIALIZED (
    SELECT x.match_id, x.played_at, x.player_id, x.team, x.rank, q.rating, q.elo
    FROM results x JOIN players q USING (player_id) WHERE x.match_id = p_match
  ), rated AS MATERIALIZED (
    SELECT o.player_id, o.rating, e.rating AS elo
    FROM unnest((SELECT skill.pl_replay(match_id, played_at, player_id, team, rank, rating) FROM before)) o
    JOIN unnest((SELECT skill.elo_replay(match_id, played_at, player_id, team, rank, elo) FROM before)) e
      USING (player_id)
  ), updated AS (
    UPDATE players p SET rating = r.rating, elo = r.elo, last_played_at = p_at, last_match_id = p_match
    FROM rated r WHERE p.player_id = r.player_id
  )
  INSERT INTO rating_changes
  SELECT p_match, b.player_id, b.rating, r.rating, b.elo, r.elo
  FROM before b JOIN rated r USING (player_id);
END $$;

CREATE PROCEDURE rerate_from(p_from timestamptz)
LANGUAGE plpgsql AS $$
DECLARE
  -- Every match from p_from on, each player starting from its rating after
  -- its last match before p_from (NULL: the prior).
  rows text := format($q$
    WITH start AS (
      SELECT DISTINCT ON (c.player_id) c.player_id, c.rating_after, c.elo_after
      FROM rating_changes c JOIN results r USING (match_id, player_id)
      WHERE r.played_at < %1$L
      ORDER BY c.player_id, r.played_at DESC, r.match_id DESC)
    SELECT x.match_id, x.played_at, x.player_id, x.team, x.rank, s.%%s
    FROM results x LEFT JOIN start s USING (player_id)
    WHERE x.played_at >= %1$L
    ORDER BY x.played_at, x.match_id$q$, p_from);
BEGIN
  -- Plain reads only until commit: no record_match runs in between.
  LOCK TABLE players IN EXCLUSIVE MODE;
  CREATE TEMP TABLE rerated AS
  SELECT o.match_id, o.played_at, o.player_id, o.rating_before, o.rating_after,
         e.rating_before AS elo_before, e.rating_after AS elo_after
  FROM skill.pl_history(format(rows, 'rating_after')) o
  JOIN skill.elo_history(format(rows, 'elo_after')) e USING (match_id, player_id);

  DELETE FROM rating_changes c USING results r
  WHERE r.match_id = c.match_id AND r.player_id = c.player_id AND r.played_at >= p_from;
  INSERT INTO rating_changes
  SELECT match_id, player_id, rating_before, rating_after, elo_before, elo_after FROM rerated;
  UPDATE players p SET rating = l.rating_after, elo = l.elo_after,
                       last_played_at = l.played_at, last_match_id = l.match_id
  FROM (SELECT DISTINCT ON (player_id) * FROM rerated
        ORDER BY player_id, played_at DESC, match_id DESC) l
  WHERE p.player_id = l.player_id;
  DROP TABLE rerated;
END $$;
