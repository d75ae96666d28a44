# scripts/suite.sh - the steps and counters shared by scripts/test.sh (the
# whole suite, on PostgreSQL 15) and scripts/test_major.sh (the part the test
# matrix runs on the other majors).  Source it after scripts/lib.sh; each
# step adds its checks to $passed and $failed.

passed=0
failed=0
count() { passed=$((passed + $1)); failed=$((failed + $2)); }

# check WHAT CMD...: one check, that CMD succeeds.
check() {
	local what=$1
	shift
	if "$@"; then
		count 1 0
	else
		echo "FAIL: $what" >&2
		count 0 1
	fi
}

# counted WHAT CMD...: a script that counts its own checks and ends with
# "N passed, N failed" (or "skipped ...", which counts nothing).  Its last
# line is shown; all its output when it fails.
counted() {
	local what=$1 out line
	shift
	out=$("$@" 2>&1) || true
	line=$(printf '%s\n' "$out" | tail -n 1)
	if [[ $line =~ ([0-9]+)\ passed,\ ([0-9]+)\ failed ]]; then
		[ "${BASH_REMATCH[2]}" -eq 0 ] || printf '%s\n' "$out" | tail -n 80
		echo "$line"
		count "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}"
	elif [[ $line == skipped* ]]; then
		echo "$line"
	else
		printf '%s\n' "$out" | tail -n 80
		echo "FAIL: $what did not finish" >&2
		count 0 1
	fi
}

# unit_tests [valgrind]: the plain-C core's unit tests; each suite prints
# "name: N passed, N failed".  With "valgrind", each runs again under it.
unit_tests() {
	local suite line
	log "core unit tests"
	make -C "$REPO_ROOT/tests/unit" -s clean
	make -C "$REPO_ROOT/tests/unit" -s -j"$(nproc)" build
	for suite in $(make -C "$REPO_ROOT/tests/unit" -s list); do
		if line=$(cd "$REPO_ROOT/tests/unit" && "./$suite" | tail -n 1); then :; fi
		echo "$line"
		if [[ $line =~ ([0-9]+)\ passed,\ ([0-9]+)\ failed ]]; then
			count "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}"
		else
			echo "FAIL: $suite did not finish" >&2
			count 0 1
		fi
		if [ "${1:-}" = valgrind ] && command -v valgrind >/dev/null; then
			if (cd "$REPO_ROOT/tests/unit" && valgrind -q --error-exitcode=99 --leak-check=full \
				--errors-for-leak-kinds=definite "./$suite" >/dev/null); then
				echo "valgrind $suite: clean"
				count 1 0
			else
				echo "FAIL: valgrind found errors in $suite" >&2
				count 0 1
			fi
		fi
	done
}

# pg_regress and the isolation tests against the running cluster, on the
# build installed: the portable one (PostgreSQL's internals only through
# its documented APIs, make SKILL_PORTABLE=1) or the default one.
# tally WHAT PLANNED OUTPUT: the tests pg_regress (or pg_isolation_regress)
# passed and failed in OUTPUT, shown and counted; every line of a test that
# is not ok fails, and so does each of the PLANNED tests it never reached
# (it stops at a missing expected file).
tally() {
	local results ok bad
	# One line a test: "test name ... ok" before 16, TAP's "ok 1 - name"
	# (or "not ok 1 - name") from 16 on.
	results=$(printf '%s\n' "$3" | grep -E '\.\.\. |^(not )?ok [0-9]+ ' || true)
	[ -z "$results" ] || printf '%s\n' "$results"
	ok=$(printf '%s\n' "$results" | grep -cE '\.\.\. ok|^ok [0-9]+ ' || true)
	bad=$(( $(printf '%s\n' "$results" | grep -c . || true) - ok ))
	if [ $((ok + bad)) -lt "$2" ]; then
		printf '%s\n' "$3" >&2
		echo "FAIL: $1 ran $((ok + bad)) of $2 tests" >&2
		bad=$(($2 - ok))
	fi
	echo "$1: $ok passed, $bad failed"
	count "$ok" "$bad"
}

regress() {	# BUILD: the name of the build installed
	local regress_out diffs
	log "pg_regress, $1 build"
	cd "$REPO_ROOT"
	rm -f regression.diffs output_iso/regression.diffs
	# Regression and isolation suites separately, so one failing does not hide the other.
	regress_out=$( (make -s installcheck PG_CONFIG="$PG_CONFIG" ISOLATION= 2>&1;
		make -s installcheck PG_CONFIG="$PG_CONFIG" REGRESS= 2>&1) || true)
	tally "pg_regress, $1 build" $(( $(ls sql/*.sql | wc -l) + $(ls specs/*.spec | wc -l) )) "$regress_out"
	for diffs in regression.diffs output_iso/regression.diffs; do
		if [ -s "$diffs" ]; then
			echo "---- $diffs ($1 build) ----"
			cat "$diffs"
		fi
	done
}

# pg_regress on the build with the extension's Assert()s checked (make
# SKILL_ASSERT=1): a failed one ends the backend, so the tests after it
# fail, and its TRAP: line in the server log fails a check of its own.
assert_regress() {
	SKILL_PORTABLE= SKILL_ASSERT=1 build_and_install
	regress "assert-checked (SKILL_ASSERT=1)"
	no_failed_assert() {
		! grep -E '^TRAP: ' "$CLUSTER_DIR/server.log" >&2
	}
	check "an Assert() failed (the TRAP line above, from the server log)" no_failed_assert
}
