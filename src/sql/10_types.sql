
---------------------------------------------------------------------------
-- Types
---------------------------------------------------------------------------

CREATE TYPE skill.rating AS (mu float8, sigma float8);
COMMENT ON TYPE skill.rating IS
  'A Gaussian skill belief (TrueSkill, OpenSkill): mean mu and standard deviation sigma';

CREATE TYPE skill.glicko AS (rating float8, rd float8, vol float8);
COMMENT ON TYPE skill.glicko IS
  'A Glicko-1/2 rating: rating, rating deviation rd, and volatility vol (Glicko-2 only)';

CREATE FUNCTION skill.rating(mu float8 DEFAULT 25, sigma float8 DEFAULT 8.333333333333334)
RETURNS skill.rating
AS 'MODULE_PATHNAME', 'rating'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.rating(float8, float8) IS
  'Builds a checked skill.rating (finite mu, sigma > 0); defaults are the TrueSkill/OpenSkill prior 25, 25/3';

CREATE FUNCTION skill.glicko(rating float8 DEFAULT 1500, rd float8 DEFAULT 350, vol float8 DEFAULT 0.06)
RETURNS skill.glicko
AS 'MODULE_PATHNAME', 'glicko'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko(float8, float8, float8) IS
  'Builds a checked skill.glicko (finite rating, rd > 0, vol > 0); defaults 1500, 350, 0.06';

CREATE FUNCTION skill.ordinal(r skill.rating, z float8 DEFAULT 3, alpha float8 DEFAULT 1, target float8 DEFAULT 0)
RETURNS float8
AS 'MODULE_PATHNAME', 'ordinal'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.ordinal(skill.rating, float8, float8, float8) IS
  'Conservative skill estimate alpha*((mu - z*sigma) + target/alpha); with the defaults mu - 3*sigma';
