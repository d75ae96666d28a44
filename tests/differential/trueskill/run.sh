#!/usr/bin/env bash
# tests/differential/trueskill/run.sh - skill.trueskill_* against the npm
# package ts-trueskill 5.1.0 (pinned in package-lock.json) on seeded random
# 1v1, 2v2 and 4-team matches; differential.mjs says what is compared and why
# the tolerances are what they are.
#
# Contract (scripts/test.sh): PGHOST/PGPORT/PGUSER point at a running
# throwaway cluster with the extension installed.  This script installs its
# npm dependencies when node_modules is missing, works in a scratch database
# it creates and drops, and prints "ts-trueskill: N passed, N failed" last.
set -uo pipefail
cd "$(dirname "$0")"

fail() {
	echo "FAIL: $*" >&2
	echo "ts-trueskill: 0 passed, 1 failed"
	exit 1
}

if [ ! -d node_modules ]; then
	npm ci --no-audit --no-fund --loglevel=error >&2 || fail "npm ci did not install ts-trueskill"
fi

db="skill_diff_trueskill_$$"
drop_db() { psql -X -q -d postgres -c "DROP DATABASE IF EXISTS $db" >/dev/null 2>&1 || true; }
trap drop_db EXIT
psql -X -q -d postgres -c "CREATE DATABASE $db" >/dev/null || fail "could not create database $db"
psql -X -q -d "$db" -c "CREATE EXTENSION skill" >/dev/null || fail "could not create extension skill"

PGDATABASE="$db" node differential.mjs
