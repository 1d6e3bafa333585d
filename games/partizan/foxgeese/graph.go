package foxgeese

import (
	"context"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/cgt/stopper"
)

// bytesPerVertex is what one vertex of Graph costs, about: its map
// entry, its name and its option lists, with the reversed lists that
// stopper.Results builds.
const bytesPerVertex = 160

// Graph is the game graph of every position reached from start: vertex
// 0 is start, names[v] the position of vertex v. It stops with the
// budget's error past maxVertices positions or when mem runs out, and
// with the context's error when ctx ends.
func (b Board) Graph(ctx context.Context, start Pos, maxVertices int, mem *budget.Bytes) (*stopper.Graph, []Pos, error) {
	ids := map[Pos]int32{start: 0}
	names := []Pos{start}
	g := &stopper.Graph{}
	add := func(q Pos) (int32, error) {
		if id, ok := ids[q]; ok {
			return id, nil
		}
		if len(names) >= maxVertices {
			return 0, budget.TooManyStates(maxVertices)
		}
		if mem != nil && len(names)%4096 == 0 {
			// Charged for as long as the request lives: the graph is
			// the caller's to keep.
			if err := mem.Charge(4096*bytesPerVertex, "the Fox and Geese game graph"); err != nil {
				return 0, err
			}
		}
		id := int32(len(names))
		ids[q] = id
		names = append(names, q)
		return id, nil
	}
	for i := 0; i < len(names); i++ {
		if i%65536 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, nil, err
			}
		}
		p := names[i]
		var l, r []int32
		for q := range b.LeftMoves(p) {
			id, err := add(q)
			if err != nil {
				return nil, nil, err
			}
			l = append(l, id)
		}
		for q := range b.RightMoves(p) {
			id, err := add(q)
			if err != nil {
				return nil, nil, err
			}
			r = append(r, id)
		}
		g.L = append(g.L, l)
		g.R = append(g.R, r)
	}
	return g, names, nil
}
