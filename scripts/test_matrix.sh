#!/usr/bin/env bash
# scripts/test_matrix.sh [MAJOR...] - the suite's matrix part
# (scripts/test_major.sh) on other PostgreSQL majors, each in a Debian
# chroot of the suite that ships it (default: 17 from trixie, 18 from sid;
# scripts/chroot.sh).  Needs root.  The chroots are made on the first run
# (about two minutes each) and reused after it; the work tree as it is
# (untracked files included) is copied into each.
# Ends with one line "N passed, N failed" over all majors and exits
# non-zero on any failure.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/chroot.sh"

majors=("$@")
[ ${#majors[@]} -gt 0 ] || majors=(17 18)
passed=0
failed=0

for major in "${majors[@]}"; do
	started=$SECONDS
	if ! suite=$(suite_of_major "$major") ||
		! make_chroot "pg$major" "$suite" postgresql-"$major" postgresql-server-dev-"$major" \
			make gcc libc6-dev python3; then
		echo "FAIL: no chroot with PostgreSQL $major" >&2
		failed=$((failed + 1))
		continue
	fi
	dir=$(chroot_dir "pg$major")
	copy_tree "$dir" /build/skill
	log "PostgreSQL $major ($suite chroot)"
	out=$(in_chroot "$dir" env PG_MAJOR="$major" bash /build/skill/scripts/test_major.sh 2>&1) || true
	line=$(printf '%s\n' "$out" | tail -n 1)
	if [[ $line =~ ([0-9]+)\ passed,\ ([0-9]+)\ failed ]]; then
		if [ "${BASH_REMATCH[2]}" -eq 0 ]; then
			printf '%s\n' "$out" | grep -E ' passed, [0-9]+ failed|^==> PostgreSQL' || true
		else
			printf '%s\n' "$out"
		fi
		echo "PostgreSQL $major: $line ($((SECONDS - started)) s)"
		passed=$((passed + BASH_REMATCH[1]))
		failed=$((failed + BASH_REMATCH[2]))
	else
		printf '%s\n' "$out"
		echo "FAIL: the suite on PostgreSQL $major did not finish ($((SECONDS - started)) s)" >&2
		failed=$((failed + 1))
	fi
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
