package circle

import (
	"context"
	"fmt"
	"math/big"
	"strconv"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/impartialgame"
	"github.com/grundy-go/grundy/compound"
)

// The catalog's adapter of coins in a circle: "grundy solve circle:K N"
// answers by the symmetry strategy for circles of any size, and searches
// (Game) small circles for the value and remoteness, and sums of lines.

func init() {
	catalog.Register(catalog.Entry{
		Name:     "circle",
		Params:   "K",
		Position: `N, a circle of N coins (any size); or "line A B …", a sum of lines of coins (searched, up to 5000 each)`,
		Summary:  "coins in a circle: take 1..K adjacent coins (the circle becomes a line, and lines split); taking the last coin wins",
		Example:  "solve circle:2 7",
		Kind:     "impartial",
		Make:     makeInstance,
	})
}

const (
	maxCircleK      = 1_000_000
	maxCircleSearch = 5_000
	// circleQuickWork bounds n²·min(K, n), the work of searching a circle of
	// n, for Auto to add the Sprague–Grundy value and remoteness.
	circleQuickWork = 20_000_000
	// circleSearchWork bounds the same for any search.
	circleSearchWork = 300_000_000
)

// circleWork estimates the moves a search from n coins makes: every line
// below n, each with about min(K, m)·m/2 moves.
func circleWork(n, k int) int64 {
	return int64(n) * int64(n) * int64(min(k, n)) / 2
}

type instance struct {
	k    int
	spec string
}

var (
	_ catalog.Tabler   = (*instance)(nil)
	_ catalog.Explorer = (*instance)(nil)
)

func makeInstance(params string) (catalog.Instance, error) {
	k, err := strconv.Atoi(params)
	if err != nil || k < 1 || k > maxCircleK {
		return nil, fmt.Errorf("bad K %q: expected the most adjacent coins a move takes, an integer from 1 to %d", params, maxCircleK)
	}
	return &instance{k: k, spec: "circle:" + strconv.Itoa(k)}, nil
}

func (g *instance) Spec() string { return g.spec }

func (g *instance) search() *impartialgame.Searched[Pos] {
	return &impartialgame.Searched[Pos]{
		Name: g.spec,
		Game: Game{K: g.k},
		Parse: func(tokens []string) ([]Pos, error) {
			lines, n, err := g.parse(tokens)
			if err != nil {
				return nil, err
			}
			if lines != nil {
				return lines, nil
			}
			if !n.IsInt64() || n.Int64() > maxCircleSearch {
				return nil, fmt.Errorf("bad number of coins %s: at most %d is supported by the search", n, maxCircleSearch)
			}
			if w := circleWork(int(n.Int64()), g.k); w > circleSearchWork {
				return nil, catalog.RefuseMethod(g.spec, catalog.Search, "circle %s is too large to search move by move (about %d moves)", n, w)
			}
			return []Pos{{Circle: true, N: int(n.Int64())}}, nil
		},
		Format: Game{}.Format,
		Sep:    " + ",
	}
}

// parse reads either a circle (n) or "line A B …" (lines).
func (g *instance) parse(tokens []string) (lines []Pos, n *big.Int, err error) {
	f := catalog.Fields(tokens)
	if len(f) > 0 && (f[0] == "line" || f[0] == "lines") {
		ns, err := catalog.ParseInts(f[1:], "line length", 1, catalog.MaxComponents, maxCircleSearch)
		if err != nil {
			return nil, nil, err
		}
		for i, m := range ns {
			if w := circleWork(m, g.k); w > circleSearchWork {
				return nil, nil, fmt.Errorf("bad line length %q: about %d moves to search, over the limit of %d", f[1+i], w, circleSearchWork)
			}
		}
		for _, m := range ns {
			lines = append(lines, Pos{N: m})
		}
		return lines, nil, nil
	}
	if len(f) > 0 && f[0] == "circle" {
		f = f[1:]
	}
	if len(f) > 1 {
		return nil, nil, fmt.Errorf("unexpected %q after the number of coins: a position is one circle N, or \"line A B …\"", f[1])
	}
	ns, err := catalog.ParseNaturals(f, "number of coins", 1, 1)
	if err != nil {
		return nil, nil, err
	}
	return nil, ns[0], nil
}

func (g *instance) Solve(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	lines, n, err := g.parse(tokens)
	if err != nil {
		return nil, err
	}
	if opts.Method == catalog.Search || lines != nil {
		if opts.Method == catalog.ClosedForm {
			return nil, catalog.RefuseMethod(g.spec, catalog.ClosedForm, "lines of coins have no closed form here (for K = 2 they are Kayles)")
		}
		return nameEmpty(g.search().Solve(ctx, tokens, opts))
	}
	r := &catalog.Report{
		Game:     g.spec,
		Position: "circle " + n.String(),
		Outcome:  "P",
		Method:   "closed form: the symmetry strategy (N ≤ K: take all; K = 1: parity; otherwise the second player splits the line into two equal halves and mirrors)",
	}
	if FirstWins(n, g.k) {
		r.Outcome = "N"
	} else {
		r.Grundy = new(big.Int)
	}
	if m, ok := WinningMove(n, g.k); ok {
		if m.Sign() == 0 {
			r.WinningMoves = []string{"empty"}
		} else {
			r.WinningMoves = []string{"line " + m.String()}
		}
	}
	if n.IsInt64() && n.Int64() <= maxCircleSearch && circleWork(int(n.Int64()), g.k) <= circleQuickWork {
		c := []Pos{{Circle: true, N: int(n.Int64())}}
		if err := impartialgame.FillFromSearch(ctx, g.search(), c, opts, r); err != nil {
			return nil, err
		}
	} else if r.Grundy == nil {
		r.Notes = append(r.Notes, "the symmetry strategy gives the outcome, not the Sprague–Grundy value; the circle is too large to search, so grundy is null")
	}
	return r, nil
}

// Table gives the values of circles of 0 … upto-1 coins, by search (the
// symmetry strategy gives only their outcomes).
func (g *instance) Table(ctx context.Context, upto int, opts catalog.Options) (*catalog.Table, error) {
	if upto < 0 {
		return nil, fmt.Errorf("a table's length must not be negative, got %d", upto)
	}
	if w := circleWork(upto, g.k); upto > maxCircleSearch || w > circleSearchWork {
		return nil, budget.Exceed(budget.Size, maxCircleSearch, "a table of %d values: too large to search (about %d moves)", upto, w)
	}
	t, err := impartialgame.HeapTable(ctx, g.spec, Game{K: g.k}, func(n int) Pos { return Pos{Circle: true, N: n} }, upto, opts)
	if err != nil {
		return nil, err
	}
	t.Caption = "G(n): the Sprague–Grundy value of a circle of n coins, found by search; 0 marks a P-position (the player to move loses)"
	return t, nil
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
