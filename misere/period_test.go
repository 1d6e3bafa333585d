package misere

import (
	"slices"
	"testing"

	"github.com/grundy-go/grundy/heap"
)

func prove(t *testing.T, spec string, q *Quotient) *Period {
	t.Helper()
	r, err := heap.Parse(spec)
	if err != nil {
		t.Fatal(err)
	}
	return q.ProvePeriod(r)
}

// TestPeriodProven: the periodicity test proves the quotients of 0.75
// (R8, Plambeck 2005; Plambeck–Siegel 2008's table), 0.31 and subtraction
// games from the heaps up to N, with the least period and preperiod; and
// the proof is checked, not trusted: every sum of two or three heaps of
// sizes up to 25 or 31, many of them past N, answered from the period,
// agrees with the witness's search of the sum.
func TestPeriodProven(t *testing.T) {
	for _, c := range []struct {
		spec                     string
		upto, order, pre, period int
		sumsUpto, parts          int // the sums checked against the witness
	}{
		{"octal:0.75", 20, 8, 8, 2, 25, 2},
		{"octal:0.31", 8, 6, 3, 2, 20, 2},
		{"subtract:1,2", 6, 6, 1, 3, 31, 3},
		{"subtract:1,3,4", 12, 6, 1, 7, 31, 3},
	} {
		q := compute(t, c.spec, c.upto)
		p := prove(t, c.spec, q)
		if p == nil {
			t.Fatalf("%s up to %d: no period proven", c.spec, c.upto)
		}
		if q.Order() != c.order || p.Preperiod != c.pre || p.Period != c.period || p.NeedsUpto > c.upto {
			t.Errorf("%s up to %d: order %d, period %+v; want order %d, preperiod %d, period %d", c.spec, c.upto, q.Order(), *p, c.order, c.pre, c.period)
		}
		checkSums(t, c.spec, q, c.sumsUpto, c.parts)
		// A larger N finds the same quotient and the same heap map.
		big := compute(t, c.spec, 31)
		if big.Order() != q.Order() {
			t.Errorf("%s: order %d up to %d, %d up to 31", c.spec, q.Order(), c.upto, big.Order())
		}
		for n := 0; n <= 31; n++ {
			if q.Name(q.Heap(n)) != big.Name(big.Heap(n)) {
				t.Errorf("%s heap %d: %s from the period, %s computed", c.spec, n, q.Name(q.Heap(n)), big.Name(big.Heap(n)))
			}
		}
	}
}

// TestPeriodNotProven: too few heaps to prove what they show, and rules
// that are not finite codes, prove nothing; a quotient without a period
// still refuses heaps past N.
func TestPeriodNotProven(t *testing.T) {
	for _, c := range []struct {
		spec string
		upto int
	}{
		{"octal:0.75", 12}, // the period 2 from 8 needs heaps up to 20
		{"nim", 12},
		{"lasker", 10},
	} {
		q := compute(t, c.spec, c.upto)
		if p := prove(t, c.spec, q); p != nil {
			t.Errorf("%s up to %d: period %+v proven", c.spec, c.upto, *p)
		}
		if _, err := q.Element([]int{c.upto + 1}); err == nil {
			t.Errorf("%s up to %d: heap %d answered without a period", c.spec, c.upto, c.upto+1)
		}
	}
}

// needsUpto against its definition: the least N with ⌈(N+1−k)/h⌉ ≥ n0+p.
func TestNeedsUpto(t *testing.T) {
	for h := 1; h <= 3; h++ {
		for k := 0; k <= 5; k++ {
			for np := 1; np <= 12; np++ {
				least := -1
				for n := 0; least < 0; n++ {
					if (n+1-k+h-1)/h >= np && n+1-k >= 0 {
						least = n
					}
				}
				if got := needsUpto(np-1, 1, k, h); got != least {
					t.Errorf("h=%d k=%d n0+p=%d: needsUpto %d, want %d", h, k, np, got, least)
				}
			}
		}
	}
}

// TestKaylesPast24: past heap 24 Kayles' quotient grows again, at heaps
// 25 and 27, to order 40, and stays so to heap 100; Siegel's
// MisereSolver, built from CGSuite's source, gives the same ("java -cp
// classes org.cgsuite.core.misere.solver.Main 0.77 100": order 40, P 9,
// expansions 1, 2, 5, 9, 12, 25, 27; and at 200). Every sum of two heaps
// up to 27 is checked against search.
func TestKaylesPast24(t *testing.T) {
	for _, upto := range []int{27, 100} {
		q := compute(t, "kayles", upto)
		if q.Order() != 40 || len(q.PPortion()) != 9 || !slices.Equal(q.Expansions, []int{1, 2, 5, 9, 12, 25, 27}) {
			t.Errorf("kayles up to %d: order %d, |P| %d, expansions %v; want 40, 9, [1 2 5 9 12 25 27]", upto, q.Order(), len(q.PPortion()), q.Expansions)
		}
		if upto == 27 {
			checkSums(t, "kayles", q, 27, 2)
		}
	}
	// From heaps up to 166 the periodicity test proves it for every heap:
	// heap n+12 has heap n's element from heap 71 on (Kayles' nim-sequence
	// has period 12 from heap 71 too; Guy and Smith).
	q := compute(t, "kayles", 166)
	r, _ := heap.Parse("kayles")
	if p := q.ProvePeriod(r); p == nil || *p != (Period{Preperiod: 71, Period: 12, NeedsUpto: 166}) || q.Order() != 40 {
		t.Errorf("kayles up to 166: order %d, period %+v; want 40, period 12 from 71", q.Order(), p)
	}
}

// TestAgreesWithMisereSolver: order, P-portion size and the heaps where
// the quotient grew, against Siegel's MisereSolver (built from CGSuite's
// source, BENCHMARKS.md: "java … Main CODE N" prints them) on the games
// of Plambeck and Siegel's tables that both reach in a second.
func TestAgreesWithMisereSolver(t *testing.T) {
	for _, c := range []struct {
		spec            string
		upto, order, nP int
		expansions      []int
	}{
		{"octal:0.75", 20, 8, 2, []int{1, 2, 5}},
		{"kayles", 24, 24, 8, []int{1, 2, 5, 9, 12}},
		{"dawson", 20, 24, 5, []int{1, 3, 9, 13}},
		{"octal:0.07", 20, 24, 5, []int{2, 4, 10, 14}},
		// "Main 0.137 30" and "Main 0.07 30"; Siegel gives the order
		// of 0.07's, 360, in "Some MisereSolver questions answered"
		// (miseregames.wordpress.com, 28 Aug 2007).
		{"dawson", 30, 520, 89, []int{1, 3, 9, 13, 24, 26, 29, 30}},
		{"octal:0.07", 30, 360, 65, []int{2, 4, 10, 14, 25, 27, 30}},
	} {
		q := compute(t, c.spec, c.upto)
		if q.Order() != c.order || len(q.PPortion()) != c.nP || !slices.Equal(q.Expansions, c.expansions) {
			t.Errorf("%s up to %d: order %d, |P| %d, expansions %v; MisereSolver: %d, %d, %v", c.spec, c.upto, q.Order(), len(q.PPortion()), q.Expansions, c.order, c.nP, c.expansions)
		}
	}
}
