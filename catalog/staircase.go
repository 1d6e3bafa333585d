package catalog

import (
	"context"
	"fmt"
	"math/big"

	"github.com/grundy-go/grundy/game"
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

// A search from cells c_1 < … < c_n visits at most C(c_n, n) positions with
// at most c_n moves each; their product, the work, decides whether Auto
// also searches (for the remoteness) and whether --method search is
// allowed at all.
const (
	staircaseQuickWork  = 300_000
	staircaseSearchWork = 30_000_000
)

// staircaseWork returns C(c_n, n)·c_n for sorted cells, or -1 when it is
// over limit.
func staircaseWork(cells []*big.Int, limit int64) int64 {
	last := cells[len(cells)-1]
	if !last.IsInt64() || last.Int64() > staircase.MaxCell {
		return -1
	}
	w := new(big.Int).Binomial(last.Int64(), int64(len(cells)))
	w.Mul(w, last)
	if !w.IsInt64() || w.Int64() > limit {
		return -1
	}
	return w.Int64()
}

type staircaseGame struct{}

func (staircaseGame) Spec() string { return "staircase" }

func (staircaseGame) parse(tokens []string) ([]*big.Int, error) {
	cells, err := ParseNaturals(tokens, "cell", 1, MaxComponents)
	if err != nil {
		return nil, err
	}
	return staircase.Normalize(cells)
}

func (g staircaseGame) search() *Searched[staircase.Key] {
	return &Searched[staircase.Key]{
		Name: "staircase",
		Game: game.AsSplitting[staircase.Key](staircase.Game{}),
		Parse: func(t []string) ([]staircase.Key, error) {
			cells, err := g.parse(t)
			if err != nil {
				return nil, err
			}
			small, err := SmallInts(cells, "cell", staircase.MaxCell)
			if err != nil {
				return nil, err
			}
			if staircaseWork(cells, staircaseSearchWork) < 0 {
				return nil, fmt.Errorf("position %q is too large to search move by move (over %d moves); drop --method search to use the closed form", JoinBig(cells), staircaseSearchWork)
			}
			return []staircase.Key{staircase.MakeKey(small)}, nil
		},
		Format: staircase.Game{}.Format,
	}
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
		Position: JoinBig(cells),
		Outcome:  OutcomeOfValue(v),
		Grundy:   v,
		Method:   "closed form: staircase Nim (the value is the nim-sum of the gaps inside the pairs of coins counted from the right)",
	}
	moves := staircase.WinningMoves(cells)
	r.AddMoves(len(moves), func(i int) string { return JoinBig(moves[i].Apply(cells)) })
	if staircaseWork(cells, staircaseQuickWork) >= 0 {
		small, _ := SmallInts(cells, "cell", staircase.MaxCell)
		if err := FillFromSearch(ctx, g.search(), []staircase.Key{staircase.MakeKey(small)}, opts, r); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// Explore lists the moves found by the search adapter; each position's
// own report is Solve's.
func (g staircaseGame) Explore(ctx context.Context, tokens []string, opts Options, maxMoves int) (*Exploration, error) {
	return SearchExplorer[staircase.Key]{Inst: g, Search: g.search(), Board: CoinStrip}.Explore(ctx, tokens, opts, maxMoves)
}
