# Playing with a string (Codeforces 305E), the rules of
# examples/stringgame.star: cut out a letter whose two neighbours are
# equal; the piece splits into its left and right parts. Each piece is a
# game of its own; memoised Sprague-Grundy search over pieces.
import sys
sys.setrecursionlimit(1 << 20)

memo = {}

def grundy(s):
    if s in memo:
        return memo[s]
    seen = set()
    for i in range(1, len(s) - 1):
        if s[i - 1] == s[i + 1]:
            seen.add(grundy(s[:i]) ^ grundy(s[i + 1:]))
    g = 0
    while g in seen:
        g += 1
    memo[s] = g
    return g

print(grundy(sys.argv[1]))
