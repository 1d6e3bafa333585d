// Package dobutsu is Dobutsu shogi ("animal shogi", Madoka Kitao and
// Maiko Fujita, 2008; sold abroad as "Let's Catch the Lion!") as a
// built-in game of the catalog (dobutsu) and as a game.Tiered for the
// tier solver (grundy db build dobutsu), which strongly solves it:
// Tanaka's count of reachable positions and his value of the start (a
// second-player win in 78 plies) reproduced. The one loopy tier is
// solved by un-moves (unmove.go, game.TierUnmover) instead of its graph,
// which would need about 20 GB (see tier.go and BENCHMARKS.md).
//
// The rules (Kitao's own summary, http://doubutsushogi.jp/howtoplayeng.html,
// and Tanaka's analysis below, which these rules reproduce):
//
//   - A board of 3 files by 4 ranks. Each player has a lion in the
//     middle of their home rank, an elephant at its left, a giraffe at
//     its right and a chick in front of the lion: g l e / . c . / . C . /
//     E L G, Sente (the first player, upper case) at the bottom, to move.
//   - Every piece steps one cell: the lion any way (a king), the giraffe
//     orthogonally, the elephant diagonally, the chick straight forward.
//     A chick stepping onto the far rank becomes a hen, always (the
//     promotion is not optional in this model, as in Tanaka's analysis):
//     a hen steps as shogi's gold general, any way but diagonally back.
//   - A piece stepping onto an opponent's piece takes it into the
//     captor's hand, a hen as a chick. Instead of stepping, a player may
//     drop a piece from their hand on any empty cell, with none of
//     shogi's restrictions: a chick may be dropped on the far rank, where
//     it stays a chick and cannot move until it is taken (Ludii's and
//     Wikipedia's statement of the rules; Tanaka counts the positions
//     where such a drop is the only winning move).
//   - Taking the opponent's lion wins. A player whose lion reaches the
//     far rank wins if the opponent cannot take it at once (the "try").
//   - Repetition: the published rules make a thrice-repeated sequence a
//     draw; here, as in every strong solution of the game, play that
//     goes on forever is a draw (the game graph's semantics: a position
//     from which neither player can force a win is drawn).
//
// The game graph is Tanaka's (Tetsuro Tanaka, "An Analysis of a Board
// Game 'Doubutsu Shogi'", IPSJ SIG Technical Report 2009-GI-22, 2009):
// a position whose player to move can take the opponent's lion is won,
// and its only moves listed are those captures (the other moves cannot
// do better); a position whose opponent's lion stands on the mover's
// home rank and cannot be taken is lost, with no moves (the try has
// succeeded); a position whose player to move has no lion is lost (it
// was just taken). A lion may step where it can be taken, as in the
// published rules. Remoteness counts plies to the capture of a lion or
// to a try that stands: the start is a second-player win in 78 plies
// (Tanaka's figure), and 246,803,167 positions are reachable from it
// counted as Tanaka counts them: one for each orbit of the half turn
// with the sides swapped and of the mirror, finished games left out —
// the database's records but the one of finished games, 246,803,168
// (CountReachable and TestTanakaCount count them again).
//
// Notation: see Format. Cells are named as the catalog names grid cells,
// the file's letter from a at the left (as Sente sees the board), the
// rank's number from 1 at the top; moves are labelled in the western
// notation of shogi moves (Hodges): Gc4-c3, Cb3xb2, Cb2-b1+ (a
// promotion), C*a2 (a drop).
//
// Tiers and ranks: nothing in the game only grows (a capture takes a
// piece off the board, a drop puts one back, a hen taken becomes a
// chick), so the whole game is one loopy tier. Its ranks number the
// positions seen from the player to move (the rotation with the sides
// swapped is a symmetry: both players have the same rules) and folded
// by the left-right mirror: 1,045,283,976 ranks, 2/3 of the
// 1,567,925,964 arrangements with one player to move (the count of all
// positions usually quoted, e.g. by Wikipedia's "Dōbutsu shōgi", which
// the unfolded ranker's size reproduces), rank 0
// standing for every finished game. See ranker.
//
// What makes it right. The moves come from a table of each piece's
// steps; the tests check the database against a plain retrograde
// analysis written separately in the test (its own board of runes, its
// own moves, its own queue) on every position reachable in games with
// fewer pieces (lions with one or two kinds of the other pieces), check
// the un-moves against the moves both ways (and exactly, on the games
// with fewer pieces) and the databases built by un-moves against those
// built by the graph byte for byte, check random play-outs of the full
// game against the rules' invariants, and pin Tanaka's counts and
// values (TestDatabase, on a database built by grundy db build).
package dobutsu
