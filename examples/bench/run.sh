#!/bin/sh
# Times each example script against the plain Python brute force of the
# same rules, side by side, each run REPEAT times (default 3); prints the
# minimum of each, which is the figure to read on a shared machine.
#   examples/bench/run.sh [path/to/grundy]
# Run from the repository's root. Needs python3 and GNU time's -f.
set -e
GRUNDY=${1:-grundy}
REPEAT=${REPEAT:-3}
STRING=abababababababababababababaabababababababa
uptime
best() { # best LABEL CMD...: the least wall time of REPEAT runs
	label=$1; shift
	min=
	i=0
	while [ $i -lt "$REPEAT" ]; do
		/usr/bin/time -f %e -o /tmp/grundy-bench-time "$@" >/tmp/grundy-bench-out 2>&1
		t=$(cat /tmp/grundy-bench-time)
		if [ -z "$min" ] || [ "$(echo "$t < $min" | bc)" = 1 ]; then min=$t; fi
		i=$((i + 1))
	done
	printf '%-42s %6s s   %s\n' "$label" "$min" "$(grep -E '^ *grundy |^[0-9]+$' /tmp/grundy-bench-out | head -n 1 | sed 's/ (the position.*//; s/^ *//')"
}
best "euclid 2999 3000 script" "$GRUNDY" solve examples/euclid.star 2999 3000
best "euclid 2999 3000 python" python3 examples/bench/euclid.py 2999 3000
best "chomp 8x8 script" "$GRUNDY" solve examples/chomp.star --param rows=8 --param cols=8
best "chomp 8x8 python" python3 examples/bench/chomp.py 8 8
best "mock 50 100 150 script" "$GRUNDY" solve examples/mock.star 50 100 150
best "mock 50 100 150 python" python3 examples/bench/mock.py 50 100 150
best "string $STRING script" "$GRUNDY" solve examples/stringgame.star $STRING
best "string (42 letters) python" python3 examples/bench/stringgame.py $STRING
printf 'S = (1, 3, 4)\ndef moves(n):\n    return [n - s for s in S if s <= n]\n' >/tmp/grundy-bench-sub.star
best "subtract:1,3,4 to 10^5 script" "$GRUNDY" table /tmp/grundy-bench-sub.star --upto 100000
best "subtract:1,3,4 to 10^5 built-in" "$GRUNDY" table subtract:1,3,4 --upto 100000
