#!/usr/bin/env bash
# scripts/reference.sh - docs/reference.md, made from the catalog of a
# database with the extension, so the reference cannot drift from the code:
# every function, aggregate and procedure of schema skill with its
# signature and its COMMENT ON, grouped by family (by name prefix) or else by
# the topic of the src/sql file that creates it; the names of the
# aggregates' support functions (schema skill_internal); the composite types with
# their comments; and each family's replay options (skill.replay_options()),
# the families and their section titles from skill.families().
#   bash scripts/reference.sh          print it
#   bash scripts/reference.sh --check  fail if docs/reference.md differs
#   bash scripts/reference.sh --write  rewrite docs/reference.md
# Needs a server with the extension available (PGHOST etc. set; PGDATABASE
# a database where it is created, default postgres).
set -euo pipefail
cd "$(dirname "$0")/.."

catalog() {
	psql -X -q -A -t -v ON_ERROR_STOP=1 -d "${PGDATABASE:-postgres}" <<'SQL'
SELECT jsonb_build_object(
  'routines', (SELECT jsonb_agg(jsonb_build_object(
                 'name', p.proname, 'kind', p.prokind,
                 'args', pg_get_function_arguments(p.oid),
                 'result', CASE WHEN p.prokind = 'p' THEN NULL ELSE pg_get_function_result(p.oid) END,
                 'comment', obj_description(p.oid, 'pg_proc'))
               ORDER BY p.proname, pg_get_function_identity_arguments(p.oid))
               FROM pg_proc p WHERE p.pronamespace = 'skill'::regnamespace),
  'support', (SELECT jsonb_agg(DISTINCT p.proname)
              FROM pg_proc p WHERE p.pronamespace = 'skill_internal'::regnamespace),
  'types', (SELECT jsonb_agg(jsonb_build_object(
              'name', t.typname, 'kind', t.typtype,
              'base', CASE WHEN t.typtype = 'd' THEN format_type(t.typbasetype, t.typtypmod) END,
              'fields', (SELECT string_agg(format('%s %s', a.attname, format_type(a.atttypid, a.atttypmod)), ', ' ORDER BY a.attnum)
                         FROM pg_attribute a WHERE a.attrelid = t.typrelid AND a.attnum > 0 AND NOT a.attisdropped),
              'comment', obj_description(t.oid, 'pg_type'))
            ORDER BY t.typname)
            FROM pg_type t LEFT JOIN pg_class c ON c.oid = t.typrelid
            WHERE t.typnamespace = 'skill'::regnamespace AND t.typtype IN ('c', 'd')
              AND (c.relkind IS NULL OR c.relkind = 'c')),
  'options', (SELECT jsonb_agg(to_jsonb(o) || jsonb_build_object('ord', n) ORDER BY n)
              FROM skill.replay_options() WITH ORDINALITY AS o(family, option, type, default_value, rule, help, n)),
  'families', (SELECT jsonb_agg(jsonb_build_object('family', f.family, 'label', f.label) ORDER BY n)
               FROM skill.families() WITH ORDINALITY AS f(family, label, rating_type, uses_period,
                                                          has_history, by_name, n)));
SQL
}

generated=$(catalog | python3 scripts/reference_format.py)
[ -n "$generated" ] || { echo "scripts/reference.sh: nothing generated" >&2; exit 1; }
case "${1:-}" in
--check)
	if ! diff <(cat docs/reference.md) <(printf '%s\n' "$generated") >&2; then
		echo "docs/reference.md differs from the catalog: run scripts/reference.sh --write" >&2
		exit 1
	fi
	echo "docs/reference.md: ok" ;;
--write) printf '%s\n' "$generated" > docs/reference.md ;;
*) printf '%s\n' "$generated" ;;
esac
