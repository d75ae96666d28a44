-- An ordinary role (no superuser, owns nothing) rates, replays and
-- matchmakes: the schema's USAGE is granted to PUBLIC by the install
-- script, and functions are executable by PUBLIC.
\set VERBOSITY terse
CREATE ROLE regress_skill_player;
SET ROLE regress_skill_player;
SELECT current_user, (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS superuser;
SELECT round(r.mu::numeric, 6) AS mu, round(r.sigma::numeric, 6) AS sigma
FROM unnest(skill.pl_rate(ARRAY[skill.rating(), skill.rating()], '{1,2}')) r;
SELECT round(skill.elo_expected(1600, 1500)::numeric, 6) AS elo_expected;
SELECT player_id, round((rating).mu::numeric, 6) AS mu, matches
FROM unnest((SELECT skill.pl_replay(m, t, p, team, rank ORDER BY t, m)
             FROM (VALUES (1, timestamptz '2026-01-01 00:00+00', 1, 1, 1.0), (1, '2026-01-01 00:00+00', 2, 2, 2)) v(m, t, p, team, rank)));
SELECT count(*) AS rows FROM skill.elo_history($$SELECT 1::bigint, now(), p::bigint, p, p::float8 FROM generate_series(1, 2) p$$);
SELECT match, team, ticket_id
FROM skill.form_matches(ARRAY[10, 11, 12, 13], ARRAY[1000, 1010, 2000, 2010]::float8[], ARRAY[1, 1, 1, 1],
                        ARRAY[50, 50, 50, 50]::float8[], 2, 1)
ORDER BY match, team;
RESET ROLE;
DROP ROLE regress_skill_player;
