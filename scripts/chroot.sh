# scripts/chroot.sh - Debian chroots with another PostgreSQL major, for the
# test matrix (scripts/test_matrix.sh) and the package test
# (scripts/test_packages.sh).  Source it after scripts/lib.sh; needs root.
#
# Each major lives in the Debian suite that ships it, made with debootstrap
# from the mirror this machine's apt uses and kept under $SKILL_CHROOT_DIR
# (default /var/cache/skill-chroots), so a second run reuses it.  Commands
# run in a private mount and PID namespace: /proc and /dev are mounted for
# that command alone, and every process it leaves (a server that did not
# stop) ends with it.

SKILL_CHROOT_DIR=${SKILL_CHROOT_DIR:-/var/cache/skill-chroots}

# The Debian suite that ships a PostgreSQL major (16 ships in none of
# bookworm, trixie or sid: it is neither built nor tested here).
suite_of_major() {
	case $1 in
	15) echo bookworm ;;
	17) echo trixie ;;
	18) echo sid ;;
	*) echo "no Debian suite here ships PostgreSQL $1 (tested: 15, 17, 18)" >&2; return 1 ;;
	esac
}

# The Debian mirror apt uses on this machine (deb822 or one-line sources).
debian_mirror() {
	local url
	url=$(sed -n 's/^URIs: *\(http[^ ]*debian\)\/*$/\1/p' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -n 1)
	[ -n "$url" ] || url=$(awk '$1 == "deb" && $2 ~ /debian\/?$/ { print $2; exit }' \
		/etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null)
	[ -n "$url" ] || { echo "no Debian mirror found in /etc/apt" >&2; return 1; }
	echo "${url%/}"
}

chroot_dir() { echo "$SKILL_CHROOT_DIR/$1"; }	# NAME

# in_chroot DIR CMD...: CMD as root inside DIR, with /proc and /dev.
in_chroot() {
	local dir=$1
	shift
	unshare --mount --pid --fork --propagation private -- \
		/bin/sh -c 'dir=$1; shift
			mount -t proc proc "$dir/proc" && mount --rbind /dev "$dir/dev" &&
			exec chroot "$dir" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
				LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME=/root DEBIAN_FRONTEND=noninteractive "$@"' \
		sh "$dir" "$@"
}

# apt-get inside a chroot; sid's Release file may be past its Valid-Until.
chroot_apt() {	# DIR ARGS...
	local dir=$1
	shift
	in_chroot "$dir" apt-get -q -y -o Acquire::Check-Valid-Until=false \
		-o APT::Install-Recommends=false "$@"
}

# make_chroot NAME SUITE [PACKAGE...]: the chroot NAME of a minimal SUITE
# with the packages, made once.  Starting a service inside it is refused,
# and installing PostgreSQL creates no cluster.
make_chroot() {
	local name=$1 suite=$2 dir tmp mirror
	shift 2
	dir=$(chroot_dir "$name")
	if [ -f "$dir/.skill-ready" ]; then
		return 0
	fi
	command -v debootstrap >/dev/null || {
		apt-get update -qq
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null
	}
	mirror=$(debian_mirror)
	tmp=$dir.tmp
	rm -rf "$tmp"
	mkdir -p "$SKILL_CHROOT_DIR"
	log "debootstrap $suite into $tmp"
	debootstrap --variant=minbase "$suite" "$tmp" "$mirror" >"$tmp.log" 2>&1 ||
		{ tail -n 20 "$tmp.log" >&2; return 1; }
	printf '#!/bin/sh\nexit 101\n' > "$tmp/usr/sbin/policy-rc.d"
	chmod 755 "$tmp/usr/sbin/policy-rc.d"
	mkdir -p "$tmp/etc/postgresql-common/createcluster.d"
	echo "create_main_cluster = false" > "$tmp/etc/postgresql-common/createcluster.d/skill.conf"
	if [ $# -gt 0 ]; then
		log "installing $* in $tmp"
		{ chroot_apt "$tmp" update && chroot_apt "$tmp" install "$@"; } >"$tmp.log" 2>&1 ||
			{ tail -n 20 "$tmp.log" >&2; return 1; }
		chroot_apt "$tmp" clean >/dev/null 2>&1 || true
	fi
	rm -f "$tmp.log"
	touch "$tmp/.skill-ready"
	rm -rf "$dir"
	mv "$tmp" "$dir"
}

# copy_tree DIR DEST: the repository's files as they are in the work tree
# (tracked, and untracked ones git does not ignore) into DEST inside DIR.
copy_tree() {
	local dir=$1 dest=$2
	rm -rf "${dir:?}/${dest#/}"
	mkdir -p "$dir/$dest"
	(cd "$REPO_ROOT" && git ls-files -z --cached --others --exclude-standard |
		xargs -0 tar -cf - --ignore-failed-read 2>/dev/null) | tar -xf - -C "$dir/$dest"
}
