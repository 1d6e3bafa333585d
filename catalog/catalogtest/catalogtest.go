package catalogtest

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/grundy-go/grundy/catalog"
)

// Solve looks up spec, solves the position given as tokens with the method
// and fails the test on any error.
func Solve(t testing.TB, spec string, method catalog.Method, tokens ...string) *catalog.Report {
	t.Helper()
	inst, err := catalog.Lookup(spec)
	if err != nil {
		t.Fatal(err)
	}
	r, err := inst.Solve(context.Background(), tokens, catalog.Options{Method: method})
	if err != nil {
		t.Fatalf("%s %q: %v", spec, tokens, err)
	}
	return r
}

// Error looks up spec and solves tokens, which must fail with one line
// that contains want.
func Error(t testing.TB, spec string, want string, tokens ...string) {
	t.Helper()
	inst, err := catalog.Lookup(spec)
	if err == nil {
		_, err = inst.Solve(context.Background(), tokens, catalog.Options{})
	}
	if err == nil {
		t.Fatalf("%s %q: no error, want one containing %q", spec, tokens, want)
	}
	if !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "\n") {
		t.Fatalf("%s %q: error %q, want one line containing %q", spec, tokens, err, want)
	}
}

// Check compares a report with an independent witness: the outcome, the
// Sprague–Grundy value when the witness has one (wantGrundy -1: the report
// must say null) and, unless wantMoves is nil, the winning moves as a set,
// all of them listed.
func Check(t testing.TB, r *catalog.Report, wantOutcome string, wantGrundy int, wantMoves []string) {
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

// Mex is the minimum excluded value of a set of Sprague–Grundy values.
func Mex(vals map[int]bool) int {
	m := 0
	for vals[m] {
		m++
	}
	return m
}

// SolveAny is the body of a fuzz target over an impartial game's
// positions: it solves pos with method (modulo the three methods) under a
// cap of 20,000 positions. Whatever the input, the answer must be a
// report whose outcome is N or P, with no winning moves from a
// P-position and a Sprague–Grundy value (if any) that agrees with the
// outcome, or an error of one non-empty line; never a panic or a hang.
func SolveAny(t *testing.T, spec string, method uint8, pos string) {
	t.Helper()
	inst, err := catalog.Lookup(spec)
	if err != nil {
		t.Fatal(err)
	}
	opts := catalog.Options{Method: catalog.Method(int(method) % 3), MaxStates: 20_000}
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
}

// RemotenessByDefinition is Steinhaus's remoteness of a position, from its
// definition over whole positions, as a witness for a search's: 0 when no
// move is left; else one more than the least remoteness of a losing option
// when there is one (the winner hurries), or than the greatest remoteness
// of any option. next lists the positions one move leaves; key names a
// position in the memo.
func RemotenessByDefinition(pos []int, next func([]int) [][]int, key func([]int) string, memo map[string]int) int {
	k := key(pos)
	if v, ok := memo[k]; ok {
		return v
	}
	best, worst, moved := -1, 0, false
	for _, q := range next(pos) {
		moved = true
		r := RemotenessByDefinition(q, next, key, memo)
		if r%2 == 0 && (best < 0 || r < best) { // even: a P-position
			best = r
		}
		worst = max(worst, r)
	}
	v := 0
	switch {
	case best >= 0:
		v = best + 1
	case moved:
		v = worst + 1
	}
	memo[k] = v
	return v
}

// ExploreAny is the body of an explorer's fuzz target: any position text
// is explored (within 5,000 positions and 20 listed moves) into a whole
// exploration, with every move going somewhere, or refused in one line.
func ExploreAny(t *testing.T, ex catalog.Explorer, pos string) {
	t.Helper()
	// The deadline only keeps a slow machine from stalling the fuzzer.
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Second)
	defer cancel()
	x, err := ex.Explore(ctx, []string{pos}, catalog.Options{MaxStates: 5000}, 20)
	if err != nil {
		if strings.Contains(err.Error(), "\n") {
			t.Fatalf("%q: a multi-line error %q", pos, err)
		}
		return
	}
	if x.Report == nil || x.Report.Outcome == "" || x.Board == nil {
		t.Fatalf("%q: an incomplete exploration %+v", pos, x)
	}
	for _, m := range x.Moves {
		if m.Position == "" && m.Chance == nil && !m.Terminal {
			t.Fatalf("%q: a move to nowhere %+v", pos, m)
		}
	}
}

// FormatRemoteness writes a report's remoteness for a test's message:
// the number, or "unknown" for nil.
func FormatRemoteness(r *int) string {
	if r == nil {
		return "unknown"
	}
	return strconv.Itoa(*r)
}

// Sums writes each position of a sum as the multiset of its components
// (split at sep, sorted), the list sorted. In the heap games, whose moves
// leave only components smaller than the one moved, two moves are one move
// (catalog.MoveSet) exactly when they leave the same multiset, so a
// reference answer that lists every order of the heaps compares with a
// report by these.
func Sums(positions []string, sep string) []string {
	out := make([]string, len(positions))
	for i, p := range positions {
		parts := strings.Split(p, sep)
		slices.Sort(parts)
		out[i] = strings.Join(parts, sep)
	}
	slices.Sort(out)
	return out
}

// SameSums reports whether got lists each sum of want once, up to the
// order of its components, and nothing else: a report that listed one
// move twice fails, as one that missed a move does.
func SameSums(got, want []string, sep string) bool {
	return slices.Equal(Sums(got, sep), slices.Compact(Sums(want, sep)))
}

// CheckSum is Check for a report on a sum, whose winning moves compare
// with the witness's by SameSums.
func CheckSum(t testing.TB, r *catalog.Report, wantOutcome string, wantGrundy int, wantMoves []string, sep string) {
	t.Helper()
	Check(t, r, wantOutcome, wantGrundy, nil)
	if wantMoves == nil {
		return
	}
	if !SameSums(r.WinningMoves, wantMoves, sep) {
		t.Fatalf("%s %s: winning moves %q, witness says %q (each once, up to the order of the components)", r.Game, r.Position, r.WinningMoves, wantMoves)
	}
	if r.MovesIncomplete {
		t.Fatalf("%s %s: moves marked incomplete but the witness has all of them", r.Game, r.Position)
	}
}
