#!/usr/bin/env bash
# The empty 7x6 board, grundy's search against other solvers, every run
# from the same memory state (issue 35; the procedure of BENCHMARKS.md,
# "The system time of a first run").
#
#   scripts/c4-side-by-side.sh [-r ROUNDS] [-t THREADS] [-s TABLE_BYTES] PEER...
#
# grundy searches with a table of TABLE_BYTES (1 GiB unless -s says).
# PEER is a command that solves the empty 7x6 board with a table of that size,
# for instance ChristopheSteininger/c4 built outside this repository
# (never commit a peer's code): g++ -std=c++20 -O3 -flto -march=native
# -DNDEBUG -pthread -o c4-t1 src/c4.cpp src/solver/*.cpp src/solver/*/*.cpp,
# with NUM_THREADS in its settings.h equal to -t and NUM_TABLE_ENTRIES
# giving the same bytes (134217757 entries of 8 bytes for 1 GiB, as it
# ships; 33554467 for 256 MiB).
#
# Why the touch before each run: this machine's hypervisor takes back
# free memory (free page reporting), so a program whose table lands on
# memory that lay free pays seconds of system time that one landing on
# memory just freed does not; which one pays depends on the order of the
# runs. Each run is therefore preceded by the same 1 GiB table made, written
# and freed (BenchmarkTableTouch/mapped). Rounds alternate the order.
#
# Prints one line a run: round, name, load before, wall, user and system
# seconds, and the solver's last lines. Run it on an otherwise idle machine.
set -euo pipefail

rounds=2
threads=1
table=$((1 << 30))
usage="usage: $0 [-r ROUNDS] [-t THREADS] [-s TABLE_BYTES] PEER..."
while getopts "r:t:s:" o; do
	case $o in
	r) rounds=$OPTARG ;;
	t) threads=$OPTARG ;;
	s) table=$OPTARG ;;
	*) echo "$usage" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
if [ $# -eq 0 ]; then
	echo "$usage" >&2
	exit 2
fi
if [ ! -x /usr/bin/time ]; then
	echo "c4-side-by-side: /usr/bin/time is missing (Debian: apt-get install time)" >&2
	exit 1
fi

repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$repo" && GOAMD64=v3 go test -c -o "$work/c4search.test" ./games/connect4/c4search)

touch_table() {
	GRUNDY_C4_TT=$((1 << 30)) "$work/c4search.test" -test.run '^$' -test.bench 'TableTouch/mapped' -test.benchtime 1x >/dev/null
}

run() { # round name command...
	local round=$1 name=$2
	shift 2
	touch_table
	local load
	load=$(cut -d' ' -f1 /proc/loadavg)
	if ! /usr/bin/time -f "%e %U %S" -o "$work/time" "$@" </dev/null >"$work/out" 2>&1; then
		echo "c4-side-by-side: $name failed; its output:" >&2
		tail -5 "$work/out" >&2
		exit 1
	fi
	read -r wall user sys <"$work/time"
	printf '%s\t%s\tload %s\twall %s s\tuser %s s\tsys %s s\t%s\n' "$round" "$name" "$load" "$wall" "$user" "$sys" \
		"$(grep -E 'ns/op|Score is|took' "$work/out" | tail -2 | tr -s ' \t\n' ' ')"
}

grundy() {
	run "$1" grundy env GRUNDY_C4_EMPTY=1 GRUNDY_C4_THREADS="$threads" GRUNDY_C4_TT="$table" \
		"$work/c4search.test" -test.run '^$' -test.bench 'Empty7x6$' -test.benchtime 1x
}

for ((r = 1; r <= rounds; r++)); do
	if ((r % 2 == 1)); then
		for p in "$@"; do
			run "$r" "$(basename "$p")" "$p"
			grundy "$r"
		done
	else
		for p in "$@"; do
			grundy "$r"
			run "$r" "$(basename "$p")" "$p"
		done
	fi
done
