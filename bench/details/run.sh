#!/usr/bin/env bash
# bench/details/run.sh - match details at scale: on 1,000,000
# seeded 1v1 matches (bench/replay/gen.mjs) with a score per player (games
# won), a context (one of four surfaces) and a length (best of 3 or 5),
# each history and replay with every detail in use (outcome share, context
# ratings, length exponent) against the same by rank, measured in the same
# run (the ratio is the target: within 1.5x); then skill.fit of the full
# Glicko-1 system, eight parameters, by the quasi-Newton search and by the
# coordinate search of earlier versions (target: converged within 150
# replays).  Between them, the histories with a draw model against the
# same without, on the matches with every fourth a draw.
# Best of RUNS (default 3) per query, server execution times.
source "$(dirname "$0")/../../scripts/lib.sh"

RUNS=${RUNS:-3}
MATCHES=${MATCHES:-1000000}
bench_1v1_setup details
q <<SQL
CREATE EXTENSION skill;
CREATE TABLE raw (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8);
\copy raw FROM '$DATA/h1v1.csv' WITH (FORMAT csv)
-- Seeded details: the winner by rank takes 12 + (id mod 7) games of 20 or so.
CREATE TABLE results AS
SELECT match_id, played_at, player_id, team, rank,
       (CASE WHEN rank = 1 THEN 12 + (match_id * 7 + team) % 7 ELSE 6 + (match_id * 13 + team) % 9 END)::float8 AS score,
       (ARRAY['hard', 'clay', 'grass', 'carpet'])[1 + match_id % 4] AS context,
       (CASE WHEN match_id % 3 = 0 THEN 5 ELSE 3 END)::float8 AS length
FROM raw ORDER BY played_at, match_id;
CREATE INDEX ON results (played_at, match_id);
VACUUM ANALYZE results;
SQL

rank_rows='SELECT match_id, played_at, player_id, team, rank FROM results ORDER BY played_at, match_id'
detail_rows='SELECT * FROM results ORDER BY played_at, match_id'
share='"outcome": "share", "outcome_k": 1.5, "context_weight": 0.3, "length_exponent": 0.4'
# row LABEL RANK_QUERY DETAIL_QUERY
row() {
	local a b
	a=$(best_seconds "" "$2")
	b=$(best_seconds "" "$3")
	awk -v l="$1" -v a="$a" -v b="$b" 'BEGIN { printf "| %s | %s s | %s s | %.2fx |\n", l, a, b, b / a }'
}
echo "| $MATCHES 1v1 matches | by rank | with score, context, length | ratio |"
echo "|---|---|---|---|"
for f in elo glicko glicko2 team_glicko; do
	row "\`${f}_history\`" \
		"SELECT count(*) FROM skill.${f}_history('$rank_rows')" \
		"SELECT count(*) FROM skill.${f}_history('$detail_rows', '{$share}')"
done
row '`elo_replay`' \
	"SELECT cardinality(skill.elo_replay(match_id, played_at, player_id, team, rank)) FROM ($rank_rows) r" \
	"SELECT cardinality(skill.elo_replay(match_id, played_at, player_id, team, rank, NULL, '{$share}', skill.details(score, context, length))) FROM ($detail_rows) r"
row '`glicko_replay`' \
	"SELECT cardinality(skill.glicko_replay(match_id, played_at, played_at, player_id, team, rank)) FROM ($rank_rows) r" \
	"SELECT cardinality(skill.glicko_replay(match_id, played_at, played_at, player_id, team, rank, NULL, '{$share}', skill.details(score, context, length))) FROM ($detail_rows) r"

# Draw models: the same matches with every fourth a draw (both ranks 1),
# each history with a draw model against the same without (target:
# within 1.1x); TrueSkill with its own draw margin.
q <<SQL
CREATE TABLE drawn AS
SELECT match_id, played_at, player_id, team, CASE WHEN match_id % 4 = 0 THEN 1 ELSE rank END AS rank
FROM raw ORDER BY played_at, match_id;
CREATE INDEX ON drawn (played_at, match_id);
VACUUM ANALYZE drawn;
SQL
drawn_rows='SELECT * FROM drawn ORDER BY played_at, match_id'
echo
echo "| $MATCHES 1v1 matches, 25 % draws | without a draw model | with | ratio |"
echo "|---|---|---|---|"
for f in elo glicko glicko2 trueskill; do
	model='"draw_model": "threshold", "draw_margin": 0.6'
	[ "$f" = trueskill ] && model='"draw_model": "native"'
	row "\`${f}_history\`, $model" \
		"SELECT count(*) FROM skill.${f}_history('$drawn_rows')" \
		"SELECT count(*) FROM skill.${f}_history('$drawn_rows', '{$model}')"
done

# The fit: Glicko-1 told the game shares, surfaces and lengths, seven
# parameters and c, by the quasi-Newton search (default budget) and by
# the coordinate search of earlier versions (its old budget, 60), in the
# same run.  Evaluations count the search's replays, gradients included.
search='{"rd": [50, 350], "rd_per_day": [0, 10], "c": [0, 60], "outcome_w": [0, 1], "outcome_k": [0.3, 3], "context_weight": [0, 1], "length_exponent": [0, 1], "predict_scale": [0.3, 3]}'
echo
echo "| fit, Glicko-1 with 8 parameters over $MATCHES matches | converged | stop | evaluations | gradient replays | Hessian replays | seconds | train log-loss |"
echo "|---|---|---|---|---|---|---|---|"
for method in '"method": "quasi_newton"' '"method": "coordinate", "max_evaluations": 60'; do
	q -F ' | ' <<SQL
SET client_min_messages = warning;
SELECT '| ' || (f->>'parameters'), f->>'converged', f->>'stop_reason', f->>'evaluations', f->>'gradient_replays',
       f->>'hessian_replays', round((f->>'seconds')::numeric, 1), round((f->'train'->>'log_loss')::numeric, 6) || ' |'
FROM skill.fit('glicko', '$detail_rows', '$search', '{$method, "options": {"outcome": "share"}}') f;
SQL
done
