package cgt

import (
	"math/rand/v2"
	"testing"
)

// height is the birthday by the definition: 1 + the largest birthday of
// an option, on the canonical game tree.
func height(s *Space, g Game, memo map[Game]int64) int64 {
	if h, ok := memo[g]; ok {
		return h
	}
	h := int64(0)
	for _, o := range append(append([]Game(nil), s.Left(g)...), s.Right(g)...) {
		h = max(h, height(s, o, memo)+1)
	}
	memo[g] = h
	return h
}

// stops by the definition, on the canonical game tree.
func defStops(s *Space, g Game) (Dyadic, Dyadic) {
	if x, ok := s.IsNumber(g); ok {
		return x, x
	}
	var ls, rs Dyadic
	for i, o := range s.Left(g) {
		_, r := defStops(s, o)
		if i == 0 || ls.Less(r) {
			ls = r
		}
	}
	for i, o := range s.Right(g) {
		l, _ := defStops(s, o)
		if i == 0 || l.Less(rs) {
			rs = l
		}
	}
	return ls, rs
}

// TestNusShortcuts checks the closed forms used for number-up-stars —
// birthday, stops, mean and temperature — against the definitions applied
// to their canonical options.
func TestNusShortcuts(t *testing.T) {
	s := NewSpace()
	memo := map[Game]int64{}
	for _, x := range []Dyadic{Int(0), Int(3), Int(-2), newDyadic(1, 1), newDyadic(-5, 3), newDyadic(7, 2)} {
		for n := -5; n <= 5; n++ {
			for k := 0; k <= 5; k++ {
				g := s.numberUpStar(x, n, uint64(k))
				if got, want := s.Birthday(g), height(s, g, memo); got != want {
					t.Errorf("birthday(%s) = %d, by definition %d", s.String(g), got, want)
				}
				ls, rs := defStops(s, g)
				if s.leftStop(g) != ls || s.rightStop(g) != rs {
					t.Errorf("stops(%s) = %v, %v; by definition %v, %v", s.String(g), s.leftStop(g), s.rightStop(g), ls, rs)
				}
				th := s.thermograph(g) // computed from the options for all but integers
				if s.mean(g) != th.Mast || s.temperature(g) != th.Temperature {
					t.Errorf("%s: mean %v temperature %v; thermograph %v %v", s.String(g), s.mean(g), s.temperature(g), th.Mast, th.Temperature)
				}
			}
		}
	}
}

// TestSimplest checks the simplest-number rule against a search of the
// numbers in order of birthday.
func TestSimplest(t *testing.T) {
	s := NewSpace()
	memo := map[Game]int64{}
	// All numbers with birthday at most 7 (by the definition), by birthday.
	var byDay [][]Dyadic
	for day := 0; day <= 7; day++ {
		var xs []Dyadic
		for num := int64(-64 * 8); num <= 64*8; num++ {
			x := newDyadic(num, 6)
			if height(s, s.Number(x), memo) == int64(day) {
				xs = append(xs, x)
			}
		}
		byDay = append(byDay, xs)
	}
	r := rand.New(rand.NewPCG(19, 20))
	for k := 0; k < 3000; k++ {
		lo := newDyadic(int64(r.IntN(80)-40), uint(r.IntN(4)))
		hi := lo.add(newDyadic(int64(1+r.IntN(20)), uint(r.IntN(4))))
		hasLo, hasHi := r.IntN(5) > 0, r.IntN(5) > 0
		got := simplest(lo, hasLo, hi, hasHi)
		var want Dyadic
		found := false
		for _, xs := range byDay {
			for _, x := range xs {
				if (!hasLo || lo.Less(x)) && (!hasHi || x.Less(hi)) {
					want, found = x, true
					break
				}
			}
			if found {
				break
			}
		}
		if found && got != want {
			t.Fatalf("simplest(%v %v, %v %v) = %v, want %v", lo, hasLo, hi, hasHi, got, want)
		}
		if !found && ((hasLo && !lo.Less(got)) || (hasHi && !got.Less(hi))) {
			t.Fatalf("simplest(%v %v, %v %v) = %v, not strictly between", lo, hasLo, hi, hasHi, got)
		}
	}
}

// TestImport moves random games between Spaces: the imported game prints
// the same and keeps its comparisons.
func TestImport(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	src := NewSpace()
	gs := randomGames(r, src, 200)
	dst := NewSpace()
	dst.Parse("{3||2*|1*} + ^") // some games already there, other handles
	for i, g := range gs {
		h := dst.importGame(src, g)
		if dst.String(h) != src.String(g) {
			t.Fatalf("imported %s as %s", src.String(g), dst.String(h))
		}
		if j := (i * 7) % len(gs); dst.leq(h, dst.importGame(src, gs[j])) != src.leq(g, gs[j]) {
			t.Fatalf("comparison of %s and %s changed by importing", src.String(g), src.String(gs[j]))
		}
	}
}
