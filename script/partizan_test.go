package script

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/cgt"
)

// TestPartizanDepth: a partizan script whose lines of play are too long
// to value depth first gets a *budget.Exceeded naming the depth, not a Go
// stack overflow (issue 19: left_moves(n) = [n + 1] crashed the process
// at 1.8 M positions). The bound is exact: a chain of maxPartizanDepth
// positions is valued, one more is refused.
func TestPartizanDepth(t *testing.T) {
	saved := maxPartizanDepth
	maxPartizanDepth = 1000
	defer func() { maxPartizanDepth = saved }()
	ctx := context.Background()
	value := func(src string, pos int) (string, error) {
		g, err := Load(ctx, "chain.star", []byte(src), Options{})
		if err != nil {
			t.Fatal(err)
		}
		p, err := g.Parse(ctx, nil, strconv.Itoa(pos))
		if err != nil {
			t.Fatal(err)
		}
		s := cgt.NewSpace()
		v, err := g.PartizanValue(ctx, s, p)
		if err != nil {
			return "", err
		}
		return s.String(v), nil
	}
	// Left takes one counter at a time: heap n is the integer n, reached
	// through n+1 positions n, n-1, ..., 0.
	chain := "def left_moves(n):\n    return [n - 1] if n > 0 else []\ndef right_moves(n):\n    return []\n"
	if v, err := value(chain, 999); err != nil || v != "999" {
		t.Errorf("heap 999 = %q (%v), want 999", v, err)
	}
	_, err := value(chain, 1000)
	var ex *budget.Exceeded
	if !errors.As(err, &ex) || ex.Resource != budget.Depth || ex.Limit != 1000 {
		t.Fatalf("heap 1000: %v, want a depth limit of 1000", err)
	}
	if want := "chain.star: a line of play from the position asked for is more than 1000 positions deep (at 0)"; !strings.HasPrefix(err.Error(), want) {
		t.Errorf("heap 1000: %q, want it to start %q", err, want)
	}
	// Positions that never end.
	grow := "def left_moves(n):\n    return [n + 1]\ndef right_moves(n):\n    return []\n"
	if _, err := value(grow, 0); !budget.Over(err, budget.Depth) {
		t.Errorf("n -> n+1: %v, want a depth limit", err)
	} else if !strings.Contains(err.Error(), "(at 1000)") {
		t.Errorf("n -> n+1: %q, want the position reached, 1000", err)
	}
}

// TestPartizanMemory: the canonical forms of a partizan script's values
// are charged to the memory budget (--max-memory), as the built-in
// games' are: thirty switches ±1 … ±30 summed by split overrun 4 MiB
// with an error naming the canonical forms, and are valued without one.
func TestPartizanMemory(t *testing.T) {
	src := `
def left_moves(p):
    kind, n = p
    if kind == "switch":
        return [("int", n)]
    return [("int", n - 1)] if n > 0 else []

def right_moves(p):
    kind, n = p
    if kind == "switch":
        return [("int", -n)]
    return [("int", n + 1)] if n < 0 else []

def split(p):
    if p[0] == "sum":
        return [("switch", n) for n in range(1, p[1] + 1)]
    return [p]
`
	ctx := context.Background()
	inst := &instance{path: "switches.star", src: []byte(src)}
	value := func(n int, mem *budget.Bytes) (*cgt.Space, cgt.Game, error) {
		s := cgt.NewSpace()
		s.MaxSteps = 200_000_000
		v, _, err := inst.Value(ctx, s, nil, catalog.Options{PositionExpr: `("sum", ` + strconv.Itoa(n) + `)`, Memory: mem})
		return s, v, err
	}
	_, _, err := value(30, budget.NewBytes(4<<20))
	if !budget.Over(err, budget.Memory) || !strings.Contains(err.Error(), "canonical forms") {
		t.Fatalf("±1 + … + ±30 in 4 MiB: %v, want the memory budget of the canonical forms", err)
	}
	s, v, err := value(30, nil)
	if err != nil {
		t.Fatal(err)
	}
	if l, r := s.LeftStop(v), s.RightStop(v); l != cgt.Int(15) || r != cgt.Int(-15) {
		t.Errorf("±1 + … + ±30: stops %v, %v, want 15, -15", l, r)
	}
	// Within a budget, ±1 + ±2 + ±3 is the calculator's sum.
	s, v, err = value(3, budget.NewBytes(64<<20))
	if want, _ := s.Parse("{1|-1} + {2|-2} + {3|-3}"); err != nil || v != want {
		t.Errorf("±1 + ±2 + ±3 = %s (%v), want %s", s.String(v), err, s.String(want))
	}
}
