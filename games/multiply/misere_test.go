package multiply

import (
	"slices"
	"strconv"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/catalogtest"
)

// Every product p < N for several N under misère play, against the
// witness (the definition, on the game's moves).
func TestMisereAgainstWitness(t *testing.T) {
	for _, n := range []int64{2, 9, 10, 18, 100, 162, 1000} {
		inst, err := makeInstance(strconv.FormatInt(n, 10))
		if err != nil {
			t.Fatal(err)
		}
		g := Game{N: n}
		w := catalogtest.NewMisereWitness(func(p int64) []int64 { return slices.Collect(g.Moves(p)) },
			func(p int64) string { return strconv.FormatInt(p, 10) })
		for p := int64(1); p < n && p < 200; p++ {
			catalogtest.CheckMisere(t, inst, []string{strconv.FormatInt(p, 10)}, catalog.Options{}, w, p)
		}
	}
}
