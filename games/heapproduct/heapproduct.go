package heapproduct

import (
	"context"
	"fmt"
	"iter"
	"strings"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/games/turning"
	"github.com/grundy-go/grundy/heap"
	"github.com/grundy-go/grundy/nimber"
)

// Pair is a position (m, n).
type Pair struct{ M, N int }

// Factor is a heap ruleset a product is made of: its options (the heaps
// each move from a heap of n leaves, all smaller than n) and its values.
type Factor interface {
	Spec() string
	Options(n int) ([][]int, error)
	Values(ctx context.Context, upto int, opts heap.Options) ([]uint64, error)
}

// maxOptions bounds the options of one heap a product lists: a code that
// leaves any number of heaps (tb:0.*) or turns any set of coins
// (turning:1+) has exponentially many.
const maxOptions = 1 << 18

func tooMany(spec string, n int) error {
	return budget.Exceed(budget.Size, maxOptions, "%s has more than %d options from the heap %d; products with it are valued on smaller heaps", spec, maxOptions, n)
}

// heapFactor is a heap game of package heap.
type heapFactor struct{ r *heap.Rule }

func (f heapFactor) Spec() string { return f.r.Spec }

func (f heapFactor) Options(n int) ([][]int, error) {
	var out [][]int
	f.r.EachOption(n, func(h []int) bool {
		out = append(out, append([]int(nil), h...))
		return len(out) <= maxOptions
	})
	if len(out) > maxOptions {
		return nil, tooMany(f.r.Spec, n)
	}
	return out, nil
}

func (f heapFactor) Values(ctx context.Context, upto int, opts heap.Options) ([]uint64, error) {
	v, err := heap.Compute(ctx, f.r, upto, opts)
	if err != nil {
		return nil, err
	}
	return v.Uint64s(), nil
}

// turningFactor is a coin-turning code in its heap form (CGSuite's
// Spawning): a move from the heap c leaves the heaps of the other coins
// it turns.
type turningFactor struct {
	spec string
	r    turning.Rule
}

func (f turningFactor) Spec() string { return f.spec }

func (f turningFactor) Options(n int) ([][]int, error) {
	var out [][]int
	if n == 0 {
		return nil, nil
	}
	f.r.EachSet(n, func(s []int) bool {
		out = append(out, s)
		return len(out) <= maxOptions
	})
	if len(out) > maxOptions {
		return nil, tooMany(f.spec, n)
	}
	return out, nil
}

func (f turningFactor) Values(ctx context.Context, upto int, _ heap.Options) ([]uint64, error) {
	v := turning.NewValues(f.r)
	if err := v.Extend(ctx, upto-1); err != nil {
		return nil, err
	}
	out := make([]uint64, upto)
	for c := 1; c < upto; c++ {
		out[c] = v.G(c)
	}
	return out, nil
}

// parseFactor reads a factor: turning:CODE (a turning code's heap form)
// or any heap spec.
func parseFactor(s string) (Factor, error) {
	if code, ok := strings.CutPrefix(s, "turning:"); ok {
		r, err := turning.ParseRule(code)
		if err != nil {
			return nil, err
		}
		return turningFactor{"turning:" + r.String(), r}, nil
	}
	r, err := heap.Parse(s)
	if err != nil {
		return nil, err
	}
	return heapFactor{r}, nil
}

// Product is the acrostic or direct product of two heap rulesets.
type Product struct {
	R, S   Factor
	Direct bool
}

// Parse reads "R/S", two factors: heap specs (heap.Parse: tb:CODE,
// octal:CODE, subtract:S, nim, kayles, …) or turning:CODE.
func Parse(params string, direct bool) (Product, error) {
	r, s, ok := strings.Cut(params, "/")
	if !ok {
		return Product{}, fmt.Errorf("bad product %q: expected two heap games R/S, e.g. nim/tb:4!.0", params)
	}
	rf, err := parseFactor(r)
	if err != nil {
		return Product{}, fmt.Errorf("the first factor: %w", err)
	}
	sf, err := parseFactor(s)
	if err != nil {
		return Product{}, fmt.Errorf("the second factor: %w", err)
	}
	return Product{R: rf, S: sf, Direct: direct}, nil
}

// Spec writes the product as the catalog names it.
func (p Product) Spec() string {
	name := "acrostic:"
	if p.Direct {
		name = "direct:"
	}
	return name + p.R.Spec() + "/" + p.S.Spec()
}

// Options yields, for every move from (m, n), the pairs of the sum it
// leaves (none when it leaves nothing); a factor with too many options
// yields none (Grid, which every path asks first, reports it).
func (p Product) Options(x Pair) iter.Seq[[]Pair] {
	return func(yield func([]Pair) bool) {
		ro, err1 := p.R.Options(x.M)
		so, err2 := p.S.Options(x.N)
		if err1 != nil || err2 != nil {
			return
		}
		if !p.Direct {
			for _, o := range ro {
				var out []Pair
				for _, a := range o {
					out = append(out, Pair{a, x.N})
				}
				if !yield(out) {
					return
				}
			}
			for _, o := range so {
				var out []Pair
				for _, b := range o {
					out = append(out, Pair{x.M, b})
				}
				if !yield(out) {
					return
				}
			}
			return
		}
		for _, a := range ro {
			for _, b := range so {
				var out []Pair
				for _, ai := range a {
					out = append(out, Pair{ai, x.N})
				}
				for _, bj := range b {
					out = append(out, Pair{x.M, bj})
				}
				for _, ai := range a {
					for _, bj := range b {
						out = append(out, Pair{ai, bj})
					}
				}
				if !yield(out) {
					return
				}
			}
		}
	}
}

// Grid returns the values of (m, n) for 0 ≤ m < rows, 0 ≤ n < cols: the
// acrostic product by a table filled in order, the direct product by the
// Tartan Theorem (the nim product of the factors' values).
func (p Product) Grid(ctx context.Context, rows, cols int, mem heap.Options) ([][]uint64, error) {
	g := make([][]uint64, rows)
	for m := range g {
		g[m] = make([]uint64, cols)
	}
	if p.Direct {
		rv, err := p.R.Values(ctx, max(rows, 1), mem)
		if err != nil {
			return nil, err
		}
		sv, err := p.S.Values(ctx, max(cols, 1), mem)
		if err != nil {
			return nil, err
		}
		for m := range rows {
			for n := range cols {
				g[m][n] = nimber.Mul(rv[m], sv[n])
			}
		}
		return g, nil
	}
	ropts := make([][][]int, rows)
	var err error
	for m := range rows {
		if ropts[m], err = p.R.Options(m); err != nil {
			return nil, err
		}
	}
	sopts := make([][][]int, cols)
	for n := range cols {
		if sopts[n], err = p.S.Options(n); err != nil {
			return nil, err
		}
	}
	var seen []bool
	for m := range rows {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for n := range cols {
			seen = seen[:0]
			mark := func(v uint64) {
				for int(v) >= len(seen) {
					seen = append(seen, false)
				}
				seen[v] = true
			}
			for _, o := range ropts[m] {
				var x uint64
				for _, a := range o {
					x ^= g[a][n]
				}
				mark(x)
			}
			for _, o := range sopts[n] {
				var x uint64
				for _, b := range o {
					x ^= g[m][b]
				}
				mark(x)
			}
			v := uint64(0)
			for int(v) < len(seen) && seen[v] {
				v++
			}
			g[m][n] = v
		}
	}
	return g, nil
}
