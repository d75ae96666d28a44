-- skill.share_outcome and skill.difference_outcome: a match's outcome from
-- its scores.  Values by hand (see tests/unit/test_outcome.c):
-- share 6:4 = 0.6; k = 2: 0.36/0.52 = 9/13; w = 0.5 with a win: 11/13;
-- a winner with 18 of 38 games: 9/19; 10:0 clamps to 0.99; difference 3:1
-- over scale 2: sigmoid(1).
SELECT skill.share_outcome(6, 4) AS "0.6",
       skill.share_outcome(4, 6) AS "0.4",
       abs(skill.share_outcome(6, 4, k => 2) - 9.0 / 13) < 1e-15 AS "9/13",
       abs(skill.share_outcome(6, 4, 0.5, 2, 1) - 11.0 / 13) < 1e-15 AS "11/13",
       abs(skill.share_outcome(18, 20, result => 1) - 9.0 / 19) < 1e-15 AS "9/19 for the winner",
       skill.share_outcome(10, 0) AS "0.99",
       skill.share_outcome(0, 0) AS "no points: a draw",
       skill.share_outcome(0, 0, result => 1) AS "no points: the result",
       skill.share_outcome(1, 30, w => 1, result => 1) AS "w = 1: the result";
-- (To 12 decimals: C libraries differ in the last bit of exp.)
SELECT round(skill.difference_outcome(3, 1, 2)::numeric, 12) AS "sigmoid(1)",
       round(skill.difference_outcome(1, 3, 2)::numeric, 12) AS "1 - sigmoid(1)",
       skill.difference_outcome(1e308, -1e308, 1e-300) AS "far ahead";
-- In an update: Elo with K 32, equal ratings, 6:4 moves 32 (0.6 - 0.5) = 3.2.
SELECT skill.elo_update(1500, 1500, skill.share_outcome(6, 4)) AS "1503.2";
-- NULL: a NULL score, w or k gives NULL; a NULL result is taken from the scores.
SELECT skill.share_outcome(NULL, 4) IS NULL AS null_score,
       skill.share_outcome(6, 4, NULL) IS NULL AS null_w,
       skill.difference_outcome(NULL, 1) IS NULL AS null_difference;

-- Bad input.
\set VERBOSITY terse
SELECT skill.share_outcome(-1, 4);
SELECT skill.share_outcome(1, 'Infinity');
SELECT skill.share_outcome(1, 4, 1.5);
SELECT skill.share_outcome(1, 4, 'NaN');
SELECT skill.share_outcome(1, 4, k => 0);
SELECT skill.share_outcome(1, 4, result => 0.7);
SELECT skill.difference_outcome(1, 3, 0);
SELECT skill.difference_outcome('NaN', 3);
