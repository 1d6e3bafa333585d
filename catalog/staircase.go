package catalog

import (
	"context"
	"fmt"
	"math/big"

	"github.com/grundy-go/grundy/games/staircase"
)

func init() {
	Register(Entry{
		Name:     "staircase",
		Aliases:  []string{"georgia-bob"},
		Position: "the occupied cells: distinct positive integers in any order, e.g. 1 5 6 7 9 (any size)",
		Summary:  "staircase Nim as Georgia and Bob: shift one coin left by at least one cell, not onto or over another coin and not past cell 1",
		Example:  "solve staircase 1 5 6 7 9 12 14 17",
		Kind:     "impartial",
		Make:     func(string) (Instance, error) { return staircaseGame{}, nil },
	})
}

// staircaseQuickStates bounds C(max cell, coins), the positions a search
// from the given cells can visit, for Auto to add the remoteness.
const staircaseQuickStates = 20_000

type staircaseGame struct{}

func (staircaseGame) Spec() string { return "staircase" }

func (staircaseGame) parse(tokens []string) ([]*big.Int, error) {
	cells, err := ParseNaturals(tokens, "cell", 1, MaxComponents)
	if err != nil {
		return nil, err
	}
	return staircase.Normalize(cells)
}

func (g staircaseGame) search() *searched[staircase.Key] {
	return &searched[staircase.Key]{
		spec: "staircase",
		game: staircase.Game{},
		parse: func(t []string) ([]staircase.Key, error) {
			cells, err := g.parse(t)
			if err != nil {
				return nil, err
			}
			small, err := cfInts(cells, "cell", staircase.MaxCell)
			if err != nil {
				return nil, err
			}
			return []staircase.Key{staircase.MakeKey(small)}, nil
		},
		format: staircase.Game{}.Format,
	}
}

// cfInts converts numbers no larger than limit to ints; the error names
// the first that is larger.
func cfInts(xs []*big.Int, what string, limit int) ([]int, error) {
	out := make([]int, len(xs))
	for i, x := range xs {
		if !x.IsInt64() || x.Int64() > int64(limit) {
			return nil, fmt.Errorf("bad %s %s: at most %d is supported by the search", what, x, limit)
		}
		out[i] = int(x.Int64())
	}
	return out, nil
}

func (g staircaseGame) Solve(ctx context.Context, tokens []string, opts Options) (*Report, error) {
	if opts.Method == Search {
		return g.search().Solve(ctx, tokens, opts)
	}
	cells, err := g.parse(tokens)
	if err != nil {
		return nil, err
	}
	v := staircase.Value(cells)
	r := &Report{
		Game:     "staircase",
		Position: joinBig(cells),
		Outcome:  outcomeOfValue(v),
		Grundy:   v,
		Method:   "closed form: staircase Nim (the value is the nim-sum of the gaps inside the pairs of coins counted from the right)",
	}
	for _, m := range staircase.WinningMoves(cells) {
		r.WinningMoves = append(r.WinningMoves, joinBig(m))
	}
	last := cells[len(cells)-1]
	if last.IsInt64() && last.Int64() <= staircase.MaxCell &&
		new(big.Int).Binomial(last.Int64(), int64(len(cells))).Cmp(big.NewInt(staircaseQuickStates)) <= 0 {
		small, _ := cfInts(cells, "cell", staircase.MaxCell)
		if err := fillFromSearch(ctx, g.search(), []staircase.Key{staircase.MakeKey(small)}, opts, r); err != nil {
			return nil, err
		}
	}
	return r, nil
}
