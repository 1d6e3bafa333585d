package cutcake

import (
	"context"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/games/partizan"
)

// TestValues checks Winning Ways' facts about Cutcake (ch. 2): every value
// is an integer; a 1-row strip of C squares is C−1 (only Left can cut, and
// she makes C−1 cuts); turning a cake a quarter turn swaps the players; a
// square is 0; and 2-row cakes follow the rule below.
func TestValues(t *testing.T) {
	s := cgt.NewSpace()
	e, err := partizan.New[Cake](s, Game{})
	if err != nil {
		t.Fatal(err)
	}
	val := func(r, c int) cgt.Game {
		g, err := e.Value(context.Background(), Cake{Rows: r, Cols: c})
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	for r := 1; r <= 12; r++ {
		for c := 1; c <= 12; c++ {
			g := val(r, c)
			x, ok := s.IsNumber(g)
			if !ok || !x.IsInt() {
				t.Fatalf("%dx%d = %s, not an integer", r, c, s.String(g))
			}
			if must(s.Neg(g)) != val(c, r) {
				t.Fatalf("%dx%d and %dx%d are not negatives", r, c, c, r)
			}
			if r == c && g != cgt.Zero {
				t.Fatalf("%dx%d = %s, want 0", r, c, s.String(g))
			}
		}
		if g := val(1, r); g != s.Integer(int64(r-1)) {
			t.Fatalf("1x%d = %s, want %d", r, s.String(g), r-1)
		}
	}
	// A 2-row cake of C columns is worth
	// floor(C/2) − 1 for C ≥ 2, since each Left cut of a 2-row piece
	// leaves Right one cut per 2-row piece.
	for c := 2; c <= 12; c++ {
		if g := val(2, c); g != s.Integer(int64(c/2-1)) {
			t.Errorf("2x%d = %s, want %d", c, s.String(g), c/2-1)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"3", "expected RxC"},
		{"0x3", "sides must be between 1 and"},
		{"", "no cake given"},
	} {
		_, err := Parse([]string{c.in})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%q) = %v, want %q", c.in, err, c.want)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"3x4", "1x1 2x2", "x", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		cs, err := Parse([]string{in})
		if err != nil {
			return
		}
		for _, c := range cs {
			if c.Rows < 1 || c.Cols < 1 || c.Rows > MaxSide || c.Cols > MaxSide {
				t.Fatalf("Parse(%q) gave %v", in, c)
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
