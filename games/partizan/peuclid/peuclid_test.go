package peuclid_test

import (
	"context"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/games/partizan/peuclid"
)

// plain values a pair from the rules as CGSuite's example states them,
// written here again: over when q divides p, else Left to (q, p mod q)
// and Right to (q, q − p mod q); the form is cgt's {L | R}.
func plain(t *testing.T, s *cgt.Space, p, q int, memo map[[2]int]cgt.Game) cgt.Game {
	if g, ok := memo[[2]int{p, q}]; ok {
		return g
	}
	var left, right []cgt.Game
	if r := p % q; r != 0 {
		left = []cgt.Game{plain(t, s, q, r, memo)}
		right = []cgt.Game{plain(t, s, q, q-r, memo)}
	}
	g, err := s.Make(left, right)
	if err != nil {
		t.Fatal(err)
	}
	memo[[2]int{p, q}] = g
	return g
}

// TestTableAgainstPlain: every cell of the table to 24×24 is the plain
// form of its pair, and solve agrees on sums of two pairs.
func TestTableAgainstPlain(t *testing.T) {
	inst, err := catalog.Lookup("partizan-euclid")
	if err != nil {
		t.Fatal(err)
	}
	tab, err := inst.(catalog.Tabler).Table(context.Background(), 24, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := cgt.NewSpace()
	memo := map[[2]int]cgt.Game{}
	for a := 1; a <= 24; a++ {
		for b := 1; b <= 24; b++ {
			want := s.String(plain(t, s, a, b, memo))
			if got := tab.CanonicalGrid[a-1][b-1]; got != want {
				t.Errorf("(%d, %d): table %s, plain %s", a, b, got, want)
			}
		}
	}
	for _, c := range [][4]int{{7, 3, 5, 2}, {13, 8, 21, 13}, {100, 37, 9, 4}} {
		pos := []string{peuclid.Game{}.Format(peuclid.Pair{P: c[0], Q: c[1]}), peuclid.Game{}.Format(peuclid.Pair{P: c[2], Q: c[3]})}
		r, err := inst.Solve(context.Background(), pos, catalog.Options{})
		if err != nil {
			t.Fatal(err)
		}
		sum, err := s.Sum(plain(t, s, c[0], c[1], memo), plain(t, s, c[2], c[3], memo))
		if err != nil {
			t.Fatal(err)
		}
		if want := s.String(sum); r.Value != want {
			t.Errorf("%v: solve %v, plain %s", pos, r.Value, want)
		}
	}
}

// TestParse: bad pairs are named.
func TestParse(t *testing.T) {
	for _, bad := range []string{"7", "7,0", "0,3", "a,b", "100001,2"} {
		if _, err := peuclid.Parse([]string{bad}); err == nil {
			t.Errorf("Parse(%q): no error", bad)
		}
	}
	if ps, err := peuclid.Parse([]string{"7,3 5,2"}); err != nil || len(ps) != 2 || ps[1] != (peuclid.Pair{P: 5, Q: 2}) {
		t.Errorf("Parse: %v %v", ps, err)
	}
}
