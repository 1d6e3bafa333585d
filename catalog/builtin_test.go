package catalog_test

// Tests of the catalog that need games registered: they import every
// built-in game (catalog/builtin), which the catalog's own tests (package
// catalog) cannot, as the games' packages import the catalog.

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	_ "github.com/grundy-go/grundy/catalog/builtin"
)

// TestLookupBuiltin gives Lookup's answers and errors for built-in specs.
func TestLookupBuiltin(t *testing.T) {
	// Games that read files (graph:FILE, pursuit) test their refusal in
	// their own packages.
	for _, spec := range []string{"nim", "bash:3", "subtract:1,3,4", "nimm", "", "bash", "bash:", "nim:3", "subtract:0", "subtract:x"} {
		a, errA := catalog.Lookup(spec)
		b, errB := catalog.LookupBuiltin(spec)
		if (errA == nil) != (errB == nil) || errA != nil && errA.Error() != errB.Error() || errA == nil && a.Spec() != b.Spec() {
			t.Errorf("%q: Lookup %v, %v; LookupBuiltin %v, %v", spec, a, errA, b, errB)
		}
	}
}

// TestExploreRoundTrip explores the example position of every game that
// can be explored: each listed move's position must read back (Solve) with
// the outcome the move reported, and the moves marked winning must be the
// report's winning moves. (The partizan games' examples are explored so in
// catalog/partizanreport, example scripts in package script.)
func TestExploreRoundTrip(t *testing.T) {
	ctx := context.Background()
	type example struct{ spec, pos string }
	var cases []example
	for _, e := range catalog.Entries() {
		f := strings.Fields(e.Example)
		if len(f) < 2 || f[0] != "solve" {
			continue
		}
		var pos []string
		for _, x := range f[2:] {
			if strings.HasPrefix(x, "--") {
				break
			}
			pos = append(pos, x)
		}
		cases = append(cases, example{f[1], strings.Join(pos, " ")})
	}
	explored := 0
	for _, c := range cases {
		inst, err := catalog.LookupBuiltin(c.spec)
		if err != nil && strings.Contains(err.Error(), "reads a file") {
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.spec, err)
			continue
		}
		ex, ok := catalog.AsExplorer(inst)
		if !ok {
			continue
		}
		pos := c.pos
		if pos == "" {
			pos, _ = catalog.AsStarter(inst)
		}
		var tokens []string
		if pos != "" {
			tokens = []string{pos}
		}
		x, err := ex.Explore(ctx, tokens, catalog.Options{}, 50)
		if err != nil {
			t.Errorf("%s %s: %v", c.spec, pos, err)
			continue
		}
		explored++
		t.Logf("%s %s: %s, %d moves", c.spec, pos, x.Report.Outcome, len(x.Moves))
		var wins []string
		var moves []catalog.MoveInfo
		for _, m := range x.Moves {
			moves = append(moves, m)
			moves = append(moves, m.Chance...)
		}
		_, lister := inst.(catalog.SuccessorLister)
		for _, m := range moves {
			if m.Position == "" {
				continue // a chance event, or the end of the game
			}
			toks, opts := []string{m.Position}, catalog.Options{}
			var r *catalog.Report
			if lister {
				// The positions of games listed by catalog.SuccessorLister are
				// read back by their explorer (Kuhn poker's histories
				// are not positions that Solve takes).
				var rx *catalog.Exploration
				if rx, err = ex.Explore(ctx, toks, opts, 1); err == nil {
					r = rx.Report
				}
			} else {
				r, err = inst.Solve(ctx, toks, opts)
			}
			if err != nil {
				t.Errorf("%s %s → %s: reading the move back: %v", c.spec, pos, m.Position, err)
				continue
			}
			if r.Outcome != m.Outcome {
				t.Errorf("%s %s → %s: listed as %s, solves as %s", c.spec, pos, m.Position, m.Outcome, r.Outcome)
			}
			switch {
			case m.Player == catalog.PlayerLeft && (m.Outcome == "L" || m.Outcome == "P"):
				wins = append(wins, "L: "+m.Position)
			case m.Player == catalog.PlayerRight && (m.Outcome == "R" || m.Outcome == "P"):
				wins = append(wins, "R: "+m.Position)
			case m.Player == "" && m.Outcome == "P":
				wins = append(wins, m.Position)
			}
		}
		if x.MovesCounted && x.MovesTotal == len(x.Moves) && !x.Report.MovesIncomplete && len(x.Report.WinningMoves) > 0 && x.Report.Payoff == nil {
			slices.Sort(wins)
			if exp := slices.Sorted(slices.Values(x.Report.WinningMoves)); !slices.Equal(wins, exp) {
				t.Errorf("%s %s: moves to P-positions %v, winning_moves %v", c.spec, pos, wins, exp)
			}
		}
	}
	if explored < 10 {
		t.Errorf("only %d games explored", explored)
	}
}
