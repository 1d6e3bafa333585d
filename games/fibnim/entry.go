package fibnim

import (
	"context"
	"fmt"
	"math/big"
	"slices"
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
		Aliases:  []string{"fibnim"},
		Position: `"N" (the start: N tokens, the first move takes 1..N-1), or "N L" (N tokens, at most L may be taken now); N up to 1000 digits; a sum joins heaps with "+" ("10 + 20 7"), and three or more bare numbers are heaps at their start ("10 20 30")`,
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

// parseSum splits a position into its heaps: parts joined by "+", each
// "N" or "N L"; or, with three or more numbers and no "+", each number a
// heap at its start (two numbers are one heap "N L").
func (g instance) parseSum(tokens []string) ([][]string, error) {
	f := catalog.Fields(tokens)
	var parts [][]string
	cur := []string{}
	plus := false
	for _, x := range f {
		for x != "" {
			before, after, found := strings.Cut(x, "+")
			if before != "" {
				cur = append(cur, before)
			}
			if !found {
				break
			}
			plus = true
			if len(cur) == 0 {
				return nil, fmt.Errorf("bad sum %q: an empty heap before or after '+'", strings.Join(tokens, " "))
			}
			parts, cur = append(parts, cur), []string{}
			x = after
		}
	}
	if plus && len(cur) == 0 {
		return nil, fmt.Errorf("bad sum %q: an empty heap before or after '+'", strings.Join(tokens, " "))
	}
	parts = append(parts, cur)
	if !plus && len(cur) >= 3 {
		parts = parts[:0]
		for _, x := range cur {
			parts = append(parts, []string{x})
		}
	}
	if len(parts) > catalog.MaxComponents {
		return nil, fmt.Errorf("a sum of %d heaps is too many: at most %d", len(parts), catalog.MaxComponents)
	}
	return parts, nil
}

func (g instance) search() *impartialgame.Searched[Pos] {
	return &impartialgame.Searched[Pos]{
		Name: "fibonacci-nim",
		Game: game.AsSplitting[Pos](Game{}),
		Parse: func(tokens []string) ([]Pos, error) {
			parts, err := g.parseSum(tokens)
			if err != nil {
				return nil, err
			}
			var out []Pos
			for _, part := range parts {
				n, l, err := g.parse(part)
				if err != nil {
					return nil, err
				}
				if !n.IsInt64() || n.Int64() > maxFibnimSearch {
					return nil, fmt.Errorf("bad number %s: at most %d tokens are supported by the search", n, maxFibnimSearch)
				}
				out = append(out, Canon(int(n.Int64()), int(l.Int64())))
			}
			return out, nil
		},
		Format: func(p Pos) string { return fmt.Sprintf("%d %d", p.N, p.L) },
		Sep:    " + ",
	}
}

func (g instance) Solve(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	if opts.Method == catalog.Search {
		return g.search().Solve(ctx, tokens, opts)
	}
	parts, err := g.parseSum(tokens)
	if err != nil {
		return nil, err
	}
	if len(parts) > 1 {
		return g.solveSum(ctx, parts, opts)
	}
	n, l, err := g.parse(parts[0])
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
	if n.IsInt64() && n.Int64() <= int64(tableMax(opts)) {
		p := Canon(int(n.Int64()), int(l.Int64()))
		t, err := NewTable(ctx, p.N, opts.Memory)
		if err != nil {
			return nil, err
		}
		defer opts.Memory.Release(TableBytes(p.N))
		v, rem := t.Value(p)
		if (v == 0) != (r.Outcome == "P") {
			return nil, fmt.Errorf("internal error: fibonacci-nim %s: Whinihan's theorem says %s but the table's value is %d", r.Position, r.Outcome, v)
		}
		r.Grundy, r.Remoteness = new(big.Int).SetUint64(v), &rem
		r.Notes = append(r.Notes, fmt.Sprintf("the Sprague–Grundy value and remoteness come from the table of every position with at most %d tokens, computed row by row (no closed form for the values is known; Larsson and Rubinstein-Salzedo 2016 describe those up to 3)", p.N))
	} else if r.Grundy == nil {
		r.Notes = append(r.Notes, fmt.Sprintf("Whinihan's theorem gives the outcome, not the Sprague–Grundy value, which has no known closed form; heaps up to %d tokens are tabulated (raise --max-states for more), so grundy is null", tableMax(opts)))
	}
	return r, nil
}

// tableMax is the largest heap whose table of positions stays within the
// state cap.
func tableMax(opts catalog.Options) int {
	limit := int64(catalog.StateCap(opts))
	n := 0
	for int64(n+2)*int64(n+3)/2 <= limit && n < 1<<15 {
		n++
	}
	return n
}

// solveSum answers a sum of heaps from the table: the nim-sum of their
// values (Sprague–Grundy theorem), and every move in one heap to a value
// that makes it 0; the remoteness by a search of the sum, when small.
func (g instance) solveSum(ctx context.Context, parts [][]string, opts catalog.Options) (*catalog.Report, error) {
	comps := make([]Pos, len(parts))
	most := 0
	for i, part := range parts {
		n, l, err := g.parse(part)
		if err != nil {
			return nil, err
		}
		if !n.IsInt64() || n.Int64() > int64(tableMax(opts)) {
			return nil, fmt.Errorf("heap %s of the sum is too large: a sum needs each heap's Sprague–Grundy value, which has no known closed form and is tabulated up to %d tokens (raise --max-states for more)", n, tableMax(opts))
		}
		comps[i] = Canon(int(n.Int64()), int(l.Int64()))
		most = max(most, comps[i].N)
	}
	t, err := NewTable(ctx, most, opts.Memory)
	if err != nil {
		return nil, err
	}
	defer opts.Memory.Release(TableBytes(most))
	s := g.search()
	x := uint64(0)
	for _, c := range comps {
		v, _ := t.Value(c)
		x ^= v
	}
	r := &catalog.Report{
		Game:     "fibonacci-nim",
		Position: s.FormatSum(comps),
		Outcome:  "P",
		Grundy:   new(big.Int).SetUint64(x),
		Method:   fmt.Sprintf("the nim-sum of the heaps' Sprague–Grundy values (Sprague–Grundy theorem), from the table of every position with at most %d tokens", most),
	}
	var moves []string
	var distinct catalog.MoveSet
	if x != 0 {
		r.Outcome = "N"
		for i, c := range comps {
			v, _ := t.Value(c)
			for q := range (Game{}).Moves(c) {
				if w, _ := t.Value(q); w == v^x && distinct.Add(s.Format(c), s.Format(q)) {
					next := slices.Clone(comps)
					next[i] = q
					moves = append(moves, s.FormatSum(next))
				}
			}
		}
	}
	r.AddMoves(len(moves), func(i int) string { return moves[i] })
	if r.Remoteness, err = impartialgame.SumRemoteness(ctx, s.Game, s.Format, comps, opts.Memory); err != nil {
		return nil, err
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
