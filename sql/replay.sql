-- Replay aggregates and history: agreement with the one-match functions,
-- Glicko-2 rating periods, priors, options, and every input rule.
\set VERBOSITY terse

CREATE TABLE results (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8);
INSERT INTO results VALUES
  (1, '2026-01-05', 10, 1, 1), (1, '2026-01-05', 20, 2, 2),
  (2, '2026-01-06', 10, 1, 2), (2, '2026-01-06', 30, 2, 1),
  (3, '2026-01-13', 20, 1, 1), (3, '2026-01-13', 30, 2, 2),
  (4, '2026-01-20', 10, 1, 1), (4, '2026-01-20', 20, 2, 2), (4, '2026-01-20', 30, 3, 3);

-- Two new players, the first wins: openskill's classic 1v1 result (mu 27.6354, 22.3646).
SELECT player_id, round((rating).mu::numeric, 10) AS mu, round((rating).sigma::numeric, 10) AS sigma, matches
FROM unnest((SELECT skill.pl_replay(match_id, played_at, player_id, team, rank ORDER BY played_at, match_id)
             FROM results WHERE match_id = 1));

-- unnest in the select list (docs/replay.md, "Many players") streams the same
-- elements, in the same order, as the array.
SELECT (SELECT array_agg(p) FROM (SELECT unnest(skill.pl_replay(match_id, played_at, player_id, team, rank ORDER BY played_at, match_id)) AS p
                                  FROM results) replayed)
     = (SELECT skill.pl_replay(match_id, played_at, player_id, team, rank ORDER BY played_at, match_id) FROM results) AS same_elements;

-- Elo replay is elo_update for duels and elo_rate for the three-way match.
WITH m1 AS (SELECT skill.elo_update(1500, 1500, 1) AS p10, skill.elo_update(1500, 1500, 0) AS p20),
     m2 AS (SELECT skill.elo_update(p10, 1500, 0) AS p10, skill.elo_update(1500, p10, 1) AS p30, p20 FROM m1),
     m3 AS (SELECT p10, skill.elo_update(p20, p30, 1) AS p20, skill.elo_update(p30, p20, 0) AS p30 FROM m2),
     m4 AS (SELECT skill.elo_rate(ARRAY[p10, p20, p30], ARRAY[1, 2, 3]) AS r FROM m3),
     expected AS (SELECT * FROM unnest(ARRAY[10, 20, 30]::bigint[], (SELECT r FROM m4)) AS e(player_id, rating)),
     replayed AS (SELECT * FROM unnest((SELECT skill.elo_replay(match_id, played_at, player_id, team, rank ORDER BY played_at, match_id) FROM results)))
SELECT player_id, replayed.matches, abs(replayed.rating - expected.rating) < 1e-9 AS agrees
FROM replayed JOIN expected USING (player_id) ORDER BY player_id;

-- Glicko-2 with weekly periods: player 10 sits out week 3, player 30 week 4.
-- The replay must equal glicko2_update applied period by period, with an
-- empty period for whoever sat out (their RD grows).
WITH w2 AS (
  SELECT skill.glicko2_update(skill.glicko(), ARRAY[skill.glicko(), skill.glicko()], ARRAY[1, 0]) AS p10,
         skill.glicko2_update(skill.glicko(), ARRAY[skill.glicko()], ARRAY[0]) AS p20,
         skill.glicko2_update(skill.glicko(), ARRAY[skill.glicko()], ARRAY[1]) AS p30),
w3 AS (
  SELECT skill.glicko2_update(p10, '{}', '{}') AS p10,
         skill.glicko2_update(p20, ARRAY[p30], ARRAY[1]) AS p20,
         skill.glicko2_update(p30, ARRAY[p20], ARRAY[0]) AS p30 FROM w2),
w4 AS (
  -- Match 4 is a three-way match: each pair of players is a game.
  SELECT skill.glicko2_update(p10, ARRAY[p20, p30], ARRAY[1, 1]) AS p10,
         skill.glicko2_update(p20, ARRAY[p10, p30], ARRAY[0, 1]) AS p20,
         skill.glicko2_update(p30, ARRAY[p10, p20], ARRAY[0, 0]) AS p30 FROM w3),
expected(player_id, r) AS (VALUES (10::bigint, (SELECT p10 FROM w4)), (20, (SELECT p20 FROM w4)), (30, (SELECT p30 FROM w4))),
replayed AS (
  SELECT * FROM unnest((SELECT skill.glicko2_replay(match_id, played_at, date_trunc('week', played_at), player_id, team, rank
                                                    ORDER BY played_at, match_id) FROM results)))
SELECT player_id, matches,
       abs((rating).rating - (r).rating) < 1e-9 AND abs((rating).rd - (r).rd) < 1e-9
         AND abs((rating).vol - (r).vol) < 1e-12 AS agrees
FROM replayed JOIN expected USING (player_id) ORDER BY player_id;

-- The same weeks with player 30 left out of match 4: the week passes
-- without it, so its RD still grows at the end of the replay.
WITH w2 AS (
  SELECT skill.glicko2_update(skill.glicko(), ARRAY[skill.glicko(), skill.glicko()], ARRAY[1, 0]) AS p10,
         skill.glicko2_update(skill.glicko(), ARRAY[skill.glicko()], ARRAY[0]) AS p20,
         skill.glicko2_update(skill.glicko(), ARRAY[skill.glicko()], ARRAY[1]) AS p30),
w3 AS (
  SELECT skill.glicko2_update(p10, '{}', '{}') AS p10,
         skill.glicko2_update(p20, ARRAY[p30], ARRAY[1]) AS p20,
         skill.glicko2_update(p30, ARRAY[p20], ARRAY[0]) AS p30 FROM w2),
w4 AS (
  SELECT skill.glicko2_update(p10, ARRAY[p20], ARRAY[1]) AS p10,
         skill.glicko2_update(p20, ARRAY[p10], ARRAY[0]) AS p20,
         skill.glicko2_update(p30, '{}', '{}') AS p30 FROM w3),
expected(player_id, r) AS (VALUES (10::bigint, (SELECT p10 FROM w4)), (20, (SELECT p20 FROM w4)), (30, (SELECT p30 FROM w4))),
replayed AS (
  SELECT * FROM unnest((SELECT skill.glicko2_replay(match_id, played_at, date_trunc('week', played_at), player_id, team, rank
                                                    ORDER BY played_at, match_id)
                        FROM results WHERE match_id <> 4 OR player_id <> 30)))
SELECT player_id, matches,
       abs((rating).rating - (r).rating) < 1e-9 AND abs((rating).rd - (r).rd) < 1e-9
         AND abs((rating).vol - (r).vol) < 1e-12 AS agrees
FROM replayed JOIN expected USING (player_id) ORDER BY player_id;

-- Priors: each player's rating before the first replayed match; player 30's
-- NULL prior means the default (25, 25/3).  replay_equivalence checks these
-- numbers against pl_rate.
CREATE TABLE players (player_id bigint PRIMARY KEY, rating skill.rating);
INSERT INTO players VALUES (10, '(30,5)'), (20, '(20,4)'), (30, NULL);
SELECT player_id, round((rating).mu::numeric, 6) AS mu, round((rating).sigma::numeric, 6) AS sigma
FROM unnest((SELECT skill.pl_replay(r.match_id, r.played_at, r.player_id, r.team, r.rank, p.rating ORDER BY r.played_at, r.match_id)
             FROM results r JOIN players p USING (player_id) WHERE match_id IN (1, 2)))
ORDER BY player_id;

-- Options: tau 0 keeps a drawless win from inflating sigma; mu/sigma set the default prior.
SELECT player_id, (rating).mu > 100 AS around_prior_1000, matches
FROM unnest((SELECT skill.pl_replay(match_id, played_at, player_id, team, rank, NULL,
                                    '{"mu": 1000, "sigma": 100, "beta": 50, "tau": 0}'
                                    ORDER BY played_at, match_id) FROM results))
ORDER BY player_id;

-- No rows: NULL, like other aggregates.
SELECT skill.pl_replay(match_id, played_at, player_id, team, rank) IS NULL AS no_rows FROM results WHERE false;

-- History: per match and player, before/after and the predicted chance of winning.
-- Equal players before match 1: 0.5 each; afterwards the ratings chain.
SELECT match_id, player_id, team, rank,
       round((rating_before).mu::numeric, 6) AS mu_before, round((rating_after).mu::numeric, 6) AS mu_after,
       round(predicted_win::numeric, 6) AS predicted_win
FROM skill.pl_history('SELECT match_id, played_at, player_id, team, rank FROM results ORDER BY played_at, match_id');
-- Its final ratings equal the aggregate's.
SELECT count(*) AS players, bool_and(h.rating_after = a.rating) AS same
FROM (SELECT DISTINCT ON (player_id) player_id, rating_after
      FROM skill.pl_history('SELECT match_id, played_at, player_id, team, rank FROM results ORDER BY played_at, match_id')
      ORDER BY player_id, match_id DESC) h
JOIN unnest((SELECT skill.pl_replay(match_id, played_at, player_id, team, rank ORDER BY played_at, match_id) FROM results)) a
  USING (player_id);
-- Elo history: the predicted chances of a match sum to 1.
SELECT match_id, round(sum(predicted_win)::numeric, 12) AS total
FROM (SELECT DISTINCT match_id, team, predicted_win
      FROM skill.elo_history('SELECT match_id, played_at, player_id, team, rank FROM results ORDER BY played_at, match_id')) h
GROUP BY match_id ORDER BY match_id;

-- Player ids that are text or uuid: number them with dense_rank and join back.
CREATE TABLE named_results (match_id bigint, played_at timestamptz, player text, team int, rank float8);
INSERT INTO named_results SELECT r.match_id, r.played_at, 'player-' || r.player_id, r.team, r.rank FROM results r;
WITH numbered AS (
  SELECT n.*, dense_rank() OVER (ORDER BY player) AS pid FROM named_results n),
ratings AS (
  SELECT * FROM unnest((SELECT skill.elo_replay(match_id, played_at, pid, team, rank ORDER BY played_at, match_id) FROM numbered)))
SELECT DISTINCT n.player, round(r.rating::numeric, 4) AS elo
FROM ratings r JOIN numbered n ON n.pid = r.player_id ORDER BY 1;

-- Results come ordered by player_id, negative and large ids included.
SELECT array_agg(player_id ORDER BY ord) = array_agg(player_id ORDER BY player_id) AS ordered_by_id, count(*)
FROM unnest((SELECT skill.elo_replay(m, '2026-01-01'::timestamptz + m * interval '1 hour', p, team, team)
             FROM (VALUES (1, -5, 1), (1, 3, 2), (2, -1099511627776, 1), (2, 1099511627776, 2),
                          (3, 0, 1), (3, -9223372036854775808, 2), (4, 9223372036854775807, 1), (4, 2047, 2),
                          (5, 2048, 1), (5, -2048, 2)) v(m, p, team))) WITH ORDINALITY AS r(player_id, rating, matches, ord);

-- The same with 200 players, past the insertion sort's size: ids spread over all of bigint.
SELECT array_agg(player_id ORDER BY ord) = array_agg(player_id ORDER BY player_id) AS ordered_by_id, count(*),
       min(player_id) < -9e18 AND max(player_id) > 9e18 AS spans_bigint
FROM unnest((SELECT skill.elo_replay((g + 1) / 2, '2026-01-01'::timestamptz + (g + 1) / 2 * interval '1 hour',
                                     ((g * 37) % 200 - 100) * 92233720368547758 + g, g % 2 + 1, g % 2 + 1)
             FROM generate_series(1, 200) g)) WITH ORDINALITY AS r(player_id, rating, matches, ord);

-- Bad input: each error names the match.
-- No ORDER BY: the rows come in insertion order, which is match order here.
SELECT player_id, round((rating).mu::numeric, 10) AS mu, round((rating).sigma::numeric, 10) AS sigma, matches
FROM unnest((SELECT skill.pl_replay(match_id, played_at, player_id, team, rank) FROM results));
SELECT skill.pl_replay(match_id, played_at, player_id, team, rank ORDER BY match_id DESC) FROM results;
-- The same rows in a scrambled order are fine once the aggregate sorts them.
SELECT player_id, round((rating).mu::numeric, 10) AS mu, matches
FROM unnest((SELECT skill.pl_replay(m, t, p, team, rank ORDER BY t, m)
             FROM (VALUES (1, '2026-01-01'::timestamptz, 1, 1, 1.0), (2, '2026-01-02', 1, 1, 1), (2, '2026-01-02', 2, 2, 2),
                          (1, '2026-01-01', 2, 2, 2)) v(m, t, p, team, rank)));
-- Without the ORDER BY, match 1's rows are split around match 2: out of order.
SELECT skill.pl_replay(m, t, p, team, rank)
FROM (VALUES (1, '2026-01-01'::timestamptz, 1, 1, 1.0), (2, '2026-01-02', 1, 1, 1), (2, '2026-01-02', 2, 2, 2),
             (1, '2026-01-01', 2, 2, 2)) v(m, t, p, team, rank);
SELECT skill.pl_replay(1, '2026-01-01', p, team, 1) FROM (VALUES (1, 1), (1, 2)) v(p, team);
-- A bad match is reported even when later matches follow it.
SELECT skill.pl_replay(m, '2026-01-01', p, team, 1) FROM (VALUES (1, 1, 1), (1, 2, 1), (2, 1, 1), (2, 2, 2), (3, 1, 1), (3, 2, 2)) v(m, p, team);
SELECT skill.pl_replay(1, '2026-01-01', p, 1, 1) FROM (VALUES (1), (2)) v(p);
SELECT skill.pl_replay(1, '2026-01-01', p, team, r) FROM (VALUES (1, 1, 1.0), (2, 1, 2.0), (3, 2, 3.0)) v(p, team, r);
SELECT skill.pl_replay(NULL, '2026-01-01', 1, 1, 1);
SELECT skill.pl_replay(7, NULL, 1, 1, 1);
SELECT skill.pl_replay(7, '2026-01-01', NULL, 1, 1);
SELECT skill.pl_replay(7, '2026-01-01', 1, NULL, 1);
SELECT skill.pl_replay(7, '2026-01-01', 1, 1, NULL);
SELECT skill.pl_replay(7, '2026-01-01', 1, 1, 'NaN');
SELECT skill.pl_replay(m, t, p, p, 1) FROM (VALUES (7, '2026-01-01'::timestamptz, 1), (7, '2026-01-02', 2)) v(m, t, p);
SELECT skill.pl_replay(1, '2026-01-01', p, p, 1, NULL, '{"betta": 5}') FROM (VALUES (1), (2)) v(p);
SELECT skill.pl_replay(1, '2026-01-01', p, p, 1, NULL, '{"beta": -5}') FROM (VALUES (1), (2)) v(p);
SELECT skill.pl_replay(1, '2026-01-01', p, p, 1, NULL, '{"beta": "five"}') FROM (VALUES (1), (2)) v(p);
SELECT skill.pl_replay(1, '2026-01-01', p, p, 1, NULL, '[1, 2]') FROM (VALUES (1), (2)) v(p);
SELECT skill.pl_replay(1, '2026-01-01', p, p, 1, '(25,0)') FROM (VALUES (1), (2)) v(p);
SELECT skill.trueskill_replay(1, '2026-01-01', p, p, 1, NULL, '{"draw_probability": 1}') FROM (VALUES (1), (2)) v(p);
SELECT skill.elo_replay(1, '2026-01-01', p, p, 1, 'Infinity') FROM (VALUES (1), (2)) v(p);
SELECT skill.glicko2_replay(m, t, w, p, p, 1) FROM (VALUES (1, '2026-01-08'::timestamptz, '2026-01-08'::timestamptz, 1), (1, '2026-01-08', '2026-01-08', 2),
                                                       (2, '2026-01-09', '2026-01-01', 1), (2, '2026-01-09', '2026-01-01', 2)) v(m, t, w, p);
SELECT skill.glicko2_replay(1, '2026-01-01', '2026-01-01', p, p, 1, '(1500,350,)') FROM (VALUES (1), (2)) v(p);
SELECT * FROM skill.pl_history('SELECT match_id, played_at, player_id, team FROM results');
SELECT * FROM skill.pl_history('SELECT match_id::int, played_at, player_id, team, rank FROM results');
SELECT * FROM skill.pl_history('SELECT match_id, played_at, player_id, team, rank FROM results ORDER BY match_id DESC');
-- In full, without the rows query as context: the rows are fine as SQL.
\set VERBOSITY default
SELECT * FROM skill.pl_history('SELECT match_id, played_at, player_id, team, rank FROM results ORDER BY match_id DESC');
\set VERBOSITY terse
SELECT * FROM skill.pl_history(NULL);
SELECT * FROM skill.elo_history('SELECT match_id, played_at, player_id, team, rank FROM results', '{"k": -1}');
-- A number too large for a float8 names the option (22003); one too small
-- for it reads as 0, which the option's bounds then judge.
\set VERBOSITY default
SELECT * FROM skill.elo_history('SELECT match_id, played_at, player_id, team, rank FROM results', '{"k": 1e400}');
\set VERBOSITY terse
SELECT skill.pl_replay(1, '2026-01-01', p, p, 1, NULL, '{"beta": -1e400}') FROM (VALUES (1), (2)) v(p);
SELECT * FROM skill.pl_history('SELECT match_id, played_at, player_id, team, rank FROM results', '{"beta": 1e-400}');
-- The rows query's own statement is checked: any command but SELECT is
-- refused under its own name (SELECT ... INTO creates a table), as are
-- row locks; the detail says what is checked.
\set VERBOSITY default
SELECT * FROM skill.pl_history('SELECT match_id, played_at, player_id, team, rank INTO results_copy FROM results');
\set VERBOSITY terse
SELECT * FROM skill.pl_history('CREATE TABLE results_copy AS SELECT match_id, played_at, player_id, team, rank FROM results');
SELECT * FROM skill.pl_history('SELECT match_id, played_at, player_id, team, rank FROM results FOR SHARE');
-- A function the SELECT calls runs as written: its writes happen (the
-- docs/replay.md says so where rows queries are documented).
CREATE TABLE rows_seen (n int);
CREATE FUNCTION pg_temp.seen(m bigint) RETURNS bigint LANGUAGE sql VOLATILE
  AS $$ INSERT INTO rows_seen VALUES (1); SELECT m $$;
SELECT count(*) AS history_rows
FROM skill.pl_history('SELECT pg_temp.seen(match_id), played_at, player_id, team, rank FROM results ORDER BY played_at, match_id');
SELECT count(*) AS rows_written FROM rows_seen;
DROP TABLE rows_seen;
