package heap

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
)

// refDetect is the plain definition detect must agree with: for every p
// with 2p ≤ n, the difference s = G(n−1) − G(n−1−p) (0 for ordinary
// periods, positive for arithmetic ones), the preperiod a(p) one past the
// last i with G(i+p) − G(i) ≠ s, kept when n − a(p) ≥ 2p; the least
// a(p) + p, then the least p. O(n²): every p scans every value.
func refDetect(g []uint32, arith bool) candidate {
	n := len(g)
	var best candidate
	for p := 1; 2*p <= n; p++ {
		s := int64(g[n-1]) - int64(g[n-1-p])
		if arith && s <= 0 || !arith && s != 0 {
			continue
		}
		a := 0
		for i := 0; i+p < n; i++ {
			if int64(g[i+p])-int64(g[i]) != s {
				a = i + 1
			}
		}
		if n-a < 2*p {
			continue
		}
		if !best.ok || a+p < best.a+best.p {
			best = candidate{ok: true, a: a, p: p, s: s}
		}
	}
	return best
}

// oldDetect is detect as it was before the incremental search (commit
// e7eddec), kept verbatim as a second witness on runs too long for
// refDetect.
func oldDetect[T unsigned](g []T, arith bool) candidate {
	n := len(g)
	var best candidate
	bestSum := n + 1
	for p := 1; 2*p <= n && p < bestSum; p++ {
		if best.ok && p%best.p == 0 && p <= n-1-best.a {
			continue
		}
		s := int64(g[n-1]) - int64(g[n-1-p])
		if arith && s <= 0 || !arith && s != 0 {
			continue
		}
		limit := min(n-2*p, bestSum-p-1)
		if limit < 0 {
			continue
		}
		i := n - 1 - p
		for i >= limit && int64(g[i+p])-int64(g[i]) == s {
			i--
		}
		if i >= limit {
			continue
		}
		for i >= 0 && int64(g[i+p])-int64(g[i]) == s {
			i--
		}
		a := i + 1
		best = candidate{ok: true, a: a, p: p, s: s}
		bestSum = a + p
	}
	return best
}

// randomGame is a random finite octal, hexadecimal or subtraction code.
func randomGame(rng *rand.Rand) string {
	switch rng.IntN(4) {
	case 0:
		return randomHex(rng, 1+rng.IntN(2))
	case 1:
		return fmt.Sprintf("subtract:%d,%d,%d", 1+rng.IntN(9), 1+rng.IntN(9), 1+rng.IntN(9))
	}
	return randomOctal(rng, 1+rng.IntN(4))
}

// TestDetectAgainstReference: detect gives the periods and preperiods of
// the plain definition (and of the old detect) on every prefix length of
// random games' values, ordinary and arithmetic, and on random sequences
// built periodic with a random prefix.
func TestDetectAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 1))
	check := func(name string, xs []uint32) {
		t.Helper()
		for _, arith := range []bool{false, true} {
			got := detect(xs, arith)
			if want := refDetect(xs, arith); got != want {
				t.Fatalf("%s, %d values, arith %v: detect %+v, definition %+v", name, len(xs), arith, got, want)
			}
			if old := oldDetect(xs, arith); got != old {
				t.Fatalf("%s, %d values, arith %v: detect %+v, old detect %+v", name, len(xs), arith, got, old)
			}
		}
	}
	for range 150 {
		spec := randomGame(rng)
		r, _ := Parse(spec)
		long := 400
		if r.MaxHeaps() == 3 {
			long = 150
		}
		all := compute(t, spec, long, Sparse).Uint64sAs32()
		for n := 1; n <= long; n += 1 + rng.IntN(7) {
			check(spec, all[:n])
		}
	}
	for range 300 {
		p, a := 1+rng.IntN(12), rng.IntN(30)
		s := uint32(rng.IntN(2) * rng.IntN(3))
		pattern := make([]uint32, p)
		for i := range pattern {
			pattern[i] = uint32(rng.IntN(3))
		}
		xs := make([]uint32, 0, 200)
		for i := range a {
			xs = append(xs, uint32(rng.IntN(3))+uint32(i)*s)
		}
		for i := 0; len(xs) < 40+rng.IntN(160); i++ {
			xs = append(xs, pattern[i%p]+uint32(i/p)*s*uint32(p))
		}
		check("synthetic", xs)
	}
	check("lasker", compute(t, "lasker", 300, Sparse).Uint64sAs32())
	// Nearly periodic long before the preperiod, as 0.376's values are:
	// a pattern with sparse values off it, where the multiples of the
	// period jump through the list of those values (offPattern), listed
	// whole or only the highest few.
	defer func(m int) { offPatternMax = m }(offPatternMax)
	jumped := 0
	for round := range 600 {
		offPatternMax = []int{1 << 16, 1, 3}[round%3]
		p := 1 + rng.IntN(6)
		pattern := make([]uint32, p)
		for i := range pattern {
			pattern[i] = uint32(rng.IntN(3))
		}
		n := 30 + rng.IntN(300)
		xs := make([]uint32, n)
		odd := 1 + rng.IntN(12)
		for i := range xs {
			xs[i] = pattern[i%p]
			if rng.IntN(n) < odd && i < n-2*p {
				xs[i] = uint32(rng.IntN(4))
			}
		}
		var o offPattern
		if c := refDetect(xs, false); c.ok {
			listOffPattern(&o, xs, c.a, c.p)
			if len(o.at) > 0 {
				jumped++
			}
		}
		check("nearly periodic", xs)
	}
	if jumped < 300 {
		t.Fatalf("only %d of the nearly periodic sequences have values off their pattern", jumped)
	}
}

// TestPeriodFillIdentical: the run loop's incremental period search
// (periodWatch) fills in values only from a proven period, so a run with
// UsePeriod gives the same values, byte for byte, as a run that computes
// every one, and the same FindPeriod; and it searches (detect) only a few
// times, never again while a candidate holds.
func TestPeriodFillIdentical(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 2))
	filled := 0
	for range 80 {
		spec := randomGame(rng)
		r, _ := Parse(spec)
		n := 3000
		if r.MaxHeaps() == 3 {
			n = 400
		}
		every := compute(t, spec, n, Sparse)
		fast, err := Compute(context.Background(), r, n, Options{UsePeriod: true})
		if err != nil {
			t.Fatal(err)
		}
		if fast.Width() != every.Width() {
			t.Fatalf("%s: width %d with the period, %d without", spec, fast.Width(), every.Width())
		}
		for i := range n {
			if fast.At(i) != every.At(i) {
				t.Fatalf("%s: G(%d) = %d with the period fill, %d computed", spec, i, fast.At(i), every.At(i))
			}
		}
		if p, q := FindPeriod(fast, r), FindPeriod(every, r); p != q {
			t.Fatalf("%s: FindPeriod %+v with the period fill, %+v computed", spec, p, q)
		}
		if FindPeriod(every, r).Proven {
			filled++
		}
	}
	if filled < 30 {
		t.Fatalf("only %d periods proven: the test fills too little", filled)
	}
}

// TestWatchSearchesOnce: once the candidate period of Kayles (12 from 71)
// shows, the watch extends it up to its proof bound (Guy–Smith: 2·(71+12)+2
// = 168 values) without another search, and the proof comes at the bound
// itself.
func TestWatchSearchesOnce(t *testing.T) {
	r, _ := Parse("kayles")
	all := compute(t, "kayles", 400, Sparse)
	g := make([]uint8, 0, 400)
	var w periodWatch
	next, found := 64, -1
	for n := range 400 {
		if n == next {
			proven, nx := watchCheck(&w, g, r)
			if w.ok && w.a == 71 && w.p == 12 && found < 0 {
				found = w.searches
			}
			if proven {
				if n != 168 || w.a != 71 || w.p != 12 {
					t.Fatalf("proven at %d: %+v, want 12 from 71 at 168", n, w)
				}
				if w.searches != found {
					t.Fatalf("%d searches after the candidate showed", w.searches-found)
				}
				return
			}
			next = nx
		}
		g = append(g, uint8(all.At(n)))
	}
	t.Fatal("never proven")
}

// TestDetectHint: detect told that the values are periodic from b with
// period q (any true such pair, not only the least) gives the answer of
// the plain definition, on random games whose period was proven and on
// sequences built periodic.
func TestDetectHint(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 3))
	check := func(name string, xs []uint32, b, q int) {
		t.Helper()
		for i := b; i+q < len(xs); i++ {
			if xs[i+q] != xs[i] {
				t.Fatalf("%s: bad hint %d from %d", name, q, b)
			}
		}
		got := detectHint(xs, false, tailHint{b, q})
		if want := refDetect(xs, false); got != want {
			t.Fatalf("%s, %d values, hint %d from %d: detect %+v, definition %+v", name, len(xs), q, b, got, want)
		}
	}
	hinted := 0
	for range 150 {
		spec := randomGame(rng)
		r, _ := Parse(spec)
		long := 600
		if r.MaxHeaps() == 3 {
			long = 200
		}
		all := compute(t, spec, long, Sparse).Uint64sAs32()
		p := FindPeriod(FromSlice(all), r)
		if !p.Proven {
			continue
		}
		hinted++
		for n := p.Preperiod + p.Period + 1; n <= long; n += 1 + rng.IntN(13) {
			// The least pair, a multiple of the period, and a later start.
			check(spec, all[:n], p.Preperiod, p.Period)
			if k := 1 + rng.IntN(3); p.Preperiod+k*p.Period < n {
				check(spec, all[:n], p.Preperiod+rng.IntN(p.Period), k*p.Period)
			}
		}
	}
	if hinted < 40 {
		t.Fatalf("only %d proven periods", hinted)
	}
	for range 300 {
		q, b := 1+rng.IntN(12), rng.IntN(30)
		xs := make([]uint32, 0, 200)
		for range b {
			xs = append(xs, uint32(rng.IntN(3)))
		}
		pattern := make([]uint32, q)
		for i := range pattern {
			pattern[i] = uint32(rng.IntN(3))
		}
		for i := 0; len(xs) < b+q+1+rng.IntN(150); i++ {
			xs = append(xs, pattern[i%q])
		}
		check("synthetic", xs, b, q)
	}
}
