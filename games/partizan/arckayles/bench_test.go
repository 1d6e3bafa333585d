package arckayles

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/games/partizan"
)

// BenchmarkPath50 values Arc Kayles on the path of 50 vertices from an
// empty memo.
func BenchmarkPath50(b *testing.B) {
	for b.Loop() {
		s := cgt.NewSpace()
		e, _ := partizan.New[string](s, Game{Plain})
		if _, err := e.Value(context.Background(), "."+strings.Repeat("-", 49)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPartizanGrid4 values Partizan Arc Kayles on a 4x4 grid whose
// edges are coloured blue, red and green in turn, from an empty memo.
func BenchmarkPartizanGrid4(b *testing.B) {
	var parts []string
	for v := 0; v < 16; v++ {
		if v%4 < 3 {
			parts = append(parts, fmt.Sprintf(":{%d}%c:{%d}", v, "lre"[len(parts)%3], v+1))
		}
		if v < 12 {
			parts = append(parts, fmt.Sprintf(":{%d}%c:{%d}", v, "lre"[len(parts)%3], v+4))
		}
	}
	g := Game{Partizan}
	pos, err := g.Parse([]string{strings.Join(parts, ";")})
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
