package script

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
)

// TestScriptInstance: one instance answers many positions, reloads when
// the parameters change, and recovers from a failed position by
// reloading.
func TestScriptInstance(t *testing.T) {
	src := []byte(`
TAKE = [int(x) for x in params.get("take", "1,3,4").split(",")]
def moves(n):
    if n == 13:
        fail("thirteen")
    return [n - t for t in TAKE if t <= n]
`)
	inst, err := catalog.OpenScript("sub.star", src)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	solve := func(pos string, params map[string]string) (*catalog.Report, error) {
		return inst.Solve(ctx, []string{pos}, catalog.Options{Params: params})
	}
	for _, c := range []struct {
		pos    string
		params map[string]string
		want   int64
	}{
		{"7", nil, 0}, {"10", nil, 1}, {"5", nil, 3},
		{"9", map[string]string{"take": "1,2"}, 0}, {"10", map[string]string{"take": "1,2"}, 1},
		{"5", nil, 3},
	} {
		r, err := solve(c.pos, c.params)
		if err != nil {
			t.Fatal(err)
		}
		if r.Grundy.Int64() != c.want {
			t.Errorf("%s %v: grundy %v, want %d", c.pos, c.params, r.Grundy, c.want)
		}
	}
	if _, err := solve("14", nil); err == nil || !strings.Contains(err.Error(), "sub.star:5:13: moves(13): fail: thirteen") {
		t.Fatalf("error %v", err)
	}
	if r, err := solve("12", nil); err != nil || r.Grundy.Int64() != 3 {
		t.Fatalf("after an error: %v, %v", r, err)
	}
	if _, err := catalog.Lookup("no/such/file.star"); err == nil || !strings.Contains(err.Error(), "no such file") {
		t.Fatalf("missing script: %v", err)
	}
	if _, err := inst.Solve(ctx, nil, catalog.Options{Method: catalog.ClosedForm}); err == nil {
		t.Fatal("a script has no closed form")
	}
}

// TestScriptStart: a script's start position is read back by Explore, may
// depend on its parameters (catalog.StartWith), and a script that fails
// to load with them says why.
func TestScriptStart(t *testing.T) {
	src := []byte(`
start = int(params.get("n", "7"))
def moves(n):
    if n > 100:
        fail("too big")
    return [n - t for t in (1, 2) if t <= n]
`)
	inst, err := catalog.OpenScript("start.star", src)
	if err != nil {
		t.Fatal(err)
	}
	if st, ok := catalog.AsStarter(inst); !ok || st != "7" {
		t.Errorf("AsStarter: %q, %v; want 7", st, ok)
	}
	if st, err := catalog.StartWith(inst, catalog.Options{Params: map[string]string{"n": "9"}}); err != nil || st != "9" {
		t.Errorf("StartWith n=9: %q, %v", st, err)
	}
	if _, err := catalog.StartWith(inst, catalog.Options{Params: map[string]string{"n": "x"}}); err == nil || !strings.Contains(err.Error(), "start.star") {
		t.Errorf("StartWith n=x: %v, want the script's error", err)
	}
	noStart, err := catalog.OpenScript("nostart.star", []byte("def moves(n):\n    return []\n"))
	if err != nil {
		t.Fatal(err)
	}
	if st, ok := catalog.AsStarter(noStart); ok || st != "" {
		t.Errorf("a script without start: %q, %v", st, ok)
	}
	x, ok := catalog.AsExplorer(inst)
	if !ok {
		t.Fatal("a script cannot be explored")
	}
	e, err := x.Explore(context.Background(), []string{"7"}, catalog.Options{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	var moves []string
	for _, m := range e.Moves {
		moves = append(moves, m.Position+":"+m.Outcome)
	}
	// Subtraction of 1 or 2: the multiples of 3 are P-positions.
	if want := []string{"6:P", "5:N"}; !slices.Equal(moves, want) || e.Report.Outcome != "N" || !e.MovesCounted || e.MovesTotal != 2 {
		t.Errorf("explore 7: %v (%s, %d counted %v), want %v", moves, e.Report.Outcome, e.MovesTotal, e.MovesCounted, want)
	}
}

// TestLookupScripts: Lookup reads a spec ending in .star as a game script;
// LookupBuiltin, for front ends that take specs from strangers, never
// does.
func TestLookupScripts(t *testing.T) {
	inst, err := catalog.Lookup("../examples/snim.star")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := inst.(catalog.ScriptInstance); !ok || inst.Spec() != "../examples/snim.star" {
		t.Errorf("Lookup: %T %q, want a catalog.ScriptInstance", inst, inst.Spec())
	}
	if _, err := catalog.LookupBuiltin("../examples/snim.star"); err == nil {
		t.Error("LookupBuiltin read a script")
	}
	if _, err := catalog.Lookup("../examples/nosuch.star"); err == nil || err.Error() != "game script ../examples/nosuch.star: no such file" {
		t.Errorf("a missing script: %v", err)
	}
}

// TestExploreRoundTrip explores the start of example scripts: each listed
// move's position must read back (Solve, positions that are Starlark
// values as expressions) with the outcome the move reported, and the moves
// to P-positions must be the report's winning moves.
func TestExploreRoundTrip(t *testing.T) {
	ctx := context.Background()
	exprs := 0
	for _, spec := range []string{"../examples/snim.star", "../examples/strip.star"} {
		inst, err := catalog.Lookup(spec)
		if err != nil {
			t.Fatal(err)
		}
		ex, ok := catalog.AsExplorer(inst)
		if !ok {
			t.Fatalf("%s: no explorer", spec)
		}
		pos, ok := catalog.AsStarter(inst)
		if !ok {
			t.Fatalf("%s: no start", spec)
		}
		x, err := ex.Explore(ctx, []string{pos}, catalog.Options{}, 50)
		if err != nil {
			t.Fatalf("%s %s: %v", spec, pos, err)
		}
		if len(x.Moves) == 0 {
			t.Fatalf("%s %s: no moves", spec, pos)
		}
		var wins []string
		for _, m := range x.Moves {
			toks, opts := scriptTokens([]string{m.Position}, catalog.Options{})
			if opts.PositionExpr != "" {
				exprs++
			}
			r, err := inst.Solve(ctx, toks, opts)
			if err != nil {
				t.Errorf("%s %s → %s: reading the move back: %v", spec, pos, m.Position, err)
				continue
			}
			if r.Outcome != m.Outcome || r.Position != m.Position {
				t.Errorf("%s %s → %s: listed as %s, solves as %s %s", spec, pos, m.Position, m.Outcome, r.Position, r.Outcome)
			}
			if m.Outcome == "P" {
				wins = append(wins, m.Position)
			}
		}
		if x.MovesCounted && x.MovesTotal == len(x.Moves) && !x.Report.MovesIncomplete {
			slices.Sort(wins)
			if exp := slices.Sorted(slices.Values(x.Report.WinningMoves)); !slices.Equal(wins, exp) {
				t.Errorf("%s %s: moves to P-positions %v, winning_moves %v", spec, pos, wins, exp)
			}
		}
	}
	if exprs == 0 {
		t.Error("no position was read back as a Starlark expression")
	}
}
