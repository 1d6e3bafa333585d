package toads

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/games/partizan"
)

// plainMoves lists the strips a piece's moves leave, from the rules as
// CGSuite states GenToadsAndFrogs(j): the piece goes k = 1 … j+1 squares
// ahead into an empty square, every square it passes (for k ≥ 2) holding
// an opposing piece.
func plainMoves(p string, me, them byte, dir, j int) []string {
	var out []string
	for i := range len(p) {
		if p[i] != me {
			continue
		}
	next:
		for k := 1; k <= j+1; k++ {
			to := i + k*dir
			if to < 0 || to >= len(p) || p[to] != '.' {
				continue
			}
			for m := 1; m < k; m++ {
				if p[i+m*dir] != them {
					continue next
				}
			}
			b := []byte(p)
			b[i], b[to] = '.', me
			out = append(out, string(b))
		}
	}
	return out
}

// plain values a strip by whole-strip play, no regions.
func plain(s *cgt.Space, p string, j int, memo map[string]cgt.Game) cgt.Game {
	if v, ok := memo[p]; ok {
		return v
	}
	var L, R []cgt.Game
	for _, q := range plainMoves(p, 'T', 'F', 1, j) {
		L = append(L, plain(s, q, j, memo))
	}
	for _, q := range plainMoves(p, 'F', 'T', -1, j) {
		R = append(R, plain(s, q, j, memo))
	}
	v, err := s.Make(L, R)
	if err != nil {
		panic(err)
	}
	memo[p] = v
	return v
}

// TestRegions values random strips of up to 9 squares (more with a
// block) by regions and by whole-strip play from the rules, for jumps
// over 0 (Elephants and Rhinos), 1 (Toads and Frogs) and 2 pieces.
func TestRegions(t *testing.T) {
	for j := range 3 {
		s := cgt.NewSpace()
		g := Gen(j)
		e, err := partizan.New[string](s, g)
		if err != nil {
			t.Fatal(err)
		}
		block := strings.Repeat("T", j+1) + strings.Repeat("F", j+1)
		memo := map[string]cgt.Game{}
		r := rand.New(rand.NewPCG(19, 7))
		for k := 0; k < 400; k++ {
			var b strings.Builder
			for range 1 + r.IntN(9) {
				b.WriteByte("TTFF.."[r.IntN(6)])
			}
			p := b.String()
			if k%5 == 0 {
				p = "T." + p[:len(p)/2] + block + p[len(p)/2:] + ".F"
			}
			got, err := e.Value(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			if want := plain(s, p, j, memo); got != want {
				t.Fatalf("jump %d: %s (regions %q) = %s, whole-strip play gives %s", j, p, g.Regions(nil, p), s.String(got), s.String(want))
			}
		}
	}
}
