package connect4

import (
	"fmt"
	"math/bits"
	"sync"

	"github.com/grundy-go/grundy/internal/colex"
)

// ranker holds the tables of a shape's dense ranks (see the package doc):
// the index of a vector of column heights among those with its sum, and
// binomial coefficients for the colour pattern.
type ranker struct {
	w, h, step int
	// binom[n*stride+k] is C(n, k), 0 when k > n.
	binom  []int64
	stride int
	// off[(col*(cells+1)+r)*(h+2)+v] counts the height vectors of the
	// columns col..W-1 with sum r whose entry at col is less than v: the
	// lexicographic index of a vector is the sum of off over its columns,
	// each with the sum r left for it and its own height.
	off   []int64
	cells int
	// vectors[n] is the number of height vectors with sum n, canonical[n]
	// the number of them that are canonical (mirror.go); size[n] the
	// tier's number of ranks, canonical[n] * C(n, ceil(n/2)).
	vectors   []int64
	canonical []int64
	size      []int64
	// mirror numbers the canonical vectors, built on first use (a board
	// of 9 columns has 40 million vectors: 7.5 MB and a second).
	mirror func() *mirrorIndex
	// kids looks up a child's heights (walk.go), built on first use;
	// nil for boards with too many height vectors.
	kids func() *kidTable
	// colour[((j*(half+1)+k)<<h) | p], when not nil, is what the first
	// player's stones p of one column (bit i: the column's i-th stone)
	// add to the colour rank when j stones, k of them the first
	// player's, come before the column: one lookup a column instead of
	// one a stone, and no branch on the pattern.
	colour []int64
	half   int
}

// maxColourTable bounds the entries of the per-column colour table; taller
// boards rank stone by stone.
const maxColourTable = 1 << 22

// maxRank bounds a tier's size so that ranks and their sums stay in int64.
const maxRank = 1 << 62

func newRanker(s *Shape) (*ranker, error) {
	cells := s.W * s.H
	rk := &ranker{w: s.W, h: s.H, step: s.H + 1, cells: cells, stride: cells + 2}
	rk.binom = make([]int64, (cells+2)*rk.stride)
	for n := 0; n <= cells+1; n++ {
		rk.binom[n*rk.stride] = 1
		for k := 1; k <= n; k++ {
			a, b := rk.binom[(n-1)*rk.stride+k-1], rk.binom[(n-1)*rk.stride+k]
			if a+b < 0 || a+b > maxRank {
				return nil, fmt.Errorf("connect4:%s has too many positions in a tier to rank them in 64 bits", s)
			}
			rk.binom[n*rk.stride+k] = a + b
		}
	}
	// cnt[k][r]: vectors of length k with entries in 0..H and sum r.
	cnt := make([][]int64, s.W+1)
	for k := range cnt {
		cnt[k] = make([]int64, cells+1)
	}
	cnt[0][0] = 1
	for k := 1; k <= s.W; k++ {
		for r := 0; r <= cells; r++ {
			for v := 0; v <= s.H && v <= r; v++ {
				cnt[k][r] += cnt[k-1][r-v]
			}
		}
	}
	hv := s.H + 2
	rk.off = make([]int64, s.W*(cells+1)*hv)
	for col := range s.W {
		rest := s.W - 1 - col
		for r := 0; r <= cells; r++ {
			var sum int64
			for v := 0; v <= s.H+1; v++ {
				rk.off[(col*(cells+1)+r)*hv+v] = sum
				if v <= s.H && v <= r {
					sum += cnt[rest][r-v]
				}
			}
		}
	}
	rk.vectors = cnt[s.W]
	rk.canonical = canonicalCounts(s.W, s.H, cells, cnt)
	rk.mirror = sync.OnceValue(func() *mirrorIndex { return newMirrorIndex(s.W, s.H, cells, rk.vectors) })
	rk.kids = sync.OnceValue(func() *kidTable { return newKidTable(rk) })
	rk.size = make([]int64, cells+1)
	for n := 0; n <= cells; n++ {
		hi, lo := bits.Mul64(uint64(rk.canonical[n]), uint64(rk.c(n, (n+1)/2)))
		if hi != 0 || lo > maxRank {
			return nil, fmt.Errorf("connect4:%s has too many positions in a tier to rank them in 64 bits", s)
		}
		rk.size[n] = int64(lo)
	}
	rk.half = (cells + 1) / 2
	if n := (cells + 1) * (rk.half + 1) << uint(s.H); s.H <= 16 && n <= maxColourTable {
		rk.colour = make([]int64, n)
		for j := 0; j <= cells; j++ {
			for k := 0; k <= rk.half; k++ {
				for p := range 1 << uint(s.H) {
					var sum int64
					t := k
					for q := uint64(p); q != 0; q &= q - 1 {
						t++
						if n := j + bits.TrailingZeros64(q); n <= cells+1 && t <= n {
							sum += rk.c(n, t)
						}
					}
					rk.colour[((j*(rk.half+1)+k)<<uint(s.H))|p] = sum
				}
			}
		}
	}
	return rk, nil
}

func (rk *ranker) c(n, k int) int64 { return rk.binom[n*rk.stride+k] }

// rank is b's rank in its tier, n its number of stones: the rank of
// its mirror pair (mirror.go), by the heights that are canonical, and
// for palindromic heights by the lesser colour rank of the two.
func (rk *ranker) rank(b Board, n int) int64 {
	hidx, col := rk.sums(b, n)
	ci, pal := rk.mirror().canon(n, hidx)
	switch {
	case ci < 0:
		hidx, col = rk.sums(rk.flip(b), n)
		ci, _ = rk.mirror().canon(n, hidx)
	case pal:
		_, c2 := rk.sums(rk.flip(b), n)
		col = min(col, c2)
	}
	return ci*rk.c(n, (n+1)/2) + col
}

// flip is b's mirror image.
func (rk *ranker) flip(b Board) Board {
	var m Board
	step := uint(rk.step)
	for c := range rk.w {
		from, to := uint(c)*step, uint(rk.w-1-c)*step
		m.Current |= ((b.Current >> from) & (1<<step - 1)) << to
		m.Mask |= ((b.Mask >> from) & (1<<step - 1)) << to
	}
	return m
}

// sums are the two parts of a rank of b (n stones) before the mirror
// symmetry: the index of its height vector among all those with sum n,
// and the rank of its colour pattern.
func (rk *ranker) sums(b Board, n int) (hidx, col int64) {
	first := b.Current
	if n&1 == 1 {
		first ^= b.Mask
	}
	hv, stride := rk.h+2, rk.cells+1
	r, j, k := n, 0, 0
	step := uint(rk.step)
	mask, fst := b.Mask, first
	for c := range rk.w {
		column := mask & (1<<step - 1)
		h := bits.OnesCount64(column)
		hidx += rk.off[(c*stride+r)*hv+h]
		r -= h
		// The first player's stones in this column, bottom up: the i-th
		// chosen stone overall at stone index q adds C(q, i+1).
		p := fst & column
		if rk.colour != nil {
			col += rk.colour[((j*(rk.half+1)+k)<<uint(rk.h))|int(p)]
			k += bits.OnesCount64(p)
		} else {
			for ; p != 0; p &= p - 1 {
				k++
				col += rk.binom[(j+bits.TrailingZeros64(p))*rk.stride+k]
			}
		}
		j += h
		mask >>= step
		fst >>= step
	}
	return hidx, col
}

// heights decodes hidx, the index of a height vector among those of n
// stones: the column heights and the mask of their cells, ok false when
// hidx names none.
func (rk *ranker) heights(n int, hidx int64) (hs [MaxWidth]uint8, mask uint64, ok bool) {
	hv, stride := rk.h+2, rk.cells+1
	r := n
	for c := range rk.w {
		row := (c*stride + r) * hv
		h := 0
		for h < rk.h && h < r && rk.off[row+h+1] <= hidx {
			h++
		}
		hidx -= rk.off[row+h]
		hs[c] = uint8(h)
		mask |= (1<<uint(h) - 1) << uint(c*rk.step)
		r -= h
	}
	return hs, mask, r == 0 && hidx == 0
}

// unrank is the board of rank x in tier n, ok false when x is out of range.
func (rk *ranker) unrank(n int, x int64) (Board, bool) {
	if n < 0 || n > rk.cells || x < 0 || x >= rk.size[n] {
		return Board{}, false
	}
	m := (n + 1) / 2
	per := rk.c(n, m)
	hidx, _ := rk.mirror().vector(n, x/per)
	hs, mask, ok := rk.heights(n, hidx)
	if !ok {
		return Board{}, false
	}
	// Where each stone lies, in stone order (columns left to right, bottom
	// up), and the first player's stones among them by the combinatorial
	// number system.
	var cellOf [64]uint8
	j := 0
	for c, h := range hs[:rk.w] {
		for i := range int(h) {
			cellOf[j+i] = uint8(c*rk.step + i)
		}
		j += int(h)
	}
	var first uint64
	for s := colex.Unrank(n, m, x%per); s != 0; s &= s - 1 {
		first |= 1 << cellOf[bits.TrailingZeros64(s)]
	}
	cur := first
	if n&1 == 1 {
		cur ^= mask
	}
	return Board{Current: cur, Mask: mask}, true
}
