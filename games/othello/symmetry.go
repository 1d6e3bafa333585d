package othello

import (
	"math/bits"

	"github.com/grundy-go/grundy/internal/dihedral"
)

// The rules of Othello commute with every symmetry of the board: a
// rotation or reflection maps lines to lines, so the moves, the flips and
// the final count of an image are the images of the original's. A
// position and its images therefore have the same value (the search's
// transposition table keys a position by its least image), on a square
// board under all 8 symmetries, on a W×H board with W ≠ H under the 4
// that keep its shape.
//
// The positions reachable from the start are closed only under the
// symmetries that fix the start (its stabiliser): on a square board the
// half turn and the two diagonal reflections (d4 and e5 are white, e4 and
// d5 black, and swapping d5 and e4 keeps them), on a rectangle the half
// turn alone. The mirror images left-right or top-bottom swap the colours
// of the centre, and Black moves first, so they are no symmetry of the
// game from the start. The tier ranking (tier.go) uses the stabiliser, so
// that a rank stands for an orbit of positions that are all reachable.

// symmetries holds the images of cells under the board's symmetries, as
// per-byte tables: the image of a set of cells is the union of 8 lookups.
type symmetries struct {
	ks     []int     // internal/dihedral's numbers of the symmetries used
	perm   [][64]int // perm[s][sq] is the image of cell sq under ks[s]
	inv    [][64]int // inv[s] undoes perm[s]
	table  [][8][256]uint64
	start  []int // the indexes s whose symmetry fixes the start
	nbytes int   // bytes a board's bits span
}

func newSymmetries(w, h int) *symmetries {
	ks := []int{0, 1, 2, 3}
	start := []int{0, 3}
	if w == h {
		ks = []int{0, 1, 2, 3, 4, 5, 6, 7}
		start = []int{0, 3, 4, 7}
	}
	y := &symmetries{ks: ks, start: start, nbytes: (w*h + 7) / 8}
	y.perm = make([][64]int, len(ks))
	y.inv = make([][64]int, len(ks))
	y.table = make([][8][256]uint64, len(ks))
	for s, k := range ks {
		rows, cols := dihedral.Size(k, h, w)
		for i := range rows {
			for j := range cols {
				r, c := dihedral.Source(k, h, w, i, j)
				y.perm[s][r*w+c] = i*cols + j
				y.inv[s][i*cols+j] = r*w + c
			}
		}
		for j := range y.nbytes {
			for v := range 256 {
				var out uint64
				for x := uint(v); x != 0; x &= x - 1 {
					if sq := 8*j + bits.TrailingZeros(x); sq < w*h {
						out |= 1 << y.perm[s][sq]
					}
				}
				y.table[s][j][v] = out
			}
		}
	}
	return y
}

// image is the set of cells x under symmetry index s.
func (y *symmetries) image(s int, x uint64) uint64 {
	t := &y.table[s]
	var out uint64
	for j := range y.nbytes {
		out |= t[j][x>>(8*j)&0xff]
	}
	return out
}

// Image is p under the board's symmetry of index s (0 the identity; the
// square has 8, a rectangle 4).
func (b *Board) Image(p Pos, s int) Pos {
	return Pos{Black: b.sym.image(s, p.Black), White: b.sym.image(s, p.White), WhiteToMove: p.WhiteToMove}
}

// Symmetries is the number of the board's symmetries: 8 on a square, 4
// on a rectangle.
func (b *Board) Symmetries() int { return len(b.sym.ks) }

// less orders positions for choosing an orbit's representative.
func less(p, q Pos) bool {
	if p.Black != q.Black {
		return p.Black < q.Black
	}
	return p.White < q.White
}

// canonicalMover is the least image of the mover's and the opponent's
// cells (me, opp) under every symmetry of the board, with the index of
// the symmetry that gives it.
func (b *Board) canonicalMover(me, opp uint64) (cme, copp uint64, s int) {
	cme, copp = me, opp
	for i := 1; i < len(b.sym.ks); i++ {
		m, o := b.sym.image(i, me), b.sym.image(i, opp)
		if m < cme || m == cme && o < copp {
			cme, copp, s = m, o, i
		}
	}
	return cme, copp, s
}

// Canonical is the representative of p's orbit under the symmetries that
// fix the start (the stabiliser): the least of those images.
func (b *Board) Canonical(p Pos) Pos {
	best := p
	for _, s := range b.sym.start[1:] {
		if q := b.Image(p, s); less(q, best) {
			best = q
		}
	}
	return best
}
