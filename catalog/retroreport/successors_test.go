package retroreport

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/retro"
)

// TestSuccessors: on random graphs with cycles and repeated moves, the
// explorer's list holds the moves in order up to the limit (Complete
// exactly when none was left out), each position once for unlabelled
// moves and every move for labelled ones, with boards where asked; its
// Solve answers each listed position as Report does from the same table
// and refuses a position the table does not hold.
func TestSuccessors(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	parse := func(s string) (int, error) { return strconv.Atoi(strings.TrimPrefix(s, "p")) }
	board := func(v int) *catalog.Board { return &catalog.Board{Kind: catalog.BoardGrid, Text: name(v)} }
	for range 300 {
		n := 1 + r.IntN(9)
		g := make(graph, n+1) // position n is reachable from none
		for v := range n {
			for range r.IntN(5) {
				g[v] = append(g[v], r.IntN(n))
			}
		}
		root := r.IntN(n)
		tab, err := retro.SolveFrom[int](context.Background(), g, root, retro.GameOptions{})
		if err != nil {
			t.Fatal(err)
		}
		x := Game[int]{Parse: parse, Format: name, Report: func(tab *retro.Table[int], p int) *catalog.Report { return Report("graph", tab, p, name) }, Board: board}
		labelled := r.IntN(2) == 0
		x.MoveBoards = labelled
		var want []catalog.Successor
		for i, w := range g[root] {
			m := catalog.Successor{Position: name(w), MoverIndex: 1}
			if labelled {
				m.Move, m.Board = fmt.Sprintf("m%d", i), board(w)
			} else if slices.ContainsFunc(want, func(s catalog.Successor) bool { return s.Position == name(w) }) {
				continue
			}
			want = append(want, m)
		}
		limit := 1 + r.IntN(4)
		moves := Unlabelled(g.Moves(root))
		if labelled {
			moves = func(yield func(string, int) bool) {
				for i, w := range g[root] {
					if !yield(fmt.Sprintf("m%d", i), w) {
						return
					}
				}
			}
		}
		list := Successors(x, tab, root, limit, moves)
		if list.Complete != (len(want) <= limit) {
			t.Fatalf("graph %v from %d, limit %d: complete %v with %d moves", g, root, limit, list.Complete, len(want))
		}
		want = want[:min(limit, len(want))]
		if !reflect.DeepEqual(list.Moves, want) || list.Kind != catalog.MovesOutcome || list.Board.Text != name(root) {
			t.Fatalf("graph %v from %d (labelled %v, limit %d): %v; want %v", g, root, labelled, limit, list.Moves, want)
		}
		for _, m := range list.Moves {
			got, err := list.Solve(context.Background(), m.Position)
			q, _ := parse(m.Position)
			if err != nil || !reflect.DeepEqual(got, Report("graph", tab, q, name)) {
				t.Fatalf("graph %v: Solve(%s) = %v, %v", g, m.Position, got, err)
			}
		}
		if _, err := list.Solve(context.Background(), name(n)); err == nil || !strings.Contains(err.Error(), "not reachable") {
			t.Fatalf("graph %v from %d: Solve(%s), not reachable, = %v", g, root, name(n), err)
		}
	}
}
