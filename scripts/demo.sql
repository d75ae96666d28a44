-- scripts/demo.sql - the main jobs in miniature: a backend records matches
-- and updates ratings in the same transaction (the per-match update), an
-- analyst asks for win odds and judges the predictions against a coin flip
-- and the best fixed-parameter Elo, a batch job recomputes the season in one
-- query, and a matchmaker proposes a match from a queue.
\set ON_ERROR_STOP on
\pset footer off
CREATE EXTENSION IF NOT EXISTS skill;

-- The tables and the transactional per-match update (docs/per-match.md):
-- record_match locks the match's players in id order, refuses a player
-- without a row or a match older than one already rated, rates from the
-- current ratings in each rating system (OpenSkill and Elo here) and writes
-- them back, all in the caller's transaction.
\ir record_match.sql
INSERT INTO players (player_id, name) VALUES (1, 'ada'), (2, 'bob'), (3, 'cyd'), (4, 'dee');
-- Each player's OpenSkill rating and Elo side by side.
CREATE TEMP VIEW live AS
SELECT p.player_id, p.name, o.rating, e.elo
FROM players p JOIN ratings o ON o.player_id = p.player_id AND o.system = 'openskill'
JOIN ratings e ON e.player_id = p.player_id AND e.system = 'elo';

CALL record_match(1, '2026-11-01 18:00', '{1,2}', '{1,2}', '{1,2}');        -- ada beats bob
CALL record_match(2, '2026-11-01 18:30', '{1,3}', '{1,2}', '{1,2}');        -- ada beats cyd
CALL record_match(3, '2026-11-02 19:00', '{2,4}', '{1,2}', '{1,2}');        -- bob beats dee
CALL record_match(4, '2026-11-02 19:30', '{1,4,2,3}', '{1,1,2,2}', '{2,2,1,1}');  -- bob+cyd beat ada+dee
CALL record_match(5, '2026-11-03 20:00', '{1,2,3,4}', '{1,2,3,4}', '{1,2,2,4}');  -- free-for-all, bob and cyd tie
CALL record_match(6, '2026-11-03 20:30', '{3,4}', '{1,2}', '{2,1}');        -- dee beats cyd

\echo
\echo The per-match update: match 7 (cyd beats ada) rates its two players from their current ratings
CREATE TEMP TABLE before_7 AS SELECT player_id, rating, elo FROM live;
CALL record_match(7, '2026-11-04 18:00', '{1,3}', '{1,2}', '{2,1}');
SELECT p.name, round((b.rating).mu::numeric, 2) AS mu_before, round((p.rating).mu::numeric, 2) AS mu_after,
       round((b.rating).sigma::numeric, 2) AS sigma_before, round((p.rating).sigma::numeric, 2) AS sigma_after,
       round(b.elo::numeric, 1) AS elo_before, round(p.elo::numeric, 1) AS elo_after
FROM live p JOIN before_7 b USING (player_id) ORDER BY p.player_id;

\echo
\echo Leaderboard (ordinal = mu - 3 sigma)
SELECT name, round((rating).mu::numeric, 2) AS mu, round((rating).sigma::numeric, 2) AS sigma,
       round(skill.ordinal(rating)::numeric, 2) AS ordinal, round(elo::numeric, 1) AS elo
FROM live ORDER BY skill.ordinal(rating) DESC;

\echo
\echo Predicted chance that the first player beats the second
SELECT a.name, b.name AS opponent,
       round((skill.pl_predict_win(ARRAY[a.rating, b.rating]))[1]::numeric, 3) AS openskill,
       round(skill.elo_predict_win(a.elo, b.elo)::numeric, 3) AS elo
FROM live a JOIN live b ON a.player_id < b.player_id ORDER BY 1, 2;

\echo
\echo The season recomputed from the results table in one query equals the live ratings
SELECT count(*) AS players, bool_and(r.rating = p.rating) AS same_as_live
FROM unnest((SELECT skill.pl_replay(match_id, played_at, player_id, team, rank)
             FROM (SELECT * FROM results ORDER BY played_at, match_id, player_id) ordered)) r
JOIN live p USING (player_id);

\echo
\echo History: rating before and after each match, and the predicted chance of winning
SELECT h.match_id, p.name, h.rank, round((h.rating_before).mu::numeric, 2) AS mu_before,
       round((h.rating_after).mu::numeric, 2) AS mu_after, round(h.predicted_win::numeric, 3) AS predicted_win
FROM skill.pl_history('SELECT match_id, played_at, player_id, team, rank FROM results ORDER BY played_at, match_id') h
JOIN players p USING (player_id)
ORDER BY h.match_id, h.team, p.name;

\echo
\echo How good were the predictions? (two-team matches: log-loss of the predicted chances of the winners)
SELECT count(*) AS matches, round(avg(-ln(predicted_win))::numeric, 4) AS log_loss
FROM (SELECT DISTINCT match_id, team, predicted_win
      FROM skill.pl_history('SELECT match_id, played_at, player_id, team, rank FROM results ORDER BY played_at, match_id')
      WHERE rank = 1 AND match_id IN (SELECT match_id FROM results GROUP BY match_id HAVING max(team) = 2)) w;

-- Three seasons in one statement.  A league of six players plays a match a
-- day from January to September; player 6 sits out the whole second season.
-- The recompute soft-resets everyone at each season start (keep 0.5) and
-- widens each player's sigma with the days since that player's last match.
CREATE TABLE league AS
WITH pairs AS (
  SELECT d AS match_id, timestamptz '2026-01-01 20:00+00' + (d - 1) * interval '1 day' AS played_at,
         1 + d % 6 AS a, 1 + (d + 1 + (d / 6) % 5) % 6 AS b       -- every pair of distinct players in turn
  FROM generate_series(1, 270) d)
SELECT match_id, played_at, x.player_id::bigint AS player_id, x.team,
       -- the lower id wins three games in four: a stable order of strength
       CASE WHEN (x.player_id = least(a, b)) = (match_id % 4 <> 0) THEN 1.0 ELSE 2.0 END AS rank
FROM pairs, LATERAL (VALUES (a, 1), (b, 2)) x(player_id, team)
WHERE NOT (6 IN (a, b) AND played_at >= '2026-04-01 00:00+00' AND played_at < '2026-07-01 00:00+00');

\echo
\echo Three seasons (starts 1 Apr and 1 Jul) with soft resets and inactivity growth, one statement
SELECT r.player_id, r.matches, round((r.rating).mu::numeric, 2) AS mu, round((r.rating).sigma::numeric, 2) AS sigma,
       round(skill.ordinal(r.rating)::numeric, 2) AS ordinal
FROM unnest((
  SELECT skill.pl_replay(match_id, played_at, player_id, team, rank, NULL,
    '{"sigma_per_day": 0.05,
      "season_starts": ["2026-04-01 00:00+00", "2026-07-01 00:00+00"], "season_keep": 0.5}')
  FROM (SELECT * FROM league ORDER BY played_at, match_id) ordered)) r
ORDER BY skill.ordinal(r.rating) DESC;

\echo
\echo Is a system any good? Log-loss on the league from May on (lower is better) beside two baselines:
\echo a coin flip (every chance 0.5, log-loss ln 2) and the best fixed-parameter Elo (k fitted on January to April)
SET client_min_messages = warning;     -- skill.fit reports each evaluation as a NOTICE
WITH scored AS (
  SELECT system, n, log_loss
  FROM skill.evaluate('SELECT match_id::bigint, played_at, player_id, team, rank::float8 FROM league ORDER BY played_at, match_id',
                      ARRAY['elo', 'glicko2', 'pl', 'trueskill'], '{"score_from": "2026-05-01 00:00+00"}')
), fitted AS (
  SELECT skill.fit('elo', 'SELECT match_id::bigint, played_at, player_id, team, rank::float8 FROM league ORDER BY played_at, match_id',
                   '{"k": [1, 200]}', '{"train_until": "2026-05-01 00:00+00"}') AS f
)
SELECT 'coin flip' AS system, (SELECT count(DISTINCT match_id) FROM league WHERE played_at >= '2026-05-01 00:00+00') AS matches,
       round(ln(2)::numeric, 4) AS log_loss
UNION ALL
SELECT 'elo, k ' || round((f #>> '{parameters,k}')::numeric, 1) || ' (fitted)', (f #>> '{held_out,n}')::bigint,
       round((f #>> '{held_out,log_loss}')::numeric, 4)
FROM fitted
UNION ALL
SELECT system || ' (defaults)', n, round(log_loss::numeric, 4) FROM scored
ORDER BY log_loss;
RESET client_min_messages;

\echo
\echo A matchmaking round: the six league players queue alone, form_matches proposes one 3 v 3
\echo (everyone within the others skill window of 25 ordinal points, teams balanced on rating; score 1 is a perfect match)
WITH rated AS (
  SELECT (r).player_id, (r).rating
  FROM unnest((SELECT skill.pl_replay(match_id, played_at, player_id, team, rank)
               FROM (SELECT * FROM league ORDER BY played_at, match_id) ordered)) r
), queue AS (
  SELECT array_agg(player_id ORDER BY player_id) AS ids,
         array_agg(skill.ordinal(rating) ORDER BY player_id) AS ratings,
         array_agg(1 ORDER BY player_id) AS sizes,
         array_agg(25.0::float8 ORDER BY player_id) AS betas
  FROM rated
)
SELECT m.match, m.team, m.ticket_id AS player_id, round(skill.ordinal(r.rating)::numeric, 2) AS ordinal,
       round(m.score::numeric, 3) AS score
FROM queue, skill.form_matches(queue.ids, queue.ratings, queue.sizes, queue.betas, n_teams => 2, team_size => 3) m
JOIN rated r ON r.player_id = m.ticket_id
ORDER BY m.match, m.team, m.ticket_id;
