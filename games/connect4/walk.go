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

// appendChildRanks appends the ranks of the boards after each move from
// b (n stones, not over), columns left to right. A child whose heights
// are not canonical has its mirror image's rank: the child of the mirror
// image of b in the mirrored column, whose sums come from one more pass
// over the columns of b's mirror image; a child with palindromic heights
// has the lesser colour rank of itself and that mirror image.
func (rk *ranker) appendChildRanks(dst []int64, s *Shape, b Board, n int) []int64 {
	if rk.colour == nil {
		for c := range rk.w {
			if s.CanPlay(b, c) {
				dst = append(dst, rk.rank(s.Play(b, c), n+1))
			}
		}
		return dst
	}
	var kids, flipped [MaxWidth]childSum
	rk.childSums(b, n, &kids)
	mi := rk.mirror()
	per := rk.c(n+1, (n+2)/2)
	haveFlip := false
	for c := range rk.w {
		k := kids[c]
		if !k.ok {
			continue
		}
		ci, pal := mi.canon(n+1, k.hidx)
		if ci < 0 || pal {
			if !haveFlip {
				rk.childSums(rk.flip(b), n, &flipped)
				haveFlip = true
			}
			f := flipped[rk.w-1-c]
			if ci < 0 {
				k = f
				ci, _ = mi.canon(n+1, k.hidx)
			} else {
				k.col = min(k.col, f.col)
			}
		}
		dst = append(dst, ci*per+k.col)
	}
	return dst
}

// childSum is the sums of a rank (ranker.sums) of the board after a move.
type childSum struct {
	hidx, col int64
	ok        bool // the column has room
}

// childSums sets out[c] to the sums of the board after a move in column
// c from b (n stones), for every column, from the column sums of b.
func (rk *ranker) childSums(b Board, n int, out *[MaxWidth]childSum) {
	first := b.Current
	if n&1 == 1 {
		first ^= b.Mask
	}
	f := 0
	if n&1 == 0 {
		f = 1 // the new stone is the first player's
	}
	hv, stride, hb, kw := rk.h+2, rk.cells+1, uint(rk.h), rk.half+1
	colMask := uint64(1)<<uint(rk.h) - 1
	// Per column: the parent's terms, the left child-terms (columns
	// left of the move: one more remaining) and the right child-terms
	// (columns right of the move: one more stone before, f more of the
	// first player's).
	var hs [MaxWidth]int
	var ps [MaxWidth]uint64
	var js, ks [MaxWidth]int
	var hidx, rightH, rightC int64
	j, k := 0, 0
	mask, fst := b.Mask, first
	for c := range rk.w {
		h := bits.OnesCount64(mask & colMask)
		p := fst & colMask
		hs[c], ps[c], js[c], ks[c] = h, p, j, k
		r := n - j
		hidx += rk.off[(c*stride+r)*hv+h]
		rightC += rk.colour[(((j+1)*kw+k+f)<<hb)|int(p)]
		j += h
		k += bits.OnesCount64(p)
		mask >>= uint(rk.step)
		fst >>= uint(rk.step)
	}
	rightH = hidx
	var leftH, leftC int64
	for c := range rk.w {
		h, p, jc, kc := hs[c], ps[c], js[c], ks[c]
		r := n - jc
		rightH -= rk.off[(c*stride+r)*hv+h]
		rightC -= rk.colour[(((jc+1)*kw+kc+f)<<hb)|int(p)]
		out[c].ok = h < rk.h
		if h < rk.h {
			out[c].hidx = leftH + rk.off[(c*stride+r+1)*hv+h+1] + rightH
			out[c].col = leftC + rk.colour[((jc*kw+kc)<<hb)|int(p|uint64(f)<<uint(h))] + rightC
		}
		leftH += rk.off[(c*stride+r+1)*hv+h]
		leftC += rk.colour[((jc*kw+kc)<<hb)|int(p)]
	}
}
