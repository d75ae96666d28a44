#!/usr/bin/env bash
# bench/cancel/run.sh - how late a cancel takes effect on the slow paths, at
# 4,000,000 players: 2,000,000 1v1 matches between distinct players (every
# player plays once, so each replay's final array holds 4M players and a
# history has 4M rows).  Each path runs twice uncancelled (T: the faster),
# then again in a fresh backend per cancel point, cancelled with
# pg_cancel_backend at T/2 and at T minus each of CANCEL_BEFORE_END (ms; the
# result of a replay takes the last seconds to build).  T moves by tens of
# per cent between runs on a shared machine, so the late points spread
# over the last seconds rather than aim at one phase.  The delay is from just before pg_cancel_backend to
# the moment the backend went idle (pg_stat_activity.state_change), so
# polling adds nothing to it.  A cancel that came after the query ended is
# not counted.  Each point runs REPEATS times; the report is the maximum
# delay per path (the machine is shared: a single delay can include time
# the backend was not scheduled).
# MATCHES=200000 for a quicker look; PATHS="elo_replay replay_elo" for some paths.
source "$(dirname "$0")/../../scripts/lib.sh"

MATCHES=${MATCHES:-2000000}
CANCEL_BEFORE_END=${CANCEL_BEFORE_END:-4000 3000 2000 1200 600 300}
REPEATS=${REPEATS:-2}

ensure_packages
build_and_install
start_bench_cluster
q -c "CREATE EXTENSION skill"
log "generating $MATCHES 1v1 matches between $((MATCHES * 2)) distinct players"
q <<SQL
CREATE TABLE big (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8);
INSERT INTO big
SELECT m, timestamptz '2026-01-01' + m * interval '1 second', 2 * m - 2 + t, t,
       CASE WHEN t = 1 + (abs(hashint8(m)) % 2) THEN 1 ELSE 2 END
FROM generate_series(1, $MATCHES) m, generate_series(1, 2) t;
CREATE INDEX ON big (played_at, match_id);
VACUUM ANALYZE big;

-- cancel_after(tag, ms): waits for the active query of the backend named
-- tag, cancels it ms after it started and returns the delay until that
-- backend went idle, in ms (NULL if it was already idle at the cancel).
CREATE FUNCTION cancel_after(tag text, ms float8) RETURNS float8
LANGUAGE plpgsql AS \$\$
DECLARE
	target int;
	started timestamptz;
	sent timestamptz;
	ended timestamptz;
	st text;
BEGIN
	LOOP
		PERFORM pg_stat_clear_snapshot();
		SELECT pid, query_start INTO target, started FROM pg_stat_activity
		WHERE application_name = tag AND state = 'active';
		EXIT WHEN target IS NOT NULL;
		PERFORM pg_sleep(0.005);
	END LOOP;
	PERFORM pg_sleep(greatest(0, extract(epoch FROM started + ms * interval '1 ms' - clock_timestamp())));
	sent := clock_timestamp();
	PERFORM pg_cancel_backend(target);
	LOOP
		PERFORM pg_stat_clear_snapshot();
		SELECT state, state_change INTO st, ended FROM pg_stat_activity WHERE pid = target;
		EXIT WHEN st IS DISTINCT FROM 'active';
		PERFORM pg_sleep(0.005);
	END LOOP;
	IF ended IS NULL OR ended < sent THEN
		RETURN NULL;
	END IF;
	RETURN extract(epoch FROM ended - sent) * 1000;
END
\$\$;
SQL

rows="SELECT match_id, played_at, player_id, team, rank FROM big ORDER BY played_at, match_id"
declare -A paths=(
	[elo_replay]="SELECT cardinality(skill.elo_replay(match_id, played_at, player_id, team, rank ORDER BY played_at, match_id)) FROM big"
	[pl_replay]="SELECT cardinality(skill.pl_replay(match_id, played_at, player_id, team, rank ORDER BY played_at, match_id)) FROM big"
	[glicko2_replay]="SELECT cardinality(skill.glicko2_replay(match_id, played_at, timestamptz '2026-01-01', player_id, team, rank ORDER BY played_at, match_id)) FROM big"
	[replay_elo]="SELECT count(*) FROM skill.replay('elo', '$rows')"
	[pl_history]="SELECT count(*) FROM skill.pl_history('$rows')"
	[glicko2_history]="SELECT count(*) FROM skill.glicko2_history('SELECT match_id, played_at, timestamptz ''2026-01-01'' AS period, player_id, team, rank FROM big ORDER BY played_at, match_id')"
)
read -r -a order <<<"${PATHS:-elo_replay pl_replay glicko2_replay replay_elo pl_history glicko2_history}"

# run_cancelled NAME MS: runs path NAME in a new backend, cancels it MS after
# it started; prints the delay in ms, or nothing if it ended first.
run_cancelled() {
	local delay
	# The previous run's backend may still be on its way out.
	until [ "$(q -c "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'cancel_bench'")" = 0 ]; do
		sleep 0.1
	done
	# psql stays connected a while after the error, so the backend's idle
	# state (and when it began) can be read.
	{ echo "${paths[$1]};"; sleep 1; } |
		PGAPPNAME=cancel_bench psql -X -q -At -d postgres >/dev/null 2>"$CLUSTER_DIR/cancelled.err" &
	local job=$!
	delay=$(q -c "SELECT cancel_after('cancel_bench', $2)")
	wait "$job" || true
	if grep -q 'canceling statement due to user request' "$CLUSTER_DIR/cancelled.err" && [ -n "$delay" ]; then
		echo "$delay"
	fi
}

printf '%-16s %9s  %s\n' path "T (s)" "cancel at ms after the start: delay until the query ended, ms (max of $REPEATS)"
for name in "${order[@]}"; do
	# The faster of two runs: a first run can take twice as long.
	full=$(query_ms "" "${paths[$name]}")
	full=$(awk -v a="$full" -v b="$(query_ms "" "${paths[$name]}")" 'BEGIN { print (b < a) ? b : a }')
	line=""
	worst=0
	for back in half $CANCEL_BEFORE_END; do
		if [ "$back" = half ]; then
			ms=$(awk -v t="$full" 'BEGIN { printf "%.0f", t / 2 }')
		else
			ms=$(awk -v t="$full" -v b="$back" 'BEGIN { printf "%.0f", t - b }')
		fi
		max=""
		for _ in $(seq "$REPEATS"); do
			d=$(run_cancelled "$name" "$ms")
			[ -n "$d" ] || continue
			max=$(awk -v a="$max" -v b="$d" 'BEGIN { print (a == "" || b > a) ? b : a }')
		done
		[ -n "$max" ] && worst=$(awk -v a="$worst" -v b="$max" 'BEGIN { print (b > a) ? b : a }')
		if [ -n "$max" ]; then line+=" $ms:$(printf '%.0f' "$max")"; else line+=" $ms:ended"; fi
	done
	printf '%-16s %9.2f %s  max %.0f ms\n' "$name" "$(awk -v t="$full" 'BEGIN { print t / 1000 }')" "$line" "$worst"
done
