// Package subtraction defines subtraction games: a move takes s tokens
// from one heap, for s in a set S of allowed amounts (S-Nim; Winning Ways
// ch. 4). Bash's game is S = {1, …, m}; the Fibonacci game takes a
// Fibonacci number.
//
// Bash's game has the closed form G(n) = n mod (m+1): the options of n are
// n-1, …, n-m, whose values are the m residues other than n mod (m+1), so
// the mex is n mod (m+1). In its misère form (taking the last token loses)
// the player to move loses exactly when n ≡ 1 (mod m+1): the winner keeps
// leaving such heaps until the loser must take the single last token.
//
// For a finite S the value sequence is eventually periodic, because each
// value depends only on the previous max(S) values (the state-repetition
// argument); the heap package finds and proves such periods. Here the
// games are searched position by position, which is the witness for every
// faster method.
package subtraction
