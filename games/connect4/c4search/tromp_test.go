package c4search

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/games/connect4"
	"github.com/grundy-go/grundy/outcome"
	"github.com/grundy-go/grundy/search"
)

// trompTable is the value of the empty board by size, K = 4: John Tromp's
// table for w + h <= 15 (tromp.github.io/c4/c4.html), with the move on
// which the game ends under best play as tabulated beside it in
// ChristopheSteininger/c4's readme. A first-player win at move m is
// outcome N with remoteness m from the empty board, a second-player win
// outcome P, a draw ends on the last cell.
var trompTable = []struct {
	w, h int
	o    outcome.Outcome
	end  int
	long bool // takes more than a few seconds: only without -short
}{
	{4, 4, outcome.D, 16, false},
	{5, 4, outcome.D, 20, false},
	{6, 4, outcome.P, 24, false},
	{7, 4, outcome.D, 28, false},
	{8, 4, outcome.P, 32, true},
	// 9x4 (P, 36) takes minutes: checked once by hand, not in the tests.
	{4, 5, outcome.D, 20, false},
	{5, 5, outcome.D, 25, false},
	{6, 5, outcome.D, 30, false},
	{4, 6, outcome.D, 24, false},
	{5, 6, outcome.D, 30, false},
	{4, 7, outcome.D, 28, false},
	{4, 8, outcome.D, 32, false},
	{5, 7, outcome.D, 35, true},
}

func TestTrompTable(t *testing.T) {
	for _, c := range trompTable {
		if c.long && testing.Short() {
			continue
		}
		s, err := connect4.NewShape(c.w, c.h, 4)
		if err != nil {
			t.Fatal(err)
		}
		t0 := time.Now()
		res, err := Analyze(context.Background(), s, connect4.Board{}, Options{TTSize: 16 << 20, Threads: 2})
		if err != nil {
			t.Fatal(err)
		}
		want := search.Value{Outcome: c.o, Remoteness: c.end}
		if c.o == outcome.D {
			want.Remoteness = -1
		}
		if res.Value != want {
			t.Errorf("%dx%d: %+v (score %d), Tromp's table says %+v", c.w, c.h, res.Value, res.Score, want)
		}
		t.Logf("%dx%d: %v in %d, %d nodes, %v", c.w, c.h, res.Outcome, res.Remoteness, res.Nodes, time.Since(t0).Round(time.Millisecond))
	}
}

func TestLimits(t *testing.T) {
	s, _ := connect4.NewShape(7, 6, 4)
	b, _ := s.FromMoves("4444")
	_, err := Analyze(context.Background(), s, b, Options{TTSize: MinTTSize, MaxNodes: 100000, Threads: 2})
	var ex *budget.Exceeded
	if !errors.Is(err, budget.ErrExceeded) || !errors.As(err, &ex) || ex.Limit != 100000 {
		t.Fatalf("MaxNodes: %v; want a budget.Exceeded of 100000", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	t0 := time.Now()
	_, err = Analyze(ctx, s, b, Options{TTSize: MinTTSize, Threads: 2})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("timeout: %v", err)
	}
	if d := time.Since(t0); d > 2*time.Second {
		t.Fatalf("the search stopped %v after its deadline", d)
	}
	if _, err := New(s, Options{TTSize: MinTTSize - 1}); !errors.Is(err, budget.ErrExceeded) {
		t.Fatalf("a table under MinTTSize: %v", err)
	}
	sv, _ := New(s, Options{TTSize: 3 * MinTTSize})
	if sv.TableBytes() != 2*MinTTSize {
		t.Fatalf("a table of 3*MinTTSize bytes takes %d bytes, want it rounded down to %d", sv.TableBytes(), 2*MinTTSize)
	}
	var calls int
	sv, _ = New(s, Options{TTSize: MinTTSize, Progress: func(search.Progress) { calls++ }})
	late, _ := s.FromMoves("44444433333")
	if _, err := sv.Analyze(context.Background(), late); err != nil || calls == 0 {
		t.Fatalf("progress: %d calls, %v", calls, err)
	}
}

// TestFinished: boards whose game is over.
func TestFinished(t *testing.T) {
	s, _ := connect4.NewShape(4, 4, 4)
	b, _ := s.FromMoves("1212121")
	res, err := Analyze(context.Background(), s, b, Options{TTSize: MinTTSize})
	if err != nil || res.Value != (search.Value{Outcome: outcome.P, Remoteness: 0}) || len(res.Moves) != 0 {
		t.Fatalf("a won board: %+v, %v", res, err)
	}
	if _, err := (&Solver{g: newGeometry(s)}).Solve(context.Background(), b); err == nil {
		t.Fatal("Solve of a finished game: no error")
	}
}
