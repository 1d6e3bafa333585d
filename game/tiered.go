package game

// Tier names a part of a game's positions (for instance, the positions
// with a given number of pieces on the board). A game packs whatever it
// needs into the number (Quixo packs its counts of X's and O's).
type Tier uint64

// Tiered is a game whose positions fall into tiers that play never leaves
// for an earlier one: every move from a position of tier t stays in t or
// goes to one of t's child tiers, and the tiers with their child relation
// form a graph without cycles (GamesmanOne's tier graph). A strong solver
// (package tier) solves one tier at a time, children first, from the
// child tiers' finished records alone, so that only the tiers in flight
// are in memory; a tier whose moves may stay inside it is loopy and is
// solved by retrograde analysis, any other by one pass over its positions.
//
// Each tier's positions have a dense rank: TierRank maps a position to a
// number below TierSize of its tier, distinct for distinct positions (a
// perfect hash, e.g. by the combinatorial number system). A rank need not
// be a position of the game: TierUnrank reports false for a rank that
// names no legal position, and solvers record nothing there.
//
// Terminal positions (no moves) are scored by game.Terminal when the game
// implements it, as a loss for the player to move otherwise; endless play
// is a draw unless the game implements game.Endless.
type Tiered[P comparable] interface {
	Game[P]
	// Start is the position play starts from: the solver's database holds
	// every position reachable from it.
	Start() P
	// TierOf is the tier of p.
	TierOf(p P) Tier
	// TierChildren lists the tiers other than t that moves from positions
	// of t may reach, each once.
	TierChildren(t Tier) []Tier
	// TierLoopy reports whether a move from a position of t may stay in t.
	TierLoopy(t Tier) bool
	// TierSize is the number of ranks of tier t.
	TierSize(t Tier) int64
	// TierRank is p's rank in its tier, in [0, TierSize(TierOf(p))).
	TierRank(p P) int64
	// TierUnrank is the position of rank r in tier t, or false when r
	// names no legal position. TierRank(TierUnrank(t, r)) == r.
	TierUnrank(t Tier, r int64) (P, bool)
	// TierName is a short name for people (progress lines, statistics):
	// "9 pieces", "X5 O4".
	TierName(t Tier) string
}

// TierUnmover is an optional capability of a Tiered game whose loopy
// tiers can be solved without storing their graph: it lists a
// position's predecessors inside its tier, the positions one move
// before it — the un-moves of retrograde analysis (Thompson,
// "Retrograde analysis of certain endgames", ICCA Journal 1986; Gasser's
// solution of Nine Men's Morris, 1996, which un-moves a position's
// placements, steps and removals). A loopy tier's retrograde analysis
// (package tier) then keeps a counter and a record per position instead
// of the tier's reverse graph, and finds the positions to update when
// one is resolved by un-moving it.
//
// AppendUnmoves appends to dst every position p of q's tier with a move
// to q (q among Moves(p)), each at least once, and returns the extended
// slice. It may also append positions that no play reaches, even
// positions the rules do not allow, as long as TierRank ranks them in
// the tier's range: the solver keeps only the ranks its forward pass
// marked reachable. It must never append a reachable position without a
// move to q. The solver counts a position's moves to distinct ranks,
// so repeats, and a ranking that gives one rank to the positions of an
// orbit of a symmetry (see package tier), need no care: un-moving the
// orbit's representative finds one position of every orbit with a move
// to the orbit (a move p → g(q) is the image of the move g⁻¹(p) → q).
// The solver never asks for the un-moves of a position without moves:
// moves to those are resolved from the moves alone.
type TierUnmover[P comparable] interface {
	AppendUnmoves(dst []P, q P) []P
}
