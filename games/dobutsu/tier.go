package dobutsu

import "github.com/grundy-go/grundy/game"

// Tiers. Nothing in Dobutsu shogi only grows or only shrinks: a capture
// takes a piece off the board and a drop puts it back, a hen taken
// becomes a chick again, and positions repeat. So the whole game is
// one loopy tier, solved by one retrograde analysis, with the two
// symmetries in its ranking: 246,803,168 reachable ranks. Its graph
// (44 bytes a position, 4 a move) would need about 20 GB, past the
// default memory budget on a 24 GB machine; so the game lists its
// un-moves (unmove.go) and the tier solver keeps a counter byte a
// position, the records and two bitmaps of a remoteness level instead:
// about 1.9 GB with 1-byte records, 3.3 GB at the peak when they widen
// to 2 bytes (remoteness reaches 173 plies) (tier/unmove.go; figures in
// BENCHMARKS.md).

// TierOf is the one tier, 0.
func (g *Game) TierOf(Pos) game.Tier { return 0 }

// TierChildren: there are none.
func (g *Game) TierChildren(game.Tier) []game.Tier { return nil }

// TierLoopy is true: play returns to earlier positions.
func (g *Game) TierLoopy(game.Tier) bool { return true }

// TierSize is 1 (finished games) plus the folded ranks.
func (g *Game) TierSize(t game.Tier) int64 {
	if t != 0 {
		return 0
	}
	return 1 + g.folded.size
}

// TierRank is the rank of p's orbit under the rotation with the sides
// swapped and the mirror; endRank for a finished game.
func (g *Game) TierRank(p Pos) int64 {
	if !hasLions(p) {
		return endRank
	}
	return 1 + g.foldedRank(seenBySente(p))
}

// TierUnrank is the position of rank r: its orbit's representative
// (see foldedRank). False for a rank whose
// position is not its orbit's representative, and for a position with
// Sente's lion on the far rank, which play never reaches (the game
// ended when it got there).
func (g *Game) TierUnrank(t game.Tier, r int64) (Pos, bool) {
	if t != 0 || r < 0 || r >= g.TierSize(t) {
		return 0, false
	}
	if r == endRank {
		return g.endPos(), true
	}
	p := g.folded.unrank(r - 1)
	if senteLionFile(p) == 1 && mirror(p) < p {
		return 0, false
	}
	if p.lion(Sente)/Files == farRow(Sente) {
		return 0, false
	}
	return p, true
}

// TierName is "all positions".
func (g *Game) TierName(game.Tier) string { return "all positions" }

// TierRanking is RankingVersion (tier.Ranked).
func (g *Game) TierRanking() int { return RankingVersion }
