package lasker

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/catalogtest"
)

// Random sums of heaps under misère play, from the quotient (heaps up to
// 12) and by search, against the witness (the definition, on whole sums).
func TestMisereAgainstWitness(t *testing.T) {
	rng := rand.New(rand.NewPCG(20, 2))
	w := catalogtest.NewMisereWitness(catalogtest.SumMoves(Game{}.Options), catalogtest.JoinWith(strconv.Itoa, " "))
	w.Sep = " "
	w.MemoKey = catalogtest.SortedSum
	for _, m := range []catalog.Method{catalog.Auto, catalog.Search} {
		for range 40 {
			heaps := catalogtest.RandomHeaps(rng, 3, 6)
			catalogtest.CheckMisere(t, instance{}, []string{catalog.JoinInts(heaps)}, catalog.Options{Method: m}, w, heaps)
		}
	}
}
