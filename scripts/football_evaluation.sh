#!/usr/bin/env bash
# scripts/football_evaluation.sh DIR - the README's draws on a real history:
# men's international football results since 1872 by Mart Jürisoo
# (github.com/martj42/international_results, CC0 1.0; not copied here:
# clone it and pass its directory).  About 49,500 matches, a quarter of
# them drawn.  It starts a throwaway cluster and loads results.csv
# (scripts/football_load.sql: the side listed first is team 1 and at home
# unless the venue was neutral), then for Elo and Glicko-1 scores on 2010
# on (held out) the defaults without a draw model, the system fitted on
# 1990-2009 for wins and losses (skill.fit's binary objective) and fitted
# with draw models for wins, draws and losses (objective three_way), and
# TrueSkill with its own draw margin: binary and three-way log-loss, RPS,
# predicted and observed draw rates, and the draw rate by predicted
# chance of a draw.  Prints markdown tables.  About 3 minutes.
#   git clone --depth 1 https://github.com/martj42/international_results /tmp/international_results
#   bash scripts/football_evaluation.sh /tmp/international_results
# LOAD_ONLY=1 stops after loading (and the data summary).
source "$(dirname "$0")/lib.sh"

DATA=${1:?usage: football_evaluation.sh DIR (a checkout of martj42/international_results)}
DATA=$(cd "$DATA" && pwd)
[ -r "$DATA/results.csv" ] || { echo "no results.csv in $DATA" >&2; exit 1; }
ensure_packages
build_and_install
start_cluster
q() { psql -X -q -v ON_ERROR_STOP=1 -d postgres "$@"; }
q -c "CREATE EXTENSION skill"

log "loading matches"
q -v csv="$DATA/results.csv" -f "$REPO_ROOT/scripts/football_load.sql"
TRAIN_FROM=1990-01-01	# matches before it only warm the ratings up
HELD_OUT=2010-01-01	# fit on the matches before it, score those from it on
q -At <<SQL
SELECT format('%s matches, %s teams, %s to %s; from %s: %s matches, %s%% drawn, %s%% at a neutral venue; from %s (held out): %s matches, %s%% drawn',
              count(*), (SELECT count(*) FROM teams), min(played_at)::date, max(played_at)::date,
              '$TRAIN_FROM', count(*) FILTER (WHERE played_at >= '$TRAIN_FROM' AND played_at < '$HELD_OUT'),
              round(100.0 * avg((home_score = away_score)::int) FILTER (WHERE played_at >= '$TRAIN_FROM' AND played_at < '$HELD_OUT'), 1),
              round(100.0 * avg(neutral::int) FILTER (WHERE played_at >= '$TRAIN_FROM' AND played_at < '$HELD_OUT'), 1),
              '$HELD_OUT', count(*) FILTER (WHERE played_at >= '$HELD_OUT'),
              round(100.0 * avg((home_score = away_score)::int) FILTER (WHERE played_at >= '$HELD_OUT'), 1))
FROM matches;
SQL
[ -z "${LOAD_ONLY:-}" ] || exit 0

ROWS='SELECT match_id, played_at, player_id, team, rank, home FROM results ORDER BY played_at, match_id'
q <<SQL
-- The held-out scores of a system with its options: binary (the expected
-- score against 1, 1/2, 0, as skill.evaluate scores it) and three-way
-- (skill.outcome_score).  Without a draw model (split given) the three-way
-- chances take a constant draw chance d and split the rest in the ratio of
-- the expected score e: p_draw = d, p_win = (1 - d) e.
CREATE FUNCTION scores(system text, options jsonb, split float8, from_ts timestamptz, until_ts timestamptz,
                       OUT n bigint, OUT binary_log_loss float8, OUT log_loss float8, OUT rps float8,
                       OUT predicted_draw_rate float8, OUT draw_rate float8)
LANGUAGE sql AS \$\$
SELECT (b).n, (b).log_loss, (t).log_loss, (t).rps, (t).predicted_draw_rate, (t).draw_rate
FROM (SELECT skill.prediction_score(p.expected_score, o.outcome) AS b,
             skill.outcome_score(coalesce((1 - split) * p.expected_score, p.predicted_win),
                                 coalesce(split, p.predicted_draw), o.outcome) AS t
      FROM skill.match_predictions(system, '$ROWS', options) p
      JOIN matches m USING (match_id)
      CROSS JOIN LATERAL (SELECT CASE WHEN m.home_score > m.away_score THEN 1.0
                                      WHEN m.home_score = m.away_score THEN 0.5 ELSE 0.0 END::float8 AS outcome) o
      WHERE p.teams = 2 AND p.played_at >= from_ts AND p.played_at < until_ts) s
\$\$;
SQL

# A fit's parameters as "name value ± standard error" (f: the fit's result).
PARAMS_SE="(SELECT string_agg(format('%s %s%s', key, round((value #>> '{}')::numeric, 3),
                                   coalesce(' ± ' || round((f->'standard_errors'->>key)::numeric, 3), '')), ', ')
            FROM jsonb_each(f->'parameters'))"

# The draw rate of the training matches: the constant draw chance that
# splits an expected score without a draw model.
SPLIT=$(q -At -c "SELECT avg((home_score = away_score)::int) FROM matches WHERE played_at >= '$TRAIN_FROM' AND played_at < '$HELD_OUT'")
FIT_OPTIONS="'train_until', '$HELD_OUT 00:00+00', 'score_from', '$TRAIN_FROM 00:00+00'"
q -c "CREATE TABLE fitted (step serial, system text, label text, options jsonb, parameters text, split float8,
                           held_out float8, converged boolean, search jsonb, fixed jsonb, objective text, fit jsonb)"

# fit_row SYSTEM LABEL SEARCH OPTIONS OBJECTIVE: fit SEARCH on 1990-2009
# with OPTIONS fixed and keep the fitted system (the split for a system
# without a draw model); an empty SEARCH keeps the defaults.
fit_row() {
	local system=$1 label=$2 search=$3 options=$4 objective=$5 split=NULL
	[ "$objective" = three_way ] || split=$SPLIT
	if [ -z "$search" ]; then
		q -c "INSERT INTO fitted (system, label, options, parameters, split) VALUES ('$system', '$label', '{$options}', '-', $split)"
		return
	fi
	q -At <<SQL
SET client_min_messages = warning;
WITH f AS (SELECT skill.fit('$system', '$ROWS', '{$search}',
                            jsonb_build_object('objective', '$objective', 'options', '{$options}'::jsonb, $FIT_OPTIONS)) AS f)
INSERT INTO fitted (system, label, options, parameters, split, held_out, converged, search, fixed, objective, fit)
SELECT '$system', '$label', '{$options}'::jsonb || (f->'parameters'), $PARAMS_SE, $split,
       (f->'held_out'->>'log_loss')::float8, (f->>'converged')::boolean, '{$search}', '{$options}', '$objective', f FROM f;
SQL
}

# family SYSTEM SEARCH: the defaults and the fits of one system: SEARCH
# for wins and losses; for wins, draws and losses the threshold model's
# draw_margin alone on the default ratings, then SEARCH with draw_margin
# (and draw_rate_slope), and with Davidson's draw_nu.
family() {
	local system=$1 search=$2
	log "$system: defaults, fitted for wins and losses, fitted with draw models"
	fit_row "$system" 'defaults, no draw model' '' '' binary
	fit_row "$system" 'fitted for win/loss, no draw model' "$search" '' binary
	fit_row "$system" 'defaults, threshold fitted' '"draw_margin": [0, 3]' '"draw_model": "threshold"' three_way
	fit_row "$system" 'fitted with threshold' "$search, \"draw_margin\": [0, 3]" '"draw_model": "threshold"' three_way
	fit_row "$system" 'fitted with threshold and draw_rate_slope' "$search, \"draw_margin\": [0, 3], \"draw_rate_slope\": [-2, 2]" \
		'"draw_model": "threshold"' three_way
	fit_row "$system" 'fitted with davidson' "$search, \"draw_nu\": [0, 5]" '"draw_model": "davidson"' three_way
}

family elo '"k": [4, 100], "home_advantage": [0, 300]'
family glicko '"c": [0, 100], "rd": [50, 1000], "home_advantage": [0, 300]'
log "trueskill with its own draw margin"
fit_row trueskill 'fitted with native' '"beta": [0.5, 20], "tau": [0, 2], "home_advantage": [0, 10], "draw_probability": [0.01, 0.9]' \
	'"draw_model": "native"' three_way

log "scored from $HELD_OUT"
echo
echo "| system | fitted on $TRAIN_FROM to $HELD_OUT: parameters ± standard error | binary log-loss | three-way log-loss | RPS | predicted draw rate | observed draw rate | converged |"
echo "|---|---|---|---|---|---|---|---|"
q -At <<SQL
-- Without ratings: the training matches' rates of a first-team win, draw
-- and loss, at home and at a neutral venue apart.
WITH rates AS (SELECT neutral, avg((home_score > away_score)::int)::float8 AS w, avg((home_score = away_score)::int)::float8 AS d
               FROM matches WHERE played_at >= '$TRAIN_FROM' AND played_at < '$HELD_OUT' GROUP BY neutral),
     s AS (SELECT skill.outcome_score(r.w, r.d, CASE WHEN m.home_score > m.away_score THEN 1.0
                                                     WHEN m.home_score = m.away_score THEN 0.5 ELSE 0.0 END) AS t
           FROM matches m JOIN rates r USING (neutral) WHERE m.played_at >= '$HELD_OUT')
SELECT format('| no ratings | the training rates of win, draw and loss (home and neutral apart) | - | %s | %s | %s | %s | - |',
              round((t).log_loss::numeric, 4), round((t).rps::numeric, 4),
              round((t).predicted_draw_rate::numeric, 4), round((t).draw_rate::numeric, 4))
FROM s;
SELECT format('| %s | %s%s | %s | %s | %s | %s | %s | %s |', f.system, f.label,
              CASE WHEN f.parameters = '-' THEN '' ELSE ': ' || f.parameters END,
              round(s.binary_log_loss::numeric, 4), round(s.log_loss::numeric, 4), round(s.rps::numeric, 4),
              round(s.predicted_draw_rate::numeric, 4), round(s.draw_rate::numeric, 4), coalesce(f.converged::text, '-'))
FROM fitted f, scores(f.system, f.options, f.split, '$HELD_OUT', 'infinity') s
ORDER BY f.step;
SQL
# fit's own held-out log-loss (binary or three-way, as it was fitted) must
# be the one computed here from match_predictions.
q -At <<SQL >&2
SELECT format('%s, %s: held-out log-loss of fit %s but here %s', f.system, f.label, f.held_out,
              CASE WHEN f.split IS NULL THEN s.log_loss ELSE s.binary_log_loss END)
FROM fitted f, scores(f.system, f.options, f.split, '$HELD_OUT', 'infinity') s
WHERE abs(f.held_out - CASE WHEN f.split IS NULL THEN s.log_loss ELSE s.binary_log_loss END) >= 1e-7;
SQL

log "draws by predicted draw chance, scored from $HELD_OUT"
echo
echo "| system | predicted draw chance < 0.15 | 0.15-0.20 | 0.20-0.25 | 0.25-0.30 | ≥ 0.30 |"
echo "|---|---|---|---|---|---|"
q -At <<SQL
-- Each cell: the observed draw rate against the mean predicted draw chance
-- (matches) of the held-out matches in that bin of predicted chance.
WITH p AS (SELECT f.step, f.system, f.label, f.parameters, least(greatest(floor(p.predicted_draw / 0.05)::int, 2), 6) AS bin,
                  p.predicted_draw, (m.home_score = m.away_score)::int AS drawn
           FROM fitted f, skill.match_predictions(f.system, '$ROWS', f.options) p JOIN matches m USING (match_id)
           WHERE f.split IS NULL AND f.label LIKE 'fitted%' AND p.teams = 2 AND p.played_at >= '$HELD_OUT'),
     b AS (SELECT step, bin,
                  format('%s / %s (%s)', round(avg(drawn), 3), round(avg(predicted_draw)::numeric, 3), count(*)) AS cell
           FROM p GROUP BY step, bin)
SELECT format('| %s, %s | %s |', f.system, f.label,
              string_agg(coalesce(b.cell, '-'), ' | ' ORDER BY bins.bin))
FROM fitted f CROSS JOIN generate_series(2, 6) bins(bin) LEFT JOIN b ON b.step = f.step AND b.bin = bins.bin
WHERE f.split IS NULL AND f.label LIKE 'fitted%' GROUP BY f.step, f.system, f.label ORDER BY f.step;
SQL

# Several starts (skill.fit's option starts): Glicko-1 for wins, draws and
# losses with rd_max searched as well.  One start from the defaults stops
# at a stationary point; six starts spread over the bounds show whether
# another basin is better, and every optimum they found.
log "glicko with rd_max searched, from one start and from six"
q -q <<SQL
SET client_min_messages = warning;
CREATE TABLE start_fits AS
SELECT n, skill.fit('glicko', '$ROWS',
                    '{"c": [0, 100], "rd": [50, 2000], "rd_max": [50, 2000], "home_advantage": [0, 300], "draw_margin": [0, 3]}',
                    jsonb_build_object('starts', n, 'objective', 'three_way', 'options', '{"draw_model": "threshold"}'::jsonb,
                                       $FIT_OPTIONS)) AS f
FROM (VALUES (1), (6)) v(n);
SQL
echo
echo "| starts | stop_reason | converged | train three-way log-loss | parameters | held-out log-loss | evaluations | seconds |"
echo "|---|---|---|---|---|---|---|---|"
q -At <<SQL
SELECT format('| %s | %s | %s | %s | %s | %s | %s | %s |', n, f->>'stop_reason', f->>'converged',
              round((f->'train'->>'log_loss')::numeric, 5), $PARAMS_SE,
              round((f->'held_out'->>'log_loss')::numeric, 5), f->>'evaluations', round((f->>'seconds')::numeric))
FROM start_fits ORDER BY n;
SQL
echo
echo "| optimum of six starts | train three-way log-loss | starts that ended in it | converged | parameters |"
echo "|---|---|---|---|---|"
q -At <<SQL
SELECT format('| %s | %s | %s | %s | %s |', i, round((o->>'train_log_loss')::numeric, 5), o->>'starts', o->>'converged',
              (SELECT string_agg(format('%s %s', key, round((value #>> '{}')::numeric, 3)), ', ') FROM jsonb_each(o->'parameters')))
FROM start_fits, jsonb_array_elements(f->'starts'->'optima') WITH ORDINALITY AS t(o, i)
WHERE n = 6 ORDER BY i;
SQL

# Walk-forward refits in the objective scored: the systems fitted with the
# threshold model, refitted every year (on all earlier matches, or on the
# five years before), scored on 2005-2009 and from 2010 on.  The binary
# refits (match_predictions, which has no objective: a draw counts as
# half a win and draw_margin stays) against evaluate's three-way refits
# (the three-way likelihood, draw_margin refitted with predict_scale).
log "walk-forward refits: binary against three-way"
echo
echo "| system | refits | scored | no refits: three-way log-loss | predicted draw rate | binary refits: three-way log-loss | predicted draw rate | three-way refits: three-way log-loss | predicted draw rate | observed draw rate |"
echo "|---|---|---|---|---|---|---|---|---|---|"
q -At <<SQL
SELECT format('| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |', f.system, r.label, w.label,
              round(n.log_loss::numeric, 4), round(n.predicted_draw_rate::numeric, 4),
              round(b.log_loss::numeric, 4), round(b.predicted_draw_rate::numeric, 4),
              round(t.log_loss::numeric, 4), round(t.predicted_draw_rate::numeric, 4), round(t.draw_rate::numeric, 4))
FROM fitted f
CROSS JOIN (VALUES (1, 'every year, all earlier matches', '{"refit_every": "1 year"}'::jsonb),
                   (2, 'every year, the 5 years before', '{"refit_every": "1 year", "refit_window": "5 years"}'::jsonb)) r(k, label, refit)
CROSS JOIN (VALUES ('2005-2009', timestamptz '2005-01-01 00:00+00', timestamptz '2010-01-01 00:00+00'),
                   ('2010 on', timestamptz '$HELD_OUT 00:00+00', timestamptz '2100-01-01 00:00+00')) w(label, from_ts, until_ts)
CROSS JOIN LATERAL scores(f.system, f.options, NULL, w.from_ts, w.until_ts) n
CROSS JOIN LATERAL scores(f.system, f.options || r.refit, NULL, w.from_ts, w.until_ts) b
CROSS JOIN LATERAL skill.evaluate('$ROWS', ARRAY[f.system],
                                  jsonb_build_object('objective', 'three_way', 'score_from', w.from_ts, 'score_until', w.until_ts,
                                                     f.system, f.options || r.refit)) t
WHERE f.label = 'fitted with threshold'
ORDER BY f.step, r.k, w.from_ts;
SQL

# The standard errors against the profile likelihood, for the fits with
# the threshold draw model: each parameter fixed at its estimate +- 1.96
# standard errors and the others fitted again; twice the rise of the
# summed train log-loss is 3.84 (the 95 % chi-square point) where the
# standard error is right.
log "standard errors against the profile likelihood"
echo
echo "| system | parameter | estimate ± standard error | 2 × rise of the summed log-loss at −1.96 SE | at +1.96 SE |"
echo "|---|---|---|---|---|"
q -At <<SQL
SET client_min_messages = warning;
WITH p AS (SELECT step, system, label, search, fixed, objective, fit, key AS param,
                  (fit->'parameters'->>key)::float8 AS est, (fit->'standard_errors'->>key)::float8 AS se,
                  (fit->'train'->>'n')::float8 AS n, (fit->'train'->>'log_loss')::float8 AS loss
           FROM fitted, jsonb_object_keys(fit->'standard_errors') key
           WHERE label = 'fitted with threshold' AND fit->'standard_errors'->>key IS NOT NULL),
     r AS (SELECT p.*, side,
                  (skill.fit(system, '$ROWS',
                             search || jsonb_build_object(param, jsonb_build_array(est + side * 1.96 * se, est + side * 1.96 * se)),
                             jsonb_build_object('objective', objective, 'options', fixed || (fit->'parameters'), $FIT_OPTIONS))
                   ->'train'->>'log_loss')::float8 AS profile_loss
           FROM p, (VALUES (-1), (1)) v(side))
SELECT format('| %s | %s | %s ± %s | %s | %s |', system, param, round(est::numeric, 3), round(se::numeric, 3),
              round((2 * n * (min(profile_loss) FILTER (WHERE side = -1) - loss))::numeric, 2),
              round((2 * n * (min(profile_loss) FILTER (WHERE side = 1) - loss))::numeric, 2))
FROM r GROUP BY step, system, param, est, se, n, loss ORDER BY step, param;
SQL
