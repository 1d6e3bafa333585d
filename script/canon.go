package script

import (
	"fmt"
	"slices"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// Canonical keys a script declares by name (key = "sorted") instead of
// writing key(pos): computed in Go, with no Starlark call per position.
// A key function costs a call of the interpreter for every successor the
// engine meets (about 1 µs for a one-line key, more than the rest of
// interning a small tuple); these cost a pass over the position.
var canonKinds = map[string]func(starlark.Value) (starlark.Value, error){
	// "sorted": a tuple's elements in increasing order (heaps of a sum,
	// an unordered multiset); an element that is itself a tuple is
	// compared as Starlark compares tuples. O(n log n) comparisons.
	"sorted": canonSorted,
	// "reversal": a string or tuple or its reverse, whichever is less
	// (a row that reads the same from both ends). O(n).
	"reversal": canonReversal,
	// "rotation": the least of a string's or tuple's rotations (a ring).
	// O(n²) comparisons at worst, O(n) for most.
	"rotation": canonRotation,
}

// canonNames lists canonKinds' names for messages.
const canonNames = `"sorted", "reversal" or "rotation"`

func canonSorted(v starlark.Value) (starlark.Value, error) {
	t, ok := v.(starlark.Tuple)
	if !ok || len(t) < 2 {
		return v, nil
	}
	if xs, ok := smallInts64(t); ok {
		if slices.IsSorted(xs) {
			return v, nil
		}
		slices.Sort(xs)
		out := make(starlark.Tuple, len(xs))
		for i, x := range xs {
			out[i] = starlark.MakeInt64(x)
		}
		return out, nil
	}
	out := slices.Clone(t)
	var err error
	slices.SortStableFunc(out, func(a, b starlark.Value) int {
		c, e := compareValues(a, b)
		if e != nil && err == nil {
			err = e
		}
		return c
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// smallInts64 returns t's elements as int64s when every one is an int
// that fits.
func smallInts64(t starlark.Tuple) ([]int64, bool) {
	xs := make([]int64, len(t))
	for i, x := range t {
		n, ok := x.(starlark.Int)
		if !ok {
			return nil, false
		}
		if xs[i], ok = n.Int64(); !ok {
			return nil, false
		}
	}
	return xs, true
}

// compareValues orders two elements of a position as Starlark's < does;
// values of different types are an error, as in Starlark.
func compareValues(a, b starlark.Value) (int, error) {
	if lt, err := starlark.Compare(syntax.LT, a, b); err != nil {
		return 0, fmt.Errorf("key = \"sorted\": %s", err)
	} else if lt {
		return -1, nil
	}
	if gt, err := starlark.Compare(syntax.GT, a, b); err != nil {
		return 0, fmt.Errorf("key = \"sorted\": %s", err)
	} else if gt {
		return 1, nil
	}
	return 0, nil
}

// elems returns a string's letters or a tuple's elements as a sequence
// to compare by index; ok is false for other values (left as they are).
type seq interface {
	len() int
	// cmp compares the element i of a with the element j of b.
	cmp(i int, b seq, j int) int
	rebuild(order func(k int) int) starlark.Value
}

type strSeq string

func (s strSeq) len() int { return len(s) }
func (s strSeq) cmp(i int, b seq, j int) int {
	x, y := s[i], b.(strSeq)[j]
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}
func (s strSeq) rebuild(order func(int) int) starlark.Value {
	b := make([]byte, len(s))
	for k := range b {
		b[k] = s[order(k)]
	}
	return starlark.String(b)
}

type tupleSeq struct {
	t   starlark.Tuple
	err *error
}

func (s tupleSeq) len() int { return len(s.t) }
func (s tupleSeq) cmp(i int, b seq, j int) int {
	c, err := compareValues(s.t[i], b.(tupleSeq).t[j])
	if err != nil && *s.err == nil {
		*s.err = err
	}
	return c
}
func (s tupleSeq) rebuild(order func(int) int) starlark.Value {
	out := make(starlark.Tuple, len(s.t))
	for k := range out {
		out[k] = s.t[order(k)]
	}
	return out
}

func asSeq(v starlark.Value, err *error) (seq, bool) {
	switch v := v.(type) {
	case starlark.String:
		return strSeq(v), true
	case starlark.Tuple:
		return tupleSeq{v, err}, true
	}
	return nil, false
}

// canonReversal is the lesser of v and v reversed, compared element by
// element (bytes for a string: the order of Starlark's string <).
func canonReversal(v starlark.Value) (starlark.Value, error) {
	var err error
	s, ok := asSeq(v, &err)
	if !ok {
		return v, nil
	}
	n := s.len()
	c := 0
	for i := 0; i < n/2 && c == 0; i++ {
		c = s.cmp(n-1-i, s, i)
	}
	if err != nil {
		return nil, fmt.Errorf("key = \"reversal\": %s", err)
	}
	if c >= 0 {
		return v, nil
	}
	return s.rebuild(func(k int) int { return n - 1 - k }), nil
}

// canonRotation is the least rotation of v.
func canonRotation(v starlark.Value) (starlark.Value, error) {
	var err error
	s, ok := asSeq(v, &err)
	if !ok {
		return v, nil
	}
	n := s.len()
	best := 0
	for r := 1; r < n; r++ {
		c := 0
		for k := 0; k < n && c == 0; k++ {
			c = s.cmp((r+k)%n, s, (best+k)%n)
		}
		if c < 0 {
			best = r
		}
	}
	if err != nil {
		return nil, fmt.Errorf("key = \"rotation\": %s", err)
	}
	if best == 0 {
		return v, nil
	}
	return s.rebuild(func(k int) int { return (best + k) % n }), nil
}
