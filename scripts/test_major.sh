#!/usr/bin/env bash
# scripts/test_major.sh - the part of the suite that the test matrix runs on
# each PostgreSQL major besides 15 (scripts/test_matrix.sh runs it inside a
# chroot; it runs as well on any Debian machine as root with PG_MAJOR set):
#   the core unit tests; the compile checks (-Werror build, check-families);
#   pg_regress and the isolation tests on the portable, the assert-checked
#   and the default build; the documentation examples.
# Valgrind, fuzzing, the concurrency, Citus, o!TR-weekly, dist and npm
# differential runs stay on 15 (scripts/test.sh).
# Ends with one line "N passed, N failed" and exits non-zero on any failure.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/suite.sh"

ensure_packages
log "PostgreSQL $("$PG_CONFIG" --version | sed 's/^PostgreSQL //'), $(gcc -dumpfullversion 2>/dev/null || gcc -dumpversion) gcc"

unit_tests

log "compile checks"
check "make check-families" make -C "$REPO_ROOT" -s check-families PG_CONFIG="$PG_CONFIG"

start_cluster
SKILL_PORTABLE=1 build_and_install
regress "portable (SKILL_PORTABLE=1)"
assert_regress
SKILL_PORTABLE= SKILL_ASSERT= build_and_install
regress "default (fast paths)"

counted "the documentation examples" python3 "$REPO_ROOT/scripts/doc_examples.py"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
