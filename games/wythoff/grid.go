package wythoff

import (
	"context"
	"fmt"
	"math/big"
	"math/bits"
	"sync"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/impartialgame"
)

// The explorer's Wythoff moves come from one table of every position's
// Sprague–Grundy value and remoteness with both heaps below N, shared by
// all requests of the process and computed once (grown by doubling, up to
// maxSharedGrid), instead of a search of every position below (a, b) for
// each request: a move list is then a look-up a move.
//
// The table is filled row by row by the definitions. G(a, b) is the mex of
// the values of the options (a−k, b), (a, b−k) and (a−k, b−k), kept as
// bitsets of the values seen along each row, column and diagonal, so a
// cell costs O(N/64). The remoteness (Winning Ways, ch. 9; Steinhaus
// 1925) is 0 at (0, 0); at another P-position it is 1 + the largest
// remoteness of its options; at an N-position 1 + the smallest remoteness
// of its P-options. Both are running maxima and minima along the row,
// column and diagonal, so a cell costs O(1) more.

// maxSharedGrid bounds the table: 1024² cells of two uint16, 4 MiB, and
// about 0.2 s of CPU to fill.
const maxSharedGrid = 1024

// grid is G and the remoteness of every (a, b) with a, b < n.
type grid struct {
	n    int
	g, r []uint16
}

func (t *grid) at(a, b int) (uint16, uint16) { return t.g[a*t.n+b], t.r[a*t.n+b] }

var shared struct {
	mu   sync.Mutex
	grid *grid
}

// sharedGrid returns a table covering heaps below need (need ≤
// maxSharedGrid), filling or growing the process's table when it is too
// small; concurrent callers wait for one fill.
func sharedGrid(ctx context.Context, need int) (*grid, error) {
	shared.mu.Lock()
	defer shared.mu.Unlock()
	if shared.grid != nil && shared.grid.n >= need {
		return shared.grid, nil
	}
	n := 64
	for n < need {
		n *= 2
	}
	t, err := fillGrid(ctx, min(n, maxSharedGrid))
	if err != nil {
		return nil, err
	}
	shared.grid = t
	return t, nil
}

// fillGrid computes the table for heaps below n.
func fillGrid(ctx context.Context, n int) (*grid, error) {
	const none = 1<<16 - 1
	words := (3*n)/64 + 1 // values are below 3n: a cell has fewer options
	t := &grid{n: n, g: make([]uint16, n*n), r: make([]uint16, n*n)}
	col := make([]uint64, n*words)    // values seen in column b above row a
	diag := make([]uint64, 2*n*words) // values seen on diagonal b−a+n
	row := make([]uint64, words)      // values seen in row a left of b
	colMax, colMinP := make([]uint16, n), make([]uint16, n)
	diagMax, diagMinP := make([]uint16, 2*n), make([]uint16, 2*n)
	for i := range colMinP {
		colMinP[i] = none
	}
	for i := range diagMinP {
		diagMinP[i] = none
	}
	for a := range n {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		clear(row)
		rowMax, rowMinP := uint16(0), uint16(none)
		for b := range n {
			c, d := col[b*words:(b+1)*words], diag[(b-a+n)*words:(b-a+n+1)*words]
			g := 0
			for w := range words {
				if seen := row[w] | c[w] | d[w]; seen != ^uint64(0) {
					g = w*64 + bits.TrailingZeros64(^seen)
					break
				}
			}
			var r uint16
			switch {
			case a == 0 && b == 0:
				r = 0
			case g == 0:
				r = 1 + max(rowMax, colMax[b], diagMax[b-a+n])
			default:
				r = 1 + min(rowMinP, colMinP[b], diagMinP[b-a+n])
			}
			t.g[a*n+b], t.r[a*n+b] = uint16(g), r
			bit, w := uint64(1)<<(g%64), g/64
			row[w] |= bit
			c[w] |= bit
			d[w] |= bit
			rowMax, colMax[b], diagMax[b-a+n] = max(rowMax, r), max(colMax[b], r), max(diagMax[b-a+n], r)
			if g == 0 {
				rowMinP, colMinP[b], diagMinP[b-a+n] = min(rowMinP, r), min(colMinP[b], r), min(diagMinP[b-a+n], r)
			}
		}
	}
	return t, nil
}

// exploreByGrid lists the moves of (a, b), both below maxSharedGrid, from
// the shared table, in the search adapter's order (from heap A, from heap
// B, from both, fewest tokens taken first), with the closed form's report
// given the table's value and remoteness.
func (g instance) exploreByGrid(ctx context.Context, a, b int, maxMoves int) (*catalog.Exploration, error) {
	t, err := sharedGrid(ctx, max(a, b)+1)
	if err != nil {
		return nil, err
	}
	if maxMoves <= 0 {
		maxMoves = catalog.DefaultMaxMoves
	}
	report := closedForm(big.NewInt(int64(a)), big.NewInt(int64(b)))
	v, r := t.at(a, b)
	if (v == 0) != (report.Outcome == "P") {
		return nil, fmt.Errorf("internal error: wythoff %d %d: the closed form says %s but the table has value %d", a, b, report.Outcome, v)
	}
	rem := int(r)
	report.Grundy, report.Remoteness = big.NewInt(int64(v)), &rem
	report.Notes = append(report.Notes, fmt.Sprintf("the Sprague–Grundy value and remoteness come from a table of every position with heaps below %d, filled by the mex rule", t.n))
	from := fmt.Sprintf("%d %d", a, b)
	x := &catalog.Exploration{Report: report, Board: impartialgame.NumbersAsHeaps(from), MovesCounted: true}
	for p := range (Game{}).Moves(Pos{A: a, B: b}) {
		x.MovesTotal++
		if len(x.Moves) >= maxMoves {
			continue
		}
		v, r := t.at(p.A, p.B)
		rem := int(r)
		val := big.NewInt(int64(v))
		to := fmt.Sprintf("%d %d", p.A, p.B)
		x.Moves = append(x.Moves, catalog.MoveInfo{Component: 0, From: from, To: to, Position: to, Outcome: catalog.OutcomeOfValue(val), Grundy: val, Remoteness: &rem})
	}
	return x, nil
}
