package cgt

// Comparison of games (Leq, Geq, Less, Fuzzy), memoised in the Space by
// pair of handles.

// nusLeq compares two number-up-stars: x + a↑ + *j ≤ y + b↑ + *k.
func nusLeq(a, b nus) bool {
	if c := a.num.Cmp(b.num); c != 0 {
		return c < 0
	}
	// b − a = d↑ + *e with d = b.up − a.up, e = a.nim ⊕ b.nim: it is ≥ 0
	// when d ≥ 2, when d = 1 unless e = 1 (↑* is fuzzy), and when d = e = 0.
	d := int64(b.up) - int64(a.up)
	switch {
	case d >= 2:
		return true
	case d == 1:
		return a.nim^b.nim != 1
	case d == 0:
		return a.nim == b.nim
	}
	return false
}

// Leq reports whether g ≤ h: Left moving second in h − g never loses.
// By definition g ≤ h unless some g^L ≥ h or some h^R ≤ g; by the number
// avoidance theorem the options of a number need not be tried against a
// game that is not a number (Siegel, CGT, II.3; CGSuite does the
// same).
//
// Its error is a *budget.Exceeded (errors.Is(err, budget.ErrExceeded)) when
// the work passes one of the Space's limits, or wraps the context's
// error when s.Context is done; see the package doc.
func (s *Space) Leq(g, h Game) (ok bool, err error) {
	defer s.done(&err)
	return s.leq(g, h), nil
}

func (s *Space) leq(g, h Game) bool {
	if g == h {
		return true
	}
	s.step()
	ng, nh := s.nodes.at(g), s.nodes.at(h)
	if ng.isNus && nh.isNus {
		return nusLeq(ng.v, nh.v)
	}
	s.Stats.LeqCalls++
	// Stops decide many comparisons of hot games at once (Siegel, CGT,
	// II.5): g ≤ h implies L(g) ≤ L(h) and R(g) ≤ R(h); and L(g) < R(h)
	// implies g < h, since R(h − g) ≥ R(h) − L(g) > 0 makes h − g > 0.
	// Stops once known sit in the nodes, so this test comes before the
	// memo: a comparison it decides costs no look-up in the memo's large
	// table and takes no slot there.
	if ng.stopsKnown && nh.stopsKnown {
		if r, ok := stopsDecide(ng, nh); ok {
			s.Stats.LeqHits++
			return r
		}
	}
	key := uint64(uint32(g))<<32 | uint64(uint32(h))
	if r, ok := s.leqs.get(key); ok && !s.noMemo {
		s.Stats.LeqHits++
		return r == 1
	}
	s.step()
	s.stops(g)
	s.stops(h)
	ng, nh = s.nodes.at(g), s.nodes.at(h)
	if r, ok := stopsDecide(ng, nh); ok {
		return r
	}
	ng, nh = s.nodes.at(g), s.nodes.at(h) // the stops may have made games
	gNum, hNum := ng.isNus && ng.v.isNumber(), nh.isNus && nh.v.isNumber()
	res := true
	if !gNum {
		for _, gl := range s.Left(g) {
			if s.leq(h, gl) {
				res = false
				break
			}
		}
	}
	if res && !hNum {
		for _, hr := range s.Right(h) {
			if s.leq(hr, g) {
				res = false
				break
			}
		}
	}
	s.putLeq(key, res)
	return res
}

// stopsDecide answers g ≤ h from the stops of g and h (both known) when
// they decide it: false when L(h) < L(g) or R(h) < R(g), true when
// L(g) < R(h).
func stopsDecide(ng, nh *node) (leq, ok bool) {
	if nh.lstop.Less(ng.lstop) || nh.rstop.Less(ng.rstop) {
		return false, true
	}
	if ng.lstop.Less(nh.rstop) {
		return true, true
	}
	return false, false
}

func (s *Space) putLeq(key uint64, res bool) {
	if !s.noMemo {
		v := int32(0)
		if res {
			v = 1
		}
		s.leqs.put(key, v)
	}
}

// Geq reports g ≥ h.
//
// Its error is a *budget.Exceeded (errors.Is(err, budget.ErrExceeded)) when
// the work passes one of the Space's limits, or wraps the context's
// error when s.Context is done; see the package doc.
func (s *Space) Geq(g, h Game) (ok bool, err error) {
	defer s.done(&err)
	return s.leq(h, g), nil
}

func (s *Space) geq(g, h Game) bool { return s.leq(h, g) }

// Less reports g < h.
//
// Its error is a *budget.Exceeded (errors.Is(err, budget.ErrExceeded)) when
// the work passes one of the Space's limits, or wraps the context's
// error when s.Context is done; see the package doc.
func (s *Space) Less(g, h Game) (ok bool, err error) {
	defer s.done(&err)
	return s.less(g, h), nil
}

func (s *Space) less(g, h Game) bool { return s.leq(g, h) && !s.leq(h, g) }

// Fuzzy reports g || h: g and h are incomparable (confused).
//
// Its error is a *budget.Exceeded (errors.Is(err, budget.ErrExceeded)) when
// the work passes one of the Space's limits, or wraps the context's
// error when s.Context is done; see the package doc.
func (s *Space) Fuzzy(g, h Game) (ok bool, err error) {
	defer s.done(&err)
	return s.fuzzy(g, h), nil
}

func (s *Space) fuzzy(g, h Game) bool { return !s.leq(g, h) && !s.leq(h, g) }
