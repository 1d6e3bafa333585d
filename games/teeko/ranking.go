package teeko

import (
	"slices"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/internal/colex"
)

// The ranking (version 2). A position is known by its tier, its mover's
// cells M and its opponent's O (symmetry.go: in the move phase the colour
// swap is folded). Its class is the orbit of (M, O) under the square's 8
// symmetries, and its representative the image with the least M (as a
// bit set, which is colex order) and, among the symmetries that give
// that M, the least O. The ranks of a tier are dense over the classes:
// the representatives' M in ascending order, and for each the O's that
// are least under the symmetries fixing M, in colex order among the
// cells M leaves free. For most M no symmetry but the identity fixes it,
// and every O is a representative; the few symmetric M keep a sorted
// list of theirs.
//
// Why this order: version 1 ranked every board and left the non-least
// images empty (87.5% of Teeko's ranks), so every block stored a bitmap
// of which ranks hold records, and its records were the occupied cells'
// orbits in colex order. Ranked densely there is no bitmap to store, and
// the positions that share the mover's cells lie side by side, whose
// values are much alike: Teeko's database took 0.0599 bytes a position
// in format 7 under version 1 (BENCHMARKS, "Teeko ranked by classes").

// sideTable is the ranking of one tier: m cells of the mover's, o of the
// opponent's.
type sideTable struct {
	cells int
	m, o  int
	// class[colex rank of M] is the index of M among the
	// representatives' sets, or -1 when M is not its orbit's least.
	classOf []int32
	sets    []uint32 // the representatives' M, ascending
	first   []int64  // first[i] is the first rank of sets[i]; first[len(sets)] the tier's size
	// opp[i] is nil when only the identity fixes sets[i]; otherwise the
	// colex ranks (among the cells sets[i] leaves free) of the O's that
	// are least under the symmetries fixing it, ascending.
	opp [][]uint16
}

// size is the number of ranks.
func (tab *sideTable) size() int64 { return tab.first[len(tab.sets)] }

// rank is the rank of the representative pair (m, o).
func (tab *sideTable) rank(m, o uint32) int64 {
	i := tab.classOf[colex.RankSmall(uint64(m))]
	k := colex.RankSmall(colex.Extract(uint64(o), uint64(tab.free(m))))
	if opp := tab.opp[i]; opp != nil {
		j, _ := slices.BinarySearch(opp, uint16(k))
		k = int64(j)
	}
	return tab.first[i] + k
}

// class is the index of the representative set whose ranks hold r.
func (tab *sideTable) class(r int64) int {
	i, found := slices.BinarySearch(tab.first, r)
	if !found {
		i--
	}
	return i
}

// unrank is the representative pair of rank r, 0 ≤ r < size().
func (tab *sideTable) unrank(r int64) (m, o uint32) {
	i := tab.class(r)
	m = tab.sets[i]
	k := r - tab.first[i]
	if opp := tab.opp[i]; opp != nil {
		k = int64(opp[k])
	}
	free := uint64(tab.free(m))
	return m, uint32(colex.Deposit(colex.Unrank(tab.cells-tab.m, tab.o, k), free))
}

// free is the board's cells that m leaves free.
func (tab *sideTable) free(m uint32) uint32 { return (uint32(1)<<tab.cells - 1) &^ m }

// newSideTable ranks the pairs of m and o cells on g's board.
func (g *Game) newSideTable(m, o int) *sideTable {
	cells := g.n * g.n
	tab := &sideTable{cells: cells, m: m, o: o, classOf: make([]int32, colex.Binom(cells, m))}
	perO := colex.Binom(cells-m, o)
	var at int64
	for r := range tab.classOf {
		s := uint32(colex.Unrank(cells, m, int64(r)))
		var fix []int
		least := true
		for sym := 1; sym < 8; sym++ {
			switch im := g.imageSet(sym, s); {
			case im < s:
				least = false
			case im == s:
				fix = append(fix, sym)
			}
		}
		if !least {
			tab.classOf[r] = -1
			continue
		}
		tab.classOf[r] = int32(len(tab.sets))
		tab.sets = append(tab.sets, s)
		tab.first = append(tab.first, at)
		if len(fix) == 0 {
			tab.opp = append(tab.opp, nil)
			at += perO
			continue
		}
		free := uint64(tab.free(s))
		opp := []uint16{} // not nil: a symmetric set
		for k := range perO {
			x := uint32(colex.Deposit(colex.Unrank(cells-m, o, k), free))
			if g.leastUnder(fix, x) {
				opp = append(opp, uint16(k))
			}
		}
		tab.opp = append(tab.opp, opp)
		at += int64(len(opp))
	}
	tab.first = append(tab.first, at)
	return tab
}

// leastUnder reports whether no symmetry of syms maps x to a smaller set.
func (g *Game) leastUnder(syms []int, x uint32) bool {
	for _, s := range syms {
		if g.imageSet(s, x) < x {
			return false
		}
	}
	return true
}

// sideTable is the ranking of tier t, made on first use (all tiers at
// once: a few milliseconds).
func (g *Game) sideTable(t game.Tier) *sideTable {
	g.sidesOnce.Do(func() {
		for tr := 0; tr <= 2*g.k; tr++ {
			m := tr / 2 // the mover has fewer pieces, or as many
			g.sides = append(g.sides, g.newSideTable(m, tr-m))
		}
	})
	return g.sides[t]
}

// canonicalSides is the representative of the pair (m, o) under the
// square's symmetries: the least image of m, and the least image of o
// under the symmetries that give it.
func (g *Game) canonicalSides(m, o uint32) (uint32, uint32) {
	bm, bo := m, o
	for s := 1; s < 8; s++ {
		switch im := g.imageSet(s, m); {
		case im < bm:
			bm, bo = im, g.imageSet(s, o)
		case im == bm:
			bo = min(bo, g.imageSet(s, o))
		}
	}
	return bm, bo
}

// sidesPos is the position of tier t with the mover's cells m and the
// opponent's o: while dropping the tier's parity says who is to move
// (Red after an odd number of drops); in the move phase Black.
func (g *Game) sidesPos(t game.Tier, m, o uint32) Pos {
	if int(t)%2 == 1 { // the move phase's tier is even
		return pos(o, m, true)
	}
	return pos(m, o, false)
}
