package partizan_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/games/partizan"
	"github.com/grundy-go/grundy/games/partizan/domineering"
	"github.com/grundy-go/grundy/games/partizan/hackenbush"
)

// TestParallelAgrees values random Domineering boards and Hackenbush
// trees with one worker and with three: the values must print the same.
func TestParallelAgrees(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	ctx := context.Background()
	for k := 0; k < 60; k++ {
		b, _ := domineering.Empty(1+r.IntN(4), 1+r.IntN(4))
		for i := 0; i < int(b.Rows)*int(b.Cols); i++ {
			if r.IntN(5) == 0 {
				b.Filled |= 1 << i
			}
		}
		s1, s2 := cgt.NewSpace(), cgt.NewSpace()
		e1, _ := partizan.New[domineering.Board](s1, domineering.Game{})
		e2, _ := partizan.New[domineering.Board](s2, domineering.Game{})
		g1, err1 := e1.Value(ctx, b)
		g2, err2 := e2.ValueParallel(ctx, 3, b)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if s1.String(g1) != s2.String(g2) {
			t.Fatalf("%s: %s alone, %s in parallel", b, s1.String(g1), s2.String(g2))
		}
	}
	s1, s2 := cgt.NewSpace(), cgt.NewSpace()
	e1, _ := partizan.New[string](s1, hackenbush.Trees{})
	e2, _ := partizan.New[string](s2, hackenbush.Trees{})
	for _, p := range []string{"l[r,lr]", "lrrl", "r[l[r,r],l]", "l", "rl[l,l,r]"} {
		g1, _ := e1.Value(ctx, p)
		g2, err := e2.ValueParallel(ctx, 2, p, p)
		if err != nil {
			t.Fatal(err)
		}
		if want := s1.String(must(s1.Add(g1, g1))); s2.String(g2) != want {
			t.Fatalf("%s twice: %s in parallel, want %s", p, s2.String(g2), want)
		}
	}
}

// countdown is a context that is done after its Err has been asked n
// times: it stops an evaluation at a chosen check, wherever the check is
// made (the evaluator's, or the cgt.Space's inside a sum), with no timing.
type countdown struct {
	context.Context
	n int
}

func (c *countdown) Err() error {
	if c.n <= 0 {
		return context.DeadlineExceeded
	}
	c.n--
	return nil
}

// TestContextErrors checks that a stopped evaluation returns an error
// wrapping the context's (errors.Is(err, context.DeadlineExceeded)), from
// Value, ValueParallel and WinningMoves, whichever check sees it first:
// the server answers a timeout 503 from that, not 400.
func TestContextErrors(t *testing.T) {
	b, err := domineering.Empty(6, 6)
	if err != nil {
		t.Fatal(err)
	}
	past, cancel := context.WithDeadline(context.Background(), time.Unix(0, 0))
	defer cancel()
	e, _ := partizan.New[domineering.Board](cgt.NewSpace(), domineering.Game{})
	if _, err := e.Value(past, b); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Value past its deadline: %v", err)
	}
	if _, err := e.ValueParallel(past, 2, b); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("ValueParallel past its deadline: %v", err)
	}
	if _, err := e.WinningMoves(past, []domineering.Board{b}, true); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("WinningMoves past its deadline: %v", err)
	}
	for n := 1; n <= 40; n++ {
		ctx := &countdown{Context: context.Background(), n: n}
		e, _ := partizan.New[domineering.Board](cgt.NewSpace(), domineering.Game{})
		_, err := e.Value(ctx, b)
		if !errors.Is(err, context.DeadlineExceeded) || errors.Is(err, budget.ErrExceeded) {
			t.Errorf("Value stopped at check %d: %v, want a wrapped DeadlineExceeded", n+1, err)
		}
	}
}

// TestLimitErrors checks that the evaluator's limits are budget errors
// naming no flag.
func TestLimitErrors(t *testing.T) {
	b, _ := domineering.Empty(5, 5)
	e, _ := partizan.New[domineering.Board](cgt.NewSpace(), domineering.Game{})
	e.MaxPositions = 100
	_, err := e.Value(context.Background(), b)
	var ex *budget.Exceeded
	if !errors.As(err, &ex) || ex.Resource != budget.States || ex.Limit != 100 || strings.Contains(err.Error(), "--") {
		t.Errorf("Value past MaxPositions: %v, want a *budget.Exceeded of 100 states", err)
	}
	s := cgt.NewSpace()
	s.MaxSteps = 1000
	e, _ = partizan.New[domineering.Board](s, domineering.Game{})
	if _, err := e.Value(context.Background(), b); !errors.As(err, &ex) || ex.Resource != budget.Steps {
		t.Errorf("Value past the Space's MaxSteps: %v, want a *budget.Exceeded of steps", err)
	}
}

// TestMemoryBudget checks that a search past its memory budget stops with
// the budget's error naming the limit, alone and in parallel, and that a
// parallel run gives back what its workers charged.
func TestMemoryBudget(t *testing.T) {
	b, _ := domineering.Empty(6, 6)
	for _, workers := range []int{1, 2} {
		mem := budget.NewBytes(4 << 20)
		s := cgt.NewSpace()
		s.Memory = mem
		e, _ := partizan.New[domineering.Board](s, domineering.Game{})
		e.Memory = mem
		_, err := e.ValueParallel(context.Background(), workers, b)
		var ex *budget.Exceeded
		if !errors.As(err, &ex) || ex.Resource != budget.Memory || ex.Limit != 4<<20 || !strings.Contains(err.Error(), "4 MiB") {
			t.Errorf("%d workers: %v, want the budget's error naming 4 MiB", workers, err)
		}
		s.Release()
		e.Release()
		if workers > 1 && mem.Used() != 0 {
			t.Errorf("%d workers: %d bytes still charged after Release", workers, mem.Used())
		}
	}
	// Within its budget the value is the same as without one.
	b, _ = domineering.Empty(4, 5)
	mem := budget.NewBytes(64 << 20)
	s := cgt.NewSpace()
	s.Memory = mem
	e, _ := partizan.New[domineering.Board](s, domineering.Game{})
	e.Memory = mem
	g, err := e.Value(context.Background(), b)
	s0 := cgt.NewSpace()
	e0, _ := partizan.New[domineering.Board](s0, domineering.Game{})
	g0, err0 := e0.Value(context.Background(), b)
	if err != nil || err0 != nil || s.String(g) != s0.String(g0) {
		t.Errorf("4x5 within budget: %s (%v), without: %s (%v)", s.String(g), err, s0.String(g0), err0)
	}
	if mem.Used() == 0 {
		t.Errorf("4x5: nothing charged to the budget")
	}
}
