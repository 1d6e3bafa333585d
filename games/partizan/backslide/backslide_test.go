package backslide

import (
	"context"
	"errors"
	"iter"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/cgt/stopper"
)

// plainOutcome plays the positions reached from start out by iterating
// "the player to move wins within k moves" to a fixed point over the
// positions themselves (strings), apart from the package's graphs and
// retrograde analysis: Left first wins if some Left move reaches a
// position that Left wins with Right to move, and Left wins with Right
// to move if every Right move (none included) reaches a position Left
// wins with Left to move; the same for Right; the rest are draws.
func plainOutcome(start string) (leftFirst, rightFirst stopper.Result) {
	seen := map[string]bool{start: true}
	all := []string{start}
	for i := 0; i < len(all); i++ {
		for _, gen := range []func(string) []string{leftOf, rightOf} {
			for _, q := range gen(all[i]) {
				if !seen[q] {
					seen[q] = true
					all = append(all, q)
				}
			}
		}
	}
	lwL, lwR, rwL, rwR := map[string]bool{}, map[string]bool{}, map[string]bool{}, map[string]bool{}
	for changed := true; changed; {
		changed = false
		for _, p := range all {
			set := func(m map[string]bool, ok bool) {
				if ok && !m[p] {
					m[p], changed = true, true
				}
			}
			set(lwL, anyIn(leftOf(p), lwR))
			set(lwR, every(rightOf(p), lwL))
			set(rwR, anyIn(rightOf(p), rwL))
			set(rwL, every(leftOf(p), rwR))
		}
	}
	res := func(l, r bool) stopper.Result {
		switch {
		case l:
			return stopper.LeftWins
		case r:
			return stopper.RightWins
		}
		return stopper.Draw
	}
	return res(lwL[start], rwL[start]), res(lwR[start], rwR[start])
}

func anyIn(ps []string, m map[string]bool) bool {
	for _, p := range ps {
		if m[p] {
			return true
		}
	}
	return false
}

func every(ps []string, m map[string]bool) bool {
	for _, p := range ps {
		if !m[p] {
			return false
		}
	}
	return true
}

// leftOf and rightOf are the moves of a sum written with spaces.
func leftOf(p string) []string  { return sumMoves(p, LeftMoves) }
func rightOf(p string) []string { return sumMoves(p, RightMoves) }

func sumMoves(p string, gen func(string) iter.Seq[string]) []string {
	parts := strings.Split(p, " ")
	var out []string
	for k, part := range parts {
		for q := range gen(part) {
			next := append([]string(nil), parts...)
			next[k] = q
			out = append(out, strings.Join(next, " "))
		}
	}
	return out
}

func strips(n int) []string {
	out := []string{""}
	for i := 0; i < n; i++ {
		var next []string
		for _, s := range out {
			for _, c := range "TF." {
				next = append(next, s+string(c))
			}
		}
		out = next
	}
	return out
}

// Every position of every strip of up to 5 squares (4 with -short, 6 in
// the run of BENCHMARKS.md), and sums of two strips of 2: the outcome with draws from the
// value's sides ('grundy value') and from Solve's retrograde analysis
// ('grundy solve') equal the plain play-out's.
func TestEveryPositionOfSmallBoards(t *testing.T) {
	ctx := context.Background()
	inst := instance{}
	maxLen := 5
	if testing.Short() {
		maxLen = 4
	}
	if s := os.Getenv("BACKSLIDE_MAX_SQUARES"); s != "" {
		maxLen, _ = strconv.Atoi(s) // long runs: BACKSLIDE_MAX_SQUARES=6
	}
	var cases [][]string
	for n := 1; n <= maxLen; n++ {
		for _, s := range strips(n) {
			cases = append(cases, []string{s})
		}
	}
	for _, a := range strips(2) {
		for _, b := range strips(2) {
			cases = append(cases, []string{a, b})
		}
	}
	sided, draws := 0, 0
	for _, c := range cases {
		pos := strings.Join(c, " ")
		lf, rf := plainOutcome(pos)
		v, _, err := inst.LoopyValue(ctx, c, catalog.Options{})
		if err != nil {
			t.Fatalf("%s: %v", pos, err)
		}
		if !v.HasSides() {
			t.Fatalf("%s: no sides: %v", pos, v.SidesErr)
		}
		if !v.IsStopper() {
			sided++
		}
		vl, vr, _ := stopper.FirstResults(v, nil)
		if vl != lf || vr != rf {
			s, _ := stopper.String(v, nil)
			t.Fatalf("%s: value %s gives %v/%v, played out %v/%v", pos, s, vl, vr, lf, rf)
		}
		r, err := inst.Solve(ctx, c, catalog.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if want := stopper.OutcomeName(lf, rf); r.Outcome != want {
			t.Fatalf("%s: solve %s, played out %s", pos, r.Outcome, want)
		}
		if lf == stopper.Draw || rf == stopper.Draw {
			draws++
		}
	}
	t.Logf("%d positions: %d sided values, %d with a draw", len(cases), sided, draws)
}

func TestMoves(t *testing.T) {
	got := leftOf(".T.F.")
	if strings.Join(got, ",") != "..TF.,T..F." {
		t.Errorf("left moves of .T.F.: %v", got)
	}
	got = rightOf(".T.F.")
	if strings.Join(got, ",") != ".TF..,.T..F" {
		t.Errorf("right moves of .T.F.: %v", got)
	}
	// A toad jumps one frog forward, never backward; a frog likewise.
	if got := leftOf("TF."); strings.Join(got, ",") != ".FT" {
		t.Errorf("left moves of TF.: %v", got)
	}
	if got := rightOf(".TF"); strings.Join(got, ",") != "FT." {
		t.Errorf("right moves of .TF: %v", got)
	}
}

// TestValueCancelled: valuing a position whose sides take long (TTT..FFF
// runs for more than half an hour) stops when its context ends, with the
// context's error, rather than running on after Ctrl-C or --timeout.
func TestValueCancelled(t *testing.T) {
	inst, err := catalog.Lookup("backsliding-toads")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	_, _, err = inst.(interface {
		LoopyValue(context.Context, []string, catalog.Options) (*stopper.Value, string, error)
	}).LoopyValue(ctx, []string{"TTT..FFF"}, catalog.Options{})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("TTT..FFF under a 300 ms deadline: %v, want the deadline's error", err)
	}
}
