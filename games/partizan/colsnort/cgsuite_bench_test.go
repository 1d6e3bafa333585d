package colsnort

import (
	"context"
	"testing"

	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/games/partizan"
)

// BenchmarkCGSuiteSnortTree values Snort on a tree of 15 vertices in
// CGSuite's notation, two of them tinted, from an empty memo.
func BenchmarkCGSuiteSnortTree(b *testing.B) {
	g := Either{Snort: true}
	pos, err := g.Parse([]string{"L---(--(-;-);---(-;-R);--)"})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		s := cgt.NewSpace()
		e, _ := partizan.New[string](s, g)
		if _, err := e.Value(context.Background(), pos...); err != nil {
			b.Fatal(err)
		}
	}
}
