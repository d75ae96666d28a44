-- scripts/ttt_window.sql - the two queries of skill.ttt_update over a window
-- of a history (docs/ttt.md, "Windows"), for bench/ttt/run.sh and
-- scripts/tennis_evaluation.sh: the rows of games played in [since, until),
-- and the state rows from since with each of the window's players' last
-- state row before it.  games has the five columns of a rows query.
CREATE FUNCTION ttt_window_rows(games regclass, since timestamptz, until timestamptz)
RETURNS text LANGUAGE sql STABLE AS $$
  SELECT format('SELECT match_id, played_at, player_id, team, rank FROM %s
                 WHERE played_at >= %L AND played_at < %L ORDER BY played_at, match_id',
                games, since, until) $$;
CREATE FUNCTION ttt_window_state(state regclass, games regclass, since timestamptz,
                                 until timestamptz)
RETURNS text LANGUAGE sql STABLE AS $$
  SELECT format('SELECT * FROM %1$s WHERE played_at >= %3$L
                 UNION ALL
                 SELECT b.* FROM (SELECT DISTINCT player_id FROM %2$s
                                  WHERE played_at >= %3$L AND played_at < %4$L) w
                 CROSS JOIN LATERAL (SELECT * FROM %1$s s WHERE s.player_id = w.player_id
                                     AND s.played_at < %3$L ORDER BY s.played_at DESC LIMIT 1) b',
                state, games, since, until) $$;
