// Package tier strongly solves games too large for one retrograde
// analysis in memory: every position reachable from the start gets its
// outcome and remoteness, one tier at a time, written to a database
// (package db).
//
// A game.Tiered game splits its positions into tiers that play never
// leaves for an earlier one (pieces on the board, say), with a dense rank
// per tier. This is GamesmanOne's tier solver (Garcia et al., the
// Gamesman project; Thompson's retrograde analysis, 1986, applied tier by
// tier as in Gasser's solution of Nine Men's Morris, 1996):
//
//  1. The tier graph: the tiers reachable from the start's tier through
//     TierChildren, in a topological order (parents first; ties by tier
//     number, so the order is the same on every run).
//  2. Reachability, forward: a bitmap per tier of the ranks reachable from
//     the start, filled tier by tier in that order from the parents'
//     moves (atomic OR, the positions shared among the workers); a loopy
//     tier's own moves are followed to a fixed point by repeated sweeps.
//     The database holds exactly these positions, terminal ones included.
//  3. Solving, backward: tiers children first. A tier is solved from its
//     child tiers' finished records alone. An acyclic tier (TierLoopy
//     false) takes one pass over its reachable ranks: a position is won
//     in 1 + the least remoteness of a lost option, lost in 1 + the
//     greatest remoteness of its options if all are won, and otherwise
//     decided as the whole game's retrograde analysis would (a draw, or
//     the game's verdict on endless play, game.Endless). A loopy tier is
//     a retrograde analysis of its moves inside the tier, seeded by its
//     moves out of it (retro.Solve with retro.Exits: a bucket queue by
//     remoteness, so remoteness stays exact). Both share the tier's
//     positions among the workers; output does not depend on how.
//
// Loopy tiers without their graph (unmove.go): a game that lists
// un-moves (game.TierUnmover: the positions of the tier one move before
// a position) has its loopy tiers solved by retrograde analysis with
// un-moves instead of a stored reverse graph (Thompson 1986; Gasser's
// Nine Men's Morris, 1996): a byte per reachable position counts its
// moves not yet known to lose (retro's queue algorithm, its counters
// decreased by compare-and-swap), the records are written as positions
// are resolved, and the positions of each remoteness level are a bitmap
// of ranks that the workers share, un-moving each to find the counters
// to update. Moves out of the tier, and to the tier's positions without
// moves, are resolved in the pass that counts the moves, as exits are,
// so no position without moves is ever un-moved (Dobutsu shogi's one
// rank for every finished game stands for positions with no common
// parents). About 1.6 bytes a reachable position and 1.25 a rank
// (records and two level bitmaps) instead of the graph's 44 a position
// and 4 a move; the records are the graph path's byte for byte (tests
// build both ways). Games with scores, and tiers whose positions have
// more than 254 moves inside the tier, stay on the graph path. Two
// optional fast paths cut its CPU without changing a byte: MoveTester
// (whether a position has a move, without listing them) and
// DistinctMoves (a position whose moves inside the tier cannot reach
// one rank twice has them counted without ranking them: nine men's
// morris, where a step changes two points); a Walker's walk over ranks
// in order serves its passes too.
//
// A game may offer a fast path for both passes (Walker): walking a
// tier's marked ranks in order and the ranks of a position's moves
// without building them (Connect-4: 1.8x less CPU on 5x5). Such a game
// may also say which positions win at once (Finisher): the solving pass
// then records them won in 1 without reading their moves' records.
//
// Games with scores (game.Scored: the end has a margin, Kalah's store
// difference) get margins instead of outcomes (scored.go): a position's
// record is the best, for the player to move, of its moves' negated
// margins, ties broken by remoteness (the fewest moves when winning or
// tied, the most when losing), in 2-byte records (db.EncodeScore). An
// acyclic tier is one pass of that rule (ScoredNegamax); a tier whose
// moves may stay inside it is solved in Kahn's order of its moves inside
// the tier, which needs them never to cycle: a margin is a maximum over
// every move, and a position on a cycle has none, so a cycle stops the
// build with an error naming a position on it rather than a guessed
// value. Walker fast paths and the rank-range solving of Beam are for
// win/lose/draw records and refuse scored games.
//
// Symmetry lives in the ranking, not in the solver (Orbits): a game may
// give one rank to all the positions of an orbit of a symmetry of the
// game (positions with the same value whose moves lead to the images of
// each other's children), TierUnrank giving one of them. The solver
// expands that one; its children's ranks are their orbits', so every
// reachable orbit is reached and solved once. A rank must stand for a
// whole orbit: a rank for only some of its positions would leave the
// others' moves unexpanded (connect4's doc says how that shaped its
// ranking). Only the counts see it: the database counts each record as
// the positions its rank stands for (db.Ranking), and a Ranked game's
// ranking version is recorded so that a database of other ranks is
// refused.
//
// From a position (SolveFrom; grundy db build --from): the same build
// with another position as the start, holding every position reachable
// from it. A position's value depends only on the positions play reaches
// from it, so each record is the whole game's (tests compare the two);
// the endgame databases of a game too large to build whole (Gasser's of
// Nine Men's Morris) are such builds.
//
// Because a tier's value depends only on its children's, the result is
// the retrograde analysis of the whole game (tests compare every position
// with retro.SolveGame). Memory holds one tier's records, the records of
// the children it reads and the bitmaps of the tiers still to solve
// (1 bit per rank): a tier's records are freed once every parent tier is
// solved. Memory is charged to Options.Memory before it is allocated.
//
// Builds larger than memory (ranged.go): when the in-memory build's
// tables would pass a quarter of Options.Memory and every tier is
// acyclic, Solve cuts each tier into rank ranges, as the Beam pipeline
// does with --split-ranks: reachability by ranges saved as reachability
// parts, records by ranges solved from the children's finished files
// read a block at a time through a cache per worker (kept from one range
// of a tier to the next: cachePool), saved as part files, and the
// tier's file assembled from its parts, byte for byte the in-memory
// build's. Before it starts, and again after the forward pass, Solve
// estimates the disk the build needs (disk.go) and refuses when
// Options.DiskFree says there is less.
//
// Discovered tiers: a game that only says which tier each position is in
// (a game script's tier(pos)), with no dense ranks of its own, becomes a
// game.Tiered by Discover: a forward search from the start, tier by tier
// in increasing order, that ranks each tier's positions by the byte order
// of their canonical keys and keeps their moves (so the result is safe
// for concurrent use even when the game is not). A move to a smaller tier
// is an error naming both positions. A database of such a game stores
// each tier's sorted keys beside its records (package db, key files), so
// a query finds a position's rank from the files alone.
//
// Resume: each tier's file is written whole or not at all (db.Builder),
// so a build killed at any moment leaves finished tiers. A new build on
// the directory checks every tier file it finds (header, every block's
// checksum), keeps the whole ones and goes on. The forward pass saves
// each tier's bitmap once complete (db.Builder.SaveReach) and keeps it on
// disk, not in memory, until the tier is solved; a resumed build loads
// the saved bitmaps and expands only the tiers that have a child with
// neither a file nor a saved bitmap (a finished tier's reachable
// positions are its non-empty records), so a build stopped in the
// solving pass does not redo the forward pass. The files hold nothing that depends on
// time or on the order the workers ran in, so the database ends byte for
// byte as an uninterrupted build's.
package tier
