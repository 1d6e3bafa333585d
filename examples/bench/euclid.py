# Euclid's game, the rules of examples/euclid.star: (a, b), a move takes a
# positive multiple of the smaller pile from the larger; no move once a
# pile is empty. Memoised Sprague-Grundy search, as a contestant writes it.
import sys
sys.setrecursionlimit(1 << 20)

memo = {}

def grundy(a, b):
    if (a, b) in memo:
        return memo[(a, b)]
    seen = set()
    if a and b:
        if a >= b:
            for k in range(1, a // b + 1):
                seen.add(grundy(a - k * b, b))
        else:
            for k in range(1, b // a + 1):
                seen.add(grundy(a, b - k * a))
    g = 0
    while g in seen:
        g += 1
    memo[(a, b)] = g
    return g

a, b = map(int, sys.argv[1:3])
print(grundy(a, b))
