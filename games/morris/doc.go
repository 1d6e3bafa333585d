// Package morris is the Mills family (merels, morris) as built-in games
// of the catalog and as game.Tiered games for the tier solver:
// morris:N[:lasker][:fly|:nofly][:diag].
//
// The rules are those of Gasser's solution of Nine Men's Morris (R.
// Gasser, "Solving Nine Men's Morris", Computational Intelligence 12(1),
// 1996; the rules as he posted them in "Nine Men's Morris is a DRAW",
// rec.games.abstract, 23 November 1993), which GamesmanOne's mills game
// (GamesCrafters, UC Berkeley) also follows:
//
//   - Each player has N men (White and Black; White moves first). The
//     board starts empty.
//   - Placing: the players put a man of theirs on an empty point in turn
//     until both hands are empty.
//   - Moving: then a turn moves one of one's men along a line to an
//     adjacent empty point.
//   - A man placed or moved that makes a mill (three of the mover's men
//     on a line, made by this man: moving a man out of a mill and back
//     makes it again) removes one of the opponent's men that is not in a
//     mill, or any of them when all are; two mills made at once remove
//     one man.
//   - A player left with fewer than three men (on the board and in hand)
//     loses; so does a player with no legal move. Play that never ends is
//     a draw.
//
// The boards, with points named as on the usual diagrams (a file letter
// from the left, a rank number from the bottom):
//
//   - morris:3, three men's morris: a 3×3 grid, a3..c1. Mills are rows and
//     columns only and men move to orthogonally adjacent points: Murray's
//     "three men's morris" or "the smaller merels" (H. J. R. Murray, A
//     History of Chess, 1913, p. 614). There is no removal: the first
//     line wins. morris:3:diag adds the two diagonals, as lines and as
//     paths through the centre (the board of Kurna, tapatan); the first
//     player wins it, only by taking the centre, and neither player can
//     force a win when the centre is forbidden for the first man
//     (Wikipedia, "Three men's morris"; TestPublished reproduces both).
//     morris:3:fly lets a man move to any empty point (Murray's "nine
//     holes").
//   - morris:6, six men's morris: two concentric squares, 16 points (a5 c5
//     e5 / b4 c4 d4 / a3 b3 d3 e3 / b2 c2 d2 / a1 c1 e1), joined at the
//     middles of their sides; the mills are the squares' 8 sides. No
//     flying, as GamesmanOne's six men's morris.
//   - morris:9, nine men's morris: three squares, 24 points (a7 d7 g7 / b6
//     d6 f6 / c5 d5 e5 / a4 b4 c4 e4 f4 g4 / c3 d3 e3 / b2 d2 f2 / a1 d1
//     g1), 16 mills. A player with three men left, none in hand, may fly
//     (move a man to any empty point), as in Gasser's rules. Gasser
//     proved the game a draw; its strong solution (about 10^10
//     positions) is not claimed here: it needs about 7 CPU-hours with
//     the colour swap folded, 11 without (BENCHMARKS.md, "Nine men's
//     morris: the colour swap folded"). Its endgame databases, Gasser's, are built whole:
//     grundy db build morris:9 --from POSITION holds every position
//     reachable from a position of the moving phase and their colour
//     swaps (five men a side: 86 million orbits in under 3 CPU-minutes
//     unfolded). The moving phase's loopy tiers are
//     solved by un-moves (unmove.go), with no stored graph, and ranked
//     by orbits (rank.go) and the colour swap, so that even the largest
//     (W 0+8 B 0+7, 1.05·10^9 ranks) needs about 3 GiB of the un-move solver's tables
//     and 2 GiB of its children's records; but a whole build keeps each
//     solved tier's records in memory until every parent of it is
//     solved, about 45 GiB at the worst point, beyond this machine
//     (BENCHMARKS.md, "Nine men's morris by un-moves", has the plan:
//     children's records read back from their tier files).
//   - morris:12, twelve men's morris: the nine men's board with the four
//     diagonals of its corners as lines (and paths), 12 men each, flying
//     as in nine men's. 24 men fill the board: a full board is a draw.
//   - morris:9:lasker: Emanuel Lasker's variant, 10 men each on the nine
//     men's board, and a player with men in hand may move a man on the
//     board instead of placing one (flying as in nine men's).
//   - fly and nofly switch flying on or off on any board (the spec writes
//     the switch only when it differs from the board's default).
//
// A position is written as its points in that order (W, B or .; spaces,
// '/' and '|' between them are ignored), ':' and the player to move, ':'
// and the men in hand, White's then Black's: "W.B.W.B..:W:1,1". Nothing
// at all is the start. Parse refuses positions no play reaches from the
// start: more men than the game has, hands that do not follow the turn
// (White places first, the players alternate; not under Lasker's rule),
// men missing in a game without removal, a game already over before the
// last move. A removal is part of the move that makes the mill, so the
// players alternate and a position needs no pending-removal flag. Moves
// are labelled as players write them: "d2" places a man, "a1-a4" moves
// one, and "xb4" after either removes the man on b4.
//
// What makes the solver right: the game is solved by retrograde analysis
// (package retro from one position, package tier for whole databases),
// which is exact for finite games with cycles (endless play a draw). The
// rules are checked against a plain model written apart in the tests
// (ref_test.go: boards as strings, lines and joins typed in by name):
// the moves of every position of random play-outs of every variant
// equal the model's, and retro's values on every position reachable
// from the start of three men's morris equal the model's analysis by
// rounds of remoteness. The databases (package tier) answer as retro
// does on every position of three men's morris, and six men's morris's
// on random play-outs agrees with retro from the position and with the
// model's negamax to depth 3 wherever that decides (TestDatabase6). Tiers are the counts of men in hand and on the
// board of each player (tier.go). A tier ranks the orbits of its
// positions under the board's symmetries (8 on the 3×3 board, 16 on the
// others: the square's, each also after swapping the inner and outer
// squares) densely, with no unused rank (rank.go: levels of points that
// the symmetries map onto themselves, the least image level by level as
// the representative, and a mixed-radix rank over the chain of
// stabilizers; Burnside's lemma counts the orbits in the tests): nine
// men's morris's largest tier, W 0+8 B 0+8, has 1,183,453,380 ranks
// (591,726,690 boards a side to move), 1/16 of the raw ranks of
// ranking v1, which a database records (RankingVersion) so that an old
// one is refused. The rules are colour-blind, so a position and its
// colour swap (Swap: the men and hands of each side given to the other,
// the other side to move) have the same value for the player to move;
// ranking v3 folds them (tier.go, as Gasser's databases do) wherever
// either side may be to move, the moving phase and Lasker's variant:
// W 0+a B 0+b and W 0+b B 0+a are one tier, so nine men's moving phase
// is 28 tiers of 8.9·10^9 ranks instead of 49 of 17.8·10^9, and W 0+8
// B 0+8 ranks 591,726,690 (White to move; Black to move is its swap).
// A database then holds every position reachable from the start and the
// colour swap of each of the moving phase's, and counts both (db stats:
// a record stands for its orbit under the symmetries and the swap's):
// 5,470 positions of three men's morris where 5,466 are reachable, four
// of its moving phase being no play's though their swaps are
// (TestDatabase3, TestFoldSameAsUnfolded). The placing phase is not
// folded: there the hands say whose turn it is, and a swap is never a
// position play reaches. TestSwapSameValue checks the colour-blindness
// on every variant without ranks (package retro from a position and
// from its swap) and with the unfolded ranking (endgame databases built
// from a position and from its swap).
// The loopy tiers are solved by retrograde analysis with un-moves
// (unmove.go: the steps and flights without a mill, undone; HasMoves
// finds the blocked positions without listing moves), whose
// databases are byte for byte those of the tiers' stored graphs
// (TestUnmoveDatabaseSameBytes). The solver's fast paths cut the CPU
// per record without changing a byte (TestFastPathsSameBytes): a step
// moves two points of the mover's men, so a position that no symmetry
// nearly fixes has its steps' positions in pairwise different orbits
// and they are counted without their ranks (MovesDistinct); a tier's
// ranks are walked in order, redoing only the levels of the ranking
// that change from one rank to the next (WalkTier); and the moves are
// listed without closures (AppendMoves).
package morris
