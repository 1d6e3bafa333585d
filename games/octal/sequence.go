package octal

import (
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
	"github.com/grundy-go/grundy/heap"
)

// The heap games of this package offer their sequence of values
// (reports.Sequencer): 'grundy seq' and /api/v1/seq reach them by the
// names solve does. The all-but subtraction games, whose rule is a code
// with an infinite tail, are registered here too, since the heap engine
// computes them as it computes octal codes.

func init() {
	catalog.Register(catalog.Entry{
		Name:     "allbut",
		Params:   "S",
		Position: "heap sizes; several heaps make a sum",
		Summary:  "all-but subtraction: take any positive number of tokens from one heap except the amounts in S (comma-separated, e.g. 1,2; Angela Siegel's all-but subtraction games)",
		Example:  "solve allbut:1,2 7 9",
		Kind:     "impartial",
		Make:     func(p string) (catalog.Instance, error) { return newHeapRuleGame("allbut:" + p) },
	})
}

var (
	_ reports.Sequencer = (*heapRuleGame)(nil)
	_ reports.Sequencer = treblecross{}
)

// HeapRule is the game's rule for the heap engine.
func (g *heapRuleGame) HeapRule() *heap.Rule { return g.rule }

// HeapRule is Treblecross for the heap engine: G(n) of an empty strip of
// n cells, octal 0.11337 (0.007 shifted by two).
func (treblecross) HeapRule() *heap.Rule { return mustParse("treblecross") }

// mustParse is heap.Parse of a fixed name it knows.
func mustParse(spec string) *heap.Rule {
	r, err := heap.Parse(spec)
	if err != nil {
		panic(err) // a bug
	}
	return r
}
