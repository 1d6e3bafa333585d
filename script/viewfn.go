package script

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/grundy-go/grundy/catalog"
	"go.starlark.net/starlark"
)

// A script may define view(pos), which tells a front end how to draw a
// position (the explorer's board, catalog.Board): it returns a string or
// a list of strings, the rows of a grid with one character a cell ("."
// empty, "#" covered, X, O, L, R, T, F and other letters drawn as they
// are), or a list of non-negative ints, heap sizes drawn as rows of
// tokens. The explorer reads each move from what it changes on the
// board, so moves are made by clicking there. view is called only to
// draw; it never changes a solution.

// View limits: a board a page can draw.
const (
	maxViewRows  = 64
	maxViewCols  = 64
	maxViewHeaps = 1000
)

// View is the script's drawing of position p: nil when the script has no
// view function. A view that returns anything else than the contract
// allows is an Error naming the script's line.
func (g *Game) View(ctx context.Context, p Pos) (*catalog.Board, error) {
	fn, _ := g.globals["view"].(*starlark.Function)
	if fn == nil {
		return nil, nil
	}
	var b *catalog.Board
	err := g.Run(ctx, func(context.Context) error {
		v, err := g.call(fn, g.Value(p))
		if err != nil {
			return err
		}
		if b, err = boardOf(v); err != nil {
			return &Error{Pos: fn.Position().String(), Msg: fmt.Sprintf("view(%s) returned %s: %v", describe(g.Value(p)), describe(v), err)}
		}
		b.Text = g.Format(p)
		return nil
	})
	return b, err
}

var errView = errors.New("expected a string or a list of strings (the rows of a grid, one character a cell, all of one length), or a list of heap sizes (non-negative ints)")

// boardOf reads view's result.
func boardOf(v starlark.Value) (*catalog.Board, error) {
	if s, ok := v.(starlark.String); ok {
		v = starlark.NewList([]starlark.Value{s})
	}
	seq, ok := v.(starlark.Indexable)
	if !ok || seq.Len() == 0 {
		return nil, errView
	}
	switch seq.Index(0).(type) {
	case starlark.String:
		if seq.Len() > maxViewRows {
			return nil, fmt.Errorf("%d rows; at most %d are drawn", seq.Len(), maxViewRows)
		}
		b := &catalog.Board{Kind: catalog.BoardGrid}
		for i := range seq.Len() {
			s, ok := seq.Index(i).(starlark.String)
			if !ok {
				return nil, errView
			}
			row := string(s)
			n := utf8.RuneCountInString(row)
			if n == 0 || n > maxViewCols || i > 0 && n != utf8.RuneCountInString(b.Rows[0]) {
				return nil, fmt.Errorf("row %d has %d cells; rows must have one length, 1 to %d cells", i+1, n, maxViewCols)
			}
			b.Rows = append(b.Rows, row)
		}
		return b, nil
	case starlark.Int:
		if seq.Len() > maxViewHeaps {
			return nil, fmt.Errorf("%d heaps; at most %d are drawn", seq.Len(), maxViewHeaps)
		}
		b := &catalog.Board{Kind: catalog.BoardHeaps}
		for i := range seq.Len() {
			n, ok := seq.Index(i).(starlark.Int)
			if !ok {
				return nil, errView
			}
			x, ok := n.Int64()
			if !ok || x < 0 {
				return nil, fmt.Errorf("heap %d is %s; heap sizes are non-negative ints", i+1, n)
			}
			b.Heaps = append(b.Heaps, strconv.FormatInt(x, 10))
		}
		return b, nil
	}
	return nil, errView
}
