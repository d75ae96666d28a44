#!/usr/bin/env bash
# bench/replay/compare.sh REV - replay speed of the working tree against an
# earlier commit, measured in one run: both builds side by side, each in
# its own copy of the PostgreSQL 15 installation (so both can be installed
# at once), queries interleaved, best of RUNS per query.  Prints one line
# per query: before, after, ratio.
#   bash bench/replay/compare.sh a32b67f          # the commit before the family interface
# Sizes as in run.sh: MATCHES_1V1 (1,000,000), MATCHES_5V5 (200,000), PLAYERS (50,000).
source "$(dirname "$0")/../../scripts/lib.sh"

REV=${1:?usage: compare.sh REV}
RUNS=${RUNS:-5}
BENCH=$REPO_ROOT/bench/replay
WORK=$(mktemp -d /tmp/skill-compare.XXXXXX)
chmod 755 "$WORK"
trap 'for v in old new; do [ -d "$WORK/$v/data" ] && runuser -u postgres -- "$WORK/pg-$v/bin/pg_ctl" -D "$WORK/$v/data" -m immediate stop >/dev/null 2>&1; done; git -C "$REPO_ROOT" worktree remove --force "$WORK/src-old" >/dev/null 2>&1; rm -rf "$WORK"' EXIT

ensure_packages
# A private copy of the server installation: PostgreSQL finds its share and
# lib directories relative to its binaries, so a copied tree is self-contained.
copy_install() {
	local root=$WORK/root-$1
	mkdir -p "$root/usr/lib/postgresql" "$root/usr/share/postgresql" "$root/usr/include"
	cp -a "/usr/lib/postgresql/$PG_MAJOR" "$root/usr/lib/postgresql/"
	cp -a "/usr/share/postgresql/$PG_MAJOR" "$root/usr/share/postgresql/"
	ln -s /usr/include/postgresql "$root/usr/include/postgresql"
	ln -s "$root/usr/lib/postgresql/$PG_MAJOR/bin" "$WORK/pg-$1"
}
build_into() {		# side source-dir
	make -C "$2" -s clean >/dev/null 2>&1 || true
	make -C "$2" -s PG_CONFIG="$WORK/pg-$1/pg_config" >/dev/null
	make -C "$2" -s install PG_CONFIG="$WORK/pg-$1/pg_config" >/dev/null
}
copy_install old
copy_install new
git -C "$REPO_ROOT" worktree add -q --detach "$WORK/src-old" "$REV"
build_into old "$WORK/src-old"
build_into new "$REPO_ROOT"

(cd "$BENCH" && { [ -d node_modules ] || npm ci --no-audit --no-fund >/dev/null; })
node "$BENCH/gen.mjs" 1v1 "${MATCHES_1V1:-1000000}" "${PLAYERS:-50000}" 42 > "$WORK/h1v1.csv"
node "$BENCH/gen.mjs" 5v5 "${MATCHES_5V5:-200000}" "${PLAYERS:-50000}" 43 > "$WORK/h5v5.csv"

start() {		# side port
	mkdir -p "$WORK/$1"
	chown postgres: "$WORK/$1"
	runuser -u postgres -- "$WORK/pg-$1/initdb" -D "$WORK/$1/data" -U postgres --auth=trust >/dev/null
	runuser -u postgres -- "$WORK/pg-$1/pg_ctl" -D "$WORK/$1/data" -l "$WORK/$1/log" \
		-o "-c listen_addresses= -k $WORK/$1 -c port=$2 -c shared_buffers=1GB -c max_parallel_workers_per_gather=0" \
		-w start >/dev/null
}
q() { psql -X -q -At -v ON_ERROR_STOP=1 -h "$WORK/$1" -p "$2" -U postgres -d postgres "${@:3}"; }
start old 54511
start new 54512
for side in "old 54511" "new 54512"; do
	set -- $side
	q "$1" "$2" <<SQL
CREATE EXTENSION skill;
CREATE TABLE r1 (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8);
\copy r1 FROM '$WORK/h1v1.csv' WITH (FORMAT csv)
CREATE TABLE r5 (LIKE r1);
\copy r5 FROM '$WORK/h5v5.csv' WITH (FORMAT csv)
CREATE INDEX ON r1 (played_at, match_id);
CREATE INDEX ON r5 (played_at, match_id);
VACUUM ANALYZE r1;
VACUUM ANALYZE r5;
SQL
done

declare -A queries=(
	[pl_replay_1v1]="SELECT cardinality(skill.pl_replay(match_id, played_at, player_id, team, rank)) FROM (SELECT * FROM r1 ORDER BY played_at, match_id) o"
	[pl_replay_5v5]="SELECT cardinality(skill.pl_replay(match_id, played_at, player_id, team, rank)) FROM (SELECT * FROM r5 ORDER BY played_at, match_id) o"
	[elo_replay_1v1]="SELECT cardinality(skill.elo_replay(match_id, played_at, player_id, team, rank)) FROM (SELECT * FROM r1 ORDER BY played_at, match_id) o"
	[glicko2_replay_1v1]="SELECT cardinality(skill.glicko2_replay(match_id, played_at, date_trunc('week', played_at, 'UTC'), player_id, team, rank)) FROM (SELECT * FROM r1 ORDER BY played_at, match_id) o"
	[pl_history_1v1]="SELECT count(*) FROM skill.pl_history('SELECT match_id, played_at, player_id, team, rank FROM r1 ORDER BY played_at, match_id')"
)
ms() {		# side port query: the server's execution time in ms
	{ echo '\timing on'; echo "$3;"; } | psql -X -q -h "$WORK/$1" -p "$2" -U postgres -d postgres 2>&1 |
		sed -n 's/^Time: \([0-9.]*\) ms.*/\1/p'
}
for name in pl_replay_1v1 pl_replay_5v5 elo_replay_1v1 glicko2_replay_1v1 pl_history_1v1; do
	best_old=; best_new=
	for _ in $(seq "$RUNS"); do
		t=$(ms old 54511 "${queries[$name]}")
		best_old=$(awk -v a="$best_old" -v b="$t" 'BEGIN { print (a == "" || b < a) ? b : a }')
		t=$(ms new 54512 "${queries[$name]}")
		best_new=$(awk -v a="$best_new" -v b="$t" 'BEGIN { print (a == "" || b < a) ? b : a }')
	done
	awk -v n="$name" -v a="$best_old" -v b="$best_new" -v rev="$REV" \
		'BEGIN { printf "%-20s %s %7.0f ms   now %7.0f ms   ratio %.3f\n", n, rev, a, b, b / a }'
done
