// Package fibnim defines Fibonacci Nim, a dynamic subtraction game: one
// heap of n tokens; the first move takes 1..n-1 tokens; afterwards a move
// takes at least 1 and at most twice the number the previous move took;
// taking the last token wins.
//
// A position is (n, L): n tokens, and at most L may be taken now. Whinihan
// (1963, "Fibonacci Nim", Fibonacci Quarterly 1(4)) showed, using
// Zeckendorf's theorem (every positive integer is uniquely a sum of
// non-consecutive Fibonacci numbers 1, 2, 3, 5, 8, …), that the player to
// move wins exactly when q(n) ≤ L, where q(n) is the smallest term of n's
// Zeckendorf representation; so from the start (L = n-1) the first player
// wins exactly when n is not a Fibonacci number. The winning move takes
// q(n): what remains has smallest term at least the next-but-one
// Fibonacci number, which is more than 2q(n). (See also Winning Ways
// ch. 12, and Knuth, TAOCP vol. 4A, §7.1.3.)
//
// Every winning move, exactly: taking t leaves m = n - t, and wins when
// m = 0 or q(m) > 2t. If q(m) = F, then m is the largest number ≤ n-1 all
// of whose Zeckendorf terms are ≥ F — that is, n-1 with its terms below F
// dropped — because two such numbers differ by at least F', the Fibonacci
// number before F, and a smaller m would need F > 2(n-m) ≥ 2 + 2F' ≥ F + 2.
// So the candidates for m are the prefix sums of the Zeckendorf terms of
// n-1 taken from the largest down, and WinningTakes tests each of them:
// at most one per Zeckendorf term, on numbers of any size.
//
// Game is the searchable model. The Sprague–Grundy values have no known
// closed form: Larsson and Rubinstein-Salzedo ("Grundy values of
// Fibonacci nim", 2016) characterise the positions of value at most 3 and
// bound the growth of the start positions' values, no more. So the values
// and remotenesses come from Table, every position (n, L) up to a heap
// computed row by row in O(N²) (a row's options grow by one as L grows,
// so its values are a running mex), checked against the plain search for
// every position up to 300 tokens; the catalog tabulates heaps as far as
// the state cap allows (about 6,300 tokens by default; it used to search
// only up to 150, as a search from one position costs O(N³)). A sum of
// heaps is the nim-sum of their values (Sprague–Grundy theorem).
package fibnim
