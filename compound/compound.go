package compound

import (
	"context"
	"iter"
	"math"
	"math/big"
	"slices"
)

// Result is a compound's answer, from its components' numbers.
type Result struct {
	Kind Kind
	// Components are the numbers of each component, in order.
	Components []Numbers
	// Lost is true when the player to move loses (a P-position).
	Lost bool
	// Number is the compound's own number: for a conjunctive compound its
	// remoteness (the least of the components'), for a continued one its
	// suspense (the greatest of the components'); -1 for a selective one.
	Number int
}

// Solve returns the outcome and numbers of the compound of kind whose
// components are comps.
func (s *Solver[P]) Solve(ctx context.Context, kind Kind, comps []P) (*Result, error) {
	r := &Result{Kind: kind, Components: make([]Numbers, len(comps)), Number: -1}
	for i, c := range comps {
		n, err := s.Numbers(ctx, c)
		if err != nil {
			return nil, err
		}
		r.Components[i] = n
	}
	switch kind {
	case Conjunctive:
		// Over as soon as one component is: the least remoteness decides.
		r.Number = math.MaxInt
		for _, n := range r.Components {
			r.Number = min(r.Number, n.Remoteness)
		}
		if len(comps) == 0 {
			r.Number = 0
		}
		r.Lost = r.Number%2 == 0
	case Continued:
		// Over when all are: the greatest suspense decides.
		r.Number = 0
		for _, n := range r.Components {
			r.Number = max(r.Number, n.Suspense)
		}
		r.Lost = r.Number%2 == 0
	case Selective:
		r.Lost = true
		for _, n := range r.Components {
			r.Lost = r.Lost && n.Remoteness%2 == 0
		}
	}
	return r, nil
}

// Winning returns the winning moves of the compound of kind whose
// components are comps: every move (a tuple of the components' positions
// after it) that leaves a P-position, in lexicographic order of the
// components' options in the game's order, and their number. moves
// yields a slice that is valid only during the call to yield. Every tuple
// built is a winning move, so listing the first few costs little even
// when there are very many.
func (s *Solver[P]) Winning(ctx context.Context, kind Kind, comps []P) (moves iter.Seq[[]P], count *big.Int, err error) {
	opts := make([][]P, len(comps))
	nums := make([][]Numbers, len(comps))
	for i, c := range comps {
		if opts[i], nums[i], err = s.Options(ctx, c); err != nil {
			return nil, nil, err
		}
	}
	var (
		active []int   // the components a move changes
		vals   [][]int // the numbers of their options, by option
		comb   func(a, b int) int
		ident  int
		keep   [][]bool // for Selective: which options may be chosen
	)
	switch kind {
	case Conjunctive:
		for i := range comps {
			if len(opts[i]) == 0 {
				return func(func([]P) bool) {}, new(big.Int), nil // over
			}
			active = append(active, i)
		}
		comb, ident = func(a, b int) int { return min(a, b) }, math.MaxInt
	case Continued:
		for i := range comps {
			if len(opts[i]) > 0 {
				active = append(active, i)
			}
		}
		comb, ident = func(a, b int) int { return max(a, b) }, -1
	case Selective:
		// Every N-component moves to a P-position; P-components stay.
		for i, c := range comps {
			if n, _ := s.Numbers(ctx, c); n.Remoteness%2 == 1 {
				active = append(active, i)
			}
		}
		comb, ident = func(a, b int) int { return 0 }, 0
		keep = make([][]bool, len(active))
		for j, i := range active {
			keep[j] = make([]bool, len(opts[i]))
			for k, n := range nums[i] {
				keep[j][k] = n.Remoteness%2 == 0
			}
		}
	}
	if len(active) == 0 {
		return func(func([]P) bool) {}, new(big.Int), nil
	}
	vals = make([][]int, len(active))
	for j, i := range active {
		vals[j] = make([]int, len(opts[i]))
		for k, n := range nums[i] {
			switch kind {
			case Conjunctive:
				vals[j][k] = n.Remoteness
			case Continued:
				vals[j][k] = n.Suspense
			case Selective:
				if !keep[j][k] {
					vals[j][k] = -1 // never chosen
				}
			}
		}
	}
	allowed := func(j, k int) bool { return vals[j][k] >= 0 }
	// reach[j] is the set of values the options of active[j:] can combine
	// to (ident for none), so that a prefix is extended only when some
	// completion wins.
	reach := make([][]int, len(active)+1)
	reach[len(active)] = []int{ident}
	for j := len(active) - 1; j >= 0; j-- {
		var set []int
		for k, v := range vals[j] {
			if !allowed(j, k) {
				continue
			}
			for _, x := range reach[j+1] {
				set = append(set, comb(v, x))
			}
		}
		slices.Sort(set)
		reach[j] = slices.Compact(set)
	}
	feasible := func(acc, j int) bool {
		for _, x := range reach[j] {
			if comb(acc, x)%2 == 0 {
				return true
			}
		}
		return false
	}
	count = countWinning(kind, vals)
	moves = func(yield func([]P) bool) {
		if !feasible(ident, 0) {
			return
		}
		cur := slices.Clone(comps)
		steps := 0
		var rec func(j, acc int) bool
		rec = func(j, acc int) bool {
			if j == len(active) {
				return yield(cur)
			}
			i := active[j]
			for k, q := range opts[i] {
				if !allowed(j, k) {
					continue
				}
				if steps++; steps&1023 == 0 && ctx.Err() != nil {
					return false
				}
				a := comb(acc, vals[j][k])
				if !feasible(a, j+1) {
					continue
				}
				cur[i] = q
				if !rec(j+1, a) {
					return false
				}
			}
			cur[i] = comps[i]
			return true
		}
		rec(0, ident)
	}
	return moves, count, nil
}

// countWinning counts the winning tuples from the options' numbers alone.
func countWinning(kind Kind, vals [][]int) *big.Int {
	total := new(big.Int)
	if kind == Selective {
		total.SetInt64(1)
		for _, vs := range vals {
			c := 0
			for _, v := range vs {
				if v >= 0 {
					c++
				}
			}
			total.Mul(total, big.NewInt(int64(c)))
		}
		return total
	}
	var all []int
	for _, vs := range vals {
		all = append(all, vs...)
	}
	slices.Sort(all)
	all = slices.Compact(all)
	// atLeast(m): the tuples whose every entry is ≥ m (Conjunctive: min ≥
	// m); atMost(m): every entry ≤ m (Continued: max ≤ m).
	prod := func(in func(v int) bool) *big.Int {
		p := big.NewInt(1)
		for _, vs := range vals {
			c := 0
			for _, v := range vs {
				if in(v) {
					c++
				}
			}
			p.Mul(p, big.NewInt(int64(c)))
		}
		return p
	}
	for _, m := range all {
		if m%2 != 0 {
			continue
		}
		var exact *big.Int
		if kind == Conjunctive {
			exact = new(big.Int).Sub(prod(func(v int) bool { return v >= m }), prod(func(v int) bool { return v > m }))
		} else {
			exact = new(big.Int).Sub(prod(func(v int) bool { return v <= m }), prod(func(v int) bool { return v < m }))
		}
		total.Add(total, exact)
	}
	return total
}
