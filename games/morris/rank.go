package morris

import (
	"math/bits"
	"sort"
)

// Ranking by orbits. A tier's positions are numbered one per orbit of the
// board's symmetry group G, densely: the ranks of a tier are exactly
// [0, number of orbits × turns), nothing unused but the positions the
// rules never reach (illegal: TierUnrank says so).
//
// The points are cut into levels, each a union of orbits of points under
// G (so every symmetry maps each level onto itself) of at most 8 points:
// on the boards of two or three squares, the corners of the outer and
// inner squares, their midpoints, and the middle square; on the 3×3
// board, the eight outer points and the centre. A level's configuration
// (which of its points are White's, Black's, empty) is a base-3 number
// below 3^8 = 6561, and a position is the tuple of its levels'
// configurations.
//
// The representative of an orbit is its least image in the order of
// those tuples (level 1 first). It is found level by level: the least
// image c1 of level 1's configuration under G, then among the symmetries
// that map it to c1 (a coset of c1's stabilizer H1) the least image of
// level 2's, and so on. So a tuple is a representative exactly when c1
// is least in its G-orbit, c2 least in its H1-orbit with H1 = Stab_G(c1),
// c3 least in its H2-orbit with H2 = Stab_H1(c2), and so on: the orbits
// of G on the tuples are the disjoint union, over the G-orbits of c1, of
// the orbits of Stab(c1) on the rest (the orbit–stabilizer argument;
// Kerber, "Applied Finite Group Actions", ch. 1, for the chain of
// stabilizers; Gasser's Nine Men's Morris database indexed positions up
// to the same 16 symmetries, by other means).
//
// That gives a mixed-radix rank. For a subgroup P acting on level ℓ (a
// table, built once), the P-least configurations of the level fall into
// groups by their counts of White's and Black's men and their stabilizer
// H in P; count(P, ℓ, w, b), the number of P-orbits of the levels ℓ, ℓ+1,
// ... with w white and b black men, is the sum over the groups of their
// size times count(H, ℓ+1, w−w1, b−b1). The rank of (cℓ, cℓ+1, ...) under
// P is the offset of cℓ's group (the blocks of the groups before it, in a
// fixed order), plus cℓ's index in its group times its completions
// count(H, ℓ+1, ...), plus the rank of the rest under H. Unranking
// descends the same tables, a binary search over the group offsets a
// level. The turn is the last digit: ×2 when either player may be to move
// in the tier, ×1 when the hands say who is (placing, without Lasker's
// rule).
//
// Memory: per level 16 permutation tables of its configurations (16 ×
// 6561 × 2 bytes), and per (subgroup, level) pair met in the chain (54
// on the 24-point boards) a group and an index per configuration, the
// groups' members and their offsets and completions for each pair of
// counts: 7.3 MB for morris:9, 10.4 MB for morris:12 (TestRankerMemory
// logs them and fails
// past 16 MiB), built once per Game on first use (about 30 ms of CPU).

// maxLevel is the most points a level holds: 3^8 configurations fit a
// uint16 and a level's men fit a byte.
const maxLevel = 8

// A level is a set of points that every symmetry maps onto itself.
type level struct {
	points []int
	conf   int           // 3^len(points): its configurations
	ext    [3][256]uint8 // byte j of a set of points → the level's part of it, a bit a level point
	dep    [256]uint32   // a subset of the level → the set of points
	tern   [256]uint16   // a subset of the level → Σ 3^i over its bits
	white  []uint8       // a configuration's White men, as a subset
	black  []uint8       // its Black men
	perm   [][]uint16    // perm[k][c]: configuration c under symmetry k
	stab   []uint16      // the symmetries that fix a configuration
	// least[c] is c's least image under the whole group (low 16 bits)
	// and the symmetries that give it (high 16): level 1's step of
	// canonical in one look-up.
	least  []uint32
	tables map[uint16]*plTable // per subgroup P (a mask of symmetries)
}

// A plTable is a subgroup P of the symmetries acting on a level ℓ.
type plTable struct {
	// ent[c] is configuration c's group << 16 | its index in its group;
	// noEnt when c is not P-least. One word, so that rank reads both
	// with one look-up.
	ent    []uint32
	groups []plGroup
	// count[w*dim+b] is count(P, ℓ, w, b), the P-orbits of levels ℓ, ℓ+1,
	// ... with w and b men.
	count []int64
	// step[(w*dim+b)*(len(groups)+1)+i] is group i's block among the
	// ranks of count(P, ℓ, w, b) (the last one's off is the count).
	step []rankStep
}

// A rankStep is a group's block among the ranks of a count of men, two
// numbers in a word so that rank takes them with one look-up a level
// (and no branch): off, where the block starts (below 2^38: a level's
// count of orbits is at most the boards of 24 points with at most 12
// men of a colour, under 2^34), and per, the group's completions with
// the count's men on the levels from ℓ on (0 when the group has more):
// the ranks each of its configurations stands for (below 2^26: the
// levels after the first hold at most 16 points, 3^16 boards).
type rankStep uint64

const offBits = 38

func makeStep(off, per int64) rankStep {
	if off < 0 || off >= 1<<offBits || per < 0 || per >= 1<<(64-offBits) {
		panic("morris: a rank step past its bits")
	}
	return rankStep(per<<offBits | off)
}

func (s rankStep) off() int64 { return int64(s & (1<<offBits - 1)) }
func (s rankStep) per() int64 { return int64(s >> offBits) }

// noEnt is plTable.ent of a configuration that is not P-least.
const noEnt = ^uint32(0)

// A plGroup is the P-least configurations of a level with w and b men and
// the stabilizer H in P.
type plGroup struct {
	w, b    int
	h       uint16   // the stabilizer, a mask of symmetries
	next    *plTable // H acting on the next level; nil on the last
	configs []uint16 // in increasing order
}

// A ranker ranks positions by orbits (see above).
type ranker struct {
	nsym   int
	all    uint16
	dim    int // men a player may have on the board, plus one
	levels []*level
	// split[j][v] is byte j of a set of points cut into the levels:
	// byte li of it is level li's part of the set (level.ext of every
	// level at once), so that a position's levels come from six
	// look-ups instead of six per level.
	split [3][256]uint32
	root  *plTable
	bytes int64 // the tables' memory, roughly
}

// newRanker builds the levels and, from G down, the tables of every
// subgroup the chain of stabilizers meets.
func newRanker(b *Board, men int) *ranker {
	k := &ranker{nsym: len(b.Syms), all: uint16(1<<len(b.Syms) - 1), dim: min(men, b.N()) + 1}
	if len(b.Syms) > 16 {
		panic("morris: more symmetries than a mask holds")
	}
	for _, pts := range levelsOf(b) {
		k.levels = append(k.levels, newLevel(b, pts))
	}
	if len(k.levels) > len([4]uint16{}) {
		panic("morris: more levels than canonical holds")
	}
	for j := range k.split {
		for v := range 256 {
			for li, l := range k.levels {
				k.split[j][v] |= uint32(l.ext[j][v]) << (8 * li)
			}
		}
	}
	k.root = k.table(k.all, 0)
	return k
}

// levelsOf cuts the points into unions of orbits of at most maxLevel
// points, the larger orbits first (so level 1 is a big one and its
// stabilizers are mostly trivial), each orbit added to the first level
// with room for it.
func levelsOf(b *Board) [][]int {
	seen := make([]bool, b.N())
	var orbits [][]int
	for i := range b.N() {
		if seen[i] {
			continue
		}
		var o []int
		for _, s := range b.Syms {
			if j := s[i]; !seen[j] {
				seen[j] = true
				o = append(o, j)
			}
		}
		sort.Ints(o)
		orbits = append(orbits, o)
	}
	sort.SliceStable(orbits, func(i, j int) bool { return len(orbits[i]) > len(orbits[j]) })
	var levels [][]int
	for _, o := range orbits {
		if len(o) > maxLevel {
			panic("morris: an orbit of points larger than a level")
		}
		placed := false
		for i := range levels {
			if len(levels[i])+len(o) <= maxLevel {
				levels[i] = append(levels[i], o...)
				placed = true
				break
			}
		}
		if !placed {
			levels = append(levels, append([]int(nil), o...))
		}
	}
	for _, l := range levels {
		sort.Ints(l)
	}
	return levels
}

func newLevel(b *Board, pts []int) *level {
	l := &level{points: pts, conf: 1, tables: map[uint16]*plTable{}}
	for range pts {
		l.conf *= 3
	}
	pos := make([]int, b.N()) // point → its bit in the level, or -1
	for i := range pos {
		pos[i] = -1
	}
	for i, p := range pts {
		pos[p] = i
	}
	for j := range 3 {
		for v := range 256 {
			var s uint8
			for bit := range 8 {
				if p := 8*j + bit; v>>bit&1 == 1 && p < b.N() && pos[p] >= 0 {
					s |= 1 << pos[p]
				}
			}
			l.ext[j][v] = s
		}
	}
	for v := range 1 << len(pts) {
		var set uint32
		var t, pow uint16 = 0, 1
		for i, p := range pts {
			if v>>i&1 == 1 {
				set |= 1 << p
				t += pow
			}
			pow *= 3
		}
		l.dep[v], l.tern[v] = set, t
	}
	l.white, l.black = make([]uint8, l.conf), make([]uint8, l.conf)
	for c := range l.conf {
		x := c
		for i := range pts {
			switch x % 3 {
			case 1:
				l.white[c] |= 1 << i
			case 2:
				l.black[c] |= 1 << i
			}
			x /= 3
		}
	}
	l.perm = make([][]uint16, len(b.Syms))
	l.stab = make([]uint16, l.conf)
	for k := range b.Syms {
		l.perm[k] = make([]uint16, l.conf)
		for c := range l.conf {
			img := l.config(b.Image(l.dep[l.white[c]], k), b.Image(l.dep[l.black[c]], k))
			l.perm[k][c] = img
			if int(img) == c {
				l.stab[c] |= 1 << k
			}
		}
	}
	l.least = make([]uint32, l.conf)
	for c := range l.conf {
		best, set := uint16(0xffff), uint16(0)
		for k := range b.Syms {
			switch img := l.perm[k][c]; {
			case img < best:
				best, set = img, 1<<k
			case img == best:
				set |= 1 << k
			}
		}
		l.least[c] = uint32(best) | uint32(set)<<16
	}
	return l
}

// config is the level's configuration in the sets w and b.
func (l *level) config(w, b uint32) uint16 {
	ws := l.ext[0][w&0xff] | l.ext[1][w>>8&0xff] | l.ext[2][w>>16&0xff]
	bs := l.ext[0][b&0xff] | l.ext[1][b>>8&0xff] | l.ext[2][b>>16&0xff]
	return l.tern[ws] + 2*l.tern[bs]
}

// table is the subgroup p acting on level li and the levels after it,
// built on first use.
func (k *ranker) table(p uint16, li int) *plTable {
	l := k.levels[li]
	if t, ok := l.tables[p]; ok {
		return t
	}
	t := &plTable{}
	l.tables[p] = t
	group, index := make([]int16, l.conf), make([]uint16, l.conf)
	type key struct {
		w, b int
		h    uint16
	}
	byKey := map[key]int{}
	for c := range l.conf {
		group[c] = -1
		least := true
		for s := p; s != 0; s &= s - 1 {
			if int(l.perm[bits.TrailingZeros16(s)][c]) < c {
				least = false
				break
			}
		}
		if !least {
			continue
		}
		kk := key{bits.OnesCount8(l.white[c]), bits.OnesCount8(l.black[c]), l.stab[c] & p}
		gi, ok := byKey[kk]
		if !ok {
			gi = len(t.groups)
			byKey[kk] = gi
			t.groups = append(t.groups, plGroup{w: kk.w, b: kk.b, h: kk.h})
		}
		g := &t.groups[gi]
		group[c], index[c] = int16(gi), uint16(len(g.configs))
		g.configs = append(g.configs, uint16(c))
	}
	// Order the groups by counts, then stabilizer, so that the table is
	// the same from run to run (the map's order is not); renumber.
	order := make([]int, len(t.groups))
	for i := range order {
		order[i] = i
	}
	sort.Slice(order, func(i, j int) bool {
		a, b := t.groups[order[i]], t.groups[order[j]]
		if a.w != b.w {
			return a.w < b.w
		}
		if a.b != b.b {
			return a.b < b.b
		}
		return a.h < b.h
	})
	groups := make([]plGroup, len(order))
	renum := make([]int16, len(order))
	for ni, oi := range order {
		groups[ni] = t.groups[oi]
		renum[oi] = int16(ni)
	}
	t.groups = groups
	t.ent = make([]uint32, l.conf)
	for c := range group {
		t.ent[c] = noEnt
		if group[c] >= 0 {
			t.ent[c] = uint32(renum[group[c]])<<16 | uint32(index[c])
		}
	}
	if li+1 < len(k.levels) {
		for i := range t.groups {
			t.groups[i].next = k.table(t.groups[i].h, li+1)
		}
	}
	dim := k.dim
	n := len(t.groups) + 1
	t.count = make([]int64, dim*dim)
	t.step = make([]rankStep, dim*dim*n)
	for w := range dim {
		for b := range dim {
			st := t.step[(w*dim+b)*n:][:n]
			var sum int64
			for i, g := range t.groups {
				var c int64
				if g.w <= w && g.b <= b {
					c = g.completions(w-g.w, b-g.b, dim)
				}
				st[i] = makeStep(sum, c)
				sum += int64(len(g.configs)) * c
			}
			st[len(t.groups)] = makeStep(sum, 0)
			t.count[w*dim+b] = sum
		}
	}
	k.bytes += int64(len(t.ent))*4 + int64(len(t.count))*8 + int64(len(t.step))*8 + int64(len(t.groups))*64
	for _, g := range t.groups {
		k.bytes += int64(len(g.configs)) * 2
	}
	return t
}

// completions is count(H, ℓ+1, w, b) for a group of level ℓ: the orbits
// of its stabilizer on the levels after it (one, the empty rest, after
// the last level).
func (g *plGroup) completions(w, b, dim int) int64 {
	if g.next == nil {
		if w == 0 && b == 0 {
			return 1
		}
		return 0
	}
	if w >= dim || b >= dim {
		return 0
	}
	return g.next.count[w*dim+b]
}

// orbits is the number of orbits of positions with w white and b black
// men on the board (for one turn and hands).
func (k *ranker) orbits(w, b int) int64 {
	if w >= k.dim || b >= k.dim {
		return 0
	}
	return k.root.count[w*k.dim+b]
}

// canonical is the levels' configurations of the representative of the
// orbit of (w, b) — the least image, level by level — and the symmetries
// that map (w, b) to it.
func (k *ranker) canonical(w, b uint32, cs *[4]uint16) uint16 {
	m := k.all
	ws := k.split[0][w&0xff] | k.split[1][w>>8&0xff] | k.split[2][w>>16&0xff]
	bs := k.split[0][b&0xff] | k.split[1][b>>8&0xff] | k.split[2][b>>16&0xff]
	for li, l := range k.levels {
		c := l.tern[uint8(ws)] + 2*l.tern[uint8(bs)]
		ws, bs = ws>>8, bs>>8
		if m == k.all {
			x := l.least[c]
			cs[li], m = uint16(x), uint16(x>>16)
			continue
		}
		if m&(m-1) == 0 { // one symmetry left: just apply it
			cs[li] = l.perm[bits.TrailingZeros16(m)][c]
			continue
		}
		best, set := uint16(0xffff), uint16(0)
		for s := m; s != 0; s &= s - 1 {
			sk := bits.TrailingZeros16(s)
			switch img := l.perm[sk][c]; {
			case img < best:
				best, set = img, 1<<sk
			case img == best:
				set |= 1 << sk
			}
		}
		cs[li], m = best, set
	}
	return m
}

// rank is the rank of the orbit of (w, b) among the orbits with as many
// men: in [0, orbits(|w|, |b|)); -1 for a board with more men of a colour
// than the game has.
func (k *ranker) rank(w, b uint32) int64 {
	return k.rankCounted(w, b, bits.OnesCount32(w), bits.OnesCount32(b))
}

// rankCounted is rank for w and b of nw and nb men.
func (k *ranker) rankCounted(w, b uint32, nw, nb int) int64 {
	dim := k.dim
	if nw >= dim || nb >= dim {
		return -1
	}
	var cs [4]uint16
	k.canonical(w, b, &cs)
	t := k.root
	var r int64
	for li := range k.levels {
		e := t.ent[cs[li]]
		gi := int(e >> 16)
		g := &t.groups[gi]
		st := t.step[(nw*dim+nb)*(len(t.groups)+1)+gi]
		r += st.off() + int64(e&0xffff)*st.per()
		nw -= g.w
		nb -= g.b
		t = g.next
	}
	return r
}

// unrank is rank's inverse: the representative (w, b) of the orbit of
// rank r among those with nw and nb men, false when r is out of range.
func (k *ranker) unrank(nw, nb int, r int64) (w, b uint32, ok bool) {
	if r < 0 || r >= k.orbits(nw, nb) {
		return 0, 0, false
	}
	dim := k.dim
	t := k.root
	for _, l := range k.levels {
		n := len(t.groups) + 1
		st := t.step[(nw*dim+nb)*n:][:n]
		// The group whose block holds r: the last offset at most r (a
		// block of no ranks shares its offset with the next one).
		gi := sort.Search(n, func(i int) bool { return st[i].off() > r }) - 1
		g := &t.groups[gi]
		r -= st[gi].off()
		per := g.completions(nw-g.w, nb-g.b, dim)
		c := g.configs[r/per]
		r %= per
		w |= l.dep[l.white[c]]
		b |= l.dep[l.black[c]]
		nw -= g.w
		nb -= g.b
		t = g.next
	}
	return w, b, true
}

// stabilizer is the number of symmetries that fix the representative of
// rank r among the orbits with nw and nb men, and the end of the run of
// ranks from r on whose positions are fixed by as many (a block of
// positions without symmetry: their stabilizer was trivial from some
// level on).
func (k *ranker) stabilizer(nw, nb int, r int64) (fixed int, end int64) {
	dim := k.dim
	t := k.root
	base := int64(0)
	fixed = k.nsym
	for range k.levels {
		n := len(t.groups) + 1
		st := t.step[(nw*dim+nb)*n:][:n]
		gi := sort.Search(n, func(i int) bool { return st[i].off() > r }) - 1
		g := &t.groups[gi]
		fixed = bits.OnesCount16(g.h)
		if fixed == 1 {
			// Every rank of the group's block has a trivial stabilizer.
			return 1, base + st[gi+1].off()
		}
		base += st[gi].off()
		r -= st[gi].off()
		per := g.completions(nw-g.w, nb-g.b, dim)
		base += r / per * per
		r %= per
		nw -= g.w
		nb -= g.b
		t = g.next
	}
	return fixed, base + 1
}

// A walk unranks increasing ranks among the orbits of one count of men
// (WalkTier), redoing only the levels where a rank's representative
// differs from the one before: a level's configuration stands for a
// block of consecutive ranks (its completions), so in a walk over a
// tier's ranks the first levels rarely change.
type walk struct {
	k      *ranker
	nw, nb int
	done   int          // levels of the last rank cached
	lv     [4]walkLevel // per level, the block of the last rank
}

// A walkLevel is the block of ranks whose levels up to this one are as
// cached: the men of those levels and what the next level starts from.
type walkLevel struct {
	lo, hi int64
	w, b   uint32
	t      *plTable
	nw, nb int
}

// unrank is ranker.unrank(nw, nb, r), the same representative.
func (u *walk) unrank(r int64) (w, b uint32, ok bool) {
	k := u.k
	if r < 0 || r >= k.orbits(u.nw, u.nb) {
		return 0, 0, false
	}
	i := u.done
	for i > 0 && (r < u.lv[i-1].lo || r >= u.lv[i-1].hi) {
		i--
	}
	t, nw, nb, base := k.root, u.nw, u.nb, int64(0)
	if i > 0 {
		l := &u.lv[i-1]
		t, nw, nb, base, w, b = l.t, l.nw, l.nb, l.lo, l.w, l.b
	}
	dim := k.dim
	for li := i; li < len(k.levels); li++ {
		l := k.levels[li]
		n := len(t.groups) + 1
		st := t.step[(nw*dim+nb)*n:][:n]
		rr := r - base
		gi := sort.Search(n, func(i int) bool { return st[i].off() > rr }) - 1
		g := &t.groups[gi]
		rr -= st[gi].off()
		per := g.completions(nw-g.w, nb-g.b, dim)
		ci := rr / per
		c := g.configs[ci]
		base += st[gi].off() + ci*per
		w |= l.dep[l.white[c]]
		b |= l.dep[l.black[c]]
		nw -= g.w
		nb -= g.b
		t = g.next
		u.lv[li] = walkLevel{lo: base, hi: base + per, w: w, b: b, t: t, nw: nw, nb: nb}
	}
	u.done = len(k.levels)
	return w, b, true
}
