package cgt

// Negation and sums of games (Neg, Add, Sub, Sum), memoised in the Space.

// Neg returns −g = {−g^R | −g^L}.
//
// Its error is a *budget.Exceeded (errors.Is(err, budget.ErrExceeded)) when
// the work passes one of the Space's limits, or wraps the context's
// error when s.Context is done; see the package doc.
func (s *Space) Neg(g Game) (r Game, err error) {
	defer s.done(&err)
	return s.neg(g), nil
}

func (s *Space) neg(g Game) Game {
	n := s.nodes.at(g)
	if n.isNus {
		return s.nusGame(nus{num: n.v.num.neg(), up: -n.v.up, nim: n.v.nim})
	}
	if n.hasNeg {
		return n.neg
	}
	L0, R0 := n.left, n.right
	L := make([]Game, len(R0))
	R := make([]Game, len(L0))
	for i, r := range R0 {
		L[i] = s.neg(r)
	}
	for i, l := range L0 {
		R[i] = s.neg(l)
	}
	res := s.fromCanonical(L, R)
	s.nodes.at(g).neg, s.nodes.at(g).hasNeg = res, true
	s.nodes.at(res).neg, s.nodes.at(res).hasNeg = g, true
	return res
}

// Add returns g + h = {g^L + h, g + h^L | g^R + h, g + h^R} in canonical
// form. Number-up-stars add componentwise; a number x only translates the
// other term (number translation theorem, Siegel, CGT, II.3),
// so its own options are never tried.
//
// Its error is a *budget.Exceeded (errors.Is(err, budget.ErrExceeded)) when
// the work passes one of the Space's limits, or wraps the context's
// error when s.Context is done; see the package doc.
func (s *Space) Add(g, h Game) (r Game, err error) {
	defer s.done(&err)
	return s.add(g, h), nil
}

func (s *Space) add(g, h Game) Game {
	if g == Zero {
		return h
	}
	if h == Zero {
		return g
	}
	ng, nh := s.nodes.at(g), s.nodes.at(h)
	if ng.isNus && nh.isNus {
		return s.nusGame(nus{num: ng.v.num.add(nh.v.num), up: ng.v.up + nh.v.up, nim: ng.v.nim ^ nh.v.nim})
	}
	if g > h {
		g, h = h, g
	}
	s.Stats.SumCalls++
	key := uint64(uint32(g))<<32 | uint64(uint32(h))
	if r, ok := s.sums.get(key); ok && !s.noMemo {
		s.Stats.SumHits++
		return Game(r)
	}
	s.step()
	var L, R []Game
	if !s.isNumber(g) {
		for _, gl := range s.Left(g) {
			L = append(L, s.add(gl, h))
		}
		for _, gr := range s.Right(g) {
			R = append(R, s.add(gr, h))
		}
	}
	if !s.isNumber(h) {
		for _, hl := range s.Left(h) {
			L = append(L, s.add(g, hl))
		}
		for _, hr := range s.Right(h) {
			R = append(R, s.add(g, hr))
		}
	}
	res := s.make(L, R)
	if !s.noMemo {
		s.sums.put(key, int32(res))
	}
	return res
}

// Sub returns g − h.
//
// Its error is a *budget.Exceeded (errors.Is(err, budget.ErrExceeded)) when
// the work passes one of the Space's limits, or wraps the context's
// error when s.Context is done; see the package doc.
func (s *Space) Sub(g, h Game) (r Game, err error) {
	defer s.done(&err)
	return s.sub(g, h), nil
}

func (s *Space) sub(g, h Game) Game { return s.add(g, s.neg(h)) }

// Sum returns the sum of the games (0 for none).
//
// Its error is a *budget.Exceeded (errors.Is(err, budget.ErrExceeded)) when
// the work passes one of the Space's limits, or wraps the context's
// error when s.Context is done; see the package doc.
func (s *Space) Sum(gs ...Game) (r Game, err error) {
	defer s.done(&err)
	return s.sum(gs...), nil
}

func (s *Space) sum(gs ...Game) Game {
	acc := Zero
	for _, g := range gs {
		acc = s.add(acc, g)
	}
	return acc
}
