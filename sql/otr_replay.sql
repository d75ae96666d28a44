-- skill.otr_replay and skill.otr_history: o!TR over a match history, equal
-- to otr_rate_match and otr_decay composed match by match.
SET extra_float_digits = 0;

-- A seeded league: 40 players, 120 matches of 6 to 8 players and 3 to 9
-- games, some players sitting out games, a few games with a single score
-- (they do not count), and idle gaps long enough to decay (2019-2021).
SELECT setseed(0.14);
CREATE TABLE otr_games (match_id bigint, played_at timestamptz, game_id bigint,
                        player_id bigint, score float8);
DO $$
DECLARE
  t timestamptz := '2019-01-05 18:00+00';
  lobby bigint[];
  n_games int;
BEGIN
  FOR m IN 1..120 LOOP
    t := t + make_interval(hours => (1 + floor(random() * 240))::int);
    IF m % 40 = 0 THEN t := t + interval '200 days'; END IF;
    SELECT array_agg(p ORDER BY r) INTO lobby
      FROM (SELECT p, random() r FROM generate_series(1, 40) p ORDER BY r
            LIMIT 6 + floor(random() * 3)::int) s;
    n_games := 3 + floor(random() * 7)::int;
    FOR g IN 1..n_games LOOP
      IF random() < 0.05 THEN          -- a game with one score: not counted
        INSERT INTO otr_games VALUES (m, t, g, lobby[1], 1000);
        CONTINUE;
      END IF;
      INSERT INTO otr_games
        SELECT m, t, g, p, floor(random() * 1000000)
        FROM unnest(lobby) p
        WHERE random() > 0.2 OR p = lobby[1] OR p = lobby[2];
    END LOOP;
  END LOOP;
END $$;
SELECT count(*) AS rows, count(DISTINCT match_id) AS matches, count(DISTINCT player_id) AS players
FROM otr_games;

-- The reference: otr_decay then otr_rate_match, match by match, in PL/pgSQL,
-- over the rows of the counted games (two or more scores).
CREATE TABLE otr_counted AS
SELECT g.*, row_number() OVER () AS seq
FROM otr_games g
WHERE (SELECT count(*) FROM otr_games h WHERE h.match_id = g.match_id AND h.game_id = g.game_id) >= 2;
CREATE TABLE otr_ref (player_id bigint PRIMARY KEY, rating skill.rating, matches int,
                      peak float8, last_played timestamptz);
CREATE TABLE otr_ref_history (match_id bigint, player_id bigint, rating_before skill.rating,
                              rating_after skill.rating);
CREATE FUNCTION otr_reference(prior skill.rating, rate_options jsonb, decay_options jsonb,
                              as_of timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  m record;
  ids bigint[];
  before skill.rating[];
  after skill.rating[];
  scores float8[];
  i int;
BEGIN
  TRUNCATE otr_ref, otr_ref_history;
  FOR m IN SELECT match_id, played_at FROM otr_games GROUP BY 1, 2 ORDER BY 2, 1 LOOP
    -- players of the counted games, in the order first seen
    SELECT array_agg(player_id ORDER BY first_seen) INTO ids FROM (
      SELECT player_id, min(seq) AS first_seen FROM otr_counted
      WHERE match_id = m.match_id GROUP BY player_id) s;
    CONTINUE WHEN ids IS NULL;
    INSERT INTO otr_ref
      SELECT p, coalesce(prior, skill.rating(1000, 400)), 0, (coalesce(prior, skill.rating(1000, 400))).mu, NULL
      FROM unnest(ids) p ON CONFLICT DO NOTHING;
    UPDATE otr_ref SET rating = skill.otr_decay(rating, last_played, m.played_at, peak, decay_options)
    WHERE player_id = ANY (ids) AND matches > 0;
    SELECT array_agg(r.rating ORDER BY k) INTO before
      FROM unnest(ids) WITH ORDINALITY u(p, k) JOIN otr_ref r ON r.player_id = u.p;
    SELECT array_agg(row_scores ORDER BY game_id) INTO scores FROM (
      SELECT gs.game_id, array_agg(s.score ORDER BY k) AS row_scores
      FROM (SELECT DISTINCT game_id FROM otr_counted WHERE match_id = m.match_id) gs
      CROSS JOIN unnest(ids) WITH ORDINALITY u(p, k)
      LEFT JOIN otr_counted s ON s.match_id = m.match_id AND s.game_id = gs.game_id AND s.player_id = u.p
      GROUP BY gs.game_id) x;
    -- array_agg of 1-D arrays stacks them into the 2-D scores
    after := skill.otr_rate_match(before, scores, rate_options);
    FOR i IN 1..cardinality(ids) LOOP
      UPDATE otr_ref SET rating = after[i], matches = matches + 1,
                         peak = greatest(peak, (after[i]).mu), last_played = m.played_at
      WHERE player_id = ids[i];
      INSERT INTO otr_ref_history VALUES (m.match_id, ids[i], before[i], after[i]);
    END LOOP;
  END LOOP;
  IF as_of IS NOT NULL THEN
    UPDATE otr_ref SET rating = skill.otr_decay(rating, last_played, as_of, peak, decay_options);
  END IF;
END $$;

-- 1. Defaults: every player's rating, matches, peak and last match agree.
SELECT otr_reference(NULL, NULL, NULL, NULL);
CREATE TABLE otr_out AS
SELECT (unnest(skill.otr_replay(match_id, played_at, game_id, player_id, score
                                ORDER BY played_at, match_id, game_id))).*
FROM otr_games;
SELECT count(*) AS players,
       max(abs((o.rating).mu - (r.rating).mu)) AS max_mu_diff,
       max(abs((o.rating).sigma - (r.rating).sigma)) AS max_sigma_diff,
       count(*) FILTER (WHERE o.matches <> r.matches OR o.peak <> r.peak
                        OR o.last_played <> r.last_played) AS other_fields_differ
FROM otr_out o JOIN otr_ref r USING (player_id);
-- a player only ever in one-score games is never rated
SELECT count(*) AS unrated_in_output FROM otr_out WHERE matches = 0;

-- 2. Priors (from the rank, as o!TR starts players), options and as_of.
SELECT otr_reference(skill.rating(skill.otr_initial_rating(5000), 400),
                     '{"beta": 150, "weight_a": 0.8, "weight_b": 0.2}', '{"decay_days": 60}',
                     '2022-06-01 12:00+00');
SELECT count(*) AS players,
       max(abs((o.rating).mu - (r.rating).mu)) AS max_mu_diff,
       max(abs((o.rating).sigma - (r.rating).sigma)) AS max_sigma_diff,
       count(*) FILTER (WHERE o.matches <> r.matches OR o.peak <> r.peak) AS other_fields_differ
FROM (SELECT (unnest(skill.otr_replay(match_id, played_at, game_id, player_id, score,
                skill.rating(skill.otr_initial_rating(5000), 400),
                '{"beta": 150, "decay_days": 60, "weight_a": 0.8, "weight_b": 0.2, "as_of": "2022-06-01 12:00+00"}'
                ORDER BY played_at, match_id, game_id))).*
      FROM otr_games) o
JOIN otr_ref r USING (player_id);

-- 3. The history: the same ratings before (after decay) and after, per
--    match and player, and each row's match_id/played_at are its input's.
SELECT otr_reference(NULL, NULL, '{"decay_days": 60}', NULL);
CREATE TABLE otr_hist AS
SELECT * FROM skill.otr_history('SELECT * FROM otr_games ORDER BY played_at, match_id, game_id',
                                '{"decay_days": 60}');
SELECT count(*) AS rows,
       count(*) = (SELECT count(*) FROM otr_ref_history) AS same_count,
       max(abs((h.rating_before).mu - (r.rating_before).mu)) AS max_before_diff,
       max(abs((h.rating_after).mu - (r.rating_after).mu)
           + abs((h.rating_after).sigma - (r.rating_after).sigma)) AS max_after_diff
FROM otr_hist h JOIN otr_ref_history r USING (match_id, player_id);
SELECT count(*) AS rows_whose_match_differs
FROM otr_hist h
WHERE NOT EXISTS (SELECT 1 FROM otr_games g WHERE g.match_id = h.match_id
                  AND g.played_at = h.played_at AND g.player_id = h.player_id);
-- games: the counted games each played; predicted_win sums to 1 per match
SELECT count(*) AS games_differ FROM otr_hist h
WHERE games <> (SELECT count(*) FROM otr_counted g WHERE g.match_id = h.match_id AND g.player_id = h.player_id);
SELECT count(*) AS matches_not_summing_to_1 FROM (
  SELECT match_id FROM otr_hist GROUP BY match_id HAVING abs(sum(predicted_win) - 1) > 1e-12) s;
-- decay ran between matches: rows whose rating before is not the last one after
SELECT count(*) FILTER (WHERE (rating_before).mu < (prev).mu) AS mu_decayed,
       count(*) FILTER (WHERE (rating_before).sigma > (prev).sigma) AS sigma_grew
FROM (SELECT rating_before, lag(rating_after) OVER (PARTITION BY player_id ORDER BY played_at, match_id) AS prev
      FROM otr_hist) s;
SELECT count(*) AS matches_before_differ FROM (
  SELECT matches_before, row_number() OVER (PARTITION BY player_id ORDER BY played_at, match_id) - 1 AS n
  FROM otr_hist) s WHERE matches_before <> n;

-- 4. A 1v1 by hand: two new players (1000, 400), one game, 2 beats 1.
--    c = sqrt(2 (400^2 + 200^2)) = 632.4555320336759; e1 = e2 = exp(1000/c);
--    winner: omega = (sigma^2/c) (1 - 1/2) = 126.49110640673518, per game
--    delta = (sigma^2/c^2) (1/4) = 0.1 for both players.  One game, so
--    corr = (1/8)^0.5 and both methods see the same game:
--    dmu = (0.9 + 0.1) * 126.491... * 0.35355339059327373 = 44.721359549995796;
--    1 - (sigma_game/sigma)^2 = delta = 0.1 in both methods, so
--    sigma' = 400 sqrt(1 - (0.9 + 0.1) * 0.1 * 0.35355339059327373) = 392.8653022990292,
--    and the loser's mu is 1000 - 44.721359549995796 (printed to 15 digits).
SELECT (unnest(skill.otr_replay(1, '2024-05-01 12:00+00', 1, p, s))).*
FROM (VALUES (1::bigint, 100::float8), (2, 200)) v(p, s);

-- 5. Many players, so the engine's table grows (its entries move) inside a
--    match and between matches.  One lobby of 3,000 players, two games,
--    against otr_rate_match on the same players:
CREATE TABLE otr_big AS
SELECT 1::bigint AS match_id, timestamptz '2024-05-01 12:00+00' AS played_at, g::bigint AS game_id,
       p::bigint AS player_id, ((p * 7919 + g * 104729) % 100003)::float8 AS score
FROM generate_series(1, 3000) p, generate_series(1, 2) g;
SELECT count(*) AS players,
       max(abs((r.rating).mu - e.mu) + abs((r.rating).sigma - e.sigma)) AS max_diff
FROM unnest((SELECT skill.otr_replay(match_id, played_at, game_id, player_id, score
                                     ORDER BY played_at, match_id, game_id) FROM otr_big)) r
JOIN (SELECT k AS player_id, mu, sigma
      FROM unnest(skill.otr_rate_match(array_fill(skill.rating(1000, 400), ARRAY[3000]),
                                       (SELECT array_agg(row ORDER BY game_id) FROM (
                                          SELECT game_id, array_agg(score ORDER BY player_id) AS row
                                          FROM otr_big GROUP BY game_id) x)))
           WITH ORDINALITY u(mu, sigma, k)) e USING (player_id);
-- and 2,000 1v1 matches between new players: each is the hand-derived 1v1 above
SELECT count(*) AS players,
       count(*) FILTER (WHERE abs((rating).mu - 1000) - 44.721359549995796 > 1e-9
                          OR abs((rating).sigma - 392.8653022990292) > 1e-9) AS differ
FROM unnest((SELECT skill.otr_replay(m, timestamptz '2024-05-01' + m * interval '1 minute', 1, p, p % 2
                                     ORDER BY m, p)
             FROM generate_series(1, 2000) m, LATERAL (VALUES (2 * m), (2 * m + 1)) v(p)));
DROP TABLE otr_big;

-- 6. Bad input.
\set VERBOSITY terse
SELECT skill.otr_replay(m, t, g, p, s) FROM (VALUES
  (2::bigint, '2024-05-02'::timestamptz, 1::bigint, 1::bigint, 1::float8), (2, '2024-05-02', 1, 2, 2),
  (1, '2024-05-01', 1, 1, 1), (1, '2024-05-01', 1, 2, 2)) v(m, t, g, p, s);
SELECT skill.otr_replay(m, t, g, p, s) FROM (VALUES
  (1::bigint, '2024-05-01'::timestamptz, 2::bigint, 1::bigint, 1::float8), (1, '2024-05-01', 2, 2, 2),
  (1, '2024-05-01', 1, 1, 1)) v(m, t, g, p, s);
SELECT skill.otr_replay(m, t, g, p, s) FROM (VALUES
  (1::bigint, '2024-05-01'::timestamptz, 1::bigint, 1::bigint, 1::float8), (1, '2024-05-01', 1, 1, 2),
  (1, '2024-05-01', 1, 2, 3)) v(m, t, g, p, s);
SELECT skill.otr_replay(m, t, g, p, s) FROM (VALUES
  (1::bigint, '2024-05-01'::timestamptz, 1::bigint, 1::bigint, 1::float8),
  (1, '2024-05-02', 1, 2, 2)) v(m, t, g, p, s);
SELECT skill.otr_replay(1, '2024-05-01', 1, 1, 'NaN');
SELECT skill.otr_replay(1, '2024-05-01', 1, 1, NULL);
SELECT skill.otr_replay(NULL, '2024-05-01', 1, 1, 1);
SELECT skill.otr_replay(1, NULL, 1, 1, 1);
SELECT skill.otr_replay(1, '2024-05-01', NULL, 1, 1);
SELECT skill.otr_replay(1, '2024-05-01', 1, NULL, 1);
SELECT skill.otr_replay(1, 'infinity', 1, 1, 1);
SELECT skill.otr_replay(1, '2024-05-01', 1, 1, 1, '(1000,0)');
SELECT skill.otr_replay(1, '2024-05-01', 1, 1, 1, NULL, '{"betta": 1}');
SELECT skill.otr_replay(1, '2024-05-01', 1, 1, 1, NULL, '{"beta": -1}');
SELECT skill.otr_replay(1, '2024-05-01', 1, p, p, NULL, '{"as_of": "2024-04-01 00:00+00"}')
FROM generate_series(1, 2) p;
SELECT * FROM skill.otr_history('SELECT * FROM otr_games', '{"as_of": "2024-04-01 00:00+00"}');
SELECT * FROM skill.otr_history('SELECT match_id, played_at, player_id, score FROM otr_games');
SELECT * FROM skill.otr_history('SELECT match_id, played_at, game_id::int, player_id, score FROM otr_games');
SELECT * FROM skill.otr_history('SELECT *, 1 FROM otr_games');
SELECT * FROM skill.otr_history('SELECT * FROM otr_games ORDER BY played_at DESC, match_id, game_id');
SELECT * FROM skill.otr_history('DELETE FROM otr_games RETURNING *');
SELECT * FROM skill.otr_history(NULL);
\set VERBOSITY default
-- an empty history, and an aggregate over no rows
SELECT count(*) FROM skill.otr_history('SELECT * FROM otr_games WHERE false');
SELECT skill.otr_replay(match_id, played_at, game_id, player_id, score) IS NULL AS null_over_no_rows
FROM otr_games WHERE false;

DROP FUNCTION otr_reference(skill.rating, jsonb, jsonb, timestamptz);
DROP TABLE otr_games, otr_counted, otr_ref, otr_ref_history, otr_out, otr_hist;
