package cgt

import (
	"context"
	"fmt"
	"math"
	"slices"
	"unsafe"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/internal/arena"
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
	if maxN := s.maxNodes(); s.nodes.len() > maxN && *err == nil {
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

// MaxNimber is the largest nimber: *n for every n < 2^64, the field of
// nimbers below the Fermat 2-power 2^64, closed under nim-sum and
// nim-product (Conway, ONAG ch. 6), so that their arithmetic never leaves
// it. CGSuite's canonical games take *n for n < 2^31 or more; an
// operation that needs the options of such a nimber (ordinal sums,
// products) still meets MaxOptions.
const MaxNimber uint64 = 1<<64 - 1

// nus is a number + up-multiple + nimber: x + n·↑ + *k.
type nus struct {
	num Dyadic
	up  int32
	nim uint64
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
	nodes  nodeStore
	nusIdx map[nus]Game
	optIdx map[string]Game
	sums   memoTable // Game(g)<<32 | h, g ≤ h → g + h
	leqs   memoTable // g<<32 | h → 1 if g ≤ h, else 0
	ops    map[opKey]Game
	keybuf []byte
	// optLists and optKeys hold the games' option lists and optIdx's
	// keys: allocated one by one, they shared spans with the garbage of
	// the lists being built, which collections left partly empty (4×4
	// Amazons under a 128 MiB budget: 149 MB live in 194 MB of heap).
	optLists arena.Slices[Game]
	optKeys  arena.Strings
	canons   []*canon

	uptimals map[Game]*Uptimal // uptimal expansions found (nil: not an uptimal)
	sorted   map[opKey][]Game  // options in CGSuite's order (sortedOptions)

	// MaxNodes bounds the number of distinct games; 0 means MaxNodesDef.
	MaxNodes int
	// MaxSteps bounds the work (sums, comparisons and canonicalisations
	// not answered from the memo) of the Space's whole life; 0 means no
	// bound. Going past it, an operation returns a *budget.Exceeded
	// (Resource budget.Steps), and so does every later one that works.
	MaxSteps int64
	// Memory, if set, is the memory budget the Space's tables charge as
	// they grow (the games, their options, the indexes and the memos of
	// sums and comparisons), checked every few thousand steps; past it an
	// operation returns the budget's *budget.Exceeded (Resource
	// budget.Memory), naming the limit. Several Spaces may share one
	// budget. Release gives the charge back.
	Memory   *budget.Bytes
	charged  int64 // bytes charged to Memory so far
	optBytes int64 // bytes of option slices and index keys (footprint)
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
	s.sums.beforeGrow = s.chargeGrowth
	s.leqs.beforeGrow = s.chargeGrowth
	s.nusGame(nus{}) // handle 0
	return s
}

// Len returns the number of distinct games stored in s.
func (s *Space) Len() int { return s.nodes.len() }

func (s *Space) maxNodes() int {
	if s.MaxNodes <= 0 {
		return MaxNodesDef
	}
	return s.MaxNodes
}

// checkNodes throws once the Space holds more games than MaxNodes.
func (s *Space) checkNodes() {
	if maxN := s.maxNodes(); s.nodes.len() > maxN {
		limit(budget.Memory, int64(maxN), "more than %d distinct games in one computation", maxN)
	}
}

// newNode stores a new game. Games with options are refused past
// MaxNodes; number-up-stars are not, so that Number, Integer and Star
// cannot fail: the next step of work (step) finds the Space over its
// bound instead.
func (s *Space) newNode(n node) Game {
	if !n.isNus && s.nodes.len() >= s.maxNodes() {
		limit(budget.Memory, int64(s.maxNodes()), "more than %d distinct games in one computation", s.maxNodes())
	}
	n.birthday = -1
	s.optBytes += 4 * int64(len(n.left)+len(n.right))
	return s.nodes.add(n)
}

func (s *Space) nusGame(v nus) Game {
	if g, ok := s.nusIdx[v]; ok {
		return g
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
	if n < 0 {
		return 0, fmt.Errorf("nimber *%d: a nimber's index is not negative", n)
	}
	return s.nimber(uint64(n)), nil
}

// Nimber64 returns *n for any n < 2^64.
func (s *Space) Nimber64(n uint64) Game { return s.nimber(n) }

func (s *Space) nimber(n uint64) Game {
	return s.nusGame(nus{nim: n})
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
	if k < 0 {
		return 0, fmt.Errorf("nimber *%d: a nimber's index is not negative", k)
	}
	return s.numberUpStar(x, n, uint64(k)), nil
}

func (s *Space) numberUpStar(x Dyadic, n int, k uint64) Game {
	if n >= MaxUpMult || n <= -MaxUpMult {
		limit(budget.Size, MaxUpMult-1, "up multiple %d is too large (at most %d)", n, MaxUpMult-1)
	}
	return s.nusGame(nus{num: x, up: int32(n), nim: k})
}

// IsNumber reports whether g is a number, and which.
func (s *Space) IsNumber(g Game) (Dyadic, bool) {
	n := s.nodes.at(g)
	if n.isNus && n.v.isNumber() {
		return n.v.num, true
	}
	return Dyadic{}, false
}

func (s *Space) isNumber(g Game) bool {
	n := s.nodes.at(g)
	return n.isNus && n.v.up == 0 && n.v.nim == 0
}

// IsNimber reports whether g is a nimber *n whose n fits an int (n <
// 2^63), and which; Nimber64Of reports every nimber, up to *(2^64−1).
func (s *Space) IsNimber(g Game) (int, bool) {
	k, ok := s.nimberOf(g)
	if !ok || k > math.MaxInt {
		return 0, false
	}
	return int(k), true
}

// Nimber64Of reports whether g is a nimber *n, and which.
func (s *Space) Nimber64Of(g Game) (uint64, bool) { return s.nimberOf(g) }

func (s *Space) nimberOf(g Game) (uint64, bool) {
	n := s.nodes.at(g)
	if n.isNus && n.v.num.Sign() == 0 && n.v.up == 0 {
		return n.v.nim, true
	}
	return 0, false
}

// NumberUpStarParts reports whether g = x + n·↑ + *k with k < 2^63 (an
// int), and the parts; NumberUpStarParts64 takes every k.
func (s *Space) NumberUpStarParts(g Game) (x Dyadic, n int, k int, ok bool) {
	x, n, k64, ok := s.nusParts(g)
	if !ok || k64 > math.MaxInt {
		return Dyadic{}, 0, 0, false
	}
	return x, n, int(k64), true
}

// NumberUpStarParts64 reports whether g = x + n·↑ + *k, and the parts.
func (s *Space) NumberUpStarParts64(g Game) (x Dyadic, n int, k uint64, ok bool) {
	return s.nusParts(g)
}

func (s *Space) nusParts(g Game) (x Dyadic, n int, k uint64, ok bool) {
	nd := s.nodes.at(g)
	if !nd.isNus {
		return Dyadic{}, 0, 0, false
	}
	return nd.v.num, int(nd.v.up), nd.v.nim, true
}

// Left returns the canonical Left options of g, in handle order. The
// slice belongs to s and must not be modified.
func (s *Space) Left(g Game) []Game {
	if !s.nodes.at(g).hasOpts {
		s.materialise(g)
	}
	return s.nodes.at(g).left
}

// Right returns the canonical Right options of g, in handle order.
func (s *Space) Right(g Game) []Game {
	if !s.nodes.at(g).hasOpts {
		s.materialise(g)
	}
	return s.nodes.at(g).right
}

// materialise fills in the canonical options of a number-up-star (Siegel,
// CGT, ch. II.4: the canonical forms of numbers, nimbers and x + n·↑ + *k).
func (s *Space) materialise(g Game) {
	v := s.nodes.at(g).v
	var L, R []Game
	x := v.num
	switch {
	case v.isNumber():
		switch {
		case x.Sign() == 0:
		// The options are nearer 0 than x or share its numerator's
		// size, so they are computed without passing MaxBits for every
		// x (Left and Right cannot fail).
		case x.IsInt() && x.Sign() > 0:
			L = []Game{s.Number(x.sub(one))}
		case x.IsInt():
			R = []Game{s.Number(x.add(one))}
		default:
			// x = (2q+1)/2^k: its options are 2q/2^k and (2q+2)/2^k.
			u := Dyadic{num: 1, exp: x.exp}
			L = []Game{s.Number(x.sub(u))}
			R = []Game{s.Number(x.add(u))}
		}
	case v.up == 0:
		if v.nim > MaxOptions {
			limit(budget.Size, MaxOptions, "*%d has too many options", v.nim)
		}
		L = make([]Game, v.nim)
		for j := range L {
			L[j] = s.nusGame(nus{num: x, nim: uint64(j)})
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
	s.optBytes += 4 * int64(len(L)+len(R))
	n := s.nodes.at(g)
	n.left, n.right, n.hasOpts = s.optLists.Copy(L), s.optLists.Copy(R), true
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
		s.chargeMemory()
		if s.Context != nil {
			if err := s.Context.Err(); err != nil {
				throw(fmt.Errorf("computation stopped: %w", err))
			}
		}
	}
}

// Per-item costs of footprint, in bytes: a node (its chunks are charged
// whole, nodeStore), and one entry of a Go map index (key, value and the
// map's own overhead).
const (
	nodeBytes     = int64(unsafe.Sizeof(node{}))
	mapEntryBytes = 48
)

// footprint estimates the bytes the Space holds: its games, their
// option lists, the indexes that find them and the memo tables.
func (s *Space) footprint() int64 {
	return int64(s.nodes.capacity())*nodeBytes + s.optBytes +
		int64(len(s.optIdx)+len(s.nusIdx)+len(s.ops))*mapEntryBytes +
		int64(len(s.sums.keys)+len(s.leqs.keys))*12
}

// chargeMemory charges Memory with what the Space has grown by since the
// last charge, and throws the budget's error when it is spent.
func (s *Space) chargeMemory() { s.chargeTo(s.footprint()) }

// chargeGrowth is called by a memo table before it allocates arrays of
// slots more slots: they are charged up front, with the old ones still
// alive while their entries move (the table of comparisons went from 48
// to 96 MiB between two charges, past a 128 MiB budget), and the old
// ones are given back at the next charge (chargeTo).
func (s *Space) chargeGrowth(slots int) { s.chargeTo(s.footprint() + 12*int64(slots)) }

// chargeTo makes the Space's charge f bytes, and throws the budget's
// error when it is spent.
func (s *Space) chargeTo(f int64) {
	if s.Memory == nil {
		return
	}
	switch {
	case f > s.charged:
		if err := s.Memory.Charge(f-s.charged, "the canonical forms of this computation"); err != nil {
			throw(err)
		}
	case f < s.charged:
		s.Memory.Release(s.charged - f)
	}
	s.charged = f
}

// Release gives back to Memory all the Space has charged to it; call it
// when the Space is dropped and the budget lives on.
func (s *Space) Release() {
	s.Memory.Release(s.charged)
	s.charged = 0
}
