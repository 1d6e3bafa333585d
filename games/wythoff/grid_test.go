package wythoff

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/impartialgame"
)

// TestExploreByGridAgainstSearch: the move list read from the shared
// table is the search adapter's (the explorer's old path: an exhaustive
// Sprague–Grundy search from the position, remoteness by the solver): the
// same report outcome, value and remoteness, and the same moves in the
// same order with the same positions, values and remoteness, on random
// positions with heaps up to 60, and on the edges (0 0, 0 b, a 0).
func TestExploreByGridAgainstSearch(t *testing.T) {
	ctx := context.Background()
	g := instance{}
	old := impartialgame.SearchExplorer[Pos]{Inst: g, Search: g.search(), Board: impartialgame.NumbersAsHeaps}
	rng := rand.New(rand.NewPCG(18, 6))
	cases := [][2]int{{0, 0}, {0, 7}, {9, 0}, {1, 2}, {3, 5}}
	for range 40 {
		cases = append(cases, [2]int{rng.IntN(61), rng.IntN(61)})
	}
	for _, c := range cases {
		tokens := []string{fmt.Sprint(c[0]), fmt.Sprint(c[1])}
		got, err := g.Explore(ctx, tokens, catalog.Options{}, 0)
		if err != nil {
			t.Fatal(err)
		}
		want, err := old.Explore(ctx, tokens, catalog.Options{Method: catalog.Search}, 0)
		if err != nil {
			t.Fatal(err)
		}
		where := fmt.Sprintf("wythoff %d %d", c[0], c[1])
		gr, wr := got.Report, want.Report
		if gr.Position != wr.Position || gr.Outcome != wr.Outcome || gr.Grundy.Cmp(wr.Grundy) != 0 || *gr.Remoteness != *wr.Remoteness {
			t.Errorf("%s: %s %s %v rem %d, search %s %s %v rem %d", where, gr.Position, gr.Outcome, gr.Grundy, *gr.Remoteness, wr.Position, wr.Outcome, wr.Grundy, *wr.Remoteness)
		}
		if got.MovesTotal != want.MovesTotal || got.MovesCounted != want.MovesCounted || len(got.Moves) != len(want.Moves) {
			t.Fatalf("%s: %d moves (%d listed), search %d (%d)", where, got.MovesTotal, len(got.Moves), want.MovesTotal, len(want.Moves))
		}
		for i, m := range got.Moves {
			w := want.Moves[i]
			if m.Component != w.Component || m.From != w.From || m.To != w.To || m.Position != w.Position || m.Outcome != w.Outcome || m.Grundy.Cmp(w.Grundy) != 0 || *m.Remoteness != *w.Remoteness {
				t.Fatalf("%s: move %d is %+v (rem %d), search's %+v (rem %d)", where, i, m, *m.Remoteness, w, *w.Remoteness)
			}
		}
	}
}

// TestGridAgainstPublished: the table's P-positions are the Beatty pairs
// (Wythoff 1907) everywhere below 1024, and its first values are the
// published ones (Winning Ways, ch. 3, table of Wythoff's game: row 1 is
// 1 2 0 4 5 3 7 8 6, row 2 is 2 0 1 5 3 4 8 6 7).
func TestGridAgainstPublished(t *testing.T) {
	start := time.Now()
	tab, err := fillGrid(context.Background(), maxSharedGrid)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("table of %d² filled in %v", tab.n, time.Since(start))
	row := func(a int) []uint16 {
		out := make([]uint16, 9)
		for b := range out {
			out[b], _ = tab.at(a, b)
		}
		return out
	}
	if r1, r2 := fmt.Sprint(row(1)), fmt.Sprint(row(2)); r1 != "[1 2 0 4 5 3 7 8 6]" || r2 != "[2 0 1 5 3 4 8 6 7]" {
		t.Errorf("rows 1 and 2: %s %s", r1, r2)
	}
	for a := range tab.n {
		for b := range tab.n {
			v, _ := tab.at(a, b)
			if (v == 0) != isPInt(a, b) {
				t.Fatalf("(%d, %d): value %d, Beatty pair %v", a, b, v, isPInt(a, b))
			}
		}
	}
}

func isPInt(a, b int) bool {
	x, y := catalog.Bigs([]int{a, b})[0], catalog.Bigs([]int{a, b})[1]
	return IsP(x, y)
}
