-- Per-match draw models: the *_predict_draw functions and the draw options
-- of the *_predict_win functions, against the formulas evaluated in plain
-- SQL (F the logistic, z each family's prediction argument):
--   threshold: win F(z - draw_margin), loss F(-z - draw_margin), draw the rest
--   davidson:  win e^(z/2)/D, draw draw_nu/D, D = e^(z/2) + e^(-z/2) + draw_nu
-- and for TrueSkill's normal cdf against Python's statistics.NormalDist
-- evaluating the trueskill package's formulas (calc_draw_margin:
-- eps = Phi^-1((draw_probability + 1)/2) sqrt(n) beta).
\set VERBOSITY terse

CREATE FUNCTION pd_logistic(x float8) RETURNS float8 LANGUAGE sql IMMUTABLE
  RETURN 1 / (1 + exp(-x));
CREATE FUNCTION pd_davidson_win(z float8, nu float8) RETURNS float8 LANGUAGE sql IMMUTABLE
  RETURN exp(z / 2) / (exp(z / 2) + exp(-z / 2) + nu);
CREATE FUNCTION pd_davidson_draw(z float8, nu float8) RETURNS float8 LANGUAGE sql IMMUTABLE
  RETURN nu / (exp(z / 2) + exp(-z / 2) + nu);
-- Glicko's g(RD) = 1/sqrt(1 + 3 q^2 RD^2 / pi^2), q = ln(10)/400.
CREATE FUNCTION pd_g(rd float8) RETURNS float8 LANGUAGE sql IMMUTABLE
  RETURN 1 / sqrt(1 + 3 * (ln(10) / 400) ^ 2 * rd ^ 2 / pi() ^ 2);

-- Elo: z = ln(10) (1600 - 1500) / 400.
SELECT abs(skill.elo_predict_win(1600, 1500, draw_model => 'threshold', draw_margin => 0.4)
           - pd_logistic(ln(10) * 100 / 400 - 0.4)) < 1e-15 AS threshold_win,
       abs(skill.elo_predict_draw(1600, 1500, draw_margin => 0.4)
           - (1 - pd_logistic(ln(10) * 100 / 400 - 0.4) - pd_logistic(-ln(10) * 100 / 400 - 0.4))) < 1e-15 AS threshold_draw,
       abs(skill.elo_predict_win(1600, 1500, draw_model => 'davidson', draw_nu => 0.8)
           - pd_davidson_win(ln(10) * 100 / 400, 0.8)) < 1e-15 AS davidson_win,
       abs(skill.elo_predict_draw(1600, 1500, draw_model => 'davidson', draw_nu => 0.8)
           - pd_davidson_draw(ln(10) * 100 / 400, 0.8)) < 1e-15 AS davidson_draw,
       -- scale 200: z doubles
       abs(skill.elo_predict_draw(1600, 1500, 200, draw_margin => 0.4)
           - (1 - pd_logistic(ln(10) * 100 / 200 - 0.4) - pd_logistic(-ln(10) * 100 / 200 - 0.4))) < 1e-15 AS scale_200;
SELECT round(skill.elo_predict_win(1600, 1500, draw_model => 'threshold', draw_margin => 0.4)::numeric, 12) AS win,
       round(skill.elo_predict_draw(1600, 1500, draw_margin => 0.4)::numeric, 12) AS draw,
       round(skill.elo_predict_draw(1600, 1500, draw_model => 'davidson', draw_nu => 0.8)::numeric, 12) AS davidson_draw;
-- Without a draw model the chance of winning is today's, bit for bit, and
-- a draw has chance 0; an even pair with draw_margin d draws with chance
-- tanh(d/2), its wins and losses alike.
SELECT skill.elo_predict_win(1600, 1500) = skill.elo_expected(1600, 1500) AS same_default,
       skill.elo_predict_win(1600, 1500, 300, draw_model => 'none') = skill.elo_expected(1600, 1500, 300) AS same_none,
       abs(skill.elo_predict_draw(1500, 1500, draw_margin => 0.5) - tanh(0.25)) < 1e-15 AS even_tanh,
       skill.elo_predict_win(1500, 1500, draw_model => 'davidson', draw_nu => 1) = 1 / 3.0 AS even_davidson;

-- Glicko-1 and Glicko-2: z = ln(10) g(sqrt(50^2 + 80^2)) (1700 - 1500) / 400.
SELECT abs(skill.glicko_predict_win(skill.glicko(1700, 50), skill.glicko(1500, 80), 'threshold', 0.3)
           - pd_logistic(ln(10) * pd_g(sqrt(50 ^ 2 + 80 ^ 2)) * 200 / 400 - 0.3)) < 1e-15 AS threshold_win,
       abs(skill.glicko_predict_draw(skill.glicko(1700, 50), skill.glicko(1500, 80), draw_margin => 0.3)
           - (1 - pd_logistic(ln(10) * pd_g(sqrt(50 ^ 2 + 80 ^ 2)) * 200 / 400 - 0.3)
                - pd_logistic(-ln(10) * pd_g(sqrt(50 ^ 2 + 80 ^ 2)) * 200 / 400 - 0.3))) < 1e-15 AS threshold_draw,
       abs(skill.glicko2_predict_draw(skill.glicko(1700, 50, 0.06), skill.glicko(1500, 80, 0.06),
                                      draw_model => 'davidson', draw_nu => 0.5)
           - pd_davidson_draw(ln(10) * pd_g(sqrt(50 ^ 2 + 80 ^ 2)) * 200 / 400, 0.5)) < 1e-15 AS davidson_draw,
       abs(skill.glicko2_predict_win(skill.glicko(1700, 50, 0.06), skill.glicko(1500, 80, 0.06),
                                     draw_model => 'davidson', draw_nu => 0.5)
           - pd_davidson_win(ln(10) * pd_g(sqrt(50 ^ 2 + 80 ^ 2)) * 200 / 400, 0.5)) < 1e-15 AS davidson_win,
       skill.glicko_predict_win(skill.glicko(1700, 50), skill.glicko(1500, 80))
         = skill.glicko_predict_win(skill.glicko(1700, 50), skill.glicko(1500, 80), 'none') AS same_none;
-- A *_predict_draw function with draw_model 'none' could only answer 0: an
-- error, in every family's pair and teams forms.
SELECT skill.elo_predict_draw(1600, 1500, draw_model => 'none');
SELECT skill.elo_predict_draw(ARRAY[1600, 1500]::float8[], draw_model => 'none');
SELECT skill.glicko_predict_draw(skill.glicko(1700, 50), skill.glicko(1500, 80), 'none');
SELECT skill.glicko2_predict_draw(ARRAY[skill.glicko(1700, 50), skill.glicko(1500, 80)], 'none');
SELECT skill.team_glicko_predict_draw(ARRAY[[skill.glicko(1700, 50)], [skill.glicko(1500, 80)]], 'none');
SELECT skill.trueskill_predict_draw(ARRAY[skill.rating(30, 4), skill.rating(25, 5)], draw_model => 'none');

-- Team Glicko-1: (1500, 60) + (1600, 100) against (1550, 80); a team is
-- rated mean r + 0.5 (350 - RD_team), RD_team = sqrt(mean RD^2);
-- E_A = 1/(1 + 10^(-g(RD_B)(R_A - R_B)/400)), E_B the same from B; z = ln(E_A/E_B).
CREATE VIEW pd_team AS
SELECT ra, rb, rda, rdb,
       1 / (1 + 10 ^ (-pd_g(rdb) * (ra - rb) / 400)) AS e_a,
       1 / (1 + 10 ^ (-pd_g(rda) * (rb - ra) / 400)) AS e_b
FROM (SELECT 1550 + 0.5 * (350 - sqrt((60 ^ 2 + 100 ^ 2) / 2)) AS ra, sqrt((60 ^ 2 + 100 ^ 2) / 2) AS rda,
             1550 + 0.5 * (350 - 80) AS rb, 80::float8 AS rdb) t;
SELECT abs((skill.team_glicko_predict_win(ARRAY[[skill.glicko(1500, 60), skill.glicko(1600, 100)],
                                                [skill.glicko(1550, 80), NULL]]))[1] - e_a / (e_a + e_b)) < 1e-15 AS none_win,
       abs((skill.team_glicko_predict_win(ARRAY[[skill.glicko(1500, 60), skill.glicko(1600, 100)],
                                                [skill.glicko(1550, 80), NULL]]))[2] - e_b / (e_a + e_b)) < 1e-15 AS none_loss,
       abs((skill.team_glicko_predict_win(ARRAY[[skill.glicko(1500, 60), skill.glicko(1600, 100)],
                                                [skill.glicko(1550, 80), NULL]], 'threshold', 0.6))[1]
           - pd_logistic(ln(e_a / e_b) - 0.6)) < 1e-15 AS threshold_win,
       abs((skill.team_glicko_predict_win(ARRAY[[skill.glicko(1500, 60), skill.glicko(1600, 100)],
                                                [skill.glicko(1550, 80), NULL]], 'threshold', 0.6))[2]
           - pd_logistic(-ln(e_a / e_b) - 0.6)) < 1e-15 AS threshold_loss,
       abs(skill.team_glicko_predict_draw(ARRAY[[skill.glicko(1500, 60), skill.glicko(1600, 100)],
                                                [skill.glicko(1550, 80), NULL]], draw_margin => 0.6)
           - (1 - pd_logistic(ln(e_a / e_b) - 0.6) - pd_logistic(-ln(e_a / e_b) - 0.6))) < 1e-15 AS threshold_draw,
       abs(skill.team_glicko_predict_draw(ARRAY[skill.glicko(1500, 60), skill.glicko(1550, 80)],
                                          'davidson', draw_nu => 2)
           - pd_davidson_draw(ln((1 / (1 + 10 ^ (-pd_g(80) * (1645 - 1685) / 400)))
                                 / (1 / (1 + 10 ^ (-pd_g(60) * (1685 - 1645) / 400)))), 2)) < 1e-15 AS davidson_1v1
FROM pd_team;
SELECT round((skill.team_glicko_predict_win(ARRAY[[skill.glicko(1500, 60), skill.glicko(1600, 100)],
                                                  [skill.glicko(1550, 80), NULL]]))[1]::numeric, 12) AS win;

-- TrueSkill, one player each, (30, 4) against (25, 5), beta 25/6:
-- c = sqrt(16 + 25 + 2 beta^2) = 8.70185165480441, z = 5/c = 0.5745903513810687.
-- 'native' with draw_probability 0.25: eps = Phi^-1(0.625) sqrt(2) beta,
-- Phi^-1(0.625) = 0.31863936396437514, delta = eps/c = 0.2157702214330635;
-- NormalDist: win Phi(z - delta) = 0.6401351736883878, draw
-- 0.1452062157757747, loss Phi(-z - delta) = 0.21465861053583746.
SELECT round(w[1]::numeric, 13) AS win, round(w[2]::numeric, 13) AS loss,
       round(d::numeric, 13) AS draw, round((1 - w[1] - w[2] - d)::numeric, 15) + 0 AS rest
FROM (SELECT skill.trueskill_predict_win(ARRAY[skill.rating(30, 4), skill.rating(25, 5)],
                                         draw_model => 'native', draw_probability => 0.25) AS w,
             skill.trueskill_predict_draw(ARRAY[skill.rating(30, 4), skill.rating(25, 5)],
                                          draw_probability => 0.25) AS d) t;
-- The same as the threshold model at that delta, computed in SQL from
-- Phi^-1(0.625); and Davidson on the logit scale z pi/sqrt(3).
SELECT abs(skill.trueskill_predict_draw(ARRAY[skill.rating(30, 4), skill.rating(25, 5)], draw_probability => 0.25)
           - skill.trueskill_predict_draw(ARRAY[skill.rating(30, 4), skill.rating(25, 5)], draw_model => 'threshold',
                                          draw_margin => 0.31863936396437514 * sqrt(2) * (25 / 6.0)
                                                         / sqrt(16 + 25 + 2 * (25 / 6.0) ^ 2))) < 1e-15 AS native_is_threshold,
       abs(skill.trueskill_predict_draw(ARRAY[skill.rating(30, 4), skill.rating(25, 5)], draw_model => 'davidson',
                                        draw_nu => 0.7)
           - pd_davidson_draw(5 / sqrt(16 + 25 + 2 * (25 / 6.0) ^ 2) * pi() / sqrt(3), 0.7)) < 1e-15 AS davidson_draw,
       -- link 'logistic': the threshold model on the logistic curve at the same z
       abs((skill.trueskill_predict_win(ARRAY[skill.rating(30, 4), skill.rating(25, 5)], link => 'logistic',
                                        draw_model => 'threshold', draw_margin => 0.3))[1]
           - pd_logistic(5 / sqrt(16 + 25 + 2 * (25 / 6.0) ^ 2) - 0.3)) < 1e-15 AS logistic_threshold;
-- Threshold with draw_margin 0.3 on the normal cdf (NormalDist: win
-- Phi(z - 0.3) = 0.6081845100106523, draw 0.2009170702095443).
SELECT round((skill.trueskill_predict_win(ARRAY[skill.rating(30, 4), skill.rating(25, 5)],
                                          draw_model => 'threshold', draw_margin => 0.3))[1]::numeric, 13) AS win,
       round(skill.trueskill_predict_draw(ARRAY[skill.rating(30, 4), skill.rating(25, 5)],
                                          draw_model => 'threshold', draw_margin => 0.3)::numeric, 13) AS draw;
-- Teams: n counts every player (n = 3 here), both in c and in eps.
SELECT abs(skill.trueskill_predict_draw(ARRAY[[skill.rating(25, 3), skill.rating(28, 2)], [skill.rating(50, 4), NULL]])
           - skill.trueskill_predict_draw(ARRAY[[skill.rating(25, 3), skill.rating(28, 2)], [skill.rating(50, 4), NULL]],
                                          draw_model => 'threshold',
                                          draw_margin => 0.12566134685507413 * sqrt(3) * (25 / 6.0)
                                                         / sqrt(9 + 4 + 16 + 3 * (25 / 6.0) ^ 2))) < 1e-15 AS team_native;
-- Without a draw model trueskill_predict_win is today's; draw_probability 0
-- leaves no draw.
SELECT skill.trueskill_predict_win(ARRAY[skill.rating(30, 4), skill.rating(25, 5)])
         = skill.trueskill_predict_win(ARRAY[skill.rating(30, 4), skill.rating(25, 5)], draw_model => 'none') AS same_none,
       (skill.trueskill_predict_win(ARRAY[skill.rating(30, 4), skill.rating(25, 5)]))[1]
         = skill.trueskill_win_probability(ARRAY[skill.rating(30, 4), skill.rating(25, 5)]) AS same_alias,
       skill.trueskill_predict_draw(ARRAY[skill.rating(30, 4), skill.rating(25, 5)], draw_probability => 0) AS no_draw,
       abs((skill.trueskill_predict_win(ARRAY[skill.rating(30, 4), skill.rating(25, 5)], draw_model => 'native',
                                        draw_probability => 0))[1]
           - skill.trueskill_win_probability(ARRAY[skill.rating(30, 4), skill.rating(25, 5)])) < 1e-15 AS zero_margin;
SELECT skill.trueskill_predict_win(ARRAY[skill.rating(30, 4), skill.rating(25, 5), skill.rating(20, 6)]) IS NOT NULL AS three_teams_none;

-- NULL: a NULL rating, scale or draw_model gives NULL (as STRICT); a NULL
-- draw_margin or draw_nu is "not given".
SELECT skill.elo_predict_win(NULL, 1500) IS NULL AS a, skill.elo_predict_win(1500, 1500, NULL) IS NULL AS b,
       skill.elo_predict_draw(1500, 1500, draw_model => NULL) IS NULL AS c,
       skill.glicko_predict_draw(NULL, skill.glicko(1500, 80), draw_margin => 1) IS NULL AS d,
       skill.team_glicko_predict_win(NULL) IS NULL AS e,
       skill.trueskill_predict_draw(NULL) IS NULL AS f,
       skill.trueskill_predict_win(ARRAY[skill.rating(30, 4), skill.rating(25, 5)], draw_probability => NULL) IS NULL AS g,
       skill.elo_predict_win(1600, 1500, draw_margin => NULL) = skill.elo_expected(1600, 1500) AS h;

-- Bad input, each naming its argument.
SELECT skill.elo_predict_win(1600, 1500, draw_model => 'ordered');
SELECT skill.elo_predict_win(1600, 1500, draw_model => 'native');
SELECT skill.glicko_predict_draw(skill.glicko(1500, 50), skill.glicko(1500, 50), 'native', 0.5);
SELECT skill.elo_predict_draw(1600, 1500);
SELECT skill.elo_predict_draw(1600, 1500, draw_model => 'davidson');
SELECT skill.elo_predict_draw(1600, 1500, draw_margin => -0.1);
SELECT skill.elo_predict_draw(1600, 1500, draw_margin => 'NaN');
SELECT skill.elo_predict_draw(1600, 1500, draw_margin => 'Infinity');
SELECT skill.elo_predict_draw(1600, 1500, draw_model => 'davidson', draw_nu => -1);
SELECT skill.elo_predict_win(1600, 1500, draw_margin => 0.5);
SELECT skill.elo_predict_draw(1600, 1500, draw_margin => 0.5, draw_nu => 1);
SELECT skill.elo_predict_draw(1600, 1500, draw_model => 'davidson', draw_nu => 1, draw_margin => 0.5);
SELECT skill.elo_predict_draw(1600, 1500, 0, draw_margin => 0.5);
SELECT skill.elo_predict_draw('NaN'::float8, 1500, draw_margin => 0.5);
SELECT skill.glicko_predict_draw(skill.glicko(1500, 50), skill.glicko(1500, 50));
SELECT skill.glicko2_predict_win(skill.glicko(1500, 50, 0.06), skill.glicko(1500, 50, 0.06), 'Davidson', draw_nu => 1);
SELECT skill.team_glicko_predict_draw(ARRAY[skill.glicko(1500, 60), skill.glicko(1550, 80)], draw_nu => 1);
SELECT skill.team_glicko_predict_win(ARRAY[skill.glicko(1500, 60), skill.glicko(1550, 80), skill.glicko(1500, 60)],
                                     'threshold', 0.5);
SELECT skill.trueskill_predict_draw(ARRAY[skill.rating(30, 4), skill.rating(25, 5)], draw_model => 'elo');
SELECT skill.trueskill_predict_draw(ARRAY[skill.rating(30, 4), skill.rating(25, 5)], draw_probability => 1);
SELECT skill.trueskill_predict_draw(ARRAY[skill.rating(30, 4), skill.rating(25, 5)], draw_probability => -0.1);
SELECT skill.trueskill_predict_draw(ARRAY[skill.rating(30, 4), skill.rating(25, 5)], draw_margin => 0.2);
SELECT skill.trueskill_predict_draw(ARRAY[skill.rating(30, 4), skill.rating(25, 5)], link => 'logistic');
SELECT skill.trueskill_predict_draw(ARRAY[skill.rating(30, 4), skill.rating(25, 5)], beta => 0);
SELECT skill.trueskill_predict_win(ARRAY[skill.rating(30, 4), skill.rating(25, 5), skill.rating(20, 6)],
                                   draw_model => 'native');
\set VERBOSITY default
SELECT skill.elo_predict_draw(1600, 1500);
SELECT skill.elo_predict_win(1600, 1500, draw_model => 'native');
SELECT skill.elo_predict_win(1600, 1500, draw_margin => 0.5);
