-- Team Glicko-1 (reading C): hand-derived cases.  The reference vectors
-- run in conformance_team_glicko.
\set VERBOSITY terse

-- Team aggregates: RD_team = sqrt(mean RD^2), R_team = mean R + 0.5*(350 - RD_team).
-- RD 350 gives no boost: 1500.  RD 100 each: boost 125, mean 1500 -> 1625.
SELECT skill.team_glicko_rating(ARRAY[skill.glicko(1500, 350), skill.glicko(1500, 350)]);
SELECT skill.team_glicko_rating(ARRAY[skill.glicko(1400, 100), skill.glicko(1600, 100)]);
-- RDs 30 and 40: RD_team = sqrt(1250) = 35.355339059, boost 157.322330470 -> 1657.322330470.
SELECT round((r).rating::numeric, 9) AS rating, round((r).rd::numeric, 9) AS rd
FROM skill.team_glicko_rating(ARRAY[skill.glicko(1450, 30), skill.glicko(1550, 40)]) r;
-- Above RD 350 the boost is negative (no floor in the note): RD 450 -> 1500 - 50.
SELECT skill.team_glicko_rating(ARRAY[skill.glicko(1500, 450)]);

-- With equal RDs both boosts cancel, so with scale 1 (rdFactor = max(1, RD/350)
-- = 1) a 1 v 1 is exactly one Glicko-1 game (skill.glicko_update).
SELECT round(((t[1]).rating - (g1).rating)::numeric, 9) AS diff_rating_a,
       round(((t[1]).rd - (g1).rd)::numeric, 9) AS diff_rd_a,
       round(((t[2]).rating - (g2).rating)::numeric, 9) AS diff_rating_b,
       round(((t[2]).rd - (g2).rd)::numeric, 9) AS diff_rd_b
FROM skill.team_glicko_rate(ARRAY[skill.glicko(1600, 200), skill.glicko(1500, 200)], 1, scale => 1) t,
     skill.glicko_update(skill.glicko(1600, 200), ARRAY[skill.glicko(1500, 200)], ARRAY[1]) g1,
     skill.glicko_update(skill.glicko(1500, 200), ARRAY[skill.glicko(1600, 200)], ARRAY[0]) g2;
-- With the default scale 2 and RD 200 the step is 2*max(1/2, 200/350) = 8/7 of
-- Glicko-1's, and the RD update is Glicko-1's.
SELECT round((((t[1]).rating - 1600) / ((g).rating - 1600))::numeric, 12) AS step_ratio,
       round(((t[1]).rd - (g).rd)::numeric, 9) AS diff_rd
FROM skill.team_glicko_rate(ARRAY[skill.glicko(1600, 200), skill.glicko(1500, 200)], 1) t,
     skill.glicko_update(skill.glicko(1600, 200), ARRAY[skill.glicko(1500, 200)], ARRAY[1]) g;

-- A draw between identical teams leaves ratings alone and shrinks RDs.
SELECT (p).rating, (p).rd < 130 AS rd_shrank
FROM unnest(skill.team_glicko_rate(ARRAY[[skill.glicko(1500, 130), skill.glicko(1500, 130)],
                                         [skill.glicko(1500, 130), skill.glicko(1500, 130)]], 0.5)) p;

-- Mirror symmetry: swapping the teams and the score swaps the results.
SELECT a[1][1] = b[2][1] AND a[1][2] = b[2][2] AND a[2][1] = b[1][1] AS mirrored
FROM skill.team_glicko_rate(ARRAY[[skill.glicko(1550, 80), skill.glicko(1500, 300)],
                                  [skill.glicko(1520, 120), NULL]], 1) a,
     skill.team_glicko_rate(ARRAY[[skill.glicko(1520, 120), NULL],
                                  [skill.glicko(1550, 80), skill.glicko(1500, 300)]], 0) b;

-- Shape: NULL padding stays NULL, vol passes through (also NULL), the
-- bounds of the argument are kept.
SELECT array_dims(r), r[2][2] IS NULL AS padding_kept, (r[1][1]).vol AS vol_a, (r[2][1]).vol AS vol_b
FROM skill.team_glicko_rate(ARRAY[[skill.glicko(1500, 200, 0.07), skill.glicko(1500, 200, 0.05)],
                                  [ROW(1500, 200, NULL)::skill.glicko, NULL]], 0) r;
SELECT array_dims(skill.team_glicko_rate('[0:1]={"(1500,200,0.06)","(1500,200,0.06)"}'::skill.glicko[], 1));
-- The winner gains, the loser drops, uneven teams included.
SELECT (r[1][1]).rating > 1500 AS a_gained, (r[2][1]).rating < 1500 AND (r[2][2]).rating < 1500 AS b_dropped
FROM skill.team_glicko_rate(ARRAY[[skill.glicko(1500, 200), NULL],
                                  [skill.glicko(1500, 200), skill.glicko(1500, 200)]], 1) r;

-- Quality.  Identical teams of RD 200: d = 0, RD_combined^2 = 2*200^2,
-- Q = 1/(1 + 2*(200/400)^2) = 2/3.
SELECT round(skill.match_quality(ARRAY[[skill.glicko(1500, 200)], [skill.glicko(1500, 200)]])::numeric, 12);
-- RD 350 (no boost), 1500 against 1900: Q = 1/(1 + 1 + 2*(350/400)^2) = 32/113 = 0.283185840708.
SELECT round(skill.match_quality(ARRAY[skill.glicko(1500, 350), skill.glicko(1900, 350)])::numeric, 12);
-- Symmetric in the teams.
SELECT skill.match_quality(ARRAY[[skill.glicko(1600, 100), skill.glicko(1400, 300)], [skill.glicko(1450, 200), NULL]])
     = skill.match_quality(ARRAY[[skill.glicko(1450, 200), NULL], [skill.glicko(1600, 100), skill.glicko(1400, 300)]]) AS symmetric;

-- STRICT: NULL in, NULL out.
SELECT skill.team_glicko_rate(NULL, 1) IS NULL AS null_teams,
       skill.team_glicko_rate(ARRAY[skill.glicko(), skill.glicko()], NULL) IS NULL AS null_score;

-- Bad input.
SELECT skill.team_glicko_rating('{}');
SELECT skill.team_glicko_rating(ARRAY[skill.glicko(), NULL]);
SELECT skill.team_glicko_rating(ARRAY[[skill.glicko()]]);
SELECT skill.team_glicko_rating(ARRAY[ROW(1500, 0, NULL)::skill.glicko]);
SELECT skill.team_glicko_rating(ARRAY[ROW('NaN', 100, NULL)::skill.glicko]);
SELECT skill.team_glicko_rate(ARRAY[[skill.glicko()], [skill.glicko()], [skill.glicko()]], 1);
SELECT skill.team_glicko_rate(ARRAY[skill.glicko()], 1);
SELECT skill.team_glicko_rate('{}', 1);
SELECT skill.team_glicko_rate(ARRAY[[[skill.glicko()]], [[skill.glicko()]]], 1);
SELECT skill.team_glicko_rate(ARRAY[[skill.glicko(), NULL], [NULL::skill.glicko, NULL]], 1);
SELECT skill.team_glicko_rate(ARRAY[[skill.glicko()], [ROW(1500, -5, NULL)::skill.glicko]], 1);
SELECT skill.team_glicko_rate(ARRAY[[skill.glicko()], [ROW(1500, 'Infinity', NULL)::skill.glicko]], 1);
SELECT skill.team_glicko_rate(ARRAY[[skill.glicko()], [ROW(1500, 100, 0)::skill.glicko]], 1);
SELECT skill.team_glicko_rate(ARRAY[[skill.glicko()], [ROW(NULL, 100, 0.06)::skill.glicko]], 1);
SELECT skill.team_glicko_rate(ARRAY[skill.glicko(), skill.glicko()], 1.5);
SELECT skill.team_glicko_rate(ARRAY[skill.glicko(), skill.glicko()], 'NaN');
SELECT skill.team_glicko_rate(ARRAY[skill.glicko(), skill.glicko()], 1, scale => 0);
SELECT skill.team_glicko_rate(ARRAY[skill.glicko(), skill.glicko()], 1, rd_max => -350);
SELECT skill.match_quality(ARRAY[[skill.glicko()], [skill.glicko()], [skill.glicko()]]);
SELECT skill.match_quality(ARRAY[skill.glicko(), ROW(1500, 0, NULL)::skill.glicko]);
