package ptb

import (
	"fmt"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/partizanreport"
)

var (
	_ partizanreport.Instance = (*partizanreport.Game[int])(nil)
	_ catalog.Tabler          = (*partizanreport.Tabled[int])(nil)
)

func init() {
	catalog.Register(catalog.Entry{
		Name:     "partizan-tb",
		Params:   "LEFT/RIGHT",
		Position: fmt.Sprintf("heap sizes from 0 to %d; several heaps make a sum", MaxHeap),
		Summary:  "partizan take-and-break game (CGSuite's PartizanTakeAndBreak): Left moves on a heap by her take-and-break code, Right by his, in CGSuite's notation (e.g. 0.303/0.033 is partizan subtraction {1,3} | {2,3}, 0.77/4!.0 Kayles against Grundy's game)",
		Example:  "value partizan-tb:0.77/4!.0 9",
		Kind:     partizanreport.Kind,
		Make: func(p string) (catalog.Instance, error) {
			spec := "partizan-tb:" + p
			g, err := Parse(spec, len("partizan-tb:"))
			if err != nil {
				return nil, err
			}
			return partizanreport.NewTabled("partizan-tb:"+g.Spec(), partizanreport.Rules[int]{Game: g, Parse: ParseHeaps, Format: g.Format}, heapCells), nil
		},
	})
}

// heapCells are the cells of the game's table: heaps 0, 1, ….
var heapCells = partizanreport.Cells[int]{Max: MaxHeap, At: func(n, _ int) int { return n }, Shape: "a heap of n"}
