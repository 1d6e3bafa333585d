# Mock Turtles, the rules of examples/mock.star: heads-up coins; a move
# turns one, two or three coins, the rightmost from heads to tails. Each
# coin is a game of its own, so the value is the XOR of single coins';
# a single coin's is the mex over its moves. Memoised search.
import sys
from functools import reduce

memo = {}

def coin(n):
    if n in memo:
        return memo[n]
    seen = set()
    for j in range(-1, n):
        for i in range(-1, j if j >= 0 else 0):
            v = 0
            if j >= 0:
                v ^= coin(j)
            if i >= 0:
                v ^= coin(i)
            seen.add(v)
    g = 0
    while g in seen:
        g += 1
    memo[n] = g
    return g

heads = list(map(int, sys.argv[1:]))
print(reduce(lambda x, c: x ^ coin(c), heads, 0))
