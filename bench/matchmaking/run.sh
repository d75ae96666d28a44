#!/usr/bin/env bash
# bench/matchmaking/run.sh - forming 5v5 matches from a 10,000-ticket queue
# with skill.form_matches: builds and installs the extension, starts a
# throwaway cluster, fills a seeded queue (solos and parties of 2 to 5,
# members' skill.rating, waits of 0 to 300 s), then
#   1. times the proposal query alone (party ratings, window betas,
#      array_agg, form_matches) over the whole queue, best of BENCH_PASSES;
#   2. times the full matchmaker transaction of the README (Matchmaking) (claim
#      FOR UPDATE SKIP LOCKED, propose, delete, record), best of
#      BENCH_PASSES, each rolled back; then runs it for real;
#   3. runs a second pass five minutes later (every window at max_beta)
#      over what is left;
#   4. reports the matches formed: tickets and players matched, the party
#      rating spread per match, TrueSkill match quality from the members'
#      ratings, and the gap between the teams' mu sums; and the same players
#      dealt into random 5v5 matches as a baseline.
#
#   BENCH_TICKETS (default 10000), BENCH_PASSES (default 3).
source "$(dirname "$0")/../../scripts/lib.sh"

TICKETS=${BENCH_TICKETS:-10000}
PASSES=${BENCH_PASSES:-3}

ensure_packages
build_and_install
start_cluster
PSQL="$PG_BIN/psql -X -q -v ON_ERROR_STOP=1 -d postgres"

log "filling a queue of $TICKETS tickets"
$PSQL <<SQL
CREATE EXTENSION skill;
SELECT setseed(0.42);
-- A standard normal draw (Box-Muller).
CREATE FUNCTION gauss() RETURNS float8 LANGUAGE sql VOLATILE
AS \$\$ SELECT sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random()) \$\$;

-- Party sizes: 70 % solo, 15 % 2, 8 % 3, 4 % 4, 3 % 5.  A party's members
-- are near each other (its base skill ~ N(25, 6), each member +- N(0, 2));
-- sigmas from 1.5 (veteran) to 8.33 (new).  Waits uniform in 0..300 s
-- before the matchmaker's clock, 2024-05-01 12:00:00.
CREATE TABLE queue (
  ticket_id   bigint PRIMARY KEY,
  members     skill.rating[] NOT NULL,
  enqueued_at timestamptz NOT NULL
);
INSERT INTO queue
SELECT t.id,
       (SELECT array_agg(skill.rating(t.base + 2 * gauss(), 1.5 + (25/3.0 - 1.5) * random()) ORDER BY g.i)
        FROM generate_series(1, t.size) AS g(i)),
       timestamptz '2024-05-01 12:00:00+00' - random() * interval '300 s'
FROM (SELECT id,
             CASE WHEN u < 0.70 THEN 1 WHEN u < 0.85 THEN 2 WHEN u < 0.93 THEN 3
                  WHEN u < 0.97 THEN 4 ELSE 5 END AS size,
             25 + 6 * gauss() AS base
      FROM (SELECT id, random() AS u FROM generate_series(1, $TICKETS) id) s) t;
CREATE INDEX ON queue (enqueued_at);
VACUUM ANALYZE queue;
CREATE TABLE queue_copy AS SELECT * FROM queue;
CREATE TABLE matches (variant text, pass int, match int, team int, ticket_id bigint, score float8);

-- The matchmaker's statement (the README (Matchmaking)) at clock as_of: 5v5,
-- windows widening to 20 in 5 buckets of 10 s.
-- Teams balanced on the tickets' party ratings (form_matches' default) or,
-- with balance_mu, on the members' mu sums (strengths).
CREATE FUNCTION matchmake(variant text, pass int, as_of timestamptz, claim int, balance_mu bool)
RETURNS bigint
LANGUAGE sql AS \$\$
  WITH claimed AS (
    SELECT ticket_id, members, enqueued_at
    FROM queue
    ORDER BY enqueued_at
    LIMIT claim
    FOR UPDATE SKIP LOCKED
  ), proposed AS (
    SELECT m.*
    FROM (SELECT array_agg(ticket_id ORDER BY enqueued_at, ticket_id) AS ids,
                 array_agg(skill.party_rating(members) ORDER BY enqueued_at, ticket_id) AS ratings,
                 array_agg(cardinality(members) ORDER BY enqueued_at, ticket_id) AS sizes,
                 array_agg(skill.window_beta(as_of - enqueued_at, 20, 5, '10 s')
                           ORDER BY enqueued_at, ticket_id) AS betas,
                 array_agg((SELECT sum((r).mu) FROM unnest(members) r)
                           ORDER BY enqueued_at, ticket_id) AS mu_sums
          FROM claimed) c
    CROSS JOIN LATERAL skill.form_matches(c.ids, c.ratings, c.sizes, c.betas,
                                          n_teams => 2, team_size => 5,
                                          strengths => CASE WHEN balance_mu THEN c.mu_sums END) m
  ), taken AS (
    DELETE FROM queue q USING proposed p WHERE q.ticket_id = p.ticket_id
    RETURNING p.*
  ), recorded AS (
    INSERT INTO matches SELECT variant, pass, * FROM taken RETURNING 1
  )
  SELECT count(*) FROM recorded
\$\$;
SQL

log "timing (best of $PASSES)"
$PSQL <<SQL
SET jit = off;
CREATE TEMP TABLE timings (what text, ms float8, result bigint);
DO \$\$
DECLARE
  variant int;
  t0 timestamptz;
  best float8;
  n bigint;
BEGIN
  -- 1. The proposal alone: read the queue, rate parties, form matches.
  best := 'Infinity';
  FOR i IN 0 .. $PASSES LOOP
    t0 := clock_timestamp();
    SELECT count(*) INTO n
    FROM (SELECT array_agg(ticket_id ORDER BY enqueued_at, ticket_id) AS ids,
                 array_agg(skill.party_rating(members) ORDER BY enqueued_at, ticket_id) AS ratings,
                 array_agg(cardinality(members) ORDER BY enqueued_at, ticket_id) AS sizes,
                 array_agg(skill.window_beta(timestamptz '2024-05-01 12:00:00+00' - enqueued_at, 20, 5, '10 s')
                           ORDER BY enqueued_at, ticket_id) AS betas
          FROM queue) c
    CROSS JOIN LATERAL skill.form_matches(c.ids, c.ratings, c.sizes, c.betas, n_teams => 2, team_size => 5) m;
    IF i > 0 THEN best := least(best, 1000 * extract(epoch FROM clock_timestamp() - t0)); END IF;
  END LOOP;
  INSERT INTO timings VALUES ('proposal query (party ratings, windows, form_matches)', best, n);

  -- 2. The whole matchmaker statement, rolled back each time.
  FOR variant IN 0 .. 1 LOOP
    best := 'Infinity';
    FOR i IN 0 .. $PASSES LOOP
      BEGIN
        t0 := clock_timestamp();
        n := matchmake('timing', 1, timestamptz '2024-05-01 12:00:00+00', $TICKETS, variant = 1);
        IF i > 0 THEN best := least(best, 1000 * extract(epoch FROM clock_timestamp() - t0)); END IF;
        RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'roll back';
      EXCEPTION WHEN raise_exception THEN NULL;
      END;
    END LOOP;
    INSERT INTO timings VALUES ('matchmaker statement (claim, propose, delete, record)'
                                || CASE WHEN variant = 1 THEN ', strengths = mu sums' ELSE '' END, best, n);
  END LOOP;
END
\$\$;
\pset footer off
SELECT what, round(ms::numeric, 1) AS best_ms, result AS tickets_matched FROM timings;
SQL

log "forming the matches: pass 1 at 12:00:00, pass 2 at 12:05:00, balancing on party ratings, then on mu sums"
$PSQL <<SQL
\pset footer off
CREATE TABLE passes AS
SELECT 'party ratings' AS variant, 1 AS pass, matchmake('party ratings', 1, timestamptz '2024-05-01 12:00:00+00', $TICKETS, false) AS tickets_matched;
INSERT INTO passes SELECT 'party ratings', 2, matchmake('party ratings', 2, timestamptz '2024-05-01 12:05:00+00', $TICKETS, false);
CREATE TABLE queue_left AS SELECT 'party ratings' AS variant, * FROM queue;
TRUNCATE queue;
INSERT INTO queue SELECT * FROM queue_copy;
INSERT INTO passes SELECT 'mu sums', 1, matchmake('mu sums', 1, timestamptz '2024-05-01 12:00:00+00', $TICKETS, true);
INSERT INTO passes SELECT 'mu sums', 2, matchmake('mu sums', 2, timestamptz '2024-05-01 12:05:00+00', $TICKETS, true);
INSERT INTO queue_left SELECT 'mu sums', * FROM queue;
SELECT * FROM passes ORDER BY variant DESC, pass;
SQL

log "matches formed"
$PSQL <<SQL
\pset footer off
-- One row per match: ticket party ratings, members per team.
CREATE TEMP TABLE formed AS
SELECT m.variant, m.pass, m.match,
       max(skill.party_rating(q.members)) - min(skill.party_rating(q.members)) AS spread,
       min(m.score) AS score
FROM matches m JOIN queue_copy q USING (ticket_id)
GROUP BY m.variant, m.pass, m.match;
CREATE TEMP TABLE team_members AS
SELECT m.variant, m.pass, m.match, m.team, array_agg(r ORDER BY q.ticket_id) AS members
FROM matches m JOIN queue_copy q USING (ticket_id), unnest(q.members) r
GROUP BY m.variant, m.pass, m.match, m.team;
-- quality_ceiling: the same players with every mu equal (only the sigmas
-- count), the most any split of them could reach.
CREATE TEMP TABLE quality AS
SELECT variant, pass, match,
       skill.match_quality(array_agg(members ORDER BY team)) AS quality,
       skill.match_quality(array_agg(flat ORDER BY team)) AS ceiling,
       max(s) - min(s) AS mu_gap
FROM (SELECT variant, pass, match, team, members,
             (SELECT sum((x).mu) FROM unnest(members) x) AS s,
             (SELECT array_agg(skill.rating(25, (x).sigma)) FROM unnest(members) x) AS flat
      FROM team_members) t
GROUP BY variant, pass, match;

SELECT count(*) AS tickets, sum(cardinality(members)) AS players,
       count(*) FILTER (WHERE cardinality(members) > 1) AS parties
FROM queue_copy;
-- Matches and the spread of party ratings within a match (the window's
-- measure); the same in both variants, which differ only in the team split.
SELECT f.pass, count(*) AS matches, count(*) * 10 AS players_matched,
       round(avg(f.spread)::numeric, 2) AS spread_mean,
       round((percentile_cont(0.5) WITHIN GROUP (ORDER BY f.spread))::numeric, 2) AS spread_median,
       round((percentile_cont(0.9) WITHIN GROUP (ORDER BY f.spread))::numeric, 2) AS spread_p90,
       round(max(f.spread)::numeric, 2) AS spread_max,
       round(avg(f.score)::numeric, 3) AS score_mean
FROM formed f WHERE f.variant = 'mu sums'
GROUP BY ROLLUP (f.pass) ORDER BY f.pass;
-- TrueSkill quality (beta 25/6) from the members' ratings, and the gap
-- between the teams' mu sums, by how the teams were balanced.
SELECT q.variant AS balanced_on, q.pass,
       round(avg(q.quality)::numeric, 3) AS quality_mean,
       round((percentile_cont(0.1) WITHIN GROUP (ORDER BY q.quality))::numeric, 3) AS quality_p10,
       round((percentile_cont(0.5) WITHIN GROUP (ORDER BY q.quality))::numeric, 3) AS quality_median,
       round(min(q.quality)::numeric, 3) AS quality_min,
       round(avg(q.ceiling)::numeric, 3) AS ceiling_mean,
       round(avg(q.mu_gap)::numeric, 2) AS team_mu_gap_mean,
       round(max(q.mu_gap)::numeric, 2) AS team_mu_gap_max
FROM quality q GROUP BY q.variant, ROLLUP (q.pass) ORDER BY q.variant DESC, q.pass;
SELECT variant, count(*) AS tickets_left, coalesce(sum(cardinality(members)), 0) AS players_left
FROM queue_left GROUP BY variant ORDER BY variant DESC;

-- Baseline: the same matched players dealt into random 5v5 matches.
SELECT setseed(0.42);
WITH players AS (
  SELECT r, row_number() OVER (ORDER BY random()) - 1 AS k
  FROM team_members, unnest(members) r WHERE variant = 'mu sums'
), dealt AS (
  SELECT k / 10 AS match, (k % 10) / 5 AS team, array_agg(r) AS members
  FROM players GROUP BY 1, 2
), q AS (
  SELECT skill.match_quality(array_agg(members ORDER BY team)) AS quality
  FROM dealt GROUP BY match HAVING count(*) = 2
)
SELECT 'random 5v5 of the same players' AS baseline, count(*) AS matches,
       round(avg(quality)::numeric, 3) AS quality_mean,
       round((percentile_cont(0.5) WITHIN GROUP (ORDER BY quality))::numeric, 3) AS quality_median
FROM q;
SQL
