package catalog

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/outcome"
)

// TestGraphGameSums solves random graph games through the catalog, one to
// three tokens. For a sum the outcome comes from generalized Sprague–Grundy
// values and the remoteness from the product graph, which Solve checks
// against each other; here every winning move must also leave a position
// the catalog calls P, and a P- or D-position must have none.
func TestGraphGameSums(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	r := rand.New(rand.NewPCG(31, 32))
	for iter := 0; iter < 60; iter++ {
		n := 1 + r.IntN(6)
		var sb strings.Builder
		var edges []string
		for range r.IntN(3*n + 1) {
			edges = append(edges, fmt.Sprintf("%d %d", r.IntN(n), r.IntN(n)))
		}
		fmt.Fprintf(&sb, "%d %d\n%s\n", n, len(edges), strings.Join(edges, "\n"))
		path := filepath.Join(dir, fmt.Sprintf("g%d.txt", iter))
		if err := os.WriteFile(path, []byte(sb.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		inst, err := Lookup("graph:" + path)
		if err != nil {
			t.Fatal(err)
		}
		for range 10 {
			k := 1 + r.IntN(3)
			tokens := make([]string, k)
			for i := range tokens {
				tokens[i] = fmt.Sprint(r.IntN(n))
			}
			rep, err := inst.Solve(ctx, tokens, Options{})
			if err != nil {
				t.Fatalf("%s %v: %v", sb.String(), tokens, err)
			}
			if (rep.Outcome == "D") != (rep.Remoteness == nil) {
				t.Fatalf("%s %v: outcome %s with remoteness %v", sb.String(), tokens, rep.Outcome, rep.Remoteness)
			}
			if rep.Outcome != outcome.N.String() && len(rep.WinningMoves) > 0 {
				t.Fatalf("%s %v: %s-position with winning moves %v", sb.String(), tokens, rep.Outcome, rep.WinningMoves)
			}
			if rep.Outcome == outcome.N.String() && len(rep.WinningMoves) == 0 {
				t.Fatalf("%s %v: N-position without winning moves", sb.String(), tokens)
			}
			if rep.Outcome == "D" {
				draws, _ := rep.Extra["drawing_moves"].([]string)
				for _, m := range draws {
					after, err := inst.Solve(ctx, strings.Fields(m), Options{})
					if err != nil {
						t.Fatal(err)
					}
					if after.Outcome != "D" {
						t.Fatalf("%s %v: drawing move to %s, which is %s", sb.String(), tokens, m, after.Outcome)
					}
				}
				if len(draws) == 0 {
					t.Fatalf("%s %v: a draw without a move that keeps it", sb.String(), tokens)
				}
			}
			fastest := -1
			for _, m := range rep.WinningMoves {
				after, err := inst.Solve(ctx, strings.Fields(m), Options{})
				if err != nil {
					t.Fatal(err)
				}
				if after.Outcome != "P" {
					t.Fatalf("%s %v: winning move to %s, which is %s", sb.String(), tokens, m, after.Outcome)
				}
				if fastest < 0 || *after.Remoteness < fastest {
					fastest = *after.Remoteness
				}
			}
			// The winner hurries: the quickest winning move leaves a
			// position one move shorter.
			if fastest >= 0 && fastest != *rep.Remoteness-1 {
				t.Fatalf("%s %v: remoteness %d, but the quickest winning move leaves %d", sb.String(), tokens, *rep.Remoteness, fastest)
			}
		}
	}
}

// TestGraphDefaultStateCap is the regression test of a memory bomb: a
// graph file whose header announces 10^8 nodes allocated 5.3 GB, because
// --max-states 0 meant "no limit" for graphs. 0 is now the default cap
// (20,000,000), checked before anything proportional to the nodes is
// allocated; a larger cap reads the file again and is checked the same way.
func TestGraphDefaultStateCap(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.txt")
	if err := os.WriteFile(path, []byte("100000000 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, maxStates := range []int{0, 50_000_000} {
		var err error
		a := allocated(func() {
			var inst Instance
			if inst, err = Lookup("graph:" + path); err == nil {
				_, err = inst.Solve(context.Background(), []string{"0"}, Options{MaxStates: maxStates})
			}
		})
		var x *budget.Exceeded
		if !errors.As(err, &x) || x.Resource != budget.States {
			t.Fatalf("--max-states %d: got %v, want a budget.Exceeded of positions", maxStates, err)
		}
		if a > 16<<20 {
			t.Errorf("--max-states %d: allocated %d bytes", maxStates, a)
		}
	}
	// Under the cap the same file format solves; over a small cap it stops.
	small := filepath.Join(t.TempDir(), "s.txt")
	if err := os.WriteFile(small, []byte("3 2\n0 1\n1 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	inst, err := Lookup("graph:" + small)
	if err != nil {
		t.Fatal(err)
	}
	if r, err := inst.Solve(context.Background(), []string{"0"}, Options{}); err != nil || r.Outcome != "P" {
		t.Fatalf("3-node path from 0: %v %v, want P", r, err)
	}
	if _, err := inst.Solve(context.Background(), []string{"0"}, Options{MaxStates: 2}); !errors.Is(err, budget.ErrExceeded) {
		t.Fatalf("cap 2: got %v, want budget.ErrExceeded", err)
	}
}
