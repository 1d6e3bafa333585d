package quixo

import (
	"math/bits"

	"github.com/grundy-go/grundy/game"
)

// The symmetry in the ranking (ranking version 2). The 8 symmetries of
// the square (the dihedral group D4) commute with Quixo's rules: a
// rotation or reflection maps the border to the border, each push to a
// push, and the rows, columns and diagonals to rows, columns and
// diagonals. So a position and its images have the same value, and the
// images of its moves are the moves of its image. A tier ranks one
// position of each orbit, its least image as a Pos (Canonical), at that
// image's raw rank (rawRank: the two-piece hash); the raw ranks of the
// other images are never used, and in a database of format 2 or later an
// unused rank costs one bit of a block's bitmap. The start (the blank
// board) is symmetric, so the positions reachable from it are closed
// under the group, and a rank stands for as many reachable positions as
// its orbit holds (TierOrbit), as the database counts them.
//
// Swapping the colours with the player to move is a symmetry of the
// rules too (the rules treat X and O alike; only who starts differs), but
// not of the positions reachable from the start: the swap of the start
// (the blank board, O to move) is not reachable, and neither are the
// swaps of 5 of the 6,199 reachable positions of quixo:3 with as many X's
// as O's (the only tiers the swap maps to themselves). A rank standing
// for a position and its swap would count unreachable positions, so the
// ranking does not use it (GamesmanOne's tier symmetry solves tier (x, o)
// as the swap of (o, x), which needs the solver to read a child tier
// through the swap; not done here).

// RankingVersion is the version of Quixo's ranking: 2 since a tier ranks
// one position of each orbit of the square's symmetries. A database built
// with another is refused (catalog/strong).
const RankingVersion = 2

// symTables[s][j][b] is the image under symmetry s of the cells of byte
// b at bits 8j..8j+7 (up to 25 cells: 4 bytes).
type symTables [8][4][256]uint32

// newSymTables builds the tables of an n×n board.
func newSymTables(n int) *symTables {
	t := new(symTables)
	for s := range 8 {
		for j := range 4 {
			for b := range 256 {
				var out uint32
				for c := uint(b); c != 0; c &= c - 1 {
					i := 8*j + bits.TrailingZeros(c)
					if i >= n*n {
						continue
					}
					r, col := i/n, i%n
					switch s {
					case 1:
						r, col = col, n-1-r
					case 2:
						r, col = n-1-r, n-1-col
					case 3:
						r, col = n-1-col, r
					case 4:
						col = n - 1 - col
					case 5:
						r = n - 1 - r
					case 6:
						r, col = col, r
					case 7:
						r, col = n-1-col, n-1-r
					}
					out |= 1 << (r*n + col)
				}
				t[s][j][b] = out
			}
		}
	}
	return t
}

// TierOrbit is the number of positions rank r of tier t stands for
// (tier.Orbits): the distinct images of its position under the square's
// symmetries, 8 divided by the number of symmetries that fix it (1 for an
// unused rank).
func (g *Game) TierOrbit(t game.Tier, r int64) (n, end int64) {
	p, ok := g.TierUnrank(t, r)
	if !ok {
		return 1, r + 1
	}
	fixed := int64(1)
	for s := 1; s < 8; s++ {
		if g.Image(p, s) == p {
			fixed++
		}
	}
	return 8 / fixed, r + 1
}

// TierRanking is the version of the ranking (tier.Ranked):
// RankingVersion, so that a database built before the symmetry (version
// 1, a rank a position) is refused.
func (g *Game) TierRanking() int { return RankingVersion }
