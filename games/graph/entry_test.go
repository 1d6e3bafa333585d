package graph

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/internal/memtest"
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
		inst, err := catalog.Lookup("graph:" + path)
		if err != nil {
			t.Fatal(err)
		}
		for range 10 {
			k := 1 + r.IntN(3)
			tokens := make([]string, k)
			for i := range tokens {
				tokens[i] = fmt.Sprint(r.IntN(n))
			}
			rep, err := inst.Solve(ctx, tokens, catalog.Options{})
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
					after, err := inst.Solve(ctx, strings.Fields(m), catalog.Options{})
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
				after, err := inst.Solve(ctx, strings.Fields(m), catalog.Options{})
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
		a := memtest.Allocated(func() {
			var inst catalog.Instance
			if inst, err = catalog.Lookup("graph:" + path); err == nil {
				_, err = inst.Solve(context.Background(), []string{"0"}, catalog.Options{MaxStates: maxStates})
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
	inst, err := catalog.Lookup("graph:" + small)
	if err != nil {
		t.Fatal(err)
	}
	if r, err := inst.Solve(context.Background(), []string{"0"}, catalog.Options{}); err != nil || r.Outcome != "P" {
		t.Fatalf("3-node path from 0: %v %v, want P", r, err)
	}
	if _, err := inst.Solve(context.Background(), []string{"0"}, catalog.Options{MaxStates: 2}); !errors.Is(err, budget.ErrExceeded) {
		t.Fatalf("cap 2: got %v, want budget.ErrExceeded", err)
	}
}

// fig34 is Ferguson's Figure 3.4 (Game Theory, Part I, §3.4): e is
// terminal, d moves only to e, and a → b → c → a is a cycle that c may
// leave for d.
const fig34 = `5 5
0 1
1 2
2 0
2 3
3 4
label 0 a
label 1 b
label 2 c
label 3 d
label 4 e
`

// TestPositionTable lists every node of Figure 3.4 with its outcome,
// remoteness and generalized Sprague–Grundy value: a and b are ∞ (every
// move leads to an infinite value), c is ∞(1) (it can move to d, of value
// 1), d is 1 and e is 0.
func TestPositionTable(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "fig34.txt")
	if err := os.WriteFile(path, []byte(fig34), 0o644); err != nil {
		t.Fatal(err)
	}
	inst, err := catalog.Lookup("graph:" + path)
	if err != nil {
		t.Fatal(err)
	}
	tabler, ok := inst.(catalog.PositionTabler)
	if !ok {
		t.Fatal("a graph game has no position table")
	}
	if _, err := tabler.PositionTable(ctx, []string{"0"}, catalog.Options{}); err == nil || !strings.Contains(err.Error(), "give no position") {
		t.Errorf("a position with --table: %v", err)
	}
	tab, err := tabler.PositionTable(ctx, nil, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if tab.Game != "graph:"+path || !tab.HasValues || tab.Width != len("position") || !strings.Contains(tab.Caption, "generalized Sprague–Grundy value") {
		t.Errorf("table %q, caption %q, values %v, width %d", tab.Game, tab.Caption, tab.HasValues, tab.Width)
	}
	var got []string
	err = tab.Rows(ctx, func(r catalog.PositionRow) error {
		rem := "-"
		if r.Remoteness != nil {
			rem = fmt.Sprint(*r.Remoteness)
		}
		got = append(got, fmt.Sprintf("%s %s %s %s", r.Position, r.Outcome, rem, r.Value))
		return nil
	})
	want := []string{"a D - ∞", "b D - ∞", "c D - ∞(1)", "d N 1 1", "e P 0 0"}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("rows %q, %v; want %q", got, err, want)
	}
	// The first error of emit ends the rows.
	stop := errors.New("stop")
	n := 0
	if err := tab.Rows(ctx, func(catalog.PositionRow) error { n++; return stop }); err != stop || n != 1 {
		t.Errorf("emit's error: %v after %d rows", err, n)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if err := tab.Rows(cctx, func(catalog.PositionRow) error { return nil }); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

// TestPositionTableFixedOutcomes: a graph that fixes the outcome of a
// terminal node is not under normal play, so its table has no values.
func TestPositionTableFixedOutcomes(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "ends.txt")
	if err := os.WriteFile(path, []byte("4 3\n0 1\n0 2\n3 2\noutcome 1 D\noutcome 2 N\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	inst, err := catalog.Lookup("graph:" + path)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := inst.(catalog.PositionTabler).PositionTable(ctx, nil, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	err = tab.Rows(ctx, func(r catalog.PositionRow) error {
		rem := "-"
		if r.Remoteness != nil {
			rem = fmt.Sprint(*r.Remoteness)
		}
		got = append(got, fmt.Sprintf("%s %s %s %q", r.Position, r.Outcome, rem, r.Value))
		return nil
	})
	want := []string{`0 D - ""`, `1 D - ""`, `2 N 0 ""`, `3 P 1 ""`}
	if err != nil || tab.HasValues || !slices.Equal(got, want) {
		t.Errorf("rows %q, values %v, %v; want %q", got, tab.HasValues, err, want)
	}
}

// TestLookupBuiltinRefusesGraphs: graph games read a file, so the
// server's lookup refuses them.
func TestLookupBuiltinRefusesGraphs(t *testing.T) {
	if _, err := catalog.LookupBuiltin("graph:x.txt"); err == nil || !strings.Contains(err.Error(), "reads a file") {
		t.Errorf("LookupBuiltin: %v, want a refusal", err)
	}
}

// TestStdinNotServed: graph:- reads stdin on the command line only; the
// server's lookup refuses it, as it refuses every game that reads a file,
// before anything is read.
func TestStdinNotServed(t *testing.T) {
	inst, err := catalog.LookupBuiltin("graph:-")
	const want = `game "graph" reads a file named in its parameters or position, which is not allowed here`
	if inst != nil || err == nil || err.Error() != want {
		t.Errorf("LookupBuiltin(graph:-) = %v, %v; want the error %q", inst, err, want)
	}
}
