package examples

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
	"github.com/grundy-go/grundy/cgt/stopper"
)

// --- loopy partizan scripts (issue 36) -------------------------------------

// TestBacksideScript: backslide.star, Backsliding Toads and Frogs as a
// script, and the built-in backsliding-toads are two paths to the same
// answers: on every strip of up to 5 squares (4 with -short) and every
// sum of two strips of 2 (where the draws and sided values are), 'grundy
// value' gives equal values (compared as values, stopper.ValueEqual, and
// as printed) and 'grundy solve' the same outcome, winning and drawing
// moves. The built-in's own tests check it against a plain play-out.
func TestBacksideScript(t *testing.T) {
	ctx := context.Background()
	scr, err := catalog.OpenScript("backslide.star", nil)
	if err != nil {
		t.Fatal(err)
	}
	builtin, err := catalog.Lookup("backsliding-toads")
	if err != nil {
		t.Fatal(err)
	}
	maxLen := 5
	if testing.Short() {
		maxLen = 4
	}
	strips := []string{""}
	sided, draws, loopy, count := 0, 0, 0, 0
	for n := 1; n <= maxLen; n++ {
		var next []string
		for _, s := range strips {
			for _, c := range "TF." {
				next = append(next, s+string(c))
			}
		}
		strips = next
		cases := strips
		if n == 2 { // sums of two strips of 2, written with a space
			for _, a := range strips {
				for _, b := range strips {
					cases = append(cases, a+" "+b)
				}
			}
		}
		for _, s := range cases {
			count++
			rs, err := reports.PartizanValue(ctx, scr, []string{s}, catalog.Options{}, reports.CGTOptions{})
			if err != nil {
				t.Fatalf("script %s: %v", s, err)
			}
			rb, err := reports.PartizanValue(ctx, builtin, []string{s}, catalog.Options{}, reports.CGTOptions{})
			if err != nil {
				t.Fatalf("built-in %s: %v", s, err)
			}
			if rb.Loopy == nil {
				t.Fatalf("built-in %s: no loopy report", s)
			}
			var bv string
			if rs.Loopy != nil {
				loopy++
				vs, _, err := scr.(reports.LoopyValuer).LoopyValue(ctx, []string{s}, catalog.Options{})
				if err != nil {
					t.Fatal(err)
				}
				vb, _, err := builtin.(reports.LoopyValuer).LoopyValue(ctx, []string{s}, catalog.Options{})
				if err != nil {
					t.Fatal(err)
				}
				if eq, err := stopper.ValueEqual(vs, vb, nil); err != nil || !eq {
					t.Fatalf("%s: script %s, built-in %s (%v)", s, rs.Loopy.Value, rb.Loopy.Value, err)
				}
				if !vb.IsStopper() {
					sided++
				}
				bv = rs.Loopy.Value
			} else {
				bv = rs.Value // a short position: its canonical form
			}
			if bv != rb.Loopy.Value {
				t.Fatalf("%s: script prints %s, built-in %s", s, bv, rb.Loopy.Value)
			}
			ss, err := scr.Solve(ctx, []string{s}, catalog.Options{})
			if err != nil {
				t.Fatal(err)
			}
			sb, err := builtin.Solve(ctx, []string{s}, catalog.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if strings.ContainsRune(sb.Outcome, 'D') || strings.Contains(sb.Outcome, "Hat") || strings.Contains(sb.Outcome, "Check") {
				draws++
			}
			if rs.Loopy == nil {
				continue // short: solved by its canonical form, checked in TestSolvePartizanScript's way
			}
			// The script writes a position with a space as a quoted string.
			got := strings.ReplaceAll(fmt.Sprint(ss.Outcome, ss.WinningMoves, ss.Extra["drawing_moves"]), `"`, "")
			want := fmt.Sprint(sb.Outcome, sb.WinningMoves, sb.Extra["drawing_moves"])
			if got != want {
				t.Fatalf("%s: script solves %s, built-in %s", s, got, want)
			}
		}
	}
	if sided == 0 || draws == 0 || loopy == 0 {
		t.Fatalf("%d strips: %d loopy, %d sided, %d with a draw: the test checks too little", count, loopy, sided, draws)
	}
	t.Logf("%d strips: %d loopy (%d sided values), %d with a draw", count, loopy, sided, draws)
}

// TestLoopyScriptLimits: a loopy script's position past --max-states stops
// with the budget's error, for value and solve.
func TestLoopyScriptLimits(t *testing.T) {
	scr, err := catalog.OpenScript("backslide.star", nil)
	if err != nil {
		t.Fatal(err)
	}
	opts := catalog.Options{MaxStates: 5}
	_, err = reports.PartizanValue(context.Background(), scr, []string{"TT..FF"}, opts, reports.CGTOptions{})
	if err == nil || !strings.Contains(err.Error(), "5") {
		t.Errorf("value TT..FF with 5 states: %v", err)
	}
	_, err = scr.Solve(context.Background(), []string{"TT..FF"}, opts)
	if err == nil || !strings.Contains(err.Error(), "5") {
		t.Errorf("solve TT..FF with 5 states: %v", err)
	}
}
