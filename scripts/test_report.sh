#!/usr/bin/env bash
# scripts/test_report.sh - scripts/report.py makes a well-formed page with a
# reliability curve per system, on a small seeded history.  Needs the test
# cluster (PGHOST etc.); prints "report: N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
passed=0
failed=0
check() { if eval "$2"; then passed=$((passed + 1)); else echo "FAIL: report: $1" >&2; failed=$((failed + 1)); fi; }

db=skill_report_test
out=$(mktemp /tmp/skill-report.XXXXXX.html)
psql -X -q -d postgres -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db" &&
psql -X -q -v ON_ERROR_STOP=1 -d "$db" <<'SQL'
CREATE EXTENSION skill;
CREATE TABLE results (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8);
INSERT INTO results
SELECT m, timestamptz '2026-01-01 00:00+00' + m * interval '1 hour', p, t,
       CASE WHEN (m * 7 + t) % 3 = 0 THEN 2 ELSE 1 END + CASE WHEN t = 2 THEN 0.5 ELSE 0 END
FROM generate_series(1, 500) m, LATERAL (VALUES (1 + m % 17, 1), (18 + (m * 5) % 19, 2)) v(p, t);
-- The same with every fourth match a draw.
CREATE TABLE drawn AS
SELECT match_id, played_at, player_id, team, CASE WHEN match_id % 4 = 0 THEN 1 ELSE rank END AS rank FROM results;
SQL
check "runs" "PGDATABASE=$db python3 scripts/report.py --rows 'SELECT * FROM results ORDER BY played_at, match_id' --systems elo,pl,glicko --options '{\"elo\": {\"k\": 16}}' --out $out >/dev/null"
check "well-formed XHTML" "python3 -c \"import xml.etree.ElementTree as E; E.parse('$out')\""
check "one curve per system" "[ \$(grep -c '<polyline' $out) -eq 3 ]"
check "a score row per system" "[ \$(grep -c '<tr><td>' $out) -eq 3 ]"
# Both objectives: the three-way scores and the draw chance's diagram too.
check "runs with both objectives" "PGDATABASE=$db python3 scripts/report.py --rows 'SELECT * FROM drawn ORDER BY played_at, match_id' --systems elo,glicko --objective both --options '{\"elo\": {\"draw_model\": \"threshold\", \"draw_margin\": 0.5}, \"glicko\": {\"draw_model\": \"davidson\", \"draw_nu\": 0.5}}' --out $out >/dev/null"
check "well-formed XHTML (both)" "python3 -c \"import xml.etree.ElementTree as E; E.parse('$out')\""
check "two diagrams, one curve per system in each" "[ \$(grep -c '<polyline' $out) -eq 4 ] && grep -q 'observed draw rate' $out"
check "the three-way columns" "grep -q 'draw calibration slope' $out && [ \$(grep -c '<tr><td>' $out) -eq 2 ]"
# Configurations named by the caller: each its family's curve with its own options.
check "runs with named configurations" "PGDATABASE=$db python3 scripts/report.py --rows 'SELECT * FROM results ORDER BY played_at, match_id' --systems k16,k32 --options '{\"k16\": {\"family\": \"elo\", \"k\": 16}, \"k32\": {\"family\": \"elo\", \"k\": 32}}' --out $out >/dev/null"
check "one curve per configuration, and they differ" "[ \$(grep -c '<polyline' $out) -eq 2 ] && [ \$(grep -o '<polyline[^>]*points=\"[^\"]*\"' $out | sort -u | wc -l) -eq 2 ]"
rm -f "$out"
psql -X -q -d postgres -c "DROP DATABASE IF EXISTS $db"
echo "report: $passed passed, $failed failed"
