// Package retro solves finite two-player games by retrograde analysis:
// working backwards from the positions where the game has ended, it labels
// every position won, lost or drawn for the player to move, with its
// remoteness. It handles games whose positions repeat (cycles), which the
// depth-first solver of package impartial refuses.
//
// The algorithm is the classic queue algorithm of retrograde analysis
// (Ströhlein 1970; Thompson 1986; for games on graphs, Fraenkel & Yesha,
// "Theory of annihilation games", 1982, and Smith 1966). Each position
// keeps a counter of its moves not yet known to lose. Terminal positions
// are resolved by the rules (normal play: the player who cannot move loses).
// A queue of resolved positions is processed in order; for each, its
// predecessors are examined through the reverse graph:
//
//   - a predecessor of a lost position is won (it can move there);
//   - a predecessor of a won position has its counter decreased, and it is
//     lost when the counter reaches zero (every move leads to a won
//     position).
//
// Positions never resolved are those from which neither player can force a
// finite win: play goes on forever under best play, and the game's verdict
// for endless play decides them (a draw for impartial loopy games; game.Endless
// may say otherwise, as in the pursuit game where endless play is a loss for
// the pursued). When some terminal positions are draws and endless play is
// not, the player who loses endless play steers for those draws: a second
// pass computes that player's attractor of the drawn terminals.
//
// Remoteness (Steinhaus 1925; Winning Ways ch. 9) comes for free when the
// queue is processed first in, first out: positions enter it in
// non-decreasing order of remoteness, so the first lost option to reach a
// won position is its quickest win and the last won option to reach a lost
// position is its slowest loss. The remoteness is 0 at terminal positions,
// 1 + the least remoteness of a lost option at a won position (the winner
// hurries) and 1 + the greatest remoteness of its options at a lost one (the
// loser delays). Positions decided by endless play have no remoteness.
//
// With Options.Workers > 1 the queue of a large graph is processed level by
// level (the nodes of one remoteness at a time), each large level shared
// among goroutines that update the per-node counters with
// compare-and-swap; the levels are those of the FIFO queue, so the results
// are exactly the sequential ones.
//
// A Problem with Exits is one part of a larger game whose other moves
// lead to positions solved before (package tier solves a game one tier at
// a time this way): the queue is then a bucket queue by remoteness,
// seeded from the exits, so remoteness stays exact (see Exits).
//
// The core works on a compressed sparse row (CSR) reverse graph of int32
// node numbers and a uint32 counter per node, about 4 bytes per move plus
// 21 bytes per position, so graphs of tens of millions of moves fit in
// memory; SolveGame builds that graph for any game.Enumerable, and
// SolveFrom for the positions of any game.Game reachable from one (found
// breadth first, so that no second set of them is kept); both charge the
// positions and the moves to GameOptions.Memory as they store them.
package retro
