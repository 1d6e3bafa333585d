package partizanreport

import (
	"context"
	"fmt"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
	"github.com/grundy-go/grundy/cgt"
)

// Cells says which position each cell of a value table stands for, for a
// partizan game whose positions are named by one integer (a heap) or two
// (a cake's rows and columns), as CGSuite tabulates Cutcake or Maundy
// Cake.
type Cells[P comparable] struct {
	// First is the smallest number a cell takes: 1 for a cake, which has
	// no side of 0; 0 for a heap.
	First int
	// Max is the largest number the game's notation takes (a cake's
	// largest side), so that a table past it is refused in words rather
	// than by the first cell that fails to parse.
	Max int
	// Grid is set when a cell is a pair (a, b); otherwise the table is a
	// row of cells n.
	Grid bool
	// At is the position of the cell (a, b); b is 0 in a row.
	At func(a, b int) P
	// Shape names a cell for the caption: "the cake a×b (a rows, b
	// columns)", "a heap of n".
	Shape string
}

// Tabled is a partizan Game that also tabulates the canonical forms of
// its positions (grundy table): a catalog.Tabler.
type Tabled[P comparable] struct {
	*Game[P]
	cells Cells[P]
}

var _ catalog.Tabler = (*Tabled[string])(nil)

// NewTabled returns the instance of the game named spec with the given
// rules, whose table's cells are as cells says.
func NewTabled[P comparable](spec string, rules Rules[P], cells Cells[P]) *Tabled[P] {
	return &Tabled[P]{Game: New(spec, rules), cells: cells}
}

// Table values the cells First … First+upto-1 (each way, for a grid):
// each cell's canonical form in CGSuite's notation, and its outcome
// class. One evaluator serves every cell, so the followers that cells
// share (a cake's smaller cakes) are valued once.
func (t *Tabled[P]) Table(ctx context.Context, upto int, opts catalog.Options) (*catalog.Table, error) {
	c := t.cells
	if upto < 1 {
		return nil, fmt.Errorf("a table of %d cells: expected at least 1", upto)
	}
	if last := c.First + upto - 1; last > c.Max {
		return nil, fmt.Errorf("a table to %d: %s takes numbers from %d to %d, so --upto is at most %d", last, t.spec, c.First, c.Max, c.Max-c.First+1)
	}
	s := cgt.NewSpace()
	s.Context = ctx
	bound(s, opts)
	e, err := t.evaluator(s, opts)
	if err != nil {
		return nil, err
	}
	defer e.Release()
	cell := func(a, b int) (form, class string, err error) {
		v, err := e.Value(ctx, c.At(a, b))
		if err != nil {
			return "", "", err
		}
		o, err := s.Outcome(v)
		if err != nil {
			return "", "", err
		}
		form, _ = reports.ValueText(s, v)
		return form, o.String(), nil
	}
	tab := &catalog.Table{Game: t.spec, First: c.First}
	what := "the canonical form (CGSuite's notation) of " + c.Shape
	if !c.Grid {
		tab.Canonical = make([]string, upto)
		tab.Classes = make([]string, upto)
		for i := range upto {
			if tab.Canonical[i], tab.Classes[i], err = cell(c.First+i, 0); err != nil {
				return nil, err
			}
		}
		tab.Caption = fmt.Sprintf("%s, n = %d … %d, and its outcome class (L: Left wins, R: Right wins, N: the player to move wins, P: the player to move loses)", what, c.First, c.First+upto-1)
		return tab, nil
	}
	tab.CanonicalGrid = make([][]string, upto)
	tab.ClassGrid = make([][]string, upto)
	for i := range upto {
		tab.CanonicalGrid[i] = make([]string, upto)
		tab.ClassGrid[i] = make([]string, upto)
		for j := range upto {
			if tab.CanonicalGrid[i][j], tab.ClassGrid[i][j], err = cell(c.First+i, c.First+j); err != nil {
				return nil, err
			}
		}
	}
	tab.Caption = fmt.Sprintf("%s, a and b = %d … %d (a down, b across), and its outcome class (L: Left wins, R: Right wins, N: the player to move wins, P: the player to move loses)", what, c.First, c.First+upto-1)
	return tab, nil
}
