#!/usr/bin/env bash
# scripts/tennis_evaluation.sh DIR - the README's evaluation on a real public
# match history: Jeff Sackmann's ATP results (github.com/JeffSackmann/tennis_atp,
# CC BY-NC-SA 4.0: not redistributed here; clone it and pass its directory).
# Singles at every level (tour, qualifying and challengers, futures) from
# 1990: about 940,000 two-player matches.  It starts a throwaway cluster,
# loads the matches (winner rank 1, loser rank 2, played in tournament-date
# and match-number order), scores every system with skill.evaluate from
# 2010 on, then fits each system's parameters on 1990-2009 with skill.fit
# and scores the fitted system from 2010 on.  Prints markdown tables.
#   git clone --depth 1 https://github.com/JeffSackmann/tennis_atp /tmp/tennis_atp
#   bash scripts/tennis_evaluation.sh /tmp/tennis_atp
# Team 1 is the player with the lower id (not the winner), so outcomes vary.
source "$(dirname "$0")/lib.sh"

DATA=${1:?usage: tennis_evaluation.sh DIR (a checkout of JeffSackmann/tennis_atp)}
DATA=$(cd "$DATA" && pwd)
ensure_packages
build_and_install
start_cluster
q() { psql -X -q -v ON_ERROR_STOP=1 -d postgres "$@"; }
q -c "CREATE EXTENSION skill"

log "loading matches"
columns=$(head -1 "$DATA/atp_matches_2019.csv" | sed 's/,/ text, /g; s/$/ text/')
q -c "CREATE UNLOGGED TABLE raw ($columns)"
for f in "$DATA"/atp_matches_[0-9]*.csv "$DATA"/atp_matches_qual_chall_*.csv "$DATA"/atp_matches_futures_*.csv; do
	[ -e "$f" ] || continue
	chmod o+r "$f"
	q -c "\\copy raw FROM '$f' WITH (FORMAT csv, HEADER)"
done
q <<'SQL'
CREATE TABLE results (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8);
INSERT INTO results
SELECT m.id, m.played_at, p.player_id, p.team, p.rank
FROM (SELECT row_number() OVER (ORDER BY d, tourney_id, match_num::int) AS id,
             d + match_num::int * interval '1 second' AS played_at, winner_id, loser_id
      FROM (SELECT *, to_date(tourney_date, 'YYYYMMDD')::timestamp AT TIME ZONE 'UTC' AS d FROM raw
            WHERE tourney_date >= '19900101' AND winner_id <> '' AND loser_id <> ''
              AND winner_id <> loser_id) r) m
CROSS JOIN LATERAL (VALUES (m.winner_id::bigint, 1.0::float8), (m.loser_id::bigint, 2.0)) w(player_id, rank)
-- Team 1 is the player with the lower id, so the first team's outcome varies.
CROSS JOIN LATERAL (SELECT w.player_id, CASE WHEN w.player_id = least(m.winner_id::bigint, m.loser_id::bigint)
                                             THEN 1 ELSE 2 END AS team, w.rank) p;
CREATE INDEX ON results (played_at, match_id);
ANALYZE results;
SQL
q -At -c "SELECT format('%s matches, %s players, %s to %s', count(DISTINCT match_id), count(DISTINCT player_id), min(played_at)::date, max(played_at)::date) FROM results"

ROWS='SELECT * FROM results ORDER BY played_at, match_id'
log "defaults, scored from 2010"
echo "| system (defaults) | matches | log-loss | Brier | accuracy | ECE | calibration slope |"
echo "|---|---|---|---|---|---|---|"
q -At -F ' | ' <<SQL
SELECT '| ' || system, n, round(log_loss::numeric, 4), round(brier::numeric, 4), round(accuracy::numeric, 4),
       round(ece::numeric, 4), round(calibration_slope::numeric, 3) || ' |'
FROM skill.evaluate('$ROWS', ARRAY['elo', 'glicko', 'glicko2', 'pl', 'bt_full', 'tm_full', 'trueskill'],
                    '{"score_from": "2010-01-01 00:00+00"}');
SQL

log "fitted on 1990-2009, scored from 2010"
echo
echo "| system (fitted on 1990-2009) | parameters | train log-loss | held-out log-loss (2010+) | evaluations | seconds |"
echo "|---|---|---|---|---|---|"
fit() {		# system search
	q -At -F ' | ' <<SQL
SET client_min_messages = warning;
SELECT '| ' || (f->>'system'), f->>'parameters', round((f->'train'->>'log_loss')::numeric, 4),
       round((f->'held_out'->>'log_loss')::numeric, 4), f->>'evaluations', round((f->>'seconds')::numeric, 1)::text || ' |'
FROM skill.fit('$1', '$ROWS', '$2', '{"train_until": "2010-01-01 00:00+00"}') f;
SQL
}
fit elo '{"k": [4, 100]}'
fit elo '{"k_a": [50, 600], "k_b": [1, 30], "k_c": [0, 1]}'
fit glicko '{"c": [0, 100], "rd": [50, 500], "rd_per_day": [0, 10]}'
fit pl '{"beta": [1, 20], "tau": [0, 1]}'
fit trueskill '{"beta": [1, 20], "tau": [0, 1]}'
