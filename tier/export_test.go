package tier

import (
	"testing"

	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/game"
)

// For the tests of package tier_test, which may import games (they
// import this package themselves).

// BuildForTest solves g into a new directory and opens its database.
func BuildForTest[P comparable](t testing.TB, g game.Tiered[P], spec string) *db.DB {
	d, _ := build(t, g, spec, Options{})
	return d
}

// CheckAgainstRetro compares every record of d with retro.SolveGame on
// the whole game.
func CheckAgainstRetro[P comparable](t testing.TB, g game.Tiered[P], d *db.DB) {
	checkAgainstRetro(t, g, d)
}
