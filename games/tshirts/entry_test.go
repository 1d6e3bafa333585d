package tshirts

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/catalogtest"
)

// instanceOf looks T-Shirts up as front ends do, with its explorer.
func instanceOf(t testing.TB) (catalog.Instance, catalog.Explorer) {
	t.Helper()
	inst, err := catalog.Lookup("tshirts")
	if err != nil {
		t.Fatal(err)
	}
	x, ok := catalog.AsExplorer(inst)
	if !ok {
		t.Fatal("tshirts does not explore")
	}
	return inst, x
}

func explore(t *testing.T, pos string) *catalog.Exploration {
	t.Helper()
	_, ex := instanceOf(t)
	x, err := ex.Explore(context.Background(), []string{pos}, catalog.Options{}, 0)
	if err != nil {
		t.Fatalf("tshirts %q: %v", pos, err)
	}
	return x
}

// solveJSONOf is Solve's --json answer for a position written as the
// explorer writes it, passed as one token as a shell passes a quoted
// argument.
func solveJSONOf(t *testing.T, tokens ...string) (string, *catalog.Report) {
	t.Helper()
	inst, _ := instanceOf(t)
	r, err := inst.Solve(context.Background(), tokens, catalog.Options{})
	if err != nil {
		t.Fatalf("solve tshirts %q: %v", tokens, err)
	}
	return mustJSON(t, r), r
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// walkPositions explores from start and every position its moves reach,
// calling visit with each position and its exploration.
func walkPositions(t *testing.T, start string, visit func(pos string, x *catalog.Exploration)) int {
	t.Helper()
	seen := map[string]bool{}
	var walk func(pos string)
	walk = func(pos string) {
		if seen[pos] {
			return
		}
		seen[pos] = true
		x := explore(t, pos)
		visit(pos, x)
		for _, m := range x.Moves {
			if m.Position != "" && !m.Terminal {
				walk(m.Position)
			}
		}
	}
	walk(start)
	return len(seen)
}

func TestTShirtsReport(t *testing.T) {
	got, r := solveJSONOf(t, "3 1 2 / 1 2 3 / 2 3 1")
	if r.Extra["last_shirt"] != 1 || r.Outcome != "best: player 2" {
		t.Errorf("tshirts: %s", got)
	}
	// Without separators the 3n numbers are split evenly.
	_, r2 := solveJSONOf(t, "3", "1", "2", "1", "2", "3", "2", "3", "1")
	if r2.Extra["last_shirt"] != r.Extra["last_shirt"] || r2.Position != r.Position {
		t.Errorf("tshirts flat: %+v", r2)
	}
	inst, _ := instanceOf(t)
	for _, c := range []struct{ tokens, want string }{
		{"1 2 / 2 1", "separated by '/', got 2"},
		{"1 2 / 2 1 / 1", "player 3's order has 1 shirts"},
		{"1 1 / 2 1 / 1 2", "names shirt 1 twice"},
		{"1 2 3 4", "not a multiple of 3"},
		{"1 2 / x 1 / 1 2", "player 2's order"},
	} {
		_, err := inst.Solve(context.Background(), []string{c.tokens}, catalog.Options{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("tshirts %q: %v, want %q", c.tokens, err, c.want)
		}
	}
	if _, err := inst.Solve(context.Background(), []string{"1 2 / 2 1 / 1 2"}, catalog.Options{Method: catalog.ClosedForm}); err == nil || !strings.Contains(err.Error(), "no closed form") {
		t.Errorf("--method closed: %v", err)
	}
}

// TestTshirtsMoves: the mover's best deletion is worth its payoff, and the
// positions after deletions read back.
func TestTshirtsMoves(t *testing.T) {
	pos := "3 1 2 4 / 1 2 3 4 / 2 3 4 1"
	for depth := 0; depth < 3; depth++ {
		x := explore(t, pos)
		best := ""
		for _, m := range x.Moves {
			if s := m.MoverValue.(string); best == "" || s > best {
				best = s
			}
		}
		if want := x.Report.Payoff.([]any)[0]; best != want {
			t.Errorf("%s: best deletion worth %v, payoff %v", pos, best, want)
		}
		pos = x.Moves[0].Position
	}
	if !strings.HasSuffix(pos, "/ deleted 1 2 3") {
		t.Errorf("after three deletions: %q", pos)
	}
	x := explore(t, pos)
	if len(x.Moves) != 0 || x.Report.Extra["last_shirt"] != 4 {
		t.Errorf("%s: %d moves, extra %v", pos, len(x.Moves), x.Report.Extra)
	}
}

// TestTshirtsSolveAtExploredPositions: every position the explorer
// reaches in T-Shirts solves, and Solve's answer is the explorer's own
// report of it, field for field; the value each move shows is Solve's
// for the position it leaves; Solve's winning moves are explorer moves.
func TestTshirtsSolveAtExploredPositions(t *testing.T) {
	for _, start := range []string{"3 1 2 / 1 2 3 / 2 3 1", "3 1 2 4 / 1 2 3 4 / 2 3 4 1", "1 2 3 4 5 / 5 4 3 2 1 / 3 1 5 2 4"} {
		n := walkPositions(t, start, func(pos string, x *catalog.Exploration) {
			got, r := solveJSONOf(t, pos)
			if want := mustJSON(t, x.Report); got != want {
				t.Errorf("%q: solve says %s, the explorer %s", pos, got, want)
			}
			moves := map[string]bool{}
			for _, m := range x.Moves {
				moves[m.Position] = true
				_, mr := solveJSONOf(t, m.Position)
				if gb, wb := mustJSON(t, mr.Payoff), mustJSON(t, m.Payoff); gb != wb || mr.Outcome != m.Outcome {
					t.Errorf("%q → %q: solve %s %s, the explorer's move %s %s", pos, m.Position, mr.Outcome, gb, m.Outcome, wb)
				}
			}
			for _, w := range r.WinningMoves {
				if !moves[w] {
					t.Errorf("%q: winning move %q is not among the explorer's moves", pos, w)
				}
			}
		})
		if n < 7 {
			t.Errorf("%s: only %d positions reached", start, n)
		}
	}
}

// TestTshirtsPositionErrors: bad positions are one-line errors naming the
// bad part, the same from Solve and from the explorer.
func TestTshirtsPositionErrors(t *testing.T) {
	inst, x := instanceOf(t)
	for _, c := range []struct{ pos, want string }{
		{"3 1 2 / 1 2 3 / 2 3 1 / deleted 4", "bad deleted shirt 4: the shirts are 1..3"},
		{"3 1 2 / 1 2 3 / 2 3 1 / deleted 0", "bad deleted shirt 0: the shirts are 1..3"},
		{"3 1 2 / 1 2 3 / 2 3 1 / deleted 2 2", "bad deleted shirt 2: it is deleted twice"},
		{"3 1 2 / 1 2 3 / 2 3 1 / deleted 1 2 3", "3 deleted shirts leave none"},
		{"3 1 2 / 1 2 3 / 2 3 1 / deleted x", `bad deleted shirt "x"`},
		{"3 1 2 / 1 2 3 / 2 3 1 / removed 1", `bad part "removed 1"`},
		{"3 1 2 / 1 2 3 / 2 3 1 / deleted 1 / deleted 2", `bad part "deleted 1"`},
		{"3 1 2 / 1 2 3 / deleted 1", "got 2 groups"},
		{"3 1 2 / 1 2 3 / 2 3 9 / deleted 1", "player 3's order names shirt 9"},
	} {
		_, err := inst.Solve(context.Background(), []string{c.pos}, catalog.Options{})
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("tshirts %q: %v, want one line with %q", c.pos, err, c.want)
		}
		if _, xerr := x.Explore(context.Background(), []string{c.pos}, catalog.Options{}, 0); xerr == nil || err == nil || xerr.Error() != err.Error() {
			t.Errorf("tshirts %q: the explorer says %v, solve %v", c.pos, xerr, err)
		}
	}
}

// FuzzTshirtsPosition: any text is a T-Shirts position that reads back
// the same from the way it is written, or a one-line error.
func FuzzTshirtsPosition(f *testing.F) {
	for _, s := range []string{"3 1 2 / 1 2 3 / 2 3 1", "3 1 2 / 1 2 3 / 2 3 1 / deleted 2", "3 1 2 1 2 3 2 3 1 / deleted 1 3",
		"1 / 1 / 1", "1 / 1 / 1 / deleted 1", "2 1 / 1 2 / 1 2 / deleted 2 2", "/ deleted", "deleted 1", "3 1 2 / 1 2 3 / 2 3 1 / deleted 0",
		"1,2/2,1/1,2/deleted,2", "3 1 2 / 1 2 3 / 2 3 1 / deleted 1 / deleted 2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, pos, err := parsePosition([]string{s})
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("%q: a multi-line error %q", s, err)
			}
			return
		}
		text := formatPosition(g, pos)
		g2, pos2, err := parsePosition(strings.Fields(text))
		if err != nil || pos2 != pos || fmt.Sprint(g2.Order) != fmt.Sprint(g.Order) || formatPosition(g2, pos2) != text {
			t.Fatalf("%q written %q reads back as %v %v (%v)", s, text, pos2, err, g2)
		}
	})
}

// FuzzExplore feeds arbitrary positions to T-Shirts' explorer: whatever
// the input, an exploration whose moves lead somewhere, or a one-line
// error; never a panic or a hang.
func FuzzExplore(f *testing.F) {
	for _, s := range []string{"3 1 2 / 1 2 3 / 2 3 1", "3 1 2 / 1 2 3 / 2 3 1 / deleted 1 2", "3 1 2 / 1 2 3 / 2 3 1 / deleted 1 2 3",
		"1 / 1 / 1 / deleted 1", "2 1 / 1 2 / 1 2 / deleted 2 2"} {
		f.Add(s)
	}
	_, ex := instanceOf(f)
	f.Fuzz(func(t *testing.T, pos string) { catalogtest.ExploreAny(t, ex, pos) })
}
