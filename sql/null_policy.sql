-- The NULL rule (docs/errors.md): one rule per kind of argument, shown
-- function by function.  outcome() runs a call and tells what came back:
-- NULL, a value, a row count, or the error with its SQLSTATE.
\set VERBOSITY terse
CREATE FUNCTION pg_temp.outcome(call text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v text;
BEGIN
  EXECUTE 'SELECT (' || call || ')::text' INTO v;
  RETURN coalesce(v, 'NULL');
EXCEPTION WHEN OTHERS THEN
  RETURN 'ERROR ' || SQLSTATE || ': ' || SQLERRM;
END $$;
CREATE FUNCTION pg_temp.rows_of(call text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
BEGIN
  EXECUTE 'SELECT count(*) FROM ' || call INTO n;
  RETURN n || ' rows';
EXCEPTION WHEN OTHERS THEN
  RETURN 'ERROR ' || SQLSTATE || ': ' || SQLERRM;
END $$;

-- 1. Every function is STRICT except those listed here, which are not
-- STRICT only because the arguments named may be NULL, meaning "not
-- given".  A function missing from this list, or listed but STRICT, shows
-- up below.
CREATE TEMP TABLE optional_args (proname name, optional text);
INSERT INTO optional_args VALUES
  ('pl_rate', 'ranks, scores, weights, weight_bounds'),
  ('bt_full_rate', 'ranks, scores, weights, weight_bounds'),
  ('bt_part_rate', 'ranks, scores, weights, weight_bounds'),
  ('tm_full_rate', 'ranks, scores, weights, weight_bounds'),
  ('tm_part_rate', 'ranks, scores, weights, weight_bounds'),
  ('trueskill_rate', 'ranks, weights'),
  ('trueskill_quality', 'weights'),
  ('match_quality', 'weights'),
  ('balance_teams', 'parties'),
  ('form_matches', 'terms, term_spreads, term_weights, term_floors, strengths'),
  ('otr_rate_match', 'options'),
  ('otr_rate', 'options'),
  ('otr_predict_win', 'options'),
  ('otr_initial_rating', 'rank (unranked: 1000)'),
  ('otr_decay', 'peak, options'),
  ('division', 'current'),
  ('replay', 'options'),
  ('replay_options', 'family (every family)'),
  ('fit', 'options'),
  ('match_predictions', 'options'),
  ('rate_match', 'matches, last_played, peaks (new players; Elo: the peak is the rating), options, scores, home'),
  ('rate_period', 'matches, last_played, last_period (new players), options, scores, home'),
  ('evaluate', 'options'),
  ('share_outcome', 'result (from the scores)'),
  ('place_matches', 'server_ids (no servers: the per-server arrays are then not read), max_latency, cross_region_latency'),
  ('glicko', 'vol (a glicko with a NULL vol, as the type allows)'),
  ('ttt_history', 'options'),
  ('ttt_replay', 'options'),
  ('ttt_summary', 'options'),
  ('ttt_state', 'options'),
  ('ttt_update', 'options');
INSERT INTO optional_args
SELECT family || '_history', 'options' FROM skill.families() WHERE has_history;
INSERT INTO optional_args
SELECT f || '_predict_' || w, 'draw_margin, draw_nu'
FROM unnest('{elo,glicko,glicko2,team_glicko,trueskill}'::text[]) f, unnest('{win,draw}'::text[]) w;
SELECT p.proname, o.optional
FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
LEFT JOIN optional_args o ON o.proname = p.proname
WHERE n.nspname = 'skill' AND p.prokind = 'f' AND NOT p.proisstrict
  AND p.proname NOT LIKE '%\_step'
  AND p.proname NOT LIKE '%\_final' AND p.proname NOT LIKE '%\_combine'
  AND p.proname NOT LIKE '%serial%'
GROUP BY p.proname, o.optional
ORDER BY o.optional IS NULL DESC, p.proname;
SELECT proname AS listed_but_strict FROM optional_args o
WHERE NOT EXISTS (SELECT FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
                  WHERE n.nspname = 'skill' AND p.proname = o.proname AND NOT p.proisstrict);

-- 2. A NULL in any other argument gives NULL (no rows from a set-returning
-- function), STRICT or not.
SELECT f, pg_temp.outcome(call) FROM (VALUES
  ('rating',             $$skill.rating(NULL, 1)$$),
  ('glicko',             $$skill.glicko(NULL, 200)$$),
  ('glicko',             $$skill.glicko(1500, NULL, NULL)$$),
  ('ordinal',            $$skill.ordinal(skill.rating(), z => NULL)$$),
  ('elo_update',         $$skill.elo_update(1500, 1500, NULL)$$),
  ('elo_rate',           $$skill.elo_rate(ARRAY[1500, 1500], ARRAY[1, 2], k => NULL)$$),
  ('glicko_update',      $$skill.glicko_update(skill.glicko(), NULL, ARRAY[1])$$),
  ('glicko2_update',     $$skill.glicko2_update(skill.glicko(), ARRAY[skill.glicko()], ARRAY[1], tau => NULL)$$),
  ('team_glicko_rate',   $$skill.team_glicko_rate(ARRAY[skill.glicko(), skill.glicko()], NULL)$$),
  ('pl_rate',            $$skill.pl_rate(NULL, ARRAY[1, 2])$$),
  ('pl_rate',            $$skill.pl_rate(ARRAY[skill.rating(), skill.rating()], beta => NULL)$$),
  ('bt_part_rate',       $$skill.bt_part_rate(ARRAY[skill.rating(), skill.rating()], window_size => NULL)$$),
  ('tm_full_rate',       $$skill.tm_full_rate(ARRAY[skill.rating(), skill.rating()], epsilon => NULL)$$),
  ('pl_predict_win',     $$skill.pl_predict_win(ARRAY[skill.rating(), skill.rating()], beta => NULL)$$),
  ('trueskill_rate',     $$skill.trueskill_rate(ARRAY[skill.rating(), skill.rating()], draw_probability => NULL)$$),
  ('trueskill_quality',  $$skill.trueskill_quality(ARRAY[skill.rating(), skill.rating()], beta => NULL)$$),
  ('match_quality',      $$skill.match_quality(NULL::skill.rating[])$$),
  ('match_quality',      $$skill.match_quality(ARRAY[skill.rating(), skill.rating()], beta => NULL)$$),
  ('pl_predict_win pair', $$skill.pl_predict_win(skill.rating(), NULL)$$),
  ('trueskill_predict_win pair', $$skill.trueskill_predict_win(NULL, skill.rating())$$),
  ('team_glicko_predict_win pair', $$skill.team_glicko_predict_win(skill.glicko(), NULL)$$),
  ('elo_predict_win teams', $$skill.elo_predict_win(NULL::float8[])$$),
  ('glicko_predict_win teams', $$skill.glicko_predict_win(NULL::skill.glicko[])$$),
  ('glicko2_decay',      $$skill.glicko2_decay(skill.glicko(), NULL)$$),
  ('otr_predict_win',    $$skill.otr_predict_win(NULL::skill.rating[])$$),
  ('otr_predict_win pair', $$skill.otr_predict_win(skill.rating(), NULL)$$),
  ('party_rating',       $$skill.party_rating(ARRAY[skill.rating()], max_mu_weight => NULL)$$),
  ('balance_teams',      $$skill.balance_teams(ARRAY[skill.rating(), skill.rating()], NULL)$$),
  ('balance_teams',      $$skill.balance_teams(ARRAY[skill.rating(), skill.rating()], 2, z => NULL)$$),
  ('balance_teams',      $$skill.balance_teams(ARRAY[skill.rating(), skill.rating()], 2, party_bonus => NULL)$$),
  ('otr_rate_match',     $$skill.otr_rate_match(ARRAY[skill.rating(), skill.rating()], NULL)$$),
  ('otr_initial_rating', $$skill.otr_initial_rating(5, NULL::text)$$),
  ('otr_decay',          $$skill.otr_decay(skill.rating(), NULL, timestamptz '2026-01-01 00:00+00')$$),
  ('division',           $$skill.division(1.5, ARRAY[1.0, 2.0], 1, NULL)$$),
  ('season_reset',       $$skill.season_reset(1600::float8, NULL)$$),
  ('rating_decay',       $$skill.rating_decay(skill.rating(), NULL, 0.1)$$),
  ('performance_rating', $$skill.performance_rating(ARRAY[1500.0], ARRAY[1.0], prior_sd => NULL)$$),
  ('fit',                $$skill.fit('pl', NULL, '{}')$$),
  ('share_outcome',      $$skill.share_outcome(3, 1, k => NULL)$$)
) v(f, call);
SELECT f, pg_temp.rows_of(call) FROM (VALUES
  ('pl_predict_rank',    $$skill.pl_predict_rank(NULL)$$),
  ('form_matches',       $$skill.form_matches(ARRAY[1, 2], ARRAY[1.0, 2.0], ARRAY[1, 1], ARRAY[10.0, 10.0], NULL, 1)$$),
  ('form_matches',       $$skill.form_matches(ARRAY[1, 2], ARRAY[1.0, 2.0], ARRAY[1, 1], ARRAY[10.0, 10.0], 2, 1, party_bonus => NULL)$$),
  ('replay',             $$skill.replay(NULL, 'SELECT 1')$$),
  ('replay',             $$skill.replay('pl', NULL)$$),
  ('match_predictions',  $$skill.match_predictions('pl', NULL)$$),
  ('rate_match',         $$skill.rate_match('elo', 1, NULL, '{1,2}', '{1,2}', '{1,2}', '{NULL,NULL}'::float8[])$$),
  ('rate_period',        $$skill.rate_period('glicko', NULL, '{1,1}', '{2026-03-01,2026-03-01}', '{1,2}', '{1,2}', '{1,2}', '{NULL,NULL}'::skill.glicko[])$$),
  ('evaluate',           $$skill.evaluate(NULL, ARRAY['pl'])$$),
  ('pl_history',         $$skill.pl_history(NULL)$$),
  ('glicko_history',     $$skill.glicko_history(NULL, '{}')$$),
  ('otr_history',        $$skill.otr_history(NULL)$$)
) v(f, call);

-- 3. An optional argument given as NULL is the same as not giving it.
SELECT skill.pl_rate(ARRAY[skill.rating(), skill.rating()], ranks => NULL, weights => NULL)
         = skill.pl_rate(ARRAY[skill.rating(), skill.rating()]) AS pl_rate_not_given,
       skill.trueskill_rate(ARRAY[skill.rating(), skill.rating()], NULL, NULL)
         = skill.trueskill_rate(ARRAY[skill.rating(), skill.rating()]) AS trueskill_not_given,
       skill.balance_teams(ARRAY[skill.rating(20), skill.rating(30)], 2, NULL)
         = skill.balance_teams(ARRAY[skill.rating(20), skill.rating(30)], 2) AS balance_not_given,
       skill.otr_initial_rating(NULL) AS unranked,
       skill.division(1.5, ARRAY[1.0, 2.0], NULL) AS division_no_current;

-- 4. Array elements: in a 2-D team array NULL is padding (skipped); a team
-- of only NULLs, and a NULL element of any other array, is an error
-- (22004) naming the array.
SELECT f, pg_temp.outcome(call) FROM (VALUES
  ('pl_rate padding',    $$skill.pl_rate(ARRAY[[skill.rating(), NULL], [skill.rating(), skill.rating()]], ARRAY[1, 2]) IS NOT NULL$$),
  ('pl_rate',            $$skill.pl_rate(ARRAY[skill.rating(), NULL])$$),
  ('pl_rate ranks',      $$skill.pl_rate(ARRAY[skill.rating(), skill.rating()], ARRAY[1, NULL])$$),
  ('pl_rate weights',    $$skill.pl_rate(ARRAY[skill.rating(), skill.rating()], weights => '{1,NULL}')$$),
  ('pl_predict_win',     $$skill.pl_predict_win(ARRAY[skill.rating(), NULL])$$),
  ('trueskill_quality',  $$skill.trueskill_quality(ARRAY[skill.rating(), NULL])$$),
  ('match_quality',      $$skill.match_quality(ARRAY[skill.rating(), NULL])$$),
  ('elo_predict_win',    $$skill.elo_predict_win(ARRAY[1500, NULL])$$),
  ('elo_predict_win padding', $$skill.elo_predict_win(ARRAY[[1500, NULL], [1400, 1600]])$$),
  ('glicko_predict_win', $$skill.glicko_predict_win(ARRAY[skill.glicko(), NULL])$$),
  ('otr_predict_win',    $$skill.otr_predict_win(ARRAY[skill.rating(), NULL])$$),
  ('team_glicko_rate',   $$skill.team_glicko_rate(ARRAY[[skill.glicko(), NULL], [NULL::skill.glicko, NULL]], 1)$$),
  ('team_glicko_rating', $$skill.team_glicko_rating(ARRAY[skill.glicko(), NULL])$$),
  ('glicko_update',      $$skill.glicko_update(skill.glicko(), ARRAY[skill.glicko(), NULL], ARRAY[1, 0])$$),
  ('glicko2_update',     $$skill.glicko2_update(skill.glicko(), ARRAY[skill.glicko()], ARRAY[NULL::float8])$$),
  ('elo_rate',           $$skill.elo_rate(ARRAY[1500, NULL], ARRAY[1, 2])$$),
  ('elo_update',         $$skill.elo_update(1500, ARRAY[1500, NULL], ARRAY[1, 0])$$),
  ('elo_k_factor',       $$skill.elo_k_factor(1500, 3, ARRAY[1, NULL], ARRAY[1, 2])$$),
  ('performance_rating', $$skill.performance_rating(ARRAY[1500, NULL], ARRAY[1, 0])$$),
  ('calibration_search', $$skill.calibration_search(ARRAY[1500, NULL], 2)$$),
  ('party_rating',       $$skill.party_rating(ARRAY[skill.rating(), NULL])$$),
  ('balance_gap',        $$skill.balance_gap(ARRAY[skill.rating(), NULL], ARRAY[1, 2])$$),
  ('balance_teams',      $$skill.balance_teams(ARRAY[skill.rating(), NULL], 2)$$),
  ('division',           $$skill.division(1.5, ARRAY[1.0, NULL])$$),
  ('otr_rate_match',     $$skill.otr_rate_match(ARRAY[skill.rating(), NULL], ARRAY[1.0, 0.0])$$),
  ('placement_predict',  $$skill.placement_predict(ROW(0, '{1}', 1, 10, 0.5)::skill.placement_model, ARRAY[NULL::float8])$$)
) v(f, call);
SELECT f, pg_temp.rows_of(call) FROM (VALUES
  ('form_matches ids',   $$skill.form_matches(ARRAY[1, NULL], ARRAY[1.0, 2.0], ARRAY[1, 1], ARRAY[10.0, 10.0], 2, 1)$$),
  ('form_matches ratings', $$skill.form_matches(ARRAY[1, 2], ARRAY[1.0, NULL], ARRAY[1, 1], ARRAY[10.0, 10.0], 2, 1)$$),
  ('evaluate systems',   $$skill.evaluate('SELECT 1', ARRAY['pl', NULL])$$)
) v(f, call);

-- 5. Aggregates.  Statistics aggregates skip a row with a NULL value (as
-- avg() does); a replay refuses a row with a NULL key (skipping it would
-- rate the match without that player); a NULL prior or options is "not
-- given"; a NULL setting passed with the rows (buckets, ridge) is an error.
SELECT (skill.prediction_score(p, o)).n AS scored_rows
FROM (VALUES (0.5, 1.0), (NULL, 1), (0.7, NULL)) v(p, o);
SELECT count(*) AS calibration_buckets
FROM (SELECT skill.calibration_table(p, o) FROM (VALUES (0.5, 1.0), (NULL, 1)) v(p, o)) s;
SELECT (skill.placement_fit(f, t)).n AS fitted_rows
FROM (VALUES (ARRAY[1.0], 1.0), (ARRAY[2.0], 2.0), (ARRAY[3.0], 2.5), (NULL, 1), (ARRAY[1.0], NULL)) v(f, t);
SELECT skill.prediction_score(p, o, NULL) FROM (VALUES (0.5, 1.0)) v(p, o);
SELECT skill.placement_fit(f, t, NULL) FROM (VALUES (ARRAY[1.0], 1.0)) v(f, t);
SELECT skill.pl_replay(m, timestamptz '2026-01-01 00:00+00', p, p, p) FROM (VALUES (1, 1), (1, 2), (NULL, 3)) v(m, p);
SELECT skill.pl_replay(m, timestamptz '2026-01-01 00:00+00', p, p, r) FROM (VALUES (1, 1, 1.0), (1, 2, NULL)) v(m, p, r);
SELECT skill.elo_replay(m, timestamptz '2026-01-01 00:00+00', p, NULL, p) FROM (VALUES (1, 1), (1, 2)) v(m, p);
SELECT skill.glicko_replay(m, timestamptz '2026-01-01 00:00+00', NULL, p, p, p) FROM (VALUES (1, 1), (1, 2)) v(m, p);
SELECT skill.pl_replay(m, timestamptz '2026-01-01 00:00+00', p, p, p, NULL, NULL)
         = skill.pl_replay(m, timestamptz '2026-01-01 00:00+00', p, p, p) AS prior_and_options_not_given
FROM (VALUES (1, 1), (1, 2)) v(m, p);
