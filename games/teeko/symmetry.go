package teeko

import (
	"math/bits"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/internal/dihedral"
)

// The symmetries in the ranking. The 8 symmetries of the square (the
// dihedral group D4) commute with Teeko's rules: a rotation or
// reflection maps neighbouring cells to neighbouring cells, each drop to
// a drop and each step to a step, and the winning configurations (lines,
// and squares of every size) to winning configurations. So a position
// and its images have the same value, and the images of its moves are
// the moves of its image. The start (the empty board) is symmetric, so
// the positions reachable from it are closed under the group.
//
// In the move phase swapping the colours and the turn is a symmetry too:
// both sides have all their pieces, and the rules are the same for both,
// so Black to move with Black's cells B and Red's R is worth what Red to
// move with Red's B and Black's R is. While dropping it is not (Black
// drops first, so Black has as many pieces as Red or one more), but
// there the tier says who is to move. So a position is known by its
// mover's cells and its opponent's, with the tier: the ranking
// (ranking.go) ranks one pair of each orbit of D4, and a rank of the
// move phase stands for that pair with either colour to move.
//
// Swapping the colours of positions reachable from the start keeps them
// reachable in the move phase (measured: every rank's two positions are
// reachable in both games; TestRanksSmall checks the counts on a small
// board).

// RankingVersion is the version of Teeko's ranking, which a database
// records; a database of another ranking is refused. Version 1 ranked
// every board (the occupied cells, then the colours; either player to
// move in the move phase) and used only its orbits' least images;
// version 2 (ranking.go) ranks the orbits densely, the mover's cells
// first, and folds the colour swap of the move phase.
const RankingVersion = 2

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

// Canonical is the representative of p's class, the position its rank
// stands for (TierUnrank): the mover's and the opponent's cells brought
// to their least image under the square's symmetries (canonicalSides),
// and in the move phase Black to move.
func (g *Game) Canonical(p Pos) Pos {
	m, o := g.canonicalSides(p.Mover(), p.Opponent())
	return g.sidesPos(g.TierOf(p), m, o)
}

// TierOrbit is the number of positions rank r of tier t stands for
// (tier.Orbits): 8 divided by the number of symmetries that fix its
// position, twice that in the move phase (either colour to move); 1 for
// a rank no lookup asks for. A representative's whole run of ranks
// shares one count when no symmetry fixes its mover's cells.
func (g *Game) TierOrbit(t game.Tier, r int64) (n, end int64) {
	if r < 0 || r >= g.TierSize(t) {
		return 1, r + 1
	}
	tab := g.sideTable(t)
	i := tab.class(r)
	m := tab.sets[i]
	per := int64(1)
	if g.TierLoopy(t) {
		per = 2
	}
	if tab.opp[i] == nil {
		if g.Won(m) {
			return 1, tab.first[i+1]
		}
		return 8 * per, tab.first[i+1]
	}
	_, o := tab.unrank(r)
	if g.Won(m) {
		return 1, r + 1
	}
	fixed := int64(1)
	for s := 1; s < 8; s++ {
		if g.imageSet(s, m) == m && g.imageSet(s, o) == o {
			fixed++
		}
	}
	return 8 / fixed * per, r + 1
}

// TierRanking is the version of the ranking (tier.Ranked).
func (g *Game) TierRanking() int { return RankingVersion }
