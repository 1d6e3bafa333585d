package tier

import (
	"context"
	"fmt"
	"iter"
	"math/rand/v2"
	"testing"

	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/outcome"
	"github.com/grundy-go/grundy/retro"
)

// takeAway is an acyclic tiered game: n tokens and a tag x; a move takes
// 1, 2 or 3 tokens and changes the tag. Some positions end the game
// early with a scored result (N, P or D), so that every kind of record
// appears. Tier n holds tags 0..k-1 at ranks 0..k-1; ranks k and k+1
// name no position.
type takeAway struct {
	n0, k int32
	seed  uint64
	long  bool // no early ends: remoteness grows with n0
}

type tok struct{ n, x int32 }

func (g takeAway) mix(p tok) uint64 {
	h := g.seed ^ uint64(p.n)*0x9e3779b97f4a7c15 ^ uint64(p.x)*0xbf58476d1ce4e5b9
	h ^= h >> 31
	h *= 0x94d049bb133111eb
	return h ^ h>>29
}

func (g takeAway) ended(p tok) bool { return p.n == 0 || (!g.long && p.n < g.n0 && g.mix(p)%5 == 0) }

func (g takeAway) Moves(p tok) iter.Seq[tok] {
	return func(yield func(tok) bool) {
		for _, q := range g.AppendMoves(nil, p) {
			if !yield(q) {
				return
			}
		}
	}
}

func (g takeAway) AppendMoves(dst []tok, p tok) []tok {
	if g.ended(p) {
		return dst
	}
	for k := int32(1); k <= 3 && k <= p.n; k++ {
		dst = append(dst, tok{p.n - k, (p.x*3 + k + p.n) % g.k})
	}
	return dst
}

func (g takeAway) TerminalOutcome(p tok) outcome.Outcome {
	if g.long {
		return outcome.P
	}
	return []outcome.Outcome{outcome.P, outcome.P, outcome.N, outcome.D}[g.mix(p)>>40%4]
}

func (g takeAway) Start() tok                  { return tok{g.n0, 0} }
func (g takeAway) TierOf(p tok) game.Tier      { return game.Tier(p.n) }
func (g takeAway) TierLoopy(game.Tier) bool    { return false }
func (g takeAway) TierSize(game.Tier) int64    { return int64(g.k) + 2 }
func (g takeAway) TierRank(p tok) int64        { return int64(p.x) }
func (g takeAway) TierName(t game.Tier) string { return fmt.Sprintf("%d tokens", t) }
func (g takeAway) TierChildren(t game.Tier) []game.Tier {
	var c []game.Tier
	for k := game.Tier(1); k <= 3 && k <= t; k++ {
		c = append(c, t-k)
	}
	return c
}
func (g takeAway) TierUnrank(t game.Tier, r int64) (tok, bool) {
	return tok{int32(t), int32(r)}, r < int64(g.k)
}

// tierGraphGame is a random loopy tiered game: nodes in tiers, moves
// inside a loopy tier (cycles) and to later tiers, random terminal
// results, and, when endless is set, a verdict on endless play (the
// moves then join nodes of opposite parity, so the verdict can swap
// along every move, as game.Endless requires).
type tierGraphGame struct {
	tierOf  []int32 // node → tier
	idx     []int32 // node → rank in its tier
	nodes   [][]int32
	loopy   []bool
	kids    [][]game.Tier
	adj     [][]int32
	term    []outcome.Outcome
	endless bool
	winner  int32
}

func randomTierGraph(r *rand.Rand, tiers, per int, endless bool) *tierGraphGame {
	g := &tierGraphGame{endless: endless, winner: int32(r.IntN(2))}
	g.nodes = make([][]int32, tiers)
	g.loopy = make([]bool, tiers)
	g.kids = make([][]game.Tier, tiers)
	for t := range tiers {
		g.loopy[t] = r.IntN(3) != 0
		for range 1 + r.IntN(per) {
			v := int32(len(g.tierOf))
			g.tierOf = append(g.tierOf, int32(t))
			g.idx = append(g.idx, int32(len(g.nodes[t])))
			g.nodes[t] = append(g.nodes[t], v)
			g.term = append(g.term, []outcome.Outcome{outcome.N, outcome.P, outcome.P, outcome.D}[r.IntN(4)])
		}
		for c := t + 1; c < tiers; c++ {
			if r.IntN(3) == 0 || c == t+1 {
				g.kids[t] = append(g.kids[t], game.Tier(c))
			}
		}
	}
	n := len(g.tierOf)
	g.adj = make([][]int32, n)
	for u := range n {
		t := g.tierOf[u]
		for range r.IntN(5) {
			var ct int32
			if g.loopy[t] && (len(g.kids[t]) == 0 || r.IntN(2) == 0) {
				ct = t
			} else if len(g.kids[t]) > 0 {
				ct = int32(g.kids[t][r.IntN(len(g.kids[t]))])
			} else {
				continue
			}
			v := g.nodes[ct][r.IntN(len(g.nodes[ct]))]
			if endless && (u+int(v))%2 == 0 {
				continue
			}
			g.adj[u] = append(g.adj[u], v)
		}
	}
	return g
}

func (g *tierGraphGame) Moves(p int32) iter.Seq[int32] {
	return func(yield func(int32) bool) {
		for _, v := range g.adj[p] {
			if !yield(v) {
				return
			}
		}
	}
}
func (g *tierGraphGame) TerminalOutcome(p int32) outcome.Outcome { return g.term[p] }
func (g *tierGraphGame) Start() int32                            { return 0 }
func (g *tierGraphGame) TierOf(p int32) game.Tier                { return game.Tier(g.tierOf[p]) }
func (g *tierGraphGame) TierChildren(t game.Tier) []game.Tier    { return g.kids[t] }
func (g *tierGraphGame) TierLoopy(t game.Tier) bool              { return g.loopy[t] }
func (g *tierGraphGame) TierSize(t game.Tier) int64              { return int64(len(g.nodes[t])) + 1 }
func (g *tierGraphGame) TierRank(p int32) int64                  { return int64(g.idx[p]) }
func (g *tierGraphGame) TierName(t game.Tier) string             { return fmt.Sprintf("T%d", t) }
func (g *tierGraphGame) TierUnrank(t game.Tier, r int64) (int32, bool) {
	if r >= int64(len(g.nodes[t])) {
		return 0, false
	}
	return g.nodes[t][r], true
}

type tierGraphEndless struct{ *tierGraphGame }

func (g tierGraphEndless) EndlessOutcome(p int32) outcome.Outcome {
	if p%2 == g.winner {
		return outcome.N
	}
	return outcome.P
}

// whole is a tiered game seen as one graph of the positions reachable
// from its start, for retro.SolveGame.
type whole[P comparable] struct {
	g   game.Tiered[P]
	pos []P
}

func newWhole[P comparable](g game.Tiered[P]) whole[P] {
	seen := map[P]bool{g.Start(): true}
	w := whole[P]{g: g, pos: []P{g.Start()}}
	for i := 0; i < len(w.pos); i++ {
		for q := range g.Moves(w.pos[i]) {
			if !seen[q] {
				seen[q] = true
				w.pos = append(w.pos, q)
			}
		}
	}
	return w
}

func (w whole[P]) Moves(p P) iter.Seq[P]  { return w.g.Moves(p) }
func (w whole[P]) Positions() iter.Seq[P] { return func(yield func(P) bool) { iterate(w.pos, yield) } }
func (w whole[P]) TerminalOutcome(p P) outcome.Outcome {
	if t, ok := w.g.(game.Terminal[P]); ok {
		return t.TerminalOutcome(p)
	}
	return outcome.P
}

type wholeEndless[P comparable] struct{ whole[P] }

func (w wholeEndless[P]) EndlessOutcome(p P) outcome.Outcome {
	return w.g.(game.Endless[P]).EndlessOutcome(p)
}

func iterate[P any](s []P, yield func(P) bool) {
	for _, p := range s {
		if !yield(p) {
			return
		}
	}
}

// build solves g into a new database directory and opens it.
func build[P comparable](t testing.TB, g game.Tiered[P], spec string, opts Options) (*db.DB, string) {
	t.Helper()
	dir := t.TempDir()
	b, err := db.Create(dir, spec)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Solve(context.Background(), g, b, opts); err != nil {
		t.Fatal(err)
	}
	d, err := db.Open(dir, spec)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d, dir
}

// checkAgainstRetro compares every record of d with the retrograde
// analysis of the whole game: each reachable position has the same
// outcome and remoteness, and no other rank holds a record.
func checkAgainstRetro[P comparable](t testing.TB, g game.Tiered[P], d *db.DB) {
	t.Helper()
	w := newWhole(g)
	var e game.Enumerable[P] = w
	if _, ok := g.(game.Endless[P]); ok {
		e = wholeEndless[P]{w}
	}
	tab, err := retro.SolveGame(context.Background(), e, retro.GameOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range w.pos {
		o, rem, ok, err := d.Lookup(uint64(g.TierOf(p)), g.TierRank(p))
		if err != nil || !ok {
			t.Fatalf("%v: no record (%v)", p, err)
		}
		wo, wrem, _ := tab.Lookup(p)
		if o != wo || rem != wrem {
			t.Fatalf("%v (tier %s): %v %d, retro says %v %d", p, g.TierName(g.TierOf(p)), o, rem, wo, wrem)
		}
	}
	if got := d.Stats().Total.Positions(); got != int64(len(w.pos)) {
		t.Fatalf("the database holds %d positions, %d are reachable", got, len(w.pos))
	}
}
