package catalog

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
)

// Helpers shared by the tests of the classic games (wythoff, moore,
// staircase, lasker, circle, fibonacci-nim, multiply, paper): prefixed cf.

// cfSolve solves a position and fails the test on error.
func cfSolve(t *testing.T, spec string, method Method, tokens ...string) *Report {
	t.Helper()
	inst, err := Lookup(spec)
	if err != nil {
		t.Fatal(err)
	}
	r, err := inst.Solve(context.Background(), tokens, Options{Method: method})
	if err != nil {
		t.Fatalf("%s %q: %v", spec, tokens, err)
	}
	return r
}

// cfError returns the error of looking up spec and solving tokens, which
// must fail with one line that contains want.
func cfError(t *testing.T, spec string, want string, tokens ...string) {
	t.Helper()
	inst, err := Lookup(spec)
	if err == nil {
		_, err = inst.Solve(context.Background(), tokens, Options{})
	}
	if err == nil {
		t.Fatalf("%s %q: no error, want one containing %q", spec, tokens, want)
	}
	if !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "\n") {
		t.Fatalf("%s %q: error %q, want one line containing %q", spec, tokens, err, want)
	}
}

// cfCheck compares a report with an independent witness: the outcome, the
// Sprague–Grundy value when the witness has one (-1: the report must say
// null) and the winning moves as a set.
func cfCheck(t *testing.T, r *Report, wantOutcome string, wantGrundy int, wantMoves []string) {
	t.Helper()
	where := r.Game + " " + r.Position
	if r.Outcome != wantOutcome {
		t.Fatalf("%s: outcome %s, witness says %s", where, r.Outcome, wantOutcome)
	}
	switch {
	case wantGrundy < 0 && r.Grundy != nil:
		t.Fatalf("%s: grundy %s, want null", where, r.Grundy)
	case wantGrundy >= 0 && (r.Grundy == nil || !r.Grundy.IsInt64() || r.Grundy.Int64() != int64(wantGrundy)):
		t.Fatalf("%s: grundy %v, witness says %d", where, r.Grundy, wantGrundy)
	}
	if wantMoves == nil {
		return
	}
	got := slices.Sorted(slices.Values(r.WinningMoves))
	exp := slices.Sorted(slices.Values(wantMoves))
	if strings.Join(got, "|") != strings.Join(exp, "|") {
		t.Fatalf("%s: winning moves %q, witness says %q", where, got, exp)
	}
	if r.MovesIncomplete {
		t.Fatalf("%s: moves marked incomplete but the witness has all of them", where)
	}
}

// cfMex is the minimum excluded value.
func cfMex(vals map[int]bool) int {
	m := 0
	for vals[m] {
		m++
	}
	return m
}

// wythoffWitness computes Sprague–Grundy values of Wythoff's game by the
// literal rules, in a plain table.
func wythoffWitness(n int) [][]int {
	g := make([][]int, n)
	for a := range g {
		g[a] = make([]int, n)
		for b := range g[a] {
			seen := map[int]bool{}
			for k := 1; k <= a; k++ {
				seen[g[a-k][b]] = true
			}
			for k := 1; k <= b; k++ {
				seen[g[a][b-k]] = true
			}
			for k := 1; k <= a && k <= b; k++ {
				seen[g[a-k][b-k]] = true
			}
			g[a][b] = cfMex(seen)
		}
	}
	return g
}

func TestWythoffAgainstWitness(t *testing.T) {
	const n = 50
	g := wythoffWitness(n)
	rng := rand.New(rand.NewPCG(3, 3))
	for i := 0; i < 300; i++ {
		a, b := rng.IntN(n), rng.IntN(n)
		var moves []string
		for k := 1; k <= a; k++ {
			if g[a-k][b] == 0 {
				moves = append(moves, fmt.Sprintf("%d %d", a-k, b))
			}
		}
		for k := 1; k <= b; k++ {
			if g[a][b-k] == 0 {
				moves = append(moves, fmt.Sprintf("%d %d", a, b-k))
			}
		}
		for k := 1; k <= a && k <= b; k++ {
			if g[a-k][b-k] == 0 {
				moves = append(moves, fmt.Sprintf("%d %d", a-k, b-k))
			}
		}
		want := "N"
		if g[a][b] == 0 {
			want = "P"
		}
		pos := fmt.Sprintf("%d %d", a, b)
		for _, m := range []Method{Auto, Search} {
			r := cfSolve(t, "wythoff", m, pos)
			cfCheck(t, r, want, g[a][b], moves)
		}
	}
}

func TestWythoffHuge(t *testing.T) {
	r := cfSolve(t, "wythoff", Auto, "1618033988749894848204", "2618033988749894848204")
	cfCheck(t, r, "P", 0, []string{})
	r = cfSolve(t, "wythoff", Auto, "2618033988749894848204 1618033988749894848210")
	cfCheck(t, r, "N", -1, nil)
	if !slices.Contains(r.WinningMoves, "2618033988749894848204 1618033988749894848204") {
		t.Fatalf("winning moves %q miss the P-pair", r.WinningMoves)
	}
	if r.MovesIncomplete {
		t.Fatal("Wythoff's winning moves are always complete")
	}
}

func TestWythoffTable(t *testing.T) {
	inst, _ := Lookup("wythoff")
	tab, err := inst.(Tabler).Table(context.Background(), 30, Options{})
	if err != nil {
		t.Fatal(err)
	}
	g := wythoffWitness(30)
	for a := range g {
		for b := range g[a] {
			if tab.Grid[a][b] != int64(g[a][b]) {
				t.Fatalf("Grid[%d][%d] = %d, want %d", a, b, tab.Grid[a][b], g[a][b])
			}
		}
	}
	big, err := inst.(Tabler).Table(context.Background(), 400, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for a := range g {
		for b := range g[a] {
			if (big.Grid[a][b] == 0) != (g[a][b] == 0) {
				t.Fatalf("closed-form grid (%d, %d) = %d, want P=%v", a, b, big.Grid[a][b], g[a][b] == 0)
			}
		}
	}
}

func TestWythoffErrors(t *testing.T) {
	cfError(t, "wythoff", `unexpected third heap "5"`, "3", "4", "5")
	cfError(t, "wythoff", "expected 2 heap size values, got 1", "3")
	cfError(t, "wythoff", `bad heap size "x"`, "3", "x")
	cfError(t, "wythoff", `bad heap size "-1"`, "3", "-1")
	cfError(t, "wythoff:2", "takes no parameters", "3", "4")
}

// FuzzClassicPositions feeds arbitrary positions to the classic games:
// every answer is a report with an outcome, every failure one line, and
// nothing panics or hangs (searches are bounded by MaxStates).
func FuzzClassicPositions(f *testing.F) {
	specs := []string{"wythoff", "moore:2"}
	seeds := []struct {
		spec   string
		method uint8
		pos    string
	}{
		{"wythoff", 0, "3 5"}, {"wythoff", 2, "3 5"}, {"wythoff", 0, "3 4 5"}, {"wythoff", 0, "-1 2"}, {"wythoff", 0, "1618033988749894848204 2618033988749894848204"},
		{"moore:2", 0, "3 5 6"}, {"moore:2", 2, "1 2"}, {"moore:2", 0, "99999999999999999999 1"}, {"moore:2", 0, ""},
	}
	for _, s := range seeds {
		if i := slices.Index(specs, s.spec); i >= 0 {
			f.Add(uint8(i), s.method, s.pos)
		}
	}
	f.Fuzz(func(t *testing.T, spec, method uint8, pos string) {
		inst, err := Lookup(specs[int(spec)%len(specs)])
		if err != nil {
			t.Fatal(err)
		}
		opts := Options{Method: Method(int(method) % 3), MaxStates: 20_000}
		// Searches are bounded by MaxStates and their own work limits; the
		// deadline only keeps a slow machine from stalling the fuzzer.
		ctx, cancel := context.WithTimeout(t.Context(), 3*time.Second)
		defer cancel()
		r, err := inst.Solve(ctx, []string{pos}, opts)
		if err != nil {
			if strings.Contains(err.Error(), "\n") || err.Error() == "" {
				t.Fatalf("%s %q: error %q is not one line", inst.Spec(), pos, err)
			}
			return
		}
		if r.Outcome != "N" && r.Outcome != "P" {
			t.Fatalf("%s %q: outcome %q", inst.Spec(), pos, r.Outcome)
		}
		if r.Outcome == "P" && len(r.WinningMoves) > 0 {
			t.Fatalf("%s %q: a P-position with winning moves %q", inst.Spec(), pos, r.WinningMoves)
		}
		if r.Grundy != nil && (r.Grundy.Sign() == 0) != (r.Outcome == "P") {
			t.Fatalf("%s %q: grundy %s with outcome %s", inst.Spec(), pos, r.Grundy, r.Outcome)
		}
	})
}
