package othello

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
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
	// Analyze searches each first move exactly: the bounds are of the
	// position it leaves, White's margin there.
	s.OnProbe = func(lo, hi int, nodes int64) {
		t.Logf("%v: %d <= White's margin after Black's first move <= %d, %d nodes", time.Since(start).Round(time.Second), lo, hi, nodes)
	}
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

// BenchmarkFeinsteinLine searches 6x6 from the positions of Feinstein's
// perfect line with 20, 22, 24 and 26 empty cells (after 12, 10, 8 and 6 moves),
// each with a fresh table: how the work grows towards the start.
func BenchmarkFeinsteinLine(b *testing.B) {
	board := mustNew(b, 6, 6)
	for _, k := range []int{12, 10, 8, 6} {
		p := board.Start()
		for _, mv := range feinsteinLine[:k] {
			p = board.Play(p, int(mv[0]-'a')+6*int(mv[1]-'1'))
		}
		b.Run(fmt.Sprintf("empties=%d", 32-k), func(b *testing.B) {
			var nodes int64
			for b.Loop() {
				s := NewSolver(board, 1<<28)
				v, err := s.Value(context.Background(), p, 0)
				if err != nil || v != -4 {
					b.Fatalf("Black's margin %d (%v), want -4", v, err)
				}
				nodes += s.Nodes()
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}

// BenchmarkMoves is move generation and play on random 6x6 positions.
func BenchmarkMoves(b *testing.B) {
	board := mustNew(b, 6, 6)
	rng := rand.New(rand.NewPCG(1, 1))
	var ps []Pos
	for range 256 {
		q := plainStart(6, 6).randomPlay(rng, rng.IntN(28))
		p, _ := board.Parse(q.text())
		ps = append(ps, p)
	}
	n := 0
	for b.Loop() {
		p := ps[n&255]
		n++
		for m := board.LegalMoves(p); m != 0; m &= m - 1 {
			_ = board.Play(p, bits.TrailingZeros64(m))
		}
	}
}
