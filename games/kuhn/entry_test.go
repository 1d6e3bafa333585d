package kuhn

import (
	"context"
	"encoding/json"
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/catalogtest"
)

// instanceOf looks Kuhn poker up as front ends do, with its explorer.
func instanceOf(t testing.TB) (catalog.Instance, catalog.Explorer) {
	t.Helper()
	inst, err := catalog.Lookup("kuhn")
	if err != nil {
		t.Fatal(err)
	}
	x, ok := catalog.AsExplorer(inst)
	if !ok {
		t.Fatal("kuhn does not explore")
	}
	return inst, x
}

func explore(t *testing.T, pos string) *catalog.Exploration {
	t.Helper()
	_, ex := instanceOf(t)
	var toks []string
	if pos != "" {
		toks = []string{pos}
	}
	x, err := ex.Explore(context.Background(), toks, catalog.Options{}, 0)
	if err != nil {
		t.Fatalf("kuhn %q: %v", pos, err)
	}
	return x
}

// solveJSONOf is Solve's --json answer for a position written as the
// explorer writes it, passed as one token as a shell passes a quoted
// argument.
func solveJSONOf(t *testing.T, pos string) (string, *catalog.Report) {
	t.Helper()
	inst, _ := instanceOf(t)
	r, err := inst.Solve(context.Background(), []string{pos}, catalog.Options{})
	if err != nil {
		t.Fatalf("solve kuhn %q, a position the explorer reached: %v", pos, err)
	}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(b), r
}

// walkPositions explores from start and every position its moves reach
// (chance outcomes included), calling visit with each position and its
// exploration.
func walkPositions(t *testing.T, start string, visit func(pos string, x *catalog.Exploration)) int {
	t.Helper()
	_, ex := instanceOf(t)
	seen := map[string]bool{}
	var walk func(pos string)
	walk = func(pos string) {
		if seen[pos] {
			return
		}
		seen[pos] = true
		x, err := ex.Explore(context.Background(), []string{pos}, catalog.Options{}, 0)
		if err != nil {
			t.Fatalf("kuhn %q: %v", pos, err)
		}
		visit(pos, x)
		var next func(ms []catalog.MoveInfo)
		next = func(ms []catalog.MoveInfo) {
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

func TestKuhnReport(t *testing.T) {
	_, r := solveJSONOf(t, "")
	if r.Extra["value_exact"] != "-1/18" || r.Extra["verified"] != true || r.Position != "deal" || r.Outcome != "D" {
		t.Errorf("kuhn: %+v", r)
	}
	inst, _ := instanceOf(t)
	if _, err := inst.Solve(context.Background(), []string{"3"}, catalog.Options{}); err == nil {
		t.Error("kuhn accepted a position")
	}
	if _, err := inst.Solve(context.Background(), nil, catalog.Options{Method: catalog.ClosedForm}); err == nil || !strings.Contains(err.Error(), "no closed form") {
		t.Errorf("--method closed: %v", err)
	}
	if _, err := catalog.Lookup("kuhn:3"); err == nil {
		t.Error("kuhn:3 accepted")
	}
}

// TestKuhnMoves: the deal's six outcomes, 1/6 each, average to Kuhn's
// value −1/18; at every decision the position's value is the optimal mix
// of its moves' values.
func TestKuhnMoves(t *testing.T) {
	x := explore(t, "")
	if x.MoveKind != catalog.MovesChance || len(x.Moves) != 6 {
		t.Fatalf("deal: %s, %d moves", x.MoveKind, len(x.Moves))
	}
	total := new(big.Rat)
	var check func(pos string, depth int)
	check = func(pos string, depth int) {
		x := explore(t, pos)
		v, _ := new(big.Rat).SetString(x.Report.Extra["value_exact"].(string))
		if len(x.Moves) == 0 {
			return
		}
		mix := new(big.Rat)
		for _, m := range x.Moves {
			p, _ := new(big.Rat).SetString(m.Strategy.(string))
			mv, _ := new(big.Rat).SetString(m.MoverValue.(string))
			mix.Add(mix, p.Mul(p, mv))
			if !m.Terminal {
				check(m.Position, depth+1)
			}
		}
		if mix.Cmp(v) != 0 {
			t.Errorf("%s: value %s, optimal mix of moves %s", pos, v.RatString(), mix.RatString())
		}
	}
	for _, m := range x.Moves {
		if m.Probability != "1/6" {
			t.Errorf("deal %s: probability %v", m.To, m.Probability)
		}
		v, _ := new(big.Rat).SetString(explore(t, m.Position).Report.Extra["value_exact"].(string))
		total.Add(total, v.Quo(v, big.NewRat(6, 1)))
		check(m.Position, 0)
	}
	if total.Cmp(big.NewRat(-1, 18)) != 0 {
		t.Errorf("the deals average %s, want -1/18", total.RatString())
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
	offPath := func(r *catalog.Report) bool {
		return slices.ContainsFunc(r.Notes, func(s string) bool { return strings.HasPrefix(s, "the optimal strategies never reach") })
	}
	n := walkPositions(t, "deal", func(pos string, x *catalog.Exploration) {
		got, r := solveJSONOf(t, pos)
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
				_, r := solveJSONOf(t, m.Position)
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
	a, _ := solveJSONOf(t, "deal KQ check bet")
	b, _ := solveJSONOf(t, "kq CHECK Bet")
	if a != b || !strings.Contains(a, `"position":"KQ check bet"`) {
		t.Errorf("spellings of one position: %s and %s", a, b)
	}
}

// TestKuhnPositionErrors: bad positions are one-line errors naming the
// bad part, the same from Solve and from the explorer.
func TestKuhnPositionErrors(t *testing.T) {
	inst, x := instanceOf(t)
	for _, c := range []struct{ pos, want string }{
		{"KK", `bad Kuhn poker deal "KK"`},
		{"3", `bad Kuhn poker deal "3"`},
		{"KQ raise", `bad Kuhn poker action "raise" after "KQ"`},
		{"KQ bet fold check", `the hand is over after "KQ bet fold", so "check" cannot follow`},
		{"KQ deal", `bad Kuhn poker action "deal"`},
	} {
		_, err := inst.Solve(context.Background(), []string{c.pos}, catalog.Options{})
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("kuhn %q: %v, want one line with %q", c.pos, err, c.want)
		}
		if _, xerr := x.Explore(context.Background(), []string{c.pos}, catalog.Options{}, 0); xerr == nil || err == nil || xerr.Error() != err.Error() {
			t.Errorf("kuhn %q: the explorer says %v, solve %v", c.pos, xerr, err)
		}
	}
}

// FuzzKuhnPosition: any text is a Kuhn poker position that reads back
// the same from the way it is written, or a one-line error.
func FuzzKuhnPosition(f *testing.F) {
	for _, s := range []string{"", "deal", "KQ", "KQ check bet call", "jq bet fold", "deal deal", "KQ bet fold check", "QQ", "K Q", "KQ raise"} {
		f.Add(s)
	}
	root := Tree()
	f.Fuzz(func(t *testing.T, s string) {
		n, path, err := findNode(root, catalog.Fields([]string{s}))
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("%q: a multi-line error %q", s, err)
			}
			return
		}
		n2, path2, err := findNode(root, strings.Fields(path))
		if err != nil || n2 != n || path2 != path {
			t.Fatalf("%q written %q reads back as %q (%v)", s, path, path2, err)
		}
	})
}

// FuzzExplore feeds arbitrary positions to Kuhn poker's explorer:
// whatever the input, an exploration whose moves lead somewhere, or a
// one-line error; never a panic or a hang.
func FuzzExplore(f *testing.F) {
	for _, s := range []string{"deal", "KQ check bet call", "KK", "JQ check check fold", ""} {
		f.Add(s)
	}
	_, ex := instanceOf(f)
	f.Fuzz(func(t *testing.T, pos string) { catalogtest.ExploreAny(t, ex, pos) })
}
