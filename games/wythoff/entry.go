package wythoff

import (
	"context"
	"fmt"
	"math/big"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/impartialgame"
	"github.com/grundy-go/grundy/compound"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/impartial"
)

// The catalog's adapter of Wythoff's game: "grundy solve wythoff A B"
// answers by the Beatty pairs on heaps of any size, and for small heaps
// also by the search (Game), for the value and remoteness; its table is
// the grid of values.

func init() {
	catalog.Register(catalog.Entry{
		Name:     "wythoff",
		Position: "two heap sizes a b (any size)",
		Summary:  "two heaps: take any positive number from one heap, or the same positive number from both; taking the last token wins",
		Example:  "solve wythoff 3 5",
		Kind:     "impartial",
		Make:     func(string) (catalog.Instance, error) { return instance{}, nil },
	})
}

const (
	// maxWythoffSearchHeap bounds heaps searched move by move.
	maxWythoffSearchHeap = 4096
	// wythoffQuickWork bounds (a+1)(b+1)(a+b+1), the work of a search from
	// (a, b), below which Auto also searches for the Sprague–Grundy value.
	wythoffQuickWork = 4_000_000
	// wythoffSearchWork bounds the same for --method search.
	wythoffSearchWork = 300_000_000
	// maxWythoffGridSearch bounds the grid a table searches; larger grids
	// come from the closed form and show outcomes only.
	maxWythoffGridSearch = 256
	maxWythoffGrid       = 4096
)

type instance struct{}

var (
	_ catalog.Tabler   = instance{}
	_ catalog.Explorer = instance{}
)

func (instance) Spec() string { return "wythoff" }

func (instance) search() *impartialgame.Searched[Pos] {
	return &impartialgame.Searched[Pos]{
		Name: "wythoff",
		Game: game.AsSplitting[Pos](Game{}),
		Parse: func(t []string) ([]Pos, error) {
			h, err := catalog.ParseInts(t, "heap size", 2, 2, maxWythoffSearchHeap)
			if err != nil {
				return nil, wythoffTwo(t, err)
			}
			if work := (h[0] + 1) * (h[1] + 1) * (h[0] + h[1] + 1); work > wythoffSearchWork {
				return nil, catalog.RefuseMethod("wythoff", catalog.Search, "position \"%d %d\" is too large to search move by move (about %d moves)", h[0], h[1], work)
			}
			return []Pos{{A: h[0], B: h[1]}}, nil
		},
		Format: func(p Pos) string { return fmt.Sprintf("%d %d", p.A, p.B) },
	}
}

// wythoffTwo explains a bad count of heaps, naming the first extra one.
func wythoffTwo(tokens []string, err error) error {
	if f := catalog.Fields(tokens); len(f) > 2 {
		return fmt.Errorf("unexpected third heap %q: Wythoff's game is played on exactly two heaps (a b), got %d numbers", f[2], len(f))
	}
	return fmt.Errorf("%w (Wythoff's game is played on exactly two heaps: a b)", err)
}

func (g instance) Solve(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	if opts.Method == catalog.Search {
		return g.search().Solve(ctx, tokens, opts)
	}
	h, err := catalog.ParseNaturals(tokens, "heap size", 2, 2)
	if err != nil {
		return nil, wythoffTwo(tokens, err)
	}
	a, b := h[0], h[1]
	r := closedForm(a, b)
	if a.IsInt64() && b.IsInt64() && a.Int64() <= maxWythoffSearchHeap && b.Int64() <= maxWythoffSearchHeap &&
		(a.Int64()+1)*(b.Int64()+1)*(a.Int64()+b.Int64()+1) <= wythoffQuickWork {
		pos := Pos{A: int(a.Int64()), B: int(b.Int64())}
		if err := impartialgame.FillFromSearch(ctx, g.search(), []Pos{pos}, opts, r); err != nil {
			return nil, err
		}
	} else if r.Grundy == nil {
		r.Notes = append(r.Notes, "the closed form gives the outcome, not the Sprague–Grundy value (which has no known formula); the heaps are too large to search, so grundy is null")
	}
	return r, nil
}

// closedForm is the report of heaps (a, b) by Wythoff's theorem alone.
func closedForm(a, b *big.Int) *catalog.Report {
	r := &catalog.Report{
		Game:     "wythoff",
		Position: a.String() + " " + b.String(),
		Outcome:  "N",
		Method:   "closed form: Wythoff's theorem (the P-positions are the Beatty pairs (⌊kφ⌋, ⌊kφ²⌋), computed exactly with integer square roots)",
	}
	if IsP(a, b) {
		r.Outcome = "P"
		r.Grundy = new(big.Int)
	}
	for _, m := range WinningMoves(a, b) {
		r.WinningMoves = append(r.WinningMoves, m[0].String()+" "+m[1].String())
	}
	return r
}

func (g instance) Table(ctx context.Context, upto int, opts catalog.Options) (*catalog.Table, error) {
	if upto < 0 || upto > maxWythoffGrid {
		return nil, budget.Exceed(budget.Size, maxWythoffGrid, "a table of %d values: Wythoff tables go up to %d", upto, maxWythoffGrid)
	}
	t := &catalog.Table{Game: "wythoff", Grid: make([][]int64, upto)}
	if upto <= maxWythoffGridSearch && opts.Method != catalog.ClosedForm {
		t.Caption = "Grid[a][b] = the Sprague–Grundy value of heaps (a, b), found by exhaustive search; P marks value 0 (the player to move loses)"
		solver := impartial.New[Pos](Game{}, impartial.Options{MaxStates: opts.MaxStates, Progress: opts.Progress, Memory: opts.Memory})
		for a := range t.Grid {
			// Each query finds most of what it needs in the memo, so the
			// search itself rarely reaches its own check of ctx: check it
			// once a row (at most 256 positions of up to 510 moves).
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			t.Grid[a] = make([]int64, upto)
			for b := range t.Grid[a] {
				v, err := solver.Grundy(ctx, Pos{A: a, B: b})
				if err != nil {
					return nil, err
				}
				t.Grid[a][b] = int64(v)
			}
		}
		return t, nil
	}
	if opts.Method == catalog.Search {
		return nil, budget.Exceed(budget.Size, maxWythoffGridSearch, "a table of %d values: searched Wythoff tables go up to %d", upto, maxWythoffGridSearch)
	}
	t.Caption = "P marks the P-positions (a, b) = (⌊kφ⌋, ⌊kφ²⌋) and mirror images, from Wythoff's closed form; -1 is an N-position"
	for a := range t.Grid {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		t.Grid[a] = make([]int64, upto)
		for b := range t.Grid[a] {
			if !IsP(big.NewInt(int64(a)), big.NewInt(int64(b))) {
				t.Grid[a][b] = -1
			}
		}
	}
	return t, nil
}

// Explore lists the moves of heaps below maxSharedGrid from the shared
// table (grid.go); larger ones, and --method search, by the search
// adapter, each position's own report being Solve's.
func (g instance) Explore(ctx context.Context, tokens []string, opts catalog.Options, maxMoves int) (*catalog.Exploration, error) {
	if opts.Method != catalog.Search {
		if h, err := catalog.ParseInts(tokens, "heap size", 2, 2, maxSharedGrid-1); err == nil {
			return g.exploreByGrid(ctx, h[0], h[1], maxMoves)
		}
	}
	return impartialgame.SearchExplorer[Pos]{Inst: g, Search: g.search(), Board: impartialgame.NumbersAsHeaps}.Explore(ctx, tokens, opts, maxMoves)
}

// SolveCompound solves a compound of positions (solve --compound) by the
// search adapter's remoteness and suspense numbers.
func (g instance) SolveCompound(ctx context.Context, kind compound.Kind, components [][]string, opts catalog.Options) (*catalog.Report, error) {
	return g.search().SolveCompound(ctx, kind, components, opts)
}
