package retro

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/impartial"
	"github.com/grundy-go/grundy/internal/witness"
	"github.com/grundy-go/grundy/outcome"
)

func toCSR(adj [][]int32) *CSR {
	g, err := Build(len(adj), func(yield func(a, b int32) bool) {
		for u, vs := range adj {
			for _, v := range vs {
				if !yield(int32(u), v) {
					return
				}
			}
		}
	})
	if err != nil {
		panic(err)
	}
	return g
}

// value is a result for the player to move: +1 win, 0 draw, -1 loss.
func value(o outcome.Outcome) int {
	switch o {
	case outcome.N:
		return 1
	case outcome.P:
		return -1
	}
	return 0
}

// horizon solves the game truncated after k moves, for k = 0..K, by plain
// backward induction over the horizon: V_0(v) is the terminal outcome or,
// at a node with moves, the endless verdict; V_k(v) = max over moves of
// -V_{k-1}. It returns V_K and, per node, the least k at which V_k with a
// draw verdict at the horizon is a win or a loss (the remoteness), -1 if
// none. This is an independent witness: no queue, no counters.
func horizon(adj [][]int32, term, endless []int, K int) (final []int, rem []int) {
	n := len(adj)
	solve := func(trunc []int) (v []int, first []int) {
		first = make([]int, n)
		cur := make([]int, n)
		for i := range n {
			first[i] = -1
			if len(adj[i]) == 0 {
				cur[i] = term[i]
			} else {
				cur[i] = trunc[i]
			}
			if cur[i] != 0 && len(adj[i]) == 0 {
				first[i] = 0
			}
		}
		for k := 1; k <= K; k++ {
			next := make([]int, n)
			for i := range n {
				if len(adj[i]) == 0 {
					next[i] = term[i]
					continue
				}
				best := -2
				for _, j := range adj[i] {
					best = max(best, -cur[j])
				}
				next[i] = best
				if best != 0 && first[i] < 0 {
					first[i] = k
				}
			}
			cur = next
		}
		return cur, first
	}
	draws := make([]int, n)
	dv, rem := solve(draws)
	final, _ = solve(endless)
	// With draws at the horizon, a decided value never changes again once
	// the horizon passes the remoteness; check that the least k agrees.
	for i := range n {
		if dv[i] == 0 {
			rem[i] = -1
		}
	}
	return final, rem
}

func checkAgainstHorizon(t *testing.T, adj [][]int32, term, endless []int, withEndless bool) {
	t.Helper()
	n := len(adj)
	g := toCSR(adj)
	p := &Problem{Pred: g.Transpose(), Moves: g.Degrees()}
	toO := func(x int) outcome.Outcome { return [...]outcome.Outcome{outcome.P, outcome.D, outcome.N}[x+1] }
	p.Terminal = func(v int32) outcome.Outcome { return toO(term[v]) }
	if withEndless {
		p.Endless = func(v int32) outcome.Outcome { return toO(endless[v]) }
	}
	moves := slices.Clone(p.Moves)
	res, err := Solve(context.Background(), p, Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	// The level-parallel solver must give the same answers, with every
	// level shared among the workers.
	defer func(old int) { parallelMinLevel = old }(parallelMinLevel)
	parallelMinLevel = 1
	p.Moves = moves
	par, err := Solve(context.Background(), p, Options{Workers: 3})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(par.Outcome, res.Outcome) || !slices.Equal(par.Remoteness, res.Remoteness) || par.Endless != res.Endless {
		t.Fatalf("graph %v: parallel %v %v, sequential %v %v", adj, par.Outcome, par.Remoteness, res.Outcome, res.Remoteness)
	}
	trunc := endless
	if !withEndless {
		trunc = make([]int, n)
	}
	want, rem := horizon(adj, term, trunc, 3*n+3)
	for v := range n {
		if got := value(res.Outcome[v]); got != want[v] {
			t.Fatalf("graph %v terminals %v endless %v: node %d: outcome %v, horizon search says %d", adj, term, endless, v, res.Outcome[v], want[v])
		}
		gotRem := -1
		if res.Remoteness[v] != NoRemoteness {
			gotRem = int(res.Remoteness[v])
		}
		if gotRem != rem[v] {
			t.Fatalf("graph %v terminals %v: node %d: remoteness %d, horizon search says %d", adj, term, v, gotRem, rem[v])
		}
	}
}

func TestRandomGraphsNormalPlay(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for iter := 0; iter < 3000; iter++ {
		n := 1 + r.IntN(12)
		adj := witness.RandomGraph(r, n, r.IntN(3*n+1))
		term := make([]int, n)
		for i := range term {
			term[i] = -1
		}
		checkAgainstHorizon(t, adj, term, nil, false)
	}
}

func TestRandomGraphsFixedTerminals(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for iter := 0; iter < 3000; iter++ {
		n := 1 + r.IntN(12)
		adj := witness.RandomGraph(r, n, r.IntN(3*n+1))
		term := make([]int, n)
		for i := range term {
			term[i] = r.IntN(3) - 1
		}
		checkAgainstHorizon(t, adj, term, nil, false)
	}
}

// TestRandomGraphsEndlessVerdict uses two-player graphs: node v belongs to
// player v%2 and arcs join the players' nodes, so a verdict "endless play
// is a win for player 0" is consistent along moves.
func TestRandomGraphsEndlessVerdict(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for iter := 0; iter < 3000; iter++ {
		n := 2 + r.IntN(14)
		adj := make([][]int32, n)
		for range r.IntN(3 * n) {
			u := r.IntN(n)
			v := r.IntN(n/2)*2 + 1 - u%2
			if v < n {
				adj[u] = append(adj[u], int32(v))
			}
		}
		term := make([]int, n)
		endless := make([]int, n)
		winner := r.IntN(2)
		for i := range n {
			term[i] = r.IntN(3) - 1
			if r.IntN(2) == 0 {
				term[i] = -1
			}
			if i%2 == winner {
				endless[i] = 1
			} else {
				endless[i] = -1
			}
		}
		checkAgainstHorizon(t, adj, term, endless, true)
	}
}

// subtraction is the subtraction game on one heap of at most max tokens:
// take s tokens for some s in set.
type subtraction struct {
	set []int
	max int
}

func (s subtraction) Moves(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for _, k := range s.set {
			if k <= n && !yield(n-k) {
				return
			}
		}
	}
}

func (s subtraction) Positions() iter.Seq[int] {
	return func(yield func(int) bool) {
		for n := 0; n <= s.max; n++ {
			if !yield(n) {
				return
			}
		}
	}
}

// TestAcyclicAgreesWithImpartial: on games without cycles retrograde
// analysis must give the memoised Sprague–Grundy solver's outcomes and
// remoteness.
func TestAcyclicAgreesWithImpartial(t *testing.T) {
	ctx := context.Background()
	r := rand.New(rand.NewPCG(7, 8))
	for iter := 0; iter < 200; iter++ {
		var set []int
		for k := 1; k <= 9; k++ {
			if r.IntN(3) == 0 {
				set = append(set, k)
			}
		}
		g := subtraction{set: set, max: 200}
		tab, err := SolveGame(ctx, g, GameOptions{})
		if err != nil {
			t.Fatal(err)
		}
		s := impartial.New[int](g, impartial.Options{})
		for n := 0; n <= g.max; n++ {
			v, err := s.Grundy(ctx, n)
			if err != nil {
				t.Fatal(err)
			}
			rem, err := s.Remoteness(ctx, n)
			if err != nil {
				t.Fatal(err)
			}
			o, r, ok := tab.Lookup(n)
			if !ok || o != outcome.FromGrundy(v) || int(r) != rem {
				t.Fatalf("subtract %v heap %d: retro %v remoteness %d, impartial G=%d remoteness %d", set, n, o, r, v, rem)
			}
			moves := tab.WinningMoves(n)
			var want []int
			for q := range g.Moves(n) {
				if w, _ := s.Grundy(ctx, q); w == 0 {
					want = append(want, q)
				}
			}
			if fmt.Sprint(moves) != fmt.Sprint(want) {
				t.Fatalf("subtract %v heap %d: winning moves %v, want %v", set, n, moves, want)
			}
		}
	}
}

// badGame moves to a position it does not list.
type badGame struct{}

func (badGame) Moves(n int) iter.Seq[int] {
	return func(yield func(int) bool) { yield(n + 1) }
}
func (badGame) Positions() iter.Seq[int] {
	return func(yield func(int) bool) { yield(0) }
}

// oddEndless gives a verdict for endless play that does not swap along
// moves.
type oddEndless struct{ subtraction }

func (oddEndless) EndlessOutcome(n int) outcome.Outcome { return outcome.N }

func TestSolveGameErrors(t *testing.T) {
	if _, err := SolveGame[int](context.Background(), oddEndless{subtraction{set: []int{1}, max: 3}}, GameOptions{}); err == nil {
		t.Error("inconsistent endless verdicts were accepted")
	}
	if _, err := SolveGame[int](context.Background(), badGame{}, GameOptions{}); err == nil {
		t.Error("a move to an unlisted position was accepted")
	}
	_, err := SolveGame[int](context.Background(), subtraction{set: []int{1}, max: 100}, GameOptions{MaxStates: 10})
	var x *budget.Exceeded
	if !errors.As(err, &x) || x.Resource != budget.States || x.Limit != 10 || strings.Contains(err.Error(), "--") {
		t.Errorf("MaxStates: got %v, want a budget.Exceeded of 10 positions naming no flag", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := SolveGame[int](ctx, subtraction{set: []int{1}, max: 100}, GameOptions{}); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled context: got %v", err)
	}
}

func TestBuildErrors(t *testing.T) {
	if _, err := Build(2, func(yield func(a, b int32) bool) { yield(0, 2) }); err == nil {
		t.Error("an arc out of range was accepted")
	}
	if _, err := Build(-1, func(yield func(a, b int32) bool) {}); err == nil {
		t.Error("a negative node count was accepted")
	}
	calls := 0
	if _, err := Build(2, func(yield func(a, b int32) bool) {
		calls++
		if calls == 1 {
			yield(0, 1)
		}
	}); err == nil {
		t.Error("arcs that differ between the two passes were accepted")
	}
}

func TestTranspose(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for range 200 {
		n := 1 + r.IntN(10)
		adj := witness.RandomGraph(r, n, r.IntN(30))
		g := toCSR(adj)
		tr := g.Transpose()
		count := map[[2]int32]int{}
		for u, vs := range adj {
			for _, v := range vs {
				count[[2]int32{int32(u), v}]++
			}
		}
		for v := range n {
			for _, u := range tr.Out(int32(v)) {
				count[[2]int32{u, int32(v)}]--
			}
		}
		for k, c := range count {
			if c != 0 {
				t.Fatalf("transpose of %v: arc %v off by %d", adj, k, c)
			}
		}
	}
}

func TestPower(t *testing.T) {
	ctx := context.Background()
	r := rand.New(rand.NewPCG(15, 16))
	for iter := 0; iter < 200; iter++ {
		n := 1 + r.IntN(6)
		adj := witness.RandomGraph(r, n, r.IntN(3*n+1))
		k := 1 + r.IntN(3)
		pw, err := NewPower(toCSR(adj), k, 1<<20, 1<<24)
		if err != nil {
			t.Fatal(err)
		}
		prob, err := pw.Problem()
		if err != nil {
			t.Fatal(err)
		}
		res, err := Solve(ctx, prob, Options{})
		if err != nil {
			t.Fatal(err)
		}
		tab, err := SolveGame[[3]int32](ctx, witness.Tokens{Adj: adj, K: k}, GameOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for pos := range (witness.Tokens{Adj: adj, K: k}).Positions() {
			o, rem, _ := tab.Lookup(pos)
			i := pw.Index(pos[:k])
			if res.Outcome[i] != o || res.Remoteness[i] != rem {
				t.Fatalf("graph %v tokens %v: power %v %d, tuples %v %d", adj, pos[:k], res.Outcome[i], res.Remoteness[i], o, rem)
			}
		}
	}
	if _, err := NewPower(toCSR(make([][]int32, 100)), 5, 1<<20, 1<<24); err == nil {
		t.Error("10^10 positions were accepted")
	}
}

// TestParallelLarger compares the level-parallel solver with the
// sequential queue on graphs large enough for the workers to contend.
func TestParallelLarger(t *testing.T) {
	defer func(old int) { parallelMinLevel = old }(parallelMinLevel)
	parallelMinLevel = 1
	r := rand.New(rand.NewPCG(17, 18))
	for iter := 0; iter < 20; iter++ {
		n := 1000 + r.IntN(5000)
		adj := make([][]int32, n)
		for u := range adj {
			for range r.IntN(6) {
				v := r.IntN(n)
				if r.IntN(3) > 0 && u > 0 {
					v = r.IntN(u) // mostly downwards: long chains of resolution
				}
				adj[u] = append(adj[u], int32(v))
			}
		}
		g := toCSR(adj)
		pred := g.Transpose()
		seq, err := Solve(context.Background(), &Problem{Pred: pred, Moves: g.Degrees()}, Options{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		par, err := Solve(context.Background(), &Problem{Pred: pred, Moves: g.Degrees()}, Options{Workers: 4})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(par.Outcome, seq.Outcome) || !slices.Equal(par.Remoteness, seq.Remoteness) {
			t.Fatalf("n=%d: parallel and sequential differ", n)
		}
	}
}

// TestSolveGameMemoryBudget: enumerating positions charges GameOptions.Memory,
// and past it SolveGame stops with a budget.Exceeded of Memory.
func TestSolveGameMemoryBudget(t *testing.T) {
	_, err := SolveGame[int](context.Background(), subtraction{set: []int{1}, max: 100_000}, GameOptions{Memory: budget.NewBytes(1 << 20)})
	var x *budget.Exceeded
	if !errors.As(err, &x) || x.Resource != budget.Memory {
		t.Fatalf("got %v, want a budget.Exceeded of Memory", err)
	}
	if _, err := SolveGame[int](context.Background(), subtraction{set: []int{1}, max: 100}, GameOptions{Memory: budget.NewBytes(1 << 20)}); err != nil {
		t.Fatalf("with room: %v", err)
	}
}

// adjGame is a game on a graph given by its lists of moves.
type adjGame [][]int32

func (g adjGame) Moves(v int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for _, w := range g[v] {
			if !yield(int(w)) {
				return
			}
		}
	}
}

func (g adjGame) Positions() iter.Seq[int] {
	return func(yield func(int) bool) {
		for v := range g {
			if !yield(v) {
				return
			}
		}
	}
}

// TestDrawingMoves: on random graphs with cycles a drawn position's
// drawing moves are its moves, in order, to positions the horizon search
// (an independent witness) finds drawn; a decided position has none.
func TestDrawingMoves(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	draws := 0
	for range 2000 {
		n := 1 + r.IntN(10)
		adj := witness.RandomGraph(r, n, r.IntN(3*n+1))
		tab, err := SolveGame[int](context.Background(), adjGame(adj), GameOptions{})
		if err != nil {
			t.Fatal(err)
		}
		term := make([]int, n)
		for i := range term {
			term[i] = -1
		}
		want, _ := horizon(adj, term, make([]int, n), 3*n+3)
		for v := range n {
			var exp []int
			if want[v] == 0 {
				for _, w := range adj[v] {
					if want[w] == 0 {
						exp = append(exp, int(w))
					}
				}
				draws++
			}
			if got := tab.DrawingMoves(v); !slices.Equal(got, exp) {
				t.Fatalf("graph %v: node %d: drawing moves %v, want %v", adj, v, got, exp)
			}
		}
	}
	if draws < 100 {
		t.Fatalf("only %d drawn positions: the test checks too little", draws)
	}
}

// TestSolveFromAgreesWithHorizon: on random graphs with cycles, SolveFrom
// finds exactly the positions reachable from its root (root first) and
// gives each the outcome and remoteness the horizon search (an
// independent witness) finds on the whole graph; one position fewer
// than it finds under MaxStates is refused.
func TestSolveFromAgreesWithHorizon(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for range 2000 {
		n := 1 + r.IntN(12)
		adj := witness.RandomGraph(r, n, r.IntN(3*n+1))
		root := r.IntN(n)
		reach := map[int]bool{root: true}
		for stack := []int{root}; len(stack) > 0; {
			v := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, w := range adj[v] {
				if !reach[int(w)] {
					reach[int(w)] = true
					stack = append(stack, int(w))
				}
			}
		}
		tab, err := SolveFrom[int](context.Background(), adjGame(adj), root, GameOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if tab.Len() != len(reach) || tab.Position(0) != root {
			t.Fatalf("graph %v from %d: %d positions, first %d; want the %d reachable, %d first", adj, root, tab.Len(), tab.Position(0), len(reach), root)
		}
		want, rem := horizon(adj, slices.Repeat([]int{-1}, n), make([]int, n), 3*n+3)
		for v := range tab.Len() {
			p := tab.Position(v)
			if !reach[p] {
				t.Fatalf("graph %v from %d: %d is not reachable", adj, root, p)
			}
			o, r, _ := tab.Lookup(p)
			gotRem := -1
			if r != NoRemoteness {
				gotRem = int(r)
			}
			if value(o) != want[p] || gotRem != rem[p] {
				t.Fatalf("graph %v from %d: %d is %v in %d; the horizon search says %d in %d", adj, root, p, o, gotRem, want[p], rem[p])
			}
		}
		if len(reach) > 1 {
			_, err := SolveFrom[int](context.Background(), adjGame(adj), root, GameOptions{MaxStates: len(reach) - 1})
			var ex *budget.Exceeded
			if !errors.As(err, &ex) || ex.Resource != budget.States {
				t.Fatalf("graph %v from %d under %d states: %v", adj, root, len(reach)-1, err)
			}
		}
	}
}
