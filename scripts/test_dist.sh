#!/usr/bin/env bash
# scripts/test_dist.sh - META.json follows the PGXN Meta Spec, and `make
# dist` produces the release zip with the files a PGXN install needs (its
# own META.json valid too).  Prints "dist: N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
passed=0
failed=0
count_line() {
	if [[ $1 =~ ([0-9]+)\ passed,\ ([0-9]+)\ failed ]]; then
		passed=$((passed + BASH_REMATCH[1])); failed=$((failed + BASH_REMATCH[2]))
	else
		failed=$((failed + 1))
	fi
}
count_line "$(python3 scripts/check_meta.py META.json skill.control | tail -n 1)"

work=$(mktemp -d /tmp/skill-dist.XXXXXX)
if make -s dist PG_CONFIG="${PG_CONFIG:-pg_config}" >/dev/null 2>&1 && [ -f skill-*.zip ]; then
	passed=$((passed + 1))
	zip=$(ls skill-*.zip | head -n 1)
	upgrade=$(make -s print-upgrade-script PG_CONFIG="${PG_CONFIG:-pg_config}")
	count_line "$(python3 - "$zip" "$work" "$upgrade" <<'PY' | tail -n 1
import sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
names = set(z.namelist())
prefix = sys.argv[1][:-4] + "/"
need = ["META.json", "skill.control", "Makefile", "LICENSE", "README.md", "CHANGELOG.md",
        "src/core/openskill.c", "src/families/families.def", "scripts/gen_family_sql.awk",
        "versions/skill--0.1.0.sql", sys.argv[3], "docs/analysis.md"]
missing = [n for n in need if prefix + n not in names]
for n in missing:
    print("FAIL: dist: %s is not in the zip" % n, file=sys.stderr)
z.extractall(sys.argv[2])
print("zip: %d passed, %d failed" % (len(need) - len(missing), len(missing)))
PY
)"
	dir=$(ls -d "$work"/skill-* | head -n 1)
	count_line "$(python3 scripts/check_meta.py "$dir/META.json" "$dir/skill.control" | tail -n 1)"
	rm -f skill-*.zip
else
	echo "FAIL: dist: make dist made no zip" >&2
	failed=$((failed + 1))
fi
rm -rf "$work"
echo "dist: $passed passed, $failed failed"
