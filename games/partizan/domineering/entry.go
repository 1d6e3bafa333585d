package domineering

import (
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/partizanreport"
)

var (
	_ partizanreport.Instance = (*partizanreport.Game[Board])(nil)
	_ catalog.SuccessorLister = (*partizanreport.Game[Board])(nil)
)

func init() {
	catalog.Register(catalog.Entry{
		Name:     "domineering",
		Position: "RxC for an empty board of R rows and C columns, or rows of . (empty) and # (filled) joined by |; at most 64 cells",
		Summary:  "Domineering: Left places vertical dominoes, Right horizontal ones; who cannot place one loses",
		Example:  "value domineering 2x3",
		Kind:     partizanreport.Kind,
		Make: func(string) (catalog.Instance, error) {
			return partizanreport.New("domineering", partizanreport.Rules[Board]{
				Game: Game{},
				Parse: func(t []string) ([]Board, error) {
					b, err := Parse(t)
					return []Board{b}, err
				},
				Format: Board.String,
				Grid:   grid,
			}), nil
		},
	})
}

// grid draws the board's rows, an empty board as rows of empty cells
// (where String writes RxC).
func grid(b Board) []string { return b.grid().Lines() }
