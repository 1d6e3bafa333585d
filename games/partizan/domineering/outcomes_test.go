package domineering

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/games/partizan"
	"github.com/grundy-go/grundy/outcome"
)

// TestPublishedOutcomes checks the outcome class of every empty rectangle
// in testdata/outcomes.txt — the table of Bullock's Domineering solver
// Obsequi (Bullock 2002; source in the file) — that the canonical value
// reaches within the test's size: up to 20 cells, and up to 30 cells
// (5x5, 5x6, 4x7, 3x10, 2x15 and their transposes) with GRUNDY_BENCH_LARGE=1. Every rectangle
// and its transpose are valued by one evaluator, so the region table is
// shared across them; the outcome of a canonical value is read off its
// sign (Siegel, CGT, II.1: G > 0 Left wins, G < 0 Right, G = 0 the second
// player, G || 0 the first).
func TestPublishedOutcomes(t *testing.T) {
	maxCells := 20
	if os.Getenv("GRUNDY_BENCH_LARGE") != "" {
		maxCells = 30
	}
	f, err := os.Open("testdata/outcomes.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s := cgt.NewSpace()
	e, err := partizan.New[Board](s, Game{})
	if err != nil {
		t.Fatal(err)
	}
	// Obsequi's letters: V (Vertical, Left), H (Horizontal, Right), 1
	// (the first player), 2 (the second).
	letter := map[outcome.Outcome]string{outcome.L: "V", outcome.R: "H", outcome.N: "1", outcome.P: "2"}
	swap := map[string]string{"V": "H", "H": "V", "1": "1", "2": "2"}
	sc := bufio.NewScanner(f)
	checked := 0
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		var r, c int
		var want string
		if _, err := fmt.Sscan(line, &r, &c, &want); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		if r*c > maxCells {
			continue
		}
		for _, b := range []struct {
			rows, cols int
			want       string
		}{{r, c, want}, {c, r, swap[want]}} {
			board, err := Empty(b.rows, b.cols)
			if err != nil {
				t.Fatal(err)
			}
			g, err := e.Value(context.Background(), board)
			if err != nil {
				t.Fatalf("%dx%d: %v", b.rows, b.cols, err)
			}
			o, err := s.Outcome(g)
			if err != nil {
				t.Fatal(err)
			}
			if letter[o] != b.want {
				t.Errorf("%dx%d = %s: outcome %s, Obsequi's table says %s", b.rows, b.cols, s.String(g), letter[o], b.want)
			}
			checked++
		}
	}
	if checked < 40 {
		t.Fatalf("only %d rectangles checked", checked)
	}
}

// TestTransposeNegatesByPlay checks the transposition table's sign by
// play alone: a board b beside its transpose (a filled column between)
// is b − b = 0 if transposing negates, so exhaustive play on the joined
// board — no regions, no table — must find it a second-player win, and
// the evaluator must value it 0.
func TestTransposeNegatesByPlay(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 7))
	s := cgt.NewSpace()
	e, _ := partizan.New[Board](s, Game{})
	for k := 0; k < 150; k++ {
		rows, cols := 1+r.IntN(3), 2+r.IntN(3)
		h := max(rows, cols)
		j, _ := Empty(h, cols+1+rows)
		for i := range int(j.Rows) * int(j.Cols) {
			j.Filled |= 1 << i
		}
		for a := 0; a < rows; a++ {
			for c := 0; c < cols; c++ {
				if r.IntN(5) == 0 {
					continue // a filled cell of b, and of its transpose
				}
				j.Filled &^= j.cell(a, c)        // b
				j.Filled &^= j.cell(c, cols+1+a) // its transpose
			}
		}
		p := &plain{memo: map[[2]uint64]bool{}}
		if p.moverWins(j, true) || p.moverWins(j, false) {
			t.Fatalf("%s: the player to move wins, so b and its transpose do not cancel", j)
		}
		if g, err := e.Value(context.Background(), j); err != nil || g != cgt.Zero {
			t.Fatalf("%s = %s (%v), want 0", j, s.String(g), err)
		}
	}
}

// TestSixBySix values the empty 6x6 board (with GRUNDY_BENCH_LARGE=1:
// some six CPU-minutes and 2 GB). Its outcome must be Bullock's (the
// first player wins); it must be its own negative, since the square is
// its own transpose and transposing swaps the players; and it must be
// the value in testdata/6x6.txt, found by the engine before and after
// the changes of issue 19's third session (no published canonical form
// of 6x6 was found, so this pins the value, not proves it).
func TestSixBySix(t *testing.T) {
	if os.Getenv("GRUNDY_BENCH_LARGE") == "" {
		t.Skip("set GRUNDY_BENCH_LARGE=1 to value 6x6 (minutes)")
	}
	s := cgt.NewSpace()
	e, err := partizan.New[Board](s, Game{})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Empty(6, 6)
	g, err := e.Value(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	if o := must(s.Outcome(g)); o != outcome.N {
		t.Errorf("6x6 = %s has outcome %v; Bullock's table: the first player wins", s.String(g), o)
	}
	if n := must(s.Neg(g)); n != g {
		t.Errorf("6x6 = %s is not its own negative", s.String(g))
	}
	data, err := os.ReadFile("testdata/6x6.txt")
	if err != nil {
		t.Fatal(err)
	}
	var text string
	for _, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimSpace(line); line != "" && line[0] != '#' {
			text = line
		}
	}
	want, err := s.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	if g != want {
		t.Errorf("6x6 = %s, want testdata/6x6.txt's %s", s.String(g), text)
	}
}
