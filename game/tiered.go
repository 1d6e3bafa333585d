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
