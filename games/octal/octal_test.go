package octal

import (
	"context"
	"testing"

	"github.com/grundy-go/grundy/heap"
	"github.com/grundy-go/grundy/impartial"
)

// The generic Sprague–Grundy search, move by move over sums, agrees with
// the heap engine's values.
func TestSearchAgreesWithHeapEngine(t *testing.T) {
	for _, spec := range []string{"kayles", "dawson", "guiles", "grundy-game", "lasker", "treblecross", "octal:4.07", "hex:0.F", "subtract:2,5", "allbut:1,3", "fib"} {
		r, err := heap.Parse(spec)
		if err != nil {
			t.Fatal(err)
		}
		n := 150
		if r.MaxHeaps() == 3 {
			n = 40
		}
		vals, err := heap.Compute(context.Background(), r, n, heap.Options{})
		if err != nil {
			t.Fatal(err)
		}
		s := impartial.NewSplitting[int](Game{Rule: r}, impartial.Options{})
		for h := range n {
			g, err := s.Grundy(context.Background(), h)
			if err != nil {
				t.Fatal(err)
			}
			if uint32(g) != vals.At(h) {
				t.Fatalf("%s: search G(%d) = %d, heap engine %d", spec, h, g, vals.At(h))
			}
		}
	}
}
