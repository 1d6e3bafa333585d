package circle

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/catalogtest"
)

// Circles and random sums of lines under misère play against the witness,
// which plays the whole position by the definition.
func TestMisereAgainstWitness(t *testing.T) {
	rng := rand.New(rand.NewPCG(20, 1))
	for _, k := range []int{1, 2, 3} {
		inst, err := makeInstance(strconv.Itoa(k))
		if err != nil {
			t.Fatal(err)
		}
		g := Game{K: k}
		key := func(sum []Pos) string {
			s := catalogtest.JoinWith(g.Format, " + ")(sum)
			if s == "" {
				return "empty"
			}
			return s
		}
		w := catalogtest.NewMisereWitness(catalogtest.SumMoves(g.Options), key)
		w.Sep = " + "
		for n := 0; n <= 9; n++ {
			catalogtest.CheckMisere(t, inst, []string{strconv.Itoa(n)}, catalog.Options{}, w, []Pos{{Circle: true, N: n}})
		}
		for range 12 {
			heaps := catalogtest.RandomHeaps(rng, 3, 7)
			tokens := []string{"line"}
			var sum []Pos
			for _, h := range heaps {
				tokens = append(tokens, strconv.Itoa(h))
				sum = append(sum, Pos{N: h})
			}
			catalogtest.CheckMisere(t, inst, tokens, catalog.Options{}, w, sum)
		}
	}
}
