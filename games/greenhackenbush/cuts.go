package greenhackenbush

import "slices"

// DefaultCutWork bounds the work WinningCuts spends trying the cuts of
// edges on cycles (each such cut values its piece again): about a second.
const DefaultCutWork = 50_000_000

// Cuts is what WinningCuts found.
type Cuts struct {
	// Edges are the edges whose cut leaves the value asked for, in order.
	Edges []int
	// Untried counts the edges on cycles whose cut was not tried, the work
	// bound being reached; 0 when Edges is every winning cut.
	Untried int
}

// WinningCuts returns the edges of p whose cut leaves a picture of value
// target. A bridge is decided from the tree of bridges at once: the value
// each piece would need for the ground to have the target is carried
// down from the ground (need), and a bridge wins when the piece above it,
// without what hangs from it, has its need. An edge of a cycle changes
// its piece's shape, so the piece (with what hangs from it folded into
// weights) is valued again without it, as long as the work, counted in
// edges and vertices visited, stays within work (≤ 0: DefaultCutWork).
func WinningCuts(p *Picture, target uint64, work int64) Cuts {
	if work <= 0 {
		work = DefaultCutWork
	}
	var out Cuts
	if p.N == 0 {
		return out
	}
	a := analyze(p, -1, nil)
	const none = -1
	need := make([]int64, p.N)
	need[0] = int64(target)
	weight := make([]uint32, p.N) // at v: what hangs from v by bridges
	for _, x := range a.order[1:] {
		e := a.pe[x]
		if !a.bridge[e] {
			need[x] = none
			continue
		}
		par := p.U[e] ^ p.V[e] ^ x
		h := a.head[par]
		weight[par] ^= a.val[x] + 1
		need[x] = none
		if need[h] == none {
			continue
		}
		k := need[h] ^ int64(a.val[h]) ^ int64(a.val[x]+1)
		if k == 0 {
			out.Edges = append(out.Edges, int(e))
		} else {
			need[x] = k - 1
		}
	}
	// The edges of each piece, and its vertices, by head.
	pieceEdges := map[int32][]int32{}
	loopParity := make([]uint32, p.N)
	for e := range p.U {
		if !a.seen[p.U[e]] || a.bridge[e] {
			continue
		}
		h := a.head[p.U[e]]
		if need[h] == none {
			continue
		}
		if p.U[e] == p.V[e] {
			loopParity[p.U[e]] ^= 1
			// A loop is a stalk of its own: cutting it flips the parity.
			if int64(a.val[h]^1) == need[h] {
				out.Edges = append(out.Edges, e)
			}
			continue
		}
		pieceEdges[h] = append(pieceEdges[h], int32(e))
	}
	heads := make([]int32, 0, len(pieceEdges))
	for h := range pieceEdges {
		heads = append(heads, h)
	}
	slices.Sort(heads)
	// The vertices of the pieces to try, in preorder (head first).
	pieceVerts := make(map[int32][]int32, len(heads))
	if len(heads) > 0 {
		for _, x := range a.order {
			if h := a.head[x]; pieceEdges[h] != nil {
				pieceVerts[h] = append(pieceVerts[h], x)
			}
		}
	}
	local := make([]int32, p.N)
	for _, h := range heads {
		es, vs := pieceEdges[h], pieceVerts[h]
		cost := int64(len(es)) * int64(len(es)+len(vs)+1)
		if cost > work {
			out.Untried += len(es)
			continue
		}
		work -= cost
		// The piece alone, head first (vs is in preorder, head first),
		// what hangs from each vertex folded into its weight, and its
		// loops too (a loop is *1 and falls with its vertex).
		q := &Picture{N: len(vs)}
		w := make([]uint32, len(vs))
		for i, v := range vs {
			local[v] = int32(i)
			w[i] = weight[v] ^ loopParity[v]
		}
		for _, e := range es {
			q.U = append(q.U, local[p.U[e]])
			q.V = append(q.V, local[p.V[e]])
		}
		for j, e := range es {
			if int64(analyze(q, int32(j), w).val[0]) == need[h] {
				out.Edges = append(out.Edges, int(e))
			}
		}
	}
	slices.Sort(out.Edges)
	return out
}

// Cut returns p without edge e and without what falls with it: the edges
// no longer joined to the ground. Vertices keep their numbers.
func Cut(p *Picture, e int) *Picture {
	a := analyze(p, int32(e), nil)
	q := &Picture{N: p.N}
	for i := range p.U {
		if i != e && a.seen[p.U[i]] {
			q.U = append(q.U, p.U[i])
			q.V = append(q.V, p.V[i])
		}
	}
	return q
}
