package genclobber

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/games/partizan"
)

// plainMoves writes the variants' rules again, as CGSuite's constants
// state them, on a board kept as one string with its width.
func plainMoves(variant, p string, w int, left bool) []string {
	steps := map[string][][2]int{
		"kings":   {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}},
		"queens":  {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}},
		"knights": {{-2, -1}, {-2, 1}, {-1, -2}, {-1, 2}, {1, -2}, {1, 2}, {2, -1}, {2, 1}},
	}[variant]
	if steps == nil {
		steps = [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}}
	}
	me, them := byte('x'), byte('o')
	if !left {
		me, them = 'o', 'x'
	}
	h := len(p) / w
	var out []string
	for i := range len(p) {
		if p[i] != me {
			continue
		}
		for _, d := range steps {
			y, x := i/w+d[0], i%w+d[1]
			if variant == "rooks" || variant == "queens" {
				for y >= 0 && y < h && x >= 0 && x < w && p[y*w+x] == '.' {
					y, x = y+d[0], x+d[1]
				}
			}
			if y < 0 || y >= h || x < 0 || x >= w {
				continue
			}
			to := p[y*w+x]
			ok := to == them
			behind := byte('.')
			switch variant {
			case "hot":
				ok = to != '.'
			case "anti":
				ok, behind = to == '.', them
			}
			if ok {
				b := []byte(p)
				b[y*w+x], b[i] = me, behind
				out = append(out, string(b))
			}
		}
	}
	return out
}

func plainValue(s *cgt.Space, variant, p string, w int, memo map[string]cgt.Game) cgt.Game {
	key := fmt.Sprint(w, ":", p) // boards of one string and another width differ
	if g, ok := memo[key]; ok {
		return g
	}
	var l, r []cgt.Game
	for _, q := range plainMoves(variant, p, w, true) {
		l = append(l, plainValue(s, variant, q, w, memo))
	}
	for _, q := range plainMoves(variant, p, w, false) {
		r = append(r, plainValue(s, variant, q, w, memo))
	}
	g, err := s.Make(l, r)
	if err != nil {
		panic(err)
	}
	memo[key] = g
	return g
}

// TestAgainstPlain: on random boards up to 3×4, every variant's value (by
// groups where it splits) is the plain value of whole-board play.
func TestAgainstPlain(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for name, rules := range Variants {
		s := cgt.NewSpace()
		e, err := partizan.New[string](s, rules.Game())
		if err != nil {
			t.Fatal(err)
		}
		memo := map[string]cgt.Game{}
		for range 80 {
			h, w := 1+rng.IntN(3), 1+rng.IntN(4)
			var rows []string
			for range h {
				var b strings.Builder
				for range w {
					b.WriteByte("xxoo.."[rng.IntN(6)])
				}
				rows = append(rows, b.String())
			}
			p := strings.Join(rows, "/")
			got, err := e.Value(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			if want := plainValue(s, name, strings.Join(rows, ""), w, memo); got != want {
				t.Fatalf("clobber:%s %s: %s (groups %q), plain %s", name, p, s.String(got), rules.Groups(nil, p), s.String(want))
			}
		}
	}
}
