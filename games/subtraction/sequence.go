package subtraction

import (
	"github.com/grundy-go/grundy/catalog/reports"
	"github.com/grundy-go/grundy/heap"
)

// S-Nim and the Fibonacci game offer their sequence of values
// (reports.Sequencer): 'grundy seq' and /api/v1/seq reach them by the
// names solve does.
var (
	_ reports.Sequencer = (*heapGame)(nil)
	_ reports.Sequencer = (*subtractGame)(nil)
)

// HeapRule is the game's rule for the heap engine, which reads the spec
// ("fib", "subtract:1,3,4"); nil if it has none.
func (h *heapGame) HeapRule() *heap.Rule {
	r, err := heap.Parse(h.Name)
	if err != nil {
		return nil
	}
	return r
}
