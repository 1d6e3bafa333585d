package compound

import (
	"encoding/binary"
	"iter"
	"slices"

	"github.com/grundy-go/grundy/game"
)

// Sum is a position of Sums: a multiset of a splitting game's positions,
// as a key (the components' numbers, sorted).
type Sum string

// Sums presents a game whose moves leave disjunctive sums (game.Splitting:
// Kayles, Lasker's Nim) as a game.Game whose positions are the sums: a
// move replaces one component by the components its option leaves. A
// component with no moves is dropped, since a sum is over exactly when
// none of its components has a move, so that equal games get one key.
// It is what a compound's component is when the game splits: a
// conjunctive compound of Kayles rows moves in every row-sum at once.
type Sums[P comparable] struct {
	g        game.Splitting[P]
	ids      map[P]uint32
	parts    []P
	hasMoves []bool
}

var _ game.Game[Sum] = (*Sums[int])(nil)

// NewSums returns the game of sums of g's positions.
func NewSums[P comparable](g game.Splitting[P]) *Sums[P] {
	return &Sums[P]{g: g, ids: map[P]uint32{}}
}

func (s *Sums[P]) id(p P) (uint32, bool) {
	if id, ok := s.ids[p]; ok {
		return id, s.hasMoves[id]
	}
	id := uint32(len(s.parts))
	has := false
	for range s.g.Options(p) {
		has = true
		break
	}
	s.ids[p] = id
	s.parts = append(s.parts, p)
	s.hasMoves = append(s.hasMoves, has)
	return id, has
}

// Of returns the sum of parts.
func (s *Sums[P]) Of(parts []P) Sum {
	ids := make([]uint32, 0, len(parts))
	for _, p := range parts {
		if id, has := s.id(p); has {
			ids = append(ids, id)
		}
	}
	return s.key(ids)
}

func (s *Sums[P]) key(ids []uint32) Sum {
	slices.Sort(ids)
	b := make([]byte, 4*len(ids))
	for i, id := range ids {
		binary.LittleEndian.PutUint32(b[4*i:], id)
	}
	return Sum(b)
}

func (s *Sums[P]) idsOf(x Sum) []uint32 {
	ids := make([]uint32, len(x)/4)
	for i := range ids {
		ids[i] = binary.LittleEndian.Uint32([]byte(x[4*i : 4*i+4]))
	}
	return ids
}

// Parts returns the components of x (those with moves), in key order.
func (s *Sums[P]) Parts(x Sum) []P {
	ids := s.idsOf(x)
	out := make([]P, len(ids))
	for i, id := range ids {
		out[i] = s.parts[id]
	}
	return out
}

// Moves yields every sum one move in one component of x leaves, each
// once.
func (s *Sums[P]) Moves(x Sum) iter.Seq[Sum] {
	return func(yield func(Sum) bool) {
		ids := s.idsOf(x)
		seen := map[Sum]bool{}
		for i, id := range ids {
			if i > 0 && ids[i-1] == id {
				continue // the same component again: the same moves
			}
			for opt := range s.g.Options(s.parts[id]) {
				next := make([]uint32, 0, len(ids)-1+len(opt))
				next = append(next, ids[:i]...)
				next = append(next, ids[i+1:]...)
				for _, q := range opt {
					if qid, has := s.id(q); has {
						next = append(next, qid)
					}
				}
				k := s.key(next)
				if seen[k] {
					continue
				}
				seen[k] = true
				if !yield(k) {
					return
				}
			}
		}
	}
}
