package connect4

import (
	"math/bits"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/internal/colex"
)

// The tier solver's fast path (tier.Walker): walking a tier's ranks in
// order without unranking each one, and the ranks of a position's moves
// from the position's own column sums instead of ranking each child.
//
// Walking: within one vector of column heights, the colour ranks are the
// colex ranks of the first player's stones as a mask of n bits (stone i
// is the i-th stone counting columns left to right, each bottom up), and
// colex order of m-subsets is the numeric order of their masks, so the
// next rank is the next larger mask with m bits (Gosper's hack) and the
// board follows by spreading the mask over the columns. Only a jump
// (a long gap between marked ranks, or the end of a height vector)
// unranks from scratch.
//
// Children: playing column d changes, in the rank's sums (rank.go),
// only the remaining height sum of columns 0..d (one more), the height
// of d, and the stones before columns d+1.. (one more, and one more of
// the first player's when the new stone is theirs). With the sums of
// the columns left of d and right of d kept from one pass over the
// columns, each child's rank is two table lookups more.

// cursor is a walk's place in a tier: the rank it stands on and its
// board.
type cursor struct {
	valid bool
	rank  int64
	end   int64 // the first rank past this height vector
	x     uint64
	mask  uint64
	hs    [MaxWidth]uint8
	pal   bool // the height vector is a palindrome
}

// maxStep is the longest gap between ranks that the walk crosses by
// stepping the colour mask; a longer one unranks.
const maxStep = 24

// seek puts c on rank x of tier n (n, x valid) and reports false when x
// names no board (out of range).
func (rk *ranker) seek(c *cursor, n int, x int64) bool {
	if n < 0 || n > rk.cells || x < 0 || x >= rk.size[n] {
		c.valid = false
		return false
	}
	m := (n + 1) / 2
	per := rk.c(n, m)
	hidx, pal := rk.mirror().vector(n, x/per)
	hs, mask, ok := rk.heights(n, hidx)
	if !ok {
		c.valid = false
		return false
	}
	c.hs, c.pal = hs, pal
	c.valid, c.rank, c.x, c.mask = true, x, colex.Unrank(n, m, x%per), mask
	c.end = (x/per + 1) * per
	return true
}

// board is the board c stands on, n its number of stones.
func (rk *ranker) board(c *cursor, n int) Board {
	var first uint64
	x := c.x
	for cc := range rk.w {
		h := uint(c.hs[cc])
		first |= (x & (1<<h - 1)) << uint(cc*rk.step)
		x >>= h
	}
	if n&1 == 1 {
		first ^= c.mask
	}
	return Board{Current: first, Mask: c.mask}
}

// advance moves c to rank x of tier n, x > c.rank, by stepping the colour
// mask when x is near and in the same height vector.
func (rk *ranker) advance(c *cursor, n int, x int64) bool {
	if !c.valid || x < c.rank || x-c.rank > maxStep || x >= c.end {
		return rk.seek(c, n, x)
	}
	for ; c.rank < x; c.rank++ {
		// Gosper's hack: the next larger mask with as many bits. A
		// rank in this vector past the current one has a next mask.
		t := c.x | (c.x - 1)
		c.x = (t + 1) | (((^t & -^t) - 1) >> uint(bits.TrailingZeros64(c.x)+1))
	}
	return true
}

// WalkTier calls visit for every rank of tier t marked in words (bit i
// of words[w] is rank base + 64w + i; base is a multiple of 64), in
// increasing order, with the board TierUnrank gives and its ok; visit's
// error stops the walk and is returned.
func (g Game) WalkTier(t game.Tier, base int64, words []uint64, visit func(r int64, b Board, ok bool) error) error {
	rk := g.ranker()
	n := int(t)
	var c cursor
	for w, word := range words {
		for ; word != 0; word &= word - 1 {
			r := base + int64(w)<<6 | int64(bits.TrailingZeros64(word))
			var b Board
			ok := n <= g.S.Cells() && rk.advance(&c, n, r)
			if ok {
				b = rk.board(&c, n)
				// A palindromic vector's ranks above their pair's are unused.
				ok = !g.S.Aligned(b.Current) && (!c.pal || rk.rank(b, n) == r)
			}
			if err := visit(r, b, ok); err != nil {
				return err
			}
		}
	}
	return nil
}

// AppendMoveRanks appends, for each move from b in the order of
// AppendMoves, the tier and the rank of the board it leads to.
func (g Game) AppendMoveRanks(tiers []game.Tier, ranks []int64, b Board) ([]game.Tier, []int64) {
	if g.Over(b) {
		return tiers, ranks
	}
	n := b.Moves()
	start := len(ranks)
	ranks = g.ranker().appendChildRanks(ranks, g.S, b, n)
	for range len(ranks) - start {
		tiers = append(tiers, game.Tier(n+1))
	}
	return tiers, ranks
}

// WinsAtOnce reports whether the player to move at b has a move that
// makes K in a row (tier.Finisher): b is then won in 1, and the tier
// solver does not read its moves' records.
func (g Game) WinsAtOnce(b Board) bool {
	return !g.Over(b) && g.S.WinningCells(b.Current)&g.S.Possible(b) != 0
}

// appendChildRanks appends the ranks of the boards after each move from
// b (n stones, not over), columns left to right. A child whose heights
// are not canonical has its mirror image's rank, and a child with
// palindromic heights the lesser colour rank of itself and its mirror
// image (mirror.go); the mirror image's colour rank is summed over the
// columns in the other order, from the same per-column terms.
func (rk *ranker) appendChildRanks(dst []int64, s *Shape, b Board, n int) []int64 {
	kids := rk.kids()
	if rk.colour == nil || kids == nil {
		for c := range rk.w {
			if s.CanPlay(b, c) {
				dst = append(dst, rk.rank(s.Play(b, c), n+1))
			}
		}
		return dst
	}
	first := b.Current
	if n&1 == 1 {
		first ^= b.Mask
	}
	f := 1 - n&1 // 1 when the new stone is the first player's
	m := bits.OnesCount64(first)
	w, hb, kw, step := rk.w, uint(rk.h), rk.half+1, uint(rk.step)
	colour := rk.colour
	colMask := uint64(1)<<hb - 1
	// Per column c: its height h, first-player pattern p, the stones j
	// and first-player stones k before it (columns left to right), its
	// term in the parent's colour rank (t0) and its term when a stone,
	// f of them the first player's, comes before it (t1); the suffix
	// sums of t1 are the columns right of a move.
	var hs [MaxWidth]int
	var ps [MaxWidth]uint64
	var js, ks [MaxWidth]int
	var right [MaxWidth + 1]int64
	var code int
	j, k := 0, 0
	mask, fst := b.Mask, first
	for c := range w {
		h := bits.OnesCount64(mask & colMask)
		p := fst & colMask
		hs[c], ps[c], js[c], ks[c] = h, p, j, k
		code += h * kids.pow[c]
		j += h
		k += bits.OnesCount64(p)
		mask >>= step
		fst >>= step
	}
	for c := w - 1; c >= 0; c-- {
		right[c] = right[c+1] + colour[(((js[c]+1)*kw+ks[c]+f)<<hb)|int(ps[c])]
	}
	per := rk.c(n+1, (n+2)/2)
	var left int64
	// The mirror image's terms, summed only when a child needs them.
	var mirrored [MaxWidth]int64
	haveMirror := false
	for c := range w {
		h, p, jc, kc := hs[c], ps[c], js[c], ks[c]
		if h < rk.h {
			kid := kids.of[code+kids.pow[c]]
			col := left + colour[((jc*kw+kc)<<hb)|int(p|uint64(f)<<uint(h))] + right[c+1]
			if kid&(kidMirror|kidPalindrome) != 0 {
				if !haveMirror {
					rk.mirrorTerms(&mirrored, hs[:w], ps[:w], js[:w], ks[:w], n, m, f)
					haveMirror = true
				}
				mc := mirrored[c]
				if kid&kidMirror != 0 {
					col = mc
				} else {
					col = min(col, mc)
				}
			}
			dst = append(dst, int64(kid>>kidShift)*per+col)
		}
		left += colour[((jc*kw+kc)<<hb)|int(p)]
	}
	return dst
}

// mirrorTerms sets out[c] to the colour rank of the mirror image of the
// board after a move in column c (every column with room), from the
// parent's columns: in the mirror image the columns come right to left,
// so the stones before column c are those of the columns right of it.
func (rk *ranker) mirrorTerms(out *[MaxWidth]int64, hs []int, ps []uint64, js, ks []int, n, m, f int) {
	w, hb, kw := len(hs), uint(rk.h), rk.half+1
	colour := rk.colour
	// Before column c in the mirror image: n-js[c]-hs[c] stones, of which
	// m-ks[c]-pop(ps[c]) the first player's; the columns left of c come
	// after the move, one stone (f the first player's) later.
	var after [MaxWidth + 1]int64 // sum over columns < c, shifted
	for c := range w {
		jr := n - js[c] - hs[c]
		kr := m - ks[c] - bits.OnesCount64(ps[c])
		after[c+1] = after[c] + colour[(((jr+1)*kw+kr+f)<<hb)|int(ps[c])]
	}
	var before int64 // sum over columns > c, unshifted
	for c := w - 1; c >= 0; c-- {
		jr := n - js[c] - hs[c]
		kr := m - ks[c] - bits.OnesCount64(ps[c])
		if hs[c] < rk.h {
			out[c] = before + colour[((jr*kw+kr)<<hb)|int(ps[c]|uint64(f)<<uint(hs[c]))] + after[c]
		}
		before += colour[((jr*kw+kr)<<hb)|int(ps[c])]
	}
}

// kidTable gives, for every vector of column heights by its code (the
// heights as digits of base H+1, column 0 the lowest), the number of its
// canonical vector (itself or its mirror image) in its tier, shifted by
// kidShift, with kidMirror when the vector is not canonical and
// kidPalindrome when it is its own mirror image: one look-up for a
// child's heights instead of their index and its mirror number.
type kidTable struct {
	of  []uint32
	pow [MaxWidth]int
}

const (
	kidMirror     = 1
	kidPalindrome = 2
	kidShift      = 2
)

// maxKidTable bounds the entries of the kid table (16 MB); larger boards
// rank each child.
const maxKidTable = 1 << 22

// newKidTable builds the table of rk's board, nil past maxKidTable
// entries or canonical numbers too large for it.
func newKidTable(rk *ranker) *kidTable {
	size := 1
	for range rk.w {
		if size *= rk.h + 1; size > maxKidTable {
			return nil
		}
	}
	t := &kidTable{of: make([]uint32, size)}
	p := 1
	for c := range rk.w {
		t.pow[c] = p
		p *= rk.h + 1
	}
	mi := rk.mirror()
	var hs, rev [MaxWidth]int
	for code := range size {
		n, x := 0, code
		for c := range rk.w {
			hs[c] = x % (rk.h + 1)
			rev[rk.w-1-c] = hs[c]
			x /= rk.h + 1
			n += hs[c]
		}
		ci, pal := mi.canon(n, rk.heightIndex(hs[:rk.w], n))
		var flags uint32
		switch {
		case ci < 0:
			ci, _ = mi.canon(n, rk.heightIndex(rev[:rk.w], n))
			flags = kidMirror
		case pal:
			flags = kidPalindrome
		}
		if ci < 0 || ci >= 1<<(32-kidShift) {
			return nil
		}
		t.of[code] = uint32(ci)<<kidShift | flags
	}
	return t
}

// heightIndex is the index of the height vector hs (sum n) among those
// of its tier (rank.go's sums).
func (rk *ranker) heightIndex(hs []int, n int) int64 {
	hv, stride := rk.h+2, rk.cells+1
	var hidx int64
	r := n
	for c, h := range hs {
		hidx += rk.off[(c*stride+r)*hv+h]
		r -= h
	}
	return hidx
}
