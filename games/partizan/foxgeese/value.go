package foxgeese

import (
	"context"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/cgt/stopper"
)

// Valuer values positions of one board layer by layer (see the package
// doc): a layer is the set of positions with the geese on the same
// squares, and only the fox moves inside it, so every cycle is the fox's
// alone. Each layer is one stopper graph: its positions, whose Right
// options are the fox's moves inside the layer, and the simplest forms
// of the layers below, to which the geese move; one simplification
// (stopper.CanonicalRoots) gives the simplest form of every position of
// the layer. Values are kept once each: a new simplest form is looked up
// by a hash that isomorphic graphs share (colour refinement) and taken
// for a known value only when stopper.Equal says they are equal.
type Valuer struct {
	b      Board
	ctx    context.Context
	lim    *stopper.Limits
	max    int                // positions valued at most
	layers map[uint64][]int32 // geese → value index by fox square, -1 where the fox cannot stand
	values []*stopper.Graph
	index  map[uint64][]int32 // invariant hash → the values with it
	valued int
	mu     sync.Mutex // values, index and valued, shared by a level's workers
}

// layerBytes is what one layer's memo costs: an index for each of at
// most 64 squares and the map's entry.
const layerBytes = 64*4 + 48

// NewValuer returns a Valuer of positions of b, bounded by max positions
// valued and lim (its memory and context).
func NewValuer(b Board, max int, lim *stopper.Limits) *Valuer {
	ctx := context.Background()
	if lim != nil && lim.Context != nil {
		ctx = lim.Context
	}
	return &Valuer{b: b, ctx: ctx, lim: lim, max: max, layers: map[uint64][]int32{}, index: map[uint64][]int32{}}
}

// Value is the simplest form of p, a stopper: the geese move only down,
// so no play alternates for ever.
func (vr *Valuer) Value(p Pos) (*stopper.Value, error) {
	if err := vr.valueLayers(p.Geese); err != nil {
		return nil, err
	}
	g := vr.values[vr.layers[p.Geese][p.Fox]]
	return &stopper.Value{On: g, Off: g}, nil
}

// Distinct is the number of distinct values met so far; Valued the
// positions valued.
func (vr *Valuer) Distinct() int { return len(vr.values) }
func (vr *Valuer) Valued() int   { return vr.valued }

// valueLayers values the layer of geese and every layer below it not yet
// valued. A goose move lowers the sum of the geese's rows by one, so the
// layers of one sum depend only on those of the sum below: they are
// valued sum by sum from the lowest, the layers of one sum side by side
// on every core (runtime.GOMAXPROCS).
func (vr *Valuer) valueLayers(geese uint64) error {
	if _, ok := vr.layers[geese]; ok {
		return nil
	}
	b := vr.b
	seen := map[uint64]bool{geese: true}
	todo := []uint64{geese}
	for i := 0; i < len(todo); i++ {
		for from, to := range b.GooseMoves(todo[i], -1) {
			m := todo[i]&^(1<<from) | 1<<to
			if _, ok := vr.layers[m]; !ok && !seen[m] {
				seen[m] = true
				todo = append(todo, m)
			}
		}
	}
	bySum := map[int][]uint64{}
	for _, m := range todo {
		s := b.rowSum(m)
		bySum[s] = append(bySum[s], m)
	}
	sums := make([]int, 0, len(bySum))
	for s := range bySum {
		sums = append(sums, s)
	}
	slices.Sort(sums)
	workers := runtime.GOMAXPROCS(0)
	for _, s := range sums {
		level := bySum[s]
		out := make([][]int32, len(level))
		var next atomic.Int64
		var wg sync.WaitGroup
		errs := make([]error, workers)
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					k := int(next.Add(1) - 1)
					if k >= len(level) || errs[w] != nil {
						return
					}
					out[k], errs[w] = vr.layer(level[k])
					if errs[w] != nil {
						next.Store(int64(len(level))) // the others stop too
					}
				}
			}()
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				return err
			}
		}
		for k, m := range level {
			vr.layers[m] = out[k]
		}
	}
	return nil
}

// rowSum is the sum of the geese's rows counted from the bottom (1),
// which each goose move lowers by one.
func (b Board) rowSum(geese uint64) int {
	s := 0
	for m := geese; m != 0; m &= m - 1 {
		s += b.H - bits.TrailingZeros64(m)/b.W
	}
	return s
}

// layer values every position with the geese on geese, the layers the
// geese move to valued already (valueLayers). It runs beside other
// layers of its sum: it reads vr.layers, which no one writes meanwhile,
// and takes vr.mu for the shared values.
func (vr *Valuer) layer(geese uint64) ([]int32, error) {
	if err := vr.ctx.Err(); err != nil {
		return nil, err
	}
	b := vr.b
	n := b.W * b.H
	// The layers below, whichever square the fox is on.
	below := map[[2]int][]int32{}
	for from, to := range b.GooseMoves(geese, -1) {
		below[[2]int{from, to}] = vr.layers[geese&^(1<<from)|1<<to]
	}
	// The layer's vertices first (one per square the fox can stand on),
	// then each value the geese move to, embedded once.
	vertex := make([]int32, n)
	var roots []int32
	for i := 0; i < n; i++ {
		vertex[i] = -1
		if b.Dark(i) && geese&(1<<i) == 0 {
			vertex[i] = int32(len(roots))
			roots = append(roots, int32(len(roots)))
		}
	}
	vr.mu.Lock()
	over := vr.valued+len(roots) > vr.max
	vr.valued += len(roots)
	vr.mu.Unlock()
	if over {
		return nil, budget.TooManyStates(vr.max)
	}
	if vr.lim != nil && vr.lim.Memory != nil {
		if err := vr.lim.Memory.Charge(layerBytes, "the values of Fox and Geese positions"); err != nil {
			return nil, err
		}
	}
	g := &stopper.Graph{L: make([][]int32, len(roots)), R: make([][]int32, len(roots))}
	embedded := map[int32]int32{}
	embed := func(val int32) int32 {
		if at, ok := embedded[val]; ok {
			return at
		}
		vr.mu.Lock()
		h := vr.values[val]
		vr.mu.Unlock()
		at := int32(g.Len())
		for v := range h.L {
			g.L = append(g.L, shifted(h.L[v], at))
			g.R = append(g.R, shifted(h.R[v], at))
		}
		embedded[val] = at
		return at
	}
	for i := 0; i < n; i++ {
		v := vertex[i]
		if v < 0 {
			continue
		}
		for to := range b.FoxMoves(geese, i) {
			g.R[v] = append(g.R[v], vertex[to])
		}
		for from, to := range b.GooseMoves(geese, i) {
			g.L[v] = append(g.L[v], embed(below[[2]int{from, to}][i]))
		}
	}
	// The embedded values are roots too: a position equal to one of
	// them is fused with it, and takes its index without a look-up.
	layerRoots := len(roots)
	var embeddedVals []int32
	for val, at := range embedded {
		roots = append(roots, at)
		embeddedVals = append(embeddedVals, val)
	}
	c, at, err := stopper.CanonicalRoots(g, roots, vr.lim)
	if err != nil {
		return nil, err
	}
	known := map[int32]int32{} // a vertex of c → its value's index
	for k, val := range embeddedVals {
		known[at[layerRoots+k]] = val
	}
	vals := make([]int32, n)
	for i := range vals {
		vals[i] = -1
		v := vertex[i]
		if v < 0 {
			continue
		}
		val, ok := known[at[v]]
		if !ok {
			if val, err = vr.intern(stopper.Rooted(c, at[v])); err != nil {
				return nil, err
			}
			known[at[v]] = val
		}
		vals[i] = val
	}
	return vals, nil
}

// intern returns the index of the value h (a simplest form), adding it
// when it is new.
func (vr *Valuer) intern(h *stopper.Graph) (int32, error) {
	key := invariant(h)
	vr.mu.Lock()
	defer vr.mu.Unlock()
	for _, id := range vr.index[key] {
		eq, err := stopper.Equal(vr.values[id], h, vr.lim)
		if err != nil {
			return 0, err
		}
		if eq {
			return id, nil
		}
	}
	id := int32(len(vr.values))
	vr.values = append(vr.values, h)
	vr.index[key] = append(vr.index[key], id)
	return id, nil
}

// invariant is a hash of the rooted graph g that does not depend on how
// its vertices are numbered: colour refinement (every vertex's colour
// hashed with the sorted colours of its Left and of its Right options),
// as many rounds as g has vertices, then the root's colour. Isomorphic
// graphs — so equal simplest forms (the simplification theorem) — get
// the same hash; unequal ones that share it are told apart by
// stopper.Equal.
func invariant(g *stopper.Graph) uint64 {
	n := g.Len()
	col := make([]uint64, n)
	next := make([]uint64, n)
	var buf []uint64
	mix := func(h, x uint64) uint64 {
		h ^= x + 0x9e3779b97f4a7c15 + h<<6 + h>>2
		return h * 0xff51afd7ed558ccd
	}
	for round := 0; round <= n; round++ {
		for v := 0; v < n; v++ {
			h := mix(uint64(n), col[v])
			for side, opts := range [2][]int32{g.L[v], g.R[v]} {
				buf = buf[:0]
				for _, w := range opts {
					buf = append(buf, col[w])
				}
				slices.Sort(buf)
				h = mix(h, uint64(side)+7)
				for _, x := range buf {
					h = mix(h, x)
				}
			}
			next[v] = h
		}
		col, next = next, col
	}
	return col[0]
}

func shifted(opts []int32, d int32) []int32 {
	out := make([]int32, len(opts))
	for k, w := range opts {
		out[k] = w + d
	}
	return out
}
