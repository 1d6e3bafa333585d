package cgt

import (
	"math"
	"slices"

	"github.com/grundy-go/grundy/budget"
)

// AtomicWeight returns the atomic weight of an atomic game g — an
// all-small game, or an infinitesimal within ↑* + (*2^k : −1) of a
// multiple of ↑ (CGSuite's IsAtomic; Tiny(x) has weight 0) — and false
// when g is not atomic (the atomic weight is then undefined). It follows the atomic weight calculus (Conway, ONAG ch. 16;
// Siegel, CGT, II.7): g” = {g^L” − 2 | g^R” + 2}, except that when
// this is an integer the "eccentric" cases are decided against a remote
// star ☆ (a nimber larger than any in g): if g < ☆ the weight is the
// least integer n with n ⧐ every g^L” − 2, if g > ☆ the greatest with
// n ⧏ every g^R” + 2. This is CGSuite's algorithm.
//
// Its error is a *budget.Exceeded (errors.Is(err, budget.ErrExceeded)) when
// the work passes one of the Space's limits, or wraps the context's
// error when s.Context is done; see the package doc.
func (s *Space) AtomicWeight(g Game) (w Game, ok bool, err error) {
	defer s.done(&err)
	w, ok = s.atomicWeightGeneral(g)
	return w, ok, nil
}

func (s *Space) atomicWeightOf(g Game) (Game, bool) {
	if !s.isAllSmall(g) {
		return 0, false
	}
	return s.atomicWeight(g), true
}

func (s *Space) atomicWeight(g Game) Game {
	if n := s.nodes.at(g); n.isNus {
		return s.Integer(int64(n.v.up))
	}
	k := opKey{opAtomic, g, 0}
	if r, ok := s.ops[k]; ok {
		return r
	}
	two, mtwo := s.Integer(2), s.Integer(-2)
	L := slices.Clone(s.Left(g))
	R := slices.Clone(s.Right(g))
	for i, o := range L {
		L[i] = s.add(s.atomicWeight(o), mtwo)
	}
	for i, o := range R {
		R[i] = s.add(s.atomicWeight(o), two)
	}
	g0 := s.make(slices.Clone(L), slices.Clone(R))
	res := g0
	if x, ok := s.IsNumber(g0); ok && x.IsInt() {
		fs := s.nimber(s.farStar(g))
		le, ge := s.leq(g, fs), s.leq(fs, g)
		switch {
		case le && !ge:
			if len(L) == 0 {
				res = Zero
				break
			}
			var best Dyadic
			for i, o := range L {
				n := s.rightStop(o).Ceil()
				if s.leq(s.Number(n), o) {
					n = n.add(one)
				}
				if i == 0 || best.Less(n) {
					best = n
				}
			}
			res = s.Number(best)
		case ge && !le:
			if len(R) == 0 {
				res = Zero
				break
			}
			var best Dyadic
			for i, o := range R {
				n := s.leftStop(o).Floor()
				if s.leq(o, s.Number(n)) {
					n = n.sub(one)
				}
				if i == 0 || n.Less(best) {
					best = n
				}
			}
			res = s.Number(best)
		}
	}
	s.ops[k] = res
	return res
}

// farStar returns a nimber index larger than every nimber in g's
// canonical game tree.
func (s *Space) farStar(g Game) uint64 {
	if k, ok := s.nimberOf(g); ok {
		return farNim(k, 1)
	}
	if n := s.nodes.at(g); n.isNus {
		// The followers of x + n·↑ + *k carry nimbers k' ≤ k ⊕ 1 ≤ k + 1
		// (their options change the nimber part to k ⊕ 1 or below k);
		// without this a number such as 10^8, stored by its value, was
		// followed option by option (issue 19: Tiny(100000000)).
		return farNim(n.v.nim, 2)
	}
	key := opKey{opFarStar, g, 0}
	if r, ok := s.ops[key]; ok {
		return uint64(r)
	}
	fs := uint64(1)
	for _, o := range append(slices.Clone(s.Left(g)), s.Right(g)...) {
		fs = max(fs, s.farStar(o))
	}
	if fs < math.MaxInt32 {
		s.ops[key] = Game(fs) // the table holds handles; larger ones are not kept
	}
	return fs
}

// farNim is k + d, a nimber index above k, or a limit error past *(2^64−1).
func farNim(k, d uint64) uint64 {
	if k > MaxNimber-d {
		limit(budget.Size, 64, "a nimber beyond *(2^64-1) (the largest nimber here)")
	}
	return k + d
}

// OrdinalSum returns g:h = {g^L, g:h^L | g^R, g:h^R} (Siegel, CGT, ch. II;
// Winning Ways ch. 6): play in g, or in h, where a move in g cancels h.
//
// Its error is a *budget.Exceeded (errors.Is(err, budget.ErrExceeded)) when
// the work passes one of the Space's limits, or wraps the context's
// error when s.Context is done; see the package doc.
func (s *Space) OrdinalSum(g, h Game) (r Game, err error) {
	defer s.done(&err)
	return s.ordinalSum(g, h), nil
}

func (s *Space) ordinalSum(g, h Game) Game {
	if h == Zero {
		return g
	}
	if x, n, k, ok := s.nusParts(g); ok && n == 0 {
		if kh, ok := s.nimberOf(h); ok {
			// x*k : *m = x*(k+m) for the nimber part
			return s.numberUpStar(x, 0, farNim(k, kh))
		}
	}
	key := opKey{opOrdinal, g, h}
	if r, ok := s.ops[key]; ok {
		return r
	}
	s.shallow("the ordinal sum G:H", h)
	L := slices.Clone(s.Left(g))
	R := slices.Clone(s.Right(g))
	for _, o := range slices.Clone(s.Left(h)) {
		L = append(L, s.ordinalSum(g, o))
	}
	for _, o := range slices.Clone(s.Right(h)) {
		R = append(R, s.ordinalSum(g, o))
	}
	res := s.make(L, R)
	s.ops[key] = res
	return res
}

// times returns n·u, the sum of n copies of u (|n| copies of −u for
// n < 0), by doubling: O(log n) sums.
func (s *Space) times(u Game, n int64) Game {
	if n > 1<<20 || n < -(1<<20) {
		limit(budget.Size, 1<<20, "%d copies of a game: too many", n)
	}
	acc, pow := Zero, u
	if n < 0 {
		n, pow = -n, s.neg(u)
	}
	for ; n > 0; n >>= 1 {
		if n&1 == 1 {
			acc = s.add(acc, pow)
		}
		if n > 1 {
			pow = s.add(pow, pow)
		}
	}
	return acc
}

// incentives returns the maximal incentives of u: its Left incentives
// u^L − u and Right incentives u − u^R, dominated ones removed.
func (s *Space) incentives(u Game) []Game {
	var in []Game
	for _, o := range slices.Clone(s.Left(u)) {
		in = append(in, s.sub(o, u))
	}
	for _, o := range slices.Clone(s.Right(u)) {
		in = append(in, s.sub(u, o))
	}
	return s.removeDominated(dedupe(in), true)
}

// NortonMultiply returns g.u, Norton's product (Winning Ways ch. 8;
// Siegel, CGT, ch. II): n copies of u when g is an integer n, else
// {g^L.u + u + I | g^R.u − u − I} over the incentives I of u. It is
// defined for g a number-like value and u > 0; CGSuite computes it the
// same way for any g.
//
// Its error is a *budget.Exceeded (errors.Is(err, budget.ErrExceeded)) when
// the work passes one of the Space's limits, or wraps the context's
// error when s.Context is done; see the package doc.
func (s *Space) NortonMultiply(g, u Game) (r Game, err error) {
	defer s.done(&err)
	return s.nortonMultiply(g, u), nil
}

func (s *Space) nortonMultiply(g, u Game) Game {
	key := opKey{opNorton, g, u}
	if r, ok := s.ops[key]; ok {
		return r
	}
	var res Game
	if x, ok := s.IsNumber(g); ok && x.IsInt() {
		n := x.Num()
		if n > 1<<20 || n < -(1<<20) {
			limit(budget.Size, 1<<20, "Norton multiplication by %s: too many copies", x)
		}
		res = s.times(u, n)
	} else {
		inc := s.incentives(u)
		for i, I := range inc {
			inc[i] = s.add(u, I)
		}
		var L, R []Game
		for _, o := range slices.Clone(s.Left(g)) {
			p := s.nortonMultiply(o, u)
			for _, I := range inc {
				L = append(L, s.add(p, I))
			}
		}
		for _, o := range slices.Clone(s.Right(g)) {
			p := s.nortonMultiply(o, u)
			for _, I := range inc {
				R = append(R, s.sub(p, I))
			}
		}
		res = s.make(L, R)
	}
	s.ops[key] = res
	return res
}
