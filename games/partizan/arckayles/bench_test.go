package arckayles

import (
	"context"
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
