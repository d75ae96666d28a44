-- The family interface: the registry of families, every family's declared
-- options, the three drivers
-- of the engine (aggregate, history, in memory) rating identically, history
-- rows carrying their own match's played_at, and Glicko-1 replay, the
-- family added through the interface.
\set VERBOSITY terse

-- The registry: one row per family, families.def's lines and o!TR.
SELECT * FROM skill.families();
-- ... and the catalog agree: every skill.<family>_replay aggregate and
-- _history function is a registered family's and every registered family
-- has its aggregate, whose prior has the registry's rating type and which
-- takes a period exactly when the family uses periods, and has a history
-- exactly when the registry says so.  TrueSkill Through Time's ttt_history
-- and ttt_replay stand beside the families (docs/ttt.md).  Expected: no rows.
WITH catalog AS (
  SELECT regexp_replace(proname, '_(replay|history)$', '') AS family,
         bool_or(prokind = 'a') AS has_replay, bool_or(prokind = 'f') AS has_history,
         array_agg(DISTINCT proargtypes[array_position(proargnames, 'prior') - 1])
           FILTER (WHERE prokind = 'a' AND 'prior' = ANY (proargnames)) AS prior_types,
         bool_or(prokind = 'a' AND 'period' = ANY (proargnames)) AS uses_period
  FROM pg_proc
  WHERE pronamespace = 'skill'::regnamespace AND proname ~ '_(replay|history)$'
    AND proname !~ '^ttt_'
  GROUP BY 1)
SELECT coalesce(f.family, c.family) AS family, f.family IS NOT NULL AS registered, c.has_replay,
       c.prior_types, c.uses_period, c.has_history
FROM skill.families() f FULL JOIN catalog c USING (family)
WHERE f.family IS NULL OR c.family IS NULL OR NOT c.has_replay
   OR c.prior_types IS DISTINCT FROM ARRAY[f.rating_type::oid]
   OR c.uses_period IS DISTINCT FROM f.uses_period OR c.has_history IS DISTINCT FROM f.has_history;
-- by_name says which families skill.replay (and the other functions that
-- take a family by name, through the same lookup) takes.  Expected: no rows.
CREATE FUNCTION pg_temp.replay_takes(family text) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  message text;
BEGIN
  PERFORM skill.replay(family, 'SELECT 1::bigint, now(), 1::bigint, 1, 1::float8 WHERE false');
  RETURN true;
EXCEPTION WHEN invalid_parameter_value THEN
  GET STACKED DIAGNOSTICS message = MESSAGE_TEXT;
  RETURN message NOT LIKE 'unknown rating family%';
END $$;
SELECT family, by_name FROM skill.families() WHERE by_name <> pg_temp.replay_takes(family);

-- Every family's options, as declared in src/families/*.c.
SELECT * FROM skill.replay_options() ORDER BY family, option;
SELECT * FROM skill.replay_options('nope');

-- The options' defaults (the C option tables) agree with the SQL defaults
-- of every function that takes the same parameter: each argument of a
-- <family>_* function named like one of that family's options, and the
-- arguments listed below that stand for a family's option under another
-- function's name (the prior of skill.rating() and skill.glicko(), ...).
CREATE FUNCTION pg_temp.arg_defaults(fn regprocedure) RETURNS TABLE (arg text, value float8)
LANGUAGE plpgsql AS $$
DECLARE
  d record;
BEGIN
  FOR d IN SELECT m[1] AS arg, m[2] AS expr
           FROM regexp_matches(pg_get_function_arguments(fn),
                               '(?:^|, )([a-z_0-9]+) [a-z ]+(?:\[\])? DEFAULT ([-0-9.e]+)(?:::double precision)?(?=,|$)', 'g') m LOOP
    arg := d.arg;
    EXECUTE 'SELECT (' || d.expr || ')::float8' INTO value;
    RETURN NEXT;
  END LOOP;
END $$;
CREATE TEMP TABLE default_pairs AS
WITH families AS (SELECT family FROM skill.families()),
functions AS (
  SELECT p.oid::regprocedure AS fn, p.proname,
         (SELECT f.family FROM families f WHERE p.proname LIKE f.family || '\_%'
          ORDER BY length(f.family) DESC LIMIT 1) AS family
  FROM pg_proc p WHERE p.pronamespace = 'skill'::regnamespace AND p.prokind = 'f'),
elsewhere(proname, arg, family, option) AS (VALUES
  ('rating', 'mu', 'pl', 'mu'), ('rating', 'sigma', 'pl', 'sigma'),
  ('glicko', 'rating', 'glicko2', 'rating'), ('glicko', 'rd', 'glicko2', 'rd'),
  ('glicko', 'vol', 'glicko2', 'vol'),
  ('match_quality', 'beta', 'trueskill', 'beta'), ('rating_decay', 'max_sigma', 'pl', 'sigma'),
  ('season_reset', 'mu0', 'pl', 'mu'), ('season_reset', 'sigma0', 'pl', 'sigma'),
  ('season_reset', 'rating0', 'glicko2', 'rating'), ('season_reset', 'rd0', 'glicko2', 'rd'),
  ('performance_rating', 'scale', 'elo', 'scale'), ('performance_rating', 'prior_mean', 'elo', 'rating'),
  ('performance_rating', 'prior_sd', 'glicko2', 'rd'))
SELECT f.fn, d.arg, o.family, o.option, o.default_value::float8 AS option_default, d.value AS sql_default
FROM functions f
CROSS JOIN LATERAL pg_temp.arg_defaults(f.fn) d
LEFT JOIN elsewhere e ON e.proname = f.proname AND e.arg = d.arg
JOIN skill.replay_options() o ON o.type = 'float8'
  AND (o.family, o.option) = (coalesce(e.family, f.family), coalesce(e.option, d.arg));
SELECT fn, arg, family, option, option_default, sql_default FROM default_pairs
WHERE sql_default <> option_default ORDER BY 1, 2;
-- ... and the comparison above did compare: this many pairs, of these
-- families.
SELECT count(*) AS compared, string_agg(DISTINCT family, ', ') AS families FROM default_pairs;

-- Three drivers, one engine: 600 seeded matches (1v1, 2v2, three-team
-- free-for-alls, ties) among 120 players, weekly rating periods.  The
-- aggregate, the history's last row per player and skill.replay (in
-- memory) must give the same ratings to the last bit.  Expected: 0
-- differences for every family.
CREATE FUNCTION pg_temp.pick(seed bigint, n int) RETURNS int LANGUAGE sql IMMUTABLE
AS $$ SELECT (abs(hashint8(seed)) % n)::int $$;
CREATE TABLE drv (match_id bigint, played_at timestamptz, period timestamptz, player_id bigint, team int, rank float8);
INSERT INTO drv
SELECT m, t, date_bin('7 days', t, timestamptz '2026-01-05 00:00+00'), player, team, rank
FROM generate_series(1, 600) m
CROSS JOIN LATERAL (SELECT timestamptz '2026-01-05 00:00+00' + m * interval '3 hours' AS t) tt
CROSS JOIN LATERAL (
  SELECT CASE WHEN pg_temp.pick(m * 11, 100) < 60 THEN 1 WHEN pg_temp.pick(m * 11, 100) < 85 THEN 2 ELSE 3 END AS shape) s
CROSS JOIN LATERAL (
  SELECT k, 1 + (pg_temp.pick(m * 13, 120) + k * (1 + pg_temp.pick(m * 17, 29))) % 120 AS player
  FROM generate_series(0, CASE s.shape WHEN 1 THEN 1 WHEN 2 THEN 3 ELSE 2 END) k) p
CROSS JOIN LATERAL (SELECT CASE WHEN s.shape = 2 THEN 1 + k / 2 ELSE 1 + k END AS team) tm
CROSS JOIN LATERAL (
  SELECT CASE WHEN pg_temp.pick(m * 19, 10) = 0 THEN 1
              ELSE 1 + (tm.team + pg_temp.pick(m * 23, 3)) % CASE s.shape WHEN 3 THEN 3 ELSE 2 END
         END::float8 AS rank) r;

-- A Glicko history reports each player's rating right after its last
-- period; the replays also grow the RD of the periods sat out since, so
-- for those families the history is compared on the players of the last
-- period.
CREATE FUNCTION pg_temp.driver_differences(fam text, options jsonb) RETURNS TABLE (players bigint, memory_differs bigint, history_compared bigint, history_differs bigint)
LANGUAGE plpgsql AS $$
DECLARE
  info record;
  fields text;
  period_col text;
  rows_query text;
  agg_query text;
  hist_query text;
BEGIN
  SELECT f.kind, f.period, f.history INTO info
  FROM (VALUES ('pl', 'rating', false, true), ('bt_full', 'rating', false, true), ('bt_part', 'rating', false, true),
               ('tm_full', 'rating', false, true), ('tm_part', 'rating', false, true),
               ('trueskill', 'rating', false, true), ('elo', 'elo', false, true),
               ('glicko', 'glicko1', true, true), ('glicko2', 'glicko2', true, true)) f(name, kind, period, history)
  WHERE f.name = fam;
  fields := CASE info.kind WHEN 'elo' THEN 'ARRAY[%1$s]'
                           WHEN 'rating' THEN 'ARRAY[(%1$s).mu, (%1$s).sigma]'
                           WHEN 'glicko1' THEN 'ARRAY[(%1$s).rating, (%1$s).rd]'
                           ELSE 'ARRAY[(%1$s).rating, (%1$s).rd, (%1$s).vol]' END;
  period_col := CASE WHEN info.period THEN 'period, ' ELSE '' END;
  rows_query := format('SELECT match_id, played_at, %splayer_id, team, rank FROM drv ORDER BY played_at, match_id', period_col);
  agg_query := format('SELECT player_id, %s AS r FROM unnest((SELECT skill.%s_replay(match_id, played_at, %splayer_id, team, rank, NULL, %L ORDER BY played_at, match_id) FROM drv))',
                      format(fields, 'rating'), fam, period_col, options);
  hist_query := CASE WHEN info.history THEN
    format('SELECT DISTINCT ON (player_id) player_id, %s AS r FROM skill.%s_history(%L, %L) %s ORDER BY player_id, match_id DESC',
           format(fields, 'rating_after'), fam, rows_query, options,
           CASE WHEN info.period THEN 'WHERE player_id IN (SELECT player_id FROM drv WHERE period = (SELECT max(period) FROM drv))' ELSE '' END)
    ELSE agg_query END;
  RETURN QUERY EXECUTE format(
    'WITH a AS (%s), m AS (SELECT player_id, rating AS r FROM skill.replay(%L, %L, %L)), h AS (%s)
     SELECT count(*), count(*) FILTER (WHERE a.r IS DISTINCT FROM m.r), count(h.player_id),
            count(*) FILTER (WHERE h.player_id IS NOT NULL AND a.r IS DISTINCT FROM h.r)
     FROM a FULL JOIN m USING (player_id) FULL JOIN h USING (player_id)',
    agg_query, fam, rows_query, options, hist_query);
END $$;
SELECT f.fam, d.* FROM (VALUES ('pl', '{}'), ('bt_full', '{"beta": 5}'), ('bt_part', '{}'), ('tm_full', '{}'),
                               ('tm_part', '{"window_size": 2}'), ('trueskill', '{"draw_probability": 0.2}'),
                               ('elo', '{"k": 24}'), ('glicko', '{"c": 40}'), ('glicko2', '{"tau": 0.4}')) f(fam, opts)
CROSS JOIN LATERAL pg_temp.driver_differences(f.fam, f.opts::jsonb) d;
-- The matches counted agree too.
SELECT count(*) AS players, bool_and(a.matches = m.matches) AS same_matches
FROM unnest((SELECT skill.elo_replay(match_id, played_at, player_id, team, rank ORDER BY played_at, match_id) FROM drv)) a
JOIN skill.replay('elo', 'SELECT match_id, played_at, player_id, team, rank FROM drv ORDER BY played_at, match_id') m USING (player_id);

-- History rows carry their own match's played_at (rating a match waits for
-- the next one to be read, so the time must travel with the match).
SELECT count(*) AS rows, count(*) FILTER (WHERE h.played_at IS DISTINCT FROM d.played_at) AS wrong_played_at
FROM skill.pl_history('SELECT match_id, played_at, player_id, team, rank FROM drv ORDER BY played_at, match_id') h
JOIN drv d USING (match_id, player_id);

-- matches_before counts the player's earlier matches; predicted_draw
-- equals the one-match functions' draw chance on the ratings before
-- (TrueSkill: two teams only; Elo and Glicko define none: NULL).
SELECT count(*) AS rows,
       count(*) FILTER (WHERE matches_before <> earlier) AS wrong_matches_before
FROM (SELECT h.matches_before,
             count(*) OVER (PARTITION BY h.player_id ORDER BY h.played_at, h.match_id) - 1 AS earlier
      FROM skill.elo_history('SELECT match_id, played_at, player_id, team, rank FROM drv ORDER BY played_at, match_id') h) x;
WITH h AS (SELECT * FROM skill.pl_history('SELECT match_id, played_at, player_id, team, rank FROM drv ORDER BY played_at, match_id')),
duel AS (SELECT match_id, min(predicted_draw) AS predicted_draw,
                array_agg(rating_before ORDER BY team) AS before
         FROM h GROUP BY match_id HAVING count(*) = 2 AND count(DISTINCT team) = 2)
SELECT count(*) AS duels,
       count(*) FILTER (WHERE abs(predicted_draw - skill.pl_predict_draw(before)) > 1e-12) AS draw_differs
FROM duel;
-- (To 12 decimals: C libraries differ in the last bit of erfc.)
SELECT round(predicted_draw::numeric, 12) AS first_match_draw
FROM skill.trueskill_history('SELECT match_id, played_at, player_id, team, rank FROM drv WHERE match_id = 1')
LIMIT 1;
SELECT count(*) FILTER (WHERE predicted_draw IS NULL) AS null_draws, count(*) AS rows
FROM skill.glicko_history('SELECT match_id, played_at, period, player_id, team, rank FROM drv ORDER BY played_at, match_id');

-- Glicko-1 replay.  Glickman's worked example ("The Glicko system"): a
-- player at 1500, RD 200 beats 1400/30 and loses to 1550/100 and 1700/300
-- in one rating period; with c = 0 (no growth) the result is the
-- reference's 1464.1064627569112, RD 151.39890244796933
-- (tests/vectors/glicko1.jsonl, glicko1/rate/glickman-paper-example).
SELECT player_id, abs((rating).rating - 1464.1064627569112) < 1e-9 AS rating_ok,
       abs((rating).rd - 151.39890244796933) < 1e-9 AS rd_ok, (rating).vol, matches
FROM unnest((SELECT skill.glicko_replay(m, t, t, p, team, rank, prior, '{"c": 0}' ORDER BY t, m)
             FROM (VALUES (1, timestamptz '2026-01-05', 1, 1, 1, '(1500,200,)'::skill.glicko),
                          (1, '2026-01-05', 2, 2, 2, '(1400,30,)'::skill.glicko),
                          (2, '2026-01-05', 1, 1, 2, NULL), (2, '2026-01-05', 3, 2, 1, '(1550,100,)'::skill.glicko),
                          (3, '2026-01-05', 1, 1, 2, NULL), (3, '2026-01-05', 4, 2, 1, '(1700,300,)'::skill.glicko)
                  ) v(m, t, p, team, rank, prior)))
WHERE player_id = 1;

-- The same example through glicko_history: the three rows come out when
-- the period closes, each with the period's result as rating_after.
SELECT match_id, player_id, (rating_before).rd AS rd_before,
       abs((rating_after).rating - 1464.1064627569112) < 1e-9 AS after_ok, matches_before
FROM skill.glicko_history($$
  SELECT m::bigint, t, t, p::bigint, team, rank::float8, prior
  FROM (VALUES (1, timestamptz '2026-01-05', 1, 1, 1, '(1500,200,)'::skill.glicko),
               (1, '2026-01-05', 2, 2, 2, '(1400,30,)'::skill.glicko),
               (2, '2026-01-05', 1, 1, 2, NULL), (2, '2026-01-05', 3, 2, 1, '(1550,100,)'::skill.glicko),
               (3, '2026-01-05', 1, 1, 2, NULL), (3, '2026-01-05', 4, 2, 1, '(1700,300,)'::skill.glicko)) v(m, t, p, team, rank, prior)
  ORDER BY t, m$$, '{"c": 0}')
WHERE player_id = 1;

-- Rating periods and RD growth equal glicko_update after glicko_decay:
-- period 1: A (1) beats B (2); period 2: C (3) draws D (4), A and B sit
-- out; period 3: B beats A.  With c = 40 every RD first grows by one
-- period (t = 1) and A and B by one more for the period sat out (t = 2);
-- C and D end one period behind, so their RD grows once at the end.
-- Each period's key is its match's played_at, so the periods are per
-- match: idle_growth "periods" counts them (glicko_idle.sql has the
-- calendar's growth).
CREATE TABLE g1 (match_id bigint, played_at timestamptz, period timestamptz, player_id bigint, team int, rank float8);
INSERT INTO g1 VALUES
  (1, '2026-01-05', '2026-01-05', 1, 1, 1), (1, '2026-01-05', '2026-01-05', 2, 2, 2),
  (2, '2026-01-12', '2026-01-12', 3, 1, 1), (2, '2026-01-12', '2026-01-12', 4, 2, 1),
  (3, '2026-01-19', '2026-01-19', 1, 1, 2), (3, '2026-01-19', '2026-01-19', 2, 2, 1);
WITH p0 AS (SELECT '(1500,350,)'::skill.glicko AS g),
a1 AS (SELECT skill.glicko_update(skill.glicko_decay(g, 1, 40), ARRAY[skill.glicko_decay(g, 1, 40)], '{1}') AS a,
              skill.glicko_update(skill.glicko_decay(g, 1, 40), ARRAY[skill.glicko_decay(g, 1, 40)], '{0}') AS b FROM p0),
c2 AS (SELECT skill.glicko_update(skill.glicko_decay(g, 1, 40), ARRAY[skill.glicko_decay(g, 1, 40)], '{0.5}') AS c FROM p0),
a3 AS (SELECT skill.glicko_update(skill.glicko_decay(a, 2, 40), ARRAY[skill.glicko_decay(b, 2, 40)], '{0}') AS a,
              skill.glicko_update(skill.glicko_decay(b, 2, 40), ARRAY[skill.glicko_decay(a, 2, 40)], '{1}') AS b FROM a1),
expected(player_id, g) AS (
  SELECT 1, a FROM a3 UNION ALL SELECT 2, b FROM a3
  UNION ALL SELECT 3, skill.glicko_decay(c, 1, 40) FROM c2 UNION ALL SELECT 4, skill.glicko_decay(c, 1, 40) FROM c2)
SELECT e.player_id, round((e.g).rating::numeric, 6) AS rating, round((e.g).rd::numeric, 6) AS rd,
       abs((r.rating).rating - (e.g).rating) < 1e-9 AND abs((r.rating).rd - (e.g).rd) < 1e-9 AS same, r.matches
FROM expected e
JOIN unnest((SELECT skill.glicko_replay(match_id, played_at, period, player_id, team, rank, NULL,
                                        '{"c": 40, "idle_growth": "periods"}'
                                        ORDER BY played_at, match_id) FROM g1)) r USING (player_id)
ORDER BY 1;

-- Glicko-1 input rules.
SELECT skill.glicko_replay(match_id, played_at, period, player_id, team, rank, NULL, '{"c": -1}') FROM g1;
SELECT skill.glicko_replay(match_id, played_at, period, player_id, team, rank, NULL, '{"rd_max": 0}') FROM g1;
SELECT skill.glicko_replay(match_id, played_at, period, player_id, team, rank, NULL, '{"vol": 0.06}') FROM g1;
SELECT skill.glicko_replay(match_id, played_at, period, player_id, team, rank, '(1500,-5,)'::skill.glicko ORDER BY played_at, match_id) FROM g1;
SELECT skill.glicko_replay(m, t, w, p, p, 1)
FROM (VALUES (1, timestamptz '2026-01-08', timestamptz '2026-01-08', 1), (1, '2026-01-08', '2026-01-08', 2),
             (2, '2026-01-09', '2026-01-01', 1), (2, '2026-01-09', '2026-01-01', 2)) v(m, t, w, p);

-- skill.replay input rules.
SELECT * FROM skill.replay('nope', 'SELECT 1');
SELECT * FROM skill.replay(NULL, 'SELECT 1');
SELECT * FROM skill.replay('elo', NULL);
-- Without a period column a Glicko family rates each match as its own period.
SELECT count(*) AS players FROM skill.replay('glicko', 'SELECT match_id, played_at, player_id, team, rank FROM g1 ORDER BY played_at, match_id');
SELECT * FROM skill.replay('glicko', 'SELECT match_id, played_at, player_id, team FROM g1');
SELECT * FROM skill.replay('glicko', 'SELECT match_id, played_at, played_at, player_id, team::bigint, rank FROM g1');
SELECT * FROM skill.replay('pl', 'SELECT match_id, played_at, player_id, team, rank FROM g1', '{"beta": 0}');

-- Elo K schedules (each player's own K; hand-derived with E = 1/(1 + 10^((b - a)/400))).
-- k_a 250, k_b 5, k_c 0.5: K = 250/sqrt(n + 5).  Match 1, two new players
-- (K = 111.80...): 1 beats 2, 1500 -> 1555.9016994374947 and 1444.0983005625053.
-- Match 2: 1 (n = 1, K = 250/sqrt(6)) loses to 3 (new, K = 250/sqrt(5)):
-- 1 -> 1496.7299982278555, 3 -> 1564.8193510369504.
SELECT player_id, round(rating::numeric, 10) AS rating, matches
FROM unnest((SELECT skill.elo_replay(m, t, p, team, rank, NULL, '{"k_a": 250, "k_b": 5, "k_c": 0.5}' ORDER BY t, m)
             FROM (VALUES (1, timestamptz '2026-01-01', 1, 1, 1.0), (1, '2026-01-01', 2, 2, 2),
                          (2, '2026-01-02', 1, 1, 2), (2, '2026-01-02', 3, 2, 1)) v(m, t, p, team, rank)));
-- FIDE-style steps: k_new 40 for the first 2 matches, then k 20, and
-- k_top 10 once a rating has reached 1520.  1 beats 2 twice at K 40:
-- 1520 / 1480, then 1537.7075346495083 / 1462.2924653504917; then 2 beats
-- 1: 1 has reached 1520 (K 10), 2 has not (K 20):
-- 1531.6389544601802 and 1474.4296257291476.
SELECT player_id, round(rating::numeric, 10) AS rating, matches
FROM unnest((SELECT skill.elo_replay(m, t, p, team, rank, NULL,
                                     '{"k": 20, "k_new": 40, "k_new_games": 2, "k_top": 10, "k_top_rating": 1520}' ORDER BY t, m)
             FROM (VALUES (1, timestamptz '2026-01-01', 1, 1, 1.0), (1, '2026-01-01', 2, 2, 2),
                          (2, '2026-01-02', 1, 1, 1), (2, '2026-01-02', 2, 2, 2),
                          (3, '2026-01-03', 1, 1, 2), (3, '2026-01-03', 2, 2, 1)) v(m, t, p, team, rank)));
-- The schedule in a history too (same engine): the second row of player 1.
SELECT match_id, player_id, round(rating_after::numeric, 10) AS rating_after, matches_before
FROM skill.elo_history($$SELECT m::bigint, t, p::bigint, team, rank::float8 FROM (VALUES
  (1, timestamptz '2026-01-01', 1, 1, 1.0), (1, '2026-01-01', 2, 2, 2),
  (2, '2026-01-02', 1, 1, 2), (2, '2026-01-02', 3, 2, 1)) v(m, t, p, team, rank) ORDER BY t, m$$,
  '{"k_a": 250, "k_b": 5, "k_c": 0.5}')
WHERE player_id = 1;
SELECT skill.elo_replay(1, now(), 1, 1, 1, NULL, '{"k_a": 100, "k_b": 0, "k_c": 1}');
SELECT skill.elo_replay(1, now(), 1, 1, 1, NULL, '{"k_new_games": 0}');

-- One row per match (skill.match_predictions): the first team's chance and
-- outcome equal the history's rows of that team.
WITH m AS (SELECT * FROM skill.match_predictions('pl', 'SELECT match_id, played_at, player_id, team, rank FROM drv ORDER BY played_at, match_id')),
h AS (SELECT DISTINCT ON (match_id) match_id, team, predicted_win, predicted_draw, rank, matches_before
      FROM skill.pl_history('SELECT match_id, played_at, player_id, team, rank FROM drv ORDER BY played_at, match_id')
      ORDER BY match_id, team),
best AS (SELECT match_id, min(rank) AS best_rank, count(*) FILTER (WHERE rank = min_rank) AS at_best
         FROM (SELECT match_id, team, rank, min(rank) OVER (PARTITION BY match_id) AS min_rank
               FROM (SELECT DISTINCT match_id, team, rank FROM drv) d) x GROUP BY match_id)
SELECT count(*) AS matches,
       count(*) FILTER (WHERE m.team <> h.team OR m.predicted_win <> h.predicted_win
                        OR m.predicted_draw IS DISTINCT FROM h.predicted_draw) AS prediction_differs,
       count(*) FILTER (WHERE m.outcome <> CASE WHEN h.rank > b.best_rank THEN 0
                                                WHEN b.at_best > 1 THEN 0.5 ELSE 1 END) AS outcome_differs,
       count(*) FILTER (WHERE m.teams = 3) AS three_team_matches
FROM m JOIN h USING (match_id) JOIN best b USING (match_id);
SELECT min_matches_before, count(*) AS matches
FROM skill.match_predictions('elo', 'SELECT match_id, played_at, player_id, team, rank FROM drv ORDER BY played_at, match_id')
WHERE match_id <= 3 GROUP BY 1 ORDER BY 1;
SELECT * FROM skill.match_predictions('nope', 'SELECT 1');

-- Team Glicko-1 (team_glicko_replay): two-team matches equal
-- skill.team_glicko_rate applied match by match (priors RD 130, the note's).
CREATE TABLE tgr (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8);
INSERT INTO tgr VALUES
  (1, '2026-01-01', 1, 1, 1), (1, '2026-01-01', 2, 1, 1), (1, '2026-01-01', 3, 2, 2), (1, '2026-01-01', 4, 2, 2),
  (2, '2026-01-02', 1, 1, 2), (2, '2026-01-02', 3, 1, 2), (2, '2026-01-02', 2, 2, 1), (2, '2026-01-02', 4, 2, 1),
  (3, '2026-01-03', 1, 1, 1), (3, '2026-01-03', 4, 1, 1), (3, '2026-01-03', 2, 2, 1), (3, '2026-01-03', 3, 2, 1);
CREATE FUNCTION pg_temp.tg_chain() RETURNS TABLE (player_id bigint, g skill.glicko)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  m record;
  teams skill.glicko[];
  ids bigint[];
  out skill.glicko[];
BEGIN
  CREATE TEMP TABLE tg_cur (player_id bigint PRIMARY KEY, g skill.glicko) ON COMMIT DROP;
  INSERT INTO tg_cur SELECT DISTINCT player_id, '(1500,130,)'::skill.glicko FROM tgr;
  FOR m IN SELECT DISTINCT match_id FROM tgr ORDER BY 1 LOOP
    SELECT array_agg(c.g ORDER BY r.team, r.player_id), array_agg(r.player_id ORDER BY r.team, r.player_id)
      INTO teams, ids FROM tgr r JOIN tg_cur c USING (player_id) WHERE r.match_id = m.match_id;
    out := skill.team_glicko_rate(ARRAY[teams[1:2], teams[3:4]],
                                  (SELECT CASE WHEN min(rank) FILTER (WHERE team = 1) < min(rank) FILTER (WHERE team = 2) THEN 1.0
                                               WHEN min(rank) FILTER (WHERE team = 1) = min(rank) FILTER (WHERE team = 2) THEN 0.5
                                               ELSE 0.0 END FROM tgr WHERE match_id = m.match_id));
    FOR i IN 1..4 LOOP
      UPDATE tg_cur SET g = out[(i + 1) / 2][(i - 1) % 2 + 1] WHERE player_id = ids[i];
    END LOOP;
  END LOOP;
  RETURN QUERY SELECT * FROM tg_cur;
END $$;
SELECT c.player_id, round((c.g).rating::numeric, 6) AS rating, round((c.g).rd::numeric, 6) AS rd,
       abs((r.rating).rating - (c.g).rating) < 1e-9 AND abs((r.rating).rd - (c.g).rd) < 1e-9 AS same
FROM pg_temp.tg_chain() c
JOIN unnest((SELECT skill.team_glicko_replay(match_id, played_at, player_id, team, rank ORDER BY played_at, match_id) FROM tgr)) r
  USING (player_id) ORDER BY 1;
SELECT count(*) AS rows, round(min(predicted_win)::numeric, 6) AS min_p, round(max(predicted_win)::numeric, 6) AS max_p
FROM skill.team_glicko_history('SELECT match_id, played_at, player_id, team, rank FROM tgr ORDER BY played_at, match_id');
SELECT skill.team_glicko_replay(m, t, p, p, 1) FROM (VALUES (1, timestamptz '2026-01-01', 1), (1, '2026-01-01', 2), (1, '2026-01-01', 3)) v(m, t, p);
