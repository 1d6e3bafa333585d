package clobber

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/games/partizan"
)

// plain values a board by the definition, whole boards and no splitting
// or symmetry: the witness for the evaluator's groups.
func plain(s *cgt.Space, p string, memo map[string]cgt.Game) cgt.Game {
	if v, ok := memo[p]; ok {
		return v
	}
	var L, R []cgt.Game
	for q := range Captures(p, true) {
		L = append(L, plain(s, q, memo))
	}
	for q := range Captures(p, false) {
		R = append(R, plain(s, q, memo))
	}
	v, err := s.Make(L, R)
	if err != nil {
		panic(err)
	}
	memo[p] = v
	return v
}

func value(t *testing.T, e *partizan.Evaluator[string], boards ...string) cgt.Game {
	t.Helper()
	v, err := e.Value(context.Background(), boards...)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestAgainstPlainPlay values random boards of up to 12 cells both ways.
func TestAgainstPlainPlay(t *testing.T) {
	s := cgt.NewSpace()
	e, err := partizan.New[string](s, Game{})
	if err != nil {
		t.Fatal(err)
	}
	memo := map[string]cgt.Game{}
	r := rand.New(rand.NewPCG(19, 5))
	for k := 0; k < 400; k++ {
		rows, cols := 1+r.IntN(3), 1+r.IntN(4)
		if k < 100 {
			rows, cols = 1, 1+r.IntN(10)
		}
		b := make([]string, rows)
		for i := range b {
			var sb strings.Builder
			for range cols {
				sb.WriteByte("xxoo."[r.IntN(5)])
			}
			b[i] = sb.String()
		}
		p := strings.Join(b, "/")
		if got, want := value(t, e, p), plain(s, p, memo); got != want {
			t.Fatalf("%s: groups give %s, plain play %s", p, s.String(got), s.String(want))
		}
		if got, want := value(t, e, Canonical(p)), plain(s, p, memo); got != want {
			t.Fatalf("%s and its image %s differ", p, Canonical(p))
		}
	}
}

// TestPublished checks values of An introduction to Clobber (Albert,
// Grossman, Nowakowski, Wolfe, 2005) and Lessons in Play (ch. 2, 5):
// xo = *, xxo = ↑, xoo = ↓, and a board with its colours swapped is the
// negative.
func TestPublished(t *testing.T) {
	s := cgt.NewSpace()
	e, err := partizan.New[string](s, Game{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ board, want string }{
		{"xo", "*"}, {"xxo", "^"}, {"xoo", "v"}, {"x.o", "0"}, {"xx", "0"}, {"x/o", "*"},
	} {
		if got := s.String(value(t, e, c.board)); got != c.want {
			t.Errorf("%s = %s, want %s", c.board, got, c.want)
		}
	}
	for _, p := range []string{"xxoxo", "xox/oxo", "xxo/.ox"} {
		swapped := strings.NewReplacer("x", "o", "o", "x").Replace(p)
		if n, err := s.Neg(value(t, e, p)); err != nil || n != value(t, e, swapped) {
			t.Errorf("-(%s) != %s", p, swapped)
		}
	}
}

func TestParse(t *testing.T) {
	for _, bad := range []string{"xq", "xo/o", "", strings.Repeat("x", 300)} {
		if _, err := Parse([]string{bad}); err == nil {
			t.Errorf("Parse(%q): no error", bad)
		}
	}
	if ps, err := Parse([]string{"XO/ox", "xxo"}); err != nil || len(ps) != 2 || ps[0] != "xo/ox" {
		t.Errorf("Parse: %v %v", ps, err)
	}
	// CGSuite's '|' between rows reads as grundy's '/'.
	if ps, err := Parse([]string{"xo|ox", "x.o|o.x"}); err != nil || len(ps) != 2 || ps[0] != "xo/ox" || ps[1] != "x.o/o.x" {
		t.Errorf("Parse with '|': %v %v", ps, err)
	}
	if _, err := Parse([]string{"xo|o"}); err == nil || !strings.Contains(err.Error(), "row 2 has 1 cells") {
		t.Errorf("Parse(xo|o): %v", err)
	}
}

// TestScale values 1×n alternating rows up to n = 14 and 2×n checkerboards
// up to n = 4 here (BENCHMARKS.md has the larger ones).
func TestScale(t *testing.T) {
	s := cgt.NewSpace()
	e, err := partizan.New[string](s, Game{})
	if err != nil {
		t.Fatal(err)
	}
	for n := 1; n <= 14; n++ {
		value(t, e, Row(n))
	}
	for n := 1; n <= 4; n++ {
		value(t, e, Checkerboard(2, n))
	}
}

// TestNegatedKeys: groups keyed by their colour-swapped image are
// common (so TestAgainstPlain's random boards exercise the negation),
// and such a key's value is the negative of the group it names.
func TestNegatedKeys(t *testing.T) {
	s := cgt.NewSpace()
	e, err := partizan.New[string](s, Game{})
	if err != nil {
		t.Fatal(err)
	}
	memo := map[string]cgt.Game{}
	negated := 0
	for _, p := range []string{"xxo", "ooxo/x..x", "oxx/xoo", "xoxoo", "oox/x.o", "oxo", "ooxx", "oxoox", "ox/xx", "o.ox/oxxo"} {
		for _, k := range Regions(nil, p) {
			q, ok := Game{}.Negated(k)
			if !ok {
				continue
			}
			negated++
			want, err := s.Neg(plain(s, q, memo))
			if err != nil {
				t.Fatal(err)
			}
			if got := value(t, e, k); got != want {
				t.Errorf("%s: key %s valued %s, want %s", p, k, s.String(got), s.String(want))
			}
		}
	}
	if negated < 3 {
		t.Errorf("only %d negated keys", negated)
	}
}
