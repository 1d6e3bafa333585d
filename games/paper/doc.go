// Package paper defines the cutting game (POJ 2311 "Cutting Game"): a
// position is a set of rectangular sheets of grid paper; a move cuts one
// sheet along a grid line into two sheets; whoever first produces a 1×1
// piece wins.
//
// That winning rule is not normal play, but it reduces to normal play:
//
//   - A sheet with a side of 1 and the other side k ≥ 2 (a strip) lets the
//     player to move cut off a 1×1 piece and win at once.
//   - So a cut that leaves a part 1 wide hands the opponent that immediate
//     win, unless the part is the 1×1 itself, which a cut of a sheet with
//     both sides ≥ 2 cannot produce (cutting 1 off a W×H sheet leaves a
//     1×H piece, H ≥ 2).
//   - Hence, from sheets that all have both sides ≥ 2, nobody makes such a
//     cut while a cut leaving both parts at least 2 wide exists, and a
//     player with no such cut left must make a losing one: the game is
//     normal play on sheets ≥ 2×2 whose moves cut W into a + (W-a) with
//     a, W-a ≥ 2 (or H likewise). The 2×2, 2×3, 3×2 and 3×3 sheets have no
//     such move.
//
// Game is that normal-play game as a game.Splitting: a cut leaves a sum of
// two independent sheets, whose Sprague–Grundy values combine by nim-sum
// (Sprague–Grundy theorem; Winning Ways ch. 4). Positions with a strip are
// decided by the first rule (the player to move wins, and the winning moves
// are exactly the cuts that produce a 1×1); they have no Sprague–Grundy
// value in the reduced game. The tests check both against a search of the
// literal rules, with the immediate win.
package paper
