package tshirts

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/grundy-go/grundy/payoff"
)

// brute tries every order of deletions, without memo.
func brute(g *Game, left []int, who int) int {
	if len(left) == 1 {
		return left[0]
	}
	best := -1
	for i := range left {
		rest := append(append([]int{}, left[:i]...), left[i+1:]...)
		s := brute(g, rest, (who+1)%3)
		if best == -1 || g.rank[who][s-1] < g.rank[who][best-1] {
			best = s
		}
	}
	return best
}

func TestAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 18))
	for trial := 0; trial < 200; trial++ {
		n := 1 + r.IntN(7)
		var orders [3][]int
		for k := range orders {
			for _, s := range r.Perm(n) {
				orders[k] = append(orders[k], s+1)
			}
		}
		g, err := New(orders)
		if err != nil {
			t.Fatal(err)
		}
		left := make([]int, n)
		for i := range left {
			left[i] = i + 1
		}
		want := brute(g, left, 0)
		s, _ := payoff.New[Pos](g, payoff.Options{})
		v, err := s.Payoff(context.Background(), g.Start())
		if err != nil {
			t.Fatal(err)
		}
		if got := g.ShirtFor(0, int(v[0].Float)); got != want {
			t.Fatalf("orders %v: shirt %d, brute force %d", orders, got, want)
		}
	}
}

func TestBadOrders(t *testing.T) {
	for _, o := range [][3][]int{
		{{1, 2}, {2, 1}, {1}},
		{{1, 2}, {2, 2}, {1, 2}},
		{{1, 3}, {2, 1}, {1, 2}},
		{{}, {}, {}},
	} {
		if _, err := New(o); err == nil {
			t.Errorf("New(%v) accepted", o)
		}
	}
}
