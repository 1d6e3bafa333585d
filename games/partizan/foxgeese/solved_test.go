package foxgeese

import (
	"context"
	"encoding/json"
	"math/rand"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
)

// listing is a SuccessorList as the explorer sends it: the position's
// report without the size of the graph it was read from, and every move
// with the report of the position it leaves.
func listing(t *testing.T, in instance, p Pos) string {
	t.Helper()
	l, err := in.Successors(context.Background(), []string{in.b.String(p)}, catalog.Options{}, 1000)
	if err != nil {
		t.Fatal(err)
	}
	return encodeListing(t, l)
}

// graphListing is the listing as it was made before results were kept:
// p's own graph, solved whole, read by reports.LoopySuccessors.
func graphListing(t *testing.T, in instance, p Pos) string {
	t.Helper()
	g, names, err := in.b.Graph(context.Background(), p, 1<<22, nil)
	if err != nil {
		t.Fatal(err)
	}
	text := in.b.String(p)
	board := &catalog.Board{Kind: catalog.BoardGrid, Text: text, Rows: strings.Split(text, "|")}
	l := reports.LoopySuccessors(in.b.Spec(), g, func(v int32) string { return in.b.String(names[v]) }, solveMethod, board, 1000)
	l.Report.Extra["positions"] = len(names)
	return encodeListing(t, l)
}

// encodeListing writes a listing for comparison.
func encodeListing(t *testing.T, l *catalog.SuccessorList) string {
	t.Helper()
	ctx := context.Background()
	if _, ok := l.Report.Extra["positions"]; !ok {
		t.Fatalf("%s: no positions in the report", l.Report.Position)
	}
	delete(l.Report.Extra, "positions")
	type move struct {
		Move   catalog.Successor
		Report *catalog.Report
	}
	var moves []move
	for _, m := range l.Moves {
		r, err := l.Solve(ctx, m.Position)
		if err != nil {
			t.Fatal(err)
		}
		moves = append(moves, move{m, r})
	}
	b, err := json.Marshal(struct {
		Report   *catalog.Report
		Board    *catalog.Board
		Complete bool
		Moves    []move
	}{l.Report, l.Board, l.Complete, moves})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestKeptResultsAgree plays random games on small boards and answers
// every position twice: from its own graph solved whole, as the
// explorer did before results were kept, and from the results kept
// after solving the start. Both answers must be the same, every move's
// outcome included (the size of the graph read aside).
func TestKeptResultsAgree(t *testing.T) {
	rng := rand.New(rand.NewSource(37))
	for _, wh := range [][2]int{{4, 4}, {3, 4}, {5, 3}, {6, 6}} {
		b, err := New(wh[0], wh[1])
		if err != nil {
			t.Fatal(err)
		}
		in := instance{b}
		// Positions of random games, each answered from its own graph
		// as before results were kept.
		var ps []Pos
		fresh := map[Pos]string{}
		for game := 0; game < 6; game++ {
			p := b.Start()
			for ply := 0; ply < 30; ply++ {
				if _, ok := fresh[p]; !ok {
					fresh[p] = graphListing(t, in, p)
					ps = append(ps, p)
				}
				var next []Pos
				if ply%2 == 0 {
					for q := range b.LeftMoves(p) {
						next = append(next, q)
					}
				} else {
					for q := range b.RightMoves(p) {
						next = append(next, q)
					}
				}
				if len(next) == 0 {
					break
				}
				p = next[rng.Intn(len(next))]
			}
		}
		// The same positions answered from the start's kept results.
		forgetSolved()
		listing(t, in, b.Start())
		kept := lookupSolved(b, b.Start())
		for _, p := range ps {
			if lookupSolved(b, p) != kept {
				t.Fatalf("%s %s: not among the kept results of the start", b.Spec(), b.String(p))
			}
			if got := listing(t, in, p); got != fresh[p] {
				t.Fatalf("%s %s: from kept results\n%s\nfresh\n%s", b.Spec(), b.String(p), got, fresh[p])
			}
		}
	}
	// Another board's kept results never answer.
	b4, _ := New(4, 4)
	b6, _ := New(6, 6)
	forgetSolved()
	listing(t, instance{b4}, b4.Start())
	if lookupSolved(b6, b4.Start()) != nil {
		t.Fatal("6x6 answered from 4x4's kept results")
	}
}
