#!/usr/bin/env bash
# scripts/test.sh - the whole test suite, on a fresh Debian 12 machine as root:
#   1. the plain-C core's unit tests, then the same under valgrind, and 30 s
#      of coverage-guided fuzzing (tests/fuzz);
#   2. build with -Werror, install, and pg_regress on a throwaway cluster
#      (SQL behaviour, error messages, and the reference-vector conformance),
#      on the portable build, the default one with Assert()s checked, and
#      the default one (src/sql/pg_internals.c);
#   3. differential tests against the npm peers, when node is present.
# Ends with one line "N passed, N failed" and exits non-zero on any failure.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/suite.sh"

ensure_packages
command -v valgrind >/dev/null || { [ "$(id -u)" -ne 0 ] || {
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq valgrind >/dev/null; }; }
# pg_partman for the partitioning test (without it only plain partitions are tested).
dpkg-query -W -f='${Status}' postgresql-$PG_MAJOR-partman 2>/dev/null | grep -q 'install ok installed' ||
	{ [ "$(id -u)" -ne 0 ] || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-$PG_MAJOR-partman >/dev/null 2>&1 || true; }
if [ -f "$("$PG_CONFIG" --sharedir)/extension/pg_partman.control" ]; then
	echo "partitioning: pg_partman is installed, its monthly layout is tested too"
else
	echo "partitioning: pg_partman is not installed in $("$PG_CONFIG" --sharedir), plain partitions only"
fi

# 1. Core unit tests, each also under valgrind.
unit_tests valgrind

# Coverage-guided fuzzing of the core (tests/fuzz), 30 seconds: no crash,
# no sanitizer report, no NaN or Infinity with SK_OK.
log "fuzzing the core"
line=$(bash "$REPO_ROOT/tests/fuzz/run.sh" 30 | tail -n 1) || true
echo "$line"
if [[ $line =~ ([0-9]+)\ passed,\ ([0-9]+)\ failed ]]; then
	count "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}"
elif [[ $line != skipped* ]]; then
	echo "FAIL: the fuzz run did not finish" >&2
	count 0 1
fi

# The layers: no upward include, and a core that builds without PostgreSQL;
# and no family struct that contradicts families.def.
log "layers"
for check in check-layers core-standalone check-families; do
	if make -C "$REPO_ROOT" -s "$check" PG_CONFIG="$PG_CONFIG"; then
		count 1 0
	else
		echo "FAIL: make $check" >&2
		count 0 1
	fi
done
# A server older than 15 stops the build with the supported majors named
# (MAJORVERSION, which PGXS reads from pg_config, stands in for one).
old_major() {
	local out
	! out=$(make -C "$REPO_ROOT" -s MAJORVERSION=14 PG_CONFIG="$PG_CONFIG" 2>&1) &&
		grep -q "skill supports PostgreSQL 15, 16, 17 and 18; .* is PostgreSQL 14" <<<"$out"
}
check "make against PostgreSQL 14 does not stop naming the supported majors" old_major

# 2. pg_regress against a throwaway cluster, once on each build of
#    src/sql/pg_internals.c: the portable one, then the default one with
#    the extension's Assert()s checked (make SKILL_ASSERT=1; a failed one
#    ends the backend, and the tests after it fail), then the default one,
#    which the rest of the suite tests.
start_cluster
SKILL_PORTABLE=1 build_and_install
regress "portable (SKILL_PORTABLE=1)"
assert_regress
SKILL_PORTABLE= SKILL_ASSERT= build_and_install
regress "default (fast paths)"

# The SQL randomized tester, short form (docs/operations.md's Reliability section
# has the long run): every call is a check that nothing crashes, raises an
# internal error or returns NaN/Infinity.
log "randomized SQL calls"
counted "scripts/fuzz_sql.sh" bash "$REPO_ROOT/scripts/fuzz_sql.sh" "${FUZZ_SEED:-1}" "${FUZZ_CALLS:-20000}"

# docs/reference.md (every function's signature and comment, the replay
# option tables) is generated from the catalog: it must be current.
reference() {
	psql -X -q -d postgres -c "SET client_min_messages = warning" -c "DROP DATABASE IF EXISTS skill_reference" \
		-c "CREATE DATABASE skill_reference" &&
		psql -X -q -d skill_reference -c "CREATE EXTENSION skill" &&
		PGDATABASE=skill_reference bash "$REPO_ROOT/scripts/reference.sh" --check
}
check "docs/reference.md is out of date" reference

# docs/per-match.md shows the per-match recipe the tests run (scripts/record_match.sql)
# in full: its sql blocks between the recipe markers, a blank line between
# two, are the file.
recipe() {
	awk '/^<!-- recipe:/ { on = 1; next } /^<!-- \/recipe -->/ { on = 0 }
		on && /^```sql$/ { if (n++) print ""; inb = 1; next }
		inb && /^```$/ { inb = 0; next }
		inb' "$1"
}
same_recipe() {
	[ -n "$(recipe "$REPO_ROOT/docs/per-match.md")" ] &&
		diff <(recipe "$REPO_ROOT/docs/per-match.md") "$REPO_ROOT/scripts/record_match.sql"
}
check "docs/per-match.md's recipe differs from scripts/record_match.sql" same_recipe

# The demo (scripts/demo.sql, the tour the README mentions) runs without an error.
demo() {
	psql -X -q -d postgres -c "DROP DATABASE IF EXISTS skill_demo" -c "CREATE DATABASE skill_demo" &&
		psql -X -q -d skill_demo -f "$REPO_ROOT/scripts/demo.sql" >/dev/null
}
check "scripts/demo.sql" demo

# Every SQL example of README.md and docs/*.md runs, and shows its true
# output (scripts/doc_examples.py; one check per example).
counted "the documentation examples" python3 "$REPO_ROOT/scripts/doc_examples.py"

# The per-match recipe under pgbench: 8 clients on shared players, 0 chain
# breaks with the lock, and breaks found without it (the check has teeth).
counted "the concurrency test" bash "$REPO_ROOT/scripts/test_concurrency.sh" 5 8

# Per-match functions on 100,000-entry arrays stop within statement_timeout.
counted "the huge-array cancel test" bash "$REPO_ROOT/scripts/test_cancel_huge.sh"

# The upgrade script from the last release is generated from the install
# script until its version ships (make upgrade-script): it must be current.
# Its name comes from the Makefile's EXTVERSION.
check "$(make -C "$REPO_ROOT" -s print-upgrade-script PG_CONFIG="$PG_CONFIG") is out of date" \
	make -C "$REPO_ROOT" -s check-upgrade-script PG_CONFIG="$PG_CONFIG"

# Release hygiene: META.json (PGXN spec) and the make dist zip.
counted "the dist test" bash "$REPO_ROOT/scripts/test_dist.sh"

# Scale-out on Citus (docs/operations.md, Scale-out): run where Citus is installed in
# the server PG_CONFIG names, skipped with a message elsewhere.
counted "the Citus test" bash "$REPO_ROOT/scripts/citus_test.sh"

# The analyst's calibration report.
counted "the report test" bash "$REPO_ROOT/scripts/test_report.sh"

# The o!TR weekly recompute recipe, directly and through pg_cron (own clusters).
counted "the o!TR weekly test" bash "$REPO_ROOT/scripts/test_otr_weekly.sh"

# 3. Differential tests against npm peers: tests/differential/<peer>/run.sh
#    prints "name: N passed, N failed" last (it installs its npm package).
for diff_test in "$REPO_ROOT"/tests/differential/*/run.sh; do
	[ -e "$diff_test" ] || continue
	name=$(basename "$(dirname "$diff_test")")
	if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
		echo "skipped differential/$name: node is not installed"
		continue
	fi
	if line=$(bash "$diff_test" | tail -n 1); then :; fi
	echo "$line"
	if [[ $line =~ ([0-9]+)\ passed,\ ([0-9]+)\ failed ]]; then
		count "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}"
	elif [[ $line == skipped* ]]; then
		:
	else
		echo "FAIL: differential/$name did not finish" >&2
		count 0 1
	fi
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
