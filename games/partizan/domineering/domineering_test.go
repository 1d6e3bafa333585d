package domineering

import (
	"bufio"
	"context"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/games/partizan"
	"github.com/grundy-go/grundy/outcome"
)

// TestPublished checks Domineering values from the literature, kept in
// testdata/values.txt with their sources.
func TestPublished(t *testing.T) {
	f, err := os.Open("testdata/values.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s := cgt.NewSpace()
	e, err := partizan.New[Board](s, Game{})
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		pos, want, _ := strings.Cut(line, "=")
		b, err := Parse([]string{strings.TrimSpace(pos)})
		if err != nil {
			t.Fatal(err)
		}
		g, err := e.Value(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		w, err := s.Parse(strings.TrimSpace(want))
		if err != nil {
			t.Fatal(err)
		}
		if g != w {
			t.Errorf("%s = %s, want %s", pos, s.String(g), want)
		}
		n++
	}
	if n == 0 {
		t.Fatal("no values read")
	}
}

// plain play on the raw board, without regions or mirror images: the
// outcome found by exhaustive play must be that of the canonical value.
type plain struct{ memo map[[2]uint64]bool }

func (p *plain) moverWins(b Board, left bool) bool {
	k := [2]uint64{b.Filled, 0}
	if left {
		k[1] = 1
	}
	if r, ok := p.memo[k]; ok {
		return r
	}
	dr, dc := 0, 1
	if left {
		dr, dc = 1, 0
	}
	win := false
	for r := 0; r+dr < int(b.Rows) && !win; r++ {
		for c := 0; c+dc < int(b.Cols) && !win; c++ {
			if b.empty(r, c) && b.empty(r+dr, c+dc) {
				nb := b
				nb.Filled |= b.cell(r, c) | b.cell(r+dr, c+dc)
				if !p.moverWins(nb, !left) {
					win = true
				}
			}
		}
	}
	p.memo[k] = win
	return win
}

func TestOutcomeAgainstPlay(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	s := cgt.NewSpace()
	e, _ := partizan.New[Board](s, Game{})
	for k := 0; k < 300; k++ {
		rows, cols := 1+r.IntN(4), 1+r.IntN(4)
		b, _ := Empty(rows, cols)
		for i := 0; i < rows*cols; i++ {
			if r.IntN(4) == 0 {
				b.Filled |= 1 << i
			}
		}
		g, err := e.Value(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		p := &plain{memo: map[[2]uint64]bool{}}
		lf, rf := p.moverWins(b, true), p.moverWins(b, false)
		want := outcome.FromFirstMoves(lf, rf)
		if got := must(s.Outcome(g)); got != want {
			t.Fatalf("%s = %s: outcome %v, exhaustive play says %v", b, s.String(g), got, want)
		}
		// Winning moves agree with exhaustive play: a Left move wins when
		// Right, moving next, loses.
		for _, left := range []bool{true, false} {
			moves, err := e.WinningMoves(context.Background(), []Board{b}, left)
			if err != nil {
				t.Fatal(err)
			}
			got := map[Board]bool{}
			for _, m := range moves {
				got[m[0]] = true
			}
			want := map[Board]bool{}
			g := Game{}
			next := g.RightMoves
			if left {
				next = g.LeftMoves
			}
			for q := range next(b) {
				if !p.moverWins(q, !left) {
					want[q] = true
				}
			}
			if len(got) != len(want) {
				t.Fatalf("%s: %d winning moves for left=%v, exhaustive play finds %d", b, len(got), left, len(want))
			}
			for q := range want {
				if !got[q] {
					t.Fatalf("%s: winning move to %s missed", b, q)
				}
			}
		}
		// Transposing the board swaps the players: the value negates.
		tb := Board{Rows: b.Cols, Cols: b.Rows}
		for i := 0; i < rows; i++ {
			for j := 0; j < cols; j++ {
				if !b.empty(i, j) {
					tb.Filled |= tb.cell(j, i)
				}
			}
		}
		gt, _ := e.Value(context.Background(), tb)
		if gt != must(s.Neg(g)) {
			t.Fatalf("%s = %s but its transpose %s = %s", b, s.String(g), tb, s.String(gt))
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"2x", "bad board size"},
		{"0x3", "rows and columns must be at least 1"},
		{"9x9", "at most 64 cells"},
		{"..|.", "row 2 has 1 cells, row 1 has 2"},
		{"..|.x", "row 2, column 2 is 'x'"},
		{"", "no board given"},
	} {
		_, err := Parse([]string{c.in})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%q) = %v, want %q", c.in, err, c.want)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"2x3", "..|..", "#.|..", "3x", "x", "...|.#.|..."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		b, err := Parse([]string{in})
		if err != nil {
			return
		}
		if int(b.Rows)*int(b.Cols) > MaxCells || b.Rows == 0 || b.Cols == 0 {
			t.Fatalf("Parse(%q) = bad board %+v", in, b)
		}
		b2, err := Parse([]string{b.String()})
		if err != nil || b2 != b {
			t.Fatalf("%q → %q → %v %v", in, b.String(), b2, err)
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
