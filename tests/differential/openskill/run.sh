#!/usr/bin/env bash
# tests/differential/openskill/run.sh - the OpenSkill SQL functions against
# openskill.js 5.0.1 (npm `openskill`, pinned by package-lock.json) on
# seeded random matches: skill.pl_rate / bt_full_rate / tm_full_rate, and
# the predictions where the two libraries agree (see openskill.mjs).
#
# Contract (scripts/test.sh): PGHOST/PGPORT/PGUSER point at a running
# cluster where the extension is installed.  This script installs its npm
# dependencies if needed, works in a scratch database of its own that it
# drops at the end, and prints last "openskill-js: N passed, N failed"
# (one check per rated match and per prediction, every number within 1e-9).
#
#   OPENSKILL_MATCHES (default 3000) and OPENSKILL_SEED (default 20240611)
#   choose the matches.
set -euo pipefail
export LANG=C.UTF-8 LC_ALL=C.UTF-8

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
MATCHES=${OPENSKILL_MATCHES:-3000}
SEED=${OPENSKILL_SEED:-20240611}
TOLERANCE=1e-9
PG_CONFIG=${PG_CONFIG:-/usr/lib/postgresql/15/bin/pg_config}
PSQL=$("$PG_CONFIG" --bindir 2>/dev/null)/psql
[ -x "$PSQL" ] || PSQL=psql

fail() {
	echo "openskill-js: $*" >&2
	echo "openskill-js: 0 passed, 1 failed"
	exit 1
}

cd "$HERE"
if [ ! -d node_modules/openskill ]; then
	echo "==> npm ci (openskill.js)" >&2
	npm ci --no-audit --no-fund --loglevel=error >&2 || fail "npm ci failed"
fi

WORK=$(mktemp -d /tmp/skill-openskill-js.XXXXXX)
DB=skill_diff_openskill_$$
cleanup() {
	"$PSQL" -X -q -d postgres -c "DROP DATABASE IF EXISTS $DB" >/dev/null 2>&1 || true
	rm -rf "$WORK"
}
trap cleanup EXIT

node openskill.mjs "$MATCHES" "$SEED" >"$WORK/matches.jsonl" 2>"$WORK/node.err" || { cat "$WORK/node.err" >&2; fail "openskill.mjs failed"; }
"$PSQL" -X -q -d postgres -c "CREATE DATABASE $DB" >/dev/null || fail "cannot create database $DB"

# One row per check: (model, op, id, max abs diff or NULL if a number is
# missing or not finite on either side).
"$PSQL" -X -q -v ON_ERROR_STOP=1 -d "$DB" -At -F ' ' >"$WORK/result.txt" 2>"$WORK/psql.err" <<SQL || { cat "$WORK/psql.err" >&2; fail "psql failed"; }
CREATE EXTENSION skill;
CREATE TABLE m (doc jsonb);
\copy m FROM '$WORK/matches.jsonl' WITH (FORMAT csv, QUOTE e'\x01', DELIMITER e'\x02')

-- JSON teams as a 2-D skill.rating[], shorter teams padded with NULL.
CREATE FUNCTION teams(teams jsonb) RETURNS skill.rating[] LANGUAGE sql IMMUTABLE
AS \$\$
  SELECT array_agg(ARRAY(SELECT CASE WHEN p < jsonb_array_length(x.team)
                                     THEN ROW((x.team->p->>'mu')::float8,
                                              (x.team->p->>'sigma')::float8)::skill.rating END
                         FROM generate_series(0, w.width - 1) AS p ORDER BY p)
                   ORDER BY x.t)
  FROM jsonb_array_elements(teams) WITH ORDINALITY AS x(team, t),
       (SELECT max(jsonb_array_length(e)) AS width FROM jsonb_array_elements(teams) AS e) w
\$\$;
CREATE FUNCTION f8(j jsonb) RETURNS float8[] LANGUAGE sql IMMUTABLE
AS \$\$
  SELECT CASE WHEN jsonb_typeof(j) = 'array' THEN
    ARRAY(SELECT x::float8 FROM jsonb_array_elements_text(j) WITH ORDINALITY AS a(x, n) ORDER BY n)
  END
\$\$;
-- |a - b|, NULL when either is missing or not finite (a failed check).
CREATE FUNCTION diff(a float8, b float8) RETURNS float8 LANGUAGE sql IMMUTABLE
AS \$\$ SELECT CASE WHEN abs(a) < 'Infinity' AND abs(b) < 'Infinity' THEN abs(a - b) END \$\$;

CREATE TABLE rated AS
SELECT (doc->>'id')::int AS id, doc->>'model' AS model, doc,
       CASE doc->>'model'
         WHEN 'pl' THEN skill.pl_rate(teams(doc->'teams'), f8(doc->'ranks'), f8(doc->'scores'),
             beta => (doc->'params'->>'beta')::float8, kappa => (doc->'params'->>'kappa')::float8,
             tau => (doc->'params'->>'tau')::float8, limit_sigma => (doc->'params'->>'limit_sigma')::bool,
             balance => (doc->'params'->>'balance')::bool)
         WHEN 'bt_full' THEN skill.bt_full_rate(teams(doc->'teams'), f8(doc->'ranks'), f8(doc->'scores'),
             beta => (doc->'params'->>'beta')::float8, kappa => (doc->'params'->>'kappa')::float8,
             tau => (doc->'params'->>'tau')::float8, limit_sigma => (doc->'params'->>'limit_sigma')::bool,
             balance => (doc->'params'->>'balance')::bool)
         WHEN 'tm_full' THEN skill.tm_full_rate(teams(doc->'teams'), f8(doc->'ranks'), f8(doc->'scores'),
             beta => (doc->'params'->>'beta')::float8, kappa => (doc->'params'->>'kappa')::float8,
             tau => (doc->'params'->>'tau')::float8, limit_sigma => (doc->'params'->>'limit_sigma')::bool,
             balance => (doc->'params'->>'balance')::bool, epsilon => (doc->'params'->>'epsilon')::float8)
       END AS r
FROM m;

CREATE TABLE checks AS
-- rate: every player's mu and sigma (a missing one makes the max NULL).
SELECT model, 'rate' AS op, id,
       CASE WHEN bool_and(d IS NOT NULL) THEN max(d) END AS d
FROM (SELECT rated.model, rated.id, diff((rated.r[a.t][b.p]).mu, (b.e->>'mu')::float8) AS d
      FROM rated
      CROSS JOIN LATERAL jsonb_array_elements(rated.doc->'js'->'rate') WITH ORDINALITY AS a(team, t)
      CROSS JOIN LATERAL jsonb_array_elements(a.team) WITH ORDINALITY AS b(e, p)
      UNION ALL
      SELECT rated.model, rated.id, diff((rated.r[a.t][b.p]).sigma, (b.e->>'sigma')::float8)
      FROM rated
      CROSS JOIN LATERAL jsonb_array_elements(rated.doc->'js'->'rate') WITH ORDINALITY AS a(team, t)
      CROSS JOIN LATERAL jsonb_array_elements(a.team) WITH ORDINALITY AS b(e, p)) x
GROUP BY model, id
UNION ALL
-- The result has nothing where openskill.js has nothing (padding stays NULL).
SELECT model, 'rate_shape', id,
       CASE WHEN (SELECT count(*) FROM unnest(r) u WHERE u IS NOT NULL)
                 = (SELECT count(*) FROM jsonb_array_elements(doc->'js'->'rate') a(team),
                                         jsonb_array_elements(a.team) b(e))
            THEN 0 END
FROM rated
UNION ALL
SELECT model, 'predict_win', id,
       CASE WHEN bool_and(d IS NOT NULL) THEN max(d) END
FROM (SELECT rated.model, rated.id,
             diff((skill.pl_predict_win(teams(doc->'teams'), (doc->'params'->>'beta')::float8,
                                        (doc->'params'->>'kappa')::float8,
                                        (doc->'params'->>'balance')::bool))[e.n], e.x::float8) AS d
      FROM rated
      CROSS JOIN LATERAL jsonb_array_elements_text(doc->'js'->'win') WITH ORDINALITY AS e(x, n)) x
GROUP BY model, id
UNION ALL
SELECT rated.model, 'predict_rank', rated.id,
       CASE WHEN bool_and(pr.rank = (doc->'js'->'rank'->(pr.team - 1)->>0)::int)
                 AND count(*) = jsonb_array_length(doc->'js'->'rank')
            THEN max(diff(pr.probability, (doc->'js'->'rank'->(pr.team - 1)->>1)::float8)) END
FROM rated
CROSS JOIN LATERAL skill.bt_full_predict_rank(teams(doc->'teams'), (doc->'params'->>'beta')::float8,
                                             (doc->'params'->>'kappa')::float8,
                                             (doc->'params'->>'balance')::bool) pr
WHERE doc->'js' ? 'rank'
GROUP BY rated.model, rated.id, doc
UNION ALL
SELECT model, 'predict_draw', id,
       diff(skill.tm_full_predict_draw(teams(doc->'teams'), (doc->'params'->>'beta')::float8,
                                       (doc->'params'->>'kappa')::float8,
                                       (doc->'params'->>'balance')::bool),
            (doc->'js'->>'draw')::float8)
FROM rated
WHERE doc->'js' ? 'draw';

-- Per model and op: checks, failures, largest difference.
SELECT 'summary', model, op, count(*), count(*) FILTER (WHERE d IS NULL OR NOT d <= $TOLERANCE),
       coalesce(max(d), 0)
FROM checks GROUP BY model, op ORDER BY model, op;
-- Up to 10 failing checks, for the log.
SELECT 'failed', model, op, id, coalesce(d::text, 'missing or not finite')
FROM checks WHERE d IS NULL OR NOT d <= $TOLERANCE ORDER BY id, op LIMIT 10;
SELECT 'total', count(*) FILTER (WHERE d <= $TOLERANCE), count(*) FILTER (WHERE d IS NULL OR NOT d <= $TOLERANCE),
       coalesce(max(d), 0)
FROM checks;
SQL

echo "openskill.js 5.0.1 vs skill: $MATCHES seeded matches (seed $SEED), tolerance $TOLERANCE"
cat "$WORK/node.err"
printf '%-8s %-13s %7s %7s %s\n' model op checks failed max_abs_diff
awk '$1 == "summary" { printf "%-8s %-13s %7d %7d %s\n", $2, $3, $4, $5, $6 }' "$WORK/result.txt"
awk '$1 == "failed" { print "FAILED: match " $4 " (" $2 " " $3 "): " substr($0, index($0, $5)) }' "$WORK/result.txt"
read -r _ passed failed maxdiff < <(awk '$1 == "total"' "$WORK/result.txt")
[ -n "${passed:-}" ] || fail "no result from psql"
echo "max abs diff over all numbers: $maxdiff"
echo "openskill-js: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
