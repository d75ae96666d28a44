#!/usr/bin/env bash
# scripts/package_check.sh - run by scripts/test_packages.sh inside a chroot
# where postgresql-$PG_MAJOR-skill was installed from its .deb, with no
# build tools: the extension as the package installed it, on a throwaway
# cluster.  pg_regress and pg_isolation_regress come with the server's
# client package (postgresql-client-NN, which postgresql-NN depends on);
# this repository gives only the tests' sql/, specs/, expected/ and
# tests/vectors/, nothing is built.
# Ends with one line "N passed, N failed" and exits non-zero on any failure.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/suite.sh"

pkg=postgresql-$PG_MAJOR-skill
log "$(dpkg-query -W -f='${Package} ${Version}' "$pkg") on $("$PG_CONFIG" --version)"

# What the package holds: the module, the control file, the install script
# of this version, every released version's script and upgrade script
# (versions/), and the per-match recipe.
version=$(sed -n "s/^default_version = '\(.*\)'/\1/p" "$REPO_ROOT/skill.control")
pkglib=$("$PG_CONFIG" --pkglibdir)
share=$("$PG_CONFIG" --sharedir)/extension
files_ok() {
	local f
	for f in "$pkglib/skill.so" "$share/skill.control" "$share/skill--$version.sql" \
		$(cd "$REPO_ROOT/versions" && ls skill--*.sql | sed "s|^|$share/|") "$share/skill_record_match.sql"; do
		dpkg -S "$f" 2>/dev/null | grep -q "^$pkg:" || { echo "$f is not from $pkg" >&2; return 1; }
	done
}
check "the package holds the module and every script" files_ok
check "no C compiler here" sh -c '! command -v cc && ! command -v gcc' >/dev/null

start_cluster
q() { psql -X -q -At -v ON_ERROR_STOP=1 "$@"; }

# sql_is DB SQL WANT: SQL's output on DB is WANT.
sql_is() {
	local got
	got=$(q -d "$1" -c "$2" 2>&1) || true
	[ "$got" = "$3" ] || { printf 'in %s, %s gave\n%s\nnot %s\n' "$1" "$2" "$got" "$3" >&2; return 1; }
}
q -d postgres -c 'CREATE DATABASE fresh'
check "CREATE EXTENSION skill" sql_is fresh \
	"CREATE EXTENSION skill; SELECT extversion FROM pg_extension WHERE extname = 'skill'" "$version"
# Each released version (versions/skill--X.sql) updates to this one.
for old in $(cd "$REPO_ROOT/versions" && ls skill--*.sql | grep -v -- '--.*--' | sed 's/^skill--//; s/\.sql$//'); do
	q -d postgres -c "CREATE DATABASE \"from_$old\""
	check "CREATE EXTENSION skill VERSION '$old'; ALTER EXTENSION skill UPDATE" sql_is "from_$old" \
		"CREATE EXTENSION skill VERSION '$old'; ALTER EXTENSION skill UPDATE; SELECT extversion FROM pg_extension WHERE extname = 'skill'" "$version"
done

# The regression and isolation suites, as make installcheck runs them
# (PGXS: the contrib_regression database, --load-extension=skill).
results=$(mktemp -d /tmp/skill-results.XXXXXX)
cd "$REPO_ROOT"
log "pg_regress against the installed package"
tests=$(ls sql | sed -n 's/\.sql$//p' | sort)
out=$("$pkglib/pgxs/src/test/regress/pg_regress" --inputdir=. --outputdir="$results/regress" \
	--bindir="$PG_BIN" --dbname=contrib_regression --load-extension=skill $tests 2>&1) || true
tally "pg_regress" "$(echo $tests | wc -w)" "$out"
log "pg_isolation_regress against the installed package"
tests=$(ls specs | sed -n 's/\.spec$//p' | sort)
out=$("$pkglib/pgxs/src/test/isolation/pg_isolation_regress" --inputdir=. --outputdir="$results/isolation" \
	--bindir="$PG_BIN" --dbname=contrib_regression --load-extension=skill $tests 2>&1) || true
tally "pg_isolation_regress" "$(echo $tests | wc -w)" "$out"
for diffs in "$results"/*/regression.diffs; do
	[ -s "$diffs" ] && { echo "---- $diffs ----"; cat "$diffs"; }
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
