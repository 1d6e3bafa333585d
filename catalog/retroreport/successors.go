package retroreport

import (
	"context"
	"fmt"
	"iter"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/retro"
)

// Game is what Successors needs of a game solved by retrograde
// analysis: its notation, the report of a solved position, and its
// board (nil for none).
type Game[P comparable] struct {
	Parse  func(string) (P, error)
	Format func(P) string
	Report func(tab *retro.Table[P], p P) *catalog.Report
	Board  func(P) *catalog.Board
	// MoveBoards draws each move's position too, for the explorer to
	// show beside the move.
	MoveBoards bool
}

// Successors is the explorer's list of the moves from p, at most limit
// (catalog.SuccessorLister), every position solved from tab, the
// retrograde analysis of the positions reachable from p. moves yields
// p's moves in the game's order, each with its label, or "" for a game
// whose moves the positions they leave name: those are listed once a
// position (two moves to one position are one choice).
func Successors[P comparable](g Game[P], tab *retro.Table[P], p P, limit int, moves func(yield func(label string, q P) bool)) *catalog.SuccessorList {
	list := &catalog.SuccessorList{
		Report:   g.Report(tab, p),
		Kind:     catalog.MovesOutcome,
		Complete: true,
	}
	if g.Board != nil {
		list.Board = g.Board(p)
	}
	seen := map[P]bool{}
	moves(func(label string, q P) bool {
		if label == "" {
			if seen[q] {
				return true
			}
			seen[q] = true
		}
		if len(list.Moves) >= limit {
			list.Complete = false
			return false
		}
		m := catalog.Successor{Move: label, Position: g.Format(q), MoverIndex: 1}
		if g.MoveBoards && g.Board != nil {
			m.Board = g.Board(q)
		}
		list.Moves = append(list.Moves, m)
		return true
	})
	list.Solve = func(ctx context.Context, pos string) (*catalog.Report, error) {
		q, err := g.Parse(pos)
		if err != nil {
			return nil, err
		}
		if _, _, ok := tab.Lookup(q); !ok {
			return nil, fmt.Errorf("internal error: %s is not reachable from %s", pos, g.Format(p))
		}
		return g.Report(tab, q), nil
	}
	return list
}

// Unlabelled is Successors' moves for a game whose moves the positions
// they leave name: its Moves.
func Unlabelled[P any](moves iter.Seq[P]) func(yield func(label string, q P) bool) {
	return func(yield func(string, P) bool) {
		for q := range moves {
			if !yield("", q) {
				return
			}
		}
	}
}
