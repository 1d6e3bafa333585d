package amazons

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
		Name:     "amazons",
		Position: "rows of . (empty), x (Left's amazon), o (Right's amazon) and # (stone) joined by |, as CGSuite writes them, e.g. x...|o...; at most 64 cells; several boards make a sum",
		Summary:  "Amazons: move one of your amazons like a chess queen, then fire an arrow from it like a queen, which burns the cell it lands on; who cannot move loses",
		Example:  "value amazons x...|o...",
		Kind:     partizanreport.Kind,
		Make: func(string) (catalog.Instance, error) {
			return partizanreport.New("amazons", partizanreport.Rules[Board]{
				Game: Game{}, Parse: Parse, Format: Board.String, Moves: wholeMoves, Grid: Board.Grid,
			}), nil
		},
	})
}

// wholeMoves yields the whole boards a move leaves (the explorer's and
// Solve's moves), where the evaluator values groups.
func wholeMoves(b Board, left bool) iter.Seq[[]Board] {
	return func(yield func([]Board) bool) {
		for q := range b.Moves(left) {
			if !yield([]Board{q}) {
				return
			}
		}
	}
}
