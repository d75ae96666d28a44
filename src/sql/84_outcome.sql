
---------------------------------------------------------------------------
-- Outcomes from scores (margins)
---------------------------------------------------------------------------
-- Elo and the Glicko families are defined for fractional outcomes: these
-- turn a match's scores (points, games, goals) into the outcome for one
-- side, to pass as the score of elo_rate, glicko_update, glicko2_update.

CREATE FUNCTION skill.share_outcome(score_for float8, score_against float8, w float8 DEFAULT 0,
                                    k float8 DEFAULT 1, result float8 DEFAULT NULL)
RETURNS float8
AS 'MODULE_PATHNAME', 'share_outcome'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.share_outcome(float8, float8, float8, float8, float8) IS
  'Outcome for the side that scored score_for: w r + (1 - w) sigmoid(k logit(clamp(share, 0.01, 0.99))), share = score_for / (score_for + score_against), r = result (1, 0.5, 0; NULL: from comparing the scores); r alone when both scores are 0';

CREATE FUNCTION skill.difference_outcome(score_for float8, score_against float8, scale float8 DEFAULT 1)
RETURNS float8
AS 'MODULE_PATHNAME', 'difference_outcome'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.difference_outcome(float8, float8, float8) IS
  'Outcome for the side that scored score_for from the score difference: sigmoid((score_for - score_against) / scale)';
