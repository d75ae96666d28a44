
---------------------------------------------------------------------------
-- Game-server placement: formed matches onto server instances
---------------------------------------------------------------------------

CREATE FUNCTION skill.place_matches(server_ids anyarray, capacities int[], loads int[],
                                    player_matches int[], latencies float8[],
                                    max_latency float8 DEFAULT NULL,
                                    latency_slack float8 DEFAULT 0)
RETURNS TABLE (match int, server_id anyelement, worst_latency float8)
AS 'MODULE_PATHNAME', 'place_matches'
LANGUAGE C IMMUTABLE PARALLEL SAFE ROWS 100;
COMMENT ON FUNCTION skill.place_matches(anyarray, int[], int[], int[], float8[], float8, float8) IS
  'Places matches (players numbered by player_matches, placed in ascending match number) on servers of capacity sessions running loads: latencies is one row per player, one column per server (NULL = unreachable); each match goes to a server with room within max_latency (NULL = no limit) and within latency_slack of its lowest worst-player latency, the least loaded (load/capacity) first; one row per match, server_id NULL when none fits';

CREATE FUNCTION skill.place_matches(server_ids anyarray, capacities int[], loads int[],
                                    server_regions text[], player_matches int[], player_regions text[],
                                    cross_region_latency float8 DEFAULT NULL,
                                    max_latency float8 DEFAULT NULL,
                                    latency_slack float8 DEFAULT 0)
RETURNS TABLE (match int, server_id anyelement, worst_latency float8)
AS 'MODULE_PATHNAME', 'place_matches_regions'
LANGUAGE C IMMUTABLE PARALLEL SAFE ROWS 100;
COMMENT ON FUNCTION skill.place_matches(anyarray, int[], int[], text[], int[], text[], float8, float8, float8) IS
  'place_matches by region: a player''s latency is 0 to a server of its own region and cross_region_latency to any other (NULL = other regions not allowed); otherwise as the latency form';
