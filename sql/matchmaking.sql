-- Matchmaking: TrueSkill match quality, party ratings, the widening skill
-- window, team balancing and the queue matcher.  Expected values are
-- derived in the comments next to each query.
\set VERBOSITY terse

---------------------------------------------------------------------------
-- match_quality(skill.rating[], beta): TrueSkill quality
---------------------------------------------------------------------------

-- 1 v 1 at the prior (25, 25/3), beta 25/6: sqrt(2b^2/(2b^2 + 2s^2)) = sqrt(1/5) = 0.447213595500.
SELECT round(skill.match_quality(ARRAY[skill.rating(), skill.rating()])::numeric, 12);
-- 1 v 1 with different means, (30,5) against (25,5): with c = 2b^2 + 2*5^2,
-- quality = sqrt(2b^2/c) * exp(-(30-25)^2/(2c)); the closed form next to the function.
SELECT round(skill.match_quality(ARRAY[[skill.rating(30, 5)], [skill.rating(25, 5)]])::numeric, 12) AS quality,
       round((sqrt(2*(25/6.0)^2 / (2*(25/6.0)^2 + 50)) * exp(-25 / (2*(2*(25/6.0)^2 + 50))))::numeric, 12) AS closed_form;
-- beta is a named argument: beta 5 gives sqrt(50/(50 + 50)) for two players of sigma 5.
SELECT round(skill.match_quality(ARRAY[skill.rating(25, 5), skill.rating(25, 5)], beta => 5)::numeric, 12);
-- Order of teams does not matter for two teams; swapping the two equals.
SELECT skill.match_quality(ARRAY[[skill.rating(30, 5), skill.rating(20, 3)], [skill.rating(26, 4), NULL]])
     = skill.match_quality(ARRAY[[skill.rating(26, 4), NULL], [skill.rating(30, 5), skill.rating(20, 3)]]) AS symmetric;
-- Three equal players free for all (1-D): less than the 1 v 1 value.
SELECT skill.match_quality(ARRAY[skill.rating(), skill.rating(), skill.rating()]) < 0.4472 AS three_way_lower;

-- The two match_quality overloads: typed arrays pick theirs, an untyped
-- literal is ambiguous, and the argument name tells them apart.
SELECT round(skill.match_quality(ARRAY[skill.glicko(1500, 200), skill.glicko(1500, 200)])::numeric, 12) AS glicko_q,
       round(skill.match_quality(ARRAY[skill.rating(), skill.rating()])::numeric, 12) AS trueskill_q;
SELECT skill.match_quality('{"(25,8)","(25,8)"}');
SELECT round(skill.match_quality(teams => '{"(1500,200,)","(1500,200,)"}')::numeric, 12) AS by_name_glicko,
       round(skill.match_quality(team_ratings => '{"(25,5)","(25,5)"}', beta => 5)::numeric, 12) AS by_name_trueskill;
SELECT round(skill.match_quality('{"(25,5)","(25,5)"}'::skill.rating[], 5)::numeric, 12) AS beta_positional;

SELECT skill.match_quality(ARRAY[skill.rating()]);
SELECT skill.match_quality(ARRAY[skill.rating(), skill.rating()], beta => 0);
SELECT skill.match_quality(ARRAY[skill.rating(), skill.rating()], beta => 'NaN');
SELECT skill.match_quality(ARRAY[skill.rating(), '(25,0)'::skill.rating]);
SELECT skill.match_quality(ARRAY[skill.rating(), '(Infinity,1)'::skill.rating]);

---------------------------------------------------------------------------
-- party_rating
---------------------------------------------------------------------------

-- The IMS docs' solo player: mu 30, sigma 10, 3 deviations -> 0.
SELECT skill.party_rating(ARRAY[skill.rating(30, 10)]);
-- mus 20, 30, 40, sigmas 1, 2, 3: (2*40 + 1*30)/3 - 3*2 = 110/3 - 6 = 30.666666666667.
SELECT round(skill.party_rating(ARRAY[skill.rating(20, 1), skill.rating(40, 3), skill.rating(30, 2)])::numeric, 12);
-- Even party: the median of 10, 20, 30, 40 is 25: (2*40 + 25)/3 - 3*2 = 29.
SELECT skill.party_rating(ARRAY[skill.rating(40, 2), skill.rating(10, 2), skill.rating(30, 2), skill.rating(20, 2)]);
-- Weights: the median alone (25), the maximum alone (40), no sigma penalty.
SELECT skill.party_rating(ARRAY[skill.rating(40, 2), skill.rating(10, 2), skill.rating(30, 2), skill.rating(20, 2)],
                          max_mu_weight => 0, ordinal_deviations => 0) AS median_only,
       skill.party_rating(ARRAY[skill.rating(40, 2), skill.rating(10, 2), skill.rating(30, 2), skill.rating(20, 2)],
                          med_mu_weight => 0, ordinal_deviations => 0) AS max_only;

SELECT skill.party_rating('{}');
SELECT skill.party_rating(ARRAY[skill.rating(), NULL]);
SELECT skill.party_rating(ARRAY[[skill.rating()]]);
SELECT skill.party_rating(ARRAY['(25,0)'::skill.rating]);
SELECT skill.party_rating(ARRAY['(25,-1)'::skill.rating]);
SELECT skill.party_rating(ARRAY['(NaN,1)'::skill.rating]);
SELECT skill.party_rating(ARRAY[skill.rating()], max_mu_weight => -1);
SELECT skill.party_rating(ARRAY[skill.rating()], med_mu_weight => 'Infinity');
SELECT skill.party_rating(ARRAY[skill.rating()], max_mu_weight => 0, med_mu_weight => 0);
SELECT skill.party_rating(ARRAY[skill.rating()], ordinal_deviations => -3);

---------------------------------------------------------------------------
-- window_beta
---------------------------------------------------------------------------

-- The IMS docs' example: max_beta 20, 5 buckets, 10 s.  Bucket i lasts
-- 10*i^2 s: ends at 10, 50, 140, 300 s.  0-10 s -> 4, 10-50 -> 8, 50-140 ->
-- 12, 140-300 -> 16, from 300 s -> 20.  Each boundary belongs to the next
-- bucket (half-open buckets).
SELECT waited, skill.window_beta(waited, 20, 5, '10 seconds') AS beta
FROM unnest(ARRAY['0', '5 s', '9.999999 s', '10 s', '49.999999 s', '50 s', '2 min 19.999999 s',
                  '140 s', '299.999999 s', '300 s', '1 hour', '3 days']::interval[]) AS waited;
-- One bucket: max_beta at once.
SELECT skill.window_beta('0', 20, 1, '10 s');
-- Days are 86400 s: one day of a one-day first bucket is the second bucket.
SELECT skill.window_beta('23:59:59.999999', 20, 5, '1 day') AS just_before,
       skill.window_beta('1 day', 20, 5, '1 day') AS one_day,
       skill.window_beta('24 hours', 20, 5, '1 day') AS twenty_four_hours,
       skill.window_beta('2 days -1 hour', 20, 5, '1 day') AS forty_seven_hours;
-- A wait from timestamps: 12:00:00 - 11:57:40 = 140 s -> 16.
SELECT skill.window_beta(timestamptz '2024-05-01 12:00:00+00' - timestamptz '2024-05-01 11:57:40+00', 20, 5, '10 s');
-- A negative wait (a ticket stamped after the matcher's clock) counts as 0.
SELECT skill.window_beta('-5 s', 20, 5, '10 s');

SELECT skill.window_beta('1 mon', 20, 5, '10 s');
SELECT skill.window_beta('1 year', 20, 5, '10 s');
SELECT skill.window_beta('10 s', 20, 5, '1 mon');
SELECT skill.window_beta('10 s', 20, 5, '-10 s');
SELECT skill.window_beta('10 s', 20, 5, '0');
SELECT skill.window_beta('10 s', 20, 0, '10 s');
SELECT skill.window_beta('10 s', 0, 5, '10 s');
SELECT skill.window_beta('10 s', 'NaN', 5, '10 s');
SELECT skill.window_beta('10 s', 'Infinity', 5, '10 s');

---------------------------------------------------------------------------
-- balance_teams and balance_gap
---------------------------------------------------------------------------

-- mus 10, 20, 30, 40 in 2 teams: 10+40 = 20+30, gap 0; player 1 is in team 1.
SELECT skill.balance_teams(ARRAY[skill.rating(10, 1), skill.rating(20, 1), skill.rating(30, 1), skill.rating(40, 1)], 2) AS teams,
       skill.balance_gap(ARRAY[skill.rating(10, 1), skill.rating(20, 1), skill.rating(30, 1), skill.rating(40, 1)], '{1,2,2,1}') AS gap;
-- The same with players 1 and 2 a party: {10,20} against {30,40}, gap 40.
SELECT skill.balance_teams(ARRAY[skill.rating(10, 1), skill.rating(20, 1), skill.rating(30, 1), skill.rating(40, 1)], 2,
                           parties => '{7,7,NULL,NULL}') AS teams;
-- Party ids are any integers (negative too); NULL is a solo player.
SELECT skill.balance_teams(ARRAY[skill.rating(10, 1), skill.rating(20, 1), skill.rating(30, 1), skill.rating(40, 1)], 2,
                           parties => '{NULL,-3,NULL,-3}') AS teams;
-- Six players, 3 teams: 1..6 pairs to 1+6 = 2+5 = 3+4.
SELECT skill.balance_teams(ARRAY[skill.rating(1, 1), skill.rating(2, 1), skill.rating(3, 1),
                                 skill.rating(4, 1), skill.rating(5, 1), skill.rating(6, 1)], 3) AS teams;
-- Strength is mu - z*sigma (skill.ordinal).  mus 20, 20, 30, 30 and sigmas 1, 1, 1, 5:
-- by mu (z = 0) {20,30} twice, gap 0; with z = 3 the strengths are 17, 17, 27, 15:
-- best {17,17} against {27,15}, gap 8.
SELECT skill.balance_teams(r, 2) AS by_mu, skill.balance_gap(r, skill.balance_teams(r, 2)) AS gap_mu,
       skill.balance_teams(r, 2, z => 3) AS by_ordinal, skill.balance_gap(r, skill.balance_teams(r, 2, z => 3), z => 3) AS gap_ordinal
FROM (SELECT ARRAY[skill.rating(20, 1), skill.rating(30, 1), skill.rating(20, 1), skill.rating(30, 5)] AS r) x;
-- balance_gap of any split: {10,20,30} against {40,50,60}: 150 - 60 = 90.
SELECT skill.balance_gap(ARRAY[skill.rating(10, 1), skill.rating(20, 1), skill.rating(30, 1),
                               skill.rating(40, 1), skill.rating(50, 1), skill.rating(60, 1)], '{1,1,1,2,2,2}');

-- Exact search against brute force.  pg_temp.brute_gap tries every
-- assignment of n players to k teams of n/k (parties together) and returns
-- the smallest gap; balance_teams must reach it and return a valid split.
CREATE FUNCTION pg_temp.brute_gap(s float8[], k int, parties int[])
RETURNS float8 LANGUAGE plpgsql AS $$
DECLARE
  n int := cardinality(s);
  cap int := n / k;
  best float8;
  code bigint;
  c bigint;
  i int;
  j int;
  t int;
  team int[];
  cnt int[];
  sums float8[];
  ok bool;
BEGIN
  FOR code IN 0 .. (k::bigint ^ n)::bigint - 1 LOOP
    CONTINUE WHEN code % k <> 0;          -- player 1 in team 0: the rest is symmetric
    c := code;
    cnt := array_fill(0, ARRAY[k]);
    sums := array_fill(0::float8, ARRAY[k]);
    team := '{}';
    ok := true;
    FOR i IN 1 .. n LOOP
      t := c % k;
      c := c / k;
      team[i] := t;
      cnt[t + 1] := cnt[t + 1] + 1;
      IF cnt[t + 1] > cap THEN ok := false; EXIT; END IF;
      sums[t + 1] := sums[t + 1] + s[i];
    END LOOP;
    IF ok AND parties IS NOT NULL THEN
      <<pairs>>
      FOR i IN 1 .. n LOOP
        FOR j IN i + 1 .. n LOOP
          IF parties[i] = parties[j] AND team[i] <> team[j] THEN ok := false; EXIT pairs; END IF;
        END LOOP;
      END LOOP;
    END IF;
    IF ok THEN
      best := least(best, (SELECT max(x) - min(x) FROM unnest(sums) x));
    END IF;
  END LOOP;
  RETURN best;
END $$;

-- A split is valid when every team has n/k players and parties are whole.
CREATE FUNCTION pg_temp.valid_split(teams int[], k int, parties int[])
RETURNS bool LANGUAGE sql AS $$
  SELECT (SELECT count(DISTINCT t) = k AND bool_and(c = cardinality(teams) / k)
          FROM (SELECT t, count(*) AS c FROM unnest(teams) t GROUP BY t) g)
     AND (SELECT coalesce(bool_and(n = 1), true)
          FROM (SELECT count(DISTINCT teams[i]) AS n
                FROM generate_subscripts(teams, 1) i
                WHERE parties[i] IS NOT NULL GROUP BY parties[i]) p)
$$;

-- Seeded random cases: players n, teams k, a party layout, and z.
SELECT setseed(0.20240501);
CREATE TEMP TABLE balance_cases AS
SELECT c.id, c.n, c.k, c.parties, c.z,
       (SELECT array_agg(skill.rating(round((random() * 50)::numeric, 3)::float8,
                                      round((1 + random() * 7)::numeric, 3)::float8) ORDER BY i)
        FROM generate_series(1, c.n) i) AS ratings
FROM (VALUES (1, 4, 2, NULL::int[], 0.0::float8), (2, 6, 2, NULL, 0), (3, 8, 2, NULL, 0),
             (4, 10, 2, NULL, 3), (5, 12, 2, NULL, 0), (6, 6, 3, NULL, 0), (7, 9, 3, NULL, 1),
             (8, 8, 4, NULL, 0), (9, 8, 2, '{1,1,NULL,2,2,NULL,NULL,NULL}', 0),
             (10, 12, 2, '{1,1,1,NULL,2,2,NULL,3,3,NULL,NULL,NULL}', 0),
             (11, 12, 2, '{5,5,5,5,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL}', 3),
             (12, 9, 3, '{1,1,NULL,2,2,NULL,3,3,NULL}', 0), (13, 6, 3, '{1,1,NULL,NULL,NULL,NULL}', 0),
             (14, 8, 4, '{1,1,2,2,NULL,NULL,NULL,NULL}', 0), (15, 10, 2, '{1,1,1,1,1,NULL,NULL,NULL,NULL,NULL}', 0),
             (16, 12, 2, NULL, 0), (17, 10, 2, NULL, 0), (18, 9, 3, NULL, 0)) AS c(id, n, k, parties, z);

SELECT id, n, k, parties IS NOT NULL AS with_parties,
       pg_temp.valid_split(t, k, parties) AS valid,
       abs(skill.balance_gap(ratings, t, z) - pg_temp.brute_gap(
             (SELECT array_agg(u.mu - z * u.sigma ORDER BY u.o)
              FROM unnest(ratings) WITH ORDINALITY AS u(mu, sigma, o)), k, parties)) <= 1e-9 AS optimal
FROM balance_cases, LATERAL skill.balance_teams(ratings, k, parties, z) AS t
ORDER BY id;

-- Beyond 16 players the heuristic: 20 players of mu 1..20 in 2 teams.  A
-- perfect split exists (1,4,5,8,9,12,13,16,17,20 = 105 = the rest), the
-- heuristic's gap is reported by balance_gap.
SELECT pg_temp.valid_split(t, 2, NULL) AS valid, skill.balance_gap(r, t) AS gap
FROM (SELECT array_agg(skill.rating(i, 1) ORDER BY i) AS r FROM generate_series(1, 20) i) x,
     LATERAL skill.balance_teams(r, 2) t;
-- 1000 players in 10 teams of 100, parties of 5 every 10 players: valid.
SELECT pg_temp.valid_split(t, 10, p) AS valid
FROM (SELECT array_agg(skill.rating(25 + 10 * sin(i), 2) ORDER BY i) AS r,
             array_agg(CASE WHEN i % 10 < 5 THEN i / 10 END ORDER BY i) AS p
      FROM generate_series(1, 1000) i) x,
     LATERAL skill.balance_teams(r, 10, p) t;

-- NULL parties means everyone solo; NULL elsewhere gives NULL.
SELECT skill.balance_teams(ARRAY[skill.rating(10, 1), skill.rating(20, 1)], 2, NULL) AS solo,
       skill.balance_teams(NULL, 2) IS NULL AS null_ratings,
       skill.balance_teams(ARRAY[skill.rating(), skill.rating()], NULL) IS NULL AS null_n_teams;

SELECT skill.balance_teams(ARRAY[skill.rating(), skill.rating()], 1);
SELECT skill.balance_teams(ARRAY[skill.rating(), skill.rating(), skill.rating()], 2);
SELECT skill.balance_teams('{}', 2);
SELECT skill.balance_teams(ARRAY[skill.rating(), NULL], 2);
SELECT skill.balance_teams(ARRAY[skill.rating(), '(25,0)'::skill.rating], 2);
SELECT skill.balance_teams(ARRAY[skill.rating(), skill.rating()], 2, z => 'NaN');
SELECT skill.balance_teams(ARRAY[skill.rating(), skill.rating()], 2, '{1,2,3}');
SELECT skill.balance_teams(ARRAY[skill.rating(), skill.rating(), skill.rating(), skill.rating()], 2, '{4,4,4,NULL}');
SELECT skill.balance_teams(ARRAY[skill.rating(), skill.rating(), skill.rating(), skill.rating(), skill.rating(), skill.rating()],
                           2, '{1,1,2,2,3,3}');
SELECT skill.balance_teams(ARRAY[skill.rating(), skill.rating()], 2, '{{1,2}}');
SELECT skill.balance_teams((SELECT array_agg(skill.rating()) FROM generate_series(1, 1002)), 2);
SELECT skill.balance_gap(ARRAY[skill.rating(), skill.rating()], '{1}');
SELECT skill.balance_gap(ARRAY[skill.rating(), skill.rating()], '{1,NULL}');

---------------------------------------------------------------------------
-- form_matches
---------------------------------------------------------------------------

-- 1 v 1, betas 5.  Pivot 1 (rating 10) finds ticket 3 (12): spread 2, score
-- 1 - 2/(2*5) = 0.8.  Pivot 2 (30) finds 4 (31): 0.9.  Ticket 5 (50) has
-- nobody within 5.  Team 1 holds the lower-rated ticket.
SELECT * FROM skill.form_matches(ARRAY[1, 2, 3, 4, 5]::bigint[], ARRAY[10, 30, 12, 31, 50]::float8[],
                                 ARRAY[1, 1, 1, 1, 1], ARRAY[5, 5, 5, 5, 5]::float8[], n_teams => 2, team_size => 1);

-- Of the pivot's candidates the best-scoring match wins: pivot 50 with 44
-- (spread 6, 0.7) or 53 (spread 3, 1 - 3/20 = 0.85): 53.
SELECT * FROM skill.form_matches(ARRAY['p', 'a', 'b'], ARRAY[50, 44, 53]::float8[], ARRAY[1, 1, 1],
                                 ARRAY[10, 10, 10]::float8[], 2, 1);

-- Every ticket's own window counts: x (0, beta 20) and y (10, beta 4) are
-- 10 apart, beyond y's beta: no match.  Once y's window is 12 they match,
-- skill score 1 - 10/(2*12) = 0.583333 (beta = the smaller window, 12).
SELECT * FROM skill.form_matches(ARRAY['x', 'y'], ARRAY[0, 10]::float8[], ARRAY[1, 1], ARRAY[20, 4]::float8[], 2, 1);
SELECT match, team, ticket_id, round(score::numeric, 6) AS score
FROM skill.form_matches(ARRAY['x', 'y'], ARRAY[0, 10]::float8[], ARRAY[1, 1], ARRAY[20, 12]::float8[], 2, 1);
-- The floor sets how far apart the ratings may lie, within the pivot's
-- window.  Three teams of one, betas 8: pivot p (10) with a (5) and b (15),
-- each 5 from the pivot: spread 10, skill 1 - 10/16 = 0.375.  Refused at the
-- default floor 0.5 (the spread exceeds beta), made at floor 0.25: the IMS
-- docs' "-beta and +beta relative to the pivot", with a low score.
SELECT * FROM skill.form_matches(ARRAY['p', 'a', 'b'], ARRAY[10, 5, 15]::float8[], ARRAY[1, 1, 1],
                                 ARRAY[8, 8, 8]::float8[], 3, 1);
SELECT match, team, ticket_id, round(score::numeric, 6) AS score
FROM skill.form_matches(ARRAY['p', 'a', 'b'], ARRAY[10, 5, 15]::float8[], ARRAY[1, 1, 1],
                        ARRAY[8, 8, 8]::float8[], 3, 1, skill_floor => 0.25);
-- No floor overrides a ticket's own window: y (beta 8) is 10 from x.
SELECT * FROM skill.form_matches(ARRAY['x', 'y'], ARRAY[0, 10]::float8[], ARRAY[1, 1], ARRAY[20, 8]::float8[], 2, 1,
                                 skill_floor => 0);

-- Parties, 2 v 2: A (rating 20, a party of 2), B (22), C (25), D (40, a
-- party of 2), betas 10.  Pivot A takes B and C (spread 5: 1 - 5/20 = 0.75);
-- A plays together, against B and C.  D has nobody near.
SELECT * FROM skill.form_matches(ARRAY['A', 'B', 'C', 'D'], ARRAY[20, 22, 25, 40]::float8[], ARRAY[2, 1, 1, 2],
                                 ARRAY[10, 10, 10, 10]::float8[], 2, 2);
-- Parties that cannot be packed: three parties of 2 into 2 teams of 3.
SELECT * FROM skill.form_matches(ARRAY[1, 2, 3], ARRAY[20, 21, 22]::float8[], ARRAY[2, 2, 2],
                                 ARRAY[10, 10, 10]::float8[], 2, 3);
-- With two solos instead of the third party: 2+1 against 2+1, spread 3,
-- score 1 - 3/20 = 0.85.  Team sums: {1,4} = 20+20+23 = 63 against
-- {2,3} = 21+21+22 = 64 (gap 1) beats {1,3} = 62 against {2,4} = 65.
SELECT * FROM skill.form_matches(ARRAY[1, 2, 3, 4], ARRAY[20, 21, 22, 23]::float8[], ARRAY[2, 2, 1, 1],
                                 ARRAY[10, 10, 10, 10]::float8[], 2, 3);

-- Teams are balanced on strengths, by default rating x party size.  Four
-- solos rated 20, 21, 22, 23: by rating {20,23} against {21,22} (43 each).
-- With strengths (say the members' mu sums) 40, 20, 20, 40 that split is
-- 80 against 40; {40,20} against {20,40} is even: tickets 1, 2 against 3, 4.
SELECT * FROM skill.form_matches(ARRAY[1, 2, 3, 4], ARRAY[20, 21, 22, 23]::float8[], ARRAY[1, 1, 1, 1],
                                 ARRAY[10, 10, 10, 10]::float8[], 2, 2);
SELECT * FROM skill.form_matches(ARRAY[1, 2, 3, 4], ARRAY[20, 21, 22, 23]::float8[], ARRAY[1, 1, 1, 1],
                                 ARRAY[10, 10, 10, 10]::float8[], 2, 2, strengths => ARRAY[40, 20, 20, 40]);

-- Further terms with floors.  Term 1, behaviour, is a closeness term of
-- spread 0.2 (score 1 - spread/0.4); term 2, latency, is a per-ticket score
-- (NULL spread: the match gets its worst ticket's).  Floors 0.5 for both.
--   t1 (10; behaviour 0.9, latency 0.8)  t2 (11; 0.2, 0.9)
--   t3 (12; 0.85, 0.3)                    t4 (13; 0.95, 0.7)
-- Pivot t1: t2 is refused (behaviour spread 0.7 scores 0), t3 too (latency
-- 0.3), t4 is taken: skill 1 - 3/10 = 0.7, behaviour 1 - 0.05/0.4 = 0.875,
-- latency 0.7: score (0.7 + 0.875 + 0.7)/3 = 0.758333.  t2 and t3 fail
-- the behaviour floor together: no second match.
SELECT match, team, ticket_id, round(score::numeric, 6) AS score
FROM skill.form_matches(ARRAY['t1', 't2', 't3', 't4'], ARRAY[10, 11, 12, 13]::float8[], ARRAY[1, 1, 1, 1],
                        ARRAY[5, 5, 5, 5]::float8[], 2, 1,
                        terms => ARRAY[[0.9, 0.8], [0.2, 0.9], [0.85, 0.3], [0.95, 0.7]],
                        term_spreads => ARRAY[0.2, NULL], term_floors => ARRAY[0.5, 0.5]);
-- Weights: skill weight 0 and term weights 1, 3 give (0.875 + 3*0.7)/4 = 0.74375.
SELECT match, team, ticket_id, round(score::numeric, 6) AS score
FROM skill.form_matches(ARRAY['t1', 't4'], ARRAY[10, 13]::float8[], ARRAY[1, 1], ARRAY[5, 5]::float8[], 2, 1,
                        skill_weight => 0, terms => ARRAY[[0.9, 0.8], [0.95, 0.7]],
                        term_spreads => ARRAY[0.2, NULL], term_weights => ARRAY[1, 3]);
-- A 1-D terms array is one term per ticket (here without floor: score (0.9 + 0.2)/2 = 0.55).
SELECT match, team, ticket_id, round(score::numeric, 6) AS score
FROM skill.form_matches(ARRAY[1, 2], ARRAY[10, 11]::float8[], ARRAY[1, 1], ARRAY[5, 5]::float8[], 2, 1,
                        terms => ARRAY[0.9, 0.2]);

-- Not enough tickets, or none: no match, no error.
SELECT * FROM skill.form_matches(ARRAY[1, 2, 3]::bigint[], ARRAY[10, 11, 12]::float8[], ARRAY[1, 1, 1],
                                 ARRAY[5, 5, 5]::float8[], 2, 2);
SELECT * FROM skill.form_matches('{}'::bigint[], '{}', '{}', '{}', 2, 5);
SELECT * FROM skill.form_matches(NULL::bigint[], NULL, NULL, NULL, 2, 5);
SELECT count(*) FROM skill.form_matches((SELECT array_agg(i) FROM generate_series(1, 0) i),
                                        NULL, NULL, NULL, 2, 5);

-- Bad input.
SELECT * FROM skill.form_matches('{}'::bigint[], '{}', '{}', '{}', 1, 5);
SELECT * FROM skill.form_matches('{}'::bigint[], '{}', '{}', '{}', 2, 0);
SELECT * FROM skill.form_matches('{}'::bigint[], '{}', '{}', '{}', 100, 11);
SELECT * FROM skill.form_matches(ARRAY[1, 2], ARRAY[10, 11]::float8[], ARRAY[1, 3], ARRAY[5, 5]::float8[], 2, 2);
SELECT * FROM skill.form_matches(ARRAY[1, 2], ARRAY[10, 11]::float8[], ARRAY[1, 0], ARRAY[5, 5]::float8[], 2, 2);
SELECT * FROM skill.form_matches(ARRAY[1, 2], ARRAY[10, 11]::float8[], ARRAY[1, NULL], ARRAY[5, 5]::float8[], 2, 2);
SELECT * FROM skill.form_matches(ARRAY[1, 2], ARRAY[10]::float8[], ARRAY[1, 1], ARRAY[5, 5]::float8[], 2, 1);
SELECT * FROM skill.form_matches(ARRAY[1, 2], ARRAY[10, 11]::float8[], ARRAY[1, 1, 1], ARRAY[5, 5]::float8[], 2, 1);
SELECT * FROM skill.form_matches(ARRAY[1, 2], ARRAY[10, 11]::float8[], ARRAY[1, 1], ARRAY[5]::float8[], 2, 1);
SELECT * FROM skill.form_matches(ARRAY[1, NULL], ARRAY[10, 11]::float8[], ARRAY[1, 1], ARRAY[5, 5]::float8[], 2, 1);
SELECT * FROM skill.form_matches(ARRAY[1, 2], ARRAY[10, 'NaN']::float8[], ARRAY[1, 1], ARRAY[5, 5]::float8[], 2, 1);
SELECT * FROM skill.form_matches(ARRAY[1, 2], ARRAY[10, 11]::float8[], ARRAY[1, 1], ARRAY[5, 0]::float8[], 2, 1);
SELECT * FROM skill.form_matches(ARRAY[1, 2], ARRAY[10, 11]::float8[], ARRAY[1, 1], ARRAY[5, 'Infinity']::float8[], 2, 1);
SELECT * FROM skill.form_matches(ARRAY[1, 2], ARRAY[10, 11]::float8[], ARRAY[1, 1], ARRAY[5, 5]::float8[], 2, 1,
                                 strengths => ARRAY[1, 2, 3]);
SELECT * FROM skill.form_matches(ARRAY[1, 2], ARRAY[10, 11]::float8[], ARRAY[1, 1], ARRAY[5, 5]::float8[], 2, 1,
                                 strengths => ARRAY[1, '-Infinity']::float8[]);
SELECT * FROM skill.form_matches(ARRAY[1, 2], ARRAY[10, 11]::float8[], ARRAY[1, 1], ARRAY[5, 5]::float8[], 2, 1,
                                 skill_weight => -1);
SELECT * FROM skill.form_matches(ARRAY[1, 2], ARRAY[10, 11]::float8[], ARRAY[1, 1], ARRAY[5, 5]::float8[], 2, 1,
                                 skill_floor => 'NaN');
SELECT * FROM skill.form_matches(ARRAY[1, 2], ARRAY[10, 11]::float8[], ARRAY[1, 1], ARRAY[5, 5]::float8[], 2, 1,
                                 skill_weight => 0);
SELECT * FROM skill.form_matches(ARRAY[1, 2], ARRAY[10, 11]::float8[], ARRAY[1, 1], ARRAY[5, 5]::float8[], 2, 1,
                                 terms => ARRAY[[0.5], [0.5], [0.5]]);
SELECT * FROM skill.form_matches(ARRAY[1, 2], ARRAY[10, 11]::float8[], ARRAY[1, 1], ARRAY[5, 5]::float8[], 2, 1,
                                 terms => '{{0.5},{NaN}}');
SELECT * FROM skill.form_matches(ARRAY[1, 2], ARRAY[10, 11]::float8[], ARRAY[1, 1], ARRAY[5, 5]::float8[], 2, 1,
                                 terms => '{{0.5},{NULL}}');
SELECT * FROM skill.form_matches(ARRAY[1, 2], ARRAY[10, 11]::float8[], ARRAY[1, 1], ARRAY[5, 5]::float8[], 2, 1,
                                 terms => ARRAY[[0.5], [0.5]], term_weights => ARRAY[-1]);
SELECT * FROM skill.form_matches(ARRAY[1, 2], ARRAY[10, 11]::float8[], ARRAY[1, 1], ARRAY[5, 5]::float8[], 2, 1,
                                 terms => ARRAY[[0.5], [0.5]], term_weights => ARRAY[1, 1]);
SELECT * FROM skill.form_matches(ARRAY[1, 2], ARRAY[10, 11]::float8[], ARRAY[1, 1], ARRAY[5, 5]::float8[], 2, 1,
                                 terms => ARRAY[[0.5], [0.5]], term_spreads => ARRAY[0]);
SELECT * FROM skill.form_matches(ARRAY[1, 2], ARRAY[10, 11]::float8[], ARRAY[1, 1], ARRAY[5, 5]::float8[], 2, 1,
                                 terms => ARRAY[[0.5], [0.5]], term_floors => ARRAY['Infinity'::float8]);
SELECT * FROM skill.form_matches(ARRAY[1, 2], ARRAY[10, 11]::float8[], ARRAY[1, 1], ARRAY[5, 5]::float8[], 2, 1,
                                 skill_weight => 0, terms => ARRAY[[0.5], [0.5]], term_weights => ARRAY[0]);

---------------------------------------------------------------------------
-- The queue recipe (docs/matchmaking.md, "A queue, end to end"), with a fixed clock
---------------------------------------------------------------------------

CREATE TABLE mm_queue (
  ticket_id   bigint PRIMARY KEY,
  members     skill.rating[] NOT NULL,
  enqueued_at timestamptz NOT NULL
);
-- Party ratings (max weight 2, median weight 1, 3 deviations) and waits at
-- 12:00:00 with max_beta 20, 5 buckets of 10 s:
--   1: (30,2)           -> 30 - 6 = 24,                          60 s -> beta 12
--   2: (28,1), (26,1)   -> (2*28 + 27)/3 - 3 = 24.666667,         10 s -> beta 8
--   3: (27,1)           -> 24,                                    5 s -> beta 4
--   4: (40,1)           -> 37,                                  120 s -> beta 12
--   5: (10,1), (12,1)   -> (2*12 + 11)/3 - 3 = 8.666667,          1 s -> beta 4
INSERT INTO mm_queue VALUES
  (1, ARRAY[skill.rating(30, 2)], '2024-05-01 11:59:00+00'),
  (2, ARRAY[skill.rating(28, 1), skill.rating(26, 1)], '2024-05-01 11:59:50+00'),
  (3, ARRAY[skill.rating(27, 1)], '2024-05-01 11:59:55+00'),
  (4, ARRAY[skill.rating(40, 1)], '2024-05-01 11:58:00+00'),
  (5, ARRAY[skill.rating(10, 1), skill.rating(12, 1)], '2024-05-01 11:59:59+00');
CREATE TABLE mm_matches (match int, team int, ticket_id bigint, score float8);

-- 2 v 2, tickets oldest first.  Pivot 4 (37) has nobody within 12.  Pivot 1
-- (24, beta 12) takes 3 (24; beta 4) and the party 2 (24.67; beta 8): spread
-- 2/3, beta 4, score 1 - (2/3)/8 = 0.916667.  1 and 3 play against the party.
-- 5 stays.  The matched tickets leave the queue in the same statement.
WITH claimed AS (
  SELECT ticket_id, members, enqueued_at
  FROM mm_queue
  ORDER BY enqueued_at
  LIMIT 100
  FOR UPDATE SKIP LOCKED
), proposed AS (
  SELECT m.*
  FROM (SELECT array_agg(ticket_id ORDER BY enqueued_at, ticket_id) AS ids,
               array_agg(skill.party_rating(members) ORDER BY enqueued_at, ticket_id) AS ratings,
               array_agg(cardinality(members) ORDER BY enqueued_at, ticket_id) AS sizes,
               array_agg(skill.window_beta(timestamptz '2024-05-01 12:00:00+00' - enqueued_at, 20, 5, '10 s')
                         ORDER BY enqueued_at, ticket_id) AS betas
        FROM claimed) c
  CROSS JOIN LATERAL skill.form_matches(c.ids, c.ratings, c.sizes, c.betas, n_teams => 2, team_size => 2) m
), taken AS (
  DELETE FROM mm_queue q USING proposed p WHERE q.ticket_id = p.ticket_id
  RETURNING p.*
)
INSERT INTO mm_matches SELECT * FROM taken;
SELECT match, team, ticket_id, round(score::numeric, 6) AS score FROM mm_matches ORDER BY match, team, ticket_id;
SELECT ticket_id FROM mm_queue ORDER BY ticket_id;
-- TrueSkill quality of the match formed, from the members' ratings:
-- {(30,2),(27,1)} against {(28,1),(26,1)}.
SELECT round(skill.match_quality(ARRAY[[skill.rating(30, 2), skill.rating(27, 1)],
                                       [skill.rating(28, 1), skill.rating(26, 1)]])::numeric, 6) AS quality;
DROP TABLE mm_queue, mm_matches;
-- The same ticket twice is an error naming it (it could land in two teams).
SELECT * FROM skill.form_matches(ARRAY[7, 8, 7], ARRAY[1000, 1000, 1000]::float8[], ARRAY[1, 1, 1], ARRAY[100, 100, 100]::float8[], 2, 1);
SELECT * FROM skill.form_matches(ARRAY['a', 'b', 'a'], ARRAY[1000, 1000, 1000]::float8[], ARRAY[1, 1, 1], ARRAY[100, 100, 100]::float8[], 2, 1);

-- Premade parties: a party of k adds party_bonus * (k - 1) to its team.
-- A party of two (10, 10) with 12, 8, 11, 9 in 3v3: without a bonus the
-- party takes the 11 (31 vs 29, gap 2); with a bonus of 2 it takes the 9
-- (29 + 2 = 31 vs 31, gap 0).
SELECT skill.balance_teams(ARRAY[skill.rating(10, 1), skill.rating(10, 1), skill.rating(12, 1), skill.rating(8, 1),
                                 skill.rating(11, 1), skill.rating(9, 1)], 2, ARRAY[1, 1, NULL, NULL, NULL, NULL]) AS no_bonus,
       skill.balance_teams(ARRAY[skill.rating(10, 1), skill.rating(10, 1), skill.rating(12, 1), skill.rating(8, 1),
                                 skill.rating(11, 1), skill.rating(9, 1)], 2, ARRAY[1, 1, NULL, NULL, NULL, NULL],
                           party_bonus => 2) AS bonus_2;
-- form_matches takes it too: the party ticket (size 2, rating 10) and four
-- solos; with the bonus the 9 joins the party (31 vs 31).
SELECT team, array_agg(ticket_id ORDER BY ticket_id) AS tickets
FROM skill.form_matches(ARRAY['party', 's12', 's8', 's11', 's9'], ARRAY[10, 12, 8, 11, 9]::float8[], ARRAY[2, 1, 1, 1, 1],
                        ARRAY[50, 50, 50, 50, 50]::float8[], 2, 3, party_bonus => 2)
GROUP BY team ORDER BY team;
SELECT skill.balance_teams(ARRAY[skill.rating(), skill.rating()], 2, party_bonus => -1);

-- Ratings whose sums leave the doubles: an error naming the ratings (22003),
-- not "parameter out of range".
SELECT skill.party_rating(ARRAY[skill.rating(1e308, 1), skill.rating(1e308, 1)], max_mu_weight => 2);
\echo :LAST_ERROR_SQLSTATE
SELECT skill.balance_teams(ARRAY[skill.rating(1e308, 1), skill.rating(-1e308, 1), skill.rating(25, 1), skill.rating(25, 1)], 2);
\echo :LAST_ERROR_SQLSTATE
