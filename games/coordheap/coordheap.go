package coordheap

import (
	"fmt"
	"iter"
	"math/big"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/game"
)

// Pair is a position (a, b): two heaps, or a heap and its memory.
type Pair struct{ A, B int }

// String writes "a,b".
func (p Pair) String() string { return strconv.Itoa(p.A) + "," + strconv.Itoa(p.B) }

// Rule is one of the package's rulesets: its moves from a pair.
type Rule interface {
	Moves(p Pair) iter.Seq[Pair]
	Spec() string
}

// RWythoff is Fraenkel's r-Wythoff: take any positive number from one
// heap, or k from one and l from the other with k, l ≥ 1 and |k − l| < R
// (CGSuite's GenWythoff with the bound f(k) = k + R: 0 < k ≤ l < f(k)).
type RWythoff struct{ R int }

func (w RWythoff) Spec() string { return "r-wythoff:" + strconv.Itoa(w.R) }

// Moves yields every pair a move leaves.
func (w RWythoff) Moves(p Pair) iter.Seq[Pair] {
	return func(yield func(Pair) bool) {
		for i := 1; i <= p.A; i++ {
			if !yield(Pair{p.A - i, p.B}) {
				return
			}
		}
		for j := 1; j <= p.B; j++ {
			if !yield(Pair{p.A, p.B - j}) {
				return
			}
		}
		// k from the first, l from the second, both ≥ 1, |k − l| < R.
		for k := 1; k <= p.A; k++ {
			for l := max(1, k-w.R+1); l <= p.B && l < k+w.R; l++ {
				if !yield(Pair{p.A - k, p.B - l}) {
					return
				}
			}
		}
	}
}

// GenWythoff is CGSuite's GenWythoff(f) for the linear Fraenkel–Tanny
// bound f(k) = A·k + B: take any positive number from one heap, or s
// from one heap and t ≥ s from the other, s ≥ 1, when t < f(s). A = 1
// is r-Wythoff with R = B (Wythoff's game for B = 1); A = 0 bounds the
// larger take by B alone.
type GenWythoff struct{ A, B int }

func (w GenWythoff) Spec() string {
	return "gen-wythoff:" + strconv.Itoa(w.A) + "," + strconv.Itoa(w.B)
}

// bound is f(s), the larger take's strict upper bound (A, B and the
// heaps are at most a few thousand, so A·s + B is far from overflow).
func (w GenWythoff) bound(s int) int { return w.A*s + w.B }

// Moves yields every pair a move leaves, once each.
func (w GenWythoff) Moves(p Pair) iter.Seq[Pair] {
	return func(yield func(Pair) bool) {
		for i := 1; i <= p.A; i++ {
			if !yield(Pair{p.A - i, p.B}) {
				return
			}
		}
		for j := 1; j <= p.B; j++ {
			if !yield(Pair{p.A, p.B - j}) {
				return
			}
		}
		// The smaller take s from the first heap, t ≥ s from the second;
		// then s from the second and t > s from the first.
		for s := 1; s <= min(p.A, p.B); s++ {
			for t := s; t <= p.B && t < w.bound(s); t++ {
				if !yield(Pair{p.A - s, p.B - t}) {
					return
				}
			}
			for t := s + 1; t <= p.A && t < w.bound(s); t++ {
				if !yield(Pair{p.A - t, p.B - s}) {
					return
				}
			}
		}
	}
}

// Mem is CGSuite's GenMem: from (n, k) take a tokens, 1 ≤ a ≤ n, when
// Allows(k, a), leaving (n − a, a).
type Mem struct {
	Name string
	// Allows says whether a move may take a after one that took k.
	Allows func(k, a int) bool
}

func (m Mem) Spec() string { return m.Name }

// Moves yields every pair a move leaves.
func (m Mem) Moves(p Pair) iter.Seq[Pair] {
	return func(yield func(Pair) bool) {
		for a := 1; a <= p.A; a++ {
			if m.Allows(p.B, a) && !yield(Pair{p.A - a, a}) {
				return
			}
		}
	}
}

// MemRule returns Mem (a ≥ k) or Mem⁰ (a ≠ k).
func MemRule(zero bool) Mem {
	if zero {
		return Mem{Name: "mem0", Allows: func(k, a int) bool { return a != k }}
	}
	return Mem{Name: "mem", Allows: func(k, a int) bool { return a >= k }}
}

// TakeAway returns Take-Away(R) for R = p/q written "P" or "P/Q": a ≤ R·k.
func TakeAway(r string) (Mem, error) {
	x, ok := new(big.Rat).SetString(r)
	if !ok || x.Sign() <= 0 || strings.ContainsAny(r, "eE.") || len(r) > 20 {
		return Mem{}, fmt.Errorf("bad ratio %q for takeaway: expected a positive whole number or fraction, like 2 or 3/2", r)
	}
	if !x.Num().IsInt64() || !x.Denom().IsInt64() || x.Num().Int64() > 1<<20 || x.Denom().Int64() > 1<<20 {
		return Mem{}, fmt.Errorf("bad ratio %q for takeaway: numerator and denominator up to 2^20", r)
	}
	p, q := x.Num().Int64(), x.Denom().Int64()
	return Mem{Name: "takeaway:" + x.RatString(), Allows: func(k, a int) bool { return int64(a)*q <= p*int64(k) }}, nil
}

// Game is a Rule as a game for the generic search.
type Game struct{ Rule Rule }

var _ game.Game[Pair] = Game{}

// Moves yields the rule's moves.
func (g Game) Moves(p Pair) iter.Seq[Pair] { return g.Rule.Moves(p) }

// Grid returns the values of the pairs (a, b), 0 ≤ a, b < n, filled in
// order: every move lowers a (Mem: the heap) or a + b (Wythoff), so each
// value reads values known already. check is called every row, and stops
// the fill when it returns an error.
func Grid(r Rule, n int, check func() error) ([][]uint32, error) {
	// A memory larger than the heap can matter (Take-Away(R)·k past n),
	// so the pairs a move reaches stay within the grid: a heap below n
	// and a memory at most the heap's tokens taken, below n too.
	g := make([][]uint32, n)
	for a := range g {
		g[a] = make([]uint32, n)
	}
	var seen []bool
	order := func(yield func(Pair) bool) {
		if _, ok := r.(RWythoff); ok {
			for s := 0; s <= 2*(n-1); s++ {
				for a := max(0, s-n+1); a <= min(s, n-1); a++ {
					if !yield(Pair{a, s - a}) {
						return
					}
				}
			}
			return
		}
		for a := 0; a < n; a++ {
			for b := 0; b < n; b++ {
				if !yield(Pair{a, b}) {
					return
				}
			}
		}
	}
	var err error
	row := -1
	for p := range order {
		if p.A != row && check != nil {
			row = p.A
			if err = check(); err != nil {
				return nil, err
			}
		}
		seen = seen[:0]
		for q := range r.Moves(p) {
			v := g[q.A][q.B]
			for int(v) >= len(seen) {
				seen = append(seen, false)
			}
			seen[v] = true
		}
		v := uint32(0)
		for int(v) < len(seen) && seen[v] {
			v++
		}
		g[p.A][p.B] = v
	}
	return g, nil
}

// ParsePairs reads positions: "a,b" tokens (several make a sum), or two
// bare numbers "a b" for one pair; each number from 0 to most.
func ParsePairs(tokens []string, most int) ([]Pair, error) {
	var fields []string
	for _, t := range tokens {
		fields = append(fields, strings.Fields(t)...)
	}
	if len(fields) == 2 && !strings.Contains(fields[0], ",") && !strings.Contains(fields[1], ",") {
		fields = []string{fields[0] + "," + fields[1]}
	}
	if len(fields) == 0 {
		return nil, fmt.Errorf("no position: write a,b (e.g. 10,7), several for a sum")
	}
	var out []Pair
	for _, f := range fields {
		x, y, ok := strings.Cut(f, ",")
		a, err1 := strconv.Atoi(x)
		b, err2 := strconv.Atoi(y)
		if !ok || err1 != nil || err2 != nil {
			return nil, fmt.Errorf("bad position %q: expected a,b (two whole numbers), e.g. 10,7", f)
		}
		if a < 0 || b < 0 || a > most || b > most {
			return nil, fmt.Errorf("bad position %q: numbers from 0 to %d", f, most)
		}
		out = append(out, Pair{a, b})
	}
	return out, nil
}
