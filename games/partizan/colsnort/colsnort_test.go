package colsnort

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/games/partizan"
	"github.com/grundy-go/grundy/outcome"
)

// moverWins is plain exhaustive play on the whole strip, without regions.
func moverWins(g Game, p string, left bool, memo map[string]bool) bool {
	k := p + map[bool]string{true: "<", false: ">"}[left]
	if r, ok := memo[k]; ok {
		return r
	}
	me := byte('R')
	if left {
		me = 'L'
	}
	win := false
	for i := 0; i < len(p) && !win; i++ {
		if p[i] == '.' && g.allowed(p, i, me) {
			b := []byte(p)
			b[i] = me
			win = !moverWins(g, string(b), !left, memo)
		}
	}
	memo[k] = win
	return win
}

func TestAgainstPlay(t *testing.T) {
	for _, g := range []Game{{Snort: false}, {Snort: true}} {
		r := rand.New(rand.NewPCG(31, 32))
		s := cgt.NewSpace()
		e, err := partizan.New[string](s, g)
		if err != nil {
			t.Fatal(err)
		}
		memo := map[string]bool{}
		for k := 0; k < 300; k++ {
			n := 1 + r.IntN(10)
			b := make([]byte, n)
			for i := range b {
				b[i] = '.'
				if r.IntN(4) == 0 {
					c := "LR"[r.IntN(2)]
					b[i] = c
					if !g.allowed(string(b), i, c) {
						b[i] = '.'
					}
				}
			}
			p := string(b)
			v, err := e.Value(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			lf, rf := moverWins(g, p, true, memo), moverWins(g, p, false, memo)
			want := outcome.FromFirstMoves(lf, rf)
			if got := must(s.Outcome(v)); got != want {
				t.Fatalf("snort=%v %s = %s: outcome %v, exhaustive play says %v", g.Snort, p, s.String(v), got, want)
			}
			// Swapping the colours negates the value.
			sw := strings.Map(func(r rune) rune {
				switch r {
				case 'L':
					return 'R'
				case 'R':
					return 'L'
				}
				return r
			}, p)
			vs, _ := e.Value(context.Background(), sw)
			if vs != must(s.Neg(v)) {
				t.Fatalf("snort=%v %s = %s but %s = %s", g.Snort, p, s.String(v), sw, s.String(vs))
			}
			// Col's values are numbers or numbers plus * (Winning Ways
			// ch. 2, the colon principle for Col: every Col position is
			// x or x*).
			if !g.Snort {
				_, n, k, ok := s.NumberUpStarParts(v)
				if !ok || n != 0 || k > 1 {
					t.Fatalf("Col %s = %s, neither x nor x*", p, s.String(v))
				}
			}
		}
	}
}

// TestSmallValues checks values worked out by hand: one empty vertex is *
// in both games (either player may colour it); in Col two empty vertices
// are 0 (whoever colours one lets the other colour the second); in Snort
// they are +-1 (the mover colours one and the neighbour is then barred to
// the opponent but left to himself).
func TestSmallValues(t *testing.T) {
	for _, c := range []struct {
		snort    bool
		pos, val string
	}{
		{false, ".", "*"}, {true, ".", "*"},
		{false, "..", "0"}, {true, "..", "+-1"},
		{false, "L.", "-1"}, {true, "L.", "1"},
		{false, "L.R", "0"}, {true, "L.R", "0"},
	} {
		s := cgt.NewSpace()
		e, _ := partizan.New[string](s, Game{Snort: c.snort})
		v, err := e.Value(context.Background(), c.pos)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.String(v); got != c.val {
			t.Errorf("snort=%v %s = %s, want %s", c.snort, c.pos, got, c.val)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct {
		snort   bool
		in, err string
	}{
		{false, "LL.", "vertices 1 and 2 break the rule"},
		{true, "LR.", "vertices 1 and 2 break the rule"},
		{false, ".x", "vertex 2 is 'X'"},
		{false, "", "no strip given"},
		{false, strings.Repeat(".", 65), "at most 64 vertices"},
	} {
		_, err := Game{Snort: c.snort}.Parse([]string{c.in})
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("Parse(%q) = %v, want %q", c.in, err, c.err)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"....", "L..R", "LL", "x", ""} {
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, in string, snort bool) {
		g := Game{Snort: snort}
		ps, err := g.Parse([]string{in})
		if err != nil {
			return
		}
		for _, p := range ps {
			if strings.Trim(p, ".LR") != "" || len(p) > MaxVertices {
				t.Fatalf("Parse(%q) gave %q", in, p)
			}
		}
	})
}

// must returns v, and stops the test run at an error of cgt (the values
// of these small positions are far from every limit).
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
