#!/usr/bin/env bash
# scripts/check_layers.sh - fails when a source file includes a header of a
# layer above its own.  Layers, lowest first: core, engine, families, sql.
#   core      plain C: only the C library and its own headers (no PostgreSQL)
#   engine    PostgreSQL, core
#   families  PostgreSQL, core, engine but its private headers: engine/replay.h
#             and the engine headers that include it (a family sees the engine
#             through engine/family_api.h)
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

# families: not the engine's own headers, engine/replay.h and every engine
# header that includes one of them (dots in the names match themselves too).
include_of() { echo "^[[:space:]]*#[[:space:]]*include[[:space:]]*\"engine/($1)\""; }
private=(replay.h)
while :; do
	pattern=$(IFS='|'; echo "${private[*]}")
	mapfile -t wider < <({ printf '%s\n' "${private[@]}"
		grep -lE "$(include_of "$pattern")" engine/*.h | sed 's|^engine/||'; } | sort -u)
	[ "${#wider[@]}" -eq "${#private[@]}" ] && break
	private=("${wider[@]}")
done
hits=$(grep -HnE "$(include_of "$pattern")" families/*.[ch] || true)
[ -z "$hits" ] || while IFS= read -r line; do
	violation "$line (the engine's own: a family includes engine/family_api.h)"
done <<<"$hits"

[ "$status" -eq 0 ] && echo "layers: ok"
exit "$status"
