package fibnim

import (
	"fmt"
	"slices"
	"strconv"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/catalogtest"
)

// Every start and every "N L" position up to 24 tokens under misère play,
// against the witness (the definition, on the game's moves).
func TestMisereAgainstWitness(t *testing.T) {
	w := catalogtest.NewMisereWitness(func(p Pos) []Pos { return slices.Collect(Game{}.Moves(p)) },
		func(p Pos) string { return fmt.Sprintf("%d %d", p.N, p.L) })
	inst := instance{}
	for n := 2; n <= 24; n++ {
		catalogtest.CheckMisere(t, inst, []string{strconv.Itoa(n)}, catalog.Options{}, w, Canon(n, n-1))
		for l := 1; l <= n; l += 3 {
			catalogtest.CheckMisere(t, inst, []string{strconv.Itoa(n), strconv.Itoa(l)}, catalog.Options{}, w, Canon(n, l))
		}
	}
}
