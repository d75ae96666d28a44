-- Prediction links: the families' own win probability, or the logistic or
-- normal curve in the mu difference over c = sqrt(var_a + var_b) (a team's
-- variance: its sigma^2 sum plus beta^2 per team for OpenSkill, per player
-- for TrueSkill).  Values by hand in the comments; the results are shown
-- to 12 decimals, as C libraries differ in the last bit of exp and erfc.
\set VERBOSITY terse

-- 1v1, mu 30 against 25, sigma 25/3, beta 25/6: c = sqrt(2 sigma^2 + 2 beta^2)
-- = 13.176156917368248; logistic 1/(1 + exp(-5/c)) = 0.5937460676563724,
-- normal Phi(5/c) = 0.6478317932557741 (TrueSkill's own, the same c).
SELECT link, round((skill.pl_predict_win(ARRAY[skill.rating(30, 25/3.0), skill.rating(25, 25/3.0)], link => link))[1]::numeric, 12) AS pl,
       round((skill.trueskill_predict_win(ARRAY[skill.rating(30, 25/3.0), skill.rating(25, 25/3.0)], link => link))[1]::numeric, 12) AS trueskill
FROM unnest(ARRAY['family', 'logistic', 'normal']) link;
-- 2v2, (30, 28) against (25, 25), all sigma 25/3: OpenSkill c^2 = 4 sigma^2 +
-- 2 beta^2, logistic 1/(1 + exp(-8/c)) = 0.6112449534992346; TrueSkill
-- c^2 = 4 sigma^2 + 4 beta^2, normal Phi(8/c) = 0.6661566559124892 (its own
-- two-team formula, the same).
SELECT round((skill.pl_predict_win(ARRAY[[skill.rating(30, 25/3.0), skill.rating(28, 25/3.0)],
                                        [skill.rating(25, 25/3.0), skill.rating(25, 25/3.0)]], link => 'logistic'))[1]::numeric, 12) AS pl_logistic,
       round((skill.trueskill_predict_win(ARRAY[[skill.rating(30, 25/3.0), skill.rating(28, 25/3.0)],
                                               [skill.rating(25, 25/3.0), skill.rating(25, 25/3.0)]], link => 'normal'))[1]::numeric, 12) AS trueskill_normal,
       round(skill.trueskill_win_probability(ARRAY[[skill.rating(30, 25/3.0), skill.rating(28, 25/3.0)],
                                                   [skill.rating(25, 25/3.0), skill.rating(25, 25/3.0)]])::numeric, 12) AS trueskill_own;
-- Three teams: the chances sum to 1.
SELECT round(sum(p)::numeric, 12) AS total
FROM unnest(skill.trueskill_predict_win(ARRAY[skill.rating(30, 5), skill.rating(25, 5), skill.rating(20, 5)], link => 'logistic')) p;

-- The same links in the histories (option "link"): predicted_win equals the
-- one-match function on the ratings before.
CREATE TABLE lr (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8);
INSERT INTO lr SELECT m, timestamptz '2026-01-01 00:00+00' + m * interval '1 hour', p, t, 1 + ((m + t) % 2)
FROM generate_series(1, 200) m, LATERAL (VALUES (1 + m % 7, 1), (8 + m % 5, 2)) v(p, t);
WITH h AS (SELECT match_id, array_agg(rating_before ORDER BY team) AS r, min(predicted_win) FILTER (WHERE team = 1) AS p
           FROM skill.pl_history('SELECT * FROM lr ORDER BY played_at, match_id', '{"link": "logistic"}')
           GROUP BY match_id)
SELECT count(*) AS matches, count(*) FILTER (WHERE abs(p - (skill.pl_predict_win(r, link => 'logistic'))[1]) > 1e-12) AS differ
FROM h;
WITH h AS (SELECT match_id, array_agg(rating_before ORDER BY team) AS r, min(predicted_win) FILTER (WHERE team = 1) AS p
           FROM skill.trueskill_history('SELECT * FROM lr ORDER BY played_at, match_id', '{"link": "normal"}')
           GROUP BY match_id)
SELECT count(*) AS matches, count(*) FILTER (WHERE abs(p - (skill.trueskill_predict_win(r, link => 'normal'))[1]) > 1e-12) AS differ
FROM h;

SELECT skill.pl_predict_win(ARRAY[skill.rating(), skill.rating()], link => 'probit');
SELECT * FROM skill.pl_history('SELECT * FROM lr', '{"link": "probit"}');
SELECT * FROM skill.pl_history('SELECT * FROM lr', '{"link": 1}');

-- The OpenSkill *_predict_draw functions take link too: openskill's draw
-- margin m = sqrt(n) beta Phi^-1((1 + 1/n)/2) (n players), and for each
-- pair of teams link((m - d)/c) - link((-m - d)/c), averaged over the
-- pairs.  Python (statistics.NormalDist, math.exp) gives: (28, 4) against
-- (25, 6), n = 2: normal 0.3147225035254298 (openskill's own, the same c),
-- logistic 0.20508374253520595; [(28, 4), (20, 3)] against [(25, 6)] and
-- [(30, 2)], n = 4: logistic 0.0805466770857689.
SELECT link, round(skill.pl_predict_draw(ARRAY[skill.rating(28, 4), skill.rating(25, 6)], link => link)::numeric, 12) AS teams,
       round(skill.pl_predict_draw(skill.rating(28, 4), skill.rating(25, 6), link => link)::numeric, 12) AS pair,
       round(skill.tm_part_predict_draw(skill.rating(28, 4), skill.rating(25, 6), link => link)::numeric, 12) AS tm_part_pair
FROM unnest(ARRAY['family', 'logistic', 'normal']) link;
SELECT round(skill.bt_full_predict_draw(ARRAY[[skill.rating(28, 4), skill.rating(20, 3)], [skill.rating(25, 6), NULL],
                                              [skill.rating(30, 2), NULL]], link => 'logistic')::numeric, 12) AS three_teams_logistic;
SELECT skill.pl_predict_draw(ARRAY[skill.rating(28, 4), skill.rating(25, 6)], link => 'probit');
SELECT skill.pl_predict_draw(ARRAY[skill.rating(28, 4), skill.rating(25, 6)], link => NULL) AS strict_null;
