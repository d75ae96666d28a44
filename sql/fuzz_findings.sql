-- Calls the SQL randomized tester (scripts/fuzz_sql.sh) found crashing or
-- returning NaN/Infinity from finite input; each stays here as a test.
\set VERBOSITY terse

-- placement_fit over rows that are all skipped (a NULL in each): no model.
-- The first NULL row handed the aggregate a NULL pointer as its state, and
-- the final function crashed the server.
SELECT skill.placement_fit(f, t) IS NULL AS no_model
FROM (VALUES (NULL::float8[], 0::float8), (ARRAY[1.0]::float8[], NULL)) v(f, t);
-- A skipped first row, then real ones: the model of the real rows
-- (y = 2x + 1 exactly: intercept 1, coefficient 2).
SELECT round((m).intercept::numeric, 9) AS intercept, round((m).coefficients[1]::numeric, 9) AS coef, (m).n
FROM (SELECT skill.placement_fit(f, t) AS m
	  FROM (VALUES (NULL::float8[], 0::float8), (ARRAY[0.0], 1), (ARRAY[1.0], 3), (ARRAY[2.0], 5)) v(f, t)) s;

-- Draw chances with a beta whose square overflows.  Every length scales
-- with beta, so as beta grows the chance tends to its value for equal
-- teams with no sigma: margin sqrt(2) beta Phi^-1(3/4) over the spread
-- sqrt(2) beta gives Phi(Phi^-1(3/4)) - Phi(-Phi^-1(3/4)) = 0.75 - 0.25 = 0.5
-- for two players (it was NaN).
SELECT round(skill.pl_predict_draw('{"(25,1)","(30,1)"}', beta => 1e308)::numeric, 12) AS pl,
	   round(skill.bt_full_predict_draw('{"(25,1)","(30,1)"}', beta => 1.7976931348623157e308)::numeric, 12) AS bt_full,
	   round(skill.bt_part_predict_draw('{"(25,1)","(30,1)"}', beta => 1e300)::numeric, 12) AS bt_part,
	   round(skill.tm_full_predict_draw('{{"(30,0.5)"},{"(25,1)"}}', beta => 1.7976931348623157e308)::numeric, 12) AS tm_full,
	   round(skill.tm_part_predict_draw('{"(25,1)","(30,1)"}', beta => 1e200)::numeric, 12) AS tm_part;
-- Four players in two teams: margin 2 beta Phi^-1(5/8), spread sqrt(2) beta,
-- so 2 Phi(sqrt(2) Phi^-1(5/8)) - 1 = 2 Phi(sqrt(2) 0.3186394) - 1
-- = 2 Phi(0.4506241) - 1 = 0.347740 (Python's statistics.NormalDist).
SELECT round(skill.pl_predict_draw('{{"(25,1)","(25,1)"},{"(30,1)","(30,1)"}}', beta => 1e308)::numeric, 6) AS four_players;
-- The predicted_draw of a history takes the same path.
SELECT round(predicted_draw::numeric, 12) AS history_draw
FROM skill.pl_history('SELECT 1::bigint AS match_id, ''2026-01-01 00:00+00''::timestamptz AS played_at,
	p::bigint AS player_id, p AS team, p::float8 AS rank FROM generate_series(1, 2) p', '{"beta": 1e308}')
ORDER BY player_id;

-- glicko_c = sqrt((rd_max^2 - rd_typical^2) / periods) when a square or the
-- quotient overflows but c does not (it was Infinity or NaN):
-- rd_max 1e308, rd_typical 1e300, 0.5 periods: 1e308 sqrt(1 - 1e-16) / sqrt(0.5) = 1e308 sqrt(2);
-- rd_max 1.7976931348623157e308, 25 periods: rd_max / 5;
-- rd_max 350, 2^-1022 periods (2.2250738585072014e-308): sqrt(350^2 - 1) * 2^511.
-- (within 1e-15 relative: the factored form may differ in the last bit)
SELECT skill.glicko_c(1e300, 0.5, 1e308) / (1e308 * sqrt(2)) BETWEEN 1 - 1e-15 AND 1 + 1e-15 AS big_rd_max,
	   skill.glicko_c(1500, 25, 1.7976931348623157e308) / (1.7976931348623157e308 / 5) BETWEEN 1 - 1e-15 AND 1 + 1e-15 AS max_rd_max,
	   skill.glicko_c(1, 2.2250738585072014e-308) / (sqrt(350.0 ^ 2 - 1) * 2.0 ^ 511) BETWEEN 1 - 1e-15 AND 1 + 1e-15 AS tiny_periods;
-- Where c itself exceeds the largest double: 22003.
SELECT skill.glicko_c(1e-308, 5e-324, 1e308);

-- window_beta = max_beta * bucket / buckets without forming max_beta * bucket:
-- 30 days in one-day buckets ends in bucket 5 (bucket i ends at
-- i(i+1)(2i+1)/6 days: 30 days is the end of bucket 4), so
-- 1.7976931348623157e308 * 5 / 2147483647 (it was Infinity).
SELECT skill.window_beta('30 days', 1.7976931348623157e308, 2147483647, '1 day')
	   / (1.7976931348623157e308 * (5.0 / 2147483647)) BETWEEN 1 - 1e-15 AND 1 + 1e-15 AS window_beta_big;

-- Glicko-2 replays with a prior volatility of 1e308: the period's end and the
-- idle RD growth overflow; the replay refuses (it returned Infinity).
SELECT skill.glicko2_replay(1, '2026-01-01 00:00+00', '2026-01-01 00:00+00', p, t, t, '(1500,350,1e308)')
FROM (VALUES (1, 1), (2, 2)) v(p, t);
SELECT * FROM skill.glicko2_history('SELECT 1::bigint, ''2026-01-01 00:00+00''::timestamptz, ''2026-01-01 00:00+00''::timestamptz,
	p::bigint, p, p::float8, ''(1500,350,1e308)''::skill.glicko FROM generate_series(1, 2) p');
SELECT * FROM skill.replay('glicko2', 'SELECT 1::bigint, ''2026-01-01 00:00+00''::timestamptz, ''2026-01-01 00:00+00''::timestamptz,
	p::bigint, p, p::float8, ''(1500,350,1e308)''::skill.glicko FROM generate_series(1, 2) p');

-- calibration_search over a range wider than the largest double (high - low
-- overflows): it starts at the midpoint (1.7976931348623157e308 - 1e300) / 2
-- with the step (1.7976931348623157e308 + 1e300) / 4 (they were Infinity);
-- a win moves it up by one step, and the step shrinks by 0.7.
SELECT next_rating = 1.7976931348623157e308 / 2 - 1e300 / 2 AS midpoint,
	   next_step = 1.7976931348623157e308 / 4 + 1e300 / 4 AS step, played, placed
FROM skill.calibration_search('{}', 2, -1e300, 1.7976931348623157e308);
SELECT next_rating = (1.7976931348623157e308 / 2 - 1e300 / 2) + (1.7976931348623157e308 / 4 + 1e300 / 4) AS after_win,
	   next_step = (1.7976931348623157e308 / 4 + 1e300 / 4) * 0.7 AS step
FROM skill.calibration_search('{1}', 2, -1e300, 1.7976931348623157e308);

-- Win chances where the mu difference and the spread both overflow (mu and
-- beta near the largest double; they were NaN).  Scaled down, two teams:
-- z = (1.7976931348623157e308 + 1e308) / (sqrt(2) 1.7976931348623157e308)
--   = (1 + 0.5562685) / 1.4142136 = 1.1004480, Phi(z) = 0.8644315 and 0.1355685
-- (Python's statistics.NormalDist).  Three teams (a, b, a): each team's mean
-- pairwise chance, normalised: a = (0.8644315 + 0.5) / 2 = 0.6822158,
-- b = 0.1355685, over 2a + b = 1.5: 0.4548105, 0.0903790.  bt_full ranks the
-- two teams by the same chances.
SELECT array(SELECT round(x::numeric, 7) FROM unnest(skill.tm_full_predict_win(
	'{"(1.7976931348623157e308,1)","(-1e308,1)"}', beta => 1.7976931348623157e308)) x) AS two_teams,
	   array(SELECT round(x::numeric, 7) FROM unnest(skill.pl_predict_win(
	'{{"(1.7976931348623157e308,1e-154)"},{"(-1e308,1e15)"},{"(1.7976931348623157e308,350)"}}',
	beta => 1.7976931348623157e308, kappa => 1e-300)) x) AS three_teams;
SELECT team, rank, round(probability::numeric, 7) AS probability
FROM skill.bt_full_predict_rank('{"(1.7976931348623157e308,1)","(-1e308,1)"}', beta => 1.7976931348623157e308);

-- placement_fit with a target of 1e308 (seed 20261125, call 585136 of the
-- 1M-call run): the co-moments overflow; 22003 instead of Infinity.
\set VERBOSITY terse
SELECT skill.placement_fit(f, t) FROM (VALUES ('{5e-324}'::float8[], 1500::float8),
  ('{-5}', 1e308), ('{1700}', 94.26)) v(f, t);
\set VERBOSITY default
