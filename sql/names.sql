-- One naming scheme (docs/families.md, "Names"): every family answers the
-- same questions under the same names, *_predict_win for a pair (a scalar)
-- and for a match's teams (an array, one chance per team); renamed
-- functions stay as deprecated aliases with their old argument names; the
-- aggregates' support functions live in schema skill_internal, out of
-- \df skill.*.
\set VERBOSITY terse

-- 1. \df skill.* lists only what users call: no function of schema skill
-- takes or returns internal (the aggregates' support functions), and the
-- aggregates find theirs in skill_internal.
SELECT p.oid::regprocedure AS support_function_in_skill
FROM pg_proc p
WHERE p.pronamespace = 'skill'::regnamespace
  AND (p.prorettype = 'internal'::regtype OR 'internal'::regtype = ANY (p.proargtypes));
SELECT count(*) AS aggregates,
       count(*) FILTER (WHERE s.pronamespace = 'skill_internal'::regnamespace
                          AND f.pronamespace = 'skill_internal'::regnamespace) AS with_internal_support
FROM pg_aggregate a
JOIN pg_proc p ON p.oid = a.aggfnoid
JOIN pg_proc s ON s.oid = a.aggtransfn
JOIN pg_proc f ON f.oid = a.aggfinalfn
WHERE p.pronamespace = 'skill'::regnamespace;
SELECT count(*) AS user_callable_in_skill_internal
FROM pg_proc p
WHERE p.pronamespace = 'skill_internal'::regnamespace
  AND p.prorettype <> 'internal'::regtype AND NOT 'internal'::regtype = ANY (p.proargtypes)
  AND p.proname NOT LIKE '%\_final';
-- A schema skill_internal that exists before CREATE EXTENSION is refused
-- (someone else's objects there could run with the installer's rights).
SELECT current_database() AS test_database \gset
CREATE DATABASE regress_skill_names;
\c regress_skill_names
\set VERBOSITY terse
CREATE SCHEMA skill_internal;
CREATE EXTENSION skill;
DROP SCHEMA skill_internal;
CREATE EXTENSION skill;
SELECT count(*) AS support_functions FROM pg_proc WHERE pronamespace = 'skill_internal'::regnamespace;
\c :test_database
DROP DATABASE regress_skill_names;
\set VERBOSITY terse
-- The schema is the extension's, and documented.
SELECT pg_describe_object(d.classid, d.objid, 0) AS member, obj_description(d.objid, 'pg_namespace') IS NOT NULL AS commented
FROM pg_depend d JOIN pg_extension e ON e.oid = d.refobjid
WHERE e.extname = 'skill' AND d.classid = 'pg_namespace'::regclass AND d.deptype = 'e';

-- 2. Pair forms: the pair's answer is the teams form's for a match of two
-- one-player teams, in every family (a draw model of the two-player
-- systems takes the pair's z directly and the teams' as the logit of the
-- first team's chance, as the replays do: equal to rounding).  The
-- chances are shown to 12 decimals: C libraries differ in the last bit of
-- exp and erfc (each value here is at least 5e-14 from a rounding edge).
SELECT f, pair = teams AS same, round(pair::numeric, 12) AS pair FROM (VALUES
  ('elo', skill.elo_predict_win(1700, 1500), (skill.elo_predict_win(ARRAY[1700, 1500]::float8[]))[1]),
  ('elo draw model', skill.elo_predict_win(1700, 1500, 300, 'davidson', draw_nu => 0.8),
                     (skill.elo_predict_win(ARRAY[1700, 1500]::float8[], 300, 'davidson', draw_nu => 0.8))[1]),
  ('elo_normal', skill.elo_normal_predict_win(1700, 1500, 150), (skill.elo_normal_predict_win(ARRAY[1700, 1500]::float8[], 150))[1]),
  ('glicko', skill.glicko_predict_win(skill.glicko(1700, 80), skill.glicko(1500, 150)),
             (skill.glicko_predict_win(ARRAY[skill.glicko(1700, 80), skill.glicko(1500, 150)]))[1]),
  ('glicko2', skill.glicko2_predict_win(skill.glicko(1700, 80), skill.glicko(1500, 150), 'threshold', 0.4),
              (skill.glicko2_predict_win(ARRAY[skill.glicko(1700, 80), skill.glicko(1500, 150)], 'threshold', 0.4))[1]),
  ('team_glicko', skill.team_glicko_predict_win(skill.glicko(1700, 80), skill.glicko(1500, 150)),
                  (skill.team_glicko_predict_win(ARRAY[skill.glicko(1700, 80), skill.glicko(1500, 150)]))[1]),
  ('trueskill', skill.trueskill_predict_win(skill.rating(30, 4), skill.rating(25, 5)),
                (skill.trueskill_predict_win(ARRAY[skill.rating(30, 4), skill.rating(25, 5)]))[1]),
  ('trueskill native', skill.trueskill_predict_win(skill.rating(30, 4), skill.rating(25, 5), draw_model => 'native'),
                       (skill.trueskill_predict_win(ARRAY[skill.rating(30, 4), skill.rating(25, 5)], draw_model => 'native'))[1]),
  ('pl', skill.pl_predict_win(skill.rating(30, 4), skill.rating(25, 5), beta => 5),
         (skill.pl_predict_win(ARRAY[skill.rating(30, 4), skill.rating(25, 5)], beta => 5))[1]),
  ('bt_full', skill.bt_full_predict_win(skill.rating(30, 4), skill.rating(25, 5)),
              (skill.bt_full_predict_win(ARRAY[skill.rating(30, 4), skill.rating(25, 5)]))[1]),
  ('bt_part', skill.bt_part_predict_win(skill.rating(30, 4), skill.rating(25, 5), link => 'logistic'),
              (skill.bt_part_predict_win(ARRAY[skill.rating(30, 4), skill.rating(25, 5)], link => 'logistic'))[1]),
  ('tm_full', skill.tm_full_predict_win(skill.rating(30, 4), skill.rating(25, 5)),
              (skill.tm_full_predict_win(ARRAY[skill.rating(30, 4), skill.rating(25, 5)]))[1]),
  ('tm_part', skill.tm_part_predict_win(skill.rating(30, 4), skill.rating(25, 5)),
              (skill.tm_part_predict_win(ARRAY[skill.rating(30, 4), skill.rating(25, 5)]))[1]),
  ('otr', skill.otr_predict_win(skill.rating(1600, 200), skill.rating(1400, 300), '{"beta": 150}'),
          (skill.otr_predict_win(ARRAY[skill.rating(1600, 200), skill.rating(1400, 300)], '{"beta": 150}'))[1])
) v(f, pair, teams);
SELECT f, abs(pair - teams) < 1e-15 AS same, round(pair::numeric, 12) AS pair FROM (VALUES
  ('elo', skill.elo_predict_draw(1700, 1500, draw_margin => 0.5),
          skill.elo_predict_draw(ARRAY[1700, 1500]::float8[], draw_margin => 0.5)),
  ('glicko', skill.glicko_predict_draw(skill.glicko(1700, 80), skill.glicko(1500, 150), 'davidson', draw_nu => 1),
             skill.glicko_predict_draw(ARRAY[skill.glicko(1700, 80), skill.glicko(1500, 150)], 'davidson', draw_nu => 1)),
  ('glicko2', skill.glicko2_predict_draw(skill.glicko(1700, 80), skill.glicko(1500, 150), draw_margin => 0.5),
              skill.glicko2_predict_draw(ARRAY[skill.glicko(1700, 80), skill.glicko(1500, 150)], draw_margin => 0.5)),
  ('team_glicko', skill.team_glicko_predict_draw(skill.glicko(1700, 80), skill.glicko(1500, 150), draw_margin => 0.5),
                  skill.team_glicko_predict_draw(ARRAY[skill.glicko(1700, 80), skill.glicko(1500, 150)], draw_margin => 0.5)),
  ('trueskill', skill.trueskill_predict_draw(skill.rating(30, 4), skill.rating(25, 5), draw_probability => 0.25),
                skill.trueskill_predict_draw(ARRAY[skill.rating(30, 4), skill.rating(25, 5)], draw_probability => 0.25)),
  ('pl', skill.pl_predict_draw(skill.rating(30, 4), skill.rating(25, 5)),
         skill.pl_predict_draw(ARRAY[skill.rating(30, 4), skill.rating(25, 5)])),
  ('tm_part', skill.tm_part_predict_draw(skill.rating(30, 4), skill.rating(25, 5), kappa => 0.01),
              skill.tm_part_predict_draw(ARRAY[skill.rating(30, 4), skill.rating(25, 5)], kappa => 0.01))
) v(f, pair, teams);

-- 3. The teams forms of the two-player systems: every pair of players on
-- different teams plays a game; a team's chance is its players' mean
-- chance against the other teams' players, normalised.  1700 and 1400
-- against 1500, logistic Elo at scale 400: E(1700, 1500) = 1/(1 + 10^-0.5),
-- E(1400, 1500) = 1/(1 + 10^0.25); the second team's pairs are the
-- complements, so the means already sum to 1.
SELECT abs(p[1] - (1 / (1 + 10 ^ -0.5) + 1 / (1 + 10 ^ 0.25)) / 2) < 1e-15 AS elo_first,
       abs(p[2] - (1 / (1 + 10 ^ 0.5) + 1 / (1 + 10 ^ -0.25)) / 2) < 1e-15 AS elo_second,
       round(p[1]::numeric, 12) AS elo_first_value
FROM skill.elo_predict_win(ARRAY[[1700, 1400], [1500, NULL]]::float8[]) p;
-- Three players free for all, Gaussian Elo s = 200: each pair
-- Phi((r_i - r_j)/(sqrt(2) s)); team i's mean over its two opponents,
-- normalised by the sum (3/2 when every pair's chances sum to 1).
-- Python's statistics.NormalDist: Phi(100/(sqrt(2) 200)) =
-- 0.6381631950841185, Phi(300/(sqrt(2) 200)) = 0.8555778168267576, so the
-- first player's chance is (0.6381631950841185 + 0.8555778168267576)/2/1.5
-- = 0.4979136706369587.
SELECT abs(p[1] - 0.4979136706369587) < 1e-15 AS normal_first,
       abs(p[1] + p[2] + p[3] - 1) < 1e-15 AS sums_to_one
FROM skill.elo_normal_predict_win(ARRAY[1700, 1600, 1400]::float8[]) p;
-- Glicko-1 and Glicko-2, 2 v 1: the chance of each pair counts both RDs,
-- 1/(1 + 10^(-g(sqrt(RD_i^2 + RD_j^2)) (r_i - r_j)/400)), g(RD) =
-- 1/sqrt(1 + 3 q^2 RD^2/pi^2), q = ln(10)/400.
CREATE FUNCTION pg_temp.pw(ri float8, rdi float8, rj float8, rdj float8) RETURNS float8 LANGUAGE sql AS
  $$SELECT 1 / (1 + 10 ^ (-(1 / sqrt(1 + 3 * (ln(10) / 400) ^ 2 * (rdi ^ 2 + rdj ^ 2) / pi() ^ 2)) * (ri - rj) / 400))$$;
SELECT abs(g1[1] - (pg_temp.pw(1700, 80, 1500, 150) + pg_temp.pw(1400, 200, 1500, 150)) / 2) < 1e-15 AS glicko_first,
       g1 = g2 AS glicko2_same
FROM skill.glicko_predict_win(ARRAY[[skill.glicko(1700, 80), skill.glicko(1400, 200)],
                                    [skill.glicko(1500, 150), NULL]]) g1,
     skill.glicko2_predict_win(ARRAY[[skill.glicko(1700, 80), skill.glicko(1400, 200)],
                                     [skill.glicko(1500, 150), NULL]]) g2;
-- The teams forms predict what the histories predict: a 2 v 1 match
-- after a first match that separated the players.
CREATE TEMP TABLE nm (match_id bigint, played_at timestamptz, period timestamptz, player_id bigint, team int, rank float8);
INSERT INTO nm VALUES
  (1, '2026-01-01', '2026-01-01', 1, 1, 1), (1, '2026-01-01', '2026-01-01', 2, 2, 2), (1, '2026-01-01', '2026-01-01', 3, 3, 3),
  (2, '2026-01-02', '2026-01-08', 1, 1, 2), (2, '2026-01-02', '2026-01-08', 3, 1, 2), (2, '2026-01-02', '2026-01-08', 2, 2, 1);
WITH after1 AS (
  SELECT (u).player_id AS id, (u).rating AS r
  FROM (SELECT unnest(skill.elo_replay(match_id, played_at, player_id, team, rank)) AS u FROM nm WHERE match_id = 1) s),
h AS (SELECT predicted_win FROM skill.match_predictions('elo', 'SELECT match_id, played_at, player_id, team, rank FROM nm ORDER BY played_at, match_id') WHERE match_id = 2)
SELECT abs(h.predicted_win - (skill.elo_predict_win(ARRAY[[a1.r, a3.r], [a2.r, NULL]]))[1]) < 1e-12 AS elo_as_history
FROM h, after1 a1, after1 a2, after1 a3 WHERE a1.id = 1 AND a2.id = 2 AND a3.id = 3;
WITH after1 AS (
  SELECT (u).player_id AS id, (u).rating AS r
  FROM (SELECT unnest(skill.glicko_replay(match_id, played_at, period, player_id, team, rank)) AS u FROM nm WHERE match_id = 1) s),
h AS (SELECT predicted_win FROM skill.match_predictions('glicko', 'SELECT match_id, played_at, period, player_id, team, rank FROM nm ORDER BY played_at, match_id') WHERE match_id = 2)
SELECT abs(h.predicted_win - (skill.glicko_predict_win(ARRAY[[a1.r, a3.r], [a2.r, NULL]]))[1]) < 1e-12 AS glicko_as_history
FROM h, after1 a1, after1 a2, after1 a3 WHERE a1.id = 1 AND a2.id = 2 AND a3.id = 3;

-- o!TR: otr_history's predicted_win is otr_predict_win of the players'
-- ratings before the match, one per element.
CREATE TEMP TABLE og (match_id bigint, played_at timestamptz, game_id bigint, player_id bigint, score float8, prior skill.rating);
INSERT INTO og VALUES
  (1, '2026-01-01', 1, 1, 900, skill.rating(1600, 200)), (1, '2026-01-01', 1, 2, 800, skill.rating(1400, 300)),
  (1, '2026-01-01', 1, 3, 700, skill.rating(1000, 100)), (1, '2026-01-01', 2, 1, 600, skill.rating(1600, 200)),
  (1, '2026-01-01', 2, 2, 800, skill.rating(1400, 300)), (1, '2026-01-01', 2, 3, 700, skill.rating(1000, 100));
SELECT bool_and(h.predicted_win = p.chance) AS otr_as_history
FROM skill.otr_history('SELECT * FROM og ORDER BY played_at, match_id, game_id') h
JOIN unnest(skill.otr_predict_win(ARRAY[skill.rating(1600, 200), skill.rating(1400, 300), skill.rating(1000, 100)]))
       WITH ORDINALITY p(chance, player_id) ON p.player_id = h.player_id;

-- 4. Renamed functions: the old names give the same values as the new,
-- under their old argument names (named notation keeps working).
SELECT skill.elo_expected(rating_a => 1700, rating_b => 1500, scale => 300)
         = skill.elo_predict_win(1700, 1500, 300) AS elo_expected,
       skill.elo_expected_normal(rating_a => 1700, rating_b => 1500, s => 150)
         = skill.elo_normal_predict_win(1700, 1500, 150) AS elo_expected_normal,
       skill.elo_update_normal(rating => 1700, opponent => 1500, score => 0.5, k => 24, s => 150)
         = skill.elo_normal_update(rating => 1700, opponent => 1500, score => 0.5, k => 24, s => 150) AS elo_update_normal,
       skill.trueskill_win_probability(team_ratings => ARRAY[skill.rating(30, 4), skill.rating(25, 5)], beta => 5)
         = (skill.trueskill_predict_win(ARRAY[skill.rating(30, 4), skill.rating(25, 5)], 5))[1] AS trueskill_win_probability,
       skill.trueskill_quality(team_ratings => ARRAY[[skill.rating(30, 4), skill.rating(20, 3)], [skill.rating(25, 5), NULL]],
                               weights => '{{1,0.5},{1,NULL}}', beta => 5)
         = skill.match_quality(ARRAY[[skill.rating(30, 4), skill.rating(20, 3)], [skill.rating(25, 5), NULL]],
                               5, '{{1,0.5},{1,NULL}}') AS trueskill_quality,
       skill.trueskill_quality(ARRAY[skill.rating(30, 4), skill.rating(25, 5)])
         = skill.match_quality(ARRAY[skill.rating(30, 4), skill.rating(25, 5)]) AS quality_defaults,
       skill.otr_rate_match(ratings => ARRAY[skill.rating(1600, 200), skill.rating(1400, 300)],
                            scores => '{{1,0},{0,1},{1,0}}', options => '{"beta": 150}')
         = skill.otr_rate(ARRAY[skill.rating(1600, 200), skill.rating(1400, 300)], '{{1,0},{0,1},{1,0}}', '{"beta": 150}') AS otr_rate_match;
-- match_quality's positional form of 0.1.0 is unchanged.
SELECT round(skill.match_quality(ARRAY[skill.rating(25, 8.333333333333334), skill.rating(25, 8.333333333333334)], 4.166666666666667)::numeric, 12) AS even_1v1;
-- Every alias says what it is an alias of, that it is deprecated and when
-- it goes.
SELECT p.oid::regprocedure AS alias, left(obj_description(p.oid, 'pg_proc'), 60) AS comment
FROM pg_proc p
WHERE p.pronamespace = 'skill'::regnamespace
  AND obj_description(p.oid, 'pg_proc') LIKE 'Deprecated alias of %'
ORDER BY 1::text;
SELECT count(*) AS aliases_without_removal_version
FROM pg_proc p
WHERE p.pronamespace = 'skill'::regnamespace
  AND obj_description(p.oid, 'pg_proc') ~* 'alias'
  AND obj_description(p.oid, 'pg_proc') NOT LIKE 'Deprecated alias of % removed in 2.0%';

-- 5. glicko2_decay: each idle period grows phi to sqrt(phi^2 + vol^2) on
-- the Glicko-2 scale (173.7178 per unit); one period is what
-- glicko2_update does for a player with no games.
SELECT abs((skill.glicko2_decay(skill.glicko(1500, 200, 0.06), 3)).rd
           - sqrt((200 / 173.7178) ^ 2 + 3 * 0.06 ^ 2) * 173.7178) < 1e-12 AS three_periods,
       skill.glicko2_decay(skill.glicko(1500, 200, 0.06), 1)
         = skill.glicko2_update(skill.glicko(1500, 200, 0.06), '{}', '{}') AS one_period_as_update,
       skill.glicko2_decay(skill.glicko(1500, 200, 0.06), 0) = skill.glicko(1500, 200, 0.06) AS none;

-- 6. Errors of the new forms.
SELECT skill.elo_predict_win(ARRAY[1500]::float8[]);
SELECT skill.elo_predict_win('{{{1500}}}'::float8[]);
SELECT skill.elo_predict_win(ARRAY[[1500, NULL], [NULL, NULL]]::float8[]);
SELECT skill.elo_predict_win(ARRAY[1500, 'NaN']::float8[]);
SELECT skill.elo_predict_win(ARRAY[1500, 1400]::float8[], 0);
SELECT skill.elo_predict_win(ARRAY[1500, 1400, 1300]::float8[], draw_model => 'threshold', draw_margin => 0.5);
SELECT skill.elo_predict_draw(ARRAY[1500, 1400]::float8[]);
SELECT skill.elo_normal_predict_win(ARRAY[1500, 1400]::float8[], -1);
SELECT skill.glicko_predict_win(ARRAY[skill.glicko(1500, 50)]);
SELECT skill.glicko2_predict_draw(ARRAY[skill.glicko(1500, 50), skill.glicko(1500, 50), skill.glicko(1500, 50)], draw_margin => 0.2);
SELECT skill.glicko2_decay(skill.glicko(1500, 200, NULL), 1);
SELECT skill.glicko2_decay(skill.glicko(1500, 200), -1);
SELECT skill.glicko2_decay(skill.glicko(1500, 200), 'Infinity');
SELECT skill.pl_predict_win(skill.rating(), skill.rating(), beta => 0);
SELECT skill.trueskill_predict_win(skill.rating(), skill.rating(), link => 'probit');
SELECT skill.team_glicko_predict_win(skill.glicko(1500, 200), skill.glicko(1500, 0));
SELECT skill.otr_predict_win(skill.rating(), skill.rating(), '{"beta": -1}');
SELECT skill.otr_predict_win(ARRAY[skill.rating()]);
SELECT skill.match_quality(ARRAY[skill.rating(), skill.rating()], weights => '{0,0}');
-- A quoted literal where a pair and a teams form both fit is ambiguous:
-- give its type.
SELECT skill.glicko_predict_win('(1500,50,0.06)', '(1400,80,0.06)');
SELECT round(skill.glicko_predict_win('(1500,50,0.06)'::skill.glicko, '(1400,80,0.06)')::numeric, 12) AS typed;
