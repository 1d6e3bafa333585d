// Package kalah is Kalah (Champion's commercial mancala, 1950s) with P
// pits a side and S seeds a pit, kalah:P,S, and its adapter to the
// catalog and the tier solver. Its result is a score: the store
// difference, which grundy reports as the margin for the player to move
// (game.Scored).
//
// # Rules
//
// The rules are those of Irving, Donkers and Uiterwijk, "Solving Kalah",
// ICGA Journal 23(3), 2000, pp. 139–147, which solved Kalah(m,n) for m ≤ 6
// pits and n ≤ 6 seeds but (6,6) (Table 10: who wins; Table 9: the
// first player's margin for m = 4, 5, 6); kalah with no parameters is
// their standard, commercial Kalah(6,4), a first-player win by 10. The
// values this package reproduces are pinned in published_test.go and
// BENCHMARKS.md:
//
//   - South and North each own P pits (houses) and a store to the right
//     of their row; every pit starts with S seeds, the stores empty, and
//     South moves first.
//   - A move takes every seed of one of the mover's non-empty pits and
//     sows them one by one counterclockwise into the following pits, the
//     mover's own store included and the opponent's store skipped.
//   - Extra turn: when the last seed lands in the mover's store, the
//     mover moves again.
//   - Capture: when the last seed lands in an empty pit of the mover's
//     own side, that seed and every seed of the opposite pit go to the
//     mover's store. By default this happens even when the opposite pit
//     is empty (the lone seed is captured), as in Irving et al.; the
//     variant kalah:P,S:nonempty captures only when the opposite pit
//     holds seeds, as Wikipedia's statement of the rules has it.
//   - End: as soon as either side's pits are all empty, the game is over
//     and each player puts the seeds left on its own side into its own
//     store (the standard rule).
//   - Result: the difference of the stores.
//
// # Turns and the model
//
// grundy's solvers assume that the players alternate. A Kalah turn may be
// several sowings (each ending in the store gives another), so one move of
// Game is a whole turn: the sowings a player makes before the turn passes
// (or the game ends), written "pit 3" for one sowing and "pit 3, pit 1"
// for a chain. The margin under perfect play is the same either way (a
// player who chains sowings chooses each one knowing the last, which the
// whole-turn move lists as its own option); remoteness counts turns. Pits
// are numbered 1 to P for each player in sowing order, so pit P is next to
// the mover's own store.
//
// # Notation
//
// One token: the top row (North's pits, as seen from South: North's pit P
// on the left, pit 1 on the right), '/', the bottom row (South's pits 1 to
// P), '/', North's store ',' South's store, '/', and the player to move
// (S or N). kalah:3,3's start is 3,3,3/3,3,3/0,0/S; nothing names it. The
// seeds must add up to 2·P·S, and a side may be empty only when both are
// (the end, every seed in a store): other boards no play reaches.
//
// # Tiers, and why play inside one never cycles
//
// The tier of a position is the number of seeds in the two stores,
// T. Seeds never leave a store, so T never decreases, and a move either
// adds to a store (the tier grows) or stays in its tier. A move that
// stays in its tier scored nothing: one sowing, no capture, no seed in the
// mover's store, and since the sowing path passes the mover's store before
// it reaches the opponent's side, every seed sown stayed on the mover's
// side, strictly nearer the mover's store than the pit it left. So the
// potential Φ = Σ over pits of seeds × (distance from the pit to its
// owner's store) strictly decreases on every move inside a tier (the
// opponent's side is untouched): play inside a tier has no cycles. The
// tier solver solves such a tier by its retrograde pass for scored games
// (package tier), which checks this: a cycle would leave positions
// unsolved and stop the build with an error.
//
// Ranks: the seeds left in pits (2P pits, total N − T) by the
// combinatorial number system over their stars-and-bars bar positions,
// times South's store (0..T), times the player to move.
package kalah
