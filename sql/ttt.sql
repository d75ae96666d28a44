-- TrueSkill Through Time in SQL (docs/ttt.md): results against independent
-- computations (skill.trueskill_rate for one match, the normal CDF by hand
-- for predictions, a change of time unit), the shapes of ttt_history,
-- ttt_replay, ttt_summary and match_predictions('ttt'), and every argument
-- rule.  The reference vectors are in ttt_vectors.

CREATE TEMP TABLE games (match_id bigint, played_at timestamptz, player_id bigint,
                         team int, rank float8, weight float8);
-- Four players over six days: 1 beats 2 and 3 beats 4 (day 1), 2 beats 3
-- (day 3), 4 beats 1 (day 5), 2 and 4 beat 1 and 3, 3 playing half the
-- time (day 6).
INSERT INTO games VALUES
  (1, '2026-01-01 10:00+00', 1, 1, 1, NULL), (1, '2026-01-01 10:00+00', 2, 2, 2, NULL),
  (2, '2026-01-01 10:00+00', 3, 1, 1, NULL), (2, '2026-01-01 10:00+00', 4, 2, 2, NULL),
  (3, '2026-01-03 10:00+00', 2, 1, 1, NULL), (3, '2026-01-03 10:00+00', 3, 2, 2, NULL),
  (4, '2026-01-05 10:00+00', 4, 2, 1, NULL), (4, '2026-01-05 10:00+00', 1, 1, 2, NULL),
  (5, '2026-01-06 10:00+00', 2, 1, 1, NULL), (5, '2026-01-06 10:00+00', 4, 1, 1, NULL),
  (5, '2026-01-06 10:00+00', 1, 2, 2, NULL), (5, '2026-01-06 10:00+00', 3, 2, 2, 0.5);
\set q 'SELECT match_id, played_at, player_id, team, rank, weight FROM games ORDER BY played_at, match_id'

-- Each player's smoothed and filtered ratings at each day it plays.
SELECT player_id, played_at, batch, round((rating).mu::numeric, 6) AS mu,
       round((rating).sigma::numeric, 6) AS sigma, round((filtered).mu::numeric, 6) AS filtered_mu,
       round((filtered).sigma::numeric, 6) AS filtered_sigma, iterations, last_step <= 1e-6 AS converged
FROM skill.ttt_history(:'q');

-- The latest smoothed rating of each player is its last ttt_history row.
SELECT r.player_id, r.matches, r.last_played,
       abs((r.rating).mu - (h.rating).mu) < 1e-12 AND abs((r.rating).sigma - (h.rating).sigma) < 1e-12 AS same
FROM skill.ttt_replay(:'q') r
JOIN LATERAL (SELECT rating FROM skill.ttt_history(:'q') h WHERE h.player_id = r.player_id
              ORDER BY batch DESC LIMIT 1) h ON true;

SELECT s - 'log_evidence_filtered' - 'last_step_mu' - 'last_step_sigma' AS summary,
       round((s->>'log_evidence_filtered')::numeric, 9) AS log_evidence_filtered,
       (s->>'last_step_mu')::float8 <= 1e-6 AS converged
FROM skill.ttt_summary(:'q') s;

-- One match alone: its filtered ratings are TrueSkill's update with tau 0
-- (the same factor graph), here with a partial-play weight and priors.
CREATE TEMP TABLE one (match_id bigint, played_at timestamptz, player_id bigint, team int,
                       rank float8, weight float8, prior skill.rating);
INSERT INTO one VALUES (1, '2026-01-01', 10, 1, 2, 1, '(30,5)'), (1, '2026-01-01', 11, 1, 2, 0.25, NULL),
                       (1, '2026-01-01', 12, 2, 1, 1, '(20,7)');
SELECT h.player_id,
       abs((h.filtered).mu - (t.r).mu) < 1e-9 AND abs((h.filtered).sigma - (t.r).sigma) < 1e-9 AS same_as_trueskill
FROM skill.ttt_history('SELECT * FROM one ORDER BY played_at, match_id') h
JOIN (SELECT ROW(x.mu, x.sigma)::skill.rating AS r, x.n
      FROM unnest(skill.trueskill_rate(ARRAY[['(30,5)', '(25,8.333333333333334)'], ['(20,7)', NULL]]::skill.rating[],
                                       ranks => '{2,1}', weights => '{{1,0.25},{1,NULL}}', tau => 0, draw_probability => 0,
                                       min_delta => 1e-12)) WITH ORDINALITY AS x(mu, sigma, n)
      WHERE x.mu IS NOT NULL) t
  ON t.n = CASE h.player_id WHEN 10 THEN 1 WHEN 11 THEN 2 ELSE 3 END
ORDER BY h.player_id;

-- Predictions from earlier days alone, by hand: match 3 (day 3) is player 2
-- (filtered after day 1) against player 3, each drifted by gamma^2 a day
-- for 2 days: Phi((mu2 - mu3) / sqrt(s2^2 + s3^2 + 4 gamma^2 + 2 beta^2)),
-- which is TrueSkill's win probability of the drifted ratings.
SELECT p.match_id, p.teams, p.team, p.outcome, p.min_matches_before, p.predicted_draw,
       abs(p.predicted_win - skill.trueskill_win_probability(
             ARRAY[ROW((a.filtered).mu, sqrt((a.filtered).sigma ^ 2 + 2 * (25 / 300.0) ^ 2))::skill.rating,
                   ROW((b.filtered).mu, sqrt((b.filtered).sigma ^ 2 + 2 * (25 / 300.0) ^ 2))::skill.rating])) < 1e-12
         AS by_hand,
       p.expected_score = p.predicted_win AS expected_is_win
FROM skill.match_predictions('ttt', :'q') p,
     skill.ttt_history(:'q') a, skill.ttt_history(:'q') b
WHERE p.match_id = 3 AND a.player_id = 2 AND a.batch = 1 AND b.player_id = 3 AND b.batch = 1;

-- Every match: the first team (lowest team number), its outcome, and the
-- chances before it; scored as any family.
SELECT match_id, played_at, teams, team, round(predicted_win::numeric, 9) AS predicted_win,
       predicted_draw, outcome, min_matches_before
FROM skill.match_predictions('ttt', :'q');
SELECT n, round(log_loss::numeric, 9) AS log_loss
FROM (SELECT (skill.prediction_score(predicted_win, outcome)).*
      FROM skill.match_predictions('ttt', :'q') WHERE teams = 2) s;

-- Forecasts from the smoothed past (resmooth_every, in time units): match 4
-- (day 5, player 1 against 4) from the history before day 5, smoothed to
-- convergence (ttt_replay of those rows), each player drifted from its
-- last day to day 5: TrueSkill's win probability of the drifted ratings.
SELECT abs(p.predicted_win - skill.trueskill_win_probability(
             ARRAY[ROW((a.rating).mu, sqrt((a.rating).sigma ^ 2 + extract(day FROM p.played_at - a.last_played) * (25 / 300.0) ^ 2))::skill.rating,
                   ROW((b.rating).mu, sqrt((b.rating).sigma ^ 2 + extract(day FROM p.played_at - b.last_played) * (25 / 300.0) ^ 2))::skill.rating]))
         < 1e-9 AS resmoothed_by_hand,
       abs(p.predicted_win - f.predicted_win) > 1e-3 AS differs_from_filter
FROM skill.match_predictions('ttt', :'q', '{"resmooth_every": 1, "epsilon": 1e-12, "iterations": 10000}') p,
     skill.match_predictions('ttt', :'q') f,
     skill.ttt_replay('SELECT match_id, played_at, player_id, team, rank FROM games WHERE played_at < ''2026-01-05'' ORDER BY played_at, match_id',
                      '{"epsilon": 1e-12, "iterations": 10000}') a,
     skill.ttt_replay('SELECT match_id, played_at, player_id, team, rank FROM games WHERE played_at < ''2026-01-05'' ORDER BY played_at, match_id',
                      '{"epsilon": 1e-12, "iterations": 10000}') b
WHERE p.match_id = 4 AND f.match_id = 4 AND a.player_id = 1 AND b.player_id = 4;
-- Never the future: flipping match 3's result (day 3) leaves the forecasts
-- of matches 1 to 3 as they were and changes match 5's (its players'),
-- re-smoothed every day or every two.
SELECT e.every, bool_and(x.predicted_win = y.predicted_win) FILTER (WHERE x.match_id <= 3) AS up_to_3_same,
       bool_and(x.predicted_win <> y.predicted_win) FILTER (WHERE x.match_id = 5) AS match_5_differs
FROM (VALUES (1), (2)) e(every),
     LATERAL skill.match_predictions('ttt', :'q', jsonb_build_object('resmooth_every', e.every)) x
JOIN LATERAL skill.match_predictions('ttt', 'SELECT match_id, played_at, player_id, team, CASE WHEN match_id = 3 THEN 3 - rank ELSE rank END AS rank, weight FROM games ORDER BY played_at, match_id',
                                     jsonb_build_object('resmooth_every', e.every)) y USING (match_id)
GROUP BY e.every ORDER BY e.every;

-- ttt_summary with resmooth_every: the forecasts' evidence and the work.
SELECT s->'resmooths' AS resmooths, (s->>'resmooth_sweeps')::int >= 4 AS swept,
       s ? 'log_evidence_forecast' AND NOT s ? 'log_evidence_filtered' AS forecast_evidence
FROM skill.ttt_summary(:'q', '{"resmooth_every": 1}') s;

-- With p_draw, a draw chance and expected score win + draw/2; a tie is allowed.
UPDATE games SET rank = 1 WHERE match_id = 3;
SELECT match_id, round(predicted_win::numeric, 9) AS predicted_win,
       round(predicted_draw::numeric, 9) AS predicted_draw, outcome,
       abs(expected_score - (predicted_win + predicted_draw / 2)) < 1e-15 AS expected_ok
FROM skill.match_predictions('ttt', :'q', '{"p_draw": 0.2}') ORDER BY match_id LIMIT 3;
UPDATE games SET rank = 2 WHERE match_id = 3 AND player_id = 3;

-- A time unit is a scale: hours with gamma / sqrt(24) are days with gamma.
SELECT bool_and(abs((d.rating).mu - (h.rating).mu) < 1e-9 AND abs((d.rating).sigma - (h.rating).sigma) < 1e-9)
       AS same_in_hours
FROM skill.ttt_history(:'q', '{"gamma": 0.5}') d
JOIN skill.ttt_history(:'q', jsonb_build_object('gamma', 0.5 / sqrt(24), 'time_unit', 'hour')) h
  USING (player_id, batch);
-- "batch": one unit of drift per day a player plays, whatever the gap.
SELECT player_id, batch, round((filtered).sigma::numeric, 9) AS filtered_sigma
FROM skill.ttt_history(:'q', '{"time_unit": "batch", "gamma": 1}') WHERE player_id = 1;

-- No rows: nothing.
SELECT count(*) FROM skill.ttt_history('SELECT match_id, played_at, player_id, team, rank FROM games WHERE false');
SELECT skill.ttt_summary('SELECT match_id, played_at, player_id, team, rank FROM games WHERE false');
-- NULL arguments: no rows, NULL (options NULL: the defaults).
SELECT count(*) FROM skill.ttt_history(NULL);
SELECT skill.ttt_summary(NULL) IS NULL AS null_summary;
SELECT count(*) FROM skill.ttt_history(:'q', NULL);

-- Options: each rule an error naming the option.
SELECT * FROM skill.ttt_history(:'q', '{"tau": 1}');
SELECT * FROM skill.ttt_history(:'q', '[1]');
SELECT * FROM skill.ttt_history(:'q', '{"beta": 0}');
SELECT * FROM skill.ttt_history(:'q', '{"sigma": -1}');
SELECT * FROM skill.ttt_history(:'q', '{"gamma": 0}');
SELECT * FROM skill.ttt_history(:'q', '{"epsilon": 0}');
SELECT * FROM skill.ttt_history(:'q', '{"iterations": 0}');
SELECT * FROM skill.ttt_history(:'q', '{"iterations": 2.5}');
SELECT * FROM skill.ttt_history(:'q', '{"p_draw": 1}');
SELECT * FROM skill.ttt_history(:'q', '{"p_draw": -0.1}');
SELECT * FROM skill.ttt_history(:'q', '{"mu": 1e400}');
SELECT * FROM skill.ttt_history(:'q', '{"beta": "wide"}');
SELECT * FROM skill.ttt_history(:'q', '{"time_unit": "month"}');
SELECT * FROM skill.ttt_history(:'q', '{"erfc": "approximate"}');
SELECT * FROM skill.match_predictions('ttt', :'q', '{"k": 32}');
SELECT * FROM skill.match_predictions('ttt', :'q', '{"resmooth_every": 0}');
SELECT * FROM skill.ttt_history(:'q', '{"resmooth_every": 30}');

-- A rows query that itself runs ttt (each row): the two runs keep apart.
SELECT count(*) FROM skill.ttt_history($$SELECT g.match_id, g.played_at, g.player_id, g.team,
    g.rank + 0 * (SELECT count(*) FROM skill.ttt_history('SELECT match_id, played_at, player_id, team, rank FROM games ORDER BY played_at, match_id'))
  FROM games g ORDER BY played_at, match_id$$);

-- Input too extreme for double precision: an error, never NaN or Infinity.
SELECT * FROM skill.ttt_history(:'q', '{"mu": 1e300, "gamma": 1e200}');
SELECT skill.ttt_summary(:'q', '{"sigma": 1e-200, "beta": 1e-200}');

-- Rows: each rule an error naming the match or player.
SELECT * FROM skill.ttt_history('SELECT match_id, played_at, player_id, team, rank FROM games ORDER BY match_id DESC');
SELECT * FROM skill.ttt_history($$SELECT match_id, played_at + CASE WHEN player_id = 2 THEN interval '1 s' ELSE interval '0' END, player_id, team, rank FROM games ORDER BY match_id, player_id$$);
SELECT * FROM skill.ttt_history('SELECT match_id, played_at, player_id, team, 1::float8 FROM games ORDER BY played_at, match_id');
SELECT * FROM skill.ttt_history('SELECT match_id, played_at, player_id, team, player_id::float8 FROM games ORDER BY played_at, match_id');
SELECT * FROM skill.ttt_history('SELECT match_id, played_at, 7::bigint, team, rank FROM games ORDER BY played_at, match_id');
SELECT * FROM skill.ttt_history('SELECT match_id, played_at, player_id, 1, 1::float8 FROM games ORDER BY played_at, match_id');
SELECT * FROM skill.ttt_history('SELECT match_id, played_at, player_id, team, rank, 1.5::float8 AS weight FROM games ORDER BY played_at, match_id');
SELECT * FROM skill.ttt_history($$SELECT match_id, played_at, player_id, team, rank, 'NaN'::float8 AS weight FROM games ORDER BY played_at, match_id$$);
SELECT * FROM skill.ttt_history('SELECT match_id, played_at, player_id, team, rank, CASE WHEN team = 2 THEN 0 ELSE 1 END::float8 AS weight FROM games ORDER BY played_at, match_id');
SELECT * FROM skill.ttt_history($$SELECT match_id, played_at, player_id, team, CASE WHEN match_id = 2 THEN 'Infinity' ELSE rank END FROM games ORDER BY played_at, match_id$$);
SELECT * FROM skill.ttt_history('SELECT match_id, played_at, player_id, team, NULL::float8 FROM games ORDER BY played_at, match_id');
SELECT * FROM skill.ttt_history($$SELECT match_id, 'infinity'::timestamptz, player_id, team, rank FROM games ORDER BY match_id$$);
SELECT * FROM skill.ttt_history('SELECT match_id, played_at, player_id, team, rank, 1 AS extra FROM games ORDER BY played_at, match_id');
SELECT * FROM skill.ttt_history('SELECT match_id, played_at, player_id, team FROM games');
SELECT * FROM skill.ttt_history('SELECT match_id, played_at, player_id::int, team, rank FROM games');
