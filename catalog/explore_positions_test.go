package catalog

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/games/kuhn"
)

// walkPositions explores spec from start and every position its moves
// reach (chance outcomes included), calling visit with each position and
// its exploration, and with each move's MoveInfo the position it leaves.
func walkPositions(t *testing.T, spec, start string, visit func(pos string, x *Exploration)) int {
	t.Helper()
	inst, err := Lookup(spec)
	if err != nil {
		t.Fatal(err)
	}
	ex := asExplorerOf(inst)
	seen := map[string]bool{}
	var walk func(pos string)
	walk = func(pos string) {
		if seen[pos] {
			return
		}
		seen[pos] = true
		x, err := ex.Explore(context.Background(), []string{pos}, Options{}, 0)
		if err != nil {
			t.Fatalf("%s %q: %v", spec, pos, err)
		}
		visit(pos, x)
		var next func(ms []MoveInfo)
		next = func(ms []MoveInfo) {
			for _, m := range ms {
				next(m.Chance)
				if m.Position != "" && !m.Terminal {
					walk(m.Position)
				}
			}
		}
		next(x.Moves)
	}
	walk(start)
	return len(seen)
}

// solveJSONOf is Solve's --json answer for a position written as the
// explorer writes it, passed as one token as a shell passes a quoted
// argument.
func solveJSONOf(t *testing.T, spec, pos string) (string, *Report) {
	t.Helper()
	inst, err := Lookup(spec)
	if err != nil {
		t.Fatal(err)
	}
	r, err := inst.Solve(context.Background(), []string{pos}, Options{})
	if err != nil {
		t.Fatalf("solve %s %q, a position the explorer reached: %v", spec, pos, err)
	}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(b), r
}

// TestTshirtsSolveAtExploredPositions: every position the explorer
// reaches in T-Shirts solves, and Solve's answer is the explorer's own
// report of it, field for field; the value each move shows is Solve's
// for the position it leaves; Solve's winning moves are explorer moves.
func TestTshirtsSolveAtExploredPositions(t *testing.T) {
	for _, start := range []string{"3 1 2 / 1 2 3 / 2 3 1", "3 1 2 4 / 1 2 3 4 / 2 3 4 1", "1 2 3 4 5 / 5 4 3 2 1 / 3 1 5 2 4"} {
		n := walkPositions(t, "tshirts", start, func(pos string, x *Exploration) {
			got, r := solveJSONOf(t, "tshirts", pos)
			want, _ := json.Marshal(x.Report)
			if got != string(want) {
				t.Errorf("%q: solve says %s, the explorer %s", pos, got, want)
			}
			moves := map[string]bool{}
			for _, m := range x.Moves {
				moves[m.Position] = true
				_, mr := solveJSONOf(t, "tshirts", m.Position)
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

// TestKuhnSolveAtExploredPositions: every position of Kuhn poker's tree
// that the explorer reaches (the deal, the six deals, every betting
// sequence) solves, to the explorer's report of it, field for field; the
// ends of hands, which the explorer shows as final moves, solve to the
// same values.
func TestKuhnSolveAtExploredPositions(t *testing.T) {
	finals := 0
	// reached: whether the optimal strategies reach a position, from the
	// explorer's strategy probabilities of the moves on the way.
	reached := map[string]bool{"deal": true}
	offPath := func(r *Report) bool {
		return slices.ContainsFunc(r.Notes, func(s string) bool { return strings.HasPrefix(s, "the optimal strategies never reach") })
	}
	n := walkPositions(t, "kuhn", "deal", func(pos string, x *Exploration) {
		got, r := solveJSONOf(t, "kuhn", pos)
		want, _ := json.Marshal(x.Report)
		if got != string(want) {
			t.Errorf("%q: solve says %s, the explorer %s", pos, got, want)
		}
		if offPath(r) == reached[pos] {
			t.Errorf("%q: reached by the optimal strategies %v, but the notes say %q", pos, reached[pos], r.Notes)
		}
		for _, m := range x.Moves {
			reached[m.Position] = reached[pos] && m.Strategy != "0"
			if m.Terminal {
				finals++
				_, r := solveJSONOf(t, "kuhn", m.Position)
				if r.Value != m.Value || r.Remoteness == nil || *r.Remoteness != 0 {
					t.Errorf("%q: the hand's end solves to %v, the explorer's move says %v", m.Position, r.Value, m.Value)
				}
				if offPath(r) == reached[m.Position] {
					t.Errorf("%q: reached by the optimal strategies %v, but the notes say %q", m.Position, reached[m.Position], r.Notes)
				}
			}
		}
	})
	// The deal, 6 deals, and after each deal: check, bet, check bet (the
	// other 5 sequences end the hand).
	off := 0
	for _, r := range reached {
		if !r {
			off++
		}
	}
	if off == 0 || off == len(reached) {
		t.Errorf("%d of %d positions off the optimal path", off, len(reached))
	}
	if n != 1+6*4 || finals != 6*5 {
		t.Errorf("%d positions, %d ends of hands; want 25 and 30", n, finals)
	}
	// "deal" may be written or left out; cards and actions in any case.
	a, _ := solveJSONOf(t, "kuhn", "deal KQ check bet")
	b, _ := solveJSONOf(t, "kuhn", "kq CHECK Bet")
	if a != b || !strings.Contains(a, `"position":"KQ check bet"`) {
		t.Errorf("spellings of one position: %s and %s", a, b)
	}
}

// TestPositionErrors: bad positions are one-line errors naming the bad
// part.
func TestPositionErrors(t *testing.T) {
	for _, c := range []struct{ spec, pos, want string }{
		{"kuhn", "KK", `bad Kuhn poker deal "KK"`},
		{"kuhn", "3", `bad Kuhn poker deal "3"`},
		{"kuhn", "KQ raise", `bad Kuhn poker action "raise" after "KQ"`},
		{"kuhn", "KQ bet fold check", `the hand is over after "KQ bet fold", so "check" cannot follow`},
		{"kuhn", "KQ deal", `bad Kuhn poker action "deal"`},
		{"tshirts", "3 1 2 / 1 2 3 / 2 3 1 / deleted 4", "bad deleted shirt 4: the shirts are 1..3"},
		{"tshirts", "3 1 2 / 1 2 3 / 2 3 1 / deleted 0", "bad deleted shirt 0: the shirts are 1..3"},
		{"tshirts", "3 1 2 / 1 2 3 / 2 3 1 / deleted 2 2", "bad deleted shirt 2: it is deleted twice"},
		{"tshirts", "3 1 2 / 1 2 3 / 2 3 1 / deleted 1 2 3", "3 deleted shirts leave none"},
		{"tshirts", "3 1 2 / 1 2 3 / 2 3 1 / deleted x", `bad deleted shirt "x"`},
		{"tshirts", "3 1 2 / 1 2 3 / 2 3 1 / removed 1", `bad part "removed 1"`},
		{"tshirts", "3 1 2 / 1 2 3 / 2 3 1 / deleted 1 / deleted 2", `bad part "deleted 1"`},
		{"tshirts", "3 1 2 / 1 2 3 / deleted 1", "got 2 groups"},
		{"tshirts", "3 1 2 / 1 2 3 / 2 3 9 / deleted 1", "player 3's order names shirt 9"},
	} {
		inst, _ := Lookup(c.spec)
		_, err := inst.Solve(context.Background(), []string{c.pos}, Options{})
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s %q: %v, want one line with %q", c.spec, c.pos, err, c.want)
		}
		x := asExplorerOf(inst)
		if _, xerr := x.Explore(context.Background(), []string{c.pos}, Options{}, 0); xerr == nil || err == nil || xerr.Error() != err.Error() {
			t.Errorf("%s %q: the explorer says %v, solve %v", c.spec, c.pos, xerr, err)
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
		g, pos, err := tshirtsPosition([]string{s})
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("%q: a multi-line error %q", s, err)
			}
			return
		}
		text := tshirtsFormat(g, pos)
		g2, pos2, err := tshirtsPosition(strings.Fields(text))
		if err != nil || pos2 != pos || fmt.Sprint(g2.Order) != fmt.Sprint(g.Order) || tshirtsFormat(g2, pos2) != text {
			t.Fatalf("%q written %q reads back as %v %v (%v)", s, text, pos2, err, g2)
		}
	})
}

// FuzzKuhnPosition: any text is a Kuhn poker position that reads back
// the same from the way it is written, or a one-line error.
func FuzzKuhnPosition(f *testing.F) {
	for _, s := range []string{"", "deal", "KQ", "KQ check bet call", "jq bet fold", "deal deal", "KQ bet fold check", "QQ", "K Q", "KQ raise"} {
		f.Add(s)
	}
	root := kuhn.Tree()
	f.Fuzz(func(t *testing.T, s string) {
		n, path, err := kuhnNode(root, Fields([]string{s}))
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("%q: a multi-line error %q", s, err)
			}
			return
		}
		n2, path2, err := kuhnNode(root, strings.Fields(path))
		if err != nil || n2 != n || path2 != path {
			t.Fatalf("%q written %q reads back as %q (%v)", s, path, path2, err)
		}
	})
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
