# scripts/lib.sh - shared steps of scripts/demo.sh and scripts/test.sh:
# install what is missing, build and install the extension, and run a
# throwaway cluster as the postgres user.  Source it.  PG_MAJOR picks the
# PostgreSQL major (default 15, the one this Debian ships; the test matrix
# runs 17 and 18 in chroots, scripts/test_matrix.sh).

set -euo pipefail
export LANG=C.UTF-8 LC_ALL=C.UTF-8

PG_MAJOR=${PG_MAJOR:-15}
PG_CONFIG=${PG_CONFIG:-/usr/lib/postgresql/$PG_MAJOR/bin/pg_config}
# The server binaries beside pg_config (a relocated copy works too).
PG_BIN=$(dirname "$PG_CONFIG")
export PG_CONFIG
REPO_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

log() { printf '==> %s\n' "$*" >&2; }

# Debian packages the build, the server and the tests need.
ensure_packages() {
	local missing=()
	local pkg
	for pkg in postgresql-$PG_MAJOR postgresql-server-dev-$PG_MAJOR make gcc libc6-dev python3; do
		dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' \
			|| missing+=("$pkg")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	if [ "$(id -u)" -ne 0 ]; then
		echo "missing packages: ${missing[*]} (run as root to install them)" >&2
		return 1
	fi
	log "installing ${missing[*]}"
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# Build with every warning an error, then install into PostgreSQL $PG_MAJOR.
build_and_install() {
	log "building and installing the extension"
	make -C "$REPO_ROOT" -s -j"$(nproc)" PG_CONFIG="$PG_CONFIG" \
		PG_CFLAGS="$(make -s -C "$REPO_ROOT" print-werror-cflags PG_CONFIG="$PG_CONFIG")"
	make -C "$REPO_ROOT" -s install PG_CONFIG="$PG_CONFIG" >/dev/null
}

# Start a socket-only cluster in a private directory; sets PGHOST/PGPORT/PGUSER.
# SKILL_PGPORT picks the port (the socket's name) when several run at once.
start_cluster() {
	local port=${SKILL_PGPORT:-54329}
	CLUSTER_DIR=$(mktemp -d /tmp/skill-pg.XXXXXX)
	chown postgres: "$CLUSTER_DIR"
	chmod 700 "$CLUSTER_DIR"
	log "starting a throwaway cluster in $CLUSTER_DIR"
	runuser -u postgres -- "$PG_BIN/initdb" -D "$CLUSTER_DIR/data" -U postgres \
		--auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$CLUSTER_DIR/initdb.log" 2>&1 \
		|| { cat "$CLUSTER_DIR/initdb.log" >&2; return 1; }
	runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$CLUSTER_DIR/data" -l "$CLUSTER_DIR/server.log" \
		-o "-c listen_addresses= -k $CLUSTER_DIR -c port=$port ${PG_EXTRA_OPTS:-}" -w start >/dev/null \
		|| { cat "$CLUSTER_DIR/server.log" >&2; return 1; }
	export PGHOST=$CLUSTER_DIR PGPORT=$port PGUSER=postgres
	trap stop_cluster EXIT
}

stop_cluster() {
	[ -n "${CLUSTER_DIR:-}" ] || return 0
	if ! runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$CLUSTER_DIR/data" -m fast -t 30 -w stop >/dev/null 2>&1; then
		runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$CLUSTER_DIR/data" -m immediate stop >/dev/null 2>&1 || true
	fi
	if [ -n "${KEEP_CLUSTER:-}" ]; then
		log "cluster files kept in $CLUSTER_DIR"
	else
		rm -rf "$CLUSTER_DIR"
	fi
	CLUSTER_DIR=
	if [ -n "${HUGE_PAGES_BEFORE:-}" ]; then
		echo "$HUGE_PAGES_BEFORE" > /proc/sys/vm/nr_hugepages || true
		HUGE_PAGES_BEFORE=
	fi
}

# A cluster set for timing (bench/): the tables cached in 1 GB of shared
# buffers, one core per query (a replay is sequential), and those buffers
# in 2 MB huge pages where the machine has them, as is usual on a
# production server.  Each backend maps the shared buffers it reads; in
# 4 kB pages that is one page fault per page, about 0.25 s for the 1M-match
# benchmark table in a fresh backend on this VM, where a fault costs
# 11-15 us.  As root, reserves the pages (PostgreSQL's default huge_pages
# = try takes them) and gives them back when the cluster stops.
start_bench_cluster() {
	local want=$((1024 * 11 / 10 / 2 + 32)) have
	have=$(cat /proc/sys/vm/nr_hugepages 2>/dev/null || echo 0)
	if [ "$have" -lt "$want" ] && [ -w /proc/sys/vm/nr_hugepages ]; then
		HUGE_PAGES_BEFORE=$have
		echo "$want" > /proc/sys/vm/nr_hugepages || HUGE_PAGES_BEFORE=
	fi
	PG_EXTRA_OPTS="-c shared_buffers=1GB -c max_parallel_workers_per_gather=0 ${PG_EXTRA_OPTS:-}" start_cluster
	if awk '/_Hugetlb:/ && $2 > 0 { found = 1 } END { exit !found }' \
		"/proc/$(head -1 "$CLUSTER_DIR/data/postmaster.pid")/smaps_rollup" 2>/dev/null; then
		BENCH_HUGE_PAGES="shared buffers in 2 MB huge pages"
	else
		BENCH_HUGE_PAGES="shared buffers in 4 kB pages (no huge pages reserved)"
	fi
	log "$BENCH_HUGE_PAGES"
}

# q ARGS: psql on the cluster's postgres database, quiet and unaligned,
# stopping at the first error.  For bench/ (a script may define its own).
q() { psql -X -q -At -v ON_ERROR_STOP=1 -d postgres "$@"; }

# query_ms SETTINGS QUERY: the server time of one run of QUERY in a fresh
# backend after SETTINGS (psql's \timing, milliseconds).  For bench/.
query_ms() {
	local out ms
	out=$({ echo '\set ON_ERROR_STOP on'; echo "$1"; echo '\timing on'; echo "$2;"; } | psql -X -q -d postgres 2>&1) ||
		{ printf '%s\n' "$out" >&2; return 1; }
	ms=$(printf '%s\n' "$out" | sed -n 's/^Time: \([0-9.]*\) ms.*/\1/p' | tail -1)
	[ -n "$ms" ] || { printf 'no timing in: %s\n' "$out" >&2; return 1; }
	echo "$ms"
}

# For the benches over a seeded 1v1 history: builds and installs, writes
# $MATCHES 1v1 matches (bench/replay/gen.mjs, seed 42) to $DATA/h1v1.csv and
# starts a cluster set for timing; $DATA goes when the script ends.
bench_1v1_setup() {	# NAME (of the data directory)
	BENCH=$REPO_ROOT/bench/replay
	DATA=$(mktemp -d "/tmp/skill-$1.XXXXXX")
	chmod 755 "$DATA"
	ensure_packages
	build_and_install
	(cd "$BENCH" && { [ -d node_modules ] || npm ci --no-audit --no-fund >/dev/null; })
	node "$BENCH/gen.mjs" 1v1 "$MATCHES" 50000 42 > "$DATA/h1v1.csv"
	start_bench_cluster
	trap 'stop_cluster; rm -rf "$DATA"' EXIT
}

# best_seconds SETTINGS QUERY: the fastest of $RUNS server times, each in a
# fresh backend, in seconds.
best_seconds() {
	local i best= t
	for i in $(seq "$RUNS"); do
		t=$(query_ms "$1" "$2")
		best=$(awk -v a="$best" -v b="$t" 'BEGIN { print (a == "" || b < a) ? b : a }')
	done
	awk -v t="$best" 'BEGIN { printf "%.3f", t / 1000 }'
}
