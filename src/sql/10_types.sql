
---------------------------------------------------------------------------
-- Types
---------------------------------------------------------------------------

-- skill.rating and skill.glicko are domains over plain composites whose
-- CHECK (a C function, raising a specific error) refuses a bad value
-- wherever it comes in: text input, casts, COPY, table columns, arrays.
-- Values built in C are checked in C (the executor does not re-check them).
CREATE TYPE skill.rating_value AS (mu float8, sigma float8);
COMMENT ON TYPE skill.rating_value IS
  'The unchecked composite under the domain skill.rating; use skill.rating';

CREATE FUNCTION skill.rating_check(skill.rating_value)
RETURNS boolean
AS 'MODULE_PATHNAME', 'rating_check'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.rating_check(skill.rating_value) IS
  'The CHECK of the domain skill.rating: true for finite mu and finite sigma > 0, an error naming the field otherwise';

CREATE DOMAIN skill.rating AS skill.rating_value
  CONSTRAINT rating_valid CHECK (skill.rating_check(VALUE));
COMMENT ON DOMAIN skill.rating IS
  'A Gaussian skill belief (TrueSkill, OpenSkill): mean mu and standard deviation sigma; finite mu, finite sigma > 0';

CREATE TYPE skill.glicko_value AS (rating float8, rd float8, vol float8);
COMMENT ON TYPE skill.glicko_value IS
  'The unchecked composite under the domain skill.glicko; use skill.glicko';

CREATE FUNCTION skill.glicko_check(skill.glicko_value)
RETURNS boolean
AS 'MODULE_PATHNAME', 'glicko_check'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko_check(skill.glicko_value) IS
  'The CHECK of the domain skill.glicko: true for finite rating, finite rd >= 0, vol NULL or finite > 0; an error naming the field otherwise';

CREATE DOMAIN skill.glicko AS skill.glicko_value
  CONSTRAINT glicko_valid CHECK (skill.glicko_check(VALUE));
COMMENT ON DOMAIN skill.glicko IS
  'A Glicko-1/2 rating: rating, rating deviation rd, and volatility vol (Glicko-2 only); finite rating, rd >= 0 (0: known exactly), vol NULL or > 0';

CREATE FUNCTION skill.rating(mu float8 DEFAULT 25, sigma float8 DEFAULT 8.333333333333334)
RETURNS skill.rating
AS 'MODULE_PATHNAME', 'rating'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.rating(float8, float8) IS
  'Builds a checked skill.rating (finite mu, sigma > 0); defaults are the TrueSkill/OpenSkill prior 25, 25/3';

CREATE FUNCTION skill.glicko(rating float8 DEFAULT 1500, rd float8 DEFAULT 350, vol float8 DEFAULT 0.06)
RETURNS skill.glicko
AS 'MODULE_PATHNAME', 'glicko'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION skill.glicko(float8, float8, float8) IS
  'Builds a checked skill.glicko (finite rating, rd > 0, vol NULL or > 0); defaults 1500, 350, 0.06; NULL rating or rd gives NULL';

CREATE FUNCTION skill.ordinal(r skill.rating, z float8 DEFAULT 3, alpha float8 DEFAULT 1, target float8 DEFAULT 0)
RETURNS float8
AS 'MODULE_PATHNAME', 'ordinal'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION skill.ordinal(skill.rating, float8, float8, float8) IS
  'Conservative skill estimate alpha*((mu - z*sigma) + target/alpha); with the defaults mu - 3*sigma';
