package script

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/budget"
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
