-- scripts/tennis_score.sql - the games each player won in a tennis match,
-- from Jeff Sackmann's score strings (scripts/tennis_evaluation.sh), with a
-- self-check on known strings that raises on a mismatch.
--
-- tennis_games(score) is one row (winner, loser) of the games each won:
-- the score is written from the winner's side, set by set ("7-6(5) 3-6
-- 6-2"; the tiebreak's points in parentheses are not games, its set counts
-- 7-6).  A match tiebreak played as the deciding set ("[10-7]") counts as
-- one game for the side with more points, as the set it replaces would
-- count 7-6.  A match ended early (RET, DEF, Def., Default, Ret'd, RE, ABD,
-- "Played and abandoned"/"unfinished") counts the games played, so the
-- winner may have fewer games than the loser.  No row for a walkover (W/O,
-- Walkover, even after games), an empty or unparsable string ("6-3 6-?",
-- "Mar-00", "&nbsp;"), NULL, or a match with no games played ("0-0 RET").
-- Both are SQL functions that the planner inlines into the query (so not
-- STRICT): about 25 times faster than a call per row.

-- The games of each set: only a string of sets, then at most one early
-- end, is read.
CREATE FUNCTION tennis_sets(score text) RETURNS TABLE (winner int, loser int)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
SELECT CASE WHEN m[1] = '[' THEN (m[2]::int > m[3]::int)::int ELSE m[2]::int END,
       CASE WHEN m[1] = '[' THEN (m[3]::int > m[2]::int)::int ELSE m[3]::int END
FROM regexp_matches(score, '(\[?)(\d+)-(\d+)', 'g') m
WHERE score ~ ('^ *((\d{1,2}-\d{1,2}|\[\d{1,2}-\d{1,2}\])(\(\d{1,2}\))?( +|$))+'
               '(RET|RE|Ret''d|DEF|Def\.|Default|ABD|Played and abandoned|Played and unfinished)? *$')
$$;

CREATE FUNCTION tennis_games(score text) RETURNS TABLE (winner int, loser int)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
SELECT winner, loser
FROM (SELECT sum(winner)::int AS winner, sum(loser)::int AS loser FROM tennis_sets(score)) g
WHERE winner + loser > 0
$$;

DO $$
DECLARE
	c record;
	got int[];
BEGIN
	FOR c IN SELECT * FROM (VALUES
		('6-3 6-4', ARRAY[12, 7]),
		('7-6(5) 3-6 6-2', ARRAY[16, 14]),
		('6-7(5) 7-6(3) 7-6(10)', ARRAY[20, 19]),
		('7-6(5) 6-7(3) 4-6 7-6(2) 16-14', ARRAY[40, 39]),
		('  6-3   6-4 ', ARRAY[12, 7]),
		('6-4 2-1 RET', ARRAY[8, 5]),
		('1-6 2-1 RET', ARRAY[3, 7]),				-- the winner has fewer games
		('6-3 3-6 1-0 DEF', ARRAY[10, 9]),
		('6-2 4-1 Def.', ARRAY[10, 3]),
		('4-6 7-6(4) 1-0 Default', ARRAY[12, 12]),
		('6-3 0-0 Ret''d', ARRAY[6, 3]),
		('5-1 RE', ARRAY[5, 1]),
		('6-7(5) 6-3 ABD', ARRAY[12, 10]),
		('6-4 3-6 6-4 Played and abandoned', ARRAY[15, 14]),
		('6-2 4-4 Played and unfinished', ARRAY[10, 6]),
		('6-4 5-7 [10-7]', ARRAY[12, 11]),
		('6-7(2) 6-3 [11-13]', ARRAY[12, 11]),	-- the loser won the match tiebreak
		('4-6 6-4 [7-6](3)', ARRAY[11, 10]),
		('W/O', NULL),
		(' W/O', NULL),
		('Walkover', NULL),
		('6-2 1-0 W/O', NULL),
		('0-0 W/O', NULL),
		('RET', NULL),
		('0-0 RET', NULL),
		('', NULL),
		('&nbsp;', NULL),
		('Mar-00', NULL),
		('>', NULL),
		('6-3 6-?', NULL),
		('7-6 4-6 6-1?', NULL),
		('6-3 RET 6-4', NULL),
		('6-3 [6-4', NULL),
		('6-3 6-4]', NULL),
		('6-3 6-4 6-4 6-4 6-4 x', NULL),
		(NULL, NULL)) t(score, want)
	LOOP
		got := (SELECT ARRAY[winner, loser] FROM tennis_games(c.score));
		IF got IS DISTINCT FROM c.want THEN
			RAISE EXCEPTION 'tennis_games(%) = %, expected %', quote_nullable(c.score), got, c.want;
		END IF;
	END LOOP;
END
$$;
