#!/usr/bin/env bash
# tests/fuzz/run.sh [SECONDS [JOBS]] - build the core's fuzz target with
# clang -fsanitize=fuzzer,address,undefined and run it for SECONDS (default
# 30) from the committed seed corpus (tests/fuzz/corpus, only read).  New
# inputs go to a scratch corpus, FUZZ_CORPUS to keep them between runs.
# A crash, sanitizer report or non-finite result leaves the input in
# tests/fuzz/artifacts/ (replay: tests/fuzz/fuzz_core FILE) and fails.
# Last line: "fuzz: N passed, N failed".
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
CORE="$HERE/../../src/core"
SECONDS_RUN=${1:-30}
JOBS=${2:-1}

# clang and its libFuzzer runtime (Debian 12: clang 14).
if ! command -v clang >/dev/null || ! dpkg-query -W -f='${Status}' libclang-rt-14-dev 2>/dev/null | grep -q 'ok installed'; then
	if [ "$(id -u)" -ne 0 ]; then
		echo "skipped fuzz: clang and libclang-rt-14-dev are not installed (run as root to install them)"
		exit 0
	fi
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends clang libclang-rt-14-dev >/dev/null
fi

# -fno-sanitize-recover: any undefined behaviour (float-cast-overflow
# included) stops the run with the input saved.
clang -std=c99 -O1 -g -fno-math-errno -fsanitize=fuzzer,address,undefined \
	-fno-sanitize-recover=all -I"$CORE" -o "$HERE/fuzz_core" "$HERE/fuzz_core.c" "$CORE"/*.c -lm

scratch=${FUZZ_CORPUS:-$(mktemp -d)}
mkdir -p "$scratch" "$HERE/artifacts"
log=$(mktemp)
status=0
parallel=()
[ "$JOBS" -le 1 ] || parallel=(-fork="$JOBS")
"$HERE/fuzz_core" -max_total_time="$SECONDS_RUN" "${parallel[@]}" -timeout=10 \
	-print_final_stats=1 -artifact_prefix="$HERE/artifacts/" \
	"$scratch" "$HERE/corpus" >"$log" 2>&1 || status=$?
grep -E '^stat::number_of_executed_units|^#[0-9]+.*DONE|^Done' "$log" | tail -n 3 || true
[ -n "${FUZZ_CORPUS:-}" ] || rm -rf "$scratch"
if [ "$status" -eq 0 ]; then
	echo "fuzz: 1 passed, 0 failed"
else
	grep -E 'ERROR|fuzz_core:|runtime error|SUMMARY|artifact' "$log" | head -n 20 >&2
	echo "fuzz: 0 passed, 1 failed"
fi
rm -f "$log"
