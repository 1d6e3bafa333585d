package tier

import (
	"context"
	"errors"
	"iter"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/outcome"
	"github.com/grundy-go/grundy/retro"
)

// unmovingGraph is a random tier graph that lists un-moves (the
// game.TierUnmover the loopy tiers are solved by without their graph):
// each position's predecessors inside its tier, once per move, and
// besides them some positions of the tier that no play reaches (which
// the contract allows and the solver must leave out).
type unmovingGraph struct {
	*tierGraphGame
	pred      [][]int32
	noise     [][]int32
	termAsked *atomic.Int64 // un-moves asked of positions without moves
}

func newUnmovingGraph(r *rand.Rand, g *tierGraphGame) unmovingGraph {
	n := len(g.tierOf)
	u := unmovingGraph{tierGraphGame: g, pred: make([][]int32, n), noise: make([][]int32, n), termAsked: new(atomic.Int64)}
	for p := range n {
		for _, q := range g.adj[p] {
			if g.tierOf[q] == g.tierOf[p] {
				u.pred[q] = append(u.pred[q], int32(p))
			}
		}
	}
	seen := make([]bool, n)
	seen[0] = true
	for queue := []int32{0}; len(queue) > 0; queue = queue[1:] {
		for _, q := range g.adj[queue[0]] {
			if !seen[q] {
				seen[q] = true
				queue = append(queue, q)
			}
		}
	}
	for q := range n {
		for _, p := range g.nodes[g.tierOf[q]] {
			if !seen[p] && r.IntN(2) == 0 {
				u.noise[q] = append(u.noise[q], p)
			}
		}
	}
	return u
}

func (g unmovingGraph) AppendUnmoves(dst []int32, q int32) []int32 {
	if len(g.adj[q]) == 0 {
		g.termAsked.Add(1)
	}
	dst = append(dst, g.pred[q]...)
	return append(dst, g.noise[q]...)
}

type unmovingEndless struct{ unmovingGraph }

func (g unmovingEndless) EndlessOutcome(p int32) outcome.Outcome {
	return tierGraphEndless{g.tierGraphGame}.EndlessOutcome(p)
}

// TestUnmoveSameBytes builds random loopy tiered games (cycles, moves
// to child tiers, drawn, won and lost ends, verdicts on endless play)
// twice, by un-moves and by the tier's graph: every file is the same,
// byte for byte, and agrees with the retrograde analysis of the whole
// game.
func TestUnmoveSameBytes(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	draws, verdicts := 0, 0
	for iter := range 150 {
		endless := iter%2 == 1
		base := randomTierGraph(r, 1+r.IntN(5), 1+r.IntN(14), endless)
		u := newUnmovingGraph(r, base)
		var g game.Tiered[int32] = u
		if endless {
			g = unmovingEndless{u}
		}
		workers := 1 + iter%2
		d, dir := build(t, g, "graph", Options{Workers: workers})
		_, graphDir := build(t, g, "graph", Options{Workers: workers, graphLoopy: true})
		sameFiles(t, dir, graphDir)
		checkAgainstRetro(t, g, d)
		if n := u.termAsked.Load(); n > 0 {
			t.Fatalf("game %d: un-moves asked of %d positions without moves", iter, n)
		}
		c := d.Stats().Total
		draws += int(c.Draw)
		verdicts += int(c.EndlessWin + c.EndlessLose)
	}
	if draws == 0 || verdicts == 0 {
		t.Errorf("the random games had %d drawn positions and %d decided by endless play; want some of each", draws, verdicts)
	}
}

// foldedGraph is a random tiered game with a symmetry folded into its
// ranking: each node v of a random tier graph becomes two positions,
// 2v and 2v+1 (swapped by the symmetry), except fixed nodes, one
// position 2v that is its own image. A move of the graph u → v with
// label b goes from u's copy s to v's copy s^b (label 2: to both); a
// fixed node moves to both copies of each of its successors. The
// symmetry maps moves to moves, so the copies have one value; the
// ranking gives both one rank. A position may reach both copies of a
// successor, i.e. one rank twice, and a fixed position stands for an
// orbit of one: the cases where counting moves by rank and un-moving
// an orbit's representative must agree.
type foldedGraph struct {
	base  *tierGraphGame
	label [][]uint8
	fixed []bool
	pred  [][]int32 // base predecessors inside the tier, one per arc
	arc   [][]int   // the arc's index in the predecessor's adjacency
}

func newFoldedGraph(r *rand.Rand, base *tierGraphGame) *foldedGraph {
	n := len(base.tierOf)
	g := &foldedGraph{base: base, label: make([][]uint8, n), fixed: make([]bool, n), pred: make([][]int32, n), arc: make([][]int, n)}
	for v := range n {
		g.fixed[v] = v > 0 && r.IntN(4) == 0
		for i, w := range base.adj[v] {
			g.label[v] = append(g.label[v], uint8(r.IntN(3)))
			if base.tierOf[w] == base.tierOf[v] {
				g.pred[w] = append(g.pred[w], int32(v))
				g.arc[w] = append(g.arc[w], i)
			}
		}
	}
	return g
}

func (g *foldedGraph) norm(v int32, s int32) int32 {
	if g.fixed[v] {
		return 2 * v
	}
	return 2*v + s
}

// targets appends the positions arc i of u's copy s leads to.
func (g *foldedGraph) targets(dst []int32, u, s int32, i int) []int32 {
	w := g.base.adj[u][i]
	if g.fixed[u] || g.label[u][i] == 2 {
		return append(dst, g.norm(w, 0), g.norm(w, 1))
	}
	return append(dst, g.norm(w, s^int32(g.label[u][i])))
}

func (g *foldedGraph) AppendMoves(dst []int32, p int32) []int32 {
	u, s := p/2, p%2
	for i := range g.base.adj[u] {
		dst = g.targets(dst, u, s, i)
	}
	return dst
}

func (g *foldedGraph) Moves(p int32) iter.Seq[int32] {
	return func(yield func(int32) bool) {
		for _, q := range g.AppendMoves(nil, p) {
			if !yield(q) {
				return
			}
		}
	}
}

func (g *foldedGraph) AppendUnmoves(dst []int32, q int32) []int32 {
	var buf []int32
	for j, u := range g.pred[q/2] {
		for s := range int32(2) {
			buf = g.targets(buf[:0], u, s, g.arc[q/2][j])
			for _, x := range buf {
				if x == q {
					dst = append(dst, g.norm(u, s))
				}
			}
		}
	}
	return dst
}

func (g *foldedGraph) TerminalOutcome(p int32) outcome.Outcome { return g.base.term[p/2] }
func (g *foldedGraph) Start() int32                            { return 0 }
func (g *foldedGraph) TierOf(p int32) game.Tier                { return g.base.TierOf(p / 2) }
func (g *foldedGraph) TierChildren(t game.Tier) []game.Tier    { return g.base.kids[t] }
func (g *foldedGraph) TierLoopy(t game.Tier) bool              { return g.base.loopy[t] }
func (g *foldedGraph) TierSize(t game.Tier) int64              { return g.base.TierSize(t) }
func (g *foldedGraph) TierRank(p int32) int64                  { return g.base.TierRank(p / 2) }
func (g *foldedGraph) TierName(t game.Tier) string             { return g.base.TierName(t) }
func (g *foldedGraph) TierUnrank(t game.Tier, r int64) (int32, bool) {
	v, ok := g.base.TierUnrank(t, r)
	return 2 * v, ok
}

type foldedEndless struct{ *foldedGraph }

func (g foldedEndless) EndlessOutcome(p int32) outcome.Outcome {
	return tierGraphEndless{g.base}.EndlessOutcome(p / 2)
}

// TestUnmoveFolded: random games with a symmetry folded into the
// ranking, built by un-moves and by the graph, have the same files, and
// every position reachable from the start has the whole game's
// retrograde value at its orbit's rank, the ranks holding records being
// exactly the reachable orbits'.
func TestUnmoveFolded(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	for iter := range 100 {
		endless := iter%2 == 1
		fg := newFoldedGraph(r, randomTierGraph(r, 1+r.IntN(4), 1+r.IntN(10), endless))
		var g game.Tiered[int32] = fg
		if endless {
			g = foldedEndless{fg}
		}
		d, dir := build(t, g, "folded", Options{Workers: 1 + iter%2})
		_, graphDir := build(t, g, "folded", Options{Workers: 1 + iter%2, graphLoopy: true})
		sameFiles(t, dir, graphDir)
		w := newWhole(g)
		var e game.Enumerable[int32] = w
		if endless {
			e = wholeEndless[int32]{w}
		}
		tab, err := retro.SolveGame(context.Background(), e, retro.GameOptions{})
		if err != nil {
			t.Fatal(err)
		}
		orbits := map[[2]int64]bool{}
		for _, p := range w.pos {
			o, rem, ok, err := d.Lookup(uint64(g.TierOf(p)), g.TierRank(p))
			if err != nil || !ok {
				t.Fatalf("game %d: %d: no record (%v)", iter, p, err)
			}
			if wo, wrem, _ := tab.Lookup(p); o != wo || rem != wrem {
				t.Fatalf("game %d: %d: %v %d, retro says %v %d", iter, p, o, rem, wo, wrem)
			}
			orbits[[2]int64{int64(g.TierOf(p)), g.TierRank(p)}] = true
		}
		if got := d.Stats().Total.RecordCount(); got != int64(len(orbits)) {
			t.Fatalf("game %d: %d records, %d reachable orbits", iter, got, len(orbits))
		}
	}
}

// hubGraph is a loopy tier whose start has more moves inside the tier
// (300) than a counter of a byte holds: the un-move solver leaves the
// tier to the graph path.
type hubGraph struct{ n int32 }

func (g hubGraph) AppendMoves(dst []int32, p int32) []int32 {
	if p == 0 {
		for q := int32(1); q < g.n; q++ {
			dst = append(dst, q)
		}
		return dst
	}
	if p%3 != 0 {
		dst = append(dst, (p*7+1)%g.n)
	}
	return dst
}

func (g hubGraph) Moves(p int32) iter.Seq[int32] {
	return func(yield func(int32) bool) {
		for _, q := range g.AppendMoves(nil, p) {
			if !yield(q) {
				return
			}
		}
	}
}

func (g hubGraph) AppendUnmoves(dst []int32, q int32) []int32 {
	if q != 0 {
		dst = append(dst, 0)
	}
	for p := int32(1); p < g.n; p++ {
		if p%3 != 0 && (p*7+1)%g.n == q {
			dst = append(dst, p)
		}
	}
	return dst
}

func (g hubGraph) Start() int32                                  { return 0 }
func (g hubGraph) TierOf(int32) game.Tier                        { return 0 }
func (g hubGraph) TierChildren(game.Tier) []game.Tier            { return nil }
func (g hubGraph) TierLoopy(game.Tier) bool                      { return true }
func (g hubGraph) TierSize(game.Tier) int64                      { return int64(g.n) }
func (g hubGraph) TierRank(p int32) int64                        { return int64(p) }
func (g hubGraph) TierUnrank(_ game.Tier, r int64) (int32, bool) { return int32(r), true }
func (g hubGraph) TierName(game.Tier) string                     { return "hub" }

func TestUnmoveManyMoves(t *testing.T) {
	g := hubGraph{n: 301}
	d, dir := build(t, g, "hub", Options{})
	_, graphDir := build(t, g, "hub", Options{graphLoopy: true})
	sameFiles(t, dir, graphDir)
	checkAgainstRetro(t, g, d)
}

// bigTier is an unmovingGraph whose one tier has many more ranks than
// positions, so that its bitmaps are small beside its records.
type bigTier struct{ unmovingGraph }

func (g bigTier) TierSize(game.Tier) int64 { return 1 << 22 }
func (g bigTier) TierUnrank(t game.Tier, r int64) (int32, bool) {
	if r >= int64(len(g.nodes[t])) {
		return 0, false
	}
	return g.unmovingGraph.TierUnrank(t, r)
}

// TestUnmoveBudget: a budget below what the un-move solver needs stops
// the build with the budget's error naming the tier, and releases what
// it charged.
func TestUnmoveBudget(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	base := randomTierGraph(r, 1, 2000, false)
	base.loopy[0] = true
	g := bigTier{newUnmovingGraph(r, base)}
	// The bitmap of 4M ranks (512 KiB) fits, their records (4 MiB) do
	// not.
	mem := budget.NewBytes(2 << 20)
	b, err := db.Create(t.TempDir(), "graph")
	if err != nil {
		t.Fatal(err)
	}
	_, err = Solve(context.Background(), g, b, Options{Memory: mem})
	var ex *budget.Exceeded
	if !errors.As(err, &ex) || !strings.Contains(err.Error(), "tier T0") {
		t.Fatalf("Solve: %v; want the budget's error naming tier T0", err)
	}
	if mem.Used() != 0 {
		t.Errorf("%d bytes still charged after the error", mem.Used())
	}
}
