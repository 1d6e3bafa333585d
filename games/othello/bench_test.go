package othello

import (
	"context"
	"os"
	"testing"
	"time"
)

// TestSixBySix values 6x6 from the start, only when GRUNDY_OTHELLO_6X6 is
// set: White wins 20-16 (Feinstein 1993), a margin of -4 for Black.
func TestSixBySix(t *testing.T) {
	if os.Getenv("GRUNDY_OTHELLO_6X6") == "" {
		t.Skip("set GRUNDY_OTHELLO_6X6=1 to search 6x6 from the start (minutes; BENCHMARKS.md)")
	}
	b := mustNew(t, 6, 6)
	s := NewSolver(b, 1<<30)
	start := time.Now()
	a, err := s.Analyze(context.Background(), b.Start(), 0)
	if err != nil {
		t.Fatal(err)
	}
	v := a.Margin
	t.Logf("6x6: margin %d for Black, %d nodes, %v wall", v, s.Nodes(), time.Since(start))
	for _, m := range a.Moves {
		if m.Margin != v {
			t.Errorf("6x6: %s is worth %d, but the four first moves are images of one another", b.CellName(m.Cell), m.Margin)
		}
	}
	if v != -4 {
		t.Errorf("6x6: Black's margin %d, want -4 (White 20-16)", v)
	}
}
