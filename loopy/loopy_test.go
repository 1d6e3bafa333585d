package loopy

import (
	"context"
	"fmt"
	"github.com/grundy-go/grundy/internal/witness"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/grundy-go/grundy/outcome"
	"github.com/grundy-go/grundy/retro"
)

func csr(adj [][]int32) *retro.CSR {
	g, err := retro.Build(len(adj), func(yield func(a, b int32) bool) {
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

func solveAdj(t testing.TB, adj [][]int32) *Values {
	g := csr(adj)
	vs, err := Solve(context.Background(), g, g.Transpose(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	return vs
}

// naiveGSG follows the definition of the stage algorithm literally, with
// repeated sweeps over all nodes and no counters: -1 stands for ∞.
func naiveGSG(adj [][]int32) []int {
	const unl = -2
	n := len(adj)
	label := make([]int, n)
	for i := range label {
		label[i] = unl
	}
	hasFollower := func(u int32, m int) bool {
		for _, w := range adj[u] {
			if label[w] == m {
				return true
			}
		}
		return false
	}
	for m := 0; ; m++ {
		for changed := true; changed; {
			changed = false
			for u := range n {
				if label[u] != unl || hasFollower(int32(u), m) {
					continue
				}
				ok := true
				for _, w := range adj[u] {
					if (label[w] == unl || label[w] == -1) && !hasFollower(w, m) {
						ok = false
					}
				}
				if ok {
					label[u] = m
					changed = true
				}
			}
		}
		left := false
		for u := range n {
			if label[u] == unl {
				if hasFollower(int32(u), m) {
					left = true
				} else {
					label[u] = -1
				}
			}
		}
		if !left {
			return label
		}
	}
}

func TestRandomGraphsAgainstDefinition(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for iter := 0; iter < 3000; iter++ {
		n := 1 + r.IntN(12)
		adj := witness.RandomGraph(r, n, r.IntN(3*n+1))
		vs := solveAdj(t, adj)
		want := naiveGSG(adj)
		g := csr(adj)
		res, err := retro.Solve(context.Background(), &retro.Problem{Pred: g.Transpose(), Moves: g.Degrees()}, retro.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for v := range n {
			val := vs.Value(int32(v))
			if x, ok := val.Nimber(); ok != (want[v] >= 0) || ok && int(x) != want[v] {
				t.Fatalf("graph %v node %d: γ = %v, the definition gives %d", adj, v, val, want[v])
			}
			if o := vs.Outcome(int32(v)); o != res.Outcome[v] || val.Outcome() != o {
				t.Fatalf("graph %v node %d: γ = %v says %v (%v), retrograde analysis says %v", adj, v, val, o, val.Outcome(), res.Outcome[v])
			}
			checkProperties(t, adj, vs, int32(v))
		}
	}
}

// checkProperties checks the defining conditions of γ at u: a finite value
// is the mex of the finite values of the followers, and every follower of
// larger or infinite value has a follower of value γ(u).
func checkProperties(t *testing.T, adj [][]int32, vs *Values, u int32) {
	t.Helper()
	g, fin := vs.Nimber(u)
	if !fin {
		return
	}
	seen := map[uint64]bool{}
	for _, w := range adj[u] {
		x, ok := vs.Nimber(w)
		if ok {
			seen[x] = true
		}
		if ok && x < g {
			continue
		}
		if ok && x == g {
			t.Fatalf("graph %v: node %d of value %d has a follower %d of the same value", adj, u, g, w)
		}
		reverses := false
		for _, z := range adj[w] {
			if y, ok := vs.Nimber(z); ok && y == g {
				reverses = true
			}
		}
		if !reverses {
			t.Fatalf("graph %v: node %d of value %d has follower %d (%v) without a move back to %d", adj, u, g, w, vs.Value(w), g)
		}
	}
	for x := uint64(0); x < g; x++ {
		if !seen[x] {
			t.Fatalf("graph %v: node %d of value %d has no follower of value %d", adj, u, g, x)
		}
	}
}

func TestSumsAgainstProductGraph(t *testing.T) {
	ctx := context.Background()
	r := rand.New(rand.NewPCG(13, 14))
	for iter := 0; iter < 1500; iter++ {
		n := 1 + r.IntN(7)
		adj := witness.RandomGraph(r, n, r.IntN(3*n+1))
		vs := solveAdj(t, adj)
		k := 2 + r.IntN(2)
		game := witness.Tokens{Adj: adj, K: k}
		tab, err := retro.SolveGame[[3]int32](ctx, game, retro.GameOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for pos := range game.Positions() {
			nodes := pos[:k]
			sum := vs.Sum(nodes)
			want, _, _ := tab.Lookup(pos)
			if sum.Outcome() != want {
				t.Fatalf("graph %v tokens %v: γ-sum %v says %v, the product graph says %v", adj, nodes, sum, sum.Outcome(), want)
			}
			var got []string
			for _, m := range vs.WinningMoves(nodes) {
				q := pos
				q[m.Token] = m.To
				got = append(got, fmt.Sprint(q[:k]))
			}
			var exp []string
			for _, q := range tab.WinningMoves(pos) {
				exp = append(exp, fmt.Sprint(q[:k]))
			}
			slices.Sort(got)
			slices.Sort(exp)
			exp = slices.Compact(exp)
			if !slices.Equal(got, exp) {
				t.Fatalf("graph %v tokens %v: winning moves %v, the product graph says %v", adj, nodes, got, exp)
			}
		}
	}
}

func TestValueNotationAndSum(t *testing.T) {
	cases := []struct {
		v    Value
		s    string
		o    outcome.Outcome
		fin  bool
		nimb uint64
	}{
		{Finite(0), "0", outcome.P, true, 0},
		{Finite(5), "5", outcome.N, true, 5},
		{Infinite(), "∞", outcome.D, false, 0},
		{Infinite(2, 0, 2), "∞(0,2)", outcome.N, false, 0},
		{Infinite(1, 3), "∞(1,3)", outcome.D, false, 0},
	}
	for _, c := range cases {
		if c.v.String() != c.s || c.v.Outcome() != c.o || c.v.IsFinite() != c.fin {
			t.Errorf("%v: got %q %v, want %q %v", c.v, c.v.String(), c.v.Outcome(), c.s, c.o)
		}
	}
	sums := []struct {
		in   []Value
		want string
	}{
		{nil, "0"},
		{[]Value{Finite(3), Finite(5)}, "6"},
		{[]Value{Infinite(0, 2), Finite(2)}, "∞(0,2)"},
		{[]Value{Infinite(0, 1), Finite(1), Finite(2)}, "∞(2,3)"},
		{[]Value{Infinite(0), Infinite(0)}, "∞"},
	}
	for _, c := range sums {
		if got := Sum(c.in...).String(); got != c.want {
			t.Errorf("Sum%v = %s, want %s", c.in, got, c.want)
		}
	}
}

func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g := csr([][]int32{{0}})
	if _, err := Solve(ctx, g, g.Transpose(), Options{}); err == nil {
		t.Error("a cancelled context was ignored")
	}
}
