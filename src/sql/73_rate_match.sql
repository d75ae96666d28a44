
---------------------------------------------------------------------------
-- Per-match updates: one match from the state its caller keeps per player
---------------------------------------------------------------------------

CREATE FUNCTION skill.rate_match(family text, match_id bigint, played_at timestamptz,
                                 player_ids bigint[], teams int[], ranks float8[],
                                 ratings anyarray, matches int[] DEFAULT NULL,
                                 last_played timestamptz[] DEFAULT NULL,
                                 peaks float8[] DEFAULT NULL, options jsonb DEFAULT NULL,
                                 scores float8[] DEFAULT NULL, home boolean[] DEFAULT NULL,
                                 match_weight float8 DEFAULT NULL, season text DEFAULT NULL,
                                 last_seasons text[] DEFAULT NULL)
RETURNS TABLE (player_id bigint, rating anyelement, matches int, last_played timestamptz,
               peak float8)
AS 'MODULE_PATHNAME', 'rate_match'
LANGUAGE C STABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.rate_match(text, bigint, timestamptz, bigint[], int[], float8[], anyarray, int[], timestamptz[], float8[], jsonb, float8[], boolean[], float8, text, text[]) IS
  'Rates one match of the named family (pl, elo, glicko2, ...) given as arrays of its rows, each player from its state after its last match (rating, matches rated, last played_at, Elo''s peak, its last match''s season; matches 0 or NULL: a new player, its rating the prior, NULL the options'' prior); match_weight scales the update (Elo and Glicko), season resets a player whose last season differs; returns each player''s new state, equal to the family''s history of the whole results with this match last (periods per match)';

CREATE FUNCTION skill.rate_period(family text, periods_closed bigint, match_ids bigint[],
                                  played_at timestamptz[], player_ids bigint[], teams int[],
                                  ranks float8[], ratings anyarray, matches int[] DEFAULT NULL,
                                  last_played timestamptz[] DEFAULT NULL,
                                  last_period bigint[] DEFAULT NULL, options jsonb DEFAULT NULL,
                                  scores float8[] DEFAULT NULL, home boolean[] DEFAULT NULL)
RETURNS TABLE (player_id bigint, rating anyelement, matches int, last_played timestamptz,
               last_period bigint)
AS 'MODULE_PATHNAME', 'rate_period'
LANGUAGE C STABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.rate_period(text, bigint, bigint[], timestamptz[], bigint[], int[], float8[], anyarray, int[], timestamptz[], bigint[], jsonb, float8[], boolean[]) IS
  'Rates one rating period of the glicko or glicko2 family when it closes: the period''s rows (ordered by played_at, match_id), each with its player''s state (rating, matches rated, last played_at, last_period: the periods closed when it was last current), after periods_closed periods; returns each player''s new state by player id, equal to the family''s history with a period column';
