#!/usr/bin/env bash
# bench/replay/history_memory.sh - memory of the history functions against
# the number of players and the number of rows: each point runs
# skill.pl_history (and, at two points, skill.glicko2_history with daily
# periods) over a generated 1v1 table in a fresh backend and reports the
# backend's peak RSS (VmHWM) and its peak private memory (RssAnon, sampled
# every 10 ms from /proc), next to a fresh backend's after a plain scan of
# the same table.  shared_buffers 32 MB (the shared part of RSS stays
# under it), work_mem 4 MB (the output tuplestore spills to disk).
# POINTS="players:rows ..." overrides the grid.
source "$(dirname "$0")/../../scripts/lib.sh"

POINTS=${POINTS:-"1000:2000000 100000:2000000 1000000:2000000 100000:200000 100000:6000000"}
ensure_packages
build_and_install
PG_EXTRA_OPTS="-c shared_buffers=32MB -c work_mem=4MB -c max_parallel_workers_per_gather=0" start_cluster
q -c "CREATE EXTENSION skill"

# measure SQL: "seconds peak_rss_kB peak_anon_kB" of SQL in a fresh backend
# (seconds: psql's \timing of SQL alone).
measure() {
	local pidfile anon=0 a pid
	pidfile=$(mktemp)
	q -c "SELECT pg_backend_pid()" -c "SELECT pg_sleep(0.2)" -c '\timing on' -c "$1" -c '\timing off' \
		-c "SELECT (regexp_match(pg_read_file('/proc/self/status'), 'VmHWM:\s+(\d+)'))[1]" >"$pidfile" &
	while [ ! -s "$pidfile" ]; do sleep 0.01; done
	pid=$(head -n 1 "$pidfile")
	while [ -r "/proc/$pid/status" ] && kill -0 $! 2>/dev/null; do
		a=$(awk '/^RssAnon:/ {print $2}' "/proc/$pid/status" 2>/dev/null || echo 0)
		[ "${a:-0}" -gt "$anon" ] && anon=$a
		sleep 0.01
	done
	wait $!
	echo "$(sed -n 's/^Time: \([0-9.]*\) ms.*/\1/p' "$pidfile" | awk '{printf "%.2f", $1 / 1000}') $(tail -n 1 "$pidfile") $anon"
	rm -f "$pidfile"
}

printf '%-24s %9s %10s %8s %13s %13s\n' function players rows seconds peak_rss_kB peak_anon_kB
for point in $POINTS; do
	players=${point%%:*}
	rows=${point##*:}
	q <<-SQL
		SET client_min_messages = warning;
		DROP TABLE IF EXISTS big;
		CREATE TABLE big (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8);
		INSERT INTO big
		SELECT m, timestamptz '2026-01-01 00:00+00' + m * interval '1 second', p.player, p.team,
		       CASE WHEN p.team = 1 + (abs(hashint8(m * 3)) % 2) THEN 1 ELSE 2 END
		FROM generate_series(1, $rows / 2) m
		CROSS JOIN LATERAL (VALUES (1 + abs(hashint8(m)) % $players, 1),
		                           (1 + (abs(hashint8(m)) % $players + 1 + abs(hashint8(m * 7)) % ($players - 1)) % $players, 2)) p(player, team);
		VACUUM ANALYZE big;
	SQL
	read -r s rss anon < <(measure "SELECT count(*), sum(rank) FROM big")
	printf '%-24s %9d %10d %8s %13s %13s\n' "plain scan" "$players" "$rows" "$s" "$rss" "$anon"
	read -r s rss anon < <(measure "SELECT count(*) FROM skill.pl_history('SELECT match_id, played_at, player_id, team, rank FROM big')")
	printf '%-24s %9d %10d %8s %13s %13s\n' pl_history "$players" "$rows" "$s" "$rss" "$anon"
	if [ "$rows" -eq 2000000 ] && [ "$players" -ne 1000 ]; then
		read -r s rss anon < <(measure "SELECT count(*) FROM skill.glicko2_history(
			'SELECT match_id, played_at, date_trunc(''day'', played_at, ''UTC'') AS period, player_id, team, rank FROM big')")
		printf '%-24s %9d %10d %8s %13s %13s\n' "glicko2_history (daily)" "$players" "$rows" "$s" "$rss" "$anon"
	fi
done
