-- One name family for the chance of winning: *_predict_win for every
-- family.  The older names stay as aliases until version 1.0 and give the
-- same values.  Expected values from the formulas in Python's math module:
--   Elo 1600 vs 1400: 1/(1 + 10^-0.5)
--   Gaussian Elo 1700 vs 1500, s 200: Phi(1/sqrt(2))
--   Glicko (1700, 100) vs (1500, 100): q = ln 10/400,
--     g = 1/sqrt(1 + 3 q^2 (100^2 + 100^2)/pi^2), 1/(1 + 10^(-g*200/400))
--   Glicko (1500, 350) vs (1400, 30): the same with sqrt(350^2 + 30^2)
-- The chances are shown to 12 decimals: C libraries differ in the last bit
-- of pow and erfc.
\set VERBOSITY terse
SELECT round(skill.elo_predict_win(1600, 1400)::numeric, 12) AS elo,     -- 0.7597469266479578
       skill.elo_predict_win(1600, 1400) = skill.elo_expected(1600, 1400) AS same_as_elo_expected,
       skill.elo_predict_win(1600, 1400, 200) = skill.elo_expected(1600, 1400, 200) AS same_with_scale;
SELECT round(skill.elo_normal_predict_win(1700, 1500)::numeric, 12) AS elo_normal, -- 0.7602499389065233
       skill.elo_normal_predict_win(1700, 1500) = skill.elo_expected_normal(1700, 1500) AS same_as_elo_expected_normal;
SELECT round(skill.glicko_predict_win(skill.glicko(1700, 100), skill.glicko(1500, 100))::numeric, 12) AS glicko,   -- 0.7408417172151112
       round(skill.glicko_predict_win(skill.glicko(1500, 350), skill.glicko(1400, 30))::numeric, 12) AS glicko_uneven, -- 0.5949262264632269
       round((skill.glicko_predict_win(skill.glicko(1500, 350), skill.glicko(1400, 30))
     + skill.glicko_predict_win(skill.glicko(1400, 30), skill.glicko(1500, 350)))::numeric, 12) AS both_sides,
       skill.glicko2_predict_win(skill.glicko(1700, 100, 0.06), skill.glicko(1500, 100, 0.2))
     = skill.glicko_predict_win(skill.glicko(1700, 100), skill.glicko(1500, 100)) AS glicko2_same_scale;
-- Both RDs count, unlike the update's expected score (the opponent's only).
SELECT skill.glicko_expected(skill.glicko(1700, 100), skill.glicko(1500, 100))
     > skill.glicko_predict_win(skill.glicko(1700, 100), skill.glicko(1500, 100)) AS expected_score_is_surer;
-- The history's predicted_win for a Glicko match is this function's value.
SELECT h.predicted_win = skill.glicko_predict_win(skill.glicko(), skill.glicko(1400, 80)) AS history_agrees
FROM skill.glicko_history($$SELECT * FROM (VALUES (1::bigint, '2024-01-01 00:00+00'::timestamptz, 1::bigint, 1, 1.0::float8, skill.glicko()),
                                               (1, '2024-01-01 00:00+00', 2, 2, 2.0, skill.glicko(1400, 80))) v$$) h
WHERE h.player_id = 1;
SELECT skill.trueskill_win_probability(ARRAY[skill.rating(29, 3), skill.rating(25, 4)])
     = (skill.trueskill_predict_win(ARRAY[skill.rating(29, 3), skill.rating(25, 4)]))[1] AS trueskill_alias;
-- Argument rules, as the other Glicko functions.
SELECT skill.glicko_predict_win(skill.glicko(1500, 350), '(1500,-1,0.06)');
SELECT skill.glicko_predict_win('(,350,0.06)', skill.glicko());
SELECT skill.glicko2_predict_win(skill.glicko(), '(Infinity,350,0.06)');
SELECT skill.elo_predict_win(1500, 1500, 0);
SELECT skill.elo_normal_predict_win(1500, 1500, -1);
-- The family's names, with their comments.
SELECT p.oid::regprocedure AS function, left(obj_description(p.oid, 'pg_proc'), 40) AS comment
FROM pg_proc p
WHERE p.pronamespace = 'skill'::regnamespace
  AND p.proname IN ('elo_predict_win', 'elo_normal_predict_win', 'glicko_predict_win', 'glicko2_predict_win',
                    'trueskill_predict_win', 'pl_predict_win', 'elo_expected', 'elo_expected_normal',
                    'trueskill_win_probability')
ORDER BY 1::text;
