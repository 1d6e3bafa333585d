package catalog

import (
	"context"
	"fmt"
	"math/big"

	"github.com/grundy-go/grundy/heap"
)

// A subtraction game with a finite set S is eventually periodic, and the
// heap engine proves its period by state repetition once its values show
// it long enough (heap.FindPeriod). From then on G(n) = G(a + (n−a) mod p)
// for every n, which answers heaps of any size exactly: the proven period
// is a closed form found by computation.
const (
	// periodicFrom is the heap size above which Auto answers from the
	// period rather than by search (the search also gives remoteness).
	periodicFrom = 1_000_000
	// maxPeriodValues bounds the values computed while looking for a
	// proof; sets whose period is not proven by then are searched.
	maxPeriodValues = 1 << 24
)

// subtractGame is S-Nim with a finite set: searched like any heap game,
// and answered from its proven period for heaps too large to search.
type subtractGame struct {
	*heapGame
	rule    *heap.Rule // nil when the heap engine does not take the set
	amounts []int
}

func (g *subtractGame) Solve(ctx context.Context, tokens []string, opts Options) (*Report, error) {
	if opts.Method == Search || g.rule == nil {
		return g.heapGame.Solve(ctx, tokens, opts)
	}
	heaps, err := ParseNaturals(tokens, "heap size", 1, MaxComponents)
	if err != nil {
		return nil, err
	}
	large := opts.Method == ClosedForm
	for _, h := range heaps {
		large = large || !h.IsInt64() || h.Int64() > periodicFrom
	}
	if !large {
		return g.heapGame.Solve(ctx, tokens, opts)
	}
	vals, per, err := ProvenPeriod(ctx, g.rule, opts)
	if err != nil {
		return nil, err
	}
	a, p := big.NewInt(int64(per.Preperiod)), big.NewInt(int64(per.Period))
	value := func(n *big.Int) uint64 {
		if n.IsInt64() && n.Int64() < int64(vals.Len()) {
			return uint64(vals.At(int(n.Int64())))
		}
		i := new(big.Int).Sub(n, a)
		i.Mod(i, p).Add(i, a)
		return uint64(vals.At(int(i.Int64())))
	}
	values := make([]uint64, len(heaps))
	var x uint64
	for i, h := range heaps {
		values[i] = value(h)
		x ^= values[i]
	}
	r := &Report{
		Game:     g.Name,
		Position: JoinBig(heaps),
		Outcome:  "N",
		Grundy:   new(big.Int).SetUint64(x),
		Method: fmt.Sprintf("proven period: G(n+%d) = G(n) for n ≥ %d (%s, checked on %d values), and the nim-sum over heaps",
			per.Period, per.Preperiod, per.Theorem, vals.Len()),
		Notes: []string{"the remoteness of heaps this large is not known (the period gives values, not the length of play)"},
	}
	if x == 0 {
		r.Outcome = "P"
		return r, nil
	}
	type move struct {
		index int
		to    *big.Int
	}
	var moves []move
	for i, h := range heaps {
		target := values[i] ^ x
		for _, s := range g.amounts {
			to := new(big.Int).Sub(h, big.NewInt(int64(s)))
			if to.Sign() < 0 {
				break
			}
			if value(to) == target {
				moves = append(moves, move{i, to})
			}
		}
	}
	r.AddMoves(len(moves), func(k int) string {
		next := append([]*big.Int(nil), heaps...)
		next[moves[k].index] = moves[k].to
		return JoinBig(next)
	})

	return r, nil
}
