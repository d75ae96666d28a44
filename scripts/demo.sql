-- scripts/demo.sql - the main job in miniature: record matches, update
-- ratings in the same transaction, ask for win odds.
\set ON_ERROR_STOP on
\pset footer off
CREATE EXTENSION IF NOT EXISTS skill;

CREATE TABLE players (
  id      text PRIMARY KEY,
  elo     float8 NOT NULL DEFAULT 1500,
  glicko  skill.glicko NOT NULL DEFAULT skill.glicko()
);
INSERT INTO players (id) VALUES ('ada'), ('bob'), ('cyd'), ('dee');

CREATE TABLE matches (
  match_id  int PRIMARY KEY,
  winner    text NOT NULL REFERENCES players,
  loser     text NOT NULL REFERENCES players,
  played_at timestamptz NOT NULL
);

-- A backend records each match and updates both players in one transaction.
CREATE PROCEDURE record_match(p_id int, p_winner text, p_loser text, p_at timestamptz)
LANGUAGE plpgsql AS $$
DECLARE
  w players;
  l players;
BEGIN
  -- Lock both rows in a fixed order so concurrent matches cannot deadlock.
  PERFORM 1 FROM players WHERE id IN (p_winner, p_loser) ORDER BY id FOR UPDATE;
  SELECT * INTO w FROM players WHERE id = p_winner;
  SELECT * INTO l FROM players WHERE id = p_loser;
  INSERT INTO matches VALUES (p_id, p_winner, p_loser, p_at);
  UPDATE players SET elo = skill.elo_update(w.elo, l.elo, 1, k => 24),
                     glicko = skill.glicko2_update(w.glicko, ARRAY[l.glicko], ARRAY[1])
   WHERE id = p_winner;
  UPDATE players SET elo = skill.elo_update(l.elo, w.elo, 0, k => 24),
                     glicko = skill.glicko2_update(l.glicko, ARRAY[w.glicko], ARRAY[0])
   WHERE id = p_loser;
END $$;

CALL record_match(1, 'ada', 'bob', '2026-11-01 18:00');
CALL record_match(2, 'ada', 'cyd', '2026-11-01 18:30');
CALL record_match(3, 'bob', 'dee', '2026-11-02 19:00');
CALL record_match(4, 'cyd', 'dee', '2026-11-02 19:30');
CALL record_match(5, 'ada', 'dee', '2026-11-03 20:00');
CALL record_match(6, 'bob', 'cyd', '2026-11-03 20:30');

\echo
\echo Ratings after six matches
SELECT id, round(elo::numeric, 1) AS elo,
       round((glicko).rating::numeric, 1) AS glicko2_rating,
       round((glicko).rd::numeric, 1) AS glicko2_rd
FROM players ORDER BY elo DESC;

\echo
\echo Predicted odds for the next pairings
SELECT a.id AS player, b.id AS opponent,
       round(skill.elo_expected(a.elo, b.elo)::numeric, 3) AS elo_odds,
       round(skill.glicko2_expected(a.glicko, b.glicko)::numeric, 3) AS glicko2_odds
FROM players a JOIN players b ON a.id < b.id
ORDER BY a.id, b.id;

\echo
\echo A four-player free-for-all rated with multiplayer Elo (ranks 1..4)
SELECT id, round(before::numeric, 1) AS before, round(after::numeric, 1) AS after
FROM (SELECT array_agg(id ORDER BY id) ids, array_agg(elo ORDER BY id) elos FROM players) p,
     unnest(p.ids, p.elos, skill.elo_rate(p.elos, ARRAY[2, 1, 4, 3])) AS x(id, before, after);
