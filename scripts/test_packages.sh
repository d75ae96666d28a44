#!/usr/bin/env bash
# scripts/test_packages.sh [MAJOR...] - the Debian packages (debian/), built
# and tested the way Debian builds extensions, for each major (default 15
# 17 18) in a chroot of the Debian suite that ships it (scripts/chroot.sh):
#   1. in a build chroot (build-essential, debhelper,
#      postgresql-server-dev-all), dpkg-buildpackage -b on a copy of the
#      work tree, with PG_SUPPORTED_VERSIONS=MAJOR so pg_buildext builds
#      postgresql-MAJOR-skill alone;
#   2. in a copy of a pristine minimal chroot (no build tools), apt-get
#      install ./postgresql-MAJOR-skill_*.deb, which brings postgresql-MAJOR
#      from the mirror, then scripts/package_check.sh: CREATE EXTENSION,
#      ALTER EXTENSION UPDATE from each released version, pg_regress and
#      the isolation tests against what the package installed.
# The .debs and each step's log are left in $SKILL_DEB_DIR (default
# /tmp/skill-debs); KEEP_CHROOT=1 keeps each test's chroot (in
# $SKILL_TEST_DIR, default /dev/shm).  Needs root.  Ends with one line "N passed, N failed";
# exits non-zero on any failure.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/suite.sh"
source "$(dirname "$0")/chroot.sh"

[ "$(id -u)" -eq 0 ] || { echo "run as root (debootstrap, chroot)" >&2; exit 1; }
majors=("$@")
[ ${#majors[@]} -gt 0 ] || majors=(15 17 18)
SKILL_DEB_DIR=${SKILL_DEB_DIR:-/tmp/skill-debs}
# Where each test's copy of the pristine chroot goes: memory (tmpfs) when
# there is one, as the copy, dpkg's writes and the removal are most of the
# time on a busy disk.
SKILL_TEST_DIR=${SKILL_TEST_DIR:-$( [ -d /dev/shm ] && [ -w /dev/shm ] && echo /dev/shm || chroot_dir .)}
mkdir -p "$SKILL_DEB_DIR"
version=$(sed -n 's/^EXTVERSION = //p' "$REPO_ROOT/Makefile")
debversion=$(sed -n '1s/^[^(]*(\([^)]*\)).*/\1/p' "$REPO_ROOT/debian/changelog")
if [ "${debversion%-*}" != "$version" ]; then	# the package names the version it holds
	echo "debian/changelog is at $debversion, the Makefile's EXTVERSION at $version: add a debian/changelog entry (dch -v $version-1)" >&2
	echo "0 passed, 1 failed"
	exit 1
fi

# build MAJOR: postgresql-MAJOR-skill_*.deb into $SKILL_DEB_DIR.
build_deb() {
	local m=$1 suite dir deb
	suite=$(suite_of_major "$m") || return 1
	dir=$(chroot_dir "deb-build-$m")
	copy_tree "$dir" /build/skill
	rm -f "$dir"/build/*.deb "$dir"/build/*.ddeb
	log "dpkg-buildpackage for PostgreSQL $m ($suite)"
	in_chroot "$dir" env PG_SUPPORTED_VERSIONS="$m" DEB_BUILD_OPTIONS=parallel="$(nproc)" \
		sh -c 'cd /build/skill && pg_buildext updatecontrol && dpkg-buildpackage -us -uc -b' \
		>"$SKILL_DEB_DIR/build-$m.log" 2>&1 ||
		{ tail -n 40 "$SKILL_DEB_DIR/build-$m.log" >&2; return 1; }
	deb=$dir/build/postgresql-${m}-skill_${debversion}_$(dpkg --print-architecture).deb
	[ -f "$deb" ] || { ls "$dir/build" >&2; echo "no $deb" >&2; return 1; }
	rm -f "$SKILL_DEB_DIR"/postgresql-"$m"-skill_*.deb
	cp "$deb" "$SKILL_DEB_DIR/"
	log "$(basename "$deb"): $(dpkg-deb -f "$deb" Depends)"
}

# install_and_test MAJOR: the .deb in a fresh copy of the pristine chroot.
install_and_test() {
	local m=$1 suite base work deb
	suite=$(suite_of_major "$m") || return 1
	base=$(chroot_dir "deb-install-$m")
	work=$SKILL_TEST_DIR/skill-deb-test-$m
	rm -rf "$work"
	cp -a "$base" "$work"
	deb=$(ls "$SKILL_DEB_DIR"/postgresql-"$m"-skill_*.deb)
	mkdir -p "$work/tmp/debs"
	cp "$deb" "$work/tmp/debs/"
	log "apt-get install ./$(basename "$deb") in a fresh $suite chroot"
	{ chroot_apt "$work" update && chroot_apt "$work" install "/tmp/debs/$(basename "$deb")"; } \
		>"$SKILL_DEB_DIR/install-$m.log" 2>&1 ||
		{ tail -n 40 "$SKILL_DEB_DIR/install-$m.log" >&2; return 1; }
	copy_tree "$work" /src/skill
	in_chroot "$work" env PG_MAJOR="$m" bash /src/skill/scripts/package_check.sh
}

# The chroots each major needs, made once (debootstrap and apt, mostly
# waiting on the mirror and the disk): for all majors at once.
chroots() {	# MAJOR
	local suite
	suite=$(suite_of_major "$1") || return 1
	make_chroot "deb-build-$1" "$suite" build-essential debhelper \
		"postgresql-server-dev-$1" postgresql-server-dev-all &&
		make_chroot "deb-install-$1" "$suite"
}
command -v debootstrap >/dev/null || {	# once, not by each job
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null
}
declare -A made
for m in "${majors[@]}"; do
	chroots "$m" >"$SKILL_DEB_DIR/chroots-$m.log" 2>&1 &
	made[$m]=$!
done

for m in "${majors[@]}"; do
	log "PostgreSQL $m: postgresql-$m-skill $debversion (skill $version)"
	start=$SECONDS
	if ! wait "${made[$m]}"; then
		cat "$SKILL_DEB_DIR/chroots-$m.log" >&2
		echo "FAIL: the chroots for PostgreSQL $m" >&2
		count 0 1
		continue
	fi
	[ $((SECONDS - start)) -lt 2 ] || log "chroots for PostgreSQL $m made in $((SECONDS - start)) s"
	start=$SECONDS
	if ! build_deb "$m"; then
		echo "FAIL: building postgresql-$m-skill" >&2
		count 0 1
		continue
	fi
	count 1 0
	built=$((SECONDS - start))
	start=$SECONDS
	install_and_test "$m" >"$SKILL_DEB_DIR/test-$m.log" 2>&1 || true
	line=$(tail -n 1 "$SKILL_DEB_DIR/test-$m.log")
	if [[ $line =~ ([0-9]+)\ passed,\ ([0-9]+)\ failed ]]; then
		grep -E '^(pg_regress|pg_isolation_regress): |^FAIL' "$SKILL_DEB_DIR/test-$m.log" || true
		[ "${BASH_REMATCH[2]}" -eq 0 ] || sed -n '/^---- /,$p' "$SKILL_DEB_DIR/test-$m.log" | sed '$d' | head -n 80
		count "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}"
	else
		tail -n 40 "$SKILL_DEB_DIR/test-$m.log"
		echo "FAIL: postgresql-$m-skill: the install test did not finish" >&2
		count 0 1
	fi
	echo "PostgreSQL $m: $line (build $built s, install and tests $((SECONDS - start)) s; log: $SKILL_DEB_DIR/test-$m.log)"
	[ -n "${KEEP_CHROOT:-}" ] || rm -rf "$SKILL_TEST_DIR/skill-deb-test-$m"
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
