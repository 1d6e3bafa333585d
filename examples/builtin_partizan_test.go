package examples

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/partizanreport"
	"github.com/grundy-go/grundy/cgt"
)

// builtinValue values a position of a built-in partizan game in s.
func builtinValue(t *testing.T, spec string, s *cgt.Space, pos ...string) cgt.Game {
	t.Helper()
	inst, err := catalog.Lookup(spec)
	if err != nil {
		t.Fatal(err)
	}
	v, _, err := inst.(partizanreport.Instance).Value(context.Background(), s, pos, catalog.Options{})
	if err != nil {
		t.Fatalf("%s %v: %v", spec, pos, err)
	}
	return v
}

// TestScriptsAgainstBuiltins values the partizan example scripts beside
// the built-in games written apart from them (issue 19): cram.star against
// the built-in cram on 60 random boards of up to 12 cells, and
// partizan_subtraction.star against partizan-subtract:L/R for several
// pairs of sets, heaps up to 30.
func TestScriptsAgainstBuiltins(t *testing.T) {
	s := cgt.NewSpace()
	cram := loadGame(t, "cram.star", nil)
	r := rand.New(rand.NewPCG(19, 61))
	for k := 0; k < 60; k++ {
		rows, cols := 1+r.IntN(3), 1+r.IntN(4)
		b := make([]string, rows)
		for i := range b {
			var sb strings.Builder
			for range cols {
				sb.WriteByte("...#"[r.IntN(4)])
			}
			b[i] = sb.String()
		}
		board := strings.Join(b, "/")
		if got, want := pvalue(t, cram, s, fmt.Sprintf("%q", board)), builtinValue(t, "cram", s, board); got != want {
			t.Fatalf("cram %s: the script gives %s, the built-in %s", board, s.String(got), s.String(want))
		}
	}
	for _, sets := range [][2]string{{"1,3", "2,3"}, {"1", "2"}, {"2,5", "1,4"}} {
		g := loadGame(t, "partizan_subtraction.star", map[string]string{"left": sets[0], "right": sets[1]})
		spec := "partizan-subtract:" + sets[0] + "/" + sets[1]
		for n := 0; n <= 30; n++ {
			if got, want := pvalue(t, g, s, fmt.Sprint(n)), builtinValue(t, spec, s, fmt.Sprint(n)); got != want {
				t.Fatalf("%s heap %d: the script gives %s, the built-in %s", spec, n, s.String(got), s.String(want))
			}
		}
	}
}
