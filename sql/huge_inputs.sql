-- One large free-for-all in a history: no table of n^2 entries.  At these
-- sizes such a table passed PostgreSQL's 1 GB allocation limit (an
-- internal error): Elo's pair outcomes (8 n^2 bytes from 11,586 players),
-- and the Glicko families' period results, once per game (24 n^2 bytes
-- from 6,689 players).
\set VERBOSITY terse
-- Elo: the winner beats 11,599 players at even odds (+16), the last loses
-- as much, and the changes add up to nothing.
SELECT count(*) AS rows, max(rating_after) AS best, min(rating_after) AS worst,
       abs(sum(rating_after - rating_before)) < 1e-6 AS zero_sum,
       bool_and(abs(predicted_win - 1.0 / 11600) < 1e-15) AS even_odds
FROM skill.elo_history('SELECT 1::bigint, timestamptz ''2026-01-01 00:00+00'', g::bigint, g, g::float8
                        FROM generate_series(1, 11600) g');
SELECT count(*) AS matches, round(sum(predicted_win)::numeric, 12) AS winner_chance
FROM skill.match_predictions('elo', 'SELECT 1::bigint, timestamptz ''2026-01-01 00:00+00'', g::bigint, g, g::float8
                                     FROM generate_series(1, 11600) g');
-- Glicko-2: every rank rated, in order of finish.
SELECT count(*) AS rows, count(*) FILTER (WHERE NOT ordered) AS out_of_order,
       bool_and((rating_after).rd < (rating_before).rd) AS rd_shrinks
FROM (SELECT *, (rating_after).rating >= lead((rating_after).rating) OVER (ORDER BY rank) IS NOT FALSE AS ordered
      FROM skill.glicko2_history('SELECT 1::bigint, timestamptz ''2026-01-01 00:00+00'', g::bigint, g, g::float8
                                  FROM generate_series(1, 6800) g')) h;

-- A length whose power overflows is an error naming the match (22003), in
-- every family and in evaluate: an infinite factor turned an even match's
-- chance into NaN, and evaluate then scored no match without a word.
\set VERBOSITY default
SELECT predicted_win FROM skill.elo_history($$SELECT 1::bigint, timestamptz '2026-01-01 00:00+00', g::bigint, g, g::float8,
                                                     1e300::float8 AS length FROM generate_series(1, 2) g$$,
                                            '{"length_exponent": 2}');
\echo :LAST_ERROR_SQLSTATE
SELECT predicted_win FROM skill.glicko2_history($$SELECT 1::bigint, timestamptz '2026-01-01 00:00+00', g::bigint, g, g::float8,
                                                         1e300::float8 AS length FROM generate_series(1, 2) g$$,
                                                '{"length_exponent": 2}');
SELECT predicted_win FROM skill.pl_history($$SELECT 1::bigint, timestamptz '2026-01-01 00:00+00', g::bigint, g, g::float8,
                                                    1e300::float8 AS length FROM generate_series(1, 2) g$$,
                                           '{"length_exponent": 2}');
SELECT system, n FROM skill.evaluate($$SELECT 1::bigint, timestamptz '2026-01-01 00:00+00', g::bigint, g, g::float8,
                                              1e300::float8 AS length FROM generate_series(1, 2) g$$,
                                     '{elo}', '{"elo": {"length_exponent": 2}}');
-- A power that underflows is 0: an even chance, finite.
SELECT predicted_win FROM skill.elo_history($$SELECT 1::bigint, timestamptz '2026-01-01 00:00+00', g::bigint, g, g::float8,
                                                     1e-300::float8 AS length FROM generate_series(1, 2) g$$,
                                            '{"length_exponent": 2}');
