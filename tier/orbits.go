package tier

import (
	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/game"
)

// Orbits is an optional interface of a game.Tiered that ranks one
// position of each orbit of a symmetry of the game (connect4: a board
// and its mirror image have one rank unless their column heights are a
// palindrome). The symmetry lives in the ranking alone: TierRank maps a
// position to its orbit's rank, TierUnrank gives one position of the
// orbit, and the solver, the database and Beam see ranks as they would
// without it. Only the counts change: a rank stands for as many
// positions as its orbit holds, and the database's counts (the manifest,
// grundy db stats) are of positions.
type Orbits interface {
	// TierOrbit returns the number of positions rank r of tier t stands
	// for (at least 1) and end > r such that every rank in [r, end)
	// stands for as many (for counting a run of ranks at once).
	TierOrbit(t game.Tier, r int64) (n, end int64)
}

// Ranked is an optional interface of a game.Tiered whose ranking has
// changed since its first databases were built: TierRanking is the
// version of its ranking (1 for the first), which a database records so
// that one built with another version is refused rather than read with
// the wrong ranks.
type Ranked interface {
	TierRanking() int
}

// RankingOf is what the database needs of g's ranking (its version and
// orbits): what a caller that writes files passes to package db
// (Builder.SetRanking, EncodeTier, WritePart, ManifestBytes).
func RankingOf(g any) db.Ranking {
	var r db.Ranking
	if v, ok := g.(Ranked); ok {
		r.Version = v.TierRanking()
	}
	if scoredGame(g) {
		r.Scored = true
	}
	if o, ok := g.(Orbits); ok {
		r.Orbit = func(t uint64, rank int64) (int64, int64) { return o.TierOrbit(game.Tier(t), rank) }
	}
	return r
}
