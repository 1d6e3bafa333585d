package cgt

import (
	"context"
	"encoding/binary"
	"fmt"
	"slices"

	"github.com/grundy-go/grundy/budget"
)

// Game is a short partizan game in canonical form: a handle into the Space
// that made it. Two handles of one Space are equal exactly when the games
// are equal, so == on Games is equality of values. Handles of different
// Spaces must not be mixed. The zero Game is 0 in every Space.
type Game int32

// Zero is the game 0 = { | } in every Space.
const Zero Game = 0

// Limits on the sizes this package represents. Bigger values are refused
// with an error matching budget.ErrExceeded, never a wrong answer.
const (
	MaxNimber   = 1 << 12 // *n with n < MaxNimber (CGSuite's bound too)
	MaxUpMult   = 1 << 12 // n·↑ with |n| < MaxUpMult
	MaxOptions  = 1 << 20 // options of one player in one canonical game
	MaxNodesDef = 1 << 26 // default bound on distinct games in a Space
)

// abort carries an error out of the recursion of one exported call: the
// package's internal functions panic with it (throw) and the exported
// methods recover it (catch) into their error result, the way
// encoding/json reports errors deep in its encoder. No other panic value
// is recovered, so a bug still crashes loudly.
type abort struct{ err error }

func throw(err error) { panic(abort{err}) }

// limit throws a *budget.Exceeded.
func limit(r budget.Resource, n int64, format string, args ...any) {
	throw(budget.Exceed(r, n, format, args...))
}

// done is catch for the methods of a Space: it also refuses a result
// that left the Space holding more games than MaxNodes (number-up-stars
// are stored past the bound, see newNode).
func (s *Space) done(err *error) {
	if r := recover(); r != nil {
		a, ok := r.(abort)
		if !ok {
			panic(r)
		}
		*err = a.err
		return
	}
	if maxN := s.maxNodes(); len(s.nodes) > maxN && *err == nil {
		*err = budget.Exceed(budget.Memory, int64(maxN), "more than %d distinct games in one computation", maxN)
	}
}

// catch turns an abort into *err; deferred by every exported method
// whose work can go past a limit or be cancelled.
func catch(err *error) {
	if r := recover(); r != nil {
		a, ok := r.(abort)
		if !ok {
			panic(r)
		}
		*err = a.err
	}
}

// nus is a number + up-multiple + nimber: x + n·↑ + *k.
type nus struct {
	num Dyadic
	up  int32
	nim uint32
}

func (v nus) isNumber() bool { return v.up == 0 && v.nim == 0 }

type node struct {
	left, right []Game
	isNus       bool
	hasOpts     bool // left/right are filled in (nus options are made on demand)
	hasNeg      bool
	stopsKnown  bool
	v           nus
	neg         Game
	birthday    int64 // -1 until known
	lstop       Dyadic
	rstop       Dyadic
	thermo      *Thermograph
}

// Space is a table of canonical games: every game made in it is stored
// once (hash-consing), so equal games share one handle, and the results of
// sums and comparisons are memoised by handle. A Space is not safe for
// concurrent use. Memory grows with every new game; drop the Space to free
// it.
type Space struct {
	nodes  []node
	nusIdx map[nus]Game
	optIdx map[string]Game
	sums   memoTable // Game(g)<<32 | h, g ≤ h → g + h
	leqs   memoTable // g<<32 | h → 1 if g ≤ h, else 0
	ops    map[opKey]Game
	keybuf []byte
	canons []*canon

	// MaxNodes bounds the number of distinct games; 0 means MaxNodesDef.
	MaxNodes int
	// MaxSteps bounds the work (sums, comparisons and canonicalisations
	// not answered from the memo) of the Space's whole life; 0 means no
	// bound. Going past it, an operation returns a *budget.Exceeded
	// (Resource budget.Steps), and so does every later one that works.
	MaxSteps int64
	// Context, if set, is checked every few thousand steps; once it is
	// done, operations return an error wrapping the context's error
	// (errors.Is(err, context.DeadlineExceeded) holds after a timeout).
	Context context.Context
	steps   int64
	noMemo  bool // for benchmarks: do not memoise sums and comparisons
	// Stats counts work, for benchmarks.
	Stats Stats
}

// Stats counts calls and memo hits of the memoised operations.
type Stats struct {
	SumCalls, SumHits int64
	LeqCalls, LeqHits int64
}

type opKey struct {
	op   uint8
	a, b Game
}

const (
	opCool uint8 = iota + 1
	opHeat
	opAtomic
	opAllSmall
	opNorton
	opOrdinal
	opFarStar
)

// NewSpace returns an empty Space holding only 0.
func NewSpace() *Space {
	s := &Space{
		nusIdx: map[nus]Game{},
		optIdx: map[string]Game{},
		ops:    map[opKey]Game{},
	}
	s.nusGame(nus{}) // handle 0
	return s
}

// Len returns the number of distinct games stored in s.
func (s *Space) Len() int { return len(s.nodes) }

func (s *Space) maxNodes() int {
	if s.MaxNodes <= 0 {
		return MaxNodesDef
	}
	return s.MaxNodes
}

// checkNodes throws once the Space holds more games than MaxNodes.
func (s *Space) checkNodes() {
	if maxN := s.maxNodes(); len(s.nodes) > maxN {
		limit(budget.Memory, int64(maxN), "more than %d distinct games in one computation", maxN)
	}
}

// newNode stores a new game. Games with options are refused past
// MaxNodes; number-up-stars are not, so that Number, Integer and Star
// cannot fail: the next step of work (step) finds the Space over its
// bound instead.
func (s *Space) newNode(n node) Game {
	if !n.isNus && len(s.nodes) >= s.maxNodes() {
		limit(budget.Memory, int64(s.maxNodes()), "more than %d distinct games in one computation", s.maxNodes())
	}
	n.birthday = -1
	s.nodes = append(s.nodes, n)
	return Game(len(s.nodes) - 1)
}

func (s *Space) nusGame(v nus) Game {
	if g, ok := s.nusIdx[v]; ok {
		return g
	}
	if v.nim >= MaxNimber {
		limit(budget.Size, MaxNimber-1, "nimber *%d is too large (at most *%d)", v.nim, MaxNimber-1)
	}
	if v.up >= MaxUpMult || v.up <= -MaxUpMult {
		limit(budget.Size, MaxUpMult-1, "up multiple %d is too large (at most %d)", v.up, MaxUpMult-1)
	}
	g := s.newNode(node{isNus: true, v: v})
	s.nusIdx[v] = g
	return g
}

// Number returns the game x.
func (s *Space) Number(x Dyadic) Game { return s.nusGame(nus{num: x}) }

// Integer returns the game n.
func (s *Space) Integer(n int64) Game { return s.Number(Int(n)) }

// Nimber returns *n.
//
// Its error is a *budget.Exceeded (errors.Is(err, budget.ErrExceeded)) when
// the work passes one of the Space's limits, or wraps the context's
// error when s.Context is done; see the package doc.
func (s *Space) Nimber(n int) (r Game, err error) {
	defer s.done(&err)
	return s.nimber(n), nil
}

func (s *Space) nimber(n int) Game {
	if n < 0 || n >= MaxNimber {
		limit(budget.Size, MaxNimber-1, "nimber *%d out of range (0 to %d)", n, MaxNimber-1)
	}
	return s.nusGame(nus{nim: uint32(n)})
}

// Star returns * = {0|0}.
func (s *Space) Star() Game { return s.nusGame(nus{nim: 1}) }

// NumberUpStar returns x + n·↑ + *k.
//
// Its error is a *budget.Exceeded (errors.Is(err, budget.ErrExceeded)) when
// the work passes one of the Space's limits, or wraps the context's
// error when s.Context is done; see the package doc.
func (s *Space) NumberUpStar(x Dyadic, n int, k int) (r Game, err error) {
	defer s.done(&err)
	return s.numberUpStar(x, n, k), nil
}

func (s *Space) numberUpStar(x Dyadic, n int, k int) Game {
	if k < 0 || k >= MaxNimber {
		limit(budget.Size, MaxNimber-1, "nimber *%d out of range (0 to %d)", k, MaxNimber-1)
	}
	if n >= MaxUpMult || n <= -MaxUpMult {
		limit(budget.Size, MaxUpMult-1, "up multiple %d is too large (at most %d)", n, MaxUpMult-1)
	}
	return s.nusGame(nus{num: x, up: int32(n), nim: uint32(k)})
}

// IsNumber reports whether g is a number, and which.
func (s *Space) IsNumber(g Game) (Dyadic, bool) {
	n := &s.nodes[g]
	if n.isNus && n.v.isNumber() {
		return n.v.num, true
	}
	return Dyadic{}, false
}

func (s *Space) isNumber(g Game) bool {
	n := &s.nodes[g]
	return n.isNus && n.v.up == 0 && n.v.nim == 0
}

// IsNimber reports whether g is a nimber *n, and which.
func (s *Space) IsNimber(g Game) (int, bool) {
	n := &s.nodes[g]
	if n.isNus && n.v.num.Sign() == 0 && n.v.up == 0 {
		return int(n.v.nim), true
	}
	return 0, false
}

// NumberUpStarParts reports whether g = x + n·↑ + *k, and the parts.
func (s *Space) NumberUpStarParts(g Game) (x Dyadic, n int, k int, ok bool) {
	nd := &s.nodes[g]
	if !nd.isNus {
		return Dyadic{}, 0, 0, false
	}
	return nd.v.num, int(nd.v.up), int(nd.v.nim), true
}

// Left returns the canonical Left options of g, in handle order. The
// slice belongs to s and must not be modified.
func (s *Space) Left(g Game) []Game {
	if !s.nodes[g].hasOpts {
		s.materialise(g)
	}
	return s.nodes[g].left
}

// Right returns the canonical Right options of g, in handle order.
func (s *Space) Right(g Game) []Game {
	if !s.nodes[g].hasOpts {
		s.materialise(g)
	}
	return s.nodes[g].right
}

// materialise fills in the canonical options of a number-up-star (Siegel,
// CGT, ch. II.4: the canonical forms of numbers, nimbers and x + n·↑ + *k).
func (s *Space) materialise(g Game) {
	v := s.nodes[g].v
	var L, R []Game
	x := v.num
	switch {
	case v.isNumber():
		switch {
		case x.Sign() == 0:
		// The options are nearer 0 than x or share its numerator's
		// half, so they are computed without overflow for every x (Left
		// and Right cannot fail).
		case x.IsInt() && x.Sign() > 0:
			L = []Game{s.Number(Dyadic{x.num - 1, 0})}
		case x.IsInt():
			R = []Game{s.Number(Dyadic{x.num + 1, 0})}
		default:
			// x = (2q+1)/2^k: its options are 2q/2^k and (2q+2)/2^k.
			q := x.num >> 1
			L = []Game{s.Number(Dyadic{q, x.exp - 1}.norm())}
			R = []Game{s.Number(Dyadic{q + 1, x.exp - 1}.norm())}
		}
	case v.up == 0:
		if v.nim > MaxOptions {
			limit(budget.Size, MaxOptions, "*%d has too many options", v.nim)
		}
		L = make([]Game, v.nim)
		for j := range L {
			L[j] = s.nusGame(nus{num: x, nim: uint32(j)})
		}
		R = slices.Clone(L)
	default:
		xg := s.Number(x)
		switch {
		case v.up == 1 && v.nim == 1:
			L = []Game{xg, s.nusGame(nus{num: x, nim: 1})}
			R = []Game{xg}
		case v.up == -1 && v.nim == 1:
			L = []Game{xg}
			R = []Game{xg, s.nusGame(nus{num: x, nim: 1})}
		case v.up > 0:
			L = []Game{xg}
			R = []Game{s.nusGame(nus{num: x, up: v.up - 1, nim: v.nim ^ 1})}
		default:
			L = []Game{s.nusGame(nus{num: x, up: v.up + 1, nim: v.nim ^ 1})}
			R = []Game{xg}
		}
	}
	slices.Sort(L)
	slices.Sort(R)
	n := &s.nodes[g]
	n.left, n.right, n.hasOpts = L, R, true
}

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
	ng, nh := &s.nodes[g], &s.nodes[h]
	if ng.isNus && nh.isNus {
		return nusLeq(ng.v, nh.v)
	}
	s.Stats.LeqCalls++
	key := uint64(uint32(g))<<32 | uint64(uint32(h))
	if r, ok := s.leqs.get(key); ok && !s.noMemo {
		s.Stats.LeqHits++
		return r == 1
	}
	s.step()
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
	if !s.noMemo {
		v := int32(0)
		if res {
			v = 1
		}
		s.leqs.put(key, v)
	}
	return res
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
	n := &s.nodes[g]
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
	s.nodes[g].neg, s.nodes[g].hasNeg = res, true
	s.nodes[res].neg, s.nodes[res].hasNeg = g, true
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
	ng, nh := &s.nodes[g], &s.nodes[h]
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
// the result is the unique simplest form of the game, Theorem II.2.9), in
// the order CGSuite uses.
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
			return s.nimber(ml)
		}
	}
	c := s.getCanon()
	L = c.bypassLeft(L, R)
	R = c.bypassRight(L, R)
	s.putCanon(c)
	L = s.removeDominated(L, true)
	R = s.removeDominated(R, false)
	return s.fromCanonical(L, R)
}

// Steps returns the work done so far (see MaxSteps).
func (s *Space) Steps() int64 { return s.steps }

func (s *Space) step() {
	s.steps++
	if s.MaxSteps > 0 && s.steps > s.MaxSteps {
		limit(budget.Steps, s.MaxSteps, "the computation needs more than %d steps; it is too large", s.MaxSteps)
	}
	if s.steps&4095 == 0 {
		s.checkNodes()
		if s.Context != nil {
			if err := s.Context.Err(); err != nil {
				throw(fmt.Errorf("computation stopped: %w", err))
			}
		}
	}
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
	var big map[int]bool
	for _, o := range opts {
		k, ok := s.IsNimber(o)
		if !ok {
			return -1
		}
		if k < 256 {
			small[k>>6] |= 1 << (k & 63)
		} else {
			if big == nil {
				big = map[int]bool{}
			}
			big[k] = true
		}
	}
	m := 0
	for m < 256 && small[m>>6]&(1<<(m&63)) != 0 {
		m++
	}
	if m == 256 {
		for big[m] {
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

func (s *Space) optKey(L, R []Game) string {
	b := s.keybuf[:0]
	b = binary.AppendUvarint(b, uint64(len(L)))
	for _, g := range L {
		b = binary.AppendUvarint(b, uint64(g))
	}
	for _, g := range R {
		b = binary.AppendUvarint(b, uint64(g))
	}
	s.keybuf = b
	return string(b)
}

// fromCanonical returns the game whose canonical options are L and R.
func (s *Space) fromCanonical(L, R []Game) Game {
	slices.Sort(L)
	slices.Sort(R)
	key := s.optKey(L, R)
	if g, ok := s.optIdx[key]; ok {
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
	g := s.newNode(node{left: slices.Clip(L), right: slices.Clip(R), hasOpts: true})
	s.optIdx[key] = g
	return g
}

// recogniseNus finds the number-up-star whose canonical options are L, R
// (both sorted, canonical), if there is one; the patterns are those of
// materialise, read backwards.
func (s *Space) recogniseNus(L, R []Game) (nus, bool) {
	get := func(g Game) (nus, bool) {
		n := &s.nodes[g]
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
		return nus{num: x.num, nim: uint32(len(L))}, true
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
		n := &src.nodes[g]
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
