package script

import (
	"context"
	"testing"

	"github.com/grundy-go/grundy/games/subtraction"
	"github.com/grundy-go/grundy/impartial"
)

const benchScript = `
S = (1, 3, 4)
def moves(n):
    return [n - s for s in S if s <= n]
`

// benchHeap is the heap solved by the benchmarks: every heap below it is
// solved on the way.
const benchHeap = 100_000

// BenchmarkSubtractScript solves subtract:1,3,4 up to 10^5 written as a
// script; compare BenchmarkSubtractBuiltin.
func BenchmarkSubtractScript(b *testing.B) {
	ctx := context.Background()
	for b.Loop() {
		g, err := Load(ctx, "bench.star", []byte(benchScript), Options{})
		if err != nil {
			b.Fatal(err)
		}
		s := NewSolver(g, SolveOptions{})
		p, err := g.Parse(ctx, []string{"100000"}, "")
		if err != nil {
			b.Fatal(err)
		}
		if v, _, err := s.Grundy(ctx, p); err != nil || v != 3 {
			b.Fatalf("G(10^5) = %d, %v; want 3", v, err)
		}
	}
}

// BenchmarkSubtractBuiltin solves the built-in subtract:1,3,4 up to 10^5
// with the same solver.
func BenchmarkSubtractBuiltin(b *testing.B) {
	ctx := context.Background()
	for b.Loop() {
		g, err := subtraction.New([]int{1, 3, 4})
		if err != nil {
			b.Fatal(err)
		}
		s := impartial.New(g, impartial.Options{})
		if v, err := s.Grundy(ctx, benchHeap); err != nil || v != 3 {
			b.Fatalf("G(10^5) = %d, %v; want 3", v, err)
		}
	}
}
