#!/bin/sh
# Times games written in Go (examples/native) against the plain C++ brute
# force of the same rules (examples/bench/*.cpp, g++ -O2), side by side,
# each run REPEAT times (default 3); prints the least wall and CPU time of
# each, the figures to read on a shared machine. The Go game is built
# once first (its build is cached), so the figures are of a warm run.
#   examples/bench/native.sh [path/to/grundy]
# Run from the repository's root. Needs g++ and GNU time's -f.
set -e
GRUNDY=${1:-grundy}
REPEAT=${REPEAT:-3}
BIN=$(mktemp -d)
trap 'rm -rf "$BIN"' EXIT
g++ -O2 -o "$BIN/chomp" examples/bench/chomp.cpp
g++ -O2 -o "$BIN/euclid" examples/bench/euclid.cpp
uptime
best() { # best LABEL CMD...: the least wall and CPU (user+sys) time of REPEAT runs
	label=$1; shift
	minw= ; minc=
	i=0
	while [ $i -lt "$REPEAT" ]; do
		/usr/bin/time -f '%e %U %S' -o "$BIN/time" "$@" >"$BIN/out" 2>&1
		w=$(cut -d' ' -f1 "$BIN/time"); c=$(awk '{print $2 + $3}' "$BIN/time")
		if [ -z "$minw" ] || [ "$(echo "$w < $minw" | bc)" = 1 ]; then minw=$w; fi
		if [ -z "$minc" ] || [ "$(echo "$c < $minc" | bc)" = 1 ]; then minc=$c; fi
		i=$((i + 1))
	done
	printf "%-34s %6s s wall %6s s CPU   %s\n" "$label" "$minw" "$minc" "$(grep -oE "grundy[\": ]+[0-9]+" "$BIN/out" | head -n 1)"
}
"$GRUNDY" solve examples/native/euclid/euclid.go 1 1 >/dev/null
"$GRUNDY" solve examples/native/chomp/chomp.go 1 >/dev/null
best "euclid 2999 3000 Go" "$GRUNDY" solve examples/native/euclid/euclid.go 2999 3000 --json
best "euclid 2999 3000 C++" "$BIN/euclid" 2999 3000
best "chomp 9x9 Go" "$GRUNDY" solve examples/native/chomp/chomp.go --param rows=9 --param cols=9 --json
best "chomp 9x9 C++" "$BIN/chomp" 9 9
best "chomp 8x8 Go" "$GRUNDY" solve examples/native/chomp/chomp.go --param rows=8 --param cols=8 --json
best "chomp 8x8 C++" "$BIN/chomp" 8 8
