package payoff

import (
	"context"
	"errors"
	"iter"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/game"
)

// graphGame is an explicit game: node i's moves (or chance outcomes) are
// listed in edges[i]; a node with no edges is terminal with payoff pay[i].
type graphGame struct {
	players int
	mover   []int // game.Chance for chance nodes
	edges   [][]int
	probs   [][]*big.Rat // for chance nodes, parallel to edges
	pay     [][]*big.Rat
}

func (g *graphGame) Players() int     { return g.players }
func (g *graphGame) ToMove(p int) int { return g.mover[p] }
func (g *graphGame) Payoff(p int) []*big.Rat {
	return g.pay[p]
}
func (g *graphGame) Moves(p int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for _, q := range g.edges[p] {
			if !yield(q) {
				return
			}
		}
	}
}
func (g *graphGame) Outcomes(p int) iter.Seq2[int, *big.Rat] {
	return func(yield func(int, *big.Rat) bool) {
		for i, q := range g.edges[p] {
			if !yield(q, g.probs[p][i]) {
				return
			}
		}
	}
}

// randomGame makes an acyclic game on n nodes: edges go from lower to
// higher numbers; chance nodes split probability into random fractions.
func randomGame(r *rand.Rand, n, players int, chance, zeroSum bool) *graphGame {
	g := &graphGame{players: players, mover: make([]int, n), edges: make([][]int, n), probs: make([][]*big.Rat, n), pay: make([][]*big.Rat, n)}
	for i := 0; i < n; i++ {
		g.mover[i] = r.IntN(players)
		if i < n-1 && r.IntN(4) != 0 {
			k := 1 + r.IntN(min(4, n-1-i))
			for j := 0; j < k; j++ {
				g.edges[i] = append(g.edges[i], i+1+r.IntN(n-1-i))
			}
			if chance && r.IntN(3) == 0 {
				g.mover[i] = game.Chance
				weights := make([]int64, k)
				var total int64
				for j := range weights {
					weights[j] = 1 + r.Int64N(5)
					total += weights[j]
				}
				for j := range weights {
					g.probs[i] = append(g.probs[i], big.NewRat(weights[j], total))
				}
			}
		}
		if len(g.edges[i]) == 0 {
			g.pay[i] = make([]*big.Rat, players)
			for k := range g.pay[i] {
				g.pay[i][k] = big.NewRat(int64(r.IntN(5)-2), 1)
			}
			if zeroSum {
				g.pay[i][1] = new(big.Rat).Neg(g.pay[i][0])
			}
		}
	}
	return g
}

// plainPayoff is backward induction written out directly: no memo, exact
// rationals, the tie-break rule applied to the list of optimal options.
func plainPayoff(g *graphGame, p int, tie TieBreak) []*big.Rat {
	if len(g.edges[p]) == 0 {
		return g.pay[p]
	}
	var vals [][]*big.Rat
	for _, q := range g.edges[p] {
		vals = append(vals, plainPayoff(g, q, tie))
	}
	if g.mover[p] == game.Chance {
		acc := make([]*big.Rat, g.players)
		for k := range acc {
			acc[k] = new(big.Rat)
			for j, v := range vals {
				acc[k].Add(acc[k], new(big.Rat).Mul(g.probs[p][j], v[k]))
			}
		}
		return acc
	}
	who := g.mover[p]
	top := vals[0][who]
	for _, v := range vals {
		if v[who].Cmp(top) > 0 {
			top = v[who]
		}
	}
	var cands [][]*big.Rat
	for _, v := range vals {
		if v[who].Cmp(top) == 0 {
			cands = append(cands, v)
		}
	}
	others := func(v []*big.Rat) *big.Rat {
		t := new(big.Rat)
		for k, x := range v {
			if k != who {
				t.Add(t, x)
			}
		}
		return t
	}
	switch tie {
	case TieLast:
		return cands[len(cands)-1]
	case TieSpiteful, TieGenerous:
		best := cands[0]
		for _, c := range cands[1:] {
			d := others(c).Cmp(others(best))
			if tie == TieSpiteful && d < 0 || tie == TieGenerous && d > 0 {
				best = c
			}
		}
		return best
	}
	return cands[0]
}

// plainMinimax is the value for player 0 of a zero-sum game, by plain
// recursion.
func plainMinimax(g *graphGame, p int) *big.Rat {
	if len(g.edges[p]) == 0 {
		return g.pay[p][0]
	}
	if g.mover[p] == game.Chance {
		acc := new(big.Rat)
		for j, q := range g.edges[p] {
			acc.Add(acc, new(big.Rat).Mul(g.probs[p][j], plainMinimax(g, q)))
		}
		return acc
	}
	var best *big.Rat
	for _, q := range g.edges[p] {
		v := plainMinimax(g, q)
		if best == nil || g.mover[p] == 0 && v.Cmp(best) > 0 || g.mover[p] == 1 && v.Cmp(best) < 0 {
			best = v
		}
	}
	return best
}

func TestRandomGamesAgainstPlainSearch(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	ctx := context.Background()
	for trial := 0; trial < 600; trial++ {
		players := 1 + r.IntN(4)
		g := randomGame(r, 2+r.IntN(18), players, trial%2 == 0, false)
		for _, tie := range []TieBreak{TieFirst, TieLast, TieSpiteful, TieGenerous} {
			s, err := New[int](g, Options{TieBreak: tie})
			if err != nil {
				t.Fatal(err)
			}
			fs, _ := New[int](g, Options{TieBreak: tie, Float: true})
			for p := range g.mover {
				want := plainPayoff(g, p, tie)
				got, err := s.Payoff(ctx, p)
				if err != nil {
					t.Fatalf("trial %d node %d: %v", trial, p, err)
				}
				fgot, err := fs.Payoff(ctx, p)
				if err != nil {
					t.Fatal(err)
				}
				for k := range want {
					if got[k].Rat.Cmp(want[k]) != 0 {
						t.Fatalf("trial %d tie %v node %d player %d: got %s, want %s", trial, tie, p, k, got[k], want[k].RatString())
					}
					wf, _ := want[k].Float64()
					if d := fgot[k].Float - wf; d > 1e-12 || d < -1e-12 {
						t.Fatalf("trial %d float node %d: got %v, want %v", trial, p, fgot[k].Float, wf)
					}
					if fgot[k].Rat != nil {
						t.Fatalf("float mode returned a rational")
					}
				}
			}
		}
	}
}

func TestAnalyzeOptimalMoves(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 9))
	ctx := context.Background()
	for trial := 0; trial < 300; trial++ {
		g := randomGame(r, 2+r.IntN(12), 1+r.IntN(3), false, false)
		s, _ := New[int](g, Options{})
		for p := range g.mover {
			a, err := s.Analyze(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			if len(g.edges[p]) == 0 {
				if a.Chosen != -1 || len(a.Options) != 0 {
					t.Fatalf("terminal node %d has options", p)
				}
				continue
			}
			who := g.mover[p]
			top := plainPayoff(g, g.edges[p][0], TieFirst)[who]
			for _, q := range g.edges[p] {
				if v := plainPayoff(g, q, TieFirst)[who]; v.Cmp(top) > 0 {
					top = v
				}
			}
			var want []int
			for i, q := range g.edges[p] {
				if plainPayoff(g, q, TieFirst)[who].Cmp(top) == 0 {
					want = append(want, i)
				}
			}
			if len(a.Optimal) != len(want) {
				t.Fatalf("node %d: optimal %v, want %v", p, a.Optimal, want)
			}
			for i := range want {
				if a.Optimal[i] != want[i] {
					t.Fatalf("node %d: optimal %v, want %v", p, a.Optimal, want)
				}
			}
			if a.Chosen != want[0] {
				t.Fatalf("node %d: chosen %d, want %d (first)", p, a.Chosen, want[0])
			}
		}
	}
}

func TestRootValueAgainstPlainMinimax(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 5))
	ctx := context.Background()
	for trial := 0; trial < 1500; trial++ {
		g := randomGame(r, 2+r.IntN(25), 2, trial%3 == 0, true)
		for p := range g.mover {
			want := new(big.Rat).Set(plainMinimax(g, p))
			if g.mover[p] == 1 {
				want.Neg(want)
			}
			got, _, err := RootValue[int](ctx, g, p, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if got.Rat.Cmp(want) != 0 {
				t.Fatalf("trial %d node %d: got %s, want %s", trial, p, got, want.RatString())
			}
			fgot, _, err := RootValue[int](ctx, g, p, Options{Float: true})
			if err != nil {
				t.Fatal(err)
			}
			if wf, _ := want.Float64(); fgot.Float-wf > 1e-12 || wf-fgot.Float > 1e-12 {
				t.Fatalf("float: got %v, want %v", fgot.Float, wf)
			}
		}
	}
}

// TestAlphaBetaPrunes checks that the search skips work on a uniform tree
// where pruning must happen: depth 6, branching 4 → 5461 positions.
func TestAlphaBetaPrunes(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var build func(g *graphGame, depth, who int) int
	build = func(g *graphGame, depth, who int) int {
		id := len(g.mover)
		g.mover = append(g.mover, who)
		g.edges = append(g.edges, nil)
		g.probs = append(g.probs, nil)
		g.pay = append(g.pay, nil)
		if depth == 0 {
			v := big.NewRat(int64(r.IntN(100)), 1)
			g.pay[id] = []*big.Rat{v, new(big.Rat).Neg(v)}
			return id
		}
		for i := 0; i < 4; i++ {
			c := build(g, depth-1, 1-who)
			g.edges[id] = append(g.edges[id], c)
		}
		return id
	}
	g := &graphGame{players: 2}
	build(g, 6, 0)
	v, stats, err := RootValue[int](context.Background(), g, 0, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if v.Rat.Cmp(plainMinimax(g, 0)) != 0 {
		t.Fatalf("value %s, want %s", v, plainMinimax(g, 0).RatString())
	}
	if stats.Positions >= len(g.mover) {
		t.Fatalf("alpha-beta visited all %d positions", stats.Positions)
	}
	t.Logf("alpha-beta: %d of %d positions", stats.Positions, len(g.mover))
}

func TestBadGames(t *testing.T) {
	ctx := context.Background()
	rat := func(a, b int64) *big.Rat { return big.NewRat(a, b) }
	cases := []struct {
		name string
		g    *graphGame
		want string
	}{
		{"cycle", &graphGame{players: 2, mover: []int{0, 1, 0}, edges: [][]int{{1}, {2}, {0}}, probs: make([][]*big.Rat, 3), pay: make([][]*big.Rat, 3)}, "repeats along a line of play"},
		{"probabilities", &graphGame{players: 2, mover: []int{game.Chance, 0, 0}, edges: [][]int{{1, 2}, nil, nil},
			probs: [][]*big.Rat{{rat(1, 2), rat(1, 3)}, nil, nil}, pay: [][]*big.Rat{nil, {rat(1, 1), rat(0, 1)}, {rat(0, 1), rat(1, 1)}}}, "sum to 5/6, not 1"},
		{"over one", &graphGame{players: 2, mover: []int{game.Chance, 0, 0}, edges: [][]int{{1, 2}, nil, nil},
			probs: [][]*big.Rat{{rat(2, 3), rat(2, 3)}, nil, nil}, pay: [][]*big.Rat{nil, {rat(1, 1), rat(0, 1)}, {rat(0, 1), rat(1, 1)}}}, "sum to more than 1"},
		{"negative probability", &graphGame{players: 2, mover: []int{game.Chance, 0, 0}, edges: [][]int{{1, 2}, nil, nil},
			probs: [][]*big.Rat{{rat(-1, 2), rat(3, 2)}, nil, nil}, pay: [][]*big.Rat{nil, {rat(1, 1), rat(0, 1)}, {rat(0, 1), rat(1, 1)}}}, "must be positive"},
		{"NaN payoff", &graphGame{players: 2, mover: []int{0, 0}, edges: [][]int{{1}, nil}, probs: make([][]*big.Rat, 2),
			pay: [][]*big.Rat{nil, game.RatPayoff(1, nanF())}}, "payoff of player 1 is not a finite number"},
		{"short vector", &graphGame{players: 3, mover: []int{0, 0}, edges: [][]int{{1}, nil}, probs: make([][]*big.Rat, 2),
			pay: [][]*big.Rat{nil, {rat(1, 1)}}}, "1 entries for 3 players"},
		{"bad mover", &graphGame{players: 2, mover: []int{5, 0}, edges: [][]int{{1}, nil}, probs: make([][]*big.Rat, 2),
			pay: [][]*big.Rat{nil, {rat(1, 1), rat(0, 1)}}}, "player to move 5"},
	}
	for _, c := range cases {
		s, err := New[int](c.g, Options{})
		if err != nil {
			t.Fatal(err)
		}
		_, err = s.Payoff(ctx, 0)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got error %v, want one containing %q", c.name, err, c.want)
		}
		if c.name == "cycle" && !errors.Is(err, ErrCycle) {
			t.Errorf("cycle: error %v does not wrap ErrCycle", err)
		}
		if c.g.players == 2 {
			_, _, err = RootValue[int](ctx, c.g, 0, Options{})
			if err == nil {
				t.Errorf("%s: RootValue gave no error", c.name)
			}
		}
	}
	// not zero-sum
	g := &graphGame{players: 2, mover: []int{0, 0}, edges: [][]int{{1}, nil}, probs: make([][]*big.Rat, 2), pay: [][]*big.Rat{nil, {rat(1, 1), rat(1, 1)}}}
	if _, _, err := RootValue[int](ctx, g, 0, Options{}); err == nil || !strings.Contains(err.Error(), "not zero-sum") {
		t.Errorf("not zero-sum: got %v", err)
	}
	if _, err := ParseTieBreak("random"); err == nil {
		t.Error("ParseTieBreak accepted an unknown rule")
	}
	for _, tb := range []TieBreak{TieFirst, TieLast, TieSpiteful, TieGenerous} {
		if got, err := ParseTieBreak(tb.String()); err != nil || got != tb {
			t.Errorf("ParseTieBreak(%q) = %v, %v", tb.String(), got, err)
		}
	}
}

func nanF() float64 { z := 0.0; return z / z }

func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g := &shirts{n: 13, pref: randomPrefs(rand.New(rand.NewPCG(1, 1)), 13)}
	s, _ := New[shirtPos](g, Options{})
	if _, err := s.Payoff(ctx, shirtPos{mask: 1<<13 - 1}); !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
}

// TestTieBreakMatters pins one three-player position where the rules differ:
// player 0 chooses between two options worth 1 to it, leaving (2, 0) or
// (0, 5) to the others.
func TestTieBreakMatters(t *testing.T) {
	rat := func(a int64) *big.Rat { return big.NewRat(a, 1) }
	g := &graphGame{players: 3, mover: []int{0, 0, 0, 0}, edges: [][]int{{1, 2, 3}, nil, nil, nil}, probs: make([][]*big.Rat, 4),
		pay: [][]*big.Rat{nil, {rat(1), rat(2), rat(0)}, {rat(1), rat(0), rat(5)}, {rat(0), rat(9), rat(9)}}}
	want := map[TieBreak]string{TieFirst: "1 2 0", TieLast: "1 0 5", TieSpiteful: "1 2 0", TieGenerous: "1 0 5"}
	for tie, w := range want {
		s, _ := New[int](g, Options{TieBreak: tie})
		v, err := s.Payoff(context.Background(), 0)
		if err != nil {
			t.Fatal(err)
		}
		var parts []string
		for _, x := range v {
			parts = append(parts, x.String())
		}
		if got := strings.Join(parts, " "); got != w {
			t.Errorf("%v: got %s, want %s", tie, got, w)
		}
	}
}

func TestLimits(t *testing.T) {
	n := 300
	g := &graphGame{players: 2, mover: make([]int, n), edges: make([][]int, n), probs: make([][]*big.Rat, n), pay: make([][]*big.Rat, n)}
	for i := 0; i < n-1; i++ {
		g.edges[i] = []int{i + 1}
		g.mover[i] = i % 2
	}
	g.pay[n-1] = []*big.Rat{big.NewRat(1, 1), big.NewRat(-1, 1)}
	s, _ := New[int](g, Options{MaxDepth: 100})
	if _, err := s.Payoff(context.Background(), 0); err == nil || !strings.Contains(err.Error(), "longer than 100 moves") {
		t.Errorf("depth: %v", err)
	}
	s, _ = New[int](g, Options{Memory: budget.NewBytes(100_000)})
	var x *budget.Exceeded
	if _, err := s.Payoff(context.Background(), 0); !errors.As(err, &x) || x.Resource != budget.Memory {
		t.Errorf("memory: %v", err)
	}
	s, _ = New[int](g, Options{MaxStates: 50})
	if _, err := s.Payoff(context.Background(), 0); !errors.As(err, &x) || x.Resource != budget.States || x.Limit != 50 || strings.Contains(err.Error(), "raise") {
		t.Errorf("states: %v", err)
	}
	if _, _, err := RootValue[int](context.Background(), g, 0, Options{MaxDepth: 100}); err == nil {
		t.Error("RootValue ignored MaxDepth")
	}
	// Within the limits the chain solves, and the solver is reusable after
	// an error.
	s, _ = New[int](g, Options{})
	v, err := s.Payoff(context.Background(), 0)
	if err != nil || v[0].Rat.Cmp(big.NewRat(1, 1)) != 0 {
		t.Errorf("chain: %v %v", v, err)
	}
}
