package staircase

import (
	"context"
	"math/big"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/impartialgame"
	"github.com/grundy-go/grundy/compound"
	"github.com/grundy-go/grundy/game"
)

// The catalog's adapter of staircase Nim as Georgia and Bob: "grundy
// solve staircase C…" answers by the closed form on cells of any size, and
// for small positions also by the search (Game), for the remoteness.

func init() {
	catalog.Register(catalog.Entry{
		Name:     "staircase",
		Aliases:  []string{"georgia-bob"},
		Position: "the occupied cells: distinct positive integers in any order, e.g. 1 5 6 7 9 (any size)",
		Summary:  "staircase Nim as Georgia and Bob: shift one coin left by at least one cell, not onto or over another coin and not past cell 1",
		Example:  "solve staircase 1 5 6 7 9 12 14 17",
		Kind:     "impartial",
		Make:     func(string) (catalog.Instance, error) { return instance{}, nil },
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
	if !last.IsInt64() || last.Int64() > MaxCell {
		return -1
	}
	w := new(big.Int).Binomial(last.Int64(), int64(len(cells)))
	w.Mul(w, last)
	if !w.IsInt64() || w.Int64() > limit {
		return -1
	}
	return w.Int64()
}

type instance struct{}

var _ catalog.Explorer = instance{}

func (instance) Spec() string { return "staircase" }

func (instance) parse(tokens []string) ([]*big.Int, error) {
	cells, err := catalog.ParseNaturals(tokens, "cell", 1, catalog.MaxComponents)
	if err != nil {
		return nil, err
	}
	return Normalize(cells)
}

func (g instance) search() *impartialgame.Searched[Key] {
	return &impartialgame.Searched[Key]{
		Name: "staircase",
		Game: game.AsSplitting[Key](Game{}),
		Parse: func(t []string) ([]Key, error) {
			cells, err := g.parse(t)
			if err != nil {
				return nil, err
			}
			small, err := catalog.SmallInts(cells, "cell", MaxCell)
			if err != nil {
				return nil, err
			}
			if staircaseWork(cells, staircaseSearchWork) < 0 {
				return nil, catalog.RefuseMethod(g.Spec(), catalog.Search, "position %q is too large to search move by move (over %d moves)", catalog.JoinBig(cells), staircaseSearchWork)
			}
			return []Key{MakeKey(small)}, nil
		},
		Format: Game{}.Format,
	}
}

func (g instance) Solve(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	if opts.Method == catalog.Search {
		return g.search().Solve(ctx, tokens, opts)
	}
	cells, err := g.parse(tokens)
	if err != nil {
		return nil, err
	}
	v := Value(cells)
	r := &catalog.Report{
		Game:     "staircase",
		Position: catalog.JoinBig(cells),
		Outcome:  catalog.OutcomeOfValue(v),
		Grundy:   v,
		Method:   "closed form: staircase Nim (the value is the nim-sum of the gaps inside the pairs of coins counted from the right)",
	}
	moves := WinningMoves(cells)
	r.AddMoves(len(moves), func(i int) string { return catalog.JoinBig(moves[i].Apply(cells)) })
	if staircaseWork(cells, staircaseQuickWork) >= 0 {
		small, _ := catalog.SmallInts(cells, "cell", MaxCell)
		if err := impartialgame.FillFromSearch(ctx, g.search(), []Key{MakeKey(small)}, opts, r); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// Explore lists the moves found by the search adapter; each position's
// own report is Solve's.
func (g instance) Explore(ctx context.Context, tokens []string, opts catalog.Options, maxMoves int) (*catalog.Exploration, error) {
	return impartialgame.SearchExplorer[Key]{Inst: g, Search: g.search(), Board: impartialgame.CoinStrip}.Explore(ctx, tokens, opts, maxMoves)
}

// SolveCompound solves a compound of positions (solve --compound) by the
// search adapter's remoteness and suspense numbers.
func (g instance) SolveCompound(ctx context.Context, kind compound.Kind, components [][]string, opts catalog.Options) (*catalog.Report, error) {
	return g.search().SolveCompound(ctx, kind, components, opts)
}
