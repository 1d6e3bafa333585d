package retroreport

import (
	"context"
	"fmt"
	"iter"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/grundy-go/grundy/outcome"
	"github.com/grundy-go/grundy/retro"
)

// graph is a game on a graph given by its lists of moves; a list may
// name one position twice (two moves that leave the same position).
type graph [][]int

func (g graph) Moves(v int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for _, w := range g[v] {
			if !yield(w) {
				return
			}
		}
	}
}

func (g graph) Positions() iter.Seq[int] {
	return func(yield func(int) bool) {
		for v := range g {
			if !yield(v) {
				return
			}
		}
	}
}

func name(v int) string { return fmt.Sprintf("p%d", v) }

// TestReports: on random graphs with cycles and repeated moves, Report
// lists the positions of the winning moves (to lost positions) and, from
// a drawn position, of the drawing moves (to drawn ones), each once in
// the moves' order; Labelled lists every move with its name; both agree
// with a plain walk over the moves.
func TestReports(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	drawn := 0
	for range 500 {
		n := 1 + r.IntN(9)
		g := make(graph, n)
		for v := range g {
			for range r.IntN(4) {
				g[v] = append(g[v], r.IntN(n))
			}
		}
		tab, err := retro.SolveGame[int](context.Background(), g, retro.GameOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for v := range n {
			o, _, _ := tab.Lookup(v)
			var wins, draws, winLabels, drawLabels, winAll, drawAll []string
			for i, w := range g[v] {
				q, _, _ := tab.Lookup(w)
				label := fmt.Sprintf("m%d", i)
				switch {
				case q == outcome.P:
					winAll, winLabels = append(winAll, name(w)), append(winLabels, label)
					if !slices.Contains(wins, name(w)) {
						wins = append(wins, name(w))
					}
				case q == outcome.D && o == outcome.D:
					drawAll, drawLabels = append(drawAll, name(w)), append(drawLabels, label)
					if !slices.Contains(draws, name(w)) {
						draws = append(draws, name(w))
					}
				}
			}
			rep := Report("graph", tab, v, name)
			got, _ := rep.Extra["drawing_moves"].([]string)
			if rep.Outcome != o.String() || !slices.Equal(rep.WinningMoves, wins) || !slices.Equal(got, draws) || (o == outcome.D) != (rep.Extra["drawing_moves"] != nil) {
				t.Fatalf("%v at %d: Report %s wins %q draws %v; want %s %q %q", g, v, rep.Outcome, rep.WinningMoves, rep.Extra["drawing_moves"], o, wins, draws)
			}
			each := func(p int, f func(m, q int)) {
				for i, w := range g[p] {
					f(i, w)
				}
			}
			lab := Labelled("graph", tab, v, name, each, func(m int) string { return fmt.Sprintf("m%d", m) })
			wl, _ := lab.Extra["winning_labels"].([]string)
			dm, _ := lab.Extra["drawing_moves"].([]string)
			dl, _ := lab.Extra["drawing_labels"].([]string)
			if !slices.Equal(lab.WinningMoves, winAll) || !slices.Equal(wl, winLabels) || !slices.Equal(dm, drawAll) || !slices.Equal(dl, drawLabels) {
				t.Fatalf("%v at %d: Labelled wins %q %q draws %q %q; want %q %q %q %q", g, v, lab.WinningMoves, wl, dm, dl, winAll, winLabels, drawAll, drawLabels)
			}
			if o == outcome.D {
				drawn++
			}
		}
	}
	if drawn < 100 {
		t.Fatalf("only %d drawn positions: the test checks too little", drawn)
	}
}
