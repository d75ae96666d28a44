# scripts/gen_family_sql.awk - the SQL declarations of every family's replay
# aggregate (part=replay) or history function (part=history), generated at
# build time from src/families/families.def:
#   awk -v part=replay -f scripts/gen_family_sql.awk src/families/families.def
# One line there, FAMILY(prefix, kind, period, history, label), gives
# skill.<prefix>_replay (four overloads: plain, with priors, with priors
# and options, and with match details too; a family with rating periods
# has them twice, with a period argument after played_at and without one,
# each match then its own period) and, where history is "history",
# skill.<prefix>_history.

function sqltype(kind) {
	return kind == "elo" ? "float8" : "skill." kind
}

function emit_step(prefix, args, extra, what, symbol) {
	printf "CREATE FUNCTION skill_internal.%s_replay_step(internal, %s%s)\n", prefix, args, extra
	printf "RETURNS internal\nAS 'MODULE_PATHNAME', '%s'\nLANGUAGE C PARALLEL SAFE;\n", symbol
	printf "COMMENT ON FUNCTION skill_internal.%s_replay_step(internal, %s%s) IS\n", prefix, args, extra
	printf "  'Transition function of skill.%s_replay%s';\n", prefix, what
}

function emit_aggregate(prefix, named, types, label, result, how) {
	printf "CREATE AGGREGATE skill.%s_replay(%s) (\n", prefix, named
	printf "  SFUNC = skill_internal.%s_replay_step,\n  STYPE = internal,\n", prefix
	printf "  FINALFUNC = skill_internal.%s_replay_final,\n  FINALFUNC_MODIFY = READ_WRITE\n);\n", prefix
	printf "COMMENT ON AGGREGATE skill.%s_replay(%s) IS\n", prefix, types
	printf "  'Replays a match history (%s) ordered by played_at, match_id%s; returns %s[]';\n",
		label, how, result
}

# The four overloads of one argument list, with (with_period) or without
# a period argument; the first list also declares the final function.
function emit_overloads(prefix, kind, label, with_period, how, first,    t, result, args, named, symbol) {
	t = sqltype(kind)
	result = "skill.replayed_" (kind == "glicko" ? "glicko" : kind)
	args = "bigint, timestamptz, " (with_period ? "timestamptz, " : "") "bigint, int, float8"
	named = "match_id bigint, played_at timestamptz, " \
		(with_period ? "period timestamptz, " : "") \
		"player_id bigint, team int, rank float8"
	symbol = prefix "_replay_step" (how == "" ? "" : "_per_match")
	emit_step(prefix, args, "", how, symbol)
	emit_step(prefix, args, ", " t, how " with priors", symbol)
	emit_step(prefix, args, ", " t ", jsonb", how " with priors and options", symbol)
	emit_step(prefix, args, ", " t ", jsonb, skill.match_details", how " with priors, options and match details", symbol)
	if (first) {
		printf "CREATE FUNCTION skill_internal.%s_replay_final(internal)\nRETURNS %s[]\n", prefix, result
		printf "AS 'MODULE_PATHNAME', 'replay_final'\nLANGUAGE C PARALLEL SAFE;\n"
		printf "COMMENT ON FUNCTION skill_internal.%s_replay_final(internal) IS\n", prefix
		printf "  'Final function of skill.%s_replay: rates the last match and lists every player';\n", prefix
	}
	emit_aggregate(prefix, named, args, label, result, how)
	emit_aggregate(prefix, named ", prior " t, args ", " t, label, result,
		how ", starting from each player''s prior (NULL = default)")
	emit_aggregate(prefix, named ", prior " t ", options jsonb", args ", " t ", jsonb", label,
		result, how ", with priors and options (see skill.replay_options())")
	emit_aggregate(prefix, named ", prior " t ", options jsonb, details skill.match_details",
		args ", " t ", jsonb, skill.match_details", label, result,
		how ", with priors, options and each row''s match details (score, context, length, home)")
}

function emit_replay(prefix, kind, period, label) {
	printf "\n-- %s\n", label
	emit_overloads(prefix, kind, label, period == "period", "", 1)
	if (period == "period")
		emit_overloads(prefix, kind, label, 0, " (each match its own rating period)", 0)
}

function emit_history(prefix, kind, label,    t) {
	t = sqltype(kind)
	printf "\nCREATE FUNCTION skill.%s_history(rows text, options jsonb DEFAULT NULL)\n", prefix
	printf "RETURNS TABLE (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8,\n"
	printf "               rating_before %s, rating_after %s, predicted_win float8,\n", t, t
	printf "               predicted_draw float8, matches_before int, outcome float8,\n"
	printf "               expected_score float8)\n"
	printf "AS 'MODULE_PATHNAME', '%s_history'\nLANGUAGE C VOLATILE PARALLEL UNSAFE;\n", prefix
	printf "COMMENT ON FUNCTION skill.%s_history(text, jsonb) IS\n", prefix
	printf "  'Replays the rows query (%s) and returns, per match and player, the rating before and after, the predicted chance of the player''s team winning and of a draw (NULL where the family has none; with option draw_model the chances of a win and of a draw, else the family''s one chance), the player''s matches before this one, the outcome its team was rated with, and its expected score (win + draw/2 with a draw model, else predicted_win)';\n", label
}

BEGIN {
	printf "\n-- Generated from src/families/families.def by scripts/gen_family_sql.awk (part=%s).\n", part
	if (part == "history")
		printf "%s\n%s\n%s\n%s\n%s\n%s\n%s\n%s\n",
			"---------------------------------------------------------------------------",
			"-- History: the replay streamed per (match, player)",
			"---------------------------------------------------------------------------",
			"-- rows is a query returning match_id bigint, played_at timestamptz,",
			"-- [period timestamptz,] player_id bigint, team int, rank float8 [, prior],",
			"-- ordered by played_at, match_id.  Output rows come in match order (for",
			"-- the Glicko families, when the match's rating period closes);",
			"-- predicted_win and predicted_draw are computed before the match."
}

/^FAMILY\(/ {
	line = $0
	sub(/^FAMILY\(/, "", line)
	sub(/\)[[:space:]]*$/, "", line)
	label = line
	sub(/^[^"]*"/, "", label)
	sub(/"$/, "", label)
	sub(/, *"[^"]*"$/, "", line)
	n = split(line, f, /, */)
	if (n != 4) {
		print "bad FAMILY line: " $0 > "/dev/stderr"
		exit 1
	}
	if (part == "replay")
		emit_replay(f[1], f[2], f[3], label)
	else if (part == "history" && f[4] == "history")
		emit_history(f[1], f[2], label)
}
