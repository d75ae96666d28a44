-- scripts/football_load.sql - loads results.csv of martj42/international_results
-- (psql variable csv: its path) into the table results, one row per team
-- per match: team 1 is the side the file lists as home, and home is true for
-- it unless the match was at a neutral venue; score is the team's goals
-- (after extra time, without penalty shoot-outs, so a shoot-out is a draw),
-- there for margin outcomes (scripts/football_evaluation.sh rates by rank).
-- Matches are ordered by date, then by their order in the file.
CREATE UNLOGGED TABLE raw (line bigserial, date date, home_team text, away_team text, home_score int,
                           away_score int, tournament text, city text, country text, neutral boolean);
\set copy '\\copy raw (date, home_team, away_team, home_score, away_score, tournament, city, country, neutral) FROM ' :'csv' ' WITH (FORMAT csv, HEADER)'
:copy

CREATE TABLE teams (team_id bigint PRIMARY KEY, name text UNIQUE);
INSERT INTO teams
SELECT row_number() OVER (ORDER BY name), name
FROM (SELECT home_team FROM raw UNION SELECT away_team FROM raw) t(name);

CREATE TABLE matches AS
SELECT row_number() OVER (ORDER BY r.date, r.line) AS match_id,
       r.date::timestamp AT TIME ZONE 'UTC' AS played_at,
       h.team_id AS home_id, a.team_id AS away_id, r.home_score, r.away_score, r.neutral, r.tournament
FROM raw r JOIN teams h ON h.name = r.home_team JOIN teams a ON a.name = r.away_team
WHERE r.home_score IS NOT NULL AND r.away_score IS NOT NULL;

CREATE TABLE results (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8,
                      score float8, home boolean);
INSERT INTO results
SELECT m.match_id, m.played_at, s.player_id, s.team,
       CASE WHEN s.goals_for >= s.goals_against THEN 1 ELSE 2 END, s.goals_for, s.team = 1 AND NOT m.neutral
FROM matches m
CROSS JOIN LATERAL (VALUES (m.home_id, 1, m.home_score, m.away_score),
                           (m.away_id, 2, m.away_score, m.home_score)) s(player_id, team, goals_for, goals_against);
CREATE INDEX ON results (played_at, match_id);
ANALYZE results;
DROP TABLE raw;
