package multiply

import (
	"context"
	"fmt"
	"math/big"
	"strconv"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/impartialgame"
	"github.com/grundy-go/grundy/compound"
	"github.com/grundy-go/grundy/game"
)

// The catalog's adapter of the multiplication game: "grundy solve
// multiply:N [p]" answers by the closed form on numbers of any size, and
// for targets up to MaxSearchN also by the search (Game), for the value
// and remoteness.

func init() {
	catalog.Register(catalog.Entry{
		Name:     "multiply",
		Params:   "N",
		Position: "p, the current product (default 1, the start); any size",
		Summary:  "the multiplication game: p starts at 1, a move multiplies p by 2..9, the first player to make p ≥ N wins",
		Example:  "solve multiply:162",
		Kind:     "impartial",
		Make:     makeInstance,
	})
}

type instance struct {
	n    *big.Int
	spec string
}

var _ catalog.Explorer = (*instance)(nil)

func makeInstance(params string) (catalog.Instance, error) {
	n, err := catalog.ParseNatural(params, "N")
	if err != nil {
		return nil, fmt.Errorf("%w: expected the target, a positive integer (multiply:162)", err)
	}
	if n.Sign() == 0 {
		return nil, fmt.Errorf("bad N %q: the target must be at least 1", params)
	}
	return &instance{n: n, spec: "multiply:" + n.String()}, nil
}

func (g *instance) Spec() string { return g.spec }

func (g *instance) parse(tokens []string) (*big.Int, error) {
	f := catalog.Fields(tokens)
	if len(f) > 1 {
		return nil, fmt.Errorf("unexpected %q: a position is one number p, the current product", f[1])
	}
	if len(f) == 0 {
		return big.NewInt(1), nil
	}
	p, err := catalog.ParseNatural(f[0], "p")
	if err != nil {
		return nil, err
	}
	if p.Sign() == 0 {
		return nil, fmt.Errorf("bad p %q: the product is at least 1 (from 0 no multiplication reaches N)", f[0])
	}
	return p, nil
}

func (g *instance) search() *impartialgame.Searched[int64] {
	return &impartialgame.Searched[int64]{
		Name: g.spec,
		Game: game.AsSplitting[int64](Game{N: g.n.Int64()}),
		Parse: func(tokens []string) ([]int64, error) {
			if !g.n.IsInt64() || g.n.Int64() > MaxSearchN {
				return nil, fmt.Errorf("N = %s is too large to search: at most %d", g.n, int64(MaxSearchN))
			}
			p, err := g.parse(tokens)
			if err != nil {
				return nil, err
			}
			if p.Cmp(g.n) > 0 {
				p = g.n // terminal either way
			}
			return []int64{p.Int64()}, nil
		},
		Format: func(p int64) string { return strconv.FormatInt(p, 10) },
	}
}

func (g *instance) Solve(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	if opts.Method == catalog.Search {
		return g.search().Solve(ctx, tokens, opts)
	}
	p, err := g.parse(tokens)
	if err != nil {
		return nil, err
	}
	r := &catalog.Report{
		Game:     g.spec,
		Position: p.String(),
		Outcome:  "P",
		Method:   "closed form: from p the game is the start with target M = ⌈N/p⌉, and the mover wins iff 18^k < M ≤ 9·18^k (intervals ending 9, 18, 162, 324, …)",
	}
	if Wins(p, g.n) {
		r.Outcome = "N"
	} else {
		r.Grundy = new(big.Int)
	}
	if p.Cmp(g.n) >= 0 {
		r.Notes = append(r.Notes, fmt.Sprintf("p ≥ %s: the previous player reached the target and won", g.n))
	}
	for _, x := range WinningMultipliers(p, g.n) {
		r.WinningMoves = append(r.WinningMoves, new(big.Int).Mul(p, big.NewInt(x)).String())
	}
	if g.n.IsInt64() && g.n.Int64() <= MaxSearchN {
		q := min(p.Int64(), g.n.Int64())
		if p.IsInt64() {
			if err := impartialgame.FillFromSearch(ctx, g.search(), []int64{q}, opts, r); err != nil {
				return nil, err
			}
		}
	} else if r.Grundy == nil {
		r.Notes = append(r.Notes, "the closed form gives the outcome, not the Sprague–Grundy value; N is too large to search, so grundy is null")
	}
	return r, nil
}

// Explore lists the moves found by the search adapter; each position's
// own report is Solve's.
func (g *instance) Explore(ctx context.Context, tokens []string, opts catalog.Options, maxMoves int) (*catalog.Exploration, error) {
	return impartialgame.BySearch(g, g.search()).Explore(ctx, tokens, opts, maxMoves)
}

// SolveCompound solves a compound of positions (solve --compound) by the
// search adapter's remoteness and suspense numbers.
func (g *instance) SolveCompound(ctx context.Context, kind compound.Kind, components [][]string, opts catalog.Options) (*catalog.Report, error) {
	return g.search().SolveCompound(ctx, kind, components, opts)
}
