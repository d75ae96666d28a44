
---------------------------------------------------------------------------
-- IMS matchmaker compatibility: the rate endpoint's JSON, and the queue's
-- musigma data point taken as it is
---------------------------------------------------------------------------

CREATE FUNCTION skill.ims_rate(request jsonb)
RETURNS jsonb
AS 'MODULE_PATHNAME', 'ims_rate'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.ims_rate(jsonb) IS
  'The IMS matchmaker rate endpoint: request {"config": {"modelId": "PLACKETT_LUCE", "beta", "epsilon", "mu", "sigma"}, "teams": [{"rank", "team": {"teamId", "players": [{"playerId", "mu", "sigma"}]}}]} rated by Plackett-Luce (kappa = epsilon, tau 0; players without mu/sigma take config''s); returns {"teams": [{"teamId", "players": [{"playerId", "mu", "sigma"}]}]}';

CREATE FUNCTION skill.party_rating(members skill.rating[], data_point jsonb)
RETURNS float8
AS 'MODULE_PATHNAME', 'party_rating_musigma'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.party_rating(skill.rating[], jsonb) IS
  'IMS party rating with the maxMuWeight, medMuWeight and ordinalDeviations of an IMS queue''s musigma data point (the whole dataPoints entry or its musigma object); a NULL member is an unrated player with the data point''s mu and sigma';

CREATE FUNCTION skill.form_matches(ticket_ids anyarray, ratings float8[], party_sizes int[],
                                   n_teams int, team_size int, data_point jsonb,
                                   waited interval[] DEFAULT NULL)
RETURNS TABLE (match int, team int, ticket_id anyelement, score float8)
AS 'MODULE_PATHNAME', 'form_matches_musigma'
LANGUAGE C IMMUTABLE PARALLEL SAFE ROWS 100;
COMMENT ON FUNCTION skill.form_matches(anyarray, float8[], int[], int, int, jsonb, interval[]) IS
  'form_matches with an IMS queue''s musigma data point: its floor and weight as skill_floor and skill_weight, its beta as every ticket''s window, or with maxBeta, buckets and bucketDuration (seconds) the window each ticket''s waited time has reached';
