package lasker

import (
	"github.com/grundy-go/grundy/catalog/reports"
	"github.com/grundy-go/grundy/heap"
)

var _ reports.Sequencer = instance{}

// HeapRule is Lasker's Nim for the heap engine: 'grundy seq lasker' and
// /api/v1/seq reach it by the name solve does.
func (instance) HeapRule() *heap.Rule {
	r, err := heap.Parse("lasker")
	if err != nil {
		panic(err) // a fixed name heap.Parse knows: a bug
	}
	return r
}
