package loopy

import (
	"slices"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/outcome"
)

// Value is a generalized Sprague–Grundy value: a finite nimber, or ∞(K)
// with K the set of finite values reachable in one move. The zero Value is
// the finite value 0.
type Value struct {
	inf   bool
	n     uint64
	reach []uint64 // sorted, distinct; only for ∞
}

// Finite returns the finite value n.
func Finite(n uint64) Value { return Value{n: n} }

// Infinite returns ∞(K) for the finite values k (in any order, repeats
// allowed).
func Infinite(k ...uint64) Value {
	r := slices.Clone(k)
	slices.Sort(r)
	return Value{inf: true, reach: slices.Compact(r)}
}

// IsFinite reports whether v is a finite value.
func (v Value) IsFinite() bool { return !v.inf }

// Nimber returns the finite value, and false for ∞.
func (v Value) Nimber() (uint64, bool) { return v.n, !v.inf }

// Reach returns K for ∞(K), sorted, in a slice that must not be modified;
// nil for a finite value.
func (v Value) Reach() []uint64 { return v.reach }

// Outcome returns the outcome of a position of value v: P for 0, N for
// other finite values and for ∞(K) with 0 in K, D for the rest.
func (v Value) Outcome() outcome.Outcome {
	switch {
	case !v.inf && v.n == 0:
		return outcome.P
	case !v.inf:
		return outcome.N
	case len(v.reach) > 0 && v.reach[0] == 0:
		return outcome.N
	}
	return outcome.D
}

// String writes v in the standard notation: "3", "∞" for ∞(∅), "∞(0,2)".
func (v Value) String() string {
	if !v.inf {
		return strconv.FormatUint(v.n, 10)
	}
	if len(v.reach) == 0 {
		return "∞"
	}
	var sb strings.Builder
	sb.WriteString("∞(")
	for i, k := range v.reach {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(strconv.FormatUint(k, 10))
	}
	sb.WriteByte(')')
	return sb.String()
}

// Equal reports whether v and w are the same value.
func (v Value) Equal(w Value) bool {
	return v.inf == w.inf && v.n == w.n && slices.Equal(v.reach, w.reach)
}

// Sum returns the value of the disjunctive sum of games of the given values
// (the generalized Sprague–Grundy theorem): the nim-sum when all are
// finite; ∞(K ⊕ s) when exactly one is ∞(K) and the others have nim-sum s;
// ∞ (with nothing finite reachable) when two or more are infinite. The sum
// of no values is 0.
func Sum(vs ...Value) Value {
	var s uint64
	infs := 0
	var inf Value
	for _, v := range vs {
		if v.inf {
			infs++
			inf = v
			continue
		}
		s ^= v.n
	}
	switch infs {
	case 0:
		return Finite(s)
	case 1:
		k := make([]uint64, len(inf.reach))
		for i, x := range inf.reach {
			k[i] = x ^ s
		}
		return Infinite(k...)
	}
	return Value{inf: true}
}
