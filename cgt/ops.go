package cgt

import (
	"math/big"
	"slices"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/nimber"
)

// CGSuite's operations and predicates on canonical short games, each as
// CGSuite defines it (org.cgsuite.core.CanonicalShortGame and
// CanonicalShortGameOps, whose definitions follow Siegel, Combinatorial
// Game Theory, 2013): atomic weight of atomic games, companion, reduced
// canonical form, incentives, followers, stop count, parity and
// temper, overheating, Conway and ordinal products, conjunctive and
// selective sums, subordinate.

const (
	opCompanion uint8 = iota + 64
	opStarProj
	opConway
	opConj
	opSel
	opEvenT // 1 if even-tempered
	opOddT  // 1 if odd-tempered
	opEven
	opOdd
	opSortedL
	opSortedR
)

// MaxDeepBirthday bounds the birthday of an argument that an operation
// follows option by option down to 0 (ordinal sums and products,
// selective and conjunctive sums, subordinates): each level of that
// recursion is a few Go stack frames, and a number such as 10^8 is stored
// by its value, so without the bound 'OrdinalSum(*, 100000000)' went
// 10^8 levels deep and overflowed the stack (issue 19).
const MaxDeepBirthday = 1 << 16

// shallow refuses g as an argument of the operation op (named in the
// error) when its birthday passes MaxDeepBirthday.
func (s *Space) shallow(op string, g Game) {
	if b := s.Birthday(g); b > MaxDeepBirthday {
		limit(budget.Depth, MaxDeepBirthday, "%s: an argument born on day %d is too deep to follow option by option (at most day %d)", op, b, MaxDeepBirthday)
	}
}

// memo2 returns the memoised result of op on (a, b), or computes it.
func (s *Space) memo2(op uint8, a, b Game, f func() Game) Game {
	k := opKey{op, a, b}
	if r, ok := s.ops[k]; ok {
		return r
	}
	s.step()
	r := f()
	s.ops[k] = r
	return r
}

// IsAtomic reports whether g has an atomic weight (CGSuite's IsAtomic):
// g is infinitesimal and either all-small, or g − AW·↑ lies between −ε
// and ε for ε = ↑* + (*2^k : −1), 2^k above every nimber in g (Siegel,
// CGT, II.7, the atomic weight calculus for atomic games).
func (s *Space) atomicWeightGeneral(g Game) (Game, bool) {
	if !s.isInfinitesimal(g) {
		return 0, false
	}
	w := s.atomicWeight(g)
	if s.isAllSmall(g) {
		return w, true
	}
	diff := s.sub(g, s.nortonMultiply(w, s.numberUpStar(Dyadic{}, 1, 0)))
	fs := s.farStar(g)
	p := uint64(2)
	for p < fs {
		if p == 1<<63 {
			limit(budget.Size, 64, "a nimber beyond *(2^64-1) (the largest nimber here)")
		}
		p <<= 1
	}
	kite := s.ordinalSum(s.nimber(p), s.Integer(-1))
	eps := s.add(s.numberUpStar(Dyadic{}, 1, 1), kite)
	if s.leq(diff, eps) && s.leq(s.neg(eps), diff) {
		return w, true
	}
	return 0, false
}

// companion is CGSuite's Companion: the nimber *k for k ≥ 2, ↑·n + *(k⊕1)
// for the number-up-stars n·↑ + *k with k ≤ 1, and otherwise
// {companions of g^L, 0 if g ≥ 0 | companions of g^R, 0 if g ≤ 0}.
func (s *Space) companion(g Game) Game {
	if x, n, k, ok := s.nusParts(g); ok && x.Sign() == 0 {
		if k >= 2 {
			return g
		}
		return s.numberUpStar(Dyadic{}, n, k^1)
	}
	if s.isNumber(g) {
		// A number x ≠ 0 is its own companion: by induction on its
		// options, {x^L, 0 | x^R} = x for x > 0 (and {*, 0 | x^R} = x
		// when x^L = 0), symmetrically for x < 0.
		return g
	}
	return s.memo2(opCompanion, g, 0, func() Game {
		var L, R []Game
		for _, o := range slices.Clone(s.Left(g)) {
			L = append(L, s.companion(o))
		}
		for _, o := range slices.Clone(s.Right(g)) {
			R = append(R, s.companion(o))
		}
		if s.leq(Zero, g) {
			L = append(L, Zero)
		}
		if s.leq(g, Zero) {
			R = append(R, Zero)
		}
		return s.make(L, R)
	})
}

// reducedCanonicalForm is the simplest game infinitely close to g
// (Siegel, CGT, II.6; Calistrate's reduced canonical form): the number
// part of a number-up-star, otherwise the star projection of g heated by
// * (CGSuite's rcf).
func (s *Space) reducedCanonicalForm(g Game) Game {
	if n := s.nodes.at(g); n.isNus {
		return s.Number(n.v.num)
	}
	return s.starProjection(s.heat(g, s.Star()))
}

func (s *Space) starProjection(g Game) Game {
	if s.isNumber(g) {
		return g
	}
	if x, n, k, ok := s.nusParts(g); ok && n == 0 && k == 1 {
		return s.Number(x)
	}
	return s.memo2(opStarProj, g, 0, func() Game {
		L := slices.Clone(s.Left(g))
		R := slices.Clone(s.Right(g))
		for i, o := range L {
			L[i] = s.starProjection(o)
		}
		for i, o := range R {
			R[i] = s.starProjection(o)
		}
		return s.make(L, R)
	})
}

// incentivesOf returns the incentives g^L − g (left) and g − g^R
// (right), duplicates and dominated ones (smaller) removed.
func (s *Space) incentivesOf(g Game, left, right bool) []Game {
	var in []Game
	if left {
		for _, o := range slices.Clone(s.Left(g)) {
			in = append(in, s.sub(o, g))
		}
	}
	if right {
		for _, o := range slices.Clone(s.Right(g)) {
			in = append(in, s.sub(g, o))
		}
	}
	return s.removeDominated(dedupe(in), true)
}

// followers returns every follower of g (g included) in its canonical
// form, up to max of them; ok is false when there are more.
func (s *Space) followers(g Game, max int) (fs []Game, ok bool) {
	seen := map[Game]bool{}
	stack := []Game{g}
	for len(stack) > 0 {
		h := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[h] {
			continue
		}
		if len(seen) >= max {
			return nil, false
		}
		seen[h] = true
		fs = append(fs, h)
		if x, ok := s.IsNumber(h); ok && x.IsInt() && uabs(x.num) > uint64(max) {
			return nil, false // n has |n| + 1 followers
		}
		stack = append(stack, s.Left(h)...)
		stack = append(stack, s.Right(h)...)
	}
	return fs, true
}

// followerCount counts the followers of g; integers are counted without
// listing them (n has |n| + 1 followers).
func (s *Space) followerCount(g Game) *big.Int {
	if x, ok := s.IsNumber(g); ok && x.IsInt() {
		n := new(big.Int).SetUint64(uabs(x.num))
		return n.Add(n, big.NewInt(1))
	}
	seen := map[Game]bool{}
	var ints []int64 // integers met: their followers are one chain to 0
	var walk func(h Game)
	walk = func(h Game) {
		if seen[h] {
			return
		}
		s.step()
		seen[h] = true
		if x, ok := s.IsNumber(h); ok && x.IsInt() {
			ints = append(ints, x.num)
			return
		}
		for _, o := range s.Left(h) {
			walk(o)
		}
		for _, o := range s.Right(h) {
			walk(o)
		}
	}
	walk(g)
	// The integers below the largest positive and above the smallest
	// negative one are followers too.
	var hi, lo int64
	for _, n := range ints {
		hi, lo = max(hi, n), min(lo, n)
	}
	// Every integer in [lo, hi] is a follower, and those met are
	// counted in seen already.
	n := new(big.Int).Sub(big.NewInt(hi), big.NewInt(lo))
	n.Add(n, big.NewInt(1))
	n.Sub(n, big.NewInt(int64(len(ints))))
	return n.Add(n, big.NewInt(int64(len(seen))))
}

// stopCount is CGSuite's StopCount: the number of leaves of g's game tree
// when every number is a leaf; 2·3^(k−1) for *k.
func (s *Space) stopCount(g Game, memo map[Game]*big.Int) *big.Int {
	if r, ok := memo[g]; ok {
		return r
	}
	s.step()
	var r *big.Int
	if x, n, k, ok := s.nusParts(g); ok && n == 0 {
		_ = x
		if k == 0 {
			r = big.NewInt(1)
		} else {
			r = new(big.Int).Exp(big.NewInt(3), big.NewInt(int64(k-1)), nil)
			r.Mul(r, big.NewInt(2))
		}
	} else {
		r = new(big.Int)
		for _, o := range s.Left(g) {
			r.Add(r, s.stopCount(o, memo))
		}
		for _, o := range s.Right(g) {
			r.Add(r, s.stopCount(o, memo))
		}
	}
	memo[g] = r
	return r
}

// isEven and isOdd: an integer is even or odd by its parity, n* by that
// of n + 1; another game is even when all its options are odd, odd when
// all are even (Siegel, CGT, V; CGSuite's IsEven/IsOdd).
func (s *Space) parity(g Game, even bool) bool {
	if x, n, k, ok := s.nusParts(g); ok {
		if !x.IsInt() || n != 0 || k > 1 {
			return false
		}
		p := (x.num%2 + 2 + int64(k)) % 2
		return p == 0 == even
	}
	op := opOdd
	if even {
		op = opEven
	}
	return s.memo2(op, g, 0, func() Game {
		for _, o := range append(slices.Clone(s.Left(g)), s.Right(g)...) {
			if !s.parity(o, !even) {
				return 0
			}
		}
		return 1
	}) == 1
}

// tempered: even-tempered (a number, or every option odd-tempered) or
// odd-tempered (x* for a number x, or every option even-tempered)
// (Siegel, CGT, III.4; CGSuite's IsEvenTempered/IsOddTempered).
func (s *Space) tempered(g Game, even bool) bool {
	if _, n, k, ok := s.nusParts(g); ok {
		if even {
			return n == 0 && k == 0
		}
		return n == 0 && k == 1
	}
	op := opOddT
	if even {
		op = opEvenT
	}
	return s.memo2(op, g, 0, func() Game {
		for _, o := range append(slices.Clone(s.Left(g)), s.Right(g)...) {
			if !s.tempered(o, !even) {
				return 0
			}
		}
		return 1
	}) == 1
}

// overheat is CGSuite's Overheat(G, s, t): g copies of s (Norton) for an
// integer g, else {overheat(g^L) + t | overheat(g^R) − t} (Berlekamp's
// overheating, WW ch. 6; Siegel, CGT, II.5).
func (s *Space) overheat(g, by, t Game, memo map[Game]Game) Game {
	if x, ok := s.IsNumber(g); ok && x.IsInt() {
		return s.nortonMultiply(g, by)
	}
	if r, ok := memo[g]; ok {
		return r
	}
	s.step()
	L := slices.Clone(s.Left(g))
	R := slices.Clone(s.Right(g))
	for i, o := range L {
		L[i] = s.add(s.overheat(o, by, t, memo), t)
	}
	for i, o := range R {
		R[i] = s.sub(s.overheat(o, by, t, memo), t)
	}
	r := s.make(L, R)
	memo[g] = r
	return r
}

// conwayProduct is CGSuite's ConwayProduct: nim multiplication for two
// nimbers, otherwise {G^L·H + G·H^L − G^L·H^L, G^R·H + G·H^R − G^R·H^R |
// G^L·H + G·H^R − G^L·H^R, G^R·H + G·H^L − G^R·H^L} on canonical forms
// (ONAG ch. 1; for numbers it is their product).
func (s *Space) conwayProduct(g, h Game) Game {
	if a, ok := s.nimberOf(g); ok {
		if b, ok := s.nimberOf(h); ok {
			return s.nimber(nimber.Mul(a, b)) // closed: products of nimbers below 2^64 stay below
		}
	}
	if x, ok := s.IsNumber(g); ok {
		if y, ok := s.IsNumber(h); ok {
			return s.Number(x.mul(y)) // the product of numbers
		}
	}
	for _, a := range []Game{g, h} {
		if x, ok := s.IsNumber(a); ok && (x.num > 1<<10 || x.num < -(1<<10)) {
			limit(budget.Size, 1<<10, "a Conway product with the number %v: too large (the recursion follows its options)", x)
		}
	}
	return s.memo2(opConway, g, h, func() Game {
		gl, gr := slices.Clone(s.Left(g)), slices.Clone(s.Right(g))
		hl, hr := slices.Clone(s.Left(h)), slices.Clone(s.Right(h))
		term := func(a, b Game) Game {
			return s.sub(s.add(s.conwayProduct(a, h), s.conwayProduct(g, b)), s.conwayProduct(a, b))
		}
		var L, R []Game
		for _, a := range gl {
			for _, b := range hl {
				L = append(L, term(a, b))
			}
		}
		for _, a := range gr {
			for _, b := range hr {
				L = append(L, term(a, b))
			}
		}
		for _, a := range gl {
			for _, b := range hr {
				R = append(R, term(a, b))
			}
		}
		for _, a := range gr {
			for _, b := range hl {
				R = append(R, term(a, b))
			}
		}
		return s.make(L, R)
	})
}

// nimProduct is Conway's nim multiplication (ONAG ch. 6), package
// nimber's.
func nimProduct(a, b uint64) uint64 { return nimber.Mul(a, b) }

// conjunctive is the conjunctive sum of the canonical forms of g and h:
// {g^L ∧ h^L | g^R ∧ h^R} (WW ch. 9; CGSuite's ConjunctiveSum): move in
// both components; it ends when either does.
func (s *Space) conjunctive(g, h Game) Game {
	if s.Birthday(g) > MaxDeepBirthday {
		s.shallow("ConjunctiveSum(G, H)", h) // play ends with the shallower
	}
	return s.memo2(opConj, g, h, func() Game {
		var L, R []Game
		for _, a := range slices.Clone(s.Left(g)) {
			for _, b := range slices.Clone(s.Left(h)) {
				L = append(L, s.conjunctive(a, b))
			}
		}
		for _, a := range slices.Clone(s.Right(g)) {
			for _, b := range slices.Clone(s.Right(h)) {
				R = append(R, s.conjunctive(a, b))
			}
		}
		return s.make(L, R)
	})
}

// selective is Conway's selective compound of the canonical forms of g
// and h: a move in one component or in both, {g^L ∨ h, g ∨ h^L, g^L ∨ h^L
// | …}, going on as a selective compound (ONAG ch. 14; WW ch. 9; the
// formula of CGSuite's documentation of SelectiveSum, whose code differs:
// form.go, selectiveCGSuiteOf).
func (s *Space) selective(g, h Game) Game {
	s.shallow("SelectiveSum(G, H)", g)
	s.shallow("SelectiveSum(G, H)", h)
	return s.memo2(opSel, g, h, func() Game {
		gl, gr := slices.Clone(s.Left(g)), slices.Clone(s.Right(g))
		hl, hr := slices.Clone(s.Left(h)), slices.Clone(s.Right(h))
		var L, R []Game
		for _, a := range gl {
			L = append(L, s.selective(a, h))
			for _, b := range hl {
				L = append(L, s.selective(a, b))
			}
		}
		for _, b := range hl {
			L = append(L, s.selective(g, b))
		}
		for _, a := range gr {
			R = append(R, s.selective(a, h))
			for _, b := range hr {
				R = append(R, s.selective(a, b))
			}
		}
		for _, b := range hr {
			R = append(R, s.selective(g, b))
		}
		return s.make(L, R)
	})
}

// form is a game given by the values of its options: the ordinal sum
// X:Y depends on the options of X, not only on its value.
type form struct{ L, R []Game }

// ordinalSumForm is X:Y = {X^L, X:Y^L | X^R, X:Y^R} for the form X.
func (s *Space) ordinalSumForm(x form, y Game, memo map[Game]Game) Game {
	if r, ok := memo[y]; ok {
		return r
	}
	s.step()
	L, R := slices.Clone(x.L), slices.Clone(x.R)
	for _, o := range slices.Clone(s.Left(y)) {
		L = append(L, s.ordinalSumForm(x, o, memo))
	}
	for _, o := range slices.Clone(s.Right(y)) {
		R = append(R, s.ordinalSumForm(x, o, memo))
	}
	r := s.make(L, R)
	memo[y] = r
	return r
}

// ordinalProduct is CGSuite's OrdinalProduct G ⊛ H = {G⊛H^L : G^L,
// G⊛H^R : −G^R | G⊛H^L : G^R, G⊛H^R : −G^L}, the ordinal sums taken on
// the forms G⊛H^L (CGSuite's CompoundGame): on Hackenbush stalks it puts
// a copy of G on every blue edge of H and of −G on every red one. Like
// CGSuite it follows the options of H's canonical form, so the product
// depends on H's form: * ⊛ 2 = {*:0 | *:0} = 0 by 2 = {1|}, while the
// stalk of two green edges, from BB = {0,1|}, is *2.
func (s *Space) ordinalProduct(g, h Game, memo map[Game]form) form {
	return s.ordinalProductOpts(g, slices.Clone(s.Left(g)), slices.Clone(s.Right(g)), h, memo)
}

// ordinalProductOpts is G ⊛ H for the G whose options are gl and gr (a
// form as written, '{*|*}', or g's canonical form) and whose value is g.
func (s *Space) ordinalProductOpts(g Game, gl, gr []Game, h Game, memo map[Game]form) form {
	if f, ok := memo[h]; ok {
		return f
	}
	s.step()
	s.shallow("OrdinalProduct(G, H)", g)
	s.shallow("OrdinalProduct(G, H)", h)
	var f form
	for _, o := range slices.Clone(s.Left(h)) {
		x := s.ordinalProductOpts(g, gl, gr, o, memo)
		m := map[Game]Game{}
		for _, a := range gl {
			f.L = append(f.L, s.ordinalSumForm(x, a, m))
		}
		for _, a := range gr {
			f.R = append(f.R, s.ordinalSumForm(x, a, m))
		}
	}
	for _, o := range slices.Clone(s.Right(h)) {
		x := s.ordinalProductOpts(g, gl, gr, o, memo)
		m := map[Game]Game{}
		for _, a := range gr {
			f.L = append(f.L, s.ordinalSumForm(x, s.neg(a), m))
		}
		for _, a := range gl {
			f.R = append(f.R, s.ordinalSumForm(x, s.neg(a), m))
		}
	}
	memo[h] = f
	return f
}

// subordinate is CGSuite's Subordinate(G, B): G with the options of the
// base B removed, recursively, when every option of B is kept in G or
// reversible through G (the inverse of the ordinal sum B:G' = G). ok is
// false when G cannot be subordinated to B.
func (s *Space) subordinate(g Game, loBase, roBase []Game) (Game, bool) {
	s.step()
	s.shallow("Subordinate(G, B)", g)
	lo, ro := slices.Clone(s.Left(g)), slices.Clone(s.Right(g))
	for _, bl := range loBase {
		okL := slices.ContainsFunc(lo, func(o Game) bool { return s.leq(bl, o) }) ||
			slices.ContainsFunc(s.Right(bl), func(o Game) bool { return s.leq(o, g) })
		if !okL {
			return 0, false
		}
	}
	for _, br := range roBase {
		okR := slices.ContainsFunc(ro, func(o Game) bool { return s.leq(o, br) }) ||
			slices.ContainsFunc(s.Left(br), func(o Game) bool { return s.leq(g, o) })
		if !okR {
			return 0, false
		}
	}
	var L, R []Game
	for _, o := range lo {
		if !slices.Contains(loBase, o) {
			r, ok := s.subordinate(o, loBase, roBase)
			if !ok {
				return 0, false
			}
			L = append(L, r)
		}
	}
	for _, o := range ro {
		if !slices.Contains(roBase, o) {
			r, ok := s.subordinate(o, loBase, roBase)
			if !ok {
				return 0, false
			}
			R = append(R, r)
		}
	}
	return s.make(L, R), true
}

// powToNumber is CGSuite's PowTo(G, x) for a number x: G : (x subordinate
// to 1), 0 for x = 0 (G^→n = G:(n−1) for integers n ≥ 1).
func (s *Space) powToNumber(g Game, x Dyadic) Game {
	if x.Sign() < 0 {
		throw(&opError{"PowTo needs an exponent of at least 0, not " + x.String()})
	}
	return s.powToNonNegative(g, x)
}

// powToNonNegative is powToNumber for x ≥ 0, which Pow calls with its own x − 1 so
// that a bad exponent is reported in the caller's terms.
func (s *Space) powToNonNegative(g Game, x Dyadic) Game {
	if x.Sign() == 0 {
		return Zero
	}
	// A number x > 0 has a left option ≥ 0, so it is always subordinate
	// to 1; a failure here would be a bug, reported rather than crashing.
	sub, ok := s.subordinate(s.Number(x), []Game{Zero}, nil)
	if !ok {
		throw(&opError{"internal error: " + x.String() + " is not subordinate to 1"})
	}
	return s.ordinalSum(g, sub)
}

// powNumber is CGSuite's Pow(G, x) for G = {0 | H}: {0 | H − G^→(x−1)}.
func (s *Space) powNumber(g Game, x Dyadic) Game {
	h, ok := s.isZeroBar(g)
	if !ok {
		throw(errNotZeroBar)
	}
	if x.Less(Int(1)) {
		throw(&opError{"Pow needs an exponent that is 0 or at least 1, not " + x.String()})
	}
	return s.make([]Game{Zero}, []Game{s.sub(h, s.powToNonNegative(g, x.sub(Int(1))))})
}
