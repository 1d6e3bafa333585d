package cgt

import "slices"

// AtomicWeight returns the atomic weight of an all-small game g, and
// false when g is not all-small (the atomic weight is then undefined
// here). It follows the atomic weight calculus (Conway, ONAG ch. 16;
// Siegel, CGT, II.7): g” = {g^L” − 2 | g^R” + 2}, except that when
// this is an integer the "eccentric" cases are decided against a remote
// star ☆ (a nimber larger than any in g): if g < ☆ the weight is the
// least integer n with n ⧐ every g^L” − 2, if g > ☆ the greatest with
// n ⧏ every g^R” + 2. This is CGSuite's algorithm.
func (s *Space) AtomicWeight(g Game) (Game, bool) {
	if !s.IsAllSmall(g) {
		return 0, false
	}
	return s.atomicWeight(g), true
}

func (s *Space) atomicWeight(g Game) Game {
	if n := &s.nodes[g]; n.isNus {
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
		L[i] = s.Add(s.atomicWeight(o), mtwo)
	}
	for i, o := range R {
		R[i] = s.Add(s.atomicWeight(o), two)
	}
	g0 := s.make(slices.Clone(L), slices.Clone(R))
	res := g0
	if x, ok := s.IsNumber(g0); ok && x.IsInt() {
		fs := s.Nimber(s.farStar(g))
		le, ge := s.Leq(g, fs), s.Leq(fs, g)
		switch {
		case le && !ge:
			if len(L) == 0 {
				res = Zero
				break
			}
			var best int64
			for i, o := range L {
				n := s.RightStop(o).Ceil()
				if s.Leq(s.Integer(n), o) {
					n++
				}
				if i == 0 || n > best {
					best = n
				}
			}
			res = s.Integer(best)
		case ge && !le:
			if len(R) == 0 {
				res = Zero
				break
			}
			var best int64
			for i, o := range R {
				n := s.LeftStop(o).Floor()
				if s.Leq(o, s.Integer(n)) {
					n--
				}
				if i == 0 || n < best {
					best = n
				}
			}
			res = s.Integer(best)
		}
	}
	s.ops[k] = res
	return res
}

// farStar returns a nimber index larger than every nimber in g's
// canonical game tree.
func (s *Space) farStar(g Game) int {
	if k, ok := s.IsNimber(g); ok {
		return k + 1
	}
	key := opKey{opFarStar, g, 0}
	if r, ok := s.ops[key]; ok {
		return int(r)
	}
	fs := 1
	for _, o := range append(slices.Clone(s.Left(g)), s.Right(g)...) {
		fs = max(fs, s.farStar(o))
	}
	s.ops[key] = Game(fs)
	return fs
}

// OrdinalSum returns g:h = {g^L, g:h^L | g^R, g:h^R} (Siegel, CGT, ch. II;
// Winning Ways ch. 6): play in g, or in h, where a move in g cancels h.
func (s *Space) OrdinalSum(g, h Game) Game {
	if h == Zero {
		return g
	}
	if x, n, k, ok := s.NumberUpStarParts(g); ok && n == 0 {
		if kh, ok := s.IsNimber(h); ok {
			// x*k : *m = x*(k+m) for the nimber part
			return s.NumberUpStar(x, 0, k+kh)
		}
	}
	key := opKey{opOrdinal, g, h}
	if r, ok := s.ops[key]; ok {
		return r
	}
	L := slices.Clone(s.Left(g))
	R := slices.Clone(s.Right(g))
	for _, o := range slices.Clone(s.Left(h)) {
		L = append(L, s.OrdinalSum(g, o))
	}
	for _, o := range slices.Clone(s.Right(h)) {
		R = append(R, s.OrdinalSum(g, o))
	}
	res := s.make(L, R)
	s.ops[key] = res
	return res
}

// incentives returns the maximal incentives of u: its Left incentives
// u^L − u and Right incentives u − u^R, dominated ones removed.
func (s *Space) incentives(u Game) []Game {
	var in []Game
	for _, o := range slices.Clone(s.Left(u)) {
		in = append(in, s.Sub(o, u))
	}
	for _, o := range slices.Clone(s.Right(u)) {
		in = append(in, s.Sub(u, o))
	}
	return s.removeDominated(dedupe(in), true)
}

// NortonMultiply returns g.u, Norton's product (Winning Ways ch. 8;
// Siegel, CGT, ch. II): n copies of u when g is an integer n, else
// {g^L.u + u + I | g^R.u − u − I} over the incentives I of u. It is
// defined for g a number-like value and u > 0; CGSuite computes it the
// same way for any g.
func (s *Space) NortonMultiply(g, u Game) Game {
	key := opKey{opNorton, g, u}
	if r, ok := s.ops[key]; ok {
		return r
	}
	var res Game
	if x, ok := s.IsNumber(g); ok && x.IsInt() {
		n := x.Num()
		if n > 1<<20 || n < -(1<<20) {
			limit("Norton multiplication by %d: too many copies", n)
		}
		acc, pow := Zero, u
		if n < 0 {
			n, pow = -n, s.Neg(u)
		}
		for ; n > 0; n >>= 1 {
			if n&1 == 1 {
				acc = s.Add(acc, pow)
			}
			if n > 1 {
				pow = s.Add(pow, pow)
			}
		}
		res = acc
	} else {
		inc := s.incentives(u)
		for i, I := range inc {
			inc[i] = s.Add(u, I)
		}
		var L, R []Game
		for _, o := range slices.Clone(s.Left(g)) {
			p := s.NortonMultiply(o, u)
			for _, I := range inc {
				L = append(L, s.Add(p, I))
			}
		}
		for _, o := range slices.Clone(s.Right(g)) {
			p := s.NortonMultiply(o, u)
			for _, I := range inc {
				R = append(R, s.Sub(p, I))
			}
		}
		res = s.make(L, R)
	}
	s.ops[key] = res
	return res
}
