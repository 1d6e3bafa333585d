package c4catalog

import (
	"context"
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/games/connect4"
	"github.com/grundy-go/grundy/outcome"
	"github.com/grundy-go/grundy/retro"
)

func TestSpecs(t *testing.T) {
	for _, bad := range []string{"7", "7x", "x6", "10x6", "0x4", "7x0", "8x8", "7x6:1", "7x6:8", "7x6:", "7x6:4:4", "-1x4", "+7x6", "7x6x2", "99999999999999999999x1"} {
		if _, err := Make(bad); err == nil {
			t.Errorf("connect4:%s: no error", bad)
		}
	}
	for _, good := range []string{"", "7x6", "4x4", "9x5", "6x5:5", "1x63:2", "2x31"} {
		if _, err := Make(good); err != nil {
			t.Errorf("connect4:%s: %v", good, err)
		}
	}
}

// solvedWhole is the retrograde analysis of every position of g reachable
// from the empty board: the witness the catalog's reports are checked
// against (package connect4 checks it against a plain minimax).
func solvedWhole(t *testing.T, g connect4.Game) *retro.Table[connect4.Board] {
	t.Helper()
	tab, err := retro.SolveGame[connect4.Board](context.Background(), connect4.Reachable{Game: g, Err: new(error)}, retro.GameOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

func TestSolveReport(t *testing.T) {
	inst, err := catalog.Lookup("connect4:4x4:3")
	if err != nil {
		t.Fatal(err)
	}
	r, err := inst.Solve(context.Background(), []string{"12"}, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g, err := connect4.New(4, 4, 3)
	if err != nil {
		t.Fatal(err)
	}
	tab := solvedWhole(t, g)
	p, err := g.S.FromMoves("12")
	if err != nil {
		t.Fatal(err)
	}
	o, rem, _ := tab.Lookup(p)
	if r.Outcome != o.String() || r.Remoteness == nil || *r.Remoteness != int(rem) {
		t.Errorf("12: %s %v; want %s %d", r.Outcome, r.Remoteness, o, rem)
	}
	wins := 0
	for c := range g.S.W {
		if g.S.CanPlay(p, c) {
			if q, _, _ := tab.Lookup(g.S.Play(p, c)); q == outcome.P {
				wins++
			}
		}
	}
	if len(r.WinningMoves) != wins || wins == 0 {
		t.Errorf("12: winning moves %v; want %d of them", r.WinningMoves, wins)
	}
	for _, m := range r.WinningMoves {
		b, err := g.S.FromMoves(m)
		if err != nil {
			t.Fatal(err)
		}
		if q, _, _ := tab.Lookup(b); q != outcome.P {
			t.Errorf("winning move %s does not leave a lost position", m)
		}
	}
	if _, err := inst.Solve(context.Background(), []string{"12"}, catalog.Options{MaxStates: 100}); err == nil {
		t.Errorf("a cap of 100 positions: no error")
	}
}

// The search's reports (--method search) equal the retrograde analysis's
// on random positions reached in play on small boards: outcome,
// remoteness and winning moves, in the same words.
func TestSearchEqualsRetro(t *testing.T) {
	for _, spec := range []string{"4x4", "4x4:3", "5x3", "3x5:3"} {
		inst, err := Make(spec)
		if err != nil {
			t.Fatal(err)
		}
		g := inst.(instance).g
		rng := rand.New(rand.NewPCG(1, uint64(len(spec))))
		for range 60 {
			var moves []byte
			b := connect4.Board{}
			for n := rng.IntN(g.S.Cells()); n > 0 && !g.Over(b); n-- {
				var cols []int
				for c := range g.S.W {
					if g.S.CanPlay(b, c) {
						cols = append(cols, c)
					}
				}
				c := cols[rng.IntN(len(cols))]
				b = g.S.Play(b, c)
				moves = append(moves, byte('1'+c))
			}
			pos := []string{string(moves)}
			byRetro, err := inst.Solve(context.Background(), pos, catalog.Options{})
			if err != nil {
				t.Fatal(err)
			}
			bySearch, err := inst.Solve(context.Background(), pos, catalog.Options{Method: catalog.Search, TTSize: 1 << 20})
			if err != nil {
				t.Fatal(err)
			}
			if a, b := summary(byRetro), summary(bySearch); a != b {
				t.Errorf("connect4:%s %q: retrograde analysis %s, search %s", spec, moves, a, b)
			}
		}
	}
}

func summary(r *catalog.Report) string {
	rem := "-"
	if r.Remoteness != nil {
		rem = strconv.Itoa(*r.Remoteness)
	}
	return r.Outcome + " " + rem + " " + strings.Join(r.WinningMoves, ",")
}

// A board too large for retrograde analysis is searched without being
// asked, and the search's limits are errors of their kind.
func TestLargeBoardSearched(t *testing.T) {
	inst, err := Make("7x6")
	if err != nil {
		t.Fatal(err)
	}
	// A position of 24 stones reached by random play that ends nothing:
	// the search answers it in milliseconds.
	g := inst.(instance).g
	rng := rand.New(rand.NewPCG(7, 42))
	var moves []byte
	for b := (connect4.Board{}); len(moves) < 24; {
		c := rng.IntN(g.S.W)
		if g.S.CanPlay(b, c) && !g.S.IsWinningMove(b, c) {
			b = g.S.Play(b, c)
			moves = append(moves, byte('1'+c))
		}
	}
	r, err := inst.Solve(context.Background(), []string{string(moves)}, catalog.Options{TTSize: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(r.Method, "alpha-beta") {
		t.Errorf("7x6: found by %q, want the search", r.Method)
	}
	_, err = inst.Solve(context.Background(), []string{"4453"}, catalog.Options{TTSize: 1 << 20, MaxNodes: 1000})
	var x *budget.Exceeded
	if !errors.As(err, &x) || x.Resource != budget.Nodes || x.Limit != 1000 {
		t.Errorf("a budget of 1000 nodes: %v; want a budget.Exceeded of Nodes", err)
	}
	if _, err := inst.Solve(context.Background(), []string{"4453"}, catalog.Options{TTSize: 1 << 10}); err == nil || errors.Is(err, budget.ErrExceeded) {
		t.Errorf("a table of 1 KiB: %v; want an error that is not a limit reached", err)
	}
}

// The search's table is charged to the memory budget: a request of a
// server (8 MiB) gets a table within it, given back after, and a table
// asked for beyond the budget is the budget's error.
func TestSearchTableCharged(t *testing.T) {
	inst, err := Make("5x4")
	if err != nil {
		t.Fatal(err)
	}
	mem := budget.NewBytes(8 << 20)
	r, err := inst.Solve(context.Background(), []string{"3"}, catalog.Options{Memory: mem})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(r.Method, "table of 4 MiB") || mem.Used() != 0 {
		t.Errorf("under 8 MiB: %q, %d bytes still charged; want a table of 4 MiB, nothing charged after", r.Method, mem.Used())
	}
	_, err = inst.Solve(context.Background(), []string{"3"}, catalog.Options{Memory: mem, TTSize: 16 << 20})
	var x *budget.Exceeded
	if !errors.As(err, &x) || x.Resource != budget.Memory {
		t.Errorf("a table of 16 MiB under 8 MiB: %v; want the memory budget's error", err)
	}
}
