package stopper

import (
	"errors"

	"github.com/grundy-go/grundy/cgt"
)

// G.Pow(x) and G.PowTo(x) with an exponent x that is a pseudonumber — a
// number, on, off, x over or x under — as CGSuite defines them
// (CanonicalShortGame.pow and powTo): for a base G = {0|H},
//
//	G.PowTo(x) = G : x.Subordinate(1)     (0 for x = 0)
//	G.Pow(x)   = {0 | −G.PowTo(x − 1) + H}
//
// where G : K is the ordinal sum {G^L, G:K^L | G^R, G:K^R} and
// K.Subordinate(1) is the form of K without its Left moves to 0, every
// position of it having a Left move to a game ≥ 0 (Siegel, Combinatorial
// Game Theory, ch. II.4 on ↑^x and ch. VI on pseudonumbers; for a
// number n, ^.PowTo(n) is ^[n] and ^.Pow(n) is ^<n>, package cgt).

var errInvalidExponent = errors.New("Invalid exponent.")

// errBadBase is CGSuite's message for a base not of the form {0|H}.
var errBadBase = errors.New("Invalid base for `Pow` operation (base must be of the form {0|H}).")

// powBase checks that g is {0|H} and returns H.
func powBase(s *cgt.Space, g cgt.Game) (cgt.Game, error) {
	L, R := s.Left(g), s.Right(g)
	if len(L) != 1 || len(R) != 1 || L[0] != s.Integer(0) {
		return 0, errBadBase
	}
	return R[0], nil
}

// isPseudonumber reports whether the canonical stopper graph x (root 0)
// is a number, on, off, y over or y under.
func isPseudonumber(s *cgt.Space, x *Graph) bool {
	if g, ok := toShort(s, x); ok {
		_, num := s.IsNumber(g)
		return num
	}
	L, R := x.L[0], x.R[0]
	number := func(w int32) bool {
		g, ok := toShort(s, pack(x, w))
		if !ok {
			return false
		}
		_, num := s.IsNumber(g)
		return num
	}
	switch {
	case len(L) == 1 && L[0] == 0 && len(R) == 0, len(R) == 1 && R[0] == 0 && len(L) == 0: // on, off
		return true
	case len(L) == 1 && len(R) == 1 && R[0] == 0 && L[0] != 0: // y over
		return number(L[0])
	case len(L) == 1 && len(R) == 1 && L[0] == 0 && R[0] != 0: // y under
		return number(R[0])
	}
	return false
}

// toShort is the short game of the graph g (root 0) when it has no
// cycle.
func toShort(s *cgt.Space, g *Graph) (cgt.Game, bool) {
	short := isLoopfree(g)
	if !short[0] {
		return 0, false
	}
	memo := map[int32]cgt.Game{}
	var mk func(v int32) (cgt.Game, error)
	mk = func(v int32) (cgt.Game, error) {
		if x, ok := memo[v]; ok {
			return x, nil
		}
		var L, R []cgt.Game
		for side, opts := range [][]int32{g.L[v], g.R[v]} {
			for _, w := range opts {
				x, err := mk(w)
				if err != nil {
					return 0, err
				}
				if side == 0 {
					L = append(L, x)
				} else {
					R = append(R, x)
				}
			}
		}
		x, err := s.Make(L, R)
		memo[v] = x
		return x, err
	}
	x, err := mk(0)
	return x, err == nil
}

// PowTo is G.PowTo(x) for a short game g of s (any g, as in CGSuite;
// Pow needs {0|H}) and a stopper x that is a pseudonumber.
func PowTo(s *cgt.Space, g cgt.Game, x *Value, lim *Limits) (*Value, error) {
	if !x.IsStopper() || !isPseudonumber(s, x.On) {
		return nil, errInvalidExponent
	}
	X := x.On
	if h, ok := toShort(s, X); ok && h == s.Integer(0) {
		return FromGraph(shortGraph(s, s.Integer(0)), lim)
	}
	zero := shortGraph(s, s.Integer(0))
	ge, err := geqTable(X, zero, lim)
	if err != nil {
		return nil, err
	}
	le, err := geqTable(zero, X, lim)
	if err != nil {
		return nil, err
	}
	isZero := func(u int32) bool { return ge.ge(u, 0) && le.ge(0, u) }
	// The subordinate's positions are those reached from the root by
	// Left moves to games ≠ 0 and by Right moves; each needs a Left
	// move to a game ≥ 0.
	b := &builder{lim: lim}
	var gl, gr []int32
	for _, o := range s.Left(g) {
		v, err := b.shortGame(s, o)
		if err != nil {
			return nil, err
		}
		gl = append(gl, v)
	}
	for _, o := range s.Right(g) {
		v, err := b.shortGame(s, o)
		if err != nil {
			return nil, err
		}
		gr = append(gr, v)
	}
	id := map[int32]int32{}
	var visit func(u int32) (int32, error)
	visit = func(u int32) (int32, error) {
		if v, ok := id[u]; ok {
			return v, nil
		}
		hasGE := false
		for _, w := range X.L[u] {
			hasGE = hasGE || ge.ge(w, 0)
		}
		if !hasGE {
			return 0, errInvalidExponent
		}
		v, err := b.add()
		if err != nil {
			return 0, err
		}
		id[u] = v
		L, R := append([]int32{}, gl...), append([]int32{}, gr...)
		for _, w := range X.L[u] {
			if isZero(w) {
				continue
			}
			x, err := visit(w)
			if err != nil {
				return 0, err
			}
			L = append(L, x)
		}
		for _, w := range X.R[u] {
			x, err := visit(w)
			if err != nil {
				return 0, err
			}
			R = append(R, x)
		}
		b.g.L[v], b.g.R[v] = L, R
		return v, nil
	}
	root, err := visit(0)
	if err != nil {
		return nil, err
	}
	return FromGraph(pack(&b.g, root), lim)
}

// Pow is G.Pow(x) = {0 | −G.PowTo(x − 1) + H} for g = {0|H}.
func Pow(s *cgt.Space, g cgt.Game, x *Value, lim *Limits) (*Value, error) {
	h, err := powBase(s, g)
	if err != nil {
		return nil, err
	}
	if !x.IsStopper() || !isPseudonumber(s, x.On) {
		return nil, errInvalidExponent
	}
	minusOne, err := FromGraph(shortGraph(s, s.Integer(-1)), lim)
	if err != nil {
		return nil, err
	}
	x1, err := Add(x, minusOne, lim)
	if err != nil {
		return nil, err
	}
	pt, err := PowTo(s, g, x1, lim)
	if err != nil {
		return nil, err
	}
	hv, err := FromGraph(shortGraph(s, h), lim)
	if err != nil {
		return nil, err
	}
	r, err := Add(Negate(pt), hv, lim)
	if err != nil {
		return nil, err
	}
	if !r.IsStopper() {
		return nil, errInvalidExponent
	}
	b := &builder{lim: lim}
	root, err := b.add()
	if err != nil {
		return nil, err
	}
	z, err := b.shortGame(s, s.Integer(0))
	if err != nil {
		return nil, err
	}
	rv, err := b.embed(r.On)
	if err != nil {
		return nil, err
	}
	b.g.L[root], b.g.R[root] = []int32{z}, []int32{rv}
	return FromGraph(pack(&b.g, root), lim)
}

// shortGraph is the graph of the short game g.
func shortGraph(s *cgt.Space, g cgt.Game) *Graph {
	b := &builder{}
	root, _ := b.shortGame(s, g) // no limit: cannot fail
	return pack(&b.g, root)
}
