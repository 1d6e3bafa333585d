// Package multiply defines the multiplication game (POJ 2505 "A
// multiplication game"): p starts at 1; a move multiplies p by one of 2..9;
// the first player to make p ≥ N wins. A position p ≥ N is terminal and
// lost for the player to move (the opponent just reached N), so this is
// normal play.
//
// Reduction: from p the game is the game from 1 with target M = ⌈N/p⌉,
// because a product of multipliers m gives p·m ≥ N exactly when m ≥ N/p.
//
// Theorem (the folklore solution of POJ 2505): from 1 with target M, the
// player to move wins exactly when 18^k < M ≤ 9·18^k for some k ≥ 0, and
// loses when M ≤ 1 or 9·18^k < M ≤ 18^(k+1) — the intervals end at 9, 18,
// 162, 324, 2916, 5832, … Proof by induction on M; multiplying by x hands
// the opponent the target ⌈M/x⌉:
//
//   - 1 < M ≤ 9: multiply by 9 and win at once.
//   - 9·18^k < M ≤ 18^(k+1): for every x in 2..9, 18^k < ⌈M/x⌉ ≤ 9·18^k,
//     a winning target for the opponent.
//   - 18^k < M ≤ 9·18^k, k ≥ 1: let x be the least multiplier with
//     ⌈M/x⌉ ≤ 18^k (x = 9 qualifies). If x = 2, ⌈M/2⌉ > 9·18^(k-1) as
//     M > 18^k; otherwise M > (x-1)·18^k, so M/x > 18^k/2. Either way the
//     opponent's target lies in (9·18^(k-1), 18^k], a losing one.
//
// Hence M and ⌈M/18⌉ have the same outcome when M > 18, which is how Wins
// computes it on big integers; every winning multiplier is found by
// trying all eight. The tests check the intervals against an exhaustive
// search for every target up to thousands and every p.
//
// Game is the searchable model (it also gives the Sprague–Grundy values,
// which have no closed form): the positions reachable from p are p times
// 7-smooth numbers, only about 50,000 of them below 10^18.
package multiply
