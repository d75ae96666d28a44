#!/usr/bin/env bash
# scripts/fuzz_sql.sh SEED CALLS [BATCH] - the SQL-level randomized tester.
#
# Calls every function and aggregate of schema skill CALLS times in all with
# generated arguments (tests/fuzz_sql/driver.sql): edge floats, NULLs, odd
# array shapes, named arguments, jsonb options, good and bad rows queries.
# Asserts no crash, no hang (a batch of calls over FUZZ_BATCH_TIMEOUT,
# default 120s, is replayed call by call like a crash to name the slow
# one), no internal error (SQLSTATE class XX or 58) and no NaN or Infinity
# in any result.  The same SEED makes the same calls.
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
BATCH_TIMEOUT=${FUZZ_BATCH_TIMEOUT:-120s}
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

psql -X -q -d postgres -v ON_ERROR_STOP=1 -c "SET client_min_messages = warning" -c "DROP DATABASE IF EXISTS $DB" -c "CREATE DATABASE $DB" >/dev/null
q -c "CREATE EXTENSION skill" -f "$REPO_ROOT/tests/fuzz_sql/driver.sql" >/dev/null
functions=$(q -c "SELECT count(*) FROM skill_fuzz.funcs")

start=$EPOCHREALTIME
done_calls=0
ok=0
errors=0
crashes=0
crash_report=

# run_batch FIRST N [trace]: calls FIRST .. FIRST+N-1 in one backend; adds
# them to the counts, or fails (output in $out) if the backend died.
run_batch() {
	local calls good bad level=error
	[ -z "${3:-}" ] || level=notice
	out=$(q -c "SET client_min_messages = $level" -c "SET statement_timeout = '$BATCH_TIMEOUT'" \
		-c "SELECT skill_fuzz.run($SEED, $1, $2${3:+, true})" 2>&1) || return 1
	read -r calls good bad _ <<<"$(printf '%s\n' "$out" | tail -n 1)"
	done_calls=$((done_calls + calls))
	ok=$((ok + good))
	errors=$((errors + bad))
}

first=1
while [ "$first" -le "$CALLS" ]; do
	n=$((CALLS - first + 1))
	[ "$n" -le "$BATCH" ] || n=$BATCH
	if run_batch "$first" "$n"; then
		first=$((first + n))
		continue
	fi
	# The backend died or the batch ran out of time: replay the batch with
	# each call named before it runs; the last one named is the culprit.
	died=$(printf '%s\n' "$out" | head -n 1)
	wait_ready
	if run_batch "$first" "$n" trace; then
		# Not reproducible (another session's crash took this one down).
		echo "fuzz_sql: batch at call $first died once ($died) and passed when replayed" >&2
		first=$((first + n))
		continue
	fi
	culprit=$(printf '%s\n' "$out" | sed -n 's/^NOTICE:  call \([0-9]*\): .*/\1/p' | tail -n 1)
	if [ -z "$culprit" ]; then
		echo "fuzz_sql: batch at call $first died and its replay names no call:" >&2
		printf '%s\n' "$died" "$out" | tail -n 20 >&2
		exit 1
	fi
	stmt=$(printf '%s\n' "$out" | sed -n "s/^NOTICE:  call $culprit: //p")
	crash_report+="-- seed $SEED call $culprit: the backend died: $died"$'\n'"$stmt"$'\n'
	crashes=$((crashes + 1))
	done_calls=$((done_calls + 1))
	wait_ready
	# The calls before the culprit again, for their own findings.
	if [ "$culprit" -gt "$first" ] && ! run_batch "$first" $((culprit - first)); then
		echo "fuzz_sql: calls $first to $((culprit - 1)) died when run without call $culprit" >&2
		exit 1
	fi
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
