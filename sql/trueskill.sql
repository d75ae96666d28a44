-- TrueSkill: trueskill_rate, trueskill_quality, trueskill_win_probability,
-- trueskill_expose.  Expected numbers come from tests/vectors/trueskill.jsonl
-- (trueskill 0.4.5, scipy backend; case ids in the comments) or from the
-- closed forms worked out in the comments; they are shown rounded to 6
-- decimals (the vectors' tolerance is 1e-6).  The SQL defaults tau = 25/300.0
-- and beta = 25/6.0 differ from the package's sigma/100 and sigma/2 in the
-- last bit only.
\set VERBOSITY terse

-- A result as rows (team, player, mu, sigma), rounded; player is NULL for a
-- 1-D (one player per team) result.  Padding shows as NULL mu and sigma.
CREATE FUNCTION pg_temp.show(rs skill.rating[])
RETURNS TABLE (team int, player int, mu numeric, sigma numeric)
LANGUAGE sql IMMUTABLE
AS $$
  SELECT t, p, round((rs[t][p]).mu::numeric, 6), round((rs[t][p]).sigma::numeric, 6)
  FROM generate_subscripts(rs, 1) AS t, generate_subscripts(rs, 2) AS p
  UNION ALL
  SELECT t, NULL, round((rs[t]).mu::numeric, 6), round((rs[t]).sigma::numeric, 6)
  FROM generate_subscripts(rs, 1) AS t
  WHERE array_ndims(rs) = 1
  ORDER BY 1, 2
$$;

-- True when every mu and sigma of a result is finite and sigma > 0.
CREATE FUNCTION pg_temp.all_finite(rs skill.rating[])
RETURNS bool LANGUAGE sql IMMUTABLE
AS $$
  SELECT bool_and(r IS NULL OR (r.mu NOT IN ('NaN', 'Infinity', '-Infinity')
                               AND r.sigma NOT IN ('NaN', 'Infinity', '-Infinity')
                               AND r.sigma > 0))
  FROM unnest(rs) AS r
$$;

--
-- trueskill_rate
--

-- 1v1 with the defaults, first player wins (1v1-win-default):
-- 29.395832 / 7.171476 and 20.604168 / 7.171476.
SELECT * FROM pg_temp.show(skill.trueskill_rate(ARRAY[skill.rating(), skill.rating()], '{0,1}'));
-- ranks default to list order: the same as '{0,1}'.
SELECT skill.trueskill_rate(ARRAY[skill.rating(), skill.rating()])
     = skill.trueskill_rate(ARRAY[skill.rating(), skill.rating()], '{0,1}') AS null_ranks_is_list_order;
SELECT skill.trueskill_rate(ARRAY[skill.rating(), skill.rating()], NULL, NULL)
     = skill.trueskill_rate(ARRAY[skill.rating(), skill.rating()], '{0,1}') AS explicit_nulls;
-- 1v1-win-ranks-omitted: 29.513499 / 5.227962 and 22.882620 / 3.780538.
SELECT * FROM pg_temp.show(skill.trueskill_rate(ARRAY[skill.rating(27, 6), skill.rating(24, 4)]));
-- Any rank values work, lower is better: {5,2} means the second player won,
-- the mirror image of the first case.
SELECT * FROM pg_temp.show(skill.trueskill_rate(ARRAY[skill.rating(), skill.rating()], '{5,2}'));

-- A draw (1v1-draw-default): mu stays 25, sigma 6.457516 for both.
SELECT * FROM pg_temp.show(skill.trueskill_rate(ARRAY[skill.rating(), skill.rating()], '{1,1}'));

-- draw_probability 0 (1v1-win-draw-prob-0): 29.006739 / 6.060915 and
-- 21.643636 / 5.057564.
SELECT * FROM pg_temp.show(skill.trueskill_rate(ARRAY[skill.rating(26, 7), skill.rating(23.5, 5.5)],
                                                '{0,1}', draw_probability => 0));

-- Teams: a 2-D array, one team per row, the shorter team padded with NULL;
-- the result has the same shape.  2v1-custom-env (mu 1200, sigma 400,
-- beta 200, tau 4, draw_probability 0.05): 1104.732678 / 148.782358,
-- 1268.920621 / 289.733530; 1496.969876 / 119.416521.
SELECT * FROM pg_temp.show(skill.trueskill_rate(
  ARRAY[[skill.rating(1100, 150), skill.rating(1250, 300)],
        [skill.rating(1500, 120), NULL]],
  '{0,1}', mu => 1200, sigma => 400, beta => 200, tau => 4, draw_probability => 0.05));
SELECT array_dims(skill.trueskill_rate(ARRAY[[skill.rating(), skill.rating()], [skill.rating(), NULL]]));
-- Non-default lower bounds are kept too.
SELECT array_dims(skill.trueskill_rate('[0:1]={"(25,8.3)","(25,8.3)"}'::skill.rating[]));

-- A 3-team free-for-all with a tie for second (3teams-ffa-tie-default):
-- 30.109299 / 6.735245; 22.442662 / 5.972007; 22.448039 / 5.974128.
SELECT * FROM pg_temp.show(skill.trueskill_rate(ARRAY[skill.rating(), skill.rating(), skill.rating()],
                                                '{0,1,1}'));

-- 4 teams of sizes 1, 2, 3, 1 (4teams-sizes-1-2-3-1): 36.220312 / 4.852872;
-- 17.926950 / 4.246581, 11.950417 / 3.907842; 11.718060 / 6.341588,
-- 6.855386 / 5.292257, 15.865208 / 5.014478; 19.505647 / 5.788541.
SELECT * FROM pg_temp.show(skill.trueskill_rate(
  ARRAY[[skill.rating(31.4875, 5.7265), NULL, NULL],
        [skill.rating(16.279, 4.7275), skill.rating(10.6157, 4.2544), NULL],
        [skill.rating(19.2867, 7.3966), skill.rating(11.4777, 5.7801), skill.rating(19.9187, 5.4127)],
        [skill.rating(23.2612, 6.8647), NULL, NULL]],
  '{0,1,2,3}'));

-- Team order does not matter, only ranks: rating [b, a] with ranks {1,0}
-- gives the same players the same ratings as [a, b] with {0,1}.
SELECT r1[1] = r2[2] AND r1[2] = r2[1] AS order_independent
FROM (SELECT skill.trueskill_rate(ARRAY[skill.rating(30, 4), skill.rating(22, 6)], '{0,1}') AS r1,
             skill.trueskill_rate(ARRAY[skill.rating(22, 6), skill.rating(30, 4)], '{1,0}') AS r2) x;

-- Partial play (2v2-partial-play): 23.234815 / 3.484896, 11.988811 / 1.256984;
-- 29.240030 / 3.021052, 22.506918 / 4.663313.
SELECT * FROM pg_temp.show(skill.trueskill_rate(
  ARRAY[[skill.rating(17.8634, 3.7422), skill.rating(11.6848, 1.2566)],
        [skill.rating(32.0066, 3.1008), skill.rating(34.2835, 5.5418)]],
  '{0,1}', '{{1,0.5},{0.75,1}}'));
-- Weight 0 is raised to min_delta (2v2-partial-play-zero-weight):
-- 43.707824 / 5.776771, 15.370886 / 7.699751; 32.518524 / 6.824958,
-- 7.309684 / 6.987051.  The idle player barely moves.
SELECT * FROM pg_temp.show(skill.trueskill_rate(
  ARRAY[[skill.rating(39.857, 6.2407), skill.rating(15.3703, 7.6993)],
        [skill.rating(38.4189, 7.7252), skill.rating(13.6156, 7.9863)]],
  '{0,1}', '{{1,0},{1,1}}'));
-- Weights of 1 are full play; padding positions may hold NULL or any number.
SELECT skill.trueskill_rate(ARRAY[[skill.rating(), skill.rating()], [skill.rating(), NULL]], '{0,1}',
                            '{{1,1},{1,NULL}}')
     = skill.trueskill_rate(ARRAY[[skill.rating(), skill.rating()], [skill.rating(), NULL]], '{0,1}')
  AND skill.trueskill_rate(ARRAY[[skill.rating(), skill.rating()], [skill.rating(), NULL]], '{0,1}',
                            '{{1,1},{1,7}}')
     = skill.trueskill_rate(ARRAY[[skill.rating(), skill.rating()], [skill.rating(), NULL]], '{0,1}')
  AS full_play;

-- tau = 0 leaves out the dynamics step (sigma^2 + tau^2): players whose skill
-- is known to within 1e-6 do not move, whatever the result.
SELECT * FROM pg_temp.show(skill.trueskill_rate(ARRAY[skill.rating(20, 1e-6), skill.rating(30, 1e-6)],
                                                tau => 0));

-- A 50-player free-for-all: finite, mu falls with the finishing place, every
-- sigma shrinks, and the field is symmetric (place k and 51-k mirror each
-- other around 25, like the 8-player vector 8players-ffa-default).
WITH r AS (
  SELECT skill.trueskill_rate(array_agg(skill.rating() ORDER BY i)) AS rs
  FROM generate_series(1, 50) AS i
)
SELECT pg_temp.all_finite(rs) AS finite,
       cardinality(rs) AS players,
       (SELECT bool_and((rs[i]).mu > (rs[i + 1]).mu) FROM generate_series(1, 49) AS i) AS mu_falls_with_place,
       (SELECT bool_and((rs[i]).sigma < 25/3.0) FROM generate_series(1, 50) AS i) AS sigma_shrinks,
       (SELECT max(abs((rs[i]).mu + (rs[51 - i]).mu - 50)) < 1e-6 FROM generate_series(1, 25) AS i) AS symmetric
FROM r;

-- Lopsided matches (a mu gap of 200, about 15 standard deviations of the
-- performance difference): the expected result leaves mu as it is and sigma
-- only gains the dynamics, sqrt(8.3^2 + (25/300)^2) = 8.300418; the upset
-- moves both players a lot; every number stays finite.
SELECT * FROM pg_temp.show(skill.trueskill_rate(ARRAY[skill.rating(225, 8.3), skill.rating(25, 8.3)], '{0,1}'));
SELECT pg_temp.all_finite(r) AS finite, (r[1]).mu < 225 AS favourite_drops, (r[2]).mu > 25 AS underdog_rises
FROM skill.trueskill_rate(ARRAY[skill.rating(225, 8.3), skill.rating(25, 8.3)], '{1,0}') AS r;
SELECT pg_temp.all_finite(r) AS finite_draw
FROM skill.trueskill_rate(ARRAY[skill.rating(225, 8.3), skill.rating(25, 8.3)], '{0,0}') AS r;
SELECT pg_temp.all_finite(r) AS finite_team_upset
FROM skill.trueskill_rate(ARRAY[[skill.rating(225, 1), skill.rating(225, 1)],
                                [skill.rating(25, 1), skill.rating(25, 1)]], '{1,0}', tau => 0) AS r;

-- NULL team_ratings give NULL (the function is not STRICT: NULL ranks and
-- weights have a meaning).
SELECT skill.trueskill_rate(NULL) IS NULL AS null_in_null_out;
SELECT skill.trueskill_rate(NULL, '{0,1}', '{1,1}') IS NULL AS null_in_null_out;

--
-- trueskill_quality
--

-- Two equal players, sigma = 2 beta: sqrt(2 beta^2/(2 beta^2 + 2 sigma^2))
-- = sqrt(1/5) = 0.447214 (quality/1v1-default).
SELECT round(skill.trueskill_quality(ARRAY[skill.rating(), skill.rating()])::numeric, 6);
-- quality/4teams-sizes-1-2-3-1: 0.000418 (4.1814470169324633e-4).
SELECT round(skill.trueskill_quality(
  ARRAY[[skill.rating(26.2176, 6.4457), NULL, NULL],
        [skill.rating(24.1579, 1.3879), skill.rating(24.9008, 2.4787), NULL],
        [skill.rating(14.7737, 2.5869), skill.rating(23.172, 4.854), skill.rating(10.7187, 4.0406)],
        [skill.rating(20.6809, 4.258), NULL, NULL]])::numeric, 9);
-- quality/2v2-weights: 0.432545 (0.43254491001398926).
SELECT round(skill.trueskill_quality(
  ARRAY[[skill.rating(28.9684, 8.2772), skill.rating(10.8585, 8.0305)],
        [skill.rating(32.8827, 3.5064), skill.rating(13.455, 3.2152)]],
  '{{1,0.5},{1,0.8}}')::numeric, 6);
-- One idle team (all weights 0) is allowed; quality uses the weights as
-- given (no min_delta floor), so that team performs 0 against 50:
-- exp(-50^2/(2*2*(beta^2 + sigma^2))) * sqrt(2 beta^2/(2 beta^2 + 2 sigma^2))
-- = exp(-7.2) * sqrt(1/5) = 0.000334.
SELECT round(skill.trueskill_quality(ARRAY[[skill.rating(), skill.rating()], [skill.rating(), skill.rating()]],
                                     '{{1,1},{0,0}}')::numeric, 6) AS one_idle_team;
-- A free-for-all of 3 equal players: quality falls with more teams.
SELECT skill.trueskill_quality(ARRAY[skill.rating(), skill.rating(), skill.rating()])
     < skill.trueskill_quality(ARRAY[skill.rating(), skill.rating()]) AS three_is_harder;
-- beta matters: with beta = sigma, sqrt(2/4) = 0.707107.
SELECT round(skill.trueskill_quality(ARRAY[skill.rating(), skill.rating()], beta => 25/3.0)::numeric, 6);
SELECT skill.trueskill_quality(NULL) IS NULL AS null_in_null_out;

--
-- trueskill_win_probability
--

-- Equal teams: 0.5 (win_probability/1v1-default).
SELECT skill.trueskill_win_probability(ARRAY[skill.rating(), skill.rating()]);
-- (29,3) against (25,4): Phi(4/sqrt(2*(25/6)^2 + 9 + 16)) = 0.697630.
SELECT round(skill.trueskill_win_probability(ARRAY[skill.rating(29, 3), skill.rating(25, 4)])::numeric, 6);
-- Teams sum their mu: (30,2)+(20,3) against (25,1)+(24,4):
-- Phi(1/sqrt(4*(25/6)^2 + 4 + 9 + 1 + 16)) = 0.539939.
SELECT round(skill.trueskill_win_probability(ARRAY[[skill.rating(30, 2), skill.rating(20, 3)],
                                                  [skill.rating(25, 1), skill.rating(24, 4)]])::numeric, 6);
-- win_probability/1v2-random: 0.000388 (3.880043258566873e-4).
SELECT round(skill.trueskill_win_probability(ARRAY[[skill.rating(27.3105, 3.9546), NULL],
                                                  [skill.rating(29.5723, 4.4094), skill.rating(32.7675, 4.6309)]])::numeric, 9);
SELECT skill.trueskill_win_probability(NULL) IS NULL AS null_in_null_out;

--
-- trueskill_expose
--

-- mu - (25/(25/3))*sigma = mu - 3 sigma: the prior exposes as 0, (30,2) as 24.
SELECT skill.trueskill_expose(skill.rating()), skill.trueskill_expose(skill.rating(30, 2));
-- expose/custom-env: 1350 - (1200/400)*250 = 600.
SELECT skill.trueskill_expose(skill.rating(1350, 250), mu => 1200, sigma => 400);
SELECT skill.trueskill_expose(NULL) IS NULL AS null_in_null_out;

--
-- Bad input names the argument and the rule.
--

-- Fewer than 2 teams.
SELECT skill.trueskill_rate(ARRAY[skill.rating()]);
SELECT skill.trueskill_rate('{}');
SELECT skill.trueskill_rate(ARRAY[[skill.rating(), skill.rating()]]);
SELECT skill.trueskill_quality(ARRAY[skill.rating()]);
-- An empty team, NULL ratings, 3-D arrays.
SELECT skill.trueskill_rate(ARRAY[[skill.rating(), skill.rating()], [NULL::skill.rating, NULL]]);
SELECT skill.trueskill_rate(ARRAY[skill.rating(), NULL]);
SELECT skill.trueskill_rate(ARRAY[skill.rating(), '(25,)'::skill.rating]);
SELECT skill.trueskill_rate('{{{"(25,8)"}},{{"(25,8)"}}}'::skill.rating[]);
SELECT skill.trueskill_quality('{{{"(25,8)"}},{{"(25,8)"}}}'::skill.rating[]);
SELECT skill.trueskill_win_probability('{{{"(25,8)"}},{{"(25,8)"}}}'::skill.rating[]);
-- Bad ratings.
SELECT skill.trueskill_rate(ARRAY[skill.rating(), '(NaN,8)'::skill.rating]);
SELECT skill.trueskill_rate(ARRAY[[skill.rating(), '(25,Infinity)'::skill.rating], [skill.rating(), NULL]]);
SELECT skill.trueskill_rate(ARRAY[skill.rating(), '(25,0)'::skill.rating]);
SELECT skill.trueskill_quality(ARRAY[skill.rating(), '(25,-1)'::skill.rating]);
SELECT skill.trueskill_win_probability(ARRAY[skill.rating(), '(-Infinity,1)'::skill.rating]);
-- ranks that do not match the teams.
SELECT skill.trueskill_rate(ARRAY[skill.rating(), skill.rating()], '{0}');
SELECT skill.trueskill_rate(ARRAY[skill.rating(), skill.rating()], '{0,1,2}');
SELECT skill.trueskill_rate(ARRAY[skill.rating(), skill.rating()], '{}');
SELECT skill.trueskill_rate(ARRAY[skill.rating(), skill.rating()], '{{0,1}}');
SELECT skill.trueskill_rate(ARRAY[skill.rating(), skill.rating()], '{0,NULL}');
SELECT skill.trueskill_rate(ARRAY[skill.rating(), skill.rating()], '{0,NaN}');
SELECT skill.trueskill_rate(ARRAY[skill.rating(), skill.rating()], '{-Infinity,0}');
-- weights that do not match the team shape, or outside [0, 1].
SELECT skill.trueskill_rate(ARRAY[skill.rating(), skill.rating()], weights => '{1}');
SELECT skill.trueskill_rate(ARRAY[skill.rating(), skill.rating()], weights => '{{1},{1}}');
SELECT skill.trueskill_rate(ARRAY[[skill.rating(), skill.rating()], [skill.rating(), NULL]], weights => '{1,1}');
SELECT skill.trueskill_rate(ARRAY[[skill.rating(), skill.rating()], [skill.rating(), NULL]], weights => '{{1,1,1},{1,1,1}}');
SELECT skill.trueskill_rate(ARRAY[[skill.rating(), skill.rating()], [skill.rating(), NULL]], weights => '{{1,1.5},{1,1}}');
SELECT skill.trueskill_rate(ARRAY[[skill.rating(), skill.rating()], [skill.rating(), NULL]], weights => '{{1,1},{-0.1,1}}');
SELECT skill.trueskill_rate(ARRAY[[skill.rating(), skill.rating()], [skill.rating(), NULL]], weights => '{{1,NaN},{1,1}}');
SELECT skill.trueskill_rate(ARRAY[[skill.rating(), skill.rating()], [skill.rating(), NULL]], weights => '{{1,NULL},{1,1}}');
SELECT skill.trueskill_rate(ARRAY[skill.rating(), skill.rating()], weights => '{1,Infinity}');
SELECT skill.trueskill_quality(ARRAY[skill.rating(), skill.rating()], '{1,2}');
SELECT skill.trueskill_quality(ARRAY[skill.rating(), skill.rating()], '{1,1,1}');
-- Quality cannot compare two teams that both did not play.
SELECT skill.trueskill_quality(ARRAY[skill.rating(), skill.rating(), skill.rating()], '{0,1,0}');
-- Nor can rate: trueskill 0.4.5 and ts-trueskill raise a floating point
-- error here; raising both weights to min_delta would give mu 2986.9 / -2936.9.
SELECT skill.trueskill_rate(ARRAY[skill.rating(), skill.rating()], weights => '{0,0}');
SELECT skill.trueskill_rate(ARRAY[skill.rating(), skill.rating(), skill.rating()], weights => '{0,1,0}');
-- One idle team is rated as the packages rate it (its weights raised to
-- min_delta): ts-trueskill 5.1.0 gives 3.3617527 (losers) and 25.0021638
-- (idle winners), to within its erfc approximation (about 3e-5).
SELECT round((r[2][1]).mu::numeric, 4) AS losers_mu, round((r[1][1]).mu::numeric, 4) AS idle_winners_mu
FROM skill.trueskill_rate(ARRAY[[skill.rating(), skill.rating()], [skill.rating(), skill.rating()]],
                          weights => '{{0,0},{1,1}}') AS r;
-- Tunables: draw_probability in [0, 1), beta/sigma/min_delta > 0, tau >= 0,
-- all finite, none NULL.
SELECT skill.trueskill_rate(ARRAY[skill.rating(), skill.rating()], draw_probability => 1);
SELECT skill.trueskill_rate(ARRAY[skill.rating(), skill.rating()], draw_probability => -0.1);
SELECT skill.trueskill_rate(ARRAY[skill.rating(), skill.rating()], draw_probability => 'NaN');
SELECT skill.trueskill_rate(ARRAY[skill.rating(), skill.rating()], beta => 0);
SELECT skill.trueskill_rate(ARRAY[skill.rating(), skill.rating()], beta => -4);
SELECT skill.trueskill_rate(ARRAY[skill.rating(), skill.rating()], beta => 'Infinity');
SELECT skill.trueskill_rate(ARRAY[skill.rating(), skill.rating()], sigma => 0);
SELECT skill.trueskill_rate(ARRAY[skill.rating(), skill.rating()], mu => 'NaN');
SELECT skill.trueskill_rate(ARRAY[skill.rating(), skill.rating()], tau => -1);
SELECT skill.trueskill_rate(ARRAY[skill.rating(), skill.rating()], tau => 'Infinity');
SELECT skill.trueskill_rate(ARRAY[skill.rating(), skill.rating()], min_delta => 0);
SELECT skill.trueskill_rate(ARRAY[skill.rating(), skill.rating()], beta => NULL);
SELECT skill.trueskill_rate(ARRAY[skill.rating(), skill.rating()], draw_probability => NULL);
-- A NULL tunable gives NULL, as a NULL team_ratings does (docs/errors.md).
SELECT skill.trueskill_rate(NULL, tau => NULL);
SELECT skill.trueskill_quality(ARRAY[skill.rating(), skill.rating()], beta => 0);
SELECT skill.trueskill_quality(ARRAY[skill.rating(), skill.rating()], beta => 'NaN');
SELECT skill.trueskill_quality(ARRAY[skill.rating(), skill.rating()], beta => NULL);
SELECT skill.trueskill_win_probability(ARRAY[skill.rating(), skill.rating()], beta => 0);
SELECT skill.trueskill_win_probability(ARRAY[skill.rating(), skill.rating()], beta => '-Infinity');
-- A draw is impossible with draw_probability 0.
SELECT skill.trueskill_rate(ARRAY[skill.rating(), skill.rating(), skill.rating()], '{0,1,0}',
                            draw_probability => 0);
-- Ratings beyond double precision (1/sigma^2 overflows with tau = 0).
SELECT skill.trueskill_rate(ARRAY[skill.rating(25, 1e-160), skill.rating()], tau => 0);
-- Win probability is for exactly two teams.
SELECT skill.trueskill_win_probability(ARRAY[skill.rating(), skill.rating(), skill.rating()]);
SELECT skill.trueskill_win_probability(ARRAY[skill.rating()]);
-- expose: a finite prior mu, sigma > 0, a valid rating.
SELECT skill.trueskill_expose(skill.rating(), sigma => 0);
SELECT skill.trueskill_expose(skill.rating(), mu => 'Infinity');
SELECT skill.trueskill_expose('(25,0)'::skill.rating);
SELECT skill.trueskill_expose('(NaN,1)'::skill.rating);
SELECT skill.trueskill_expose('(25,)'::skill.rating);
SELECT skill.trueskill_expose(skill.rating(), mu => 1e308, sigma => 1e-308);
