package toads

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/games/partizan"
)

// plain values a strip by whole-strip play, no regions.
func plain(s *cgt.Space, p string, memo map[string]cgt.Game) cgt.Game {
	if v, ok := memo[p]; ok {
		return v
	}
	var L, R []cgt.Game
	for q := range (Game{}).LeftMoves(p) {
		L = append(L, plain(s, q, memo))
	}
	for q := range (Game{}).RightMoves(p) {
		R = append(R, plain(s, q, memo))
	}
	v, err := s.Make(L, R)
	if err != nil {
		panic(err)
	}
	memo[p] = v
	return v
}

// TestRegions values random strips of up to 9 squares (17 with a block) by regions and by
// whole-strip play.
func TestRegions(t *testing.T) {
	s := cgt.NewSpace()
	e, err := partizan.New[string](s, Game{})
	if err != nil {
		t.Fatal(err)
	}
	memo := map[string]cgt.Game{}
	r := rand.New(rand.NewPCG(19, 7))
	for k := 0; k < 600; k++ {
		var b strings.Builder
		for range 1 + r.IntN(9) {
			b.WriteByte("TTFF.."[r.IntN(6)])
		}
		p := b.String()
		if k%5 == 0 {
			p = "T." + p[:len(p)/2] + "TTFF" + p[len(p)/2:] + ".F"
		}
		got, err := e.Value(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		if want := plain(s, p, memo); got != want {
			t.Fatalf("%s (regions %q) = %s, whole-strip play gives %s", p, Regions(nil, p), s.String(got), s.String(want))
		}
	}
}
