#!/usr/bin/env bash
# scripts/fuzz_sql.sh SEED CALLS [BATCH] - the SQL-level randomized tester.
#
# Calls every function and aggregate of schema skill CALLS times in all with
# generated arguments (tests/fuzz_sql/driver.sql): edge floats, NULLs, odd
# array shapes, named arguments, jsonb options, good and bad rows queries.
# Asserts no crash, no internal error (SQLSTATE class XX or 58) and no NaN
# or Infinity in any result.  The same SEED makes the same calls.
#
# Uses the server the PG* variables name (the extension must be installed
# there); without PGHOST it starts a throwaway cluster (scripts/lib.sh, as
# root).  Works in a scratch database skill_fuzz, dropped and recreated.
# Prints each finding as a pasteable statement, then
#   fuzz_sql: N calls, N crashes, N internal errors, N non-finite, N s
#   N passed, N failed
# (one check per call) and exits non-zero on any finding.
source "$(dirname "$0")/lib.sh"

SEED=${1:?usage: fuzz_sql.sh SEED CALLS [BATCH]}
CALLS=${2:?usage: fuzz_sql.sh SEED CALLS [BATCH]}
BATCH=${3:-2000}
DB=skill_fuzz

[ -n "${PGHOST:-}" ] || start_cluster

q() { psql -X -q -At -d "$DB" -v ON_ERROR_STOP=1 "$@"; }

# Waits for a server that restarts after a crash.
wait_ready() {
	local i
	for i in $(seq 1 120); do
		psql -X -q -At -d postgres -c 'SELECT 1' >/dev/null 2>&1 && return 0
		sleep 0.5
	done
	echo "fuzz_sql: the server did not come back" >&2
	return 1
}

psql -X -q -d postgres -v ON_ERROR_STOP=1 -c "DROP DATABASE IF EXISTS $DB" -c "CREATE DATABASE $DB" >/dev/null
q -c "CREATE EXTENSION skill" -f "$REPO_ROOT/tests/fuzz_sql/driver.sql" >/dev/null
functions=$(q -c "SELECT count(*) FROM skill_fuzz.funcs")

start=$EPOCHREALTIME
done_calls=0
ok=0
errors=0
crashes=0
crash_report=
first=1
last=$((CALLS))
while [ "$first" -le "$last" ]; do
	n=$((last - first + 1))
	[ "$n" -le "$BATCH" ] || n=$BATCH
	if out=$(q -c "SET client_min_messages = warning" -c "SELECT skill_fuzz.run($SEED, $first, $n)" 2>&1); then
		read -r calls good bad _internal _nonfinite <<<"$out"
		done_calls=$((done_calls + calls))
		ok=$((ok + good))
		errors=$((errors + bad))
		first=$((first + n))
		continue
	fi
	# The batch died (a crash, or an error escaping the driver): replay it
	# with each call named before it runs; the last one named is the culprit.
	wait_ready
	if trace=$(q -c "SET client_min_messages = notice" -c "SELECT skill_fuzz.run($SEED, $first, $n, true)" 2>&1); then
		# Not reproducible (another session's crash took this one down): count the replay.
		read -r calls good bad _internal _nonfinite <<<"$(printf '%s\n' "$trace" | tail -n 1)"
		echo "fuzz_sql: batch at call $first failed once and passed when replayed: $(printf '%s\n' "$out" | head -n 1)" >&2
		done_calls=$((done_calls + calls))
		ok=$((ok + good))
		errors=$((errors + bad))
		first=$((first + n))
		continue
	fi
	culprit=$(printf '%s\n' "$trace" | sed -n 's/^NOTICE:  call \([0-9]*\): .*/\1/p' | tail -n 1)
	if [ -z "$culprit" ]; then
		echo "fuzz_sql: batch at call $first failed and its trace names no call:" >&2
		printf '%s\n' "$out" "$trace" | tail -n 20 >&2
		exit 1
	fi
	wait_ready
	crashes=$((crashes + 1))
	stmt=$(printf '%s\n' "$trace" | sed -n "s/^NOTICE:  call $culprit: //p")
	crash_report+="-- seed $SEED call $culprit: crash or uncaught error: $(printf '%s\n' "$trace" | grep -v '^NOTICE' | head -n 1)"$'\n'"$stmt"$'\n'
	done_calls=$((done_calls + culprit - first + 1))
	first=$((culprit + 1))
done
seconds=$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { print b - a }')

findings=$(q -F ' ' -c "SELECT format(E'-- seed %s call %s: %s %s: %s\n%s;', seed, call, kind,
	coalesce(sqlstate, ''), replace(detail, E'\n', ' '), statement) FROM skill_fuzz.findings ORDER BY call")
internal=$(q -c "SELECT count(*) FROM skill_fuzz.findings WHERE kind = 'internal error'")
nonfinite=$(q -c "SELECT count(*) FROM skill_fuzz.findings WHERE kind = 'non-finite'")
[ -z "$crash_report" ] || printf '%s' "$crash_report"
[ -z "$findings" ] || printf '%s\n' "$findings"
failed=$((crashes + internal + nonfinite))
printf 'fuzz_sql: seed %s, %s calls over %s functions (%s returned, %s raised a clean error), %s crashes, %s internal errors, %s non-finite, %.1f s\n' \
	"$SEED" "$done_calls" "$functions" "$ok" "$errors" "$crashes" "$internal" "$nonfinite" "$seconds"
echo "$((done_calls - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
