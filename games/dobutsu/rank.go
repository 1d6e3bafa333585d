package dobutsu

import (
	"math/bits"
	"sort"

	"github.com/grundy-go/grundy/internal/colex"
)

// A ranker numbers the positions with Sente to move and both lions on
// the board densely. The positions fall into classes by where each kind
// of piece is: n of the kind's pieces on the board, h in Sente's hand,
// the rest in Gote's (for two pieces of a kind, six ways). Within a
// class, a position is a mixed-radix number: Sente's lion's cell (8
// cells, files a and b, when the ranking is folded by the mirror; 12
// otherwise), Gote's lion's among the 11 others, then for giraffes,
// elephants and chicks in turn the cells they stand on among the cells
// still free (a colex rank) and, for each of those cells in order, its
// owner (and for a chick whether it is a hen). Ranks are distinct for
// distinct positions and every rank below size names one.
type ranker struct {
	rules   Rules
	folded  bool
	lions   int                     // Sente's lion's cells: 8 or 12
	lsIndex [Cells]int8             // the index of Sente's lion's cell, -1 for none
	lsCell  []int8                  // its inverse
	class   [3][3][3][3][3][3]int16 // [nG][hG][nE][hE][nC][hC] → classes index
	classes []rankClass
	size    int64
}

type rankClass struct {
	n, h [3]int
	off  int64
}

func newRanker(r Rules, folded bool) *ranker {
	k := &ranker{rules: r, folded: folded}
	for c := range Cells {
		k.lsIndex[c] = -1
		if folded && c%Files == 2 {
			continue
		}
		k.lsIndex[c] = int8(len(k.lsCell))
		k.lsCell = append(k.lsCell, int8(c))
	}
	k.lions = len(k.lsCell)
	for i := range k.class {
		for j := range k.class[i] {
			for a := range k.class[i][j] {
				for b := range k.class[i][j][a] {
					for c := range k.class[i][j][a][b] {
						for d := range k.class[i][j][a][b][c] {
							k.class[i][j][a][b][c][d] = -1
						}
					}
				}
			}
		}
	}
	var off int64
	for nG := 0; nG <= r.total(0); nG++ {
		for hG := 0; hG <= r.total(0)-nG; hG++ {
			for nE := 0; nE <= r.total(1); nE++ {
				for hE := 0; hE <= r.total(1)-nE; hE++ {
					for nC := 0; nC <= r.total(2); nC++ {
						for hC := 0; hC <= r.total(2)-nC; hC++ {
							k.class[nG][hG][nE][hE][nC][hC] = int16(len(k.classes))
							k.classes = append(k.classes, rankClass{n: [3]int{nG, nE, nC}, h: [3]int{hG, hE, hC}, off: off})
							off += k.classSize([3]int{nG, nE, nC})
						}
					}
				}
			}
		}
	}
	k.size = off
	return k
}

// classSize is the number of ranks of a class with n pieces of each kind
// on the board.
func (k *ranker) classSize(n [3]int) int64 {
	free := Cells - 2
	s := int64(k.lions) * (Cells - 1)
	for i, m := range n {
		s *= colex.Binom(free, m) << (uint(m) * bitsPerCell(i))
		free -= m
	}
	return s
}

// bitsPerCell is the bits of a piece of kind i's state: its owner, and
// for a chick whether it is a hen.
func bitsPerCell(i int) uint {
	if i == 2 {
		return 2
	}
	return 1
}

// Masks of the board's cells, bit i for cell i, computed a nibble per
// cell at once: low3 is each cell's piece bits, ones a 1 in each cell.
const (
	ones = 0x111111111111
	low3 = 7 * ones
)

// compact packs bit 4i of x (and nothing else set) into bit i.
func compact(x uint64) uint64 {
	x = (x | x>>3) & 0x030303030303
	x = (x | x>>6) & 0x000f000f000f
	return x&0xf | x>>12&0xf0 | x>>24&0xf00
}

// cellsOf is the set of cells holding piece kind k (either side).
func cellsOf(b uint64, k uint64) uint64 {
	y := b&low3 ^ k*ones // zero nibbles where the piece is k
	return compact((y|y>>1|y>>2)&ones ^ ones)
}

// rank is p's rank; p has Sente to move, both lions, and (folded) Sente's
// lion not on file c.
func (k *ranker) rank(p Pos) int64 {
	b := uint64(p & boardMask)
	gote := compact(b >> 3 & ones)
	lions := cellsOf(b, Lion)
	ls := bits.TrailingZeros64(lions &^ gote)
	lg := bits.TrailingZeros64(lions & gote)
	set := [3]uint64{cellsOf(b, Giraffe), cellsOf(b, Elephant), cellsOf(b, Chick)}
	hens := cellsOf(b, Hen)
	set[2] |= hens
	var chicks uint64 // the chicks' states in cell order, 2 bits each
	j := uint(0)
	for s := set[2]; s != 0; s &= s - 1 {
		c := s & -s
		var st uint64
		if gote&c != 0 {
			st = 2
		}
		if hens&c != 0 {
			st |= 1
		}
		chicks |= st << (2 * j)
		j++
	}
	var n [3]int
	for i := range n {
		n[i] = bits.OnesCount64(set[i])
	}
	cl := k.classes[k.class[n[0]][p.Hand(Sente, 0)][n[1]][p.Hand(Sente, 1)][n[2]][p.Hand(Sente, 2)]]
	lgi := lg
	if lg > ls {
		lgi--
	}
	r := int64(k.lsIndex[ls])*(Cells-1) + int64(lgi)
	free := uint64(1<<Cells-1) &^ (1<<ls | 1<<lg)
	nfree := Cells - 2
	for i := range 3 {
		r = r*colex.Binom(nfree, n[i]) + colex.RankSmall(colex.Extract(set[i], free))
		if i < 2 {
			r = r<<uint(n[i]) | int64(colex.Extract(gote&set[i], set[i]))
		} else {
			r = r<<(2*uint(n[i])) | int64(chicks)
		}
		free &^= set[i]
		nfree -= n[i]
	}
	return cl.off + r
}

// unrank is the position of rank r (Sente to move).
func (k *ranker) unrank(r int64) Pos {
	ci := sort.Search(len(k.classes), func(i int) bool { return k.classes[i].off > r }) - 1
	cl := &k.classes[ci]
	local := r - cl.off
	n := cl.n
	// The free cells' counts before each kind.
	nfree := [3]int{Cells - 2, Cells - 2 - n[0], Cells - 2 - n[0] - n[1]}
	var setRank, state [3]int64
	for i := 2; i >= 0; i-- {
		w := uint(n[i]) * bitsPerCell(i)
		state[i] = local & (1<<w - 1)
		local >>= w
		b := colex.Binom(nfree[i], n[i])
		setRank[i] = local % b
		local /= b
	}
	lgi := int(local % (Cells - 1))
	ls := int(k.lsCell[local/(Cells-1)])
	lg := lgi
	if lg >= ls {
		lg++
	}
	var p Pos
	p = p.withCell(ls, Lion).withCell(lg, Lion|goteBit)
	free := uint64(1<<Cells-1) &^ (1<<ls | 1<<lg)
	for i := range 3 {
		set := colex.Deposit(colex.Unrank(nfree[i], n[i], setRank[i]), free)
		free &^= set
		j := uint(0)
		for s := set; s != 0; s &= s - 1 {
			c := bits.TrailingZeros64(s)
			var x uint8
			if i < 2 {
				x = handKinds[i]
				if state[i]>>j&1 == 1 {
					x |= goteBit
				}
			} else {
				st := state[i] >> (2 * j) & 3
				x = Chick
				if st&1 == 1 {
					x = Hen
				}
				if st&2 != 0 {
					x |= goteBit
				}
			}
			p = p.withCell(c, x)
			j++
		}
		p = p.addHand(Sente, i, cl.h[i]).addHand(Gote, i, k.rules.total(i)-n[i]-cl.h[i])
	}
	return p
}

// rotate is p seen from the other side: the board turned half a turn,
// every piece changing sides, the hands swapped, the other player to
// move. The rules are the same for both players, so p and rotate(p)
// have the same value for the player to move, and the moves of one are
// the rotations of the other's.
func rotate(p Pos) Pos {
	b := uint64(p & boardMask)
	// Reverse the 12 cells (nibbles): swap halves of every width.
	b = b>>24 | b&(1<<24-1)<<24
	b = b>>12&0x000fff000fff | b&0x000fff000fff<<12
	b = b>>8&0x00f00f00f00f | b&0x00f00f00f00f<<8 | b&0x0f00f00f00f0 // the outer cells of each rank
	// Every piece changes sides: bit 3 of each non-empty cell flips.
	occ := (b | b>>1 | b>>2) & 0x111111111111
	b ^= occ << 3
	h := uint64(p >> handShift & (1<<12 - 1))
	q := Pos(b) | Pos(h>>6|h&63<<6)<<handShift
	return q | (p^turnBit)&turnBit
}

// mirror is p reflected left to right (files a and c swapped): every
// piece's moves are symmetric, so the value and the moves correspond.
func mirror(p Pos) Pos {
	const a, c = 0x00f00f00f00f, 0xf00f00f00f00 // files a and c
	return p&^Pos(a|c) | (p&a)<<8 | (p&c)>>8
}

// The database's ranking is of orbits under the group of four that the
// two symmetries make: the rotation with the sides swapped (positions
// are ranked as seen by the player to move, as Tanaka counts them) and
// the mirror. Rank 0 stands for every finished game (the player to
// move has lost their lion: all such positions have no moves and are
// lost); rank 1 + r is the orbit whose representative has rank r in
// the folded ranker: its image with Sente to move and Sente's lion on
// file a or b, and when the lion is on file b (both images are), the
// lesser of the two as a Pos.

// RankingVersion is the version of the ranking a database records.
const RankingVersion = 1

// endRank is the rank of every finished game.
const endRank = 0

// endPos is the position TierUnrank gives for endRank: Gote has taken
// Sente's lion with the lion and holds every other piece, Sente to
// move.
func (g *Game) endPos() Pos {
	p := Pos(0).withCell(1, Lion|goteBit)
	for i := range 3 {
		p = p.addHand(Gote, i, g.rules.total(i))
	}
	return p
}

// seenBySente is p with Sente to move: p, or p rotated.
func seenBySente(p Pos) Pos {
	if p.GoteToMove() {
		return rotate(p)
	}
	return p
}

// foldedRank is the folded ranker's rank of p's orbit; p has Sente to
// move and both lions.
func (g *Game) foldedRank(p Pos) int64 {
	switch senteLionFile(p) {
	case 2:
		return g.folded.rank(mirror(p))
	case 1:
		// Both images have the lion on file b: the orbit's
		// representative is the lesser as a Pos, one rank computed.
		return g.folded.rank(min(p, mirror(p)))
	}
	return g.folded.rank(p)
}

// hasLions reports whether both lions are on the board.
func hasLions(p Pos) bool {
	b := uint64(p & boardMask)
	lions := cellsOf(b, Lion)
	gote := compact(b >> 3 & ones)
	return lions&gote != 0 && lions&^gote != 0
}

// senteLionFile is the file of Sente's lion (on the board).
func senteLionFile(p Pos) int {
	b := uint64(p & boardMask)
	return bits.TrailingZeros64(cellsOf(b, Lion)&^compact(b>>3&ones)) % Files
}
