-- scripts/otr_weekly.sql - o!TR's weekly full recompute, as a recipe to
-- load into a tournament site's database (after CREATE EXTENSION skill):
--   psql -d mydb -f scripts/otr_weekly.sql
--
-- o!TR recomputes every rating from all data once a week (Tuesday 12:00
-- UTC), since tournaments added late change history.  otr_recompute(as_of)
-- replays every score played up to as_of with skill.otr_replay, decaying
-- everyone to as_of, into a new table, then repoints the view
-- otr_ratings at it and drops the old table, all in one transaction:
-- readers see the old ratings or the new, never a half-built table, and
-- grants on the view survive every run.  Time is passed in, never read.
--
-- The procedure names its tables in schema public and runs with a fixed
-- search_path (nothing resolves through a schema someone else can write).
-- Tables (adapt names and schema; the replay needs only the five score columns):
--   otr_scores   one row per player per game: match_id, played_at,
--                game_id, player_id, score
--   otr_players  player_id, osu_rank, ruleset: start ratings from rank
--   otr_ratings  (a view) player_id, rating, matches, peak, last_played,
--                computed_at
--
-- Scheduled with pg_cron (schedules are in UTC/GMT):
--   SELECT cron.schedule('otr-weekly', '0 12 * * 2', 'CALL otr_recompute(now())');

CREATE TABLE IF NOT EXISTS otr_scores (
  match_id bigint NOT NULL,
  played_at timestamptz NOT NULL,
  game_id bigint NOT NULL,
  player_id bigint NOT NULL,
  score float8 NOT NULL,
  PRIMARY KEY (match_id, game_id, player_id)
);
CREATE INDEX IF NOT EXISTS otr_scores_order ON otr_scores (played_at, match_id, game_id);

CREATE TABLE IF NOT EXISTS otr_players (
  player_id bigint PRIMARY KEY,
  osu_rank int,                     -- NULL: the fallback start rating 1000
  ruleset text NOT NULL DEFAULT 'osu'
);

-- The table behind the view; replaced by every run.
CREATE TABLE IF NOT EXISTS otr_ratings_current (
  player_id bigint PRIMARY KEY,
  rating skill.rating NOT NULL,
  matches int NOT NULL,
  peak float8 NOT NULL,
  last_played timestamptz NOT NULL,
  computed_at timestamptz NOT NULL
);
CREATE OR REPLACE VIEW otr_ratings AS SELECT * FROM otr_ratings_current;

CREATE OR REPLACE PROCEDURE otr_recompute(as_of timestamptz)
LANGUAGE plpgsql
SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
  IF as_of IS NULL THEN
    RAISE EXCEPTION 'otr_recompute: as_of must not be NULL';
  END IF;
  DROP TABLE IF EXISTS public.otr_ratings_next;
  CREATE TABLE public.otr_ratings_next AS
  SELECT r.player_id, r.rating, r.matches, r.peak, r.last_played, as_of AS computed_at
  FROM unnest((
    SELECT skill.otr_replay(match_id, played_at, game_id, player_id, score,
                            skill.rating(skill.otr_initial_rating(osu_rank, coalesce(ruleset, 'osu')), 400),
                            jsonb_build_object('as_of', as_of))
    FROM (SELECT s.*, p.osu_rank, p.ruleset
          FROM public.otr_scores s LEFT JOIN public.otr_players p USING (player_id)
          WHERE s.played_at <= as_of
          ORDER BY s.played_at, s.match_id, s.game_id) o)) r;
  ALTER TABLE public.otr_ratings_next ADD PRIMARY KEY (player_id);
  -- The swap: the view follows the new table; the old one goes.
  CREATE OR REPLACE VIEW public.otr_ratings AS SELECT * FROM public.otr_ratings_next;
  DROP TABLE public.otr_ratings_current;
  ALTER TABLE public.otr_ratings_next RENAME TO otr_ratings_current;
  ALTER INDEX public.otr_ratings_next_pkey RENAME TO otr_ratings_current_pkey;
END $$;
COMMENT ON PROCEDURE otr_recompute(timestamptz) IS
  'o!TR weekly recompute: replays every score up to as_of (decaying everyone to as_of) into a new table and swaps it behind the view otr_ratings in one transaction';
