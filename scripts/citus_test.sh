#!/usr/bin/env bash
# scripts/citus_test.sh - the scale-out layout on Citus (docs/operations.md, "Scale-out"):
# a coordinator and two workers, skill installed on every node, results and
# players distributed by league_id and co-located; per-league replays
# (GROUP BY league_id, pushed down to the workers), per-league histories
# (a distributed function run on the worker holding the league) and the
# per-match update recipe (one shard group) must equal the same statements
# on plain tables.  Needs Citus in the server PG_CONFIG names (the extension
# must already be installed there, `make install` done) and root (clusters
# run as postgres).  Prints "citus: N passed, N failed", or a line starting
# "skipped" where Citus is absent.
# Ports: three free loopback ports the kernel hands out at run time, so two
# runs on one host do not collide; CITUS_PORT fixes them to it and the next
# two (coordinator, then the workers).
source "$(dirname "$0")/lib.sh"
set +e

if [ ! -f "$("$PG_CONFIG" --pkglibdir)/citus.so" ]; then
	echo "skipped citus: Citus is not installed in $("$PG_CONFIG" --pkglibdir) (docs/operations.md, Scale-out)"
	exit 0
fi

# free_ports N: N distinct TCP ports free on 127.0.0.1 now, each bound to
# port 0 (the kernel picks) and all held until the last is read.
free_ports() {
	python3 - "$1" <<'PY'
import socket, sys
socks = []
for _ in range(int(sys.argv[1])):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.bind(("127.0.0.1", 0))
    socks.append(s)
print(" ".join(str(s.getsockname()[1]) for s in socks))
for s in socks:
    s.close()
PY
}
if [ -n "${CITUS_PORT:-}" ]; then
	ports=("$CITUS_PORT" $((CITUS_PORT + 1)) $((CITUS_PORT + 2)))
else
	read -r -a ports <<<"$(free_ports 3)"
	[ "${#ports[@]}" -eq 3 ] || { echo "could not find three free loopback ports" >&2; exit 1; }
fi
dir=$(mktemp -d /tmp/skill-citus.XXXXXX)
chown postgres: "$dir"
chmod 700 "$dir"
export PGHOST=127.0.0.1 PGUSER=postgres

# One data directory per node (node0 the coordinator), started on ports[i].
stop_nodes() {
	local node
	for node in 0 1 2; do
		[ -f "$dir/node$node/postmaster.pid" ] &&
			runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$dir/node$node" -m fast -w stop >/dev/null 2>&1
	done
	if [ -n "${KEEP_CLUSTER:-}" ]; then log "Citus clusters kept in $dir"; else rm -rf "$dir"; fi
}
trap stop_nodes EXIT

# start_node I: starts node I on ports[I].  A port taken between the choice
# and the start (another run on the host) is chosen again, up to 5 times,
# unless CITUS_PORT fixed it.
start_node() {
	local node=$1 try
	for try in 1 2 3 4 5; do
		runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$dir/node$node" -l "$dir/server-node$node.log" -w start \
			-o "-c listen_addresses=127.0.0.1 -c port=${ports[$node]} -k $dir -c shared_preload_libraries=citus -c max_prepared_transactions=20" \
			>/dev/null && return 0
		if [ -n "${CITUS_PORT:-}" ] || ! grep -q 'could not bind\|Address already in use' "$dir/server-node$node.log"; then
			break
		fi
		log "port ${ports[$node]} was taken, choosing another"
		ports[$node]=$(free_ports 1)
	done
	cat "$dir/server-node$node.log" >&2
	return 1
}

for node in 0 1 2; do
	runuser -u postgres -- "$PG_BIN/initdb" -D "$dir/node$node" -U postgres --auth=trust \
		--encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb-node$node.log" 2>&1 ||
		{ cat "$dir/initdb-node$node.log" >&2; exit 1; }
	start_node "$node" || exit 1
done
log "a Citus coordinator and two workers on ports ${ports[*]}"

q() { psql -X -q -At -v ON_ERROR_STOP=1 -p "$1" -d "$2" -c "$3"; }
passed=0
failed=0
check() { # check NAME EXPECTED ACTUAL
	if [ "$2" = "$3" ] && [ -n "$2" ]; then
		echo "ok: $1"; passed=$((passed + 1))
	else
		echo "FAIL: $1" >&2
		diff <(echo "$2") <(echo "$3") | cut -c1-300 | head -n 6 >&2
		failed=$((failed + 1))
	fi
}

coordinator=${ports[0]}
q "$coordinator" postgres "CREATE DATABASE single" >/dev/null
for port in "${ports[@]}"; do q "$port" postgres "CREATE EXTENSION citus" >/dev/null; done
q "$coordinator" postgres "SELECT citus_set_coordinator_host('127.0.0.1', $coordinator)" >/dev/null
for port in "${ports[@]:1}"; do q "$coordinator" postgres "SELECT citus_add_node('127.0.0.1', $port)" >/dev/null; done
# Citus creates the extension on the workers too (it is installed on all).
q "$coordinator" postgres "CREATE EXTENSION skill" >/dev/null
q "$coordinator" single "CREATE EXTENSION skill" >/dev/null
version=$(q "$coordinator" postgres "SELECT extversion FROM pg_extension WHERE extname = 'skill'")
check "skill $version on both workers" "$version,$version" \
	"$(q "$coordinator" postgres "SELECT string_agg(result, ',') FROM run_command_on_workers(\$\$SELECT extversion FROM pg_extension WHERE extname = 'skill'\$\$)")"
log "Citus $(q "$coordinator" postgres "SELECT extversion FROM pg_extension WHERE extname = 'citus'") on PostgreSQL $(q "$coordinator" postgres "SHOW server_version")"

# The same tables and data in both databases; only postgres distributes them.
schema=$(cat <<'SQL'
CREATE TABLE results (
  league_id int NOT NULL, match_id bigint NOT NULL, played_at timestamptz NOT NULL,
  player_id bigint NOT NULL, team int NOT NULL, rank float8 NOT NULL,
  PRIMARY KEY (league_id, match_id, player_id));
CREATE TABLE players (
  league_id int NOT NULL, player_id bigint NOT NULL, rating skill.rating NOT NULL,
  PRIMARY KEY (league_id, player_id));
SQL
)
data=$(cat <<'SQL'
-- 8 leagues, 200 two-team 2v2 matches each, 24 players per league.
INSERT INTO results
SELECT l, i, '2025-01-01 00:00+00'::timestamptz + i * interval '1 hour' + l * interval '1 minute',
       l * 1000 + (i * s + k * 5) % 24, CASE WHEN k < 2 THEN 1 ELSE 2 END,
       CASE WHEN (k < 2) = ((i * l) % 3 <> 0) THEN 1 ELSE 2 END
FROM generate_series(1, 8) l, generate_series(1, 200) i, generate_series(0, 3) k,
     LATERAL (SELECT CASE WHEN l % 2 = 0 THEN 7 ELSE 11 END AS s) step;
INSERT INTO players
SELECT l, (r).player_id, (r).rating
FROM (SELECT league_id AS l, unnest(skill.pl_replay(match_id, played_at, player_id, team, rank
                                                     ORDER BY played_at, match_id, player_id)) AS r
      FROM results GROUP BY league_id) replayed;
SQL
)
q "$coordinator" single "$schema" >/dev/null
q "$coordinator" single "$data" >/dev/null
q "$coordinator" postgres "$schema" >/dev/null
q "$coordinator" postgres "SELECT create_distributed_table('results', 'league_id', shard_count => 8)" >/dev/null
q "$coordinator" postgres "SELECT create_distributed_table('players', 'league_id', colocate_with => 'results')" >/dev/null
q "$coordinator" postgres "$data" >/dev/null
check "matches per league equal" "$(q "$coordinator" single "SELECT count(*) FROM results")" \
	"$(q "$coordinator" postgres "SELECT count(*) FROM results")"

# Per-league replays, grouped by the distribution column.  The rows of a
# match come in player order too: the Glicko-2 sums over a period's games,
# and another order of equal keys changes the last bits.
replay="SELECT league_id, skill.pl_replay(match_id, played_at, player_id, team, rank ORDER BY played_at, match_id, player_id)
        FROM results GROUP BY league_id"
check "per-league replays equal the single-node run" \
	"$(q "$coordinator" single "$replay ORDER BY league_id")" "$(q "$coordinator" postgres "$replay ORDER BY league_id")"
check "players seeded from the replay equal" \
	"$(q "$coordinator" single "SELECT * FROM players ORDER BY 1, 2")" "$(q "$coordinator" postgres "SELECT * FROM players ORDER BY 1, 2")"
# Pushed down: the coordinator only collects; the aggregate runs in each task.
plan=$(q "$coordinator" postgres "EXPLAIN (COSTS OFF) $replay")
first=$(echo "$plan" | head -n 1)
worker_agg=$(echo "$plan" | sed -n '/Task/,$p' | grep -c 'Aggregate')
check "EXPLAIN: the replay's aggregate runs on the workers (GROUP BY league_id pushed down)" \
	"Custom Scan (Citus Adaptive) with worker aggregates" "$first$([ "$worker_agg" -gt 0 ] && echo ' with worker aggregates')"
[ "$first" = "Custom Scan (Citus Adaptive)" ] && [ "$worker_agg" -gt 0 ] || echo "$plan" >&2
check "Glicko-2 and Elo per-league replays equal" \
	"$(q "$coordinator" single "SELECT league_id, skill.glicko2_replay(match_id, played_at, date_trunc('day', played_at, 'UTC'), player_id, team, rank ORDER BY played_at, match_id, player_id), skill.elo_replay(match_id, played_at, player_id, team, rank ORDER BY played_at, match_id, player_id) FROM results GROUP BY league_id ORDER BY league_id")" \
	"$(q "$coordinator" postgres "SELECT league_id, skill.glicko2_replay(match_id, played_at, date_trunc('day', played_at, 'UTC'), player_id, team, rank ORDER BY played_at, match_id, player_id), skill.elo_replay(match_id, played_at, player_id, team, rank ORDER BY played_at, match_id, player_id) FROM results GROUP BY league_id ORDER BY league_id")"

# Per-league histories: a function of the league, distributed by it, runs
# where the league's shard is (it reports the port that ran it).
history_fn=$(cat <<'SQL'
CREATE FUNCTION league_history(league int, OUT port int, OUT history_rows bigint, OUT log_loss float8, OUT digest text)
LANGUAGE sql AS $$
  SELECT inet_server_port(), count(*),
         avg(-((rank = 1)::int * ln(predicted_win) + (rank <> 1)::int * ln(1 - predicted_win))),
         md5(string_agg(h::text, ',' ORDER BY match_id, player_id))
  FROM skill.pl_history(format('SELECT match_id, played_at, player_id, team, rank FROM results
                                WHERE league_id = %s ORDER BY played_at, match_id', league)) h
$$;
SQL
)
q "$coordinator" single "$history_fn" >/dev/null
q "$coordinator" postgres "$history_fn" >/dev/null
q "$coordinator" postgres "SELECT create_distributed_function('league_history(int)', 'league', colocate_with => 'results')" >/dev/null
single_h=""; dist_h=""; ran_on=""
for league in 1 2 3 4 5 6 7 8; do
	single_h+="$(q "$coordinator" single "SELECT history_rows, log_loss, digest FROM league_history($league)") "
	row=$(q "$coordinator" postgres "SELECT league_history($league)")
	dist_h+="$(echo "$row" | sed 's/^(\([0-9]*\),\(.*\))$/\2/' | tr ',' '|') "
	ran_on+="$(echo "$row" | sed 's/^(\([0-9]*\),.*/\1/') "
done
check "per-league histories equal the single-node run" "$single_h" "$dist_h"
workers_used=$(echo "$ran_on" | tr ' ' '\n' | grep -v '^$' | sort -u | tr '\n' ' ')
check "histories ran on the workers (ports $workers_used)" \
	"$(printf '%s\n' "${ports[@]:1}" | sort -u | tr '\n' ' ')" "$workers_used"

# The per-match update, in the match's transaction: every statement names
# the league, so each touches one shard group (one worker).
record=$(cat <<'SQL'
BEGIN;
INSERT INTO results VALUES (:league, 1000, '2025-02-01 00:00+00', :league * 1000 + 1, 1, 1),
                           (:league, 1000, '2025-02-01 00:00+00', :league * 1000 + 2, 2, 2);
SELECT 1 FROM players WHERE league_id = :league AND player_id IN (:league * 1000 + 1, :league * 1000 + 2)
ORDER BY player_id FOR UPDATE;
UPDATE players p SET rating = r.rating
FROM unnest((SELECT skill.pl_replay(x.match_id, x.played_at, x.player_id, x.team, x.rank, q.rating)
             FROM results x JOIN players q ON q.league_id = x.league_id AND q.player_id = x.player_id
             WHERE x.league_id = :league AND x.match_id = 1000)) r
WHERE p.league_id = :league AND p.player_id = r.player_id;
COMMIT;
SQL
)
for league in 2 5; do
	echo "$record" | psql -X -q -v ON_ERROR_STOP=1 -v league=$league -p "$coordinator" -d single >/dev/null
	echo "$record" | psql -X -q -v ON_ERROR_STOP=1 -v league=$league -p "$coordinator" -d postgres >/dev/null
done
check "players after per-match updates equal the single-node run" \
	"$(q "$coordinator" single "SELECT * FROM players ORDER BY 1, 2")" "$(q "$coordinator" postgres "SELECT * FROM players ORDER BY 1, 2")"
check "the per-match update moved the two players' ratings" "4" \
	"$(q "$coordinator" postgres "SELECT count(*) FROM players p JOIN (SELECT league_id, (r).player_id, (r).rating FROM (SELECT league_id, unnest(skill.pl_replay(match_id, played_at, player_id, team, rank ORDER BY played_at, match_id, player_id)) r FROM results WHERE match_id < 1000 GROUP BY league_id) s) o USING (league_id, player_id) WHERE p.rating IS DISTINCT FROM o.rating")"
update_plan=$(q "$coordinator" postgres "EXPLAIN (COSTS OFF) UPDATE players p SET rating = r.rating
FROM unnest((SELECT skill.pl_replay(x.match_id, x.played_at, x.player_id, x.team, x.rank, q.rating)
             FROM results x JOIN players q ON q.league_id = x.league_id AND q.player_id = x.player_id
             WHERE x.league_id = 2 AND x.match_id = 1000)) r
WHERE p.league_id = 2 AND p.player_id = r.player_id")
check "EXPLAIN: the update is one task on one worker (co-located)" "Task Count: 1" \
	"$(echo "$update_plan" | grep -o 'Task Count: [0-9]*')"

echo "citus: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
