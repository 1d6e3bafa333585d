package reports

import (
	"context"
	"encoding/json"
	"io"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/matrix"
)

// MatrixOptions bound Matrix.
type MatrixOptions struct {
	// MaxRows and MaxColumns bound the matrix; 0 for the most the solver
	// takes (matrix.MaxRows, matrix.MaxColumns). A larger matrix is a
	// *budget.Exceeded (Resource Size).
	MaxRows, MaxColumns int
}

// MatrixReport is the solution of a two-player zero-sum matrix game: its
// value for the row player and an optimal mixed strategy for each player,
// in exact fractions.
type MatrixReport struct {
	Rows, Columns int // the matrix's size
	// Verified is set when Value and the strategies are exact and proven
	// an equilibrium in exact arithmetic; otherwise Value is the midpoint
	// of [Lower, Upper], which is proven, and the strategies are the
	// simplex's.
	Verified       bool
	Value          Number
	RowStrategy    []Number
	ColumnStrategy []Number
	Lower, Upper   Number
}

// MarshalJSON writes the contract of docs/design.md: value, row_strategy
// and column_strategy as JSON numbers, verified, and the exact fractions
// under "exact".
func (r *MatrixReport) MarshalJSON() ([]byte, error) {
	floats := func(xs []Number) []float64 {
		out := make([]float64, len(xs))
		for i, x := range xs {
			out[i] = x.Float64()
		}
		return out
	}
	type exact struct {
		Value          Number   `json:"value"`
		RowStrategy    []Number `json:"row_strategy"`
		ColumnStrategy []Number `json:"column_strategy"`
		Lower          Number   `json:"lower"`
		Upper          Number   `json:"upper"`
	}
	return json.Marshal(struct {
		Value          float64   `json:"value"`
		RowStrategy    []float64 `json:"row_strategy"`
		ColumnStrategy []float64 `json:"column_strategy"`
		Verified       bool      `json:"verified"`
		Exact          exact     `json:"exact"`
	}{r.Value.Float64(), floats(r.RowStrategy), floats(r.ColumnStrategy), r.Verified,
		exact{r.Value, r.RowStrategy, r.ColumnStrategy, r.Lower, r.Upper}})
}

// Matrix reads a matrix game from in (one row a line, the row player's
// payoffs separated by white space: integers, decimals or fractions; '#'
// starts a comment) and solves it. Errors in the text name the row, its
// line and the column.
func Matrix(ctx context.Context, in io.Reader, opts MatrixOptions) (*MatrixReport, error) {
	m, err := matrix.Parse(in)
	if err != nil {
		return nil, err
	}
	maxRows, maxCols := opts.MaxRows, opts.MaxColumns
	if maxRows <= 0 {
		maxRows = matrix.MaxRows
	}
	if maxCols <= 0 {
		maxCols = matrix.MaxColumns
	}
	switch {
	case m.Rows() > maxRows:
		return nil, budget.Exceed(budget.Size, int64(maxRows), "the matrix has %d rows, more than the %d solved here", m.Rows(), maxRows)
	case m.Cols() > maxCols:
		return nil, budget.Exceed(budget.Size, int64(maxCols), "the matrix has %d columns, more than the %d solved here", m.Cols(), maxCols)
	}
	sol, err := matrix.Solve(ctx, m)
	if err != nil {
		return nil, err
	}
	return &MatrixReport{
		Rows: m.Rows(), Columns: m.Cols(),
		Verified:       sol.Verified,
		Value:          NewNumber(sol.Value),
		RowStrategy:    numbers(sol.Row),
		ColumnStrategy: numbers(sol.Col),
		Lower:          NewNumber(sol.Lower),
		Upper:          NewNumber(sol.Upper),
	}, nil
}
