-- IMS matchmaker compatibility: skill.ims_rate (the rate endpoint's JSON)
-- and the queue's musigma data point given to party_rating and
-- form_matches.  The reference for ims_rate is the IMS notes' own example
-- (request and response, "Rating Calculation"); the data point forms are
-- checked against the positional functions called with the same numbers.
\set VERBOSITY terse

---------------------------------------------------------------------------
-- ims_rate: the notes' example, request in, response out
---------------------------------------------------------------------------

\set request '{"config": {"modelId": "PLACKETT_LUCE", "beta": 5, "epsilon": 0.001, "mu": 30, "sigma": 10}, "teams": [{"rank": 0, "team": {"teamId": "red", "players": [{"playerId": "player1", "mu": 35.0, "sigma": 5.1}, {"playerId": "player2", "mu": 32.1, "sigma": 2.9}]}}, {"rank": 1, "team": {"teamId": "blue", "players": [{"playerId": "player3", "mu": 30.5, "sigma": 4.4}, {"playerId": "player4", "mu": 29.5, "sigma": 9.4}]}}]}'
\set response '{"teams": [{"teamId": "red", "players": [{"playerId": "player1", "mu": 35.703050324698204, "sigma": 5.065653319815339}, {"playerId": "player2", "mu": 32.32732230798585, "sigma": 2.8936994946797667}]}, {"teamId": "blue", "players": [{"playerId": "player3", "mu": 29.976699181616407, "sigma": 4.360939109491974}, {"playerId": "player4", "mu": 27.111629116096374, "sigma": 9.012856163163935}]}]}'

-- The response's teams and players, in order: every key but mu and sigma
-- as it is, mu and sigma as numbers.
CREATE FUNCTION pg_temp.ims_players(response jsonb)
RETURNS TABLE (team bigint, player bigint, team_rest jsonb, player_rest jsonb, mu float8, sigma float8)
LANGUAGE sql IMMUTABLE AS $$
  SELECT t.k, p.k, t.v - 'players', p.p - 'mu' - 'sigma', (p.p->>'mu')::float8, (p.p->>'sigma')::float8
  FROM jsonb_array_elements(response->'teams') WITH ORDINALITY t(v, k),
       jsonb_array_elements(t.v->'players') WITH ORDINALITY p(p, k)
$$;
-- The same shape and ids as the notes' response, and each mu and sigma
-- within a relative 1e-12 of the notes' (C libraries differ in the last
-- bit of exp): the rows listed differ (none).
SELECT skill.ims_rate(:'request') - 'teams' = :'response'::jsonb - 'teams' AS same_top_level,
       jsonb_array_length(skill.ims_rate(:'request')->'teams') AS teams;
SELECT team, player, n.mu AS notes_mu, r.mu, n.sigma AS notes_sigma, r.sigma
FROM pg_temp.ims_players(:'response') n FULL JOIN pg_temp.ims_players(skill.ims_rate(:'request')) r USING (team, player)
WHERE n.team_rest IS DISTINCT FROM r.team_rest OR n.player_rest IS DISTINCT FROM r.player_rest
   OR NOT (abs(r.mu - n.mu) <= 1e-12 * abs(n.mu)) OR NOT (abs(r.sigma - n.sigma) <= 1e-12 * abs(n.sigma));
SELECT team_rest->>'teamId' AS team_id, player_rest->>'playerId' AS player_id,
       round(mu::numeric, 10) AS mu, round(sigma::numeric, 10) AS sigma
FROM pg_temp.ims_players(skill.ims_rate(:'request')) ORDER BY team, player;

-- The same match through pl_rate (beta 5, kappa = epsilon, tau 0), in order.
SELECT (SELECT array_agg(ARRAY[(p->>'mu')::float8, (p->>'sigma')::float8] ORDER BY t.k, p.k)
        FROM jsonb_array_elements(skill.ims_rate(:'request')->'teams') WITH ORDINALITY t(v, k),
             jsonb_array_elements(t.v->'players') WITH ORDINALITY p(p, k))
     = (SELECT array_agg(ARRAY[mu, sigma])
        FROM unnest(skill.pl_rate(ARRAY[[skill.rating(35.0, 5.1), skill.rating(32.1, 2.9)],
                                        [skill.rating(30.5, 4.4), skill.rating(29.5, 9.4)]],
                                  ranks => '{0,1}', beta => 5, kappa => 0.001, tau => 0))) AS same_as_pl_rate;

-- Players without mu or sigma (absent or null) take config's; teams and
-- players keep their order and ids (numbers too); keys outside config and
-- the players are not read.
-- Two equal players (30, 10), beta 5: c = sqrt(10^2 + 10^2 + 2*5^2) = sqrt(250),
-- the winner gains sigma^2/c * (1 - 1/2) = 50/sqrt(250) = 3.16227766016838 and
-- the loser loses as much; both sigmas become
-- 10*sqrt(1 - gamma * (sigma^2/c^2) * p(1 - p)), gamma = 10/c, p = 1/2.
SELECT skill.ims_rate('{"config": {"mu": 30, "sigma": 10, "beta": 5, "epsilon": 0.001},
                        "teams": [{"rank": 1, "team": {"teamId": 7, "players": [{"playerId": "b", "mu": null}]}},
                                  {"rank": 0, "team": {"teamId": "six", "players": [{"playerId": 9}]}, "extra": true}]}');
SELECT 30 - 50/sqrt(250.0) AS loser_mu, 30 + 50/sqrt(250.0) AS winner_mu,
       10*sqrt(1 - 10/sqrt(250.0) * 0.4 * 0.25) AS sigma;
-- With no config at all the IMS docs' recommended values apply (30, 10,
-- beta 5, epsilon 0.001): the same answer.
SELECT skill.ims_rate('{"teams": [{"rank": 1, "team": {"teamId": 7, "players": [{"playerId": "b"}]}},
                                  {"rank": 0, "team": {"teamId": "six", "players": [{"playerId": 9}]}}]}')
     = skill.ims_rate('{"config": {"mu": 30, "sigma": 10, "beta": 5, "epsilon": 0.001},
                        "teams": [{"rank": 1, "team": {"teamId": 7, "players": [{"playerId": "b"}]}},
                                  {"rank": 0, "team": {"teamId": "six", "players": [{"playerId": 9}]}}]}') AS defaults;
-- A draw (equal ranks) and three teams agree with pl_rate.
SELECT (SELECT array_agg((p->>'mu')::float8 ORDER BY p->>'playerId')
        FROM jsonb_array_elements(skill.ims_rate('{"config": {"beta": 4, "epsilon": 0.0001},
          "teams": [{"rank": 2, "team": {"teamId": "a", "players": [{"playerId": "1", "mu": 25, "sigma": 8}]}},
                    {"rank": 2, "team": {"teamId": "b", "players": [{"playerId": "2", "mu": 27, "sigma": 3}]}},
                    {"rank": 0, "team": {"teamId": "c", "players": [{"playerId": "3", "mu": 20, "sigma": 6}]}}]}')->'teams') t,
             jsonb_array_elements(t->'players') p)
     = (SELECT array_agg(mu) FROM unnest(skill.pl_rate(ARRAY[skill.rating(25, 8), skill.rating(27, 3), skill.rating(20, 6)],
                                                       ranks => '{2,2,0}', beta => 4, kappa => 0.0001, tau => 0))) AS same_as_pl_rate;

-- Errors name the JSON path (indexes from 0, as in JSON path).
SELECT skill.ims_rate('[]');
SELECT skill.ims_rate('{"config": [], "teams": []}');
SELECT skill.ims_rate('{"config": {"modelId": "THURSTONE_MOSTELLER_FULL"}}');
SELECT skill.ims_rate('{"config": {"beta": 0}}');
SELECT skill.ims_rate('{"config": {"beta": "5"}}');
SELECT skill.ims_rate('{"config": {"epsilon": -0.1}}');
SELECT skill.ims_rate('{"config": {"sigma": 0}}');
SELECT skill.ims_rate('{"config": {"mu": 1e400}}');
SELECT skill.ims_rate('{"config": {}}');
SELECT skill.ims_rate('{"teams": {}}');
SELECT skill.ims_rate('{"teams": [{"rank": 0, "team": {"teamId": "a", "players": [{"playerId": 1}]}}]}');
SELECT skill.ims_rate('{"teams": [1, 2]}');
SELECT skill.ims_rate('{"teams": [{"team": {}}, {}]}');
SELECT skill.ims_rate('{"teams": [{"rank": 0.5}, {}]}');
SELECT skill.ims_rate('{"teams": [{"rank": -1}, {}]}');
SELECT skill.ims_rate('{"teams": [{"rank": 0}, {}]}');
SELECT skill.ims_rate('{"teams": [{"rank": 0, "team": {"players": []}}, {}]}');
SELECT skill.ims_rate('{"teams": [{"rank": 0, "team": "red"}, {}]}');
SELECT skill.ims_rate('{"teams": [{"rank": 0, "team": {"teamId": {"a": 1}}}, {}]}');
SELECT skill.ims_rate('{"teams": [{"rank": 0, "team": {"teamId": "a"}}, {}]}');
SELECT skill.ims_rate('{"teams": [{"rank": 0, "team": {"teamId": "a", "players": {}}}, {}]}');
SELECT skill.ims_rate('{"teams": [{"rank": 0, "team": {"teamId": "a", "players": []}}, {}]}');
SELECT skill.ims_rate('{"teams": [{"rank": 0, "team": {"teamId": "a", "players": [{"playerId": 1}]}},
                                  {"rank": 1, "team": {"teamId": "b", "players": [[]]}}]}');
SELECT skill.ims_rate('{"teams": [{"rank": 0, "team": {"teamId": "a", "players": [{"playerId": 1}]}},
                                  {"rank": 1, "team": {"teamId": "b", "players": [{"mu": 3}]}}]}');
SELECT skill.ims_rate('{"teams": [{"rank": 0, "team": {"teamId": "a", "players": [{"playerId": 1}]}},
                                  {"rank": 1, "team": {"teamId": "b", "players": [{"playerId": 2, "mu": true}]}}]}');
SELECT skill.ims_rate('{"teams": [{"rank": 0, "team": {"teamId": "a", "players": [{"playerId": 1}]}},
                                  {"rank": 1, "team": {"teamId": "b", "players": [{"playerId": 2, "sigma": -1}]}}]}');
-- A player is rated once per match: the same playerId twice, in two teams
-- or in one, is refused (ids are equal as jsonb values: 7 and 7.0 are one
-- id, 7 and "7" two).
SELECT skill.ims_rate('{"teams": [{"rank": 0, "team": {"teamId": "a", "players": [{"playerId": "p1"}, {"playerId": "p2"}]}},
                                  {"rank": 1, "team": {"teamId": "b", "players": [{"playerId": "p3"}, {"playerId": "p1"}]}}]}');
SELECT skill.ims_rate('{"teams": [{"rank": 0, "team": {"teamId": "a", "players": [{"playerId": 7}, {"playerId": 7.0}]}},
                                  {"rank": 1, "team": {"teamId": "b", "players": [{"playerId": 8}]}}]}');
SELECT jsonb_path_query_array(
         skill.ims_rate('{"teams": [{"rank": 0, "team": {"teamId": "a", "players": [{"playerId": 7}]}},
                                    {"rank": 1, "team": {"teamId": "b", "players": [{"playerId": "7"}]}}]}'),
         '$.teams[*].players[*].playerId') AS two_players;
-- Finite but too extreme to compute: 22003, not a NaN in the response.
SELECT skill.ims_rate('{"teams": [{"rank": 0, "team": {"teamId": "a", "players": [{"playerId": 1, "sigma": 1e200}]}},
                                  {"rank": 1, "team": {"teamId": "b", "players": [{"playerId": 2, "sigma": 1e200}]}}]}');
SELECT skill.ims_rate(NULL) IS NULL AS strict;

---------------------------------------------------------------------------
-- party_rating with the queue's data point
---------------------------------------------------------------------------

\set data_point '{"config": {"musigma": {"path": "ranked_rating", "mu": 30, "sigma": 10, "beta": 5, "maxMuWeight": 2, "medMuWeight": 1, "ordinalDeviations": 3}}, "extension": "musigma", "floor": 0.5, "name": "Skill", "weight": 1}'

-- (30,10), (20,5), (25,1): (2*30 + 1*25)/3 - 3*(16/3) = 85/3 - 16 = 12.333333333333
SELECT round(skill.party_rating(ARRAY[skill.rating(30, 10), skill.rating(20, 5), skill.rating(25, 1)],
                                :'data_point'::jsonb)::numeric, 12) AS from_data_point,
       round(skill.party_rating(ARRAY[skill.rating(30, 10), skill.rating(20, 5), skill.rating(25, 1)],
                                2, 1, 3)::numeric, 12) AS positional;
-- The musigma object alone works too, other weights agree with the positional form,
-- and absent keys take the IMS recommended 2, 1, 3.
SELECT skill.party_rating(ARRAY[skill.rating(30, 10), skill.rating(20, 5)],
                          '{"maxMuWeight": 1, "medMuWeight": 3, "ordinalDeviations": 2}'::jsonb)
     = skill.party_rating(ARRAY[skill.rating(30, 10), skill.rating(20, 5)], 1, 3, 2) AS bare_block,
       skill.party_rating(ARRAY[skill.rating(30, 10), skill.rating(20, 5)], '{}'::jsonb)
     = skill.party_rating(ARRAY[skill.rating(30, 10), skill.rating(20, 5)]) AS defaults;
-- A NULL member is an unrated player with the data point's mu and sigma:
-- alone, the IMS docs' new player, 30 - 3*10 = 0; beside (20, 5) the same as
-- (30, 10) given: (2*30 + 25)/3 - 3*(10 + 5)/2 = 28.333333333333 - 22.5 = 5.833333333333.
SELECT skill.party_rating(ARRAY[NULL::skill.rating], :'data_point'::jsonb) AS new_player,
       round(skill.party_rating(ARRAY[NULL, skill.rating(20, 5)], :'data_point'::jsonb)::numeric, 12) AS with_default,
       round(skill.party_rating(ARRAY[skill.rating(30, 10), skill.rating(20, 5)])::numeric, 12) AS given;
-- Errors name the path in the data point.
SELECT skill.party_rating(ARRAY[skill.rating()], '[1]'::jsonb);
SELECT skill.party_rating(ARRAY[skill.rating()], '{"extension": "latency", "config": {}}'::jsonb);
SELECT skill.party_rating(ARRAY[skill.rating()], '{"config": 3}'::jsonb);
SELECT skill.party_rating(ARRAY[skill.rating()], '{"config": {"latency": {}}}'::jsonb);
SELECT skill.party_rating(ARRAY[skill.rating()], '{"config": {"musigma": []}}'::jsonb);
SELECT skill.party_rating(ARRAY[skill.rating()], '{"config": {"musigma": {"sigma": 0}}}'::jsonb);
SELECT skill.party_rating(ARRAY[skill.rating()], '{"config": {"musigma": {"maxMuWeight": -1}}}'::jsonb);
SELECT skill.party_rating(ARRAY[skill.rating()], '{"config": {"musigma": {"medMuWeight": "1"}}}'::jsonb);
SELECT skill.party_rating(ARRAY[skill.rating()], '{"maxMuWeight": 0, "medMuWeight": 0}'::jsonb);
SELECT skill.party_rating(ARRAY[skill.rating()], '{"ordinalDeviations": -3}'::jsonb);
SELECT skill.party_rating(ARRAY[skill.rating()], '{"beta": 0}'::jsonb);
SELECT skill.party_rating(ARRAY[skill.rating()], '{"beta": 5, "maxBeta": 20, "buckets": 5, "bucketDuration": 10}'::jsonb);
SELECT skill.party_rating(ARRAY[skill.rating()], '{"maxBeta": 20, "buckets": 5}'::jsonb);
SELECT skill.party_rating(ARRAY[skill.rating()], '{"maxBeta": 0, "buckets": 5, "bucketDuration": 10}'::jsonb);
SELECT skill.party_rating(ARRAY[skill.rating()], '{"maxBeta": 20, "buckets": 2.5, "bucketDuration": 10}'::jsonb);
SELECT skill.party_rating(ARRAY[skill.rating()], '{"maxBeta": 20, "buckets": 5, "bucketDuration": 0}'::jsonb);
SELECT skill.party_rating(ARRAY[skill.rating()], '{"config": {"musigma": {}}, "weight": 0}'::jsonb);
SELECT skill.party_rating(ARRAY[skill.rating()], '{"config": {"musigma": {}}, "floor": "high"}'::jsonb);
-- A misspelt key is refused at every level (the IMS docs' keys), not
-- replaced by its default; the hint lists the keys of that level.
\set VERBOSITY default
SELECT skill.party_rating(ARRAY[skill.rating()], '{"config": {"musigma": {"maxMuWieght": 5}}, "extension": "musigma"}'::jsonb);
\set VERBOSITY terse
SELECT skill.party_rating(ARRAY[skill.rating()], '{"maxMuWieght": 5}'::jsonb);
SELECT skill.party_rating(ARRAY[skill.rating()], '{"config": {"musigma": {}}, "extension": "musigma", "wieght": 1}'::jsonb);
SELECT skill.party_rating(ARRAY[skill.rating()], '{"config": {"musigma": {}, "latency": {}}}'::jsonb);
-- floor and weight belong to the entry, beside config (or beside the
-- musigma keys when the musigma object is given alone).
SELECT skill.party_rating(ARRAY[skill.rating()], '{"config": {"musigma": {"floor": 0.5}}}'::jsonb);

---------------------------------------------------------------------------
-- form_matches with the queue's data point
---------------------------------------------------------------------------

-- A fixed beta: the same rows as betas all 5, skill_weight 1, skill_floor 0.5.
SELECT * FROM skill.form_matches(ARRAY[1, 2, 3, 4, 5]::bigint[], ARRAY[10, 30, 12, 31, 50]::float8[],
                                 ARRAY[1, 1, 1, 1, 1], 2, 1, :'data_point'::jsonb);
SELECT count(*) AS differing FROM (
  (SELECT * FROM skill.form_matches(ARRAY[1, 2, 3, 4, 5]::bigint[], ARRAY[10, 30, 12, 31, 50]::float8[],
                                    ARRAY[1, 1, 1, 1, 1], 2, 1, :'data_point'::jsonb)
   EXCEPT
   SELECT * FROM skill.form_matches(ARRAY[1, 2, 3, 4, 5]::bigint[], ARRAY[10, 30, 12, 31, 50]::float8[],
                                    ARRAY[1, 1, 1, 1, 1], ARRAY[5, 5, 5, 5, 5]::float8[], 2, 1,
                                    skill_weight => 1, skill_floor => 0.5))
  UNION ALL
  (SELECT * FROM skill.form_matches(ARRAY[1, 2, 3, 4, 5]::bigint[], ARRAY[10, 30, 12, 31, 50]::float8[],
                                    ARRAY[1, 1, 1, 1, 1], ARRAY[5, 5, 5, 5, 5]::float8[], 2, 1,
                                    skill_weight => 1, skill_floor => 0.5)
   EXCEPT
   SELECT * FROM skill.form_matches(ARRAY[1, 2, 3, 4, 5]::bigint[], ARRAY[10, 30, 12, 31, 50]::float8[],
                                    ARRAY[1, 1, 1, 1, 1], 2, 1, :'data_point'::jsonb))) d;
-- A widening window (the notes' "Buckets" example: maxBeta 20, 5 buckets of
-- 10 s): waits 5 s, 45 s, 100 s and 1 h are in buckets 1, 2, 3 and 5, so the
-- betas are 4, 8, 12 and 20, as window_beta gives; floor 0.2 and weight 2.
SELECT array_agg(skill.window_beta(w, 20, 5, '10 seconds') ORDER BY w) AS window_betas
FROM unnest(ARRAY['5 s', '45 s', '100 s', '1 hour']::interval[]) w;
SELECT (SELECT array_agg(f ORDER BY f::text) FROM skill.form_matches(ARRAY['a', 'b', 'c', 'd'], ARRAY[0, 7, 15, 40]::float8[],
          ARRAY[1, 1, 1, 1], 2, 1,
          '{"config": {"musigma": {"maxBeta": 20, "buckets": 5, "bucketDuration": 10}}, "floor": 0.2, "weight": 2}'::jsonb,
          ARRAY['5 s', '45 s', '100 s', '1 hour']::interval[]) f)
     = (SELECT array_agg(f ORDER BY f::text) FROM skill.form_matches(ARRAY['a', 'b', 'c', 'd'], ARRAY[0, 7, 15, 40]::float8[],
          ARRAY[1, 1, 1, 1], ARRAY[4, 8, 12, 20]::float8[], 2, 1, skill_weight => 2, skill_floor => 0.2) f) AS same_as_betas;
-- No tickets (array_agg over nothing is NULL): no rows, like the positional form.
SELECT count(*) FROM skill.form_matches(NULL::int[], NULL, NULL, 2, 1, :'data_point'::jsonb);
-- Errors: waited is needed with maxBeta, one per ticket, no NULL, no months; a bad data point.
SELECT * FROM skill.form_matches(ARRAY[1, 2], ARRAY[0, 1]::float8[], ARRAY[1, 1], 2, 1,
                                 '{"maxBeta": 20, "buckets": 5, "bucketDuration": 10}'::jsonb);
SELECT * FROM skill.form_matches(ARRAY[1, 2], ARRAY[0, 1]::float8[], ARRAY[1, 1], 2, 1,
                                 '{"maxBeta": 20, "buckets": 5, "bucketDuration": 10}'::jsonb, ARRAY['1 s']::interval[]);
SELECT * FROM skill.form_matches(ARRAY[1, 2], ARRAY[0, 1]::float8[], ARRAY[1, 1], 2, 1,
                                 '{"maxBeta": 20, "buckets": 5, "bucketDuration": 10}'::jsonb, ARRAY['1 s', NULL]::interval[]);
SELECT * FROM skill.form_matches(ARRAY[1, 2], ARRAY[0, 1]::float8[], ARRAY[1, 1], 2, 1,
                                 '{"maxBeta": 20, "buckets": 5, "bucketDuration": 10}'::jsonb, ARRAY['1 s', '1 month']::interval[]);
SELECT * FROM skill.form_matches(ARRAY[1, 2], ARRAY[0, 1]::float8[], ARRAY[1, 1], 2, 1, '{"extension": "region", "config": {}}'::jsonb);
SELECT * FROM skill.form_matches(ARRAY[1, 2], ARRAY[0, 1]::float8[], ARRAY[1, 1], 2, 1, '{"maxbeta": 20}'::jsonb);
-- The positional form's own checks still apply.
SELECT * FROM skill.form_matches(ARRAY[1, 2], ARRAY[0, 1]::float8[], ARRAY[1, 1], 1, 1, :'data_point'::jsonb);

-- A key of config or of a player that the endpoint does not know is an
-- error: misspelt, it left the default in place.
SELECT skill.ims_rate('{"config": {"bta": 4}, "teams": [{"rank": 0, "team": {"teamId": 1, "players": [{"playerId": 1}]}},
                                                       {"rank": 1, "team": {"teamId": 2, "players": [{"playerId": 2}]}}]}');
SELECT skill.ims_rate('{"teams": [{"rank": 0, "team": {"teamId": 1, "players": [{"playerId": 1, "sigmma": 3}]}},
                                  {"rank": 1, "team": {"teamId": 2, "players": [{"playerId": 2}]}}]}');
