-- The Glicko-1 and Glicko-2 replay aggregates take the five columns of
-- every other replay aggregate (match_id, played_at, player_id, team,
-- rank), each match then its own rating period, as well as the forms with
-- a period after played_at; calls with NULL arguments pick one form.
\set VERBOSITY terse

CREATE TABLE season AS  -- README quick start (c): 300 duels among 20 players
SELECT m::bigint AS match_id, timestamptz '2026-01-01 00:00+00' + m * interval '7 hours' AS played_at, x.*
FROM generate_series(1, 300) m,
     LATERAL (SELECT 1 + m * 7 % 20 AS a, 1 + (m * 7 + 1 + m % 19) % 20 AS b, (m % 4 > 0) AS fav) g,
     LATERAL (VALUES (a::bigint, 1, CASE WHEN (a > b) = fav THEN 1 ELSE 2 END::float8),
                     (b::bigint, 2, CASE WHEN (a > b) = fav THEN 2 ELSE 1 END::float8)) x(player_id, team, rank);

-- 1. One match between new players: each player's one-game rating period,
-- as glicko2_update and glicko_update rate it (tau 0.5, the defaults).
SELECT player_id, matches,
       abs((rating).rating - (u).rating) < 1e-9 AND abs((rating).rd - (u).rd) < 1e-9
         AND abs((rating).vol - (u).vol) < 1e-12 AS as_glicko2_update
FROM unnest((SELECT skill.glicko2_replay(match_id, played_at, player_id, team, rank ORDER BY played_at, match_id)
             FROM season WHERE match_id = 1)) r,
     LATERAL (SELECT skill.glicko2_update(skill.glicko(1500, 350, 0.06), ARRAY[skill.glicko(1500, 350, 0.06)],
                                          ARRAY[CASE WHEN r.player_id = (SELECT player_id FROM season WHERE match_id = 1 AND rank = 1)
                                                     THEN 1 ELSE 0 END]) AS u) v
ORDER BY player_id;
SELECT player_id, matches,
       abs((rating).rating - (u).rating) < 1e-9 AND abs((rating).rd - (u).rd) < 1e-9 AS as_glicko_update
FROM unnest((SELECT skill.glicko_replay(match_id, played_at, player_id, team, rank ORDER BY played_at, match_id)
             FROM season WHERE match_id = 1)) r,
     LATERAL (SELECT skill.glicko_update(skill.glicko(1500, 350), ARRAY[skill.glicko(1500, 350)],
                                         ARRAY[CASE WHEN r.player_id = (SELECT player_id FROM season WHERE match_id = 1 AND rank = 1)
                                                    THEN 1 ELSE 0 END]) AS u) v
ORDER BY player_id;

-- 2. The five columns are the period form with period = played_at, with
-- priors, options and details too; and what skill.replay gives for a rows
-- query without a period column.
SELECT (SELECT skill.glicko2_replay(match_id, played_at, player_id, team, rank ORDER BY played_at, match_id) FROM season)
     = (SELECT skill.glicko2_replay(match_id, played_at, played_at, player_id, team, rank ORDER BY played_at, match_id) FROM season)
       AS glicko2_same,
       (SELECT skill.glicko_replay(match_id, played_at, player_id, team, rank ORDER BY played_at, match_id) FROM season)
     = (SELECT skill.glicko_replay(match_id, played_at, played_at, player_id, team, rank ORDER BY played_at, match_id) FROM season)
       AS glicko_same,
       (SELECT skill.glicko2_replay(match_id, played_at, player_id, team, rank, skill.glicko(1600, 200, 0.05), '{"tau": 0.3}'
                                    ORDER BY played_at, match_id) FROM season)
     = (SELECT skill.glicko2_replay(match_id, played_at, played_at, player_id, team, rank, skill.glicko(1600, 200, 0.05), '{"tau": 0.3}'
                                    ORDER BY played_at, match_id) FROM season)
       AS with_priors_and_options_same,
       (SELECT skill.glicko_replay(match_id, played_at, player_id, team, rank, NULL, '{"home_advantage": 30}',
                                   (NULL, NULL, NULL, team = 1)::skill.match_details ORDER BY played_at, match_id) FROM season)
     = (SELECT skill.glicko_replay(match_id, played_at, played_at, player_id, team, rank, NULL, '{"home_advantage": 30}',
                                   (NULL, NULL, NULL, team = 1)::skill.match_details ORDER BY played_at, match_id) FROM season)
       AS with_details_same,
       (SELECT array_agg(ARRAY[(p).player_id, (p).matches]::float8[] || ARRAY[((p).rating).rating, ((p).rating).rd, ((p).rating).vol]
                         ORDER BY (p).player_id)
        FROM unnest((SELECT skill.glicko2_replay(match_id, played_at, player_id, team, rank ORDER BY played_at, match_id) FROM season)) p)
     = (SELECT array_agg(ARRAY[player_id, matches]::float8[] || rating ORDER BY player_id)
        FROM skill.replay('glicko2', 'SELECT match_id, played_at, player_id, team, rank FROM season ORDER BY played_at, match_id'))
       AS as_skill_replay;

-- 3. Swapping pl_replay for glicko2_replay in the README's quick start (c).
SELECT player_id, round((rating).rating::numeric, 2) AS rating, round((rating).rd::numeric, 2) AS rd, matches
FROM unnest((SELECT skill.glicko2_replay(match_id, played_at, player_id, team, rank)
             FROM (SELECT * FROM season ORDER BY played_at, match_id) ordered))
ORDER BY (rating).rating - 2 * (rating).rd DESC LIMIT 2;

-- 4. NULL arguments: each call picks one form.  A NULL period is the period
-- form's key, refused as any NULL key; a NULL prior or options is the
-- family's default in either form.
SELECT skill.glicko2_replay(match_id, played_at, NULL, player_id, team, rank) FROM season WHERE match_id = 1;
SELECT skill.glicko_replay(match_id, played_at, NULL, player_id, team, rank, NULL, NULL) FROM season WHERE match_id = 1;
SELECT (SELECT skill.glicko2_replay(match_id, played_at, player_id, team, rank, NULL) FROM season WHERE match_id = 1)
     = (SELECT skill.glicko2_replay(match_id, played_at, player_id, team, rank) FROM season WHERE match_id = 1) AS null_prior,
       (SELECT skill.glicko2_replay(match_id, played_at, player_id, team, rank, NULL, NULL) FROM season WHERE match_id = 1)
     = (SELECT skill.glicko2_replay(match_id, played_at, player_id, team, rank) FROM season WHERE match_id = 1) AS null_options,
       (SELECT skill.glicko2_replay(match_id, played_at, player_id, team, rank, NULL, NULL, NULL) FROM season WHERE match_id = 1)
     = (SELECT skill.glicko2_replay(match_id, played_at, player_id, team, rank) FROM season WHERE match_id = 1) AS null_details,
       (SELECT skill.glicko2_replay(match_id, played_at, played_at, player_id, team, rank, NULL, NULL, NULL) FROM season WHERE match_id = 1)
     = (SELECT skill.glicko2_replay(match_id, played_at, player_id, team, rank) FROM season WHERE match_id = 1) AS period_form_nulls;
-- NULL keys of the five-column form are refused, naming the key.
SELECT skill.glicko2_replay(match_id, played_at, NULL, team, rank) FROM season WHERE match_id = 1;
SELECT skill.glicko_replay(match_id, NULL, player_id, team, rank) FROM season WHERE match_id = 1;
-- Literals: a timestamp-like third argument is the period, a number the player.
SELECT (skill.glicko2_replay(1, '2026-01-01', '2026-01-01', p, 3 - p, p))[1].matches AS period_form,
       (skill.glicko2_replay(1, '2026-01-01', p, 3 - p, p))[1].matches AS five_columns
FROM (VALUES (1), (2)) v(p);
-- Only a call whose every argument is an untyped NULL cannot choose.
SELECT skill.glicko2_replay(NULL, NULL, NULL, NULL, NULL, NULL);

-- 5. The catalog: every period family's aggregate in both forms, each
-- with its comment.
SELECT p.oid::regprocedure AS aggregate, obj_description(p.oid, 'pg_proc') IS NOT NULL AS commented
FROM pg_proc p
WHERE p.pronamespace = 'skill'::regnamespace AND p.prokind = 'a' AND p.proname IN ('glicko_replay', 'glicko2_replay')
ORDER BY p.proname, p.pronargs, p.oid::regprocedure::text;
