package cram

import (
	"iter"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/partizanreport"
)

var (
	_ partizanreport.Instance = (*partizanreport.Game[Board])(nil)
	_ catalog.SuccessorLister = (*partizanreport.Game[Board])(nil)
)

func init() {
	catalog.Register(catalog.Entry{
		Name:     "cram",
		Position: "RxC for an empty board of R rows and C columns, or rows of . (empty) and # (filled) joined by |; at most 64 cells; several boards make a sum",
		Summary:  "Cram: either player places a domino either way round on two adjacent empty cells; who cannot place one loses (values are nimbers)",
		Example:  "value cram 3x4",
		Kind:     partizanreport.Kind,
		Make: func(string) (catalog.Instance, error) {
			return partizanreport.New("cram", partizanreport.Rules[Board]{
				Game: Game{}, Parse: Parse, Format: Board.String, Moves: wholeMoves, Grid: Board.Grid,
			}), nil
		},
	})
}

// wholeMoves yields the whole boards a placement leaves (the explorer's
// and Solve's moves), where the evaluator values areas.
func wholeMoves(b Board, _ bool) iter.Seq[[]Board] {
	return func(yield func([]Board) bool) {
		for q := range b.Place() {
			if !yield([]Board{q}) {
				return
			}
		}
	}
}
