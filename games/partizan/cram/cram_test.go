package cram

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/games/partizan"
)

// mex values a whole board by the definition of the Sprague–Grundy value,
// with no areas and no symmetry: the witness for the evaluator.
func mex(b Board, memo map[Board]int) int {
	if v, ok := memo[b]; ok {
		return v
	}
	seen := map[int]bool{}
	for q := range b.Place() {
		seen[mex(q, memo)] = true
	}
	v := 0
	for seen[v] {
		v++
	}
	memo[b] = v
	return v
}

func newEval(t *testing.T) (*cgt.Space, *partizan.Evaluator[Board]) {
	t.Helper()
	s := cgt.NewSpace()
	e, err := partizan.New[Board](s, Game{})
	if err != nil {
		t.Fatal(err)
	}
	return s, e
}

func nimber(t *testing.T, s *cgt.Space, e *partizan.Evaluator[Board], bs ...Board) int {
	t.Helper()
	v, err := e.Value(context.Background(), bs...)
	if err != nil {
		t.Fatal(err)
	}
	n, ok := s.IsNimber(v)
	if !ok {
		t.Fatalf("%v: %s is not a nimber", bs, s.String(v))
	}
	return n
}

// TestAgainstMex values 500 random boards of up to 16 cells both ways, and
// checks that every image of a board has its value.
func TestAgainstMex(t *testing.T) {
	s, e := newEval(t)
	memo := map[Board]int{}
	r := rand.New(rand.NewPCG(19, 23))
	for k := 0; k < 500; k++ {
		rows, cols := 1+r.IntN(4), 1+r.IntN(4)
		b := Board{Rows: uint8(rows), Cols: uint8(cols)}
		for i := 0; i < rows*cols; i++ {
			if r.IntN(4) == 0 {
				b.Filled |= 1 << i
			}
		}
		want := mex(b, memo)
		if got := nimber(t, s, e, b); got != want {
			t.Fatalf("%s: areas give *%d, mex search *%d", b, got, want)
		}
		if got := mex(Canonical(b), memo); got != want {
			t.Fatalf("%s: its canonical image %s has *%d, not *%d", b, Canonical(b), got, want)
		}
	}
}

// Test1xN checks 1×n Cram against Dawson's Kayles, octal 0.07 (placing a
// domino in a strip of n cells), whose values Winning Ways (ch. 4)
// tabulates; OEIS A002187 lists them shifted by one (Dawson's chess).
func Test1xN(t *testing.T) {
	dawson := []int{0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4, 0, 1, 1, 2, 0}
	s, e := newEval(t)
	for n := 1; n < len(dawson); n++ {
		b, err := Empty(1, n)
		if err != nil {
			t.Fatal(err)
		}
		if got := nimber(t, s, e, b); got != dawson[n] {
			t.Errorf("1x%d = *%d, want *%d", n, got, dawson[n])
		}
	}
}

// TestRectangles checks published nimbers of rectangles: Beling's table
// (github.com/beling/impartial-games, README, "Cram"; the smaller boards
// first computed by Lemoine and Viennot's Glop and in Schneider's thesis,
// Das Spiel Juvavum, 2009): 4×4 = 0, 4×5 = *2 and 5×5 = 0; and the symmetry
// strategy (Gardner): an even×even board is 0, the second player
// answering each domino by its image through the centre.
func TestRectangles(t *testing.T) {
	s, e := newEval(t)
	for _, c := range []struct{ rows, cols, want int }{
		{2, 2, 0}, {2, 4, 0}, {4, 2, 0}, {2, 6, 0}, {4, 4, 0}, {4, 5, 2}, {5, 4, 2}, {5, 5, 0},
	} {
		b, _ := Empty(c.rows, c.cols)
		if got := nimber(t, s, e, b); got != c.want {
			t.Errorf("%dx%d = *%d, want *%d", c.rows, c.cols, got, c.want)
		}
	}
}

// TestCGSuite checks CGSuite's own test value (GameGridTest.scala,
// "define Domineering properly": Cram(".........|##.######") = *4).
func TestCGSuite(t *testing.T) {
	s, e := newEval(t)
	bs, err := Parse([]string{".........|##.######"})
	if err != nil {
		t.Fatal(err)
	}
	if got := nimber(t, s, e, bs...); got != 4 {
		t.Errorf(".........|##.###### = *%d, want *4", got)
	}
}

func TestParse(t *testing.T) {
	for _, bad := range []string{"3x", "0x4", "9x9", "..|.", ".a", "x"} {
		if _, err := Parse([]string{bad}); err == nil {
			t.Errorf("Parse(%q): no error", bad)
		}
	}
	bs, err := Parse([]string{"..#|...", "2x3", "../.#"})
	if err != nil || len(bs) != 3 || bs[0].String() != "..#|..." || bs[1].String() != "2x3" || bs[2].String() != "..|.#" {
		t.Fatalf("Parse: %v %v", bs, err)
	}
	if _, err := Parse(nil); err == nil {
		t.Errorf("Parse(nil): no error")
	}
}
