package impartial_test

import (
	"context"
	"errors"
	"iter"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/games/lasker"
	"github.com/grundy-go/grundy/impartial"
)

// randomDAG is a game on positions 0..n-1 whose moves go to smaller
// positions, chosen at random: a fresh shape for every seed.
type randomDAG struct{ succ [][]int }

func newRandomDAG(rng *rand.Rand, n int) randomDAG {
	g := randomDAG{succ: make([][]int, n)}
	for p := 1; p < n; p++ {
		k := rng.IntN(min(p, 6) + 1)
		for range k {
			g.succ[p] = append(g.succ[p], rng.IntN(p))
		}
	}
	return g
}

func (g randomDAG) Moves(p int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for _, q := range g.succ[p] {
			if !yield(q) {
				return
			}
		}
	}
}

// plainGrundy is the textbook recursion, independent of the solver.
func plainGrundy(succ [][]int, p int, memo map[int]int) int {
	if v, ok := memo[p]; ok {
		return v
	}
	seen := map[int]bool{}
	for _, q := range succ[p] {
		seen[plainGrundy(succ, q, memo)] = true
	}
	v := 0
	for seen[v] {
		v++
	}
	memo[p] = v
	return v
}

// plainRemoteness is Steinhaus's remoteness by its definition.
func plainRemoteness(succ [][]int, p int, memo map[int]int, g map[int]int) int {
	if v, ok := memo[p]; ok {
		return v
	}
	if len(succ[p]) == 0 {
		memo[p] = 0
		return 0
	}
	best, worst := -1, 0
	for _, q := range succ[p] {
		r := plainRemoteness(succ, q, memo, g)
		if plainGrundy(succ, q, g) == 0 && (best < 0 || r < best) {
			best = r
		}
		worst = max(worst, r)
	}
	v := worst + 1
	if best >= 0 {
		v = best + 1
	}
	memo[p] = v
	return v
}

func TestGrundyAndRemotenessAgainstRecursion(t *testing.T) {
	ctx := context.Background()
	for seed := uint64(0); seed < 200; seed++ {
		rng := rand.New(rand.NewPCG(seed, 1))
		g := newRandomDAG(rng, 2+rng.IntN(60))
		s := impartial.New[int](g, impartial.Options{})
		gm, rm := map[int]int{}, map[int]int{}
		for p := range g.succ {
			got, err := s.Grundy(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			if want := plainGrundy(g.succ, p, gm); int(got) != want {
				t.Fatalf("seed %d: G(%d) = %d, want %d", seed, p, got, want)
			}
			rem, err := s.Remoteness(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			if want := plainRemoteness(g.succ, p, rm, gm); rem != want {
				t.Fatalf("seed %d: remoteness(%d) = %d, want %d", seed, p, rem, want)
			}
		}
	}
}

func TestWinningMovesOfSums(t *testing.T) {
	ctx := context.Background()
	for seed := uint64(0); seed < 100; seed++ {
		rng := rand.New(rand.NewPCG(seed, 2))
		g := newRandomDAG(rng, 30)
		s := impartial.New[int](g, impartial.Options{})
		comps := make([]int, 1+rng.IntN(4))
		for i := range comps {
			comps[i] = rng.IntN(30)
		}
		gm := map[int]int{}
		total := 0
		for _, c := range comps {
			total ^= plainGrundy(g.succ, c, gm)
		}
		// A move is winning exactly when it leaves nim-sum 0; count them
		// by brute force over every move of every component.
		var want [][]int
		for i, c := range comps {
			for _, q := range g.succ[c] {
				if total^plainGrundy(g.succ, c, gm)^plainGrundy(g.succ, q, gm) == 0 {
					next := append([]int(nil), comps...)
					next[i] = q
					want = append(want, next)
				}
			}
		}
		moves, err := s.WinningMoves(ctx, comps)
		if err != nil {
			t.Fatal(err)
		}
		if len(moves) != len(want) {
			t.Fatalf("seed %d: %d winning moves, want %d", seed, len(moves), len(want))
		}
		for k, m := range moves {
			got := m.Apply(comps)
			for j := range got {
				if got[j] != want[k][j] {
					t.Fatalf("seed %d: move %d leaves %v, want %v", seed, k, got, want[k])
				}
			}
		}
	}
}

func TestSplittingGameMatchesLaskerFormula(t *testing.T) {
	// Winning Ways ch. 4: G(4k+1)=4k+1, G(4k+2)=4k+2, G(4k+3)=4k+4, G(4k+4)=4k+3.
	s := impartial.NewSplitting[int](lasker.Game{}, impartial.Options{})
	for n := 0; n < 200; n++ {
		want := n
		switch n % 4 {
		case 3:
			want = n + 1
		case 0:
			if n > 0 {
				want = n - 1
			}
		}
		got, err := s.Grundy(context.Background(), n)
		if err != nil {
			t.Fatal(err)
		}
		if int(got) != want {
			t.Fatalf("Lasker G(%d) = %d, want %d", n, got, want)
		}
	}
}

// chain is a game where n moves only to n-1: the deepest possible search.
type chain struct{}

func (chain) Moves(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		if n > 0 {
			yield(n - 1)
		}
	}
}
func (chain) Rank(n int) int { return n }

func TestMillionChainDoesNotOverflowStack(t *testing.T) {
	s := impartial.New[int](chain{}, impartial.Options{})
	const n = 1_000_000
	g, err := s.Grundy(context.Background(), n)
	if err != nil {
		t.Fatal(err)
	}
	if g != n%2 {
		t.Fatalf("G(%d) = %d, want %d", n, g, n%2)
	}
	r, _ := s.Remoteness(context.Background(), n)
	if r != n {
		t.Fatalf("remoteness = %d, want %d", r, n)
	}
}

// loop has the cycle 0 → 1 → 2 → 0 below position 3.
type loop struct{}

func (loop) Moves(n int) iter.Seq[int] {
	return func(yield func(int) bool) { yield((n + 1) % 3) }
}

func TestCycleIsAnError(t *testing.T) {
	s := impartial.New[int](loop{}, impartial.Options{})
	_, err := s.Grundy(context.Background(), 0)
	if !errors.Is(err, impartial.ErrCycle) {
		t.Fatalf("got %v, want ErrCycle", err)
	}
	// The solver stays usable and gives the same answer again.
	_, err = s.Grundy(context.Background(), 1)
	if !errors.Is(err, impartial.ErrCycle) {
		t.Fatalf("second query: got %v, want ErrCycle", err)
	}
}

func TestMaxStates(t *testing.T) {
	s := impartial.New[int](chain{}, impartial.Options{MaxStates: 1000})
	_, err := s.Grundy(context.Background(), 5000)
	// A typed limit: budget.ErrExceeded, a *budget.Exceeded of States,
	// worded without any flag.
	var x *budget.Exceeded
	if !errors.Is(err, budget.ErrExceeded) || !errors.As(err, &x) || x.Resource != budget.States || x.Limit != 1000 || strings.Contains(err.Error(), "--") {
		t.Fatalf("got %v (%#v), want a budget.Exceeded of 1000 positions naming no flag", err, x)
	}
	if g, err := s.Grundy(context.Background(), 500); err != nil || g != 0 {
		t.Fatalf("after the limit, G(500) = %d, %v; want 0, nil", g, err)
	}
}

func TestCancellation(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := impartial.New[int](chain{}, impartial.Options{})
	if _, err := s.Grundy(ctx, 100_000); !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
}

// subtract134 is S-Nim with S = {1, 3, 4}, the benchmark game.
type subtract134 struct{}

func (subtract134) Moves(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for _, s := range [...]int{1, 3, 4} {
			if s > n || !yield(n-s) {
				return
			}
		}
	}
}
func (subtract134) Rank(n int) int { return n }

// appending is the same game with AppendMoves, the allocation-free path.
type appending struct{ subtract134 }

func (appending) AppendMoves(dst []int, n int) []int {
	for _, s := range [...]int{1, 3, 4} {
		if s > n {
			break
		}
		dst = append(dst, n-s)
	}
	return dst
}

// unranked is the same game without a rank, so values go to a hash map.
type unranked struct{ subtract134 }

func (unranked) Rank(int) int { return -1 }

func TestSubtract134Period(t *testing.T) {
	// S = {1,3,4} has period 7: 0 1 0 1 2 3 2 (Winning Ways ch. 4), by
	// Moves and by AppendMoves alike.
	period := []uint64{0, 1, 0, 1, 2, 3, 2}
	for _, g := range []interface{ Moves(int) iter.Seq[int] }{subtract134{}, appending{}} {
		s := impartial.New[int](g, impartial.Options{})
		for n := 0; n < 1000; n++ {
			v, _ := s.Grundy(context.Background(), n)
			if v != period[n%7] {
				t.Fatalf("%T: G(%d) = %d, want %d", g, n, v, period[n%7])
			}
		}
	}
}

// BenchmarkSubtract134 solves heaps 0..10^6 of S-Nim {1,3,4} from scratch:
// ns/op divided by 10^6 is the cost per position.
func BenchmarkSubtract134(b *testing.B) {
	for _, bc := range []struct {
		name string
		game interface {
			Moves(int) iter.Seq[int]
		}
	}{{"ranked", subtract134{}}, {"hashed", unranked{}}, {"appending", appending{}}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			const n = 1_000_000
			for b.Loop() {
				s := impartial.New[int](bc.game, impartial.Options{})
				if _, err := s.Grundy(context.Background(), n); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/position")
		})
	}
}

// BenchmarkSubtract134Ascending solves heaps 0, 1, …, 10^6 in order, as the
// table command does, with AppendMoves: every search is shallow, so this is
// the cost of a position without the deep stack of BenchmarkSubtract134.
func BenchmarkSubtract134Ascending(b *testing.B) {
	b.ReportAllocs()
	const n = 1_000_000
	for b.Loop() {
		s := impartial.New[int](appending{}, impartial.Options{})
		for h := 0; h <= n; h++ {
			if _, err := s.Grundy(context.Background(), h); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/position")
}

// TestMemoryBudget: the memo charges Options.Memory as it grows and the
// search stops with a budget.Exceeded of Memory when it would pass it;
// with room it answers.
func TestMemoryBudget(t *testing.T) {
	mem := budget.NewBytes(500_000)
	s := impartial.New[int](chain{}, impartial.Options{Memory: mem})
	_, err := s.Grundy(context.Background(), 50_000)
	var x *budget.Exceeded
	if !errors.As(err, &x) || x.Resource != budget.Memory {
		t.Fatalf("got %v, want a budget.Exceeded of Memory", err)
	}
	if mem.Used() == 0 || mem.Used() > mem.Limit() {
		t.Fatalf("%d bytes charged of %d", mem.Used(), mem.Limit())
	}
	s = impartial.New[int](chain{}, impartial.Options{Memory: budget.NewBytes(100 << 20)})
	if g, err := s.Grundy(context.Background(), 50_000); err != nil || g != 0 {
		t.Fatalf("with room: %d, %v", g, err)
	}
}
