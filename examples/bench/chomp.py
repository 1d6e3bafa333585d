# Chomp, the rules of examples/chomp.star: a position is the tuple of row
# lengths (non-increasing, empty rows dropped); eating (r, c) cuts every
# row from r on to length c. Memoised Sprague-Grundy search.
import sys
sys.setrecursionlimit(1 << 20)

memo = {}

def grundy(pos):
    if pos in memo:
        return memo[pos]
    seen = set()
    for r in range(len(pos)):
        for c in range(pos[r]):
            if r == 0 and c == 0:
                continue
            rows = list(pos[:r])
            if c > 0:
                rows += [min(x, c) for x in pos[r:]]
            seen.add(grundy(tuple(rows)))
    g = 0
    while g in seen:
        g += 1
    memo[pos] = g
    return g

rows, cols = map(int, sys.argv[1:3])
print(grundy((cols,) * rows))
