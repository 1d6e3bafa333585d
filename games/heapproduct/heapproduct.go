package heapproduct

import (
	"context"
	"fmt"
	"iter"
	"strings"

	"github.com/grundy-go/grundy/heap"
	"github.com/grundy-go/grundy/nimber"
)

// Pair is a position (m, n).
type Pair struct{ M, N int }

// Product is the acrostic or direct product of two heap rules.
type Product struct {
	R, S   *heap.Rule
	Direct bool
}

// Parse reads "R/S", two heap specs (heap.Parse: tb:CODE, octal:CODE,
// subtract:S, nim, kayles, …).
func Parse(params string, direct bool) (Product, error) {
	r, s, ok := strings.Cut(params, "/")
	if !ok {
		return Product{}, fmt.Errorf("bad product %q: expected two heap games R/S, e.g. nim/tb:4!.0", params)
	}
	rr, err := heap.Parse(r)
	if err != nil {
		return Product{}, fmt.Errorf("the first factor: %w", err)
	}
	sr, err := heap.Parse(s)
	if err != nil {
		return Product{}, fmt.Errorf("the second factor: %w", err)
	}
	return Product{R: rr, S: sr, Direct: direct}, nil
}

// Spec writes the product as the catalog names it.
func (p Product) Spec() string {
	name := "acrostic:"
	if p.Direct {
		name = "direct:"
	}
	return name + p.R.Spec + "/" + p.S.Spec
}

func options(r *heap.Rule, n int) [][]int {
	var out [][]int
	r.EachOption(n, func(h []int) bool {
		out = append(out, append([]int(nil), h...))
		return true
	})
	return out
}

// Options yields, for every move from (m, n), the pairs of the sum it
// leaves (none when it leaves nothing).
func (p Product) Options(x Pair) iter.Seq[[]Pair] {
	return func(yield func([]Pair) bool) {
		ro, so := options(p.R, x.M), options(p.S, x.N)
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
		rv, err := heap.Compute(ctx, p.R, max(rows, 1), mem)
		if err != nil {
			return nil, err
		}
		sv, err := heap.Compute(ctx, p.S, max(cols, 1), mem)
		if err != nil {
			return nil, err
		}
		for m := range rows {
			for n := range cols {
				g[m][n] = nimber.Mul(uint64(rv.At(m)), uint64(sv.At(n)))
			}
		}
		return g, nil
	}
	ropts := make([][][]int, rows)
	for m := range rows {
		ropts[m] = options(p.R, m)
	}
	sopts := make([][][]int, cols)
	for n := range cols {
		sopts[n] = options(p.S, n)
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
