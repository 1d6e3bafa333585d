package coordheap

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/impartialgame"
	"github.com/grundy-go/grundy/compound"
	"github.com/grundy-go/grundy/game"
)

const (
	// maxNumber bounds a position's numbers: the search's positions
	// grow as the square of them.
	maxNumber = 2000
	// maxTable bounds a table's side: filling it costs about n³ moves.
	maxTable = 400
)

func init() {
	const pos = "a,b (two numbers from 0 to 2000; several pairs make a sum), or \"a b\" for one"
	catalog.Register(catalog.Entry{
		Name:     "r-wythoff",
		Params:   "R",
		Position: pos + ": the two heaps",
		Summary:  "Fraenkel's r-Wythoff (CGSuite's GenWythoff(k -> k + R)): take any number from one heap, or k and l from both with |k - l| < R; R = 1 is Wythoff's game",
		Example:  "solve r-wythoff:2 7 10",
		Kind:     "impartial",
		Make: func(p string) (catalog.Instance, error) {
			r, err := strconv.Atoi(p)
			if err != nil || r < 1 || r > maxNumber {
				return nil, fmt.Errorf("bad r-wythoff parameter %q: R is a whole number from 1 to %d (1 is Wythoff's game)", p, maxNumber)
			}
			return newInstance(RWythoff{R: r}), nil
		},
	})
	catalog.Register(catalog.Entry{
		Name:     "gen-wythoff",
		Params:   "A,B",
		Position: pos + ": the two heaps",
		Summary:  "CGSuite's GenWythoff(k -> A*k + B): take any number from one heap, or s and t from both with 1 <= s <= t < A*s + B; gen-wythoff:1,1 is Wythoff's game, gen-wythoff:1,R is r-wythoff:R",
		Example:  "solve gen-wythoff:2,1 7 10",
		Kind:     "impartial",
		Make: func(p string) (catalog.Instance, error) {
			w, err := ParseGenWythoff(p)
			if err != nil {
				return nil, err
			}
			return newInstance(w), nil
		},
	})
	for _, zero := range []bool{false, true} {
		rule := MemRule(zero)
		summary := "Mem (CGSuite's game.heap.Mem): one heap with a memory k, the number the last move took; a move takes at least k"
		if zero {
			summary = "Mem⁰ (CGSuite's GenMem((k, a) -> a != k)): one heap with a memory k, the number the last move took; a move takes any number but k"
		}
		catalog.Register(catalog.Entry{
			Name:     rule.Name,
			Position: pos + ": the heap and its memory",
			Summary:  summary,
			Example:  "solve " + rule.Name + " 10,3",
			Kind:     "impartial",
			Make:     func(string) (catalog.Instance, error) { return newInstance(rule), nil },
		})
	}
	catalog.Register(catalog.Entry{
		Name:     "takeaway",
		Params:   "R",
		Position: pos + ": the heap and its memory",
		Summary:  "Take-Away(R) (CGSuite's game.heap.TakeAway): one heap with a memory k, the number the last move took; a move takes at most R·k (R a whole number or fraction; takeaway:2 is Fibonacci Nim)",
		Example:  "solve takeaway:2 10,3",
		Kind:     "impartial",
		Make: func(p string) (catalog.Instance, error) {
			m, err := TakeAway(p)
			if err != nil {
				return nil, err
			}
			return newInstance(m), nil
		},
	})
}

type instance struct {
	rule   Rule
	search *impartialgame.Searched[Pair]
}

var (
	_ catalog.Tabler         = (*instance)(nil)
	_ catalog.CompoundSolver = (*instance)(nil)
	_ catalog.MisereSolver   = (*instance)(nil)
)

func newInstance(r Rule) *instance {
	return &instance{rule: r, search: &impartialgame.Searched[Pair]{
		Name:   r.Spec(),
		Game:   game.AsSplitting[Pair](Game{r}),
		Parse:  func(t []string) ([]Pair, error) { return ParsePairs(t, maxNumber) },
		Format: Pair.String,
	}}
}

func (in *instance) Spec() string { return in.rule.Spec() }

// Solve searches the sum of the pairs (Sprague–Grundy values, winning
// moves, remoteness).
func (in *instance) Solve(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	return in.search.Solve(ctx, tokens, opts)
}

// SolveMisere searches the sum of the pairs under misère play (the last
// mover loses), a sum searched whole.
func (in *instance) SolveMisere(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	return in.search.SolveMisere(ctx, tokens, opts)
}

// SolveCompound solves a compound of pairs (solve --compound).
func (in *instance) SolveCompound(ctx context.Context, kind compound.Kind, components [][]string, opts catalog.Options) (*catalog.Report, error) {
	return in.search.SolveCompound(ctx, kind, components, opts)
}

// Table gives the grid of the values of (a, b), 0 ≤ a, b < upto.
func (in *instance) Table(ctx context.Context, upto int, opts catalog.Options) (*catalog.Table, error) {
	if upto < 1 || upto > maxTable {
		return nil, budget.Exceed(budget.Size, maxTable, "a table of %d×%d: tables of %s go up to %d×%d", upto, upto, in.rule.Spec(), maxTable, maxTable)
	}
	if err := opts.Memory.Charge(int64(upto)*int64(upto)*4, "the table of "+in.rule.Spec()); err != nil {
		return nil, err
	}
	defer opts.Memory.Release(int64(upto) * int64(upto) * 4)
	g, err := Grid(in.rule, upto, ctx.Err)
	if err != nil {
		return nil, err
	}
	t := &catalog.Table{Game: in.rule.Spec(), Grid: make([][]int64, upto),
		Caption: "G(a, b): the Sprague–Grundy value of the position (a, b), a down and b across; 0 marks a P-position (the player to move loses)"}
	if _, ok := in.rule.(Mem); ok {
		t.Caption = "G(n, k): the Sprague–Grundy value of a heap of n whose last move took k, n down and k across; 0 marks a P-position (the player to move loses)"
	}
	for a, row := range g {
		t.Grid[a] = make([]int64, upto)
		for b, v := range row {
			t.Grid[a][b] = int64(v)
		}
	}
	return t, nil
}

// ParseGenWythoff reads "A,B", the bound f(k) = A·k + B of gen-wythoff.
func ParseGenWythoff(p string) (GenWythoff, error) {
	bad := fmt.Errorf("bad gen-wythoff parameters %q: A,B with the bound f(k) = A*k + B, A a whole number from 0 to %d and B an integer from -%d to %d (1,1 is Wythoff's game)", p, maxNumber, maxNumber, maxNumber)
	as, bs, ok := strings.Cut(p, ",")
	if !ok {
		return GenWythoff{}, bad
	}
	a, err1 := strconv.Atoi(as)
	b, err2 := strconv.Atoi(bs)
	if err1 != nil || err2 != nil || a < 0 || a > maxNumber || b < -maxNumber || b > maxNumber {
		return GenWythoff{}, bad
	}
	return GenWythoff{A: a, B: b}, nil
}
