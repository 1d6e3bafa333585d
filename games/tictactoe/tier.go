package tictactoe

import (
	"fmt"
	"math/bits"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/internal/colex"
)

// Start is the empty board.
func (Game) Start() Pos { return 0 }

// TierOf is the number of marks.
func (Game) TierOf(p Pos) game.Tier { return game.Tier(p.Marks()) }

// TierChildren is the tier of one more mark.
func (Game) TierChildren(t game.Tier) []game.Tier {
	if t >= 9 {
		return nil
	}
	return []game.Tier{t + 1}
}

// TierLoopy is false: every move adds a mark.
func (Game) TierLoopy(game.Tier) bool { return false }

// TierSize is C(9, t) * C(t, ceil(t/2)).
func (Game) TierSize(t game.Tier) int64 {
	if t > 9 {
		return 0
	}
	n := int(t)
	return colex.Binom(9, n) * colex.Binom(n, (n+1)/2)
}

// TierRank is the rank of p's orbit under the square's 8 symmetries: the
// raw rank (rawRank) of its representative, the least of its images
// (Canonical). The ranks of the other images are never used.
func (g Game) TierRank(p Pos) int64 { return rawRank(g.Canonical(p)) }

// rawRank is the rank of the occupied cells among the sets of their
// size, times C(n, ceil(n/2)), plus the rank of the X's among the
// occupied cells.
func rawRank(p Pos) int64 {
	occ := p.X() | p.O()
	n := bits.OnesCount32(occ)
	// The X's as a subset of the occupied cells' indices 0..n-1.
	var xs uint32
	i := 0
	for s := occ; s != 0; s &= s - 1 {
		if p.X()&(s&-s) != 0 {
			xs |= 1 << i
		}
		i++
	}
	return colex.Rank(uint64(occ))*colex.Binom(n, (n+1)/2) + colex.Rank(uint64(xs))
}

// TierUnrank is the board of rank r in tier t, the representative of its
// orbit (Canonical); false for a rank whose raw board is not one (its
// orbit has the representative's rank), for a rank out of range and for a
// board where the player to move has a line (no move leads there).
// Boards where the player who moved last has a line are terminal
// positions.
func (g Game) TierUnrank(t game.Tier, r int64) (Pos, bool) {
	p, ok := g.rawUnrank(t, r)
	if !ok || g.Canonical(p) != p {
		return 0, false
	}
	return p, true
}

// rawUnrank is rawRank's inverse, false for a board where the player to
// move has a line.
func (g Game) rawUnrank(t game.Tier, r int64) (Pos, bool) {
	if r < 0 || r >= g.TierSize(t) {
		return 0, false
	}
	n := int(t)
	per := colex.Binom(n, (n+1)/2)
	occ := uint32(colex.Unrank(9, n, r/per))
	xs := colex.Unrank(n, (n+1)/2, r%per)
	var x uint32
	i := 0
	for s := occ; s != 0; s &= s - 1 {
		if xs>>i&1 == 1 {
			x |= s & -s
		}
		i++
	}
	p := Pos(x | (occ&^x)<<9)
	mover := p.O()
	if p.XToMove() {
		mover = p.X()
	}
	if hasLine(mover) {
		return 0, false
	}
	return p, true
}

// TierName is "n marks".
func (Game) TierName(t game.Tier) string {
	if t == 1 {
		return "1 mark"
	}
	return fmt.Sprintf("%d marks", t)
}

// symmetries maps cell i to its image under each of the square's 8
// symmetries (identity, rotations, reflections).
var symmetries = func() (m [8][9]uint8) {
	for i := range 9 {
		r, c := i/3, i%3
		img := [8][2]int{{r, c}, {c, 2 - r}, {2 - r, 2 - c}, {2 - c, r}, {r, 2 - c}, {2 - r, c}, {c, r}, {2 - c, 2 - r}}
		for s, rc := range img {
			m[s][i] = uint8(rc[0]*3 + rc[1])
		}
	}
	return m
}()

// Image is p under symmetry s (0..7; 0 is the identity).
func Image(p Pos, s int) Pos {
	var q Pos
	for i := range 9 {
		if p>>i&1 == 1 {
			q |= 1 << symmetries[s][i]
		}
		if p>>(9+i)&1 == 1 {
			q |= 1 << (9 + symmetries[s][i])
		}
	}
	return q
}

// Canonical is the representative of p's orbit under the square's 8
// symmetries: the least of its images as a Pos. Symmetric boards have the
// same value and the same tier, and a tier ranks one board of each orbit
// (TierRank).
func (Game) Canonical(p Pos) Pos {
	best := p
	for s := 1; s < 8; s++ {
		if q := Image(p, s); q < best {
			best = q
		}
	}
	return best
}

// The symmetry in the ranking (ranking version 2). The 8 symmetries of
// the square map lines to lines, so a board and its images have the same
// value, and the images of its moves are the moves of its image. A tier
// ranks one board of each orbit, its least image (Canonical), at that
// image's raw rank; the raw ranks of the others are never used (a bit of
// a block's bitmap each in a database). The empty board is symmetric, so
// the boards reachable from it are closed under the symmetries, and a
// rank stands for as many reachable boards as its orbit holds
// (TierOrbit): 765 records for tic-tac-toe's 5,478 positions.

// RankingVersion is the version of tic-tac-toe's ranking: 2 since a tier
// ranks one board of each orbit. A database built with another is
// refused (catalog/strong).
const RankingVersion = 2

// TierOrbit is the number of boards rank r of tier t stands for
// (tier.Orbits): 8 divided by the number of symmetries that fix its board
// (1 for an unused rank).
func (g Game) TierOrbit(t game.Tier, r int64) (n, end int64) {
	p, ok := g.TierUnrank(t, r)
	if !ok {
		return 1, r + 1
	}
	fixed := int64(1)
	for s := 1; s < 8; s++ {
		if Image(p, s) == p {
			fixed++
		}
	}
	return 8 / fixed, r + 1
}

// TierRanking is the version of the ranking (tier.Ranked):
// RankingVersion, so that a database built before the symmetry (version
// 1, a rank a board) is refused.
func (Game) TierRanking() int { return RankingVersion }
