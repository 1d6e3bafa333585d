package turning

import (
	"context"
	"fmt"
	"iter"
	"math/bits"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/impartialgame"
	"github.com/grundy-go/grundy/game"
)

// MaxMisereCoin bounds the coins of a row solved under misère play: there
// a row is not the sum of its heads (the last mover loses, and two heads
// of one coin do not cancel as two equal games do in normal play), so
// the whole row is searched, its moves enumerated from the code.
const MaxMisereCoin = 20

// Row is the game on whole rows of coins, the coin c the bit c−1, moved
// as the code allows: the misère search's game.
type Row struct{ Rule Rule }

// Moves yields the rows each move leaves: for each head n, each set of
// coins below it that a part of the code allows turned with it.
func (r Row) Moves(row uint64) iter.Seq[uint64] {
	return func(yield func(uint64) bool) {
		for rest := row; rest != 0; rest &= rest - 1 {
			n := bits.TrailingZeros64(rest) + 1
			head := uint64(1) << (n - 1)
			for _, p := range r.Rule {
				if p.modified() {
					stop := false
					eachModifiedSet(p, n, 1<<30, func(others []int) bool {
						next := row ^ head
						for _, m := range others {
							next ^= uint64(1) << (m - 1)
						}
						stop = !yield(next)
						return !stop
					})
					if stop {
						return
					}
					continue
				}
				top := n
				if p.Most != unbounded {
					top = min(top, p.Most)
				}
				for k := p.Least; k <= top; k++ {
					if p.Consecutive {
						run := head - uint64(1)<<(n-k) // the k−1 coins just below n
						if !yield(row ^ head ^ run) {
							return
						}
						continue
					}
					// every set of k−1 of the n−1 coins below n (Gosper's hack)
					j := k - 1
					if j == 0 {
						if !yield(row ^ head) {
							return
						}
						continue
					}
					limit := uint64(1) << (n - 1)
					for s := uint64(1)<<j - 1; s < limit; {
						if !yield(row ^ head ^ s) {
							return
						}
						c := s & -s
						t := s + c
						s = ((t^s)>>2)/c | t
					}
				}
			}
		}
	}
}

// misere is the search of whole rows under misère play.
func (in *instance) misere() *impartialgame.Searched[uint64] {
	return &impartialgame.Searched[uint64]{
		Name: in.name,
		Game: game.AsSplitting[uint64](Row{in.rule}),
		Parse: func(tokens []string) ([]uint64, error) {
			heads, err := in.parse(tokens)
			if err != nil {
				return nil, err
			}
			var row uint64
			for _, c := range heads {
				if c > MaxMisereCoin {
					return nil, fmt.Errorf("bad coin %d: under misère play a row is searched whole, on coins up to %d", c, MaxMisereCoin)
				}
				row |= uint64(1) << (c - 1)
			}
			return []uint64{row}, nil
		},
		Format: func(row uint64) string {
			var heads []int
			for c := 1; row != 0; c, row = c+1, row>>1 {
				if row&1 != 0 {
					heads = append(heads, c)
				}
			}
			return formatHeads(heads)
		},
	}
}

// SolveMisere solves a row under misère play by a search of whole rows
// (the sum of the heads does not hold there).
func (in *instance) SolveMisere(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	r, err := in.misere().SolveMisere(ctx, tokens, opts)
	if err != nil {
		return nil, err
	}
	r.Notes = append(r.Notes, "under misère play a row of coins is not the sum of its heads: the whole row is searched")
	return r, nil
}
