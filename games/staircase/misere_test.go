package staircase

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/catalogtest"
)

// Random coin strips under misère play against the witness (the
// definition, on the game's moves).
func TestMisereAgainstWitness(t *testing.T) {
	rng := rand.New(rand.NewPCG(20, 3))
	w := catalogtest.NewMisereWitness(func(k Key) []Key { return slices.Collect(Game{}.Moves(k)) }, Game{}.Format)
	for range 40 {
		var cells []int
		for c := 1; c <= 9; c++ {
			if rng.IntN(3) == 0 {
				cells = append(cells, c)
			}
		}
		if len(cells) == 0 {
			continue
		}
		catalogtest.CheckMisere(t, instance{}, []string{catalog.JoinInts(cells)}, catalog.Options{}, w, MakeKey(cells))
	}
}
