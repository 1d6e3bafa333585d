package retro

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/grundy-go/grundy/outcome"
)

// TestExitsAgreeWithWholeGraph cuts random graphs in two, the lower part
// never moving to the upper one, and solves the upper part alone with
// Exits summarising its moves into the lower part, solved before: every
// upper node must get the outcome and remoteness the whole graph gives it,
// under normal play, with drawn terminals and with endless verdicts.
func TestExitsAgreeWithWholeGraph(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	ctx := context.Background()
	for iter := range 4000 {
		n := 2 + r.IntN(20)
		cut := 1 + r.IntN(n-1) // upper part: nodes below cut
		withEndless := iter%3 == 2
		adj := make([][]int32, n)
		for range r.IntN(4 * n) {
			u := r.IntN(n)
			v := r.IntN(n)
			if withEndless && (u+v)%2 == 0 {
				continue // endless verdicts need moves that change parity
			}
			if u >= cut && v < cut {
				continue
			}
			adj[u] = append(adj[u], int32(v))
		}
		term := make([]outcome.Outcome, n)
		verdict := make([]outcome.Outcome, n)
		winner := r.IntN(2)
		for i := range n {
			term[i] = []outcome.Outcome{outcome.N, outcome.P, outcome.P, outcome.D}[r.IntN(4)]
			verdict[i] = outcome.P
			if i%2 == winner {
				verdict[i] = outcome.N
			}
		}
		problem := func(adj [][]int32) *Problem {
			g := toCSR(adj)
			p := &Problem{Pred: g.Transpose(), Moves: g.Degrees(), Terminal: func(v int32) outcome.Outcome { return term[v] }}
			if withEndless {
				p.Endless = func(v int32) outcome.Outcome { return verdict[v] }
			}
			return p
		}
		whole, err := Solve(ctx, problem(adj), Options{})
		if err != nil {
			t.Fatal(err)
		}
		upper := make([][]int32, cut)
		x := &Exits{Win: make([]uint32, cut), Lose: make([]uint32, cut), Drawn: make([]uint32, cut)}
		extra := make([]uint32, cut)
		for u := range cut {
			for _, v := range adj[u] {
				if int(v) < cut {
					upper[u] = append(upper[u], v)
					continue
				}
				o, rem := whole.Outcome[v], whole.Remoteness[v]
				switch {
				case rem == NoRemoteness:
					extra[u]++
					if o == outcome.D {
						x.Drawn[u]++
					}
				case o == outcome.P:
					if x.Win[u] == 0 || rem+1 < x.Win[u] {
						x.Win[u] = rem + 1
					}
				default:
					x.Lose[u] = max(x.Lose[u], rem+1)
				}
			}
		}
		p := problem(upper)
		for u := range cut {
			p.Moves[u] += extra[u]
		}
		p.Exits = x
		part, err := Solve(ctx, p, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for v := range cut {
			if part.Outcome[v] != whole.Outcome[v] || part.Remoteness[v] != whole.Remoteness[v] {
				t.Fatalf("iteration %d (endless %v): node %d of %d (cut %d): %v %d with exits, %v %d whole\nadj %v",
					iter, withEndless, v, n, cut, part.Outcome[v], part.Remoteness[v], whole.Outcome[v], whole.Remoteness[v], adj)
			}
		}
	}
}
