package catalog

import (
	"slices"
	"strings"
)

// MoveSet keeps each move of a disjunctive sum once. A sum is the same
// game whatever the order of its components, so two moves are one move
// when they replace equal components by the same components, in any
// order: in Nim's 1 1, taking either heap is one move, and it is listed
// once in a report's winning moves (the explorer still offers both, as a
// person may click either heap).
//
// The key is the move (the component moved, as written, and the
// components it leaves, as a multiset), not the whole position it
// leaves: a sum of 100,000 heaps keeps keys of a few bytes, and a key
// costs the move's size, not the position's. Every path that lists a
// sum's winning moves asks Add; the zero value is ready to use.
type MoveSet struct {
	seen map[string]struct{}
}

// Add reports whether the move that replaces the component written before
// by the components written after is new, and remembers it.
func (s *MoveSet) Add(before string, after ...string) bool {
	k := MoveKey(before, after...)
	if _, ok := s.seen[k]; ok {
		return false
	}
	if s.seen == nil {
		s.seen = map[string]struct{}{}
	}
	s.seen[k] = struct{}{}
	return true
}

// MoveKey is the text two moves share exactly when they are one move (see
// MoveSet): the component moved, then what it becomes, sorted.
func MoveKey(before string, after ...string) string {
	parts := slices.Clone(after)
	slices.Sort(parts)
	var sb strings.Builder
	sb.WriteString(before)
	for _, p := range parts {
		// A byte no component's text holds, so that keys of different
		// splits never run together.
		sb.WriteByte(0)
		sb.WriteString(p)
	}
	return sb.String()
}

// DistinctMoves keeps the first of each set of moves that are one move
// (MoveSet); move(m) writes m as the component it moves and the
// components it leaves.
func DistinctMoves[M any](moves []M, move func(M) (before string, after []string)) []M {
	var set MoveSet
	return slices.DeleteFunc(moves, func(m M) bool {
		before, after := move(m)
		return !set.Add(before, after...)
	})
}
