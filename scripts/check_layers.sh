#!/usr/bin/env bash
# scripts/check_layers.sh - fails when a source file includes a header of a
# layer above its own.  Layers, lowest first: core, engine, families, sql.
#   core      plain C: only the C library and its own headers (no PostgreSQL)
#   engine    PostgreSQL, core
#   families  PostgreSQL, core, engine
#   sql       anything
set -euo pipefail
cd "$(dirname "$0")/../src"

status=0
violation() { echo "layer violation: $1" >&2; status=1; }

# core: angle includes must be C library headers; quoted ones its siblings.
while IFS= read -r line; do
	file=${line%%:*}
	header=$(sed -E 's/.*#[[:space:]]*include[[:space:]]*[<"]([^>"]+)[>"].*/\1/' <<<"$line")
	case "$line" in
	*'<'*)
		case "$header" in
		assert.h|errno.h|float.h|limits.h|math.h|stdbool.h|stddef.h|stdint.h|stdio.h|stdlib.h|string.h) ;;
		*) violation "$line (core uses only the C library)" ;;
		esac ;;
	*)
		[ -f "core/$header" ] || violation "$line (core includes only core headers)" ;;
	esac
done < <(grep -Hn '^[[:space:]]*#[[:space:]]*include' core/*.[ch] || true)

# engine and families: nothing from the layers above.
check_upward() {
	local layer=$1 forbidden=$2
	local hits
	hits=$(grep -HnE "^[[:space:]]*#[[:space:]]*include[[:space:]]*\"($forbidden)/" "$layer"/*.[ch] 2>/dev/null || true)
	[ -z "$hits" ] || while IFS= read -r line; do violation "$line"; done <<<"$hits"
}
check_upward engine 'families|sql'
check_upward families 'sql'

[ "$status" -eq 0 ] && echo "layers: ok"
exit "$status"
