package reports_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	_ "github.com/grundy-go/grundy/catalog/builtin"
	"github.com/grundy-go/grundy/catalog/reports"
	"github.com/grundy-go/grundy/pattern"
)

func patternsOf(t *testing.T, spec string, upto int) *reports.PatternReport {
	t.Helper()
	inst, err := catalog.Lookup(spec)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := reports.Patterns(context.Background(), inst, upto, catalog.Options{})
	if err != nil {
		t.Fatalf("%s: %v", spec, err)
	}
	return rep
}

func first(rep *reports.PatternReport, kind, of string) *pattern.Pattern {
	for _, p := range rep.Patterns {
		if p.Kind == kind && p.Of == of {
			return p
		}
	}
	return nil
}

func describe(rep *reports.PatternReport) string {
	var b strings.Builder
	for _, p := range rep.Patterns {
		fmt.Fprintf(&b, "%s %s: %s (proven %v)\n", p.Kind, p.Of, p.Formula, p.Proven)
	}
	return b.String()
}

// values computes G(0..n-1) of spec with the heap engine, for checking
// patterns further than they were found.
func values(t *testing.T, spec string, n int) []int64 {
	t.Helper()
	rep, err := reports.Sequence(context.Background(), spec, n, reports.SeqOptions{NoPeriodFill: true})
	if err != nil {
		t.Fatal(err)
	}
	out := make([]int64, n)
	for i := range out {
		out[i] = int64(rep.Values.At(i))
	}
	return out
}

// checkFurther: a proven pattern must hold on values computed 4 times
// further; an unproven one must fit every value it was found in.
func checkFurther(t *testing.T, spec string, rep *reports.PatternReport) {
	t.Helper()
	found := values(t, spec, rep.CheckedUpto)
	further := values(t, spec, 4*rep.CheckedUpto)
	for _, p := range rep.Patterns {
		if n := p.MismatchSeq(found); n >= 0 {
			t.Errorf("%s: %s fails at n = %d of the values it was found in", spec, p.Formula, n)
		}
		if n := p.MismatchSeq(further); p.Proven && n >= 0 {
			t.Errorf("%s: proven %s fails at n = %d", spec, p.Formula, n)
		}
	}
}

// Published periods: Kayles has period 12 from n = 71 (Guy and Smith
// 1956; Winning Ways ch. 4), Dawson's chess (0.137) period 34 from 52
// (Winning Ways ch. 4: Dawson's Kayles 0.07 from 51, shifted by one
// heap), S-Nim {1,3,4} period 7: 0 1 0 1 2 3 2 (Winning Ways ch. 4).
func TestPatternPublishedPeriods(t *testing.T) {
	for _, tc := range []struct {
		spec           string
		upto, pre, per int
	}{
		{"kayles", 200, 71, 12},
		{"kayles", 1000, 71, 12},
		{"dawson", 1000, 52, 34},
		{"subtract:1,3,4", 100, 0, 7},
		{"subtract:2,5,6", 300, 0, 11},
	} {
		rep := patternsOf(t, tc.spec, tc.upto)
		p := first(rep, pattern.Periodic, pattern.OfValues)
		if p == nil || rep.Patterns[0] != p {
			t.Fatalf("%s: the best pattern is not the period:\n%s", tc.spec, describe(rep))
		}
		if p.Field("preperiod") != tc.pre || p.Field("period") != tc.per || !p.Proven || p.CheckedUpto != tc.upto {
			t.Errorf("%s: %s, proven %v, checked %d; want period %d from %d, proven", tc.spec, p.Formula, p.Proven, p.CheckedUpto, tc.per, tc.pre)
		}
		checkFurther(t, tc.spec, rep)
	}
	// On 150 values Kayles' period is not shown yet (the proof needs 168).
	rep := patternsOf(t, "kayles", 150)
	if p := first(rep, pattern.Periodic, pattern.OfValues); p != nil && p.Proven {
		t.Errorf("kayles on 150 values: proven %s", p.Formula)
	}
}

// plainValues is G(0..n-1) of the subtraction game s by the textbook
// loop.
func plainValues(s []int, n int) []int64 {
	g := make([]int64, n)
	for i := range g {
		seen := map[int64]bool{}
		for _, k := range s {
			if k <= i {
				seen[g[i-k]] = true
			}
		}
		for seen[g[i]] {
			g[i]++
		}
	}
	return g
}

// plainPeriod is the least period p of g's tail and the least preperiod
// a with it, by trying every p: the least p that holds over the second
// half of g (values of a game whose period and preperiod are well within
// half of g: subtraction sets of at most 9 have periods of at most a few
// dozen).
func plainPeriod(g []int64) (a, p int) {
	n := len(g)
	for p := 1; p <= n/3; p++ {
		i := n - 1 - p
		for i >= 0 && g[i] == g[i+p] {
			i--
		}
		if a := i + 1; a < n/2 {
			return a, p
		}
	}
	return -1, -1
}

// Random subtraction sets: the period reported is the period of a plain
// computation, and proven; proven patterns hold 4 times further.
func TestPatternRandomSubtractionSets(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 32))
	for range 40 {
		var s []int
		for k := 1; k <= 9; k++ {
			if r.IntN(3) == 0 {
				s = append(s, k)
			}
		}
		if len(s) == 0 {
			s = []int{1 + r.IntN(9)}
		}
		spec := "subtract:" + strings.Trim(strings.Join(strings.Fields(fmt.Sprint(s)), ","), "[]")
		rep := patternsOf(t, spec, 1000)
		wantA, wantP := plainPeriod(plainValues(s, 4000))
		p := first(rep, pattern.Periodic, pattern.OfValues)
		if p == nil {
			// A simpler rule (n mod m) may stand for the period; it must
			// then be proven through it and be that period.
			if m := first(rep, pattern.Residue, pattern.OfValues); m == nil || !m.Proven || m.Field("modulus") != wantP || wantA != 0 {
				t.Fatalf("%s: no period; want %d from %d:\n%s", spec, wantP, wantA, describe(rep))
			}
			continue
		}
		if p.Field("period") != wantP || p.Field("preperiod") != wantA || !p.Proven {
			t.Errorf("%s: %s (proven %v); a plain computation has period %d from %d", spec, p.Formula, p.Proven, wantP, wantA)
		}
		checkFurther(t, spec, rep)
	}
}

// Fibonacci Nim: the P-positions are the Fibonacci numbers (Whinihan,
// Fibonacci Nim, Fibonacci Quarterly 1 (1963)); the game has no table,
// so its positions are solved one by one, with their Sprague–Grundy
// values (tabulated row by row by games/fibnim).
func TestPatternFibonacciNim(t *testing.T) {
	rep := patternsOf(t, "fibonacci-nim", 300)
	if !rep.ValuesKnown || rep.Grid {
		t.Errorf("values known %v grid %v", rep.ValuesKnown, rep.Grid)
	}
	if len(rep.Patterns) == 0 || rep.Patterns[0].Kind != pattern.Zeckendorf || rep.Patterns[0].Of != pattern.OfP {
		t.Fatalf("fibonacci-nim:\n%s", describe(rep))
	}
}

// Wythoff: the P-positions are the Beatty pairs (⌊kφ⌋, ⌊kφ²⌋) (Wythoff
// 1907), here found on the searched grid of values.
func TestPatternWythoff(t *testing.T) {
	rep := patternsOf(t, "wythoff", 0)
	if rep.CheckedUpto != reports.DefaultPatternGrid || !rep.Grid || !rep.ValuesKnown {
		t.Fatalf("report %+v", rep)
	}
	p := first(rep, pattern.Beatty, pattern.OfP)
	if p == nil || p.Field("difference") != int64(1) {
		t.Fatalf("wythoff:\n%s", describe(rep))
	}
	if a := p.Field("alpha").(float64); a < 1.6180339887 || a > 1.6180339888 {
		t.Errorf("alpha %v", a)
	}
	// The closed form's grid of 1024: the pairs predicted are the pairs.
	inst, _ := catalog.Lookup("wythoff")
	tab, err := inst.(catalog.Tabler).Table(context.Background(), 1024, catalog.Options{Method: catalog.ClosedForm})
	if err != nil {
		t.Fatal(err)
	}
	if a, b, bad := p.MismatchGrid(tab.Grid); bad {
		t.Errorf("wrong at (%d, %d) of the 1024 grid", a, b)
	}
}

// Nim: G(n) = n, the best and only pattern of the values.
func TestPatternNim(t *testing.T) {
	rep := patternsOf(t, "nim", 64)
	if len(rep.Patterns) == 0 || rep.Patterns[0].Formula != "G(n) = n" {
		t.Fatalf("nim:\n%s", describe(rep))
	}
}

func TestPatternErrors(t *testing.T) {
	for _, tc := range []struct{ spec, want string }{
		{"domineering", "has no values to tabulate"},
		{"tictactoe", "has no values to tabulate"},
	} {
		inst, err := catalog.Lookup(tc.spec)
		if err != nil {
			t.Fatal(err)
		}
		_, err = reports.Patterns(context.Background(), inst, 20, catalog.Options{})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.spec, err, tc.want)
		}
	}
	inst, _ := catalog.Lookup("kayles")
	if _, err := reports.Patterns(context.Background(), inst, reports.MaxPatternUpto+1, catalog.Options{}); err == nil {
		t.Error("no error past the bound")
	}
}

// TestPatternTimeBudget: without --upto, a game whose values are slow to
// compute (Mock Turtles as a script: n³/6 moves for n values) is reported
// on the values computed within DefaultPatternTime, and says so; the
// pattern found is the published one (Winning Ways ch. 14).
func TestPatternTimeBudget(t *testing.T) {
	inst, err := catalog.Lookup("../../examples/mock.star")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := reports.Patterns(context.Background(), inst, 0, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.BudgetReached || rep.CheckedUpto < 64 || rep.CheckedUpto >= reports.DefaultPatternUpto {
		t.Fatalf("budget reached %v after %d values; want it reached after 64 to %d", rep.BudgetReached, rep.CheckedUpto, reports.DefaultPatternUpto)
	}
	if p := first(rep, pattern.Binary, pattern.OfValues); p == nil || !strings.Contains(p.Rule, "odious") {
		t.Fatalf("mock.star:\n%s", describe(rep))
	}
	// With a number asked for, exactly that many.
	rep, err = reports.Patterns(context.Background(), inst, 40, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.BudgetReached || rep.CheckedUpto != 40 {
		t.Fatalf("--upto 40: budget reached %v, %d values", rep.BudgetReached, rep.CheckedUpto)
	}
}
