package c4catalog

import (
	"context"
	"testing"

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
