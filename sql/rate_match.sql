-- skill.rate_match: one match from each player's kept state equals the
-- family's history of the whole results, for every family, with uneven
-- teams, free-for-all matches, idle growth over days and season resets.
\set VERBOSITY terse
SET TimeZone = 'UTC';

-- Fourteen matches among seven players over two months: 1v2, 3v1, 2v2,
-- 1v1, three- and four-team matches (ffa), ties, gaps of minutes to weeks.
CREATE TEMP TABLE rm_results (
  match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8,
  score float8, home boolean, two_teams boolean);
INSERT INTO rm_results (match_id, played_at, player_id, team, rank)
SELECT m, t::timestamptz, p, tm, rk FROM (VALUES
  (1,  '2026-03-01 18:00', '{1,2,3}',       '{1,2,2}',       '{1,2,2}'),
  (2,  '2026-03-01 18:30', '{4,5,6,7}',     '{1,1,1,2}',     '{2,2,2,1}'),
  (3,  '2026-03-03 20:00', '{1,4,2,5}',     '{1,1,2,2}',     '{1,1,1,1}'),
  (4,  '2026-03-03 20:00', '{3,6}',         '{1,2}',         '{2,1}'),
  (5,  '2026-03-10 09:15', '{1,3,5}',       '{1,2,3}',       '{3,1,2}'),
  (6,  '2026-03-10 09:40', '{2,4,6,7}',     '{1,2,3,4}',     '{1,2,2,4}'),
  (7,  '2026-03-24 12:00', '{7,1}',         '{1,2}',         '{1,2}'),
  (8,  '2026-03-31 23:59', '{2,3,4,5,6}',   '{1,1,1,2,2}',   '{1,1,1,2,2}'),
  (9,  '2026-04-02 08:00', '{1,6}',         '{2,1}',         '{1,2}'),
  (10, '2026-04-02 08:00', '{7,5,3}',       '{1,2,2}',       '{2,1,1}'),
  (11, '2026-04-20 17:00', '{4,2,1}',       '{5,5,9}',       '{1,1,2}'),
  (12, '2026-04-27 17:00', '{6,7,3,1,2}',   '{1,2,2,3,3}',   '{2,1,1,3,3}'),
  (13, '2026-04-30 10:00', '{5,4}',         '{1,2}',         '{2,1}'),
  (14, '2026-05-01 10:00', '{1,2,3,4,5,6,7}', '{1,1,1,1,2,2,2}', '{1,1,1,1,2,2,2}')
) v(m, t, ps, ts, rs), unnest(ps::bigint[], ts::int[], rs::float8[]) u(p, tm, rk);
UPDATE rm_results r SET two_teams = (SELECT count(DISTINCT team) = 2 FROM rm_results x WHERE x.match_id = r.match_id),
                        score = 10 - rank, home = (team = 1);

-- Each player's state as the caller keeps it: one column per rating type.
CREATE TEMP TABLE live (player_id bigint PRIMARY KEY, rating skill.rating, elo float8,
                        glicko skill.glicko, matches int, last_played timestamptz, peak float8,
                        last_period bigint);

-- Rates every match through rate_match, one at a time from the kept state,
-- then compares each player's state with its last row of the history.
CREATE FUNCTION pg_temp.live_vs_history(fam text, col text, opts jsonb, two_only boolean,
                                        details boolean DEFAULT false)
RETURNS TABLE (players bigint, equal bigint, matches_right bigint, last_right bigint)
LANGUAGE plpgsql AS $$
DECLARE
  m record;
  rows text := format('SELECT match_id, played_at, player_id, team, rank%s FROM rm_results WHERE %L OR two_teams ORDER BY played_at, match_id, player_id',
                      CASE WHEN details THEN ', score, home' ELSE '' END, NOT two_only);
BEGIN
  DELETE FROM live;
  FOR m IN SELECT DISTINCT match_id, played_at FROM rm_results WHERE NOT two_only OR two_teams
           ORDER BY played_at, match_id LOOP
    EXECUTE format($q$
      WITH a AS (
        SELECT array_agg(x.player_id ORDER BY x.player_id) AS ids, array_agg(x.team ORDER BY x.player_id) AS teams,
               array_agg(x.rank ORDER BY x.player_id) AS ranks, array_agg(l.%1$I ORDER BY x.player_id) AS ratings,
               array_agg(l.matches ORDER BY x.player_id) AS matches,
               array_agg(l.last_played ORDER BY x.player_id) AS last_played,
               array_agg(l.peak ORDER BY x.player_id) AS peaks,
               array_agg(x.score ORDER BY x.player_id) AS scores, array_agg(x.home ORDER BY x.player_id) AS home
        FROM rm_results x LEFT JOIN live l USING (player_id) WHERE x.match_id = $1)
      INSERT INTO live (player_id, %1$I, matches, last_played, peak)
      SELECT r.player_id, r.rating, r.matches, r.last_played, r.peak
      FROM a, skill.rate_match($2, $1, $3, a.ids, a.teams, a.ranks, a.ratings, a.matches, a.last_played,
                               a.peaks, $4, CASE WHEN $5 THEN a.scores END, CASE WHEN $5 THEN a.home END) r
      ON CONFLICT (player_id) DO UPDATE
      SET %1$I = excluded.%1$I, matches = excluded.matches, last_played = excluded.last_played, peak = excluded.peak$q$, col)
    USING m.match_id, fam, m.played_at, opts, details;
  END LOOP;
  RETURN QUERY EXECUTE format($q$
    WITH h AS (
      SELECT player_id, rating_after, played_at,
             count(*) OVER (PARTITION BY player_id) AS n,
             row_number() OVER (PARTITION BY player_id ORDER BY played_at DESC, match_id DESC) AS back
      FROM skill.%s_history(%L, $1))
    SELECT count(*), count(*) FILTER (WHERE h.rating_after = l.%I),
           count(*) FILTER (WHERE h.n = l.matches), count(*) FILTER (WHERE h.played_at = l.last_played)
    FROM (SELECT * FROM h WHERE back = 1) h FULL JOIN live l USING (player_id)$q$, fam, rows, col)
  USING opts;
END $$;

-- Every family at its defaults (the Glicko families grow RDs by the
-- calendar: periods per match), then with idle growth and a season start
-- between matches 8 and 9.  equal: bit for bit.  The families are the
-- registry's that skill.rate_match takes, each with the column of its
-- rating type and that type's idle growth option.
SELECT f.family, o.opts, r.*
FROM (SELECT family, CASE rating_type WHEN 'float8'::regtype THEN 'elo'
                                      WHEN 'skill.glicko'::regtype THEN 'glicko' ELSE 'rating' END,
             family = 'team_glicko'
      FROM skill.families() WHERE by_name) f(family, col, two_only)
CROSS JOIN (VALUES ('{}'::jsonb), ('{"season_starts": ["2026-04-01 00:00+00"], "season_keep": 0.7}')) o(opts)
CROSS JOIN LATERAL pg_temp.live_vs_history(f.family, f.col,
  o.opts || CASE f.col WHEN 'glicko' THEN '{"rd_per_day": 3}'
                       WHEN 'elo' THEN '{}' ELSE '{"sigma_per_day": 0.4}' END::jsonb
         || CASE WHEN o.opts = '{}' THEN '{}' ELSE
              CASE f.family WHEN 'glicko' THEN '{"period_length": "5 days", "c": 60}'
                            WHEN 'glicko2' THEN '{"period_length": "1 day"}'
                            ELSE '{}' END END::jsonb,
  f.two_only) r
ORDER BY o.opts, f.family;

-- Elo's state beyond the rating: the K schedule by matches rated, k_new and
-- k_top by the peak; and the details (scores rated as shares, home advantage).
SELECT * FROM pg_temp.live_vs_history('elo', 'elo', '{"k_a": 250, "k_b": 5, "k_c": 0.5}', false);
SELECT * FROM pg_temp.live_vs_history('elo', 'elo', '{"k": 20, "k_new": 40, "k_new_games": 3, "k_top": 10, "k_top_rating": 1510}', false);
SELECT * FROM pg_temp.live_vs_history('elo', 'elo', '{"outcome": "share", "home_advantage": 35}', false, true);
SELECT * FROM pg_temp.live_vs_history('glicko2', 'glicko', '{"outcome": "difference", "outcome_scale": 3, "home_advantage": 20}', false, true);
SELECT * FROM pg_temp.live_vs_history('team_glicko', 'glicko', '{"home_advantage": 20}', true, true);

-- The state after match 14 as rate_match returns it: by player id, in the
-- order given; Elo's peak, NULL for the other families.
SELECT * FROM pg_temp.live_vs_history('elo', 'elo', '{}', false);
SELECT player_id, peak >= elo AS peak_at_least_elo, peak = greatest(1500, peak) AS peak_at_least_prior,
       matches, last_played
FROM live ORDER BY player_id;
-- New players: NULL the options' prior, a rating the player's own prior.
-- Players 1 and 2 (its own prior, sigma 5) beat 3: the rows come back in
-- the order given.
SELECT player_id, (r.rating).mu > 25 AS gained, round((r.rating).sigma::numeric, 6) < 8.333333 AS surer,
       matches, peak
FROM skill.rate_match('pl', 1, '2026-03-01', '{3,1,2}', '{2,1,1}', '{2,1,1}', '{NULL,NULL,"(25,5)"}'::skill.rating[]) r;

-- Rating periods of their own (weeks): rate_period rates each week's rows
-- when it closes, from the kept state and the count of periods closed,
-- equal to the history with a period column.
CREATE FUNCTION pg_temp.periods_vs_history(fam text, opts jsonb)
RETURNS TABLE (players bigint, equal bigint, matches_right bigint, periods_closed bigint)
LANGUAGE plpgsql AS $$
DECLARE
  w record;
  closed bigint := 0;
BEGIN
  DELETE FROM live;
  FOR w IN SELECT DISTINCT date_trunc('week', played_at, 'UTC') AS period FROM rm_results ORDER BY 1 LOOP
    INSERT INTO live (player_id, glicko, matches, last_played, last_period)
    SELECT r.player_id, r.rating, r.matches, r.last_played, r.last_period
    FROM (SELECT array_agg(x.match_id ORDER BY x.played_at, x.match_id, x.player_id) AS match_ids,
                 array_agg(x.played_at ORDER BY x.played_at, x.match_id, x.player_id) AS played_at,
                 array_agg(x.player_id ORDER BY x.played_at, x.match_id, x.player_id) AS ids,
                 array_agg(x.team ORDER BY x.played_at, x.match_id, x.player_id) AS teams,
                 array_agg(x.rank ORDER BY x.played_at, x.match_id, x.player_id) AS ranks,
                 array_agg(l.glicko ORDER BY x.played_at, x.match_id, x.player_id) AS ratings,
                 array_agg(l.matches ORDER BY x.played_at, x.match_id, x.player_id) AS matches,
                 array_agg(l.last_played ORDER BY x.played_at, x.match_id, x.player_id) AS last_played,
                 array_agg(l.last_period ORDER BY x.played_at, x.match_id, x.player_id) AS last_period
          FROM rm_results x LEFT JOIN live l USING (player_id)
          WHERE date_trunc('week', x.played_at, 'UTC') = w.period) a,
         skill.rate_period(fam, closed, a.match_ids, a.played_at, a.ids, a.teams, a.ranks, a.ratings,
                           a.matches, a.last_played, a.last_period, opts) r
    ON CONFLICT (player_id) DO UPDATE
    SET glicko = excluded.glicko, matches = excluded.matches, last_played = excluded.last_played,
        last_period = excluded.last_period;
    closed := closed + 1;
  END LOOP;
  RETURN QUERY EXECUTE format($q$
    SELECT count(*), count(*) FILTER (WHERE h.rating_after = l.glicko), count(*) FILTER (WHERE h.n = l.matches), $2
    FROM (SELECT *, count(*) OVER (PARTITION BY player_id) AS n,
                 row_number() OVER (PARTITION BY player_id ORDER BY played_at DESC, match_id DESC) AS back
          FROM skill.%s_history('SELECT match_id, played_at, date_trunc(''week'', played_at, ''UTC'') AS period,
                                        player_id, team, rank
                                 FROM rm_results ORDER BY played_at, match_id, player_id', $1)) h
    FULL JOIN live l USING (player_id) WHERE h.back = 1$q$, fam)
  USING opts, closed;
END $$;
SELECT f.family, o.opts, r.*
FROM (VALUES ('glicko'), ('glicko2')) f(family)
CROSS JOIN (VALUES ('{}'::jsonb), ('{"rd_per_day": 4}'), ('{"season_starts": ["2026-04-20 00:00+00"]}')) o(opts)
CROSS JOIN LATERAL pg_temp.periods_vs_history(f.family, o.opts) r
ORDER BY o.opts, f.family;
-- A season start inside a period would close it there: refused.
SELECT * FROM pg_temp.periods_vs_history('glicko2', '{"season_starts": ["2026-04-01 00:00+00"]}');
SELECT * FROM skill.rate_period('elo', 0, '{1,1}', '{2026-03-01,2026-03-01}', '{1,2}', '{1,2}', '{1,2}', '{NULL,NULL}'::float8[]);
SELECT * FROM skill.rate_period('glicko', -1, '{1,1}', '{2026-03-01,2026-03-01}', '{1,2}', '{1,2}', '{1,2}', '{NULL,NULL}'::skill.glicko[]);
SELECT * FROM skill.rate_period('glicko', 3, '{1,1}', '{2026-03-01,2026-03-01}', '{1,2}', '{1,2}', '{1,2}', '{"(1500,100,)",NULL}'::skill.glicko[], '{2,0}', '{2026-02-01,NULL}', '{4,NULL}');
SELECT * FROM skill.rate_period('glicko', 3, '{2,1}', '{2026-03-01,2026-03-01}', '{1,2}', '{1,2}', '{1,2}', '{NULL,NULL}'::skill.glicko[]);

-- Arguments: each rule with its message.
SELECT * FROM skill.rate_match('nope', 1, now(), '{1,2}', '{1,2}', '{1,2}', '{NULL,NULL}'::float8[]);
SELECT * FROM skill.rate_match('pl', 1, now(), '{1,2}', '{1,2}', '{1,2}', '{NULL,NULL}'::float8[]);
SELECT * FROM skill.rate_match('elo', 1, 'infinity', '{1,2}', '{1,2}', '{1,2}', '{NULL,NULL}'::float8[]);
SELECT * FROM skill.rate_match('elo', 1, '2026-03-01', '{1,2}', '{1,2}', '{1,2,3}', '{NULL,NULL}'::float8[]);
SELECT * FROM skill.rate_match('elo', 1, '2026-03-01', '{1,NULL}', '{1,2}', '{1,2}', '{NULL,NULL}'::float8[]);
SELECT * FROM skill.rate_match('elo', 1, '2026-03-01', '{1,2}', '{1,NULL}', '{1,2}', '{NULL,NULL}'::float8[]);
SELECT * FROM skill.rate_match('elo', 1, '2026-03-01', '{1,2}', '{1,2}', '{1,2}', '{NULL,NULL}'::float8[], '{-1,0}');
SELECT * FROM skill.rate_match('elo', 1, '2026-03-01', '{1,2}', '{1,2}', '{1,2}', '{NULL,1500}'::float8[], '{1,1}', '{2026-02-01,2026-02-01}');
SELECT * FROM skill.rate_match('elo', 1, '2026-03-01', '{1,2}', '{1,2}', '{1,2}', '{1500,1500}'::float8[], '{1,1}', '{2026-02-01,NULL}');
SELECT * FROM skill.rate_match('elo', 7, '2026-03-01', '{1,2}', '{1,2}', '{1,2}', '{1500,1500}'::float8[], '{1,1}', '{2026-02-01,2026-03-02}');
SELECT * FROM skill.rate_match('elo', 7, '2026-03-01', '{1,1}', '{1,2}', '{1,2}', '{1500,1500}'::float8[], '{1,1}', '{2026-02-01,2026-02-01}');
SELECT * FROM skill.rate_match('elo', 7, '2026-03-01', '{1,2}', '{1,1}', '{1,2}', '{NULL,NULL}'::float8[]);
-- Same played_at as a player's last match: fine where matches are rated
-- one at a time, refused by the Glicko-1 and -2 families, which rate the
-- matches of one played_at together.
SELECT player_id, matches FROM skill.rate_match('elo', 7, '2026-03-01', '{1,2}', '{1,2}', '{1,2}', '{1500,1500}'::float8[], '{1,1}', '{2026-03-01,2026-02-01}');
SELECT * FROM skill.rate_match('glicko', 7, '2026-03-01', '{1,2}', '{1,2}', '{1,2}', '{"(1500,100,)","(1500,100,)"}'::skill.glicko[], '{1,1}', '{2026-03-01,2026-02-01}');
SELECT * FROM skill.rate_match('glicko2', 1, '2026-03-01', '{1,2}', '{1,2}', '{1,2}', '{"(1500,100,)",NULL}'::skill.glicko[], '{1,0}', '{2026-02-01,NULL}');
SELECT * FROM skill.rate_match('glicko2', 1, '2026-03-01', '{1,2}', '{1,2}', '{1,2}', '{NULL,NULL}'::skill.glicko[], options => '{"idle_growth": "periods"}');
SELECT * FROM skill.rate_match('elo', 1, '2026-03-01', '{1,2}', '{1,2}', '{1,2}', '{NULL,NULL}'::float8[], options => '{"kk": 1}');
SELECT * FROM skill.rate_match('team_glicko', 1, '2026-03-01', '{1,2,3}', '{1,2,3}', '{1,2,3}', '{NULL,NULL,NULL}'::skill.glicko[]);
