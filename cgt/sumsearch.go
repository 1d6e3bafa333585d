package cgt

import (
	"encoding/binary"
	"slices"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/outcome"
)

// SumSearch compares a sum of games with 0 without building the sum's
// canonical form, which for a few hot components can be far too large
// to build (issue 37: three heaps of partizan subtraction). It searches
// the game tree of the sum over the components' canonical forms, by the
// definition of ≤ (Siegel, Combinatorial Game Theory, II.1: G ≥ 0 iff no
// G^R ≤ 0, G ≤ 0 iff no G^L ≥ 0; an option of a sum is a move in one
// component), memoised on the multiset of components, with the known
// shortcuts:
//
//   - number-up-stars (numbers, nimbers, ups) are added into one component
//     by arithmetic (Siegel, II.4);
//   - a move in a number is never tried while some component is not a
//     number (the number avoidance theorem, Siegel, II.3);
//   - the stops bound a sum's: R(G) + R(H) ≤ R(G + H) and
//     L(G + H) ≤ L(G) + L(H) (Siegel, II.5), so Σ R > 0 makes the sum
//     positive and Σ L < 0 negative;
//   - so do the means and temperatures: R(G) ≥ mean(G) − t(G) for t ≥ 0,
//     the mean is additive and t(G + H) ≤ max(t(G), t(H)) (Siegel, II.5),
//     so Σ mean − max t > 0 makes the sum positive;
//   - a sum of two components is compared by the Space (G + H ≥ 0 iff
//     −H ≤ G), which recurses on the two forms and builds no sum.
//
// The Space's limits bound the work (MaxSteps, Memory, Context), and
// MaxEntries the memo.
type SumSearch struct {
	s    *Space
	memo map[string]bool
	// MaxEntries bounds the memo (0: DefaultSumSearchEntries).
	MaxEntries int
	searched   int // sums decided move by move, for the tests
}

// DefaultSumSearchEntries is SumSearch.MaxEntries when it is 0.
const DefaultSumSearchEntries = 10_000_000

// NewSumSearch returns a search over the games of s.
func NewSumSearch(s *Space) *SumSearch {
	return &SumSearch{s: s, memo: map[string]bool{}}
}

// GeqZero reports whether the sum of parts is ≥ 0: Left, moving second,
// wins.
func (q *SumSearch) GeqZero(parts []Game) (ok bool, err error) {
	defer q.s.done(&err)
	return q.geq(q.normal(parts)), nil
}

// LeqZero reports whether the sum of parts is ≤ 0: Right, moving second,
// wins.
func (q *SumSearch) LeqZero(parts []Game) (ok bool, err error) {
	defer q.s.done(&err)
	return q.leq(q.normal(parts)), nil
}

// Outcome returns the outcome class of the sum of parts.
func (q *SumSearch) Outcome(parts []Game) (o outcome.Outcome, err error) {
	defer q.s.done(&err)
	t := q.normal(parts)
	ge, le := q.geq(t), q.leq(t)
	switch {
	case ge && le:
		return outcome.P, nil
	case ge:
		return outcome.L, nil
	case le:
		return outcome.R, nil
	}
	return outcome.N, nil
}

// normal drops zeros, adds the number-up-stars into one, and sorts the
// rest: the memo's form of a multiset of components.
func (q *SumSearch) normal(parts []Game) []Game {
	s := q.s
	out := make([]Game, 0, len(parts))
	nus := Zero
	for _, g := range parts {
		switch {
		case g == Zero:
		case s.nodes.at(g).isNus:
			nus = s.add(nus, g)
		default:
			out = append(out, g)
		}
	}
	if nus != Zero {
		out = append(out, nus)
	}
	slices.Sort(out)
	return out
}

func (q *SumSearch) key(dir byte, t []Game) string {
	b := make([]byte, 1+4*len(t))
	b[0] = dir
	for i, g := range t {
		binary.LittleEndian.PutUint32(b[1+4*i:], uint32(g))
	}
	return string(b)
}

// stopSums returns Σ L and Σ R of the components.
func (q *SumSearch) stopSums(t []Game) (l, r Dyadic) {
	s := q.s
	for _, g := range t {
		var err error
		if l, err = l.Add(s.leftStop(g)); err != nil {
			throw(err)
		}
		if r, err = r.Add(s.rightStop(g)); err != nil {
			throw(err)
		}
	}
	return l, r
}

// meanSign returns +1 when the sum of t is positive by its means and
// temperatures (Σ mean − max(t, 0) > 0), −1 when negative (Σ mean +
// max(t, 0) < 0), else 0.
func (q *SumSearch) meanSign(t []Game) int {
	s := q.s
	var m, hot Dyadic
	for _, g := range t {
		var err error
		if m, err = m.Add(s.mean(g)); err != nil {
			throw(err)
		}
		if tg := s.temperature(g); hot.Less(tg) {
			hot = tg
		}
	}
	lo, err := m.Sub(hot)
	if err != nil {
		throw(err)
	}
	hi, err := m.Add(hot)
	if err != nil {
		throw(err)
	}
	switch {
	case lo.Sign() > 0:
		return 1
	case hi.Sign() < 0:
		return -1
	}
	return 0
}

// geq: Σt ≥ 0.
func (q *SumSearch) geq(t []Game) bool {
	s := q.s
	switch len(t) {
	case 0:
		return true
	case 1:
		return s.leq(Zero, t[0])
	case 2:
		return s.leq(s.neg(t[1]), t[0])
	}
	l, r := q.stopSums(t)
	if r.Sign() > 0 {
		return true
	}
	if l.Sign() < 0 {
		return false
	}
	switch q.meanSign(t) {
	case 1:
		return true
	case -1:
		return false
	}
	return q.search('g', t, false)
}

// leq: Σt ≤ 0.
func (q *SumSearch) leq(t []Game) bool {
	s := q.s
	switch len(t) {
	case 0:
		return true
	case 1:
		return s.leq(t[0], Zero)
	case 2:
		return s.leq(t[0], s.neg(t[1]))
	}
	l, r := q.stopSums(t)
	if l.Sign() < 0 {
		return true
	}
	if r.Sign() > 0 {
		return false
	}
	switch q.meanSign(t) {
	case 1:
		return false
	case -1:
		return true
	}
	return q.search('l', t, true)
}

// search decides Σt ≥ 0 (dir 'g': no Right option ≤ 0) or Σt ≤ 0 (dir
// 'l': no Left option ≥ 0) move by move.
func (q *SumSearch) search(dir byte, t []Game, left bool) bool {
	s := q.s
	k := q.key(dir, t)
	if r, ok := q.memo[k]; ok {
		return r
	}
	s.step()
	q.searched++
	someGame := false
	for _, g := range t {
		n := s.nodes.at(g)
		someGame = someGame || !(n.isNus && n.v.isNumber())
	}
	res := true
	next := make([]Game, len(t))
moves:
	for i, g := range t {
		if n := s.nodes.at(g); someGame && n.isNus && n.v.isNumber() {
			continue // number avoidance
		}
		opts := s.Right(g)
		if left {
			opts = s.Left(g)
		}
		for _, o := range opts {
			copy(next, t)
			next[i] = o
			u := q.normal(next)
			if left && q.geq(u) || !left && q.leq(u) {
				res = false
				break moves
			}
		}
	}
	max := q.MaxEntries
	if max <= 0 {
		max = DefaultSumSearchEntries
	}
	if len(q.memo) >= max {
		limit(budget.States, int64(max), "the search of the sum met more than %d sums of components", max)
	}
	q.memo[k] = res
	if len(q.memo)%4096 == 0 && s.Memory != nil {
		// The memo is charged to the Space's budget as it grows (a key
		// and a map slot, about 128 bytes an entry), and kept with it.
		if err := s.Memory.Charge(4096*sumEntryBytes, "the search of the sum over its components"); err != nil {
			throw(err)
		}
	}
	return res
}

// sumEntryBytes is what one memo entry of SumSearch holds, about.
const sumEntryBytes = 128

// TrySum returns the canonical form of the sum of parts if it takes at
// most maxSteps more units of work (Space.MaxSteps), and false when it
// would take more: the caller then answers from the components
// (SumSearch). The Space stays usable either way; a limit of its own
// (MaxSteps, Memory, Context) is still an error.
func (s *Space) TrySum(parts []Game, maxSteps int64) (g Game, ok bool, err error) {
	saved := s.MaxSteps
	trial := s.steps + maxSteps
	own := saved > 0 && saved <= trial
	if !own {
		s.MaxSteps = trial
	}
	defer func() {
		s.MaxSteps = saved
		if err != nil && !own && budget.Over(err, budget.Steps) {
			g, ok, err = 0, false, nil
		}
	}()
	defer s.done(&err)
	acc := Zero
	for _, p := range parts {
		acc = s.add(acc, p)
	}
	return acc, true, nil
}
