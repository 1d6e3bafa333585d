package moore

import (
	"context"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/impartialgame"
	"github.com/grundy-go/grundy/compound"
	"github.com/grundy-go/grundy/impartial"
	"github.com/grundy-go/grundy/outcome"
)

// The catalog's adapter of Moore's Nim_K: "grundy solve moore:K H…"
// answers by Moore's theorem on heaps of any size, and for small positions
// also by an exhaustive search (Game), for the value, remoteness and every
// winning move; its explorer lists the moves itself (Successors).

func init() {
	catalog.Register(catalog.Entry{
		Name:     "moore",
		Params:   "K",
		Position: "heap sizes, e.g. 3 5 6 (any size)",
		Summary:  "Moore's Nim_K: take any positive numbers of tokens from at least one and at most K heaps at once; taking the last token wins",
		Example:  "solve moore:2 3 5 6",
		Kind:     "impartial",
		Make:     makeInstance,
	})
}

// A search from heaps h visits at most ∏(h_i+1) positions, each with at
// most as many moves as h itself (the elementary symmetric sums
// e_1 + … + e_K of the heaps); the product of the two, the work, decides
// whether Auto also searches (for the value and every winning move) and
// whether --method search is allowed.
const (
	mooreQuickWork  = 300_000
	mooreSearchWork = 30_000_000
	// mooreMaxSearchStates bounds ∏(h+1) for --method search.
	mooreMaxSearchStates = 200_000
	maxMooreK            = 1_000_000
	maxMooreGridSearch   = 64
	maxMooreGrid         = 4096
)

type instance struct {
	k    int
	spec string
}

var (
	_ catalog.Tabler          = (*instance)(nil)
	_ catalog.SuccessorLister = (*instance)(nil)
	_ catalog.Starter         = (*instance)(nil)
)

func makeInstance(params string) (catalog.Instance, error) {
	k, err := strconv.Atoi(params)
	if err != nil || k < 1 || k > maxMooreK {
		return nil, fmt.Errorf("bad K %q: expected the most heaps a move may take from, an integer from 1 to %d (moore:1 is Nim)", params, maxMooreK)
	}
	return &instance{k: k, spec: "moore:" + strconv.Itoa(k)}, nil
}

func (g *instance) Spec() string { return g.spec }

// searchSize returns ∏(h+1), or limit+1 if it exceeds limit.
func searchSize(heaps []*big.Int, limit int) int {
	p := 1
	for _, h := range heaps {
		if !h.IsInt64() || h.Int64() >= int64(limit) {
			return limit + 1
		}
		p *= int(h.Int64()) + 1
		if p > limit {
			return limit + 1
		}
	}
	return p
}

// mooreWork returns ∏(h_i+1) · (e_1 + … + e_K)(h), or limit+1 if that
// is over limit.
func mooreWork(heaps []*big.Int, k int, limit int) int {
	states := searchSize(heaps, limit)
	if states > limit {
		return limit + 1
	}
	// e[j] = the j-th elementary symmetric sum of the heaps so far, capped.
	e := make([]int, k+1)
	e[0] = 1
	for _, h := range heaps {
		x := int(h.Int64())
		for j := k; j >= 1; j-- {
			e[j] = min(e[j]+e[j-1]*x, limit+1)
		}
	}
	moves := 0
	for _, v := range e[1:] {
		moves = min(moves+v, limit+1)
	}
	if moves > 0 && states > limit/moves {
		return limit + 1
	}
	return states * max(moves, 1)
}

func (g *instance) Solve(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	heaps, err := catalog.ParseNaturals(tokens, "heap size", 1, catalog.MaxComponents)
	if err != nil {
		return nil, err
	}
	size := searchSize(heaps, mooreMaxSearchStates)
	if opts.Method == catalog.Search {
		if size > mooreMaxSearchStates || mooreWork(heaps, g.k, mooreSearchWork) > mooreSearchWork {
			return nil, catalog.RefuseMethod(g.spec, catalog.Search, "position %q is too large to search move by move (over %d positions below it, or %d moves in all)", catalog.JoinBig(heaps), mooreMaxSearchStates, mooreSearchWork)
		}
		return g.search(ctx, heaps, opts)
	}
	r := &catalog.Report{
		Game:     g.spec,
		Position: catalog.JoinBig(heaps),
		Outcome:  "N",
		Method:   fmt.Sprintf("closed form: Moore's theorem (P exactly when every binary digit column sums to a multiple of %d)", g.k+1),
	}
	if IsP(heaps, g.k) {
		r.Outcome = "P"
		r.Grundy = new(big.Int)
	}
	if mooreWork(heaps, g.k, mooreQuickWork) <= mooreQuickWork {
		sr, err := g.search(ctx, heaps, opts)
		if err != nil {
			return nil, err
		}
		if sr.Outcome != r.Outcome {
			return nil, fmt.Errorf("internal error: %s %s: Moore's theorem says %s but the search says %s", g.spec, r.Position, r.Outcome, sr.Outcome)
		}
		r.Grundy, r.Remoteness, r.WinningMoves = sr.Grundy, sr.Remoteness, sr.WinningMoves
		r.Notes = append(r.Notes, "the Sprague–Grundy value, remoteness and the list of winning moves come from an exhaustive search ("+sr.Method+")")
		return r, nil
	}
	if m := WinningMove(heaps, g.k); m != nil {
		r.WinningMoves = []string{catalog.JoinBig(m)}
		nonzero := 0
		for _, h := range heaps {
			nonzero += h.Sign()
		}
		// With one non-empty heap the only P-position below is all zeros;
		// otherwise there may be other winning moves.
		if nonzero > 1 {
			r.MovesIncomplete = true
			r.Notes = append(r.Notes, "the winning move shown is the one Moore's proof constructs; the position is too large to list them all")
		}
	}
	if r.Grundy == nil {
		r.Notes = append(r.Notes, "Moore's theorem gives the outcome, not the Sprague–Grundy value; the position is too large to search, so grundy is null")
	}
	return r, nil
}

// search solves small heaps exhaustively, listing every winning move in
// the heaps' given order.
func (g *instance) search(ctx context.Context, heaps []*big.Int, opts catalog.Options) (*catalog.Report, error) {
	hs := make([]int, len(heaps))
	for i, h := range heaps {
		hs[i] = int(h.Int64())
	}
	solver := impartial.New[Key](Game{K: g.k}, impartial.Options{MaxStates: opts.MaxStates, Progress: opts.Progress, Memory: opts.Memory})
	key := MakeKey(hs)
	v, err := solver.Grundy(ctx, key)
	if err != nil {
		return nil, err
	}
	rem, err := solver.Remoteness(ctx, key)
	if err != nil {
		return nil, err
	}
	r := &catalog.Report{
		Game:       g.spec,
		Position:   catalog.JoinInts(hs),
		Outcome:    outcome.FromGrundy(v).String(),
		Grundy:     new(big.Int).SetUint64(v),
		Remoteness: &rem,
	}
	if v != 0 {
		EachMove(hs, g.k, func(next []int) bool {
			var w uint64
			w, err = solver.Grundy(ctx, MakeKey(next))
			if err != nil {
				return false
			}
			if w == 0 {
				r.WinningMoves = append(r.WinningMoves, catalog.JoinInts(next))
			}
			return true
		})
		if err != nil {
			return nil, err
		}
	}
	r.Method = fmt.Sprintf("exhaustive Sprague–Grundy search (%d positions)", solver.States())
	return r, nil
}

// Table gives the two-heap grid of values.
func (g *instance) Table(ctx context.Context, upto int, opts catalog.Options) (*catalog.Table, error) {
	if upto < 0 || upto > maxMooreGrid {
		return nil, budget.Exceed(budget.Size, maxMooreGrid, "a table of %d values: Nim_K tables go up to %d", upto, maxMooreGrid)
	}
	t := &catalog.Table{Game: g.spec, Grid: make([][]int64, upto)}
	if upto <= maxMooreGridSearch && opts.Method != catalog.ClosedForm {
		t.Caption = "two heaps: Grid[a][b] = the Sprague–Grundy value of heaps (a, b), found by exhaustive search; P marks value 0 (the player to move loses)"
		solver := impartial.New[Key](Game{K: g.k}, impartial.Options{MaxStates: opts.MaxStates, Progress: opts.Progress, Memory: opts.Memory})
		for a := range t.Grid {
			t.Grid[a] = make([]int64, upto)
			for b := range t.Grid[a] {
				v, err := solver.Grundy(ctx, MakeKey([]int{a, b}))
				if err != nil {
					return nil, err
				}
				t.Grid[a][b] = int64(v)
			}
		}
		return t, nil
	}
	if opts.Method == catalog.Search {
		return nil, budget.Exceed(budget.Size, maxMooreGridSearch, "a table of %d values: searched Nim_K tables go up to %d", upto, maxMooreGridSearch)
	}
	t.Caption = "two heaps: P marks the P-positions by Moore's theorem; -1 is an N-position"
	for a := range t.Grid {
		t.Grid[a] = make([]int64, upto)
		for b := range t.Grid[a] {
			if !IsP([]*big.Int{big.NewInt(int64(a)), big.NewInt(int64(b))}, g.k) {
				t.Grid[a][b] = -1
			}
		}
	}
	return t, nil
}

// Start is a small position with a move on two heaps at once.
func (g *instance) Start() string { return "3 5 6" }

// Successors lists the moves of Moore's Nim_K (take from one to K heaps at
// once) in moore.EachMove's order. Each position left gets its outcome
// from Moore's theorem, and, when it is small enough to search
// (mooreQuickWork), its Sprague–Grundy value and remoteness from one
// exhaustive search shared by the whole request.
func (g *instance) Successors(ctx context.Context, tokens []string, opts catalog.Options, limit int) (*catalog.SuccessorList, error) {
	report, err := g.Solve(ctx, tokens, opts)
	if err != nil {
		return nil, err
	}
	list := &catalog.SuccessorList{Report: report, Kind: catalog.MovesOutcome, Complete: true}
	heaps, err := catalog.ParseInts(tokens, "heap size", 1, catalog.MaxComponents, impartialgame.MaxExploreHeap)
	if err != nil {
		// Heaps this large have too many moves to list, but Moore's
		// theorem still answers: the report alone, with its winning move.
		list.Complete = false
		list.Board = &catalog.Board{Kind: catalog.BoardText, Text: report.Position}
		report.Notes = append(report.Notes, fmt.Sprintf("the heaps are too large to list every move here (heaps up to %d are)", impartialgame.MaxExploreHeap))
		return list, nil
	}
	strs := make([]string, len(heaps))
	for i, h := range heaps {
		strs[i] = strconv.Itoa(h)
	}
	list.Board = catalog.HeapBoard(strs)
	EachMove(heaps, g.k, func(next []int) bool {
		if len(list.Moves) >= limit {
			list.Complete = false
			return false
		}
		list.Moves = append(list.Moves, catalog.Successor{Position: catalog.JoinInts(next), MoverIndex: -1})
		return true
	})
	solver := impartial.New[Key](Game{K: g.k}, impartial.Options{MaxStates: opts.MaxStates, Memory: opts.Memory})
	list.Solve = func(ctx context.Context, pos string) (*catalog.Report, error) {
		hs, err := catalog.ParseInts(strings.Fields(pos), "heap size", 1, catalog.MaxComponents, impartialgame.MaxExploreHeap)
		if err != nil {
			return nil, err
		}
		bhs := catalog.Bigs(hs)
		r := &catalog.Report{Game: g.spec, Position: catalog.JoinInts(hs), Outcome: "N"}
		if IsP(bhs, g.k) {
			r.Outcome = "P"
		}
		if mooreWork(bhs, g.k, mooreQuickWork) > mooreQuickWork {
			return r, nil
		}
		key := MakeKey(hs)
		v, err := solver.Grundy(ctx, key)
		if err != nil {
			return nil, err
		}
		if got := outcome.FromGrundy(v).String(); got != r.Outcome {
			return nil, fmt.Errorf("internal error: %s %s: Moore's theorem says %s but the search says %s", g.spec, r.Position, r.Outcome, got)
		}
		rem, err := solver.Remoteness(ctx, key)
		if err != nil {
			return nil, err
		}
		r.Grundy = new(big.Int).SetUint64(v)
		if rem != impartial.UnknownRemoteness {
			r.Remoteness = &rem
		}
		return r, nil
	}
	return list, nil
}

// SolveCompound solves a compound of positions (solve --compound) by the
// search adapter's remoteness and suspense numbers.
func (g *instance) SolveCompound(ctx context.Context, kind compound.Kind, components [][]string, opts catalog.Options) (*catalog.Report, error) {
	return g.misereSearch().SolveCompound(ctx, kind, components, opts)
}
