package catalog

import (
	"context"
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

// FuzzClassicPositions feeds arbitrary positions to the classic games:
// every answer is a report with an outcome, every failure one line, and
// nothing panics or hangs (searches are bounded by MaxStates).
func FuzzClassicPositions(f *testing.F) {
	specs := []string{"moore:2"}
	seeds := []struct {
		spec   string
		method uint8
		pos    string
	}{
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
