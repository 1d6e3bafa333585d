package nim

import (
	"github.com/grundy-go/grundy/catalog/reports"
	"github.com/grundy-go/grundy/heap"
)

var _ reports.Sequencer = nimGame{}

// HeapRule is Nim on one heap for the heap engine ('grundy seq nim', whose
// values are G(n) = n).
func (nimGame) HeapRule() *heap.Rule {
	r, err := heap.Parse("nim")
	if err != nil {
		panic(err) // a fixed name heap.Parse knows: a bug
	}
	return r
}
