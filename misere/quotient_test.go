package misere

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/heap"
)

// witness decides misère outcomes of sums of heaps by the definition
// alone (a sum is a P-position iff it is not empty and no move leaves a
// P-position), on counts of heaps by size: the second witness of every
// quotient.
type witness struct {
	opts [][][]int
	memo map[[32]uint8]bool
}

func newWitness(rule Rule, upto int) *witness {
	w := &witness{opts: make([][][]int, upto+1), memo: map[[32]uint8]bool{}}
	for n := 1; n <= upto; n++ {
		rule.EachOption(n, func(parts []int) bool {
			w.opts[n] = append(w.opts[n], slices.Clone(parts))
			return true
		})
	}
	return w
}

// isP reports whether the sum with c[h] heaps of h is a P-position.
func (w *witness) isP(c [32]uint8) bool {
	c[0] = 0
	if v, ok := w.memo[c]; ok {
		return v
	}
	empty, p := true, true
	for h := 1; h < len(w.opts) && p; h++ {
		if c[h] == 0 || len(w.opts[h]) == 0 {
			continue
		}
		empty = false
		for _, o := range w.opts[h] {
			d := c
			d[h]--
			for _, x := range o {
				d[x]++
			}
			if w.isP(d) {
				p = false
				break
			}
		}
	}
	v := p && !empty
	w.memo[c] = v
	return v
}

func compute(t *testing.T, spec string, upto int) *Quotient {
	t.Helper()
	r, err := heap.Parse(spec)
	if err != nil {
		t.Fatal(err)
	}
	q, err := Compute(context.Background(), r, upto, Limits{})
	if err != nil {
		t.Fatalf("%s up to %d: %v", spec, upto, err)
	}
	return q
}

// checkSums compares the quotient's outcome with the witness's on every
// sum of at most parts heaps of sizes 1..upto.
func checkSums(t *testing.T, spec string, q *Quotient, upto, parts int) {
	t.Helper()
	r, _ := heap.Parse(spec)
	w := newWitness(r, upto)
	var rec func(from, left int, heaps []int)
	checked := 0
	rec = func(from, left int, heaps []int) {
		var c [32]uint8
		for _, h := range heaps {
			c[h]++
		}
		x, err := q.Element(heaps)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := q.IsP(x), w.isP(c); got != want {
			t.Fatalf("%s %v: the quotient says P=%v (element %s), the search P=%v", spec, heaps, got, q.Name(x), want)
		}
		checked++
		if left == 0 {
			return
		}
		for h := from; h <= upto; h++ {
			rec(h, left-1, append(heaps, h))
		}
	}
	rec(1, parts, nil)
	t.Logf("%s: %d sums checked, order %d", spec, checked, q.Order())
}

// TestQuotientAgainstSearch: the quotient's outcome of every sum of up
// to four heaps of sizes 1..15 (3,875 sums a game) against the witness's
// search of the sum, for Kayles, Dawson's chess, 0.75, 0.15, 0.137, three
// subtraction games and Nim (heaps up to 10 with -short). 0.77 is Kayles
// by another name: its quotient must be Kayles', heap by heap.
func TestQuotientAgainstSearch(t *testing.T) {
	upto, parts := 15, 4
	if testing.Short() {
		upto = 10
	}
	for _, spec := range []string{"kayles", "dawson", "octal:0.75", "subtract:1,2", "subtract:2,3", "subtract:1,3,4", "nim", "octal:0.15", "octal:0.137"} {
		t.Run(spec, func(t *testing.T) {
			q := compute(t, spec, upto)
			checkSums(t, spec, q, upto, parts)
		})
	}
	k, o := compute(t, "kayles", upto), compute(t, "octal:0.77", upto)
	if k.Order() != o.Order() || !slices.Equal(k.Relations(), o.Relations()) || !slices.Equal(names(k, k.PPortion()), names(o, o.PPortion())) {
		t.Errorf("0.77 up to %d: order %d, relations %v; Kayles: %d, %v", upto, o.Order(), o.Relations(), k.Order(), k.Relations())
	}
	for n := 0; n <= upto; n++ {
		if k.Name(k.Heap(n)) != o.Name(o.Heap(n)) {
			t.Errorf("0.77 heap %d: %s, Kayles' %s", n, o.Name(o.Heap(n)), k.Name(k.Heap(n)))
		}
	}
}

func names(q *Quotient, xs []int) []string {
	var out []string
	for _, x := range xs {
		out = append(out, q.Name(x))
	}
	slices.Sort(out)
	return out
}

// TestPublished0_75: the misère quotient of 0.75 is R8 = <a, b, c | a^2 =
// 1, b^3 = b, bc = ab, c^2 = b^2>, P-portion {a, b^2}, the quotient of
// order 8 (Plambeck, "Taming the wild in impartial combinatorial games",
// Integers 5 (2005) #G05, §5; Siegel, "The structure and classification of
// misère quotients", 2007, shows it is the only quotient of order 8). It
// is reached at heap 5 and stays for larger heaps.
func TestPublished0_75(t *testing.T) {
	for _, upto := range []int{5, 12, 30} {
		q := compute(t, "octal:0.75", upto)
		if q.Order() != 8 {
			t.Fatalf("0.75 up to %d: order %d, want 8", upto, q.Order())
		}
		rel := slices.Clone(q.Relations())
		slices.Sort(rel)
		if want := []string{"a^2=1", "b^3=b", "bc=ab", "c^2=b^2"}; !slices.Equal(rel, want) {
			t.Errorf("0.75 up to %d: relations %v, want %v", upto, rel, want)
		}
		if got := names(q, q.PPortion()); !slices.Equal(got, []string{"a", "b^2"}) {
			t.Errorf("0.75 up to %d: P-portion %v, want [a b^2]", upto, got)
		}
		if !slices.Equal(q.Generators, []int{1, 2, 5}) {
			t.Errorf("0.75 up to %d: generators are heaps %v, want [1 2 5]", upto, q.Generators)
		}
	}
}

// TestMisereNim: the quotient of Nim on heaps up to 2^k - 1 has order 2 +
// 2^k (k >= 1): the sums of heaps of 1 only (nim-sums 0 and 1, P-portion
// the odd counts, a^2 = 1) and the sums with a larger heap (any nim-sum,
// P-portion nim-sum 0) — Bouton's misère rule (Winning Ways ch. 13).
// Heaps up to 1: <a | a^2 = 1>, P {a}; up to 3: the tame quotient T2 =
// <a, b | a^2 = 1, b^3 = b>, P {a, b^2}, of order 6.
func TestMisereNim(t *testing.T) {
	// Heaps up to 1 are heaps of 1 only: order 2.
	for k, want := range map[int]int{1: 2, 2: 6, 3: 10, 4: 18} {
		q := compute(t, "nim", 1<<k-1)
		if q.Order() != want {
			t.Errorf("nim up to %d: order %d, want %d", 1<<k-1, q.Order(), want)
		}
	}
	q := compute(t, "nim", 3)
	rel := slices.Clone(q.Relations())
	slices.Sort(rel)
	if !slices.Equal(rel, []string{"a^2=1", "b^3=b"}) || !slices.Equal(names(q, q.PPortion()), []string{"a", "b^2"}) {
		t.Errorf("nim up to 3: relations %v, P %v; want T2", rel, names(q, q.PPortion()))
	}
	// Bouton's rule on every sum of up to 6 heaps of at most 7.
	q = compute(t, "nim", 7)
	var rec func(from int, heaps []int)
	rec = func(from int, heaps []int) {
		x, _ := q.Element(heaps)
		nimSum, big := 0, false
		for _, h := range heaps {
			nimSum ^= h
			big = big || h > 1
		}
		want := nimSum == 0
		if !big {
			want = nimSum == 1
		}
		if q.IsP(x) != want {
			t.Fatalf("nim %v: quotient P=%v, Bouton P=%v", heaps, q.IsP(x), want)
		}
		if len(heaps) == 6 {
			return
		}
		for h := from; h <= 7; h++ {
			rec(h, append(heaps, h))
		}
	}
	rec(1, nil)
}

func TestBadInput(t *testing.T) {
	r, _ := heap.Parse("kayles")
	if _, err := Compute(context.Background(), r, -1, Limits{}); err == nil {
		t.Error("upto -1 accepted")
	}
	q := compute(t, "kayles", 5)
	if _, err := q.Element([]int{6}); err == nil {
		t.Error("heap 6 accepted by the quotient up to 5")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Compute(ctx, r, 20, Limits{}); err == nil {
		t.Error("a cancelled context was not noticed")
	}
	if _, err := Compute(context.Background(), r, 20, Limits{MaxStates: 10}); err == nil {
		t.Error("MaxStates 10 was not enforced")
	}
}

// TestQuotientRandomCodes: the quotients of random octal codes (two or
// three digits) against search on every sum of up to three heaps of at
// most 10, where the recalibration's paths differ from game to game.
func TestQuotientRandomCodes(t *testing.T) {
	rng := rand.New(rand.NewPCG(20, 3))
	checked := 0
	for range 60 {
		digits := 2 + rng.IntN(2)
		spec := "octal:0."
		for i := range digits {
			d := rng.IntN(8)
			if i == digits-1 && d == 0 {
				d = 1 + rng.IntN(7)
			}
			spec += strconv.Itoa(d)
		}
		r, err := heap.Parse(spec)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(t.Context(), 2*time.Second)
		q, err := Compute(ctx, r, 10, Limits{MaxStates: 200_000})
		cancel()
		if err != nil {
			t.Logf("%s: %v", spec, err)
			continue
		}
		checkSums(t, spec, q, 10, 3)
		checked++
	}
	if checked < 50 {
		t.Errorf("only %d of 60 random codes computed", checked)
	}
}

// TestQuotientHoldsItsTables: the quotient the search holds stays
// charged to the memory budget while the search runs (at each heap, at
// least 4 bytes per pair of its elements, the table's size), and every
// byte charged is given back when Compute returns, done or stopped by
// the budget. (The search used to give back a table's charge when the
// table was built, so what it kept was outside the budget.)
func TestQuotientHoldsItsTables(t *testing.T) {
	for _, spec := range []string{"kayles", "octal:0.75", "octal:0.77", "dawson"} {
		r, err := heap.Parse(spec)
		if err != nil {
			t.Fatal(err)
		}
		const upto = 24
		mem := budget.NewBytes(1 << 30)
		used := make([]int64, upto+1)
		q, err := Compute(context.Background(), r, upto, Limits{Memory: mem, Progress: func(n int) { used[n] = mem.Used() }})
		if err != nil {
			t.Fatal(err)
		}
		if mem.Used() != 0 {
			t.Errorf("%s: %d bytes still charged after Compute", spec, mem.Used())
		}
		checked := 0
		for n := 1; n <= upto; n++ {
			qn, err := Compute(context.Background(), r, n, Limits{})
			if err != nil {
				t.Fatal(err)
			}
			if k := int64(qn.Order()); k > 1 {
				checked++
				if used[n] < 4*k*k {
					t.Errorf("%s: at heap %d the quotient has %d elements (a table of %d bytes), %d bytes charged", spec, n, k, 4*k*k, used[n])
				}
			}
		}
		if checked < upto/2 {
			t.Errorf("%s: only %d heaps checked", spec, checked)
		}
		// Stopped by the budget, half of what the whole run held.
		var most int64
		for _, u := range used {
			most = max(most, u)
		}
		small := budget.NewBytes(most / 2)
		if _, err := Compute(context.Background(), r, upto, Limits{Memory: small}); !errors.Is(err, budget.ErrExceeded) {
			t.Errorf("%s: a budget of %d bytes: %v, want the budget exceeded", spec, most/2, err)
		}
		if small.Used() != 0 {
			t.Errorf("%s: %d bytes still charged after the budget stopped Compute", spec, small.Used())
		}
		if q.Order() < 2 {
			t.Errorf("%s: a quotient of order %d", spec, q.Order())
		}
	}
}
