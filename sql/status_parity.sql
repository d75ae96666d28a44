-- A per-match function and the replay of the same match fail alike: the
-- same SQLSTATE and the same reason after each one's prefix ("pl_rate: "
-- and "pl_history could not rate match 1: ", docs/errors.md).  Here on
-- ratings whose spread squared underflows (sigma 1e-200, tau 0) and on an
-- overflowing K.
\set VERBOSITY terse
CREATE FUNCTION pg_temp.failure(query text) RETURNS text
LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE query;
  RETURN 'no error';
EXCEPTION WHEN OTHERS THEN
  RETURN SQLSTATE || ' ' || regexp_replace(SQLERRM, '^[a-z0-9_]+( could not rate match [0-9]+)?: ', '');
END $$;

WITH cases(family, per_match, options) AS (VALUES
  ('pl', 'skill.pl_rate(ARRAY[skill.rating(25, 1e-200), skill.rating(25, 1e-200)], tau => 0)', '{"sigma": 1e-200, "tau": 0}'),
  ('bt_full', 'skill.bt_full_rate(ARRAY[skill.rating(25, 1e-200), skill.rating(25, 1e-200)], tau => 0)', '{"sigma": 1e-200, "tau": 0}'),
  ('bt_part', 'skill.bt_part_rate(ARRAY[skill.rating(25, 1e-200), skill.rating(25, 1e-200)], tau => 0)', '{"sigma": 1e-200, "tau": 0}'),
  ('tm_full', 'skill.tm_full_rate(ARRAY[skill.rating(25, 1e-200), skill.rating(25, 1e-200)], tau => 0)', '{"sigma": 1e-200, "tau": 0}'),
  ('tm_part', 'skill.tm_part_rate(ARRAY[skill.rating(25, 1e-200), skill.rating(25, 1e-200)], tau => 0)', '{"sigma": 1e-200, "tau": 0}'),
  ('trueskill', 'skill.trueskill_rate(ARRAY[skill.rating(25, 1e-200), skill.rating(25, 1e-200)], tau => 0)', '{"sigma": 1e-200, "tau": 0}'),
  ('elo', 'skill.elo_rate(ARRAY[1.7e308, 1.7e308]::float8[], ARRAY[1, 2]::float8[], k => 1e308)', '{"k": 1e308, "rating": 1.7e308}'))
SELECT family,
       pg_temp.failure('SELECT ' || per_match) AS per_match,
       pg_temp.failure(format('SELECT * FROM skill.%s_history(%L, %L)', family,
                              'SELECT 1::bigint, timestamptz ''2026-01-01 00:00+00'', p::bigint, p, p::float8 FROM generate_series(1, 2) p',
                              options)) AS replay
FROM cases
ORDER BY family;
-- The same for rate_match, which rates one match from kept state.
SELECT pg_temp.failure($$SELECT * FROM skill.rate_match('pl', 1, timestamptz '2026-01-01 00:00+00', '{1,2}', '{1,2}', '{1,2}',
                                                        ARRAY[skill.rating(25, 1e-200), skill.rating(25, 1e-200)],
                                                        options => '{"tau": 0}')$$) AS rate_match;
