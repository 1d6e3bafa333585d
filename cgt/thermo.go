package cgt

import "slices"

// Trajectory is a continuous piecewise-linear function of the temperature
// t ≥ −1, with slopes −1, 0 or +1 and dyadic breakpoints: a wall of a
// thermograph. Piece i covers [T[i], T[i+1]) (the last one runs to +∞)
// and has value V[i] + S[i]·(t − T[i]); T[0] = −1.
type Trajectory struct {
	T []Dyadic
	V []Dyadic
	S []int8
}

// Thermograph is the thermograph of a game (Siegel, CGT, II.5; Winning
// Ways ch. 6): its left and right walls, the temperature where they meet
// and the mast value above it.
type Thermograph struct {
	Left, Right Trajectory
	Temperature Dyadic
	Mast        Dyadic
}

var minusOne = Int(-1)

func constTraj(x Dyadic) Trajectory {
	return Trajectory{T: []Dyadic{minusOne}, V: []Dyadic{x}, S: []int8{0}}
}

func (tr Trajectory) piece(t Dyadic) int {
	i := 0
	for i+1 < len(tr.T) && !t.Less(tr.T[i+1]) {
		i++
	}
	return i
}

func mulSlope(d Dyadic, s int8) Dyadic {
	switch s {
	case 0:
		return Dyadic{}
	case 1:
		return d
	case -1:
		return d.neg()
	}
	return d.mulInt(int64(s))
}

// At returns the value of the trajectory at t ≥ −1, or an error when it
// is too large for exact arithmetic.
func (tr Trajectory) At(t Dyadic) (v Dyadic, err error) {
	defer catch(&err)
	return tr.at(t), nil
}

// at is At inside the package.
func (tr Trajectory) at(t Dyadic) Dyadic {
	i := tr.piece(t)
	return tr.V[i].add(mulSlope(t.sub(tr.T[i]), tr.S[i]))
}

func (tr Trajectory) slopeAt(t Dyadic) int8 { return tr.S[tr.piece(t)] }

// Breakpoints returns the temperatures above −1 where the slope changes.
func (tr Trajectory) Breakpoints() []Dyadic { return slices.Clone(tr.T[1:]) }

// tilt returns the trajectory plus s·t.
func (tr Trajectory) tilt(s int8) Trajectory {
	out := Trajectory{T: slices.Clone(tr.T), V: make([]Dyadic, len(tr.V)), S: make([]int8, len(tr.S))}
	for i := range tr.T {
		out.V[i] = tr.V[i].add(mulSlope(tr.T[i], s))
		out.S[i] = tr.S[i] + s
	}
	return out
}

func unionBreaks(a, b Trajectory) []Dyadic {
	ts := append(slices.Clone(a.T), b.T...)
	slices.SortFunc(ts, func(x, y Dyadic) int { return x.Cmp(y) })
	return slices.Compact(ts)
}

// crossing returns where va + sa·(t−p) = vb + sb·(t−p), for sa ≠ sb.
func crossing(p, va, vb Dyadic, sa, sb int8) Dyadic {
	d := vb.sub(va) // (sa − sb)(t − p) = d
	switch sa - sb {
	case 1:
	case -1:
		d = d.neg()
	case 2:
		d = d.half()
	case -2:
		d = d.neg().half()
	default:
		panic("cgt: trajectory slopes out of range")
	}
	return p.add(d)
}

// combine returns the pointwise max (sign = +1) or min (sign = −1).
func combine(a, b Trajectory, sign int) Trajectory {
	ts := unionBreaks(a, b)
	var out Trajectory
	push := func(t, v Dyadic, s int8) {
		n := len(out.T)
		if n > 0 && out.S[n-1] == s && out.V[n-1].add(mulSlope(t.sub(out.T[n-1]), s)) == v {
			return // collinear continuation
		}
		out.T = append(out.T, t)
		out.V = append(out.V, v)
		out.S = append(out.S, s)
	}
	better := func(va, vb Dyadic, sa, sb int8) bool { // a is at least b just after the point
		c := va.Cmp(vb)
		if c == 0 {
			c = int(sa) - int(sb)
		}
		return c*sign >= 0
	}
	for i, p := range ts {
		va, vb := a.at(p), b.at(p)
		sa, sb := a.slopeAt(p), b.slopeAt(p)
		if better(va, vb, sa, sb) {
			push(p, va, sa)
		} else {
			push(p, vb, sb)
		}
		if sa != sb {
			x := crossing(p, va, vb, sa, sb)
			if p.Less(x) && (i+1 == len(ts) || x.Less(ts[i+1])) {
				v := a.at(x)
				if better(v, v, sa, sb) {
					push(x, v, sa)
				} else {
					push(x, v, sb)
				}
			}
		}
	}
	return out
}

// Thermograph returns the thermograph of g, computed from the walls of
// its options: the left scaffold is max over g^L of the right wall of g^L,
// minus t; the right scaffold is min over g^R of the left wall, plus t;
// the walls follow the scaffolds up to the least temperature where they
// meet, and a vertical mast rises from there (Siegel, CGT, II.5;
// Berlekamp, Winning Ways ch. 6). Integers have a bare mast.
//
// Its error is a *budget.Exceeded (errors.Is(err, budget.ErrExceeded)) when
// the work passes one of the Space's limits, or wraps the context's
// error when s.Context is done; see the package doc.
func (s *Space) Thermograph(g Game) (th *Thermograph, err error) {
	defer s.done(&err)
	return s.thermograph(g), nil
}

func (s *Space) thermograph(g Game) *Thermograph {
	if th := s.nodes.at(g).thermo; th != nil {
		return th
	}
	var th *Thermograph
	if x, ok := s.IsNumber(g); ok && x.IsInt() {
		c := constTraj(x)
		th = &Thermograph{Left: c, Right: c, Temperature: minusOne, Mast: x}
	} else {
		L := slices.Clone(s.Left(g))
		R := slices.Clone(s.Right(g))
		var ls, rs Trajectory
		for i, o := range L {
			w := s.thermograph(o).Right
			if i == 0 {
				ls = w
			} else {
				ls = combine(ls, w, +1)
			}
		}
		for i, o := range R {
			w := s.thermograph(o).Left
			if i == 0 {
				rs = w
			} else {
				rs = combine(rs, w, -1)
			}
		}
		th = intersect(ls.tilt(-1), rs.tilt(+1))
	}
	s.nodes.at(g).thermo = th
	return th
}

// intersect builds the thermograph from the scaffolds: the least t ≥ −1
// with left(t) ≤ right(t) is the temperature.
func intersect(l, r Trajectory) *Thermograph {
	ts := unionBreaks(l, r)
	tau := Dyadic{}
	found := false
	for i, p := range ts {
		d := l.at(p).sub(r.at(p))
		if d.Sign() <= 0 {
			tau, found = p, true
			break
		}
		ds := l.slopeAt(p) - r.slopeAt(p)
		if ds < 0 {
			x := crossing(p, l.at(p), r.at(p), l.slopeAt(p), r.slopeAt(p))
			if i+1 == len(ts) || x.Less(ts[i+1]) {
				tau, found = x, true
				break
			}
		}
	}
	if !found {
		panic("cgt: internal error: thermograph scaffolds never meet")
	}
	mast := l.at(tau)
	return &Thermograph{Left: truncate(l, tau, mast), Right: truncate(r, tau, mast), Temperature: tau, Mast: mast}
}

// truncate keeps tr below t and continues it as the constant m from t on.
func truncate(tr Trajectory, t, m Dyadic) Trajectory {
	var out Trajectory
	for i := range tr.T {
		if !tr.T[i].Less(t) {
			break
		}
		out.T = append(out.T, tr.T[i])
		out.V = append(out.V, tr.V[i])
		out.S = append(out.S, tr.S[i])
	}
	n := len(out.T)
	if n > 0 && out.S[n-1] == 0 && out.V[n-1] == m {
		return out
	}
	out.T = append(out.T, t)
	out.V = append(out.V, m)
	out.S = append(out.S, 0)
	return out
}

// Cool returns g cooled by t (Siegel, CGT, II.5): g itself for a
// number; the mean of g as a number when t exceeds g's temperature;
// otherwise {g^L_t − t | g^R_t + t}.
//
// Its error is a *budget.Exceeded (errors.Is(err, budget.ErrExceeded)) when
// the work passes one of the Space's limits, or wraps the context's
// error when s.Context is done; see the package doc.
func (s *Space) Cool(g Game, t Dyadic) (r Game, err error) {
	defer s.done(&err)
	return s.cool(g, t), nil
}

func (s *Space) cool(g Game, t Dyadic) Game {
	if x, ok := s.IsNumber(g); ok && (x.IsInt() || t.Sign() >= 0) {
		// Integers stay; so does every number at t ≥ 0 (its temperature
		// is below 0). Below zero a number x = m/2^k with −1/2^k ≥ t is
		// cooled through its options (CGSuite's cool, t > −1).
		return g
	}
	tg := s.Number(t)
	k := opKey{opCool, g, tg}
	if r, ok := s.ops[k]; ok {
		return r
	}
	var res Game
	if s.temperature(g).Less(t) {
		res = s.Number(s.mean(g))
	} else {
		L := slices.Clone(s.Left(g))
		R := slices.Clone(s.Right(g))
		nt := s.Number(t.neg())
		for i, o := range L {
			L[i] = s.add(s.cool(o, t), nt)
		}
		for i, o := range R {
			R[i] = s.add(s.cool(o, t), tg)
		}
		res = s.make(L, R)
	}
	s.ops[k] = res
	return res
}

// Heat returns g heated by t, ∫^t g: g for a number, else
// {∫g^L + t | ∫g^R − t} (Siegel, CGT, II.5).
//
// Its error is a *budget.Exceeded (errors.Is(err, budget.ErrExceeded)) when
// the work passes one of the Space's limits, or wraps the context's
// error when s.Context is done; see the package doc.
func (s *Space) Heat(g, t Game) (r Game, err error) {
	defer s.done(&err)
	return s.heat(g, t), nil
}

func (s *Space) heat(g, t Game) Game {
	if s.isNumber(g) {
		return g
	}
	k := opKey{opHeat, g, t}
	if r, ok := s.ops[k]; ok {
		return r
	}
	L := slices.Clone(s.Left(g))
	R := slices.Clone(s.Right(g))
	nt := s.neg(t)
	for i, o := range L {
		L[i] = s.add(s.heat(o, t), t)
	}
	for i, o := range R {
		R[i] = s.add(s.heat(o, t), nt)
	}
	res := s.make(L, R)
	s.ops[k] = res
	return res
}
