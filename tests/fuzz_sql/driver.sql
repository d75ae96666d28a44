-- tests/fuzz_sql/driver.sql - the SQL-level randomized tester (scripts/fuzz_sql.sh).
--
-- Creates schema skill_fuzz in a scratch database that has the extension.
-- skill_fuzz.run(seed, first, n) makes calls first .. first + n - 1 of run
-- `seed`: call i picks a function of schema skill (aggregates included),
-- builds its arguments from the PRNG seeded by (seed, i) alone, runs it in
-- its own subtransaction and records in skill_fuzz.findings every internal
-- error (SQLSTATE class XX or 58) and every result whose text shows NaN or
-- Infinity.  Each finding keeps a pasteable statement that needs nothing but
-- the extension: rows queries are inline VALUES lists.

CREATE SCHEMA skill_fuzz;

-- The callable functions: anything taking "internal" cannot be called from SQL.
CREATE TABLE skill_fuzz.funcs (
	id serial PRIMARY KEY,
	name text NOT NULL,
	kind "char" NOT NULL,
	retset boolean NOT NULL,
	argnames text[] NOT NULL,
	argtypes text[] NOT NULL,
	ndefaults int NOT NULL
);

INSERT INTO skill_fuzz.funcs (name, kind, retset, argnames, argtypes, ndefaults)
SELECT p.proname, p.prokind, p.proretset,
	   array(SELECT coalesce(p.proargnames[i + 1], 'arg' || i)
			 FROM generate_series(0, p.pronargs - 1) i),
	   array(SELECT format_type(p.proargtypes[i], NULL)
			 FROM generate_series(0, p.pronargs - 1) i),
	   p.pronargdefaults
FROM pg_proc p
WHERE p.pronamespace = 'skill'::regnamespace
  AND p.prokind IN ('f', 'a')
  AND NOT 'internal'::regtype = ANY (p.proargtypes::oid[])
  -- calibration_search has OUT arguments after its inputs; proargnames
  -- lists inputs first, so the slice above is right for every function.
ORDER BY p.proname, p.pronargs, p.oid;

CREATE TABLE skill_fuzz.findings (
	seed bigint,
	call bigint,
	kind text,
	sqlstate text,
	detail text,
	statement text
);

-- Families and options, for names and jsonb keys.
CREATE TABLE skill_fuzz.words (kind text, word text);
INSERT INTO skill_fuzz.words
SELECT 'family', family FROM skill.families()
UNION ALL
SELECT DISTINCT 'option', option FROM skill.replay_options()
UNION ALL
SELECT DISTINCT 'option:' || family, option FROM skill.replay_options()
UNION ALL
SELECT 'option:otr', unnest(ARRAY['beta', 'kappa', 'gamma', 'tau', 'weight_a', 'weight_b',
	'game_correction_constant', 'standard_match_length', 'rating_floor', 'volatility_cap',
	'decay_days', 'decay_rate', 'decay_minimum', 'volatility_growth', 'not_before', 'weekday', 'hour'])
UNION ALL
SELECT 'option:fit', unnest(ARRAY['train_until', 'score_from', 'experienced', 'max_evaluations', 'options'])
UNION ALL
SELECT 'option', unnest(ARRAY['train_until', 'score_from', 'experienced', 'max_evaluations',
	'options', 'buckets', 'gamma', 'weight_a', 'weight_b', 'game_correction_constant',
	'standard_match_length', 'rating_floor', 'volatility_cap', 'decay_days', 'decay_rate',
	'decay_minimum', 'volatility_growth', 'not_before', 'weekday', 'hour', 'as_of',
	'bogus', 'Beta', '']);

CREATE FUNCTION skill_fuzz.pick(VARIADIC a text[]) RETURNS text
LANGUAGE sql AS $$ SELECT a[1 + floor(random() * cardinality(a))::int] $$;

CREATE FUNCTION skill_fuzz.word(k text) RETURNS text
LANGUAGE sql AS $$
	SELECT word FROM skill_fuzz.words WHERE kind = k ORDER BY random() LIMIT 1
$$;

-- One float8 as SQL text (a plain literal; NaN and friends quoted).
CREATE FUNCTION skill_fuzz.float_text(sane text, edge_p float8) RETURNS text
LANGUAGE plpgsql AS $$
BEGIN
	IF random() < edge_p THEN
		RETURN skill_fuzz.pick('0', '-0', '1e-308', '5e-324', '1e308', '-1e308', '1e300',
			'-1e300', '1e-300', 'NaN', 'Infinity', '-Infinity', '1.7976931348623157e308',
			'2.2250738585072014e-308', '1e15', '-1e15', '1e-15', '0.9999999999999999',
			'1.0000000000000002', '-1e-308', '1e154', '1e-154', '-1', '1e10', '-5e-324');
	END IF;
	RETURN sane;
END $$;

-- A sane float for an argument of this name.
CREATE FUNCTION skill_fuzz.sane_float(arg text, n int) RETURNS text
LANGUAGE plpgsql AS $$
BEGIN
	IF arg ~ 'rank' THEN
		RETURN (1 + floor(random() * greatest(n, 1)))::text;
	ELSIF arg ~ '^(p|outcome|score|scores|keep|weight_a|weight_b|skill_floor)$' THEN
		RETURN skill_fuzz.pick('0', '0.5', '1', round(random()::numeric, 3)::text);
	ELSIF arg ~ 'weight' THEN
		RETURN skill_fuzz.pick('1', '0.5', '2', '0.1');
	END IF;
	IF arg ~ '^(mu|mu0|rating|rating_a|rating_b|rating0|opponent|opponents|value|low|high|target|terms|floor|prior_mean|m|features|coefficients|ratings|strengths|z|margin|peak|intercept)$' THEN
		RETURN skill_fuzz.pick('0', '1', '-1', '25', '30', '1500', '1400', '1700', '-5',
			round((random() * 200 - 50)::numeric, 2)::text);
	END IF;
	-- scales, spreads and rates: positive (edge values bring zero and negatives)
	RETURN skill_fuzz.pick('0.5', '1', '2', '3', '0.06', '0.1', '0.0001', '4.166666666666667',
		'8.333333333333334', '25', '32', '200', '350', '400', '0.9', '10', '100',
		round((random() * 100)::numeric, 2)::text);
END $$;

-- One array element of a scalar type, as it appears inside an array literal.
CREATE FUNCTION skill_fuzz.element(typ text, arg text, n int, edge_p float8, null_p float8)
RETURNS text
LANGUAGE plpgsql AS $$
BEGIN
	IF random() < null_p THEN
		RETURN 'NULL';
	END IF;
	CASE typ
	WHEN 'double precision' THEN
		RETURN skill_fuzz.float_text(skill_fuzz.sane_float(arg, n), edge_p);
	WHEN 'integer' THEN
		IF random() < edge_p THEN
			RETURN skill_fuzz.pick('0', '-1', '2147483647', '-2147483648', '1000000');
		END IF;
		RETURN (1 + floor(random() * greatest(n, 2)))::text;
	WHEN 'bigint' THEN
		RETURN skill_fuzz.pick('1', '2', '3', '4', '5', '6', '7', '8', '-1', '9223372036854775807');
	WHEN 'text' THEN
		RETURN skill_fuzz.pick('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h');
	WHEN 'skill.rating' THEN
		RETURN '"(' || skill_fuzz.float_text(skill_fuzz.pick('25', '20', '30', '0', '-5', '1500'), edge_p)
			|| ',' || skill_fuzz.float_text(skill_fuzz.pick('8.333333333333334', '1', '3', '0.5', '350'), edge_p)
			|| ')"';
	WHEN 'skill.glicko' THEN
		RETURN '"(' || skill_fuzz.float_text(skill_fuzz.pick('1500', '1400', '1700', '0'), edge_p)
			|| ',' || skill_fuzz.float_text(skill_fuzz.pick('350', '200', '30', '50'), edge_p)
			|| ',' || skill_fuzz.float_text(skill_fuzz.pick('0.06', '0.05', '0.09'), edge_p) || ')"';
	WHEN 'timestamp with time zone' THEN
		RETURN skill_fuzz.pick('"2026-01-01 00:00+00"', '"2026-03-01 12:00+00"', 'infinity', '"2025-06-01 00:00+05:30"');
	WHEN 'interval' THEN	-- waiting times (form_matches with an IMS data point)
		IF random() < edge_p THEN
			RETURN skill_fuzz.pick('"-1 day"', '"178000000 years"', '"1 microsecond"', '"0"');
		END IF;
		RETURN skill_fuzz.pick('"0"', '"10 seconds"', '"2 minutes"', '"1 hour"');
	ELSE
		RETURN 'NULL';	-- a type this driver does not know yet
	END CASE;
END $$;

-- An array literal: mostly the call's shape (n rows of m, or n long), else odd shapes.
CREATE FUNCTION skill_fuzz.array_text(typ text, arg text, n int, m int, edge_p float8, null_p float8)
RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
	elem text := regexp_replace(typ, '\[\]$', '');
	fn text := current_setting('skill_fuzz.function', true);
	two_d boolean := random() < CASE WHEN arg IN ('team_ratings', 'teams', 'weights')
		OR (arg = 'scores' AND fn IN ('otr_rate', 'otr_rate_match')) THEN 0.7 ELSE 0.05 END;
	shape float8 := random();
	len int := n;
	rows text[] := '{}';
	rows_n int;
	cols int;
	cells text[];
	bound text := '';
	i int;
	j int;
BEGIN
	IF shape < 0.04 THEN
		RETURN format('%L::%s', '{}', typ);
	ELSIF shape < 0.07 THEN	-- three dimensions
		RETURN format('%L::%s', '{{{' || skill_fuzz.element(elem, arg, n, edge_p, null_p) || '}}}', typ);
	ELSIF shape < 0.15 THEN	-- a length that does not match the call's shape
		len := greatest(n + skill_fuzz.pick('-1', '1', '5')::int, 0);
	ELSIF shape < 0.18 THEN
		bound := format('[0:%s]=', len - 1);
		two_d := false;
	END IF;
	IF arg = 'weight_bounds' THEN
		len := 2;
		two_d := false;
	END IF;
	IF len = 0 THEN
		RETURN format('%L::%s', '{}', typ);
	END IF;
	IF two_d AND fn IN ('otr_rate', 'otr_rate_match') THEN	-- one row per game, one column per player
		rows_n := m + 1;
		cols := len;
	ELSE
		rows_n := len;
		cols := CASE WHEN two_d THEN m ELSE 1 END;
	END IF;
	FOR i IN 1 .. rows_n LOOP
		cells := '{}';
		FOR j IN 1 .. cols LOOP
			-- ragged teams: the tail of a row padded with NULL
			IF two_d AND j > 1 AND random() < 0.15 THEN
				cells := cells || 'NULL'::text;
			ELSIF arg = 'thresholds' AND random() >= edge_p THEN	-- ascending
				cells := cells || (i * 100)::text;
			ELSE
				cells := cells || skill_fuzz.element(elem, arg, n, edge_p, null_p);
			END IF;
		END LOOP;
		IF two_d THEN
			rows := rows || ('{' || array_to_string(cells, ',') || '}');
		ELSE
			rows := rows || cells[1];
		END IF;
	END LOOP;
	RETURN format('%L::%s', bound || '{' || array_to_string(rows, ',') || '}', typ);
END $$;

-- A rows query for the history functions, replays, evaluate and fit: mostly
-- a small well-formed match history, sometimes a broken or hostile one.
CREATE FUNCTION skill_fuzz.rows_text(edge_p float8, null_p float8, with_period boolean,
									 prior_type text, broken boolean DEFAULT true)
RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
	matches int := skill_fuzz.pick('0', '1', '2', '3', '5', '8')::int;
	teams int;
	per_team int;
	lines text[] := '{}';
	players int[];
	mid int;
	t int;
	k int;
	day int := 0;
	cols text;
	line text;
	team_rank text;
	r float8 := random();
	details boolean := random() < 0.3;	-- the named detail columns of issue #20
	team_score text;
	match_context text;
	match_length text;
BEGIN
	IF broken AND r < 0.04 THEN
		RETURN skill_fuzz.pick('', 'SELECT 1', 'not a query', 'SELECT 1/0',
			'SELECT * FROM (VALUES (1)) v(match_id)', 'SELECT NULL, NULL, NULL, NULL, NULL',
			'SELECT 1::bigint, now(), 1::bigint, 1, 1::float8; SELECT 2',
			'WITH d AS (DELETE FROM skill_fuzz.findings WHERE false RETURNING 1) SELECT 1::bigint, now(), 1::bigint, 1, 1::float8');
	END IF;
	FOR mid IN 1 .. matches LOOP
		teams := CASE WHEN random() < 0.02 THEN 1 ELSE skill_fuzz.pick('2', '2', '2', '3')::int END;
		per_team := skill_fuzz.pick('1', '1', '2')::int;
		-- distinct players from a pool of 8 (sometimes a player twice)
		players := array(SELECT g FROM generate_series(1, 8) g ORDER BY random() LIMIT teams * per_team);
		IF random() < 0.03 THEN
			players[cardinality(players)] := players[1];
		END IF;
		day := day + CASE WHEN random() < 0.03 THEN -3 ELSE skill_fuzz.pick('0', '1', '7')::int END;
		match_context := skill_fuzz.pick('clay', 'hard', '', NULL);
		match_length := skill_fuzz.float_text(skill_fuzz.pick('1', '3', '5', NULL), edge_p);
		FOR t IN 1 .. teams LOOP
			team_rank := skill_fuzz.float_text(skill_fuzz.pick(t::text, t::text, '1', '2'), edge_p);
			team_score := skill_fuzz.float_text(skill_fuzz.pick('0', '3', '6', '7', '21', NULL), edge_p);
			FOR k IN 1 .. per_team LOOP
				line := format('(%s::bigint, %L::timestamptz', CASE WHEN random() < 0.03 THEN mid - 2 ELSE mid END,
					CASE WHEN random() < null_p THEN NULL ELSE
						(timestamptz '2026-01-01 00:00+00' + day * interval '1 day')::text END);
				IF with_period THEN
					line := line || format(', %L::timestamptz',
						(timestamptz '2026-01-01 00:00+00' + (day / 7) * interval '7 days')::text);
				END IF;
				line := line || format(', %s::bigint, %s, %s::float8',
					CASE WHEN random() < null_p THEN 'NULL' ELSE players[(t - 1) * per_team + k]::text END,
					t,
					format('%L', CASE WHEN random() < 0.02 THEN skill_fuzz.pick('1', '2', 'NaN') ELSE team_rank END));
				IF prior_type IS NOT NULL THEN
					line := line || ', ' || skill_fuzz.value_text(prior_type, 'prior', 2, 1, edge_p, null_p);
				END IF;
				IF details THEN	-- sometimes disagreeing within a team or match
					line := line || format(', %s::float8, %s::text, %s::float8, %s::boolean',
						quote_nullable(CASE WHEN random() < 0.03 THEN skill_fuzz.float_text('2', edge_p) ELSE team_score END),
						quote_nullable(CASE WHEN random() < 0.03 THEN 'grass' ELSE match_context END),
						quote_nullable(CASE WHEN random() < 0.03 THEN '2' ELSE match_length END),
						skill_fuzz.pick('true', 'false', 'false', 'NULL'));
				END IF;
				lines := lines || (line || ')');
			END LOOP;
		END LOOP;
	END LOOP;
	cols := 'match_id, played_at' || CASE WHEN with_period THEN ', period' ELSE '' END
		|| ', player_id, team, rank' || CASE WHEN prior_type IS NOT NULL THEN ', prior' ELSE '' END
		|| CASE WHEN details THEN ', score, context, length, home' ELSE '' END;
	IF matches = 0 THEN
		RETURN format('SELECT %s FROM (SELECT 1::bigint, now(), %s1::bigint, 1, 1::float8%s) v(%s) WHERE false',
			cols, CASE WHEN with_period THEN 'now(), ' ELSE '' END,
			CASE WHEN prior_type IS NOT NULL THEN ', NULL::' || prior_type ELSE '' END, cols);
	END IF;
	RETURN format('SELECT * FROM (VALUES %s) v(%s)', array_to_string(lines, ', '), cols);
END $$;

-- An o!TR rows query: (match_id, played_at, game_id, player_id, score [, prior]),
-- games of a few players each, mostly well formed.
CREATE FUNCTION skill_fuzz.otr_rows_text(edge_p float8, null_p float8, prior boolean,
										 broken boolean DEFAULT true)
RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
	matches int := skill_fuzz.pick('0', '1', '2', '3', '4')::int;
	lines text[] := '{}';
	players int[];
	mid int;
	game int := 0;
	g int;
	k int;
	day int := 0;
	cols text := 'match_id, played_at, game_id, player_id, score' || CASE WHEN prior THEN ', prior' ELSE '' END;
BEGIN
	IF broken AND random() < 0.04 THEN
		RETURN skill_fuzz.pick('', 'SELECT 1', 'not a query', 'SELECT 1::bigint, now(), 1::bigint, 1::bigint, 1::float8; SELECT 2');
	END IF;
	FOR mid IN 1 .. matches LOOP
		players := array(SELECT x FROM generate_series(1, 8) x ORDER BY random()
						 LIMIT skill_fuzz.pick('2', '3', '4', '1')::int);
		day := day + CASE WHEN random() < 0.03 THEN -3 ELSE skill_fuzz.pick('0', '1', '7', '200')::int END;
		FOR g IN 1 .. skill_fuzz.pick('1', '2', '3')::int LOOP
			game := game + CASE WHEN random() < 0.03 THEN 0 ELSE 1 END;
			FOR k IN 1 .. cardinality(players) LOOP
				CONTINUE WHEN random() < 0.1;	-- sat this game out
				lines := lines || format('(%s::bigint, %L::timestamptz, %s::bigint, %s::bigint, %L::float8%s)',
					CASE WHEN random() < 0.02 THEN mid - 2 ELSE mid END,
					CASE WHEN random() < null_p THEN NULL ELSE
						(timestamptz '2026-01-01 00:00+00' + day * interval '1 day')::text END,
					game,
					CASE WHEN random() < null_p THEN 'NULL' ELSE players[k]::text END,
					skill_fuzz.float_text(skill_fuzz.pick('100000', '250000', '0', '500000', '1'), edge_p),
					CASE WHEN prior THEN ', ' || skill_fuzz.value_text('skill.rating', 'prior', 2, 1, edge_p, null_p)
						ELSE '' END);
			END LOOP;
		END LOOP;
	END LOOP;
	IF cardinality(lines) = 0 THEN
		RETURN format('SELECT %s FROM (SELECT 1::bigint, now(), 1::bigint, 1::bigint, 1::float8%s) v(%s) WHERE false',
			cols, CASE WHEN prior THEN ', NULL::skill.rating' ELSE '' END, cols);
	END IF;
	RETURN format('SELECT * FROM (VALUES %s) v(%s)', array_to_string(lines, ', '), cols);
END $$;

-- A jsonb value for an option: numbers (JSON numbers may exceed float8),
-- strings, arrays, objects.
CREATE FUNCTION skill_fuzz.json_value(key text, edge_p float8) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
	r float8 := random();
BEGIN
	IF key = 'max_evaluations' THEN	-- a budget of replays: keep calls short
		RETURN skill_fuzz.pick('1', '3', '0', '-1', '2.5', '"x"');
	ELSIF key IN ('season_starts') THEN
		RETURN skill_fuzz.pick('["2026-01-03 00:00+00"]', '[]', '["2026-02-01 00:00+00", "2026-01-01 00:00+00"]',
			'["infinity"]', '[1]', '"2026-01-01"');
	ELSIF key ~ '(until|from|not_before|as_of)$' THEN
		RETURN skill_fuzz.pick('"2026-01-05 00:00+00"', '"infinity"', '"-infinity"', '"bogus"', '5');
	ELSIF key = 'link' THEN
		RETURN skill_fuzz.pick('"family"', '"logistic"', '"normal"', '"bogus"', '1');
	ELSIF key = 'outcome' THEN
		RETURN skill_fuzz.pick('"rank"', '"share"', '"difference"', '"share"', '"margin"', '1');
	ELSIF key = 'refit_every' THEN
		RETURN skill_fuzz.pick('"1 day"', '"2 days"', '"1 year"', '"1 microsecond"', '"-1 day"', '"0"', '"bogus"', '7',
			'"178000000 years"');
	ELSIF key = 'options' OR key IN (SELECT word FROM skill_fuzz.words WHERE kind = 'family') THEN
		RETURN skill_fuzz.options_text(edge_p, 2);
	END IF;
	IF r < edge_p THEN
		RETURN skill_fuzz.pick('0', '-0', '1e308', '-1e308', '1e400', '-1e400', '1e-400', '5e-324',
			'"NaN"', '"Infinity"', 'null', 'true', '"x"', '[]', '{}', '[1, 2]', '2147483648', '-1',
			'1e-308', '99999999999999999999');
	END IF;
	RETURN skill_fuzz.pick('0', '0.5', '1', '2', '3', '4', '10', '25', '32', '0.06', '0.1', '200',
		'350', '1500', '0.001', 'true', 'false');
END $$;

CREATE FUNCTION skill_fuzz.options_text(edge_p float8, depth int DEFAULT 1) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
	keys int := skill_fuzz.pick('0', '1', '1', '2', '3')::int;
	parts text[] := '{}';
	key text;
	i int;
BEGIN
	IF random() < 0.03 THEN
		RETURN skill_fuzz.pick('[]', '1', '"x"', 'null', '[{}]');
	END IF;
	FOR i IN 1 .. keys LOOP
		key := CASE WHEN depth = 1 AND random() < 0.1 THEN skill_fuzz.word('family')
			WHEN depth = 1 AND current_setting('skill_fuzz.function', true) = 'fit' AND random() < 0.8
				THEN skill_fuzz.word('option:fit')
			WHEN random() < 0.8 THEN coalesce(skill_fuzz.word('option:' ||
				coalesce(nullif(current_setting('skill_fuzz.family', true), ''), 'none')), skill_fuzz.word('option'))
			ELSE skill_fuzz.word('option') END;
		parts := parts || format('%s: %s', to_jsonb(key)::text,
			CASE WHEN depth > 2 THEN '1' ELSE skill_fuzz.json_value(key, edge_p) END);
	END LOOP;
	RETURN '{' || array_to_string(parts, ', ') || '}';
END $$;

-- fit's search: {"option": [low, high], ...}
CREATE FUNCTION skill_fuzz.search_text(edge_p float8) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
	key text := CASE WHEN random() < 0.8 THEN coalesce(skill_fuzz.word('option:' ||
			coalesce(nullif(current_setting('skill_fuzz.family', true), ''), 'none')), 'k')
		ELSE skill_fuzz.pick('k', 'beta', 'tau', 'rd', 'c', 'scale', 'bogus') END;
BEGIN
	IF random() < 0.05 THEN
		RETURN skill_fuzz.pick('{}', '[]', '{"k": 1}', '{"k": [1]}', '{"k": [5, 1]}', '{"k": ["a", "b"]}');
	END IF;
	RETURN format('{%s: [%s, %s]}', to_jsonb(key)::text,
		skill_fuzz.json_value('lo', edge_p / 2), skill_fuzz.json_value('hi', edge_p / 2));
END $$;

-- One argument value as SQL text.
CREATE FUNCTION skill_fuzz.value_text(typ text, arg text, n int, m int, edge_p float8, null_p float8)
RETURNS text
LANGUAGE plpgsql AS $$
BEGIN
	IF random() < null_p THEN
		RETURN 'NULL::' || typ;
	END IF;
	IF typ ~ '\[\]$' AND typ <> 'text[]' THEN
		RETURN skill_fuzz.array_text(typ, arg, n, m, edge_p, null_p);
	END IF;
	CASE typ
	WHEN 'anyarray' THEN
		RETURN skill_fuzz.array_text(skill_fuzz.pick('bigint[]', 'bigint[]', 'text[]'), arg, n, m, 0, null_p);
	WHEN 'double precision' THEN
		RETURN format('%L::float8', skill_fuzz.float_text(skill_fuzz.sane_float(arg, n), edge_p));
	WHEN 'integer' THEN
		IF random() < edge_p THEN
			RETURN skill_fuzz.pick('0', '-1', '2147483647', '(-2147483648)', '1000', '100000');
		ELSIF arg IN ('n_teams') THEN
			RETURN skill_fuzz.pick('2', '2', '3', '1');
		ELSIF arg IN ('team_size') THEN
			RETURN skill_fuzz.pick('1', '1', '2', '3');
		END IF;
		RETURN skill_fuzz.pick('0', '1', '2', '3', '4', '5', '10');
	WHEN 'boolean' THEN
		RETURN skill_fuzz.pick('true', 'false');
	WHEN 'text' THEN
		IF arg = 'rows' AND current_setting('skill_fuzz.family', true) = 'otr' THEN
			RETURN format('%L', skill_fuzz.otr_rows_text(edge_p, null_p, random() < 0.15));
		ELSIF arg = 'rows' THEN
			RETURN format('%L', skill_fuzz.rows_text(edge_p, null_p, random() < 0.3,
				CASE WHEN random() < 0.15 THEN skill_fuzz.pick('skill.rating', 'skill.glicko', 'double precision') END));
		ELSIF arg IN ('family', 'system') THEN
			PERFORM set_config('skill_fuzz.family', CASE WHEN random() < 0.9 THEN skill_fuzz.word('family')
				ELSE skill_fuzz.pick('bogus', '', 'PL', 'elo ') END, false);
			RETURN format('%L', current_setting('skill_fuzz.family'));
		ELSIF arg = 'link' THEN
			RETURN skill_fuzz.pick('''family''', '''logistic''', '''normal''', '''bogus''', '''''');
		END IF;
		RETURN format('%L', skill_fuzz.pick('osu', 'taiko', 'catch', 'mania', 'bogus', '', 'x'));
	WHEN 'text[]' THEN
		RETURN format('ARRAY[%s]::text[]', array_to_string(array(
			SELECT quote_literal(CASE WHEN random() < 0.9 THEN skill_fuzz.word('family') ELSE 'bogus' END)
			FROM generate_series(1, skill_fuzz.pick('0', '1', '2', '3')::int)), ', '));
	WHEN 'jsonb' THEN
		IF arg = 'search' THEN
			RETURN format('%L::jsonb', skill_fuzz.search_text(edge_p));
		END IF;
		RETURN format('%L::jsonb', skill_fuzz.options_text(edge_p));
	WHEN 'interval' THEN
		IF random() < edge_p THEN
			RETURN format('%L::interval', skill_fuzz.pick('-1 day', '178000000 years', '-178000000 years',
				'1 microsecond', '0', '2147483647 days 2147483647 months'));
		END IF;
		RETURN format('%L::interval', skill_fuzz.pick('0', '1 day', '7 days', '30 days', '1 hour', '400 days'));
	WHEN 'timestamp with time zone' THEN
		IF random() < edge_p THEN
			RETURN format('%L::timestamptz', skill_fuzz.pick('infinity', '-infinity', '4713-01-01 00:00+00 BC',
				'294276-12-31 23:59:59+00', '1970-01-01 00:00+00'));
		END IF;
		RETURN format('%L::timestamptz', skill_fuzz.pick('2026-01-01 00:00+00', '2026-03-01 00:00+00',
			'2026-08-01 12:00+00', '2025-01-01 00:00+05:30'));
	WHEN 'skill.rating', 'skill.glicko' THEN
		RETURN format('%L::%s', trim(BOTH '"' FROM skill_fuzz.element(typ, arg, n, edge_p, 0)), typ);
	WHEN 'skill.rating_value', 'skill.glicko_value' THEN	-- the unchecked composites under the domains
		RETURN format('%L::%s', trim(BOTH '"' FROM skill_fuzz.element(replace(typ, '_value', ''), arg, n, edge_p, 0)), typ);
	WHEN 'skill.match_details' THEN
		RETURN format('skill.details(%s::float8, %s, %s::float8, %s)',
			quote_nullable(skill_fuzz.float_text('6', edge_p)), quote_nullable(skill_fuzz.pick('clay', '', NULL)),
			quote_nullable(skill_fuzz.float_text('3', edge_p)), skill_fuzz.pick('true', 'false', 'NULL'));
	WHEN 'skill.placement_model' THEN
		RETURN format('%L::skill.placement_model', format('(%s,%s,%s,%s,%s)',
			skill_fuzz.float_text('1500', edge_p),
			'"' || trim(BOTH '''' FROM split_part(skill_fuzz.array_text('double precision[]', 'coefficients', 2, 1, edge_p, null_p), '::', 1)) || '"',
			skill_fuzz.float_text('100', edge_p), skill_fuzz.pick('10', '0', '-1', '2'),
			skill_fuzz.float_text('0.5', edge_p)));
	ELSE
		RETURN 'NULL::' || typ;	-- a type this driver does not know yet
	END CASE;
END $$;

-- The statement for one call (deterministic given the PRNG state).
CREATE FUNCTION skill_fuzz.statement(f skill_fuzz.funcs) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
	n int := skill_fuzz.pick('2', '2', '2', '2', '2', '3', '3', '4', '1', '0', '5', '8')::int;
	m int := skill_fuzz.pick('1', '1', '2', '3')::int;
	edge_p float8 := skill_fuzz.pick('0', '0', '0.05', '0.2', '0.6')::float8;
	null_p float8 := skill_fuzz.pick('0', '0', '0.02', '0.1')::float8;
	nargs int := cardinality(f.argtypes);
	named boolean := f.kind = 'f' AND random() < 0.3;
	-- ranks and scores exclude each other: mostly leave one out
	left_out text := CASE WHEN 'ranks' = ANY (f.argnames) AND 'scores' = ANY (f.argnames)
		AND random() < 0.9 THEN skill_fuzz.pick('ranks', 'scores') END;
	given int;
	args text[] := '{}';
	i int;
	j int;
	rows int;
	cells text[];
	lines text[] := '{}';
	call text;
BEGIN
	-- what the generators below tailor their values to
	PERFORM set_config('skill_fuzz.function', f.name, false),
		set_config('skill_fuzz.family', coalesce(
			-- the family whose prefix the name starts with, the longest (glicko2_ over glicko_)
			(SELECT family FROM skill.families() WHERE starts_with(f.name, family || '_')
			 ORDER BY length(family) DESC LIMIT 1),
			CASE WHEN f.name IN ('fit', 'evaluate') THEN f.name END, ''), false);
	IF random() < 0.02 THEN
		n := 40;
	ELSIF random() < 0.005 THEN	-- now and then a huge match: the quadratic paths, the sorts
		n := 1000;
	END IF;
	-- Optional arguments: give all, none, or some of them.
	given := nargs - floor(random() * (f.ndefaults + 1))::int;
	IF f.kind = 'a' AND f.name = 'otr_replay' THEN
		args := ARRAY['match_id', 'played_at', 'game_id', 'player_id', 'score'];
		FOR i IN cardinality(args) + 1 .. nargs LOOP
			args := args || skill_fuzz.value_text(f.argtypes[i], f.argnames[i], n, m, edge_p, null_p);
		END LOOP;
		RETURN format('SELECT skill.%I(%s%s) FROM (%s) r', f.name, array_to_string(args, ', '),
			CASE WHEN random() < 0.5 THEN ' ORDER BY played_at, match_id, game_id' ELSE '' END,
			skill_fuzz.otr_rows_text(edge_p, null_p, false, false));
	ELSIF f.kind = 'a' AND f.name ~ '_replay$' THEN
		-- replay aggregates: the rows query's columns, a constant prior and options
		args := CASE WHEN f.argtypes[3] = 'timestamp with time zone'
			THEN ARRAY['match_id', 'played_at', 'period', 'player_id', 'team', 'rank']
			ELSE ARRAY['match_id', 'played_at', 'player_id', 'team', 'rank'] END;
		FOR i IN cardinality(args) + 1 .. nargs LOOP
			args := args || skill_fuzz.value_text(f.argtypes[i], f.argnames[i], n, m, edge_p, null_p);
		END LOOP;
		RETURN format('SELECT skill.%I(%s%s) FROM (%s) r', f.name, array_to_string(args, ', '),
			CASE WHEN random() < 0.5 THEN ' ORDER BY played_at, match_id' ELSE '' END,
			skill_fuzz.rows_text(edge_p, null_p, f.argtypes[3] = 'timestamp with time zone', NULL, false));
	ELSIF f.kind = 'a' THEN
		-- other aggregates: each argument a column of a small VALUES list
		rows := skill_fuzz.pick('0', '1', '2', '5', '12')::int;
		FOR i IN 1 .. rows LOOP
			cells := '{}';
			FOR j IN 1 .. nargs LOOP
				cells := cells || skill_fuzz.value_text(f.argtypes[j], f.argnames[j],
					skill_fuzz.pick('1', '2', '3')::int, 1, edge_p, null_p);
			END LOOP;
			lines := lines || ('(' || array_to_string(cells, ', ') || ')');
		END LOOP;
		args := array(SELECT 'c' || g FROM generate_series(1, nargs) g);
		IF rows = 0 THEN
			RETURN format('SELECT skill.%I(%s) FROM (SELECT %s) v(%s) WHERE false', f.name,
				array_to_string(args, ', '),
				array_to_string(array(SELECT 'NULL::' || t FROM unnest(f.argtypes) t), ', '),
				array_to_string(args, ', '));
		END IF;
		RETURN format('SELECT skill.%I(%s) FROM (VALUES %s) v(%s)', f.name, array_to_string(args, ', '),
			array_to_string(lines, ', '), array_to_string(args, ', '));
	END IF;
	FOR i IN 1 .. nargs LOOP
		IF f.argnames[i] = left_out THEN
			IF NOT named AND i <= given THEN
				args := args || ('NULL::' || f.argtypes[i]);
			END IF;
			CONTINUE;
		END IF;
		IF named THEN
			-- named notation may leave out any defaulted argument
			IF i > nargs - f.ndefaults AND random() < 0.5 THEN
				CONTINUE;
			END IF;
			args := args || format('%I => %s', f.argnames[i],
				skill_fuzz.value_text(f.argtypes[i], f.argnames[i], n, m, edge_p, null_p));
		ELSIF i <= given THEN
			args := args || skill_fuzz.value_text(f.argtypes[i], f.argnames[i], n, m, edge_p, null_p);
		END IF;
	END LOOP;
	call := format('skill.%I(%s)', f.name, array_to_string(args, ', '));
	IF f.retset THEN
		RETURN 'SELECT * FROM ' || call;
	END IF;
	RETURN 'SELECT ' || call;
END $$;

-- The PRNG state of call i of run seed.
CREATE FUNCTION skill_fuzz.seed_call(seed bigint, i bigint) RETURNS void
LANGUAGE sql AS $$
	SELECT setseed(hashint8(seed * 1000003 + i)::float8 / 2147483649.0)
$$;

-- The statement of call i of run seed (to reproduce one call).
CREATE FUNCTION skill_fuzz.statement_of(seed bigint, i bigint) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
	f skill_fuzz.funcs;
	nfuncs int := (SELECT count(*) FROM skill_fuzz.funcs);
	chosen int;
BEGIN
	PERFORM skill_fuzz.seed_call(seed, i);
	chosen := 1 + floor(random() * nfuncs)::int;
	SELECT * INTO f FROM skill_fuzz.funcs WHERE id = chosen;
	RETURN skill_fuzz.statement(f);
END $$;

-- Runs calls first .. first + n - 1; returns "calls ok failed internal nonfinite".
-- With trace, a NOTICE names each call before it runs (to find a crash).
CREATE FUNCTION skill_fuzz.run(seed bigint, first bigint, n int, trace boolean DEFAULT false)
RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
	stmt text;
	result text;
	ok int := 0;
	errors int := 0;
	internal int := 0;
	nonfinite int := 0;
	i bigint;
	state text;
	message text;
BEGIN
	FOR i IN first .. first + n - 1 LOOP
		stmt := skill_fuzz.statement_of(seed, i);
		IF trace THEN
			RAISE NOTICE 'call %: %;', i, stmt;
		END IF;
		BEGIN
			EXECUTE format('SELECT coalesce(string_agg(x::text, E''\n''), '''') FROM (%s) x', stmt)
				INTO result;
			IF result ~ '(NaN|Infinity)' THEN
				nonfinite := nonfinite + 1;
				INSERT INTO skill_fuzz.findings VALUES (seed, i, 'non-finite', NULL, left(result, 300), stmt);
			ELSE
				ok := ok + 1;
			END IF;
		EXCEPTION WHEN OTHERS THEN
			GET STACKED DIAGNOSTICS state = RETURNED_SQLSTATE, message = MESSAGE_TEXT;
			IF left(state, 2) IN ('XX', '58') THEN
				internal := internal + 1;
				INSERT INTO skill_fuzz.findings VALUES (seed, i, 'internal error', state, message, stmt);
			ELSE
				errors := errors + 1;
			END IF;
		END;
	END LOOP;
	RETURN format('%s %s %s %s %s', n, ok, errors, internal, nonfinite);
END $$;

-- For tuning the generator: how often each function fails, and why.
CREATE FUNCTION skill_fuzz.outcomes(seed bigint, first bigint, n int)
RETURNS TABLE(call bigint, fname text, state text, message text)
LANGUAGE plpgsql AS $$
DECLARE
	stmt text;
	result text;
BEGIN
	FOR call IN first .. first + n - 1 LOOP
		stmt := skill_fuzz.statement_of(seed, call);
		fname := substring(stmt FROM 'skill\.([a-z0-9_]+)\(');
		BEGIN
			EXECUTE format('SELECT coalesce(string_agg(x::text, E''\n''), '''') FROM (%s) x', stmt) INTO result;
			state := '00000';
			message := NULL;
		EXCEPTION WHEN OTHERS THEN
			GET STACKED DIAGNOSTICS state = RETURNED_SQLSTATE, message = MESSAGE_TEXT;
		END;
		RETURN NEXT;
	END LOOP;
END $$;
