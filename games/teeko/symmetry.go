package teeko

import (
	"math/bits"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/internal/dihedral"
)

// The symmetry in the ranking. The 8 symmetries of the square (the
// dihedral group D4) commute with Teeko's rules: a rotation or
// reflection maps neighbouring cells to neighbouring cells, each drop to
// a drop and each step to a step, and the winning configurations (lines,
// and squares of every size) to winning configurations. So a position
// and its images have the same value, and the images of its moves are
// the moves of its image. A tier ranks one position of each orbit, its
// least image as a Pos (Canonical), at that image's raw rank; the other
// raw ranks are never used. The start (the empty board) is symmetric, so
// the positions reachable from it are closed under the group, and a rank
// stands for as many reachable positions as its orbit holds (TierOrbit).
//
// Swapping the colours is not a symmetry of the positions reachable:
// Black drops first, so while dropping Black has as many pieces as Red
// or one more, never fewer.

// RankingVersion is the version of Teeko's ranking, which a database
// records; a database of another ranking is refused.
const RankingVersion = 1

// symTables[s][j][b] is the image under symmetry s of the cells of byte
// b at bits 8j..8j+7 (up to 25 cells: 4 bytes).
type symTables [8][4][256]uint32

// newSymTables builds the tables of an n×n board from internal/dihedral's
// images: symmetry s sends the cell that lands on (i, j) of image s to
// (i, j).
func newSymTables(n int) *symTables {
	var to [8][25]uint32 // to[s][cell] is the cell's image's bit
	for s := range 8 {
		for i := range n {
			for j := range n {
				r, c := dihedral.Source(s, n, n, i, j)
				to[s][r*n+c] = 1 << (i*n + j)
			}
		}
	}
	t := new(symTables)
	for s := range 8 {
		for j := range 4 {
			for b := range 256 {
				var out uint32
				for c := uint(b); c != 0; c &= c - 1 {
					if i := 8*j + bits.TrailingZeros(c); i < n*n {
						out |= to[s][i]
					}
				}
				t[s][j][b] = out
			}
		}
	}
	return t
}

// imageSet is the set of cells x under symmetry s.
func (g *Game) imageSet(s int, x uint32) uint32 {
	t := &g.sym[s]
	return t[0][x&0xff] | t[1][x>>8&0xff] | t[2][x>>16&0xff] | t[3][x>>24&0xff]
}

// Image is p under symmetry s of the square, 0..7 (0 the identity;
// internal/dihedral's numbering).
func (g *Game) Image(p Pos, s int) Pos {
	return pos(g.imageSet(s, p.Black()), g.imageSet(s, p.Red()), p.RedToMove())
}

// Canonical is the representative of p's orbit under the square's 8
// symmetries: the least of its images as a Pos.
func (g *Game) Canonical(p Pos) Pos {
	b, r, turn := p.Black(), p.Red(), p.RedToMove()
	best := p
	for s := 1; s < 8; s++ {
		if q := pos(g.imageSet(s, b), g.imageSet(s, r), turn); q < best {
			best = q
		}
	}
	return best
}

// TierOrbit is the number of positions rank r of tier t stands for
// (tier.Orbits): 8 divided by the number of symmetries that fix its
// position (1 for an unused rank).
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

// TierRanking is the version of the ranking (tier.Ranked).
func (g *Game) TierRanking() int { return RankingVersion }
