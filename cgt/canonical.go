package cgt

import (
	"encoding/binary"
	"slices"

	"github.com/grundy-go/grundy/budget"
)

// Construction of games: make canonicalises {L | R} (Make), bypassing
// reversible options and removing dominated ones, and fromCanonical stores
// the result once in the Space; Import rebuilds a game of another Space.

// Make returns the canonical form of {left | right}, whose options are
// games of s (in any order, repeats allowed). The slices are not kept.
//
// Its error is a *budget.Exceeded when the work passes one of the Space's
// limits, or wraps the context's error when s.Context is done.
func (s *Space) Make(left, right []Game) (r Game, err error) {
	defer s.done(&err)
	return s.mk(left, right), nil
}

// mk is Make inside the package: the slices are copied, not kept.
func (s *Space) mk(left, right []Game) Game {
	return s.make(slices.Clone(left), slices.Clone(right))
}

const deleted Game = -1

// make canonicalises {L | R}, taking ownership of L and R: it bypasses
// reversible options and removes dominated ones (Siegel, CGT, ch. II.2:
// the result is the unique simplest form of the game, Theorem II.2.9).
// Dominated options are removed first as well as last: removing one
// keeps the value, so it keeps which options are reversible, and each
// option removed is one whose reversibility is never tested (its right
// options each compared with the whole game) — on Domineering 6x6 this
// takes the time per region to a third. The form reached is the same,
// since the canonical form is unique.
func (s *Space) make(L, R []Game) Game {
	s.step()
	L = dedupe(L)
	R = dedupe(R)
	if len(L) > MaxOptions || len(R) > MaxOptions {
		limit(budget.Size, MaxOptions, "a game with more than %d options for one player", MaxOptions)
	}
	if g, ok := s.numberForm(L, R); ok {
		return g
	}
	if ml := s.mex(L); ml >= 0 {
		if mr := s.mex(R); mr == ml {
			return s.nimber(uint64(ml))
		}
	}
	L = s.removeDominated(L, true)
	R = s.removeDominated(R, false)
	c := s.getCanon()
	L = c.bypassLeft(L, R)
	R = c.bypassRight(L, R)
	s.putCanon(c)
	L = s.removeDominated(L, true)
	R = s.removeDominated(R, false)
	return s.fromCanonical(L, R)
}

func dedupe(xs []Game) []Game {
	slices.Sort(xs)
	return slices.Compact(xs)
}

// numberForm recognises {L | R} whose options are all numbers with every
// Left option below every Right option: by the simplicity theorem its
// value is the simplest number strictly between (Siegel, CGT, II.3).
func (s *Space) numberForm(L, R []Game) (Game, bool) {
	var lo, hi Dyadic
	for i, l := range L {
		x, ok := s.IsNumber(l)
		if !ok {
			return 0, false
		}
		if i == 0 || lo.Less(x) {
			lo = x
		}
	}
	for i, r := range R {
		x, ok := s.IsNumber(r)
		if !ok {
			return 0, false
		}
		if i == 0 || x.Less(hi) {
			hi = x
		}
	}
	if len(L) > 0 && len(R) > 0 && !lo.Less(hi) {
		return 0, false
	}
	return s.Number(simplest(lo, len(L) > 0, hi, len(R) > 0)), true
}

// mex returns the least n such that *n is not among opts when every
// option is a nimber, and -1 otherwise. opts is sorted and deduplicated.
func (s *Space) mex(opts []Game) int {
	var small [4]uint64 // nimbers below 256
	var big map[uint64]bool
	for _, o := range opts {
		k, ok := s.nimberOf(o)
		if !ok {
			return -1
		}
		if k < 256 {
			small[k>>6] |= 1 << (k & 63)
		} else {
			if big == nil {
				big = map[uint64]bool{}
			}
			big[k] = true
		}
	}
	m := 0
	for m < 256 && small[m>>6]&(1<<(m&63)) != 0 {
		m++
	}
	if m == 256 {
		for big[uint64(m)] {
			m++
		}
	}
	return m
}

// canon holds the memo of one canonicalisation: comparisons of games with
// the game being simplified, whose value does not change while options
// are bypassed or removed.
type canon struct {
	s        *Space
	leqA     map[Game]bool
	geqA     map[Game]bool
	leftArr  []Game
	rightArr []Game
}

// getCanon takes a canon from the Space's free list: canonicalisations
// nest (a sum's options are sums), so each level has its own.
func (s *Space) getCanon() *canon {
	if n := len(s.canons); n > 0 {
		c := s.canons[n-1]
		s.canons = s.canons[:n-1]
		return c
	}
	return &canon{s: s, leqA: map[Game]bool{}, geqA: map[Game]bool{}}
}

func (s *Space) putCanon(c *canon) {
	clear(c.leqA)
	clear(c.geqA)
	c.leftArr, c.rightArr = nil, nil
	s.canons = append(s.canons, c)
}

// leqArrays reports x ≤ G where G = {L | R} (deleted entries skipped).
func (c *canon) leqArrays(x Game) bool {
	if r, ok := c.leqA[x]; ok {
		return r
	}
	s := c.s
	res := true
	for _, r := range c.rightArr {
		if r != deleted && s.leq(r, x) {
			res = false
			break
		}
	}
	if res {
		for _, xl := range s.Left(x) {
			if c.geqArrays(xl) {
				res = false
				break
			}
		}
	}
	c.leqA[x] = res
	return res
}

// geqArrays reports x ≥ G.
func (c *canon) geqArrays(x Game) bool {
	if r, ok := c.geqA[x]; ok {
		return r
	}
	s := c.s
	res := true
	for _, l := range c.leftArr {
		if l != deleted && s.leq(x, l) {
			res = false
			break
		}
	}
	if res {
		for _, xr := range s.Right(x) {
			if c.leqArrays(xr) {
				res = false
				break
			}
		}
	}
	c.geqA[x] = res
	return res
}

// bypassLeft replaces every reversible Left option G^L (one with a right
// option G^LR ≤ G) by the Left options of G^LR, until none is left.
func (c *canon) bypassLeft(L, R []Game) []Game {
	s := c.s
	c.leftArr, c.rightArr = L, R
	for i := 0; i < len(L); i++ {
		gl := L[i]
		if gl == deleted {
			continue
		}
		for _, glr := range s.Right(gl) {
			if c.leqArrays(glr) {
				L[i] = deleted
				for _, glrl := range s.Left(glr) {
					if !slices.Contains(L, glrl) {
						L = append(L, glrl)
					}
				}
				if len(L) > MaxOptions {
					limit(budget.Size, MaxOptions, "a game with more than %d options for one player", MaxOptions)
				}
				c.leftArr = L
				break
			}
		}
	}
	return pack(L)
}

// bypassRight is bypassLeft for Right.
func (c *canon) bypassRight(L, R []Game) []Game {
	s := c.s
	c.leftArr, c.rightArr = L, R
	for i := 0; i < len(R); i++ {
		gr := R[i]
		if gr == deleted {
			continue
		}
		for _, grl := range s.Left(gr) {
			if c.geqArrays(grl) {
				R[i] = deleted
				for _, grlr := range s.Right(grl) {
					if !slices.Contains(R, grlr) {
						R = append(R, grlr)
					}
				}
				if len(R) > MaxOptions {
					limit(budget.Size, MaxOptions, "a game with more than %d options for one player", MaxOptions)
				}
				c.rightArr = R
				break
			}
		}
	}
	return pack(R)
}

func pack(xs []Game) []Game {
	out := xs[:0]
	for _, x := range xs {
		if x != deleted {
			out = append(out, x)
		}
	}
	return out
}

// removeDominated keeps the maximal Left options (left) or the minimal
// Right options (!left). Options are distinct canonical games, so two of
// them are never equal.
func (s *Space) removeDominated(opts []Game, left bool) []Game {
	for i := range opts {
		if opts[i] == deleted {
			continue
		}
		for j := range opts {
			if i == j || opts[j] == deleted {
				continue
			}
			var dominated bool
			if left {
				dominated = s.leq(opts[i], opts[j])
			} else {
				dominated = s.leq(opts[j], opts[i])
			}
			if dominated {
				opts[i] = deleted
				break
			}
		}
	}
	return pack(opts)
}

// optKey writes the index key of the option lists L and R into s.keybuf.
func (s *Space) optKey(L, R []Game) []byte {
	b := s.keybuf[:0]
	b = binary.AppendUvarint(b, uint64(len(L)))
	for _, g := range L {
		b = binary.AppendUvarint(b, uint64(g))
	}
	for _, g := range R {
		b = binary.AppendUvarint(b, uint64(g))
	}
	s.keybuf = b
	return b
}

// fromCanonical returns the game whose canonical options are L and R.
func (s *Space) fromCanonical(L, R []Game) Game {
	slices.Sort(L)
	slices.Sort(R)
	if g, ok := s.optIdx[string(s.optKey(L, R))]; ok { // no allocation for the look-up
		return g
	}
	if g, ok := s.numberForm(L, R); ok {
		return g
	}
	if v, ok := s.recogniseNus(L, R); ok {
		// A pattern is only a candidate: it is the game exactly when the
		// candidate's own canonical options are L and R.
		g := s.nusGame(v)
		if slices.Equal(s.Left(g), L) && slices.Equal(s.Right(g), R) {
			return g
		}
	}
	g := s.newNode(node{left: s.optLists.Copy(L), right: s.optLists.Copy(R), hasOpts: true})
	key := s.optKey(L, R) // s.keybuf was used by the calls above
	s.optBytes += int64(len(key))
	s.optIdx[s.optKeys.Intern(key)] = g
	return g
}

// recogniseNus finds the number-up-star whose canonical options are L, R
// (both sorted, canonical), if there is one; the patterns are those of
// materialise, read backwards.
func (s *Space) recogniseNus(L, R []Game) (nus, bool) {
	get := func(g Game) (nus, bool) {
		n := s.nodes.at(g)
		return n.v, n.isNus
	}
	switch {
	case len(L) == 1 && len(R) == 1:
		a, okA := get(L[0])
		b, okB := get(R[0])
		if !okA || !okB || a.num != b.num {
			return nus{}, false
		}
		if a.isNumber() && !b.isNumber() && b.up >= 0 {
			return nus{num: a.num, up: b.up + 1, nim: b.nim ^ 1}, true
		}
		if b.isNumber() && !a.isNumber() && a.up <= 0 {
			return nus{num: a.num, up: a.up - 1, nim: a.nim ^ 1}, true
		}
	case len(L) == 2 && len(R) == 1 || len(L) == 1 && len(R) == 2:
		x, ok := get(R[0])
		if len(L) == 1 {
			x, ok = get(L[0])
		}
		if !ok || !x.isNumber() {
			return nus{}, false
		}
		if len(L) == 2 {
			return nus{num: x.num, up: 1, nim: 1}, true
		}
		return nus{num: x.num, up: -1, nim: 1}, true
	}
	if len(L) >= 1 && slices.Equal(L, R) {
		x, ok := get(L[0])
		if !ok {
			return nus{}, false
		}
		return nus{num: x.num, nim: uint64(len(L))}, true
	}
	return nus{}, false
}

// Import returns, in s, the game g of the Space src: the same canonical
// form, rebuilt option by option (options are canonical in src, so they
// are canonical in s). It lets independent Spaces — one per goroutine —
// hand their results to one another. src is only read.
//
// Its error is a *budget.Exceeded (errors.Is(err, budget.ErrExceeded)) when
// the work passes one of the Space's limits, or wraps the context's
// error when s.Context is done; see the package doc.
func (s *Space) Import(src *Space, g Game) (r Game, err error) {
	defer s.done(&err)
	return s.importGame(src, g), nil
}

func (s *Space) importGame(src *Space, g Game) Game {
	memo := map[Game]Game{}
	var imp func(g Game) Game
	imp = func(g Game) Game {
		if r, ok := memo[g]; ok {
			return r
		}
		n := src.nodes.at(g)
		var r Game
		if n.isNus {
			r = s.nusGame(n.v)
		} else {
			L := make([]Game, len(n.left))
			R := make([]Game, len(n.right))
			for i, o := range n.left {
				L[i] = imp(o)
			}
			for i, o := range n.right {
				R[i] = imp(o)
			}
			r = s.fromCanonical(L, R)
		}
		memo[g] = r
		return r
	}
	return imp(g)
}
