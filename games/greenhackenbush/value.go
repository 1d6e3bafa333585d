package greenhackenbush

// Picture is a multigraph on vertices 0…N−1 standing on the ground,
// vertex 0. Edge i joins U[i] and V[i]; loops and parallel edges are
// allowed.
type Picture struct {
	N    int
	U, V []int32
}

// Edges returns the number of edges.
func (p *Picture) Edges() int { return len(p.U) }

// BytesPerEdge and BytesPerVertex are charged for a picture before it is
// held: the edges as read (a parsed line, then U and V), the adjacency
// (two arcs an edge), the bridge marks, and the position written back
// for the report; per vertex the search's arrays and values. Measured:
// 10^7 edges read from a file peak at 830 MB resident.
const (
	BytesPerEdge   = 80
	BytesPerVertex = 4 * 10
)

// analysis is what one search of a picture finds.
type analysis struct {
	order  []int32  // the vertices joined to the ground, in preorder
	pe     []int32  // the edge to each vertex's parent in the search, −1 at the ground and unseen vertices
	head   []int32  // the first vertex (in preorder) of each vertex's 2-edge-connected piece
	val    []uint32 // at a head: the value of its piece with all that hangs from it
	bridge []bool   // per edge: on no cycle (only edges of the search)
	seen   []bool
}

// analyze values p from the ground, skipping edge skip (−1 for none). A
// vertex v carries weight[v] (nil for none), a nim value xored into its
// piece: what hangs from it, already valued.
func analyze(p *Picture, skip int32, weight []uint32) *analysis {
	n, m := p.N, len(p.U)
	a := &analysis{
		pe: make([]int32, n), head: make([]int32, n), val: make([]uint32, n),
		bridge: make([]bool, m), seen: make([]bool, n),
	}
	if n == 0 {
		return a
	}
	// Adjacency without loops: each entry the neighbour and the edge, side
	// by side, and each vertex's search state in one record, so that a
	// step of the search touches two cache lines, not six (a random tree
	// of 10^6 edges is all cache misses).
	type arc struct{ to, e int32 }
	type vstate struct{ next, end, tin, low int32 }
	st := make([]vstate, n+1)
	for e := range m {
		if u, v := p.U[e], p.V[e]; u != v && int32(e) != skip {
			st[u+1].next++
			st[v+1].next++
		}
	}
	for i := range n {
		st[i+1].next += st[i].next
	}
	arcs := make([]arc, st[n].next)
	for i := range n {
		st[i].end = st[i].next
	}
	for e := range m {
		if u, v := p.U[e], p.V[e]; u != v && int32(e) != skip {
			arcs[st[u].end] = arc{v, int32(e)}
			st[u].end++
			arcs[st[v].end] = arc{u, int32(e)}
			st[v].end++
		}
	}
	// Tarjan's low-link by an explicit stack: a tree edge to y is a bridge
	// when nothing below y reaches above y. tin 0 is unseen; preorder
	// numbers start at 1.
	stack := make([]int32, 0, 64)
	a.order = make([]int32, 0, n)
	t := int32(1)
	st[0].tin, st[0].low = t, t
	for x := range a.pe {
		a.pe[x] = -1
	}
	a.order = append(a.order, 0)
	stack = append(stack, 0)
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		sx := &st[x]
		if sx.next < sx.end {
			r := arcs[sx.next]
			sx.next++
			if r.e == a.pe[x] {
				continue // the edge we came by; a parallel one is a cycle
			}
			sy := &st[r.to]
			if sy.tin == 0 {
				t++
				sy.tin, sy.low = t, t
				a.pe[r.to] = r.e
				a.order = append(a.order, r.to)
				stack = append(stack, r.to)
			} else {
				sx.low = min(sx.low, sy.tin)
			}
			continue
		}
		stack = stack[:len(stack)-1]
		if e := a.pe[x]; e >= 0 {
			sp := &st[p.U[e]^p.V[e]^x]
			sp.low = min(sp.low, sx.low)
			if sx.low > sp.tin {
				a.bridge[e] = true
			}
		}
	}
	for _, x := range a.order {
		a.seen[x] = true
	}
	// Pieces: a vertex reached by a bridge starts one, any other joins its
	// parent's (a 2-edge-connected piece is a subtree of the search).
	for _, x := range a.order {
		a.head[x] = x
		if e := a.pe[x]; e >= 0 && !a.bridge[e] {
			a.head[x] = a.head[p.U[e]^p.V[e]^x]
		}
		if weight != nil {
			a.val[a.head[x]] ^= weight[x]
		}
	}
	// Fusion: every edge of a piece that is not a bridge is a loop, *1.
	for e := range m {
		if int32(e) == skip || !a.seen[p.U[e]] || a.bridge[e] {
			continue
		}
		a.val[a.head[p.U[e]]] ^= 1
	}
	// Colon: a piece hanging by a bridge adds 1 + its value to the piece
	// above; reverse preorder finishes every piece before its parent.
	for i := len(a.order) - 1; i > 0; i-- {
		x := a.order[i]
		if e := a.pe[x]; a.bridge[e] {
			par := p.U[e] ^ p.V[e] ^ x
			a.val[a.head[par]] ^= a.val[x] + 1
		}
	}
	return a
}

// Value returns the nim value of the picture: the n of *n.
func Value(p *Picture) uint64 {
	if p.N == 0 {
		return 0
	}
	return uint64(analyze(p, -1, nil).val[0])
}
