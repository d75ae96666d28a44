-- The player's lifecycle at read time: inactivity decay, season resets and
-- divisions with hysteresis.  Expected values by hand in the comments.
\set VERBOSITY terse

-- sigma 3, 16 days idle at 0.5 a day: sqrt(9 + 16 * 0.25) = sqrt(13) =
-- 3.605551275463989; capped by max_sigma 3.5; a month counts 30 days.
SELECT skill.rating_decay(skill.rating(30, 3), interval '16 days', 0.5) AS grown,
       skill.rating_decay(skill.rating(30, 3), interval '16 days', 0.5, 3.5) AS capped,
       skill.rating_decay(skill.rating(30, 3), interval '0', 0.5) AS none,
       (skill.rating_decay(skill.rating(30, 3), interval '1 month', 0.1)).sigma =
       (skill.rating_decay(skill.rating(30, 3), interval '30 days', 0.1)).sigma AS month_is_30_days;
-- The same in every TimeZone (no time zone is involved).
SET TimeZone = 'Asia/Kolkata';
SELECT skill.rating_decay(skill.rating(30, 3), interval '16 days', 0.5) AS kolkata;
RESET TimeZone;

-- Elo: 1800, 40 days idle, 14 days grace, 10 a week: 3 full weeks, 1770;
-- 1505 stops at the floor 1500; 1400 (below the floor) stays.
SELECT skill.elo_decay(1800, '40 days', '14 days', 10, 1500) AS decayed,
       skill.elo_decay(1505, '40 days', '14 days', 10, 1500) AS floored,
       skill.elo_decay(1400, '400 days', '14 days', 10, 1500) AS below_floor,
       skill.elo_decay(1800, '20 days', '14 days', 10, 1500) AS in_grace;

-- Seasons, keep 0.5: mu 35 -> 30; sigma 2 -> sqrt(0.25 * 4 + 0.75 (25/3)^2)
-- = 7.28583099813146 (last digit by rounding order).  Glicko: rating 1800
-- -> 1650, RD 80 -> sqrt(0.25 * 6400 + 0.75 * 350^2) = 305.73681492420894,
-- vol kept.  Elo: 1700 -> 1600.
SELECT skill.season_reset(skill.rating(35, 2)) AS rating,
       skill.season_reset(skill.glicko(1800, 80, 0.05)) AS glicko,
       skill.season_reset(1700::float8) AS elo,
       skill.season_reset(skill.rating(35, 2), 1) AS keep_all,
       skill.season_reset(skill.rating(35, 2), 0) AS keep_none;

-- Divisions over 1000, 1500, 2000: 1499 -> 1, 1500 -> 2.  With margin 50:
-- in 2, 1460 stays; 1449 falls to 1.  In 1, 1540 stays; 1550 rises to 2.
SELECT skill.division(1499, '{1000,1500,2000}') AS d1499, skill.division(1500, '{1000,1500,2000}') AS d1500,
       skill.division(1460, '{1000,1500,2000}', 2, 50) AS stays_2, skill.division(1449, '{1000,1500,2000}', 2, 50) AS falls_1,
       skill.division(1540, '{1000,1500,2000}', 1, 50) AS stays_1, skill.division(1550, '{1000,1500,2000}', 1, 50) AS rises_2,
       skill.division(NULL, '{1000}') AS null_value, skill.division(1200, '{1000}', NULL) AS no_current;
-- Division names by index, thresholds from the population's percentiles.
CREATE TABLE ladder (player_id int, rating float8);
INSERT INTO ladder SELECT i, 1000 + (i * 37) % 1000 FROM generate_series(1, 200) i;
WITH cut AS (SELECT percentile_cont(ARRAY[0.5, 0.8, 0.95]) WITHIN GROUP (ORDER BY rating) AS t FROM ladder)
SELECT (ARRAY['Bronze', 'Silver', 'Gold', 'Diamond'])[skill.division(rating, cut.t) + 1] AS division, count(*)
FROM ladder, cut GROUP BY 1 ORDER BY min(rating);

-- Bad input.
SELECT skill.rating_decay(skill.rating(30, 3), interval '-1 day', 0.5);
SELECT skill.rating_decay(skill.rating(30, 3), interval '1 day', -0.5);
SELECT skill.elo_decay(1800, '40 days', '-1 day', 10, 1500);
SELECT skill.season_reset(skill.rating(35, 2), 1.5);
SELECT skill.season_reset(1700::float8, -0.1);
SELECT skill.season_reset(skill.glicko(1800, 80, 0.05), 0.5, 1500, 0);
SELECT skill.division(1200, '{1500,1000}');
SELECT skill.division(1200, '{1000,1500}', 3);
SELECT skill.division(1200, '{1000,NaN}');
SELECT skill.division(1200, '{1000,1500}', 1, -5);
SELECT skill.division('Infinity', '{1000,1500}');

-- Placement by performance rating (values by an independent Newton in
-- Python): one win against 1500 -> 1682.6246868567048 (sd
-- 262.4088676641592); a win and a loss -> 1500 (sd 201.08192877028512);
-- three wins against 1400, 1600, 1700 stay finite: 1866.1510742574612.
SELECT round(mu::numeric, 8) AS rating, round(sigma::numeric, 8) AS sd
FROM (VALUES (skill.performance_rating('{1500}', '{1}')), (skill.performance_rating('{1500,1500}', '{1,0}')),
             (skill.performance_rating('{1400,1600,1700}', '{1,1,1}'))) v(r), LATERAL (SELECT (r).mu, (r).sigma) x;
SELECT skill.performance_rating('{1500}', '{2}');
SELECT skill.performance_rating('{1500,1600}', '{1}');
SELECT skill.performance_rating('{1500}', '{1}', 1500, 0);

-- Calibration over [0, 3000], shrink 0.7: start 1500, step 750; after a
-- win 2250 (step 525), a loss 1725 (367.5), a win 2092.5 (257.25), a draw
-- 2092.5 (180.075).  With matches 4 the player is then placed.
SELECT * FROM skill.calibration_search('{}');
SELECT next_rating, round(next_step::numeric, 6) AS next_step, played, placed
FROM skill.calibration_search('{1,0,1,0.5}', 4);
SELECT skill.calibration_search('{1,0,1}', 2);
SELECT skill.calibration_search('{1,2}');
SELECT skill.calibration_search('{1}', 10, 3000, 0);
SELECT skill.calibration_search('{1}', 10, 0, 3000, 1.5);

-- Finite but absurd inputs overflow: an error, never Infinity.
SELECT skill.season_reset(1e308::float8, 0.5, -1e308);
