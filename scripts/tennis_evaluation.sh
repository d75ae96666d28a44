#!/usr/bin/env bash
# scripts/tennis_evaluation.sh DIR - the evaluation of docs/analysis.md on a real public
# match history: Jeff Sackmann's ATP results (github.com/JeffSackmann/tennis_atp,
# CC BY-NC-SA 4.0: not redistributed here; clone it and pass its directory).
# Singles at every level (tour, qualifying and challengers, futures) from
# 1990: about 815,000 two-player matches.  It starts a throwaway cluster,
# loads the matches (winner rank 1, loser rank 2, played in tournament-date
# and match-number order), scores every system with skill.evaluate from
# 2010 on, then fits each system's parameters on 1990-2009 with skill.fit
# and scores the fitted system from 2010 on.  Prints markdown tables.
#   git clone --depth 1 https://github.com/JeffSackmann/tennis_atp /tmp/tennis_atp
#   bash scripts/tennis_evaluation.sh /tmp/tennis_atp
# Team 1 is the player with the lower id (not the winner), so outcomes vary.
#
# MARGIN=1 adds a second part (MARGIN=only: that part alone): each row also
# carries score (the games its player won, scripts/tennis_score.sql), context
# (the surface) and length (best of 3 or 5), and Glicko-1 is fitted on
# 1990-2009 with game shares as outcomes, then surfaces, then match length,
# each scored from 2010 on.  No home column: the files name no tournament
# country.  TRUST=1 adds a third part (TRUST=only: that part alone): a fit
# from several starts and the standard errors against profiles.
# TTT=1 adds a fourth part (TTT=only: that part alone): TrueSkill Through
# Time's honest forecasts (each match from the batches before it, the past
# re-smoothed yearly, then monthly) scored from 2010 on beside TrueSkill and
# Elo, with the paired differences; then the whole history smoothed (sweeps,
# matches a second per sweep) and a week's incremental update, over the
# whole history and over windows, against a recompute (docs/ttt.md).
# TTT_FIT=1 adds a fifth part (TTT_FIT=only: that part alone): ttt's beta
# and gamma fitted on 1990-2009 (re-smoothed yearly, from the fourth part's
# point, within a time budget), then scored from 2010 on beside the
# unfitted ttt yearly and TrueSkill fitted.  TTT_FIT_SECONDS: the search's
# budget in seconds (default 1500).
# LOAD_ONLY=1 stops after loading (and the data summary), for
# checking the loader alone.
source "$(dirname "$0")/lib.sh"

DATA=${1:?usage: tennis_evaluation.sh DIR (a checkout of JeffSackmann/tennis_atp)}
DATA=$(cd "$DATA" && pwd)
MARGIN=${MARGIN:-}
ensure_packages
build_and_install
start_cluster
q() { psql -X -q -v ON_ERROR_STOP=1 -d postgres "$@"; }
q -c "CREATE EXTENSION skill"
q -f "$REPO_ROOT/scripts/tennis_score.sql"	# tennis_games(score), self-checked

log "loading matches"
columns=$(head -1 "$DATA/atp_matches_2019.csv" | sed 's/,/ text, /g; s/$/ text/')
q -c "CREATE UNLOGGED TABLE raw ($columns)"
for f in "$DATA"/atp_matches_[0-9]*.csv "$DATA"/atp_matches_qual_chall_*.csv "$DATA"/atp_matches_futures_*.csv; do
	[ -e "$f" ] || continue
	chmod o+r "$f"
	q -c "\\copy raw FROM '$f' WITH (FORMAT csv, HEADER)"
done
q <<'SQL'
-- The named extra columns score, context and length follow the five the
-- first part reads.
CREATE TABLE results (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8,
                      score float8, context text, length float8);
INSERT INTO results
SELECT m.id, m.played_at, p.player_id, p.team, p.rank, p.score, m.context, m.length
FROM (SELECT row_number() OVER (ORDER BY d, tourney_id, match_num::int) AS id,
             d + match_num::int * interval '1 second' AS played_at, winner_id, loser_id,
             g.winner AS winner_games, g.loser AS loser_games,
             nullif(surface, '') AS context, nullif(best_of, '')::float8 AS length
      FROM (SELECT *, to_date(tourney_date, 'YYYYMMDD')::timestamp AT TIME ZONE 'UTC' AS d FROM raw
            WHERE tourney_date >= '19900101' AND winner_id <> '' AND loser_id <> ''
              AND winner_id <> loser_id) r
      LEFT JOIN LATERAL tennis_games(r.score) g ON true) m
CROSS JOIN LATERAL (VALUES (m.winner_id::bigint, 1.0::float8, m.winner_games::float8),
                           (m.loser_id::bigint, 2.0, m.loser_games)) w(player_id, rank, score)
-- Team 1 is the player with the lower id, so the first team's outcome varies.
CROSS JOIN LATERAL (SELECT w.player_id, CASE WHEN w.player_id = least(m.winner_id::bigint, m.loser_id::bigint)
                                             THEN 1 ELSE 2 END AS team, w.rank, w.score) p;
CREATE INDEX ON results (played_at, match_id);
ANALYZE results;
SQL
q -At -c "SELECT format('%s matches, %s players, %s to %s', count(DISTINCT match_id), count(DISTINCT player_id), min(played_at)::date, max(played_at)::date) FROM results"
if [ -n "$MARGIN" ] || [ -n "${LOAD_ONLY:-}" ]; then
	q -At <<'SQL'
WITH m AS (SELECT match_id, played_at, min(context) AS context, min(length) AS length,
                  bool_or(score IS NULL) AS no_score,
                  max(score) FILTER (WHERE rank = 1) < max(score) FILTER (WHERE rank = 2) AS winner_fewer
           FROM results GROUP BY match_id, played_at)
SELECT format('score NULL in %s matches (%s%%; %s from 2010), winner with fewer games in %s; surfaces: %s; best of: %s',
              count(*) FILTER (WHERE no_score), round(100.0 * count(*) FILTER (WHERE no_score) / count(*), 2),
              count(*) FILTER (WHERE no_score AND played_at >= '2010-01-01 00:00+00'),
              count(*) FILTER (WHERE winner_fewer),
              (SELECT string_agg(format('%s %s', coalesce(context, 'NULL'), n), ', ' ORDER BY n DESC)
               FROM (SELECT context, count(*) AS n FROM m GROUP BY context) c),
              (SELECT string_agg(format('%s: %s', coalesce(length::text, 'NULL'), n), ', ' ORDER BY length)
               FROM (SELECT length, count(*) AS n FROM m GROUP BY length) l))
FROM m;
SQL
fi
[ -z "${LOAD_ONLY:-}" ] || exit 0

# A fit's parameters as "name value ± standard error" (f: the fit's result).
PARAMS_SE="(SELECT string_agg(format('%s %s%s', key, round((value #>> '{}')::numeric, 4),
                                   coalesce(' ± ' || round((f->'standard_errors'->>key)::numeric, 4), '')), ', ')
            FROM jsonb_each(f->'parameters'))"

# The first part: every system on wins and losses alone.
win_loss() {
	local rows='SELECT match_id, played_at, player_id, team, rank FROM results ORDER BY played_at, match_id'
	log "defaults, scored from 2010"
	echo "| system (defaults) | matches | log-loss | Brier | accuracy | ECE | calibration slope |"
	echo "|---|---|---|---|---|---|---|"
	q -At -F ' | ' <<SQL
SELECT '| ' || system, n, round(log_loss::numeric, 4), round(brier::numeric, 4), round(accuracy::numeric, 4),
       round(ece::numeric, 4), round(calibration_slope::numeric, 3) || ' |'
FROM skill.evaluate('$rows', ARRAY['elo', 'glicko', 'glicko2', 'pl', 'bt_full', 'tm_full', 'trueskill'],
                    '{"score_from": "2010-01-01 00:00+00"}');
SQL

	log "fitted on 1990-2009, scored from 2010"
	echo
	echo "| system (fitted on 1990-2009) | parameters ± standard error | train log-loss | held-out log-loss (2010+) | converged | evaluations | seconds |"
	echo "|---|---|---|---|---|---|---|"
	fit() {		# system search
		q -At -F ' | ' <<SQL
SET client_min_messages = warning;
SELECT '| ' || (f->>'system'), $PARAMS_SE, round((f->'train'->>'log_loss')::numeric, 4),
       round((f->'held_out'->>'log_loss')::numeric, 4), f->>'converged', f->>'evaluations',
       round((f->>'seconds')::numeric, 1)::text || ' |'
FROM skill.fit('$1', '$rows', '$2', '{"train_until": "2010-01-01 00:00+00"}') f;
SQL
	}
	fit elo '{"k": [4, 100]}'
	fit elo '{"k_a": [50, 600], "k_b": [1, 30], "k_c": [0, 1]}'
	fit glicko '{"c": [0, 100], "rd": [50, 500], "rd_per_day": [0, 10]}'
	fit pl '{"beta": [1, 20], "tau": [0, 1]}'
	fit trueskill '{"beta": [1, 20], "tau": [0, 1]}'
}

# The second part: Glicko-1 told more than who won, one named column
# at a time.  Each step fits its parameters and the earlier ones jointly on
# 1990-2009 (25 evaluations a parameter, at least 60), then evaluate replays
# the fitted system and scores it from 2010 on; fit's own held-out log-loss
# must be the same number.  The rows query of a step has only the columns
# it uses, so a step does not depend on another column's default.
GLICKO='"c": [0, 100], "rd": [50, 500], "rd_per_day": [0, 10]'
# w: weight of the result against the game share; k: sharpening of the
# share's logit (skill.share_outcome); predict_scale: on the predicted
# win probability's logit, as game shares pull ratings together.
SHARE='"outcome_w": [0, 1], "outcome_k": [0.25, 8], "predict_scale": [0.25, 4]'
# Games of difference per logit (skill.difference_outcome).
DIFFERENCE='"outcome_scale": [0.5, 20], "predict_scale": [0.25, 4]'
CONTEXT='"context_weight": [0, 1]'
LENGTH='"length_exponent": [0, 2]'

margins() {
	log "Glicko-1 with game shares, surfaces and match length: fitted on 1990-2009, scored from 2010"
	echo
	echo "| system (fitted on 1990-2009) | held-out log-loss (2010+) | Brier | ECE | calibration slope | parameters ± standard error | converged | evaluations | seconds |"
	echo "|---|---|---|---|---|---|---|---|---|"
	step() {	# label extra-columns fixed-options search
		local rows="SELECT match_id, played_at, player_id, team, rank$2 FROM results ORDER BY played_at, match_id"
		q -At <<SQL
SET client_min_messages = warning;
WITH f AS (SELECT skill.fit('glicko', '$rows', '{$4}',
                            jsonb_build_object('train_until', '2010-01-01 00:00+00', 'options', '{$3}'::jsonb)) AS f),
     o AS (SELECT f, '{$3}'::jsonb || (f->'parameters') AS options FROM f),
     kept AS (INSERT INTO fitted SELECT '$1', '$2', options FROM o)
SELECT format('| %s | %s | %s | %s | %s | %s | %s | %s | %s |', '$1', round(s.log_loss::numeric, 4), round(s.brier::numeric, 4),
              round(s.ece::numeric, 4), round(s.calibration_slope::numeric, 3), $PARAMS_SE,
              f->>'converged', f->>'evaluations', round((f->>'seconds')::numeric, 1)) AS line,
       abs(s.log_loss - (f->'held_out'->>'log_loss')::float8) < 1e-7 AS same,
       s.log_loss AS evaluated, f->'held_out'->>'log_loss' AS held_out
FROM o, skill.evaluate('$rows', ARRAY['glicko'],
                       jsonb_build_object('score_from', '2010-01-01 00:00+00', 'glicko', o.options)) s
\gset
\echo :line
\if :same
\else
\warn '$1: held-out log-loss of fit' :held_out 'but of evaluate' :evaluated
\endif
SQL
	}
	# refit LABEL FROM OPTIONS: the fitted system of step FROM with its
	# prediction parameters refitted walk-forward (refit_every, refit_window
	# in OPTIONS), scored from 2010.
	refit() {
		q -At <<SQL
SELECT format('| %s | %s | %s | %s | %s | %s | %s | %s | %s |', '$1', round(s.log_loss::numeric, 4), round(s.brier::numeric, 4),
              round(s.ece::numeric, 4), round(s.calibration_slope::numeric, 3), '$3', '-', '-', '-')
FROM fitted f,
     skill.evaluate(format('SELECT match_id, played_at, player_id, team, rank%s FROM results ORDER BY played_at, match_id', f.columns),
                    ARRAY['glicko'],
                    jsonb_build_object('score_from', '2010-01-01 00:00+00',
                                       'glicko', f.options || '{$3}')) s
WHERE f.label = '$2';
SQL
	}
	q -c "CREATE TABLE fitted (label text, columns text, options jsonb)"
	step 'glicko, win/loss' '' '' "$GLICKO"
	step 'glicko, game share' ', score' '"outcome": "share"' "$GLICKO, $SHARE"
	step 'glicko, game difference' ', score' '"outcome": "difference"' "$GLICKO, $DIFFERENCE"
	step 'glicko, game share + surface' ', score, context' '"outcome": "share"' "$GLICKO, $SHARE, $CONTEXT"
	step 'glicko, game share + surface + best-of' ', score, context, length' '"outcome": "share"' \
		"$GLICKO, $SHARE, $CONTEXT, $LENGTH"
	refit '+ the three prediction parameters refitted every year on all earlier matches' \
		'glicko, game share + surface + best-of' '"refit_every": "1 year"'
	refit '+ the same on the year before' 'glicko, game share + surface + best-of' \
		'"refit_every": "1 year", "refit_window": "1 year"'
}

# The third part (TRUST=1; TRUST=only: that part alone): how far a fit can
# be trusted.  Glicko-1 fitted from four starts spread over the bounds
# (skill.fit's starts), with every optimum found; then each standard error
# against the profile likelihood: the parameter fixed at estimate +- 1.96
# standard errors and the others fitted again, where twice the rise of the
# summed train log-loss should be 3.84 (the 95 % chi-square point) if the
# standard error is right.
trust() {
	local rows='SELECT match_id, played_at, player_id, team, rank FROM results ORDER BY played_at, match_id'
	log "Glicko-1 from four starts, fitted on 1990-2009"
	q -q <<SQL
SET client_min_messages = warning;
CREATE TABLE trust_fits AS
SELECT 'glicko' AS system, '{"c": [0, 100], "rd": [50, 500], "rd_per_day": [0, 10]}'::jsonb AS search,
       skill.fit('glicko', '$rows', '{"c": [0, 100], "rd": [50, 500], "rd_per_day": [0, 10]}',
                 '{"train_until": "2010-01-01 00:00+00", "starts": 4}') AS f
UNION ALL
SELECT 'glicko, one start', '{}', skill.fit('glicko', '$rows', '{"c": [0, 100], "rd": [50, 500], "rd_per_day": [0, 10]}',
                                         '{"train_until": "2010-01-01 00:00+00"}')
UNION ALL
SELECT 'elo', '{"k": [4, 100]}', skill.fit('elo', '$rows', '{"k": [4, 100]}', '{"train_until": "2010-01-01 00:00+00"}');
SQL
	echo
	echo "| Glicko-1 fit | stop_reason | train log-loss | held-out log-loss (2010+) | parameters | evaluations | seconds |"
	echo "|---|---|---|---|---|---|---|"
	q -At <<SQL
SELECT format('| %s | %s | %s | %s | %s | %s | %s |', CASE system WHEN 'glicko' THEN 'four starts' ELSE 'one start (the defaults)' END,
              f->>'stop_reason', round((f->'train'->>'log_loss')::numeric, 7), round((f->'held_out'->>'log_loss')::numeric, 4),
              (SELECT string_agg(format('%s %s', key, round((value #>> '{}')::numeric, 4)), ', ') FROM jsonb_each(f->'parameters')),
              f->>'evaluations', round((f->>'seconds')::numeric))
FROM trust_fits WHERE system LIKE 'glicko%' ORDER BY system DESC;
SQL
	echo
	echo "| Glicko-1, optimum of four starts | train log-loss | starts that ended in it | stop_reason | parameters |"
	echo "|---|---|---|---|---|"
	q -At <<SQL
SELECT format('| %s | %s | %s | %s | %s |', i, round((o->>'train_log_loss')::numeric, 7), o->>'starts', o->>'stop_reason',
              (SELECT string_agg(format('%s %s', key, round((value #>> '{}')::numeric, 4)), ', ') FROM jsonb_each(o->'parameters')))
FROM trust_fits, jsonb_array_elements(f->'starts'->'optima') WITH ORDINALITY AS t(o, i)
WHERE system = 'glicko' ORDER BY i;
SQL
	log "standard errors against the profile likelihood"
	echo
	echo "| system | parameter | estimate ± standard error | 2 × rise of the summed log-loss at −1.96 SE | at +1.96 SE |"
	echo "|---|---|---|---|---|"
	q -At <<SQL
SET client_min_messages = warning;
WITH p AS (SELECT system, search, f, key AS param, (f->'parameters'->>key)::float8 AS est,
                  (f->'standard_errors'->>key)::float8 AS se, (f->'train'->>'n')::float8 AS n,
                  (f->'train'->>'log_loss')::float8 AS loss
           FROM trust_fits, jsonb_object_keys(f->'standard_errors') key
           WHERE f->'standard_errors'->>key IS NOT NULL AND system IN ('glicko', 'elo')),
     r AS (SELECT p.*, side,
                  (skill.fit(system, '$rows',
                             search || jsonb_build_object(param, jsonb_build_array(est + side * 1.96 * se, est + side * 1.96 * se)),
                             jsonb_build_object('train_until', '2010-01-01 00:00+00',
                                                'options', f->'parameters'))->'train'->>'log_loss')::float8 AS profile_loss
           FROM p, (VALUES (-1), (1)) v(side))
SELECT format('| %s | %s | %s ± %s | %s | %s |', system, param, round(est::numeric, 4), round(se::numeric, 4),
              round((2 * n * (min(profile_loss) FILTER (WHERE side = -1) - loss))::numeric, 2),
              round((2 * n * (min(profile_loss) FILTER (WHERE side = 1) - loss))::numeric, 2))
FROM r GROUP BY system, param, est, se, n, loss ORDER BY system, param;
SQL
}

# The fourth part (TTT=1; TTT=only: that part alone): TrueSkill Through
# Time in evaluate, its forecasts honest (from the batches before each
# match; a batch is a played_at, here one match).  beta is TrueSkill's
# fitted 11.68 (above); gamma 0.37 a day is TrueSkill's fitted tau of 1 a
# match at some 50 matches a year.  First re-smoothed every 365 days (to
# epsilon 1e-3, at most 30 warm sweeps each) beside TrueSkill fitted, at
# its defaults and Elo, paired with ttt; then every 30 days (at most 10
# warm sweeps each) paired with TrueSkill fitted.  Each call's seconds.
ttt() {
	local rows='SELECT match_id, played_at, player_id, team, rank FROM results ORDER BY played_at, match_id'
	local tttopts='"family": "ttt", "beta": 11.68, "gamma": 0.37, "epsilon": 1e-3'
	local trueskill='"trueskill fitted": {"family": "trueskill", "beta": 11.6759, "tau": 1}'
	log "TrueSkill Through Time, honest forecasts scored from 2010"
	echo
	echo "| system | matches | log-loss | Brier | accuracy | calibration slope | log-loss − first's | paired SE |"
	echo "|---|---|---|---|---|---|---|---|"
	score() {	# systems options
		local started=$SECONDS
		q -At -F ' | ' <<SQL
SELECT '| ' || system, n, round(log_loss::numeric, 4), round(brier::numeric, 4), round(accuracy::numeric, 4),
       round(calibration_slope::numeric, 3), coalesce(round(log_loss_diff::numeric, 4)::text, ''),
       coalesce(round(log_loss_diff_se::numeric, 4)::text, '') || ' |'
FROM skill.evaluate('$rows', $1, '{"score_from": "2010-01-01 00:00+00", $2}');
SQL
		echo "| (that call: $((SECONDS - started)) s) |||||||"
	}
	score "ARRAY['ttt yearly', 'trueskill fitted', 'trueskill', 'elo']" \
		"\"ttt yearly\": {$tttopts, \"resmooth_every\": 365}, $trueskill"
	score "ARRAY['ttt monthly', 'trueskill fitted']" \
		"\"ttt monthly\": {$tttopts, \"resmooth_every\": 30, \"iterations\": 10}, $trueskill"
}

# With TTT: the whole history smoothed to convergence (epsilon 1e-3, at
# ttt's parameters above), its sweeps and matches a second per sweep; then
# the incremental step: the state of the history before the week of
# 2024-11-11 (ttt_state), that week's matches added by ttt_update over the
# whole history and over windows of 365, 90 and 30 days, beside a recompute,
# each against the fixed point (epsilon 1e-5): seconds, matches solved, rows
# returned, window_change and the errors of the ratings (updated, or stored
# where the update left them).  Timings are one run each.
ttt_speed() {
	local rows='SELECT match_id, played_at, player_id, team, rank FROM results'
	local o='"beta": 11.68, "gamma": 0.37, "epsilon": 1e-3, "iterations": 1000'
	local week="'2024-11-11 00:00+00'" next="'2024-11-18 00:00+00'"
	local before="$rows WHERE played_at < $week ORDER BY played_at, match_id"
	local after="$rows WHERE played_at < $next ORDER BY played_at, match_id"
	log "TrueSkill Through Time: the whole history smoothed, and a week's update"
	timed() {	# SQL: one line, "seconds | result"
		q -At -F ' | ' -c '\timing on' -c "$1" | awk '/^Time:/ { t = $2 / 1000; next } { r = $0 } END { printf "%.2f | %s\n", t, r }'
	}
	local first full
	first=$(timed "SELECT skill.ttt_summary('$rows ORDER BY played_at, match_id', '{$o, \"iterations\": 1}')->>'matches'")
	full=$(timed "SELECT skill.ttt_summary('$rows ORDER BY played_at, match_id', '{$o}')->>'iterations'")
	echo
	echo "Smoothed to epsilon 1e-3: first pass ${first%% |*} s, to convergence ${full%% |*} s in ${full##*| } sweeps;" \
		"$(awk -v f="${first%% |*}" -v t="${full%% |*}" -v n="${full##*| }" -v m="${first##*| }" \
			'BEGIN { printf "%.0f matches a second per sweep", m * (n - 1) / (t - f) }')"
	q <<SQL
CREATE TABLE ttt_week_state AS SELECT * FROM skill.ttt_state(\$r\$$before\$r\$, '{$o}');
CREATE UNIQUE INDEX ON ttt_week_state (match_id, player_id);
CREATE INDEX ON ttt_week_state (player_id, played_at);
CREATE INDEX ON ttt_week_state (played_at);
VACUUM ANALYZE ttt_week_state;
CREATE TABLE ttt_week_fixed AS
SELECT * FROM skill.ttt_state(\$r\$$after\$r\$, '{$o, "epsilon": 1e-5, "iterations": 5000}');
CREATE UNIQUE INDEX ON ttt_week_fixed (match_id, player_id);
SQL
	q -f "$REPO_ROOT/scripts/ttt_window.sql"
	echo
	echo "The week of 2024-11-11 ($(q -At -c "SELECT count(DISTINCT match_id) FROM results WHERE played_at >= $week AND played_at < $next") matches) after $(q -At -c "SELECT count(DISTINCT match_id) FROM ttt_week_state") matches, epsilon 1e-3:"
	echo
	echo "| step | seconds | matches solved | rows returned | window_change | largest error | ratings off by more than 0.1 | by more than 1 |"
	echo "|---|---|---|---|---|---|---|---|"
	local name call since t
	for name in none recompute whole 365 90 30; do
		case $name in
		none) call="ttt_week_state WHERE false" ;;
		recompute) call="skill.ttt_state(\$r\$$after\$r\$, '{$o}')" ;;
		whole) call="skill.ttt_update(\$r\$$after\$r\$, 'SELECT * FROM ttt_week_state', '{$o}')" ;;
		*) since="timestamptz $week - $name * interval '24 hours'"
			call="skill.ttt_update(ttt_window_rows('results', $since, $next), ttt_window_state('ttt_week_state', 'results', $since, $next), '{$o}')" ;;
		esac
		t=$(timed "CREATE TABLE ttt_week_step AS SELECT * FROM $call")
		q -At -F ' | ' <<SQL
SELECT '| ' || CASE '$name' WHEN 'none' THEN 'none (the state before the week)' WHEN 'recompute' THEN 'recompute (ttt_state)' WHEN 'whole' THEN 'ttt_update, whole history'
                ELSE 'ttt_update, the last $name days' END,
       CASE '$name' WHEN 'none' THEN '' ELSE '${t%% |*}' END, coalesce(max(u.solved_matches), 0),
       CASE '$name' WHEN 'recompute' THEN '' ELSE count(u.*)::text END,
       round(coalesce(max(u.window_change), 0)::numeric, 4),
       e.largest, e.over_tenth, e.over_one || ' |'
FROM (SELECT round(max(x.e)::numeric, 4) AS largest, count(*) FILTER (WHERE x.e > 0.1) AS over_tenth,
             count(*) FILTER (WHERE x.e > 1) AS over_one
      FROM (SELECT abs((CASE '$name' WHEN 'recompute' THEN u.rating ELSE coalesce(u.rating, s.rating) END).mu
                       - (f.rating).mu) AS e
            FROM ttt_week_fixed f LEFT JOIN ttt_week_state s USING (match_id, player_id)
            LEFT JOIN ttt_week_step u USING (match_id, player_id)) x) e
LEFT JOIN ttt_week_step u ON true
GROUP BY e.largest, e.over_tenth, e.over_one;
DROP TABLE ttt_week_step;
SQL
	done
}

# The fifth part (TTT_FIT=1; TTT_FIT=only: that part alone): ttt's beta
# and gamma fitted, where the fourth part took TrueSkill's.  Each
# evaluation of fit runs ttt's forecasts over every row the rows query
# gives (re-smooths included), whatever train_until says, so the fit reads
# 1990-2009 alone (about 400,000 matches, 20 yearly re-smooths: some 35 s
# an evaluation, a third of the whole history's) and every match it reads
# trains.  Re-smoothed every 365 days to epsilon 1e-3, at most 30 warm
# sweeps each, from beta 11.68 and gamma 0.37; sigma stays 25/3 and no
# p_draw (tennis has no draws).  max_seconds bounds the search (the
# standard errors' replays, about a dozen, come on top); each evaluation is a
# NOTICE.  Then evaluate scores the fitted ttt from 2010 on, paired with ttt
# yearly at the fourth part's point and TrueSkill fitted (log-losses and
# differences to 5 decimals: the fitted and unfitted ttt are close).
ttt_fit() {
	local rows='SELECT match_id, played_at, player_id, team, rank FROM results ORDER BY played_at, match_id'
	local train="SELECT match_id, played_at, player_id, team, rank FROM results
	             WHERE played_at < ''2010-01-01 00:00+00'' ORDER BY played_at, match_id"
	local tttopts='"family": "ttt", "epsilon": 1e-3, "resmooth_every": 365, "iterations": 30'
	local started
	log "TrueSkill Through Time: beta and gamma fitted on 1990-2009 (re-smoothed yearly, at most ${TTT_FIT_SECONDS:-1500} s of search)"
	q -At <<SQL
SET client_min_messages = notice;
CREATE TABLE ttt_fit AS
SELECT skill.fit('ttt', '$train', '{"beta": [1, 40], "gamma": [0.01, 5]}',
                 jsonb_build_object('max_seconds', ${TTT_FIT_SECONDS:-1500}, 'progress', true,
                                    'options', '{$tttopts, "beta": 11.68, "gamma": 0.37}'::jsonb - 'family')) AS f;
SQL
	echo
	echo "| ttt fitted on 1990-2009 | parameters ± standard error | train matches | train log-loss | converged | stop_reason | evaluations | hessian replays | seconds |"
	echo "|---|---|---|---|---|---|---|---|---|"
	q -At <<SQL
SELECT format('| re-smoothed yearly | %s | %s | %s | %s | %s | %s | %s | %s |', $PARAMS_SE, f->'train'->>'n',
              round((f->'train'->>'log_loss')::numeric, 6), f->>'converged', f->>'stop_reason',
              f->>'evaluations', f->>'hessian_replays', round((f->>'seconds')::numeric))
FROM ttt_fit;
SQL
	log "the fitted ttt scored from 2010"
	started=$SECONDS
	echo
	echo "| system | matches | log-loss | Brier | accuracy | calibration slope | log-loss − first's | paired SE |"
	echo "|---|---|---|---|---|---|---|---|"
	q -At -F ' | ' <<SQL
SELECT '| ' || system, n, round(log_loss::numeric, 5), round(brier::numeric, 4), round(accuracy::numeric, 4),
       round(calibration_slope::numeric, 3), coalesce(round(log_loss_diff::numeric, 5)::text, ''),
       coalesce(round(log_loss_diff_se::numeric, 5)::text, '') || ' |'
FROM ttt_fit,
     skill.evaluate('$rows', ARRAY['ttt fitted', 'ttt yearly', 'trueskill fitted'],
                    jsonb_build_object('score_from', '2010-01-01 00:00+00',
                                       'ttt fitted', '{$tttopts}'::jsonb || (f->'parameters'),
                                       'ttt yearly', '{$tttopts, "beta": 11.68, "gamma": 0.37}'::jsonb,
                                       'trueskill fitted', '{"family": "trueskill", "beta": 11.6759, "tau": 1}'::jsonb));
SQL
	echo "| (that call: $((SECONDS - started)) s) |||||||"
}

[ "$MARGIN" = only ] || [ "${TRUST:-}" = only ] || [ "${TTT:-}" = only ] || [ "${TTT_FIT:-}" = only ] || win_loss
[ -z "$MARGIN" ] || [ "${TRUST:-}" = only ] || [ "${TTT:-}" = only ] || [ "${TTT_FIT:-}" = only ] || margins
[ -z "${TRUST:-}" ] || [ "${TTT:-}" = only ] || [ "${TTT_FIT:-}" = only ] || trust
[ -z "${TTT:-}" ] || [ "${TTT_FIT:-}" = only ] || { ttt; ttt_speed; }
[ -z "${TTT_FIT:-}" ] || ttt_fit
