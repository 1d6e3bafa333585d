package connect4

import (
	"math/bits"
	"sort"
)

// The mirror symmetry in the ranking (ranking version 2). A board and its
// mirror image (columns reversed) have the same value, and the mirror
// image of a move is a move of the mirror image, so a tier ranks one
// board of each mirror pair: a rank stands for a board and its mirror
// image (one board when the board is symmetric).
//
// By heights first: a tier numbers only the vectors of column heights h
// that are canonical, h ≤ reverse(h) lexicographically; a board whose
// heights are not canonical has its mirror image's rank. Within a
// canonical vector a rank's arithmetic is as before (the vector's
// number times C(n, ceil(n/2)) plus the colour pattern's rank), so the
// walk and the moves' ranks (walk.go) change only in which vectors are
// counted. A palindromic vector is its own mirror image: its boards pair
// up among its own colourings, and a board has the lesser colour rank of
// itself and its mirror image, so the greater one's rank is never used
// (its record stays empty: one bit in a database of format 2, and
// palindromes are a vanishing share of the vectors, 216 of 46,656 on
// 6×5).
//
// Why every pair and not only the vectors (keeping every colouring of a
// palindromic vector, each with a rank of its own): the tier solver
// expands the one board a rank stands for, so a rank must stand for a
// whole orbit of the symmetry, or the moves of the others would not be
// followed. A board with non-palindromic heights whose move makes them
// palindromic (1000 then 1001 on 4×4) has a mirror image whose move
// leads to the mirror image of that child: with a rank of its own, no
// expanded board would reach it, and the database would miss reachable
// positions. With one rank per pair the solver needs no symmetry logic.
//
// The canonical vectors are numbered within a tier in lexicographic
// order: mirrorIndex holds one bit per height vector (canonical or not),
// over all tiers one after another, with the count of canonical vectors
// before each 64-bit word, so a vector's number is one popcount, and a
// number's vector a binary search and a select within a word.

// RankingVersion is the version of Connect-4's ranking: 2 since ranks
// count mirror images once. A database records the version it was built
// with, and one built with another is refused (catalog/strong).
const RankingVersion = 2

// mirrorIndex numbers the canonical height vectors (see above).
type mirrorIndex struct {
	flags  []uint64 // bit g: the vector of global index g is canonical
	before []int64  // canonical vectors before word w of flags
	// start[n] is the global index of tier n's first vector (the
	// vectors of n stones come after those of fewer, each tier's in
	// lexicographic order); canonStart[n] the canonical ones before it.
	start, canonStart []int64
	// pal[g] marks the palindromes (by global index).
	pal []uint64
}

// canonicalCounts returns, for each number of stones n, how many height
// vectors with sum n are canonical: (all + palindromes) / 2, from the
// counts of vectors of W/2 columns (cnt[k][r]: k columns, sum r).
func canonicalCounts(w, h, cells int, cnt [][]int64) []int64 {
	half := w / 2
	mid := 0
	if w%2 == 1 {
		mid = h
	}
	out := make([]int64, cells+1)
	for n := range out {
		var pal int64
		for m := 0; m <= mid && m <= n; m++ {
			if (n-m)%2 == 0 && (n-m)/2 < len(cnt[half]) {
				pal += cnt[half][(n-m)/2]
			}
		}
		out[n] = (cnt[w][n] + pal) / 2
	}
	return out
}

// newMirrorIndex enumerates every height vector of the board, tier by
// tier in lexicographic order (the order of rank.go's index), and marks
// the canonical ones.
func newMirrorIndex(w, h, cells int, vectors []int64) *mirrorIndex {
	mi := &mirrorIndex{start: make([]int64, cells+2), canonStart: make([]int64, cells+2)}
	for n := 0; n <= cells; n++ {
		mi.start[n+1] = mi.start[n] + vectors[n]
	}
	total := mi.start[cells+1]
	words := (total + 63) / 64
	mi.flags = make([]uint64, words)
	mi.pal = make([]uint64, words)
	var hs [MaxWidth]int
	var g int64
	// fill enumerates columns c.. with sum r left, lexicographically.
	var fill func(c, r int)
	fill = func(c, r int) {
		if c == w-1 {
			if r > h {
				return
			}
			hs[c] = r
			canon, palin := true, true
			for i := 0; i < w/2; i++ {
				if a, b := hs[i], hs[w-1-i]; a != b {
					canon, palin = a < b, false
					break
				}
			}
			if canon {
				mi.flags[g>>6] |= 1 << (g & 63)
			}
			if palin {
				mi.pal[g>>6] |= 1 << (g & 63)
			}
			g++
			return
		}
		// The columns after c hold at most (w-1-c)*h stones.
		for v := max(0, r-(w-1-c)*h); v <= min(h, r); v++ {
			hs[c] = v
			fill(c+1, r-v)
		}
	}
	for n := 0; n <= cells; n++ {
		fill(0, n)
	}
	mi.before = make([]int64, words+1)
	for i, f := range mi.flags {
		mi.before[i+1] = mi.before[i] + int64(bits.OnesCount64(f))
	}
	for n := 0; n <= cells+1; n++ {
		mi.canonStart[n] = mi.count(mi.start[n])
	}
	return mi
}

// count is the number of canonical vectors of global index below g.
func (mi *mirrorIndex) count(g int64) int64 {
	c := mi.before[g>>6]
	if g&63 != 0 {
		c += int64(bits.OnesCount64(mi.flags[g>>6] & (1<<(g&63) - 1)))
	}
	return c
}

// canon is the number, among tier n's canonical vectors, of the vector of
// index hidx in tier n, -1 when it is not canonical, and whether it is a
// palindrome.
func (mi *mirrorIndex) canon(n int, hidx int64) (ci int64, palindrome bool) {
	g := mi.start[n] + hidx
	if mi.flags[g>>6]>>(g&63)&1 == 0 {
		return -1, false
	}
	return mi.count(g) - mi.canonStart[n], mi.pal[g>>6]>>(g&63)&1 != 0
}

// vector is canon's inverse: the index in tier n of its canonical vector
// number ci (0 ≤ ci < the tier's canonical vectors), and whether it is a
// palindrome.
func (mi *mirrorIndex) vector(n int, ci int64) (hidx int64, palindrome bool) {
	k := mi.canonStart[n] + ci // the k-th canonical vector overall
	// The last word with fewer than k+1 canonical vectors before it.
	w := sort.Search(len(mi.before), func(i int) bool { return mi.before[i] > k }) - 1
	f := mi.flags[w]
	for j := k - mi.before[w]; j > 0; j-- {
		f &= f - 1
	}
	g := int64(w)<<6 | int64(bits.TrailingZeros64(f))
	return g - mi.start[n], mi.pal[g>>6]>>(g&63)&1 != 0
}
