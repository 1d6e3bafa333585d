package fibnim

import (
	"context"
	"fmt"
	"math/big"
	"strings"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/impartialgame"
	"github.com/grundy-go/grundy/compound"
	"github.com/grundy-go/grundy/game"
)

// The catalog's adapter of Fibonacci Nim: "grundy solve fibonacci-nim N
// [L]" answers by Whinihan's theorem on numbers of any size, and for small
// heaps also by the search (Game), for the value and remoteness.

func init() {
	catalog.Register(catalog.Entry{
		Name:     "fibonacci-nim",
		Position: `"N" (the start: N tokens, the first move takes 1..N-1), or "N L" (N tokens, at most L may be taken now); N up to 1000 digits`,
		Summary:  "Fibonacci Nim: one heap; the first move takes 1..N-1 tokens, then each move takes 1..2× the previous move; taking the last token wins",
		Example:  "solve fibonacci-nim 20",
		Kind:     "impartial",
		Make:     func(string) (catalog.Instance, error) { return instance{}, nil },
	})
}

const (
	// maxFibnimDigits bounds the heap: Zeckendorf's representation of a
	// number of d digits takes about 4.8d Fibonacci numbers of up to d
	// digits each.
	maxFibnimDigits = 1000
	// maxFibnimSearch bounds heaps searched (about N³/6 steps).
	maxFibnimSearch = 1000
	// fibnimQuick bounds heaps for which Auto also searches, for the
	// Sprague–Grundy value and remoteness.
	fibnimQuick = 150
)

type instance struct{}

var _ catalog.Explorer = instance{}

func (instance) Spec() string { return "fibonacci-nim" }

// parse returns n and the bound L (clamped to n).
func (instance) parse(tokens []string) (n, l *big.Int, err error) {
	f := catalog.Fields(tokens)
	if len(f) > 2 {
		return nil, nil, fmt.Errorf("unexpected %q: a position is \"N\" or \"N L\" (tokens, and the most that may be taken now)", f[2])
	}
	xs, err := catalog.ParseNaturals(f, "number", 1, 2)
	if err != nil {
		return nil, nil, fmt.Errorf("%w; a position is \"N\" or \"N L\"", err)
	}
	n = xs[0]
	if len(n.String()) > maxFibnimDigits {
		return nil, nil, fmt.Errorf("heap of %d digits is too large: at most %d digits", len(n.String()), maxFibnimDigits)
	}
	if len(xs) == 1 {
		l = new(big.Int).Sub(n, big.NewInt(1))
		if l.Sign() < 0 {
			l.SetInt64(0)
		}
	} else {
		l = xs[1]
	}
	if l.Cmp(n) > 0 {
		l = new(big.Int).Set(n)
	}
	return n, l, nil
}

func (g instance) search() *impartialgame.Searched[Pos] {
	return &impartialgame.Searched[Pos]{
		Name: "fibonacci-nim",
		Game: game.AsSplitting[Pos](Game{}),
		Parse: func(tokens []string) ([]Pos, error) {
			n, l, err := g.parse(tokens)
			if err != nil {
				return nil, err
			}
			if !n.IsInt64() || n.Int64() > maxFibnimSearch {
				return nil, fmt.Errorf("bad number %s: at most %d tokens are supported by the search", n, maxFibnimSearch)
			}
			return []Pos{Canon(int(n.Int64()), int(l.Int64()))}, nil
		},
		Format: func(p Pos) string { return fmt.Sprintf("%d %d", p.N, p.L) },
	}
}

func (g instance) Solve(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	if opts.Method == catalog.Search {
		return g.search().Solve(ctx, tokens, opts)
	}
	n, l, err := g.parse(tokens)
	if err != nil {
		return nil, err
	}
	r := &catalog.Report{
		Game:     "fibonacci-nim",
		Position: n.String() + " " + l.String(),
		Outcome:  "P",
		Method:   "closed form: Whinihan's theorem (the player to move wins iff the smallest Zeckendorf term of N is at most L; it wins by taking a number whose remainder's smallest term exceeds twice it)",
	}
	if Wins(n, l) {
		r.Outcome = "N"
	} else {
		r.Grundy = new(big.Int)
	}
	for _, t := range WinningTakes(n, l) {
		m := new(big.Int).Sub(n, t)
		next := new(big.Int).Lsh(t, 1)
		if next.Cmp(m) > 0 {
			next = m
		}
		r.WinningMoves = append(r.WinningMoves, m.String()+" "+next.String())
	}
	if n.Sign() > 0 {
		z := Zeckendorf(n)
		parts := make([]string, len(z))
		for i, f := range z {
			parts[i] = f.String()
		}
		if len(z) <= 12 {
			r.Notes = append(r.Notes, fmt.Sprintf("Zeckendorf: %s = %s", n, strings.Join(parts, " + ")))
		} else {
			r.Notes = append(r.Notes, fmt.Sprintf("Zeckendorf: N has %d terms, the smallest %s", len(z), z[len(z)-1]))
		}
	}
	if n.IsInt64() && n.Int64() <= fibnimQuick {
		p := Canon(int(n.Int64()), int(l.Int64()))
		if err := impartialgame.FillFromSearch(ctx, g.search(), []Pos{p}, opts, r); err != nil {
			return nil, err
		}
	} else if r.Grundy == nil {
		r.Notes = append(r.Notes, "Whinihan's theorem gives the outcome, not the Sprague–Grundy value; the heap is too large to search, so grundy is null")
	}
	return r, nil
}

// Explore lists the moves found by the search adapter; each position's
// own report is Solve's.
func (g instance) Explore(ctx context.Context, tokens []string, opts catalog.Options, maxMoves int) (*catalog.Exploration, error) {
	return impartialgame.BySearch(g, g.search()).Explore(ctx, tokens, opts, maxMoves)
}

// SolveCompound solves a compound of positions (solve --compound) by the
// search adapter's remoteness and suspense numbers.
func (g instance) SolveCompound(ctx context.Context, kind compound.Kind, components [][]string, opts catalog.Options) (*catalog.Report, error) {
	return g.search().SolveCompound(ctx, kind, components, opts)
}
