package heapproduct

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math/big"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/impartialgame"
	"github.com/grundy-go/grundy/compound"
	"github.com/grundy-go/grundy/heap"
)

// maxCoord bounds a position's numbers and a table's side: the acrostic
// table costs rows·cols·(options of a heap), the direct product's winning
// moves pair every option of m with every option of n.
const maxCoord = 256

func init() {
	const pos = "m,n (two numbers from 0 to 256; several pairs make a sum), or \"m n\" for one"
	for _, direct := range []bool{false, true} {
		name, summary, example := "acrostic", "acrostic product of two heap games (CGSuite's AcrosticProduct; Winning Ways ch. 14): a move plays the first game on m or the second on n, each heap left a position of its own", "solve acrostic:nim/tb:4!.0 5,9"
		if direct {
			name, summary, example = "direct", "direct product of two heap games (CGSuite's DirectProduct): a move plays both at once and leaves (a_i,n), (m,b_j) and (a_i,b_j) for all i, j; worth the nim product of the factors' values (Tartan Theorem)", "solve direct:nim/octal:0.77 5,9"
		}
		catalog.Register(catalog.Entry{
			Name:     name,
			Params:   "R/S",
			Position: pos,
			Summary:  summary + "; R and S are heap specs (tb:CODE, octal:CODE, subtract:S, nim, kayles, …) or turning:CODE, a coin-turning code's heap form",
			Example:  example,
			Kind:     "impartial",
			Make: func(p string) (catalog.Instance, error) {
				pr, err := Parse(p, direct)
				if err != nil {
					return nil, err
				}
				return &instance{p: pr}, nil
			},
		})
	}
}

type instance struct{ p Product }

var (
	_ catalog.Tabler         = (*instance)(nil)
	_ catalog.NoMisere       = (*instance)(nil)
	_ catalog.CompoundSolver = (*instance)(nil)
)

// splitting is the product as a game of the generic search: a move
// leaves a sum of pairs (the empty sum as the pair 0,0, which has no
// move in either product).
type splitting struct{ p Product }

func (s splitting) Options(x Pair) iter.Seq[[]Pair] {
	return func(yield func([]Pair) bool) {
		for o := range s.p.Options(x) {
			if len(o) == 0 {
				o = []Pair{{0, 0}}
			}
			if !yield(o) {
				return
			}
		}
	}
}

// search is the generic search of the product's sums: compounds, which
// values do not decide.
func (in *instance) search() *impartialgame.Searched[Pair] {
	return &impartialgame.Searched[Pair]{
		Name:   in.Spec(),
		Game:   splitting{in.p},
		Parse:  parsePairs,
		Format: func(p Pair) string { return fmt.Sprintf("%d,%d", p.M, p.N) },
	}
}

// NoMisere: a product's moves leave sums of many pairs, and misère play
// has no nim-sum to add them by, so its search runs past any limit on
// the examples' positions (acrostic:nim/tb:4!.0 5,9 ran for more than
// ten minutes): not offered.
func (in *instance) NoMisere() string {
	return "misère play of a product is not offered: its moves leave sums of many pairs, which the whole-sum search of misère play cannot hold"
}

// SolveCompound solves a compound of pairs (solve --compound).
func (in *instance) SolveCompound(ctx context.Context, kind compound.Kind, components [][]string, opts catalog.Options) (*catalog.Report, error) {
	return in.search().SolveCompound(ctx, kind, components, opts)
}

func (in *instance) Spec() string { return in.p.Spec() }

func parsePairs(tokens []string) ([]Pair, error) {
	var fields []string
	for _, t := range tokens {
		fields = append(fields, strings.Fields(t)...)
	}
	if len(fields) == 2 && !strings.Contains(fields[0], ",") && !strings.Contains(fields[1], ",") {
		fields = []string{fields[0] + "," + fields[1]}
	}
	if len(fields) == 0 {
		return nil, fmt.Errorf("no position: write m,n (e.g. 5,9), several for a sum")
	}
	var out []Pair
	for _, f := range fields {
		x, y, ok := strings.Cut(f, ",")
		m, err1 := strconv.Atoi(x)
		n, err2 := strconv.Atoi(y)
		if !ok || err1 != nil || err2 != nil || m < 0 || n < 0 || m > maxCoord || n > maxCoord {
			return nil, fmt.Errorf("bad position %q: expected m,n, two whole numbers from 0 to %d", f, maxCoord)
		}
		out = append(out, Pair{m, n})
	}
	return out, nil
}

func format(ps []Pair) string {
	s := make([]string, len(ps))
	for i, p := range ps {
		s[i] = fmt.Sprintf("%d,%d", p.M, p.N)
	}
	return strings.Join(s, " ")
}

// Solve values the sum as the nim-sum of its pairs' values from the
// table, and lists the moves that make it 0.
func (in *instance) Solve(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	pairs, err := parsePairs(tokens)
	if err != nil {
		return nil, err
	}
	rows, cols := 1, 1
	for _, p := range pairs {
		rows, cols = max(rows, p.M+1), max(cols, p.N+1)
	}
	g, err := in.p.Grid(ctx, rows, cols, heap.Options{Memory: opts.Memory})
	if err != nil {
		return nil, err
	}
	var x uint64
	for _, p := range pairs {
		x ^= g[p.M][p.N]
	}
	method := "the nim-sum of the pairs' values, each the mex of its options in a table filled in order"
	if in.p.Direct {
		method = "the nim-sum of the pairs' values, each the nim product of the factors' heap values (Tartan Theorem, Winning Ways ch. 14)"
	}
	r := &catalog.Report{Game: in.Spec(), Position: format(pairs), Grundy: new(big.Int).SetUint64(x),
		Outcome: catalog.OutcomeOfValue(new(big.Int).SetUint64(x)), Method: method}
	if x == 0 {
		return r, nil
	}
	var distinct catalog.MoveSet
	for i, p := range pairs {
		_, err1 := in.p.R.Options(p.M)
		_, err2 := in.p.S.Options(p.N)
		if err := errors.Join(err1, err2); err != nil {
			// The value stands (the Tartan Theorem needs no options);
			// the moves of this pair are too many to list.
			r.MovesIncomplete = true
			r.Notes = append(r.Notes, "winning moves not listed for "+fmt.Sprintf("%d,%d", p.M, p.N)+": "+err.Error())
			continue
		}
		for left := range in.p.Options(p) {
			var y uint64
			for _, q := range left {
				y ^= g[q.M][q.N]
			}
			if y != g[p.M][p.N]^x {
				continue
			}
			texts := make([]string, len(left))
			for j, q := range left {
				texts[j] = fmt.Sprintf("%d,%d", q.M, q.N)
			}
			if !distinct.Add(fmt.Sprintf("%d,%d", p.M, p.N), texts...) {
				continue
			}
			next := append(append(append([]Pair(nil), pairs[:i]...), left...), pairs[i+1:]...)
			text := format(next)
			if len(next) == 0 {
				text = "0,0"
			}
			r.WinningMoves = append(r.WinningMoves, text)
		}
	}
	return r, nil
}

// Table gives the grid of the values of (m, n), 0 ≤ m, n < upto.
func (in *instance) Table(ctx context.Context, upto int, opts catalog.Options) (*catalog.Table, error) {
	if upto < 1 || upto > maxCoord+1 {
		return nil, budget.Exceed(budget.Size, maxCoord+1, "a table of %d×%d: tables of %s go up to %d×%d", upto, upto, in.Spec(), maxCoord+1, maxCoord+1)
	}
	g, err := in.p.Grid(ctx, upto, upto, heap.Options{Memory: opts.Memory})
	if err != nil {
		return nil, err
	}
	t := &catalog.Table{Game: in.Spec(), Grid: make([][]int64, upto),
		Caption: "G(m, n): the Sprague–Grundy value of the position (m, n), m down and n across; 0 marks a P-position (the player to move loses)"}
	for m, row := range g {
		t.Grid[m] = make([]int64, upto)
		for n, v := range row {
			t.Grid[m][n] = int64(v)
		}
	}
	return t, nil
}
