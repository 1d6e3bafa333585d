package cgt

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
)

// Uptimals (Siegel, CGT, II.6; CGSuite's UptimalExpansion): games
// x + *m + a_1·↑ + a_2·↑^2 + … + a_k·↑^k, where ↑^n is the up-nth
// {0 | ↓^→(n−1) *}. The expansion is written x*m.a_1a_2…a_k, a negative
// digit followed by '-' (CGSuite's plain text): ↓* is *.1-.

// Uptimal is the uptimal expansion of a game.
type Uptimal struct {
	Number Dyadic
	Nimber uint64
	Coef   []int // a_1 … a_k, a_k ≠ 0
}

func newUptimal(x Dyadic, m uint64, coef []int) Uptimal {
	n := len(coef)
	for n > 0 && coef[n-1] == 0 {
		n--
	}
	return Uptimal{x, m, slices.Clip(coef[:n])}
}

func (u Uptimal) length() int { return len(u.Coef) }

// coef returns a_n (1-based), 0 past the end.
func (u Uptimal) coef(n int) int {
	if n < 1 || n > len(u.Coef) {
		return 0
	}
	return u.Coef[n-1]
}

func (u Uptimal) equal(v Uptimal) bool {
	return u.Number == v.Number && u.Nimber == v.Nimber && slices.Equal(u.Coef, v.Coef)
}

// increment adds 1 to a_1 … a_toLength and, withStar, * to the nimber.
func (u Uptimal) increment(withStar bool, toLength int) Uptimal {
	c := make([]int, max(toLength, len(u.Coef)))
	for i := range c {
		if i < len(u.Coef) {
			c[i] = u.Coef[i]
			if i < toLength {
				c[i]++
			}
		} else {
			c[i] = 1
		}
	}
	m := u.Nimber
	if withStar {
		m ^= 1
	}
	return newUptimal(u.Number, m, c)
}

func (u Uptimal) negate() Uptimal {
	c := make([]int, len(u.Coef))
	for i, a := range u.Coef {
		c[i] = -a
	}
	return newUptimal(u.Number.neg(), u.Nimber, c)
}

func (u Uptimal) truncateTo(n int) Uptimal {
	n = min(n, len(u.Coef))
	return newUptimal(u.Number, u.Nimber, slices.Clone(u.Coef[:max(n, 0)]))
}

func (u Uptimal) sharplyTruncateTo(n int) Uptimal {
	t := u.truncateTo(n)
	if t.length() == 0 {
		return Uptimal{Number: u.Number}
	}
	return t
}

// rightmostLeq returns the largest i with a_i ≤ n, or 0.
func (u Uptimal) rightmostLeq(n int) int {
	for i := len(u.Coef) - 1; i >= 0; i-- {
		if u.Coef[i] <= n {
			return i + 1
		}
	}
	return 0
}

func (u Uptimal) isConfused() bool {
	if u.Nimber == 0 {
		return false
	}
	if len(u.Coef) == 0 || u.Coef[0] == 0 {
		return true
	}
	if u.Nimber >= 2 {
		return false
	}
	pos := u.Coef[0] > 0
	for _, a := range u.Coef {
		if !pos && a < -1 || pos && a > 1 {
			return false
		}
		if !pos && a > -1 || pos && a < 1 {
			return true
		}
	}
	return true
}

// isUnit: at most one non-zero digit, and it is ±1.
func (u Uptimal) isUnit() bool {
	found := false
	for _, a := range u.Coef {
		if a != 0 {
			if found || a > 1 || a < -1 {
				return false
			}
			found = true
		}
	}
	return true
}

// isUnitSum: every digit is 1, or every digit is −1.
func (u Uptimal) isUnitSum() bool {
	if len(u.Coef) == 0 {
		return true
	}
	if u.Coef[0] != 1 && u.Coef[0] != -1 {
		return false
	}
	for _, a := range u.Coef {
		if a != u.Coef[0] {
			return false
		}
	}
	return true
}

// compact reports whether CGSuite writes the uptimal without
// parentheses inside ±( ).
func (u Uptimal) compact() bool {
	return u.length() == 0 && (u.Nimber == 0 || u.Number.Sign() == 0) ||
		u.Number.Sign() == 0 && u.Nimber == 0 && (u.length() == 1 || u.isUnit() || u.isUnitSum())
}

func (u Uptimal) compare(v Uptimal) int {
	if c := u.Number.Cmp(v.Number); c != 0 {
		return c
	}
	for i := 0; i < len(u.Coef) && i < len(v.Coef); i++ {
		if c := u.Coef[i] - v.Coef[i]; c != 0 {
			return c
		}
	}
	if c := len(u.Coef) - len(v.Coef); c != 0 {
		return c
	}
	return cmp.Compare(u.Nimber, v.Nimber)
}

// String writes the expansion as CGSuite does: 0.0, 5.0, *8.0, 6*.1,
// *.1-, 0.1101.
func (u Uptimal) String() string {
	var sb strings.Builder
	if u.Nimber == 0 || u.Number.Sign() != 0 {
		sb.WriteString(u.Number.String())
	}
	if u.Nimber == 1 {
		sb.WriteString("*")
	} else if u.Nimber > 1 {
		sb.WriteString("*" + strconv.FormatUint(u.Nimber, 10))
	}
	sb.WriteString(".")
	if len(u.Coef) == 0 {
		sb.WriteString("0")
	}
	for _, d := range u.Coef {
		neg := d < 0
		if neg {
			d = -d
		}
		switch {
		case d < 10:
			sb.WriteByte(byte('0' + d))
		case d < 36:
			sb.WriteByte(byte('A' + d - 10))
		default:
			sb.WriteString("(" + strconv.Itoa(d) + ")")
		}
		if neg {
			sb.WriteString("-")
		}
	}
	return sb.String()
}

// UptimalExpansion returns the uptimal expansion of g, and false when g
// is not an uptimal. It follows CGSuite's recognition of uptimals from
// the expansions of their options (CanonicalShortGameOps.uptimalExpansion).
func (s *Space) UptimalExpansion(g Game) (u Uptimal, ok bool, err error) {
	defer s.done(&err)
	u, ok = s.uptimalExpansion(g)
	return u, ok, nil
}

func (s *Space) uptimalExpansion(g Game) (Uptimal, bool) {
	if n := s.nodes.at(g); n.isNus {
		return newUptimal(n.v.num, n.v.nim, []int{int(n.v.up)}), true
	}
	if s.uptimals == nil {
		s.uptimals = map[Game]*Uptimal{}
	}
	if u, ok := s.uptimals[g]; ok {
		if u == nil {
			return Uptimal{}, false
		}
		return *u, true
	}
	s.step()
	u, ok := s.uptimalExpansion2(g)
	if !ok {
		if v, ok2 := s.uptimalExpansion2(s.neg(g)); ok2 {
			u, ok = v.negate(), true
		}
	}
	if ok && u.length() > MaxUpPower {
		// Longer expansions are not read as uptimals (^<n> and ^[n] stop
		// at n = MaxUpPower too): each follower of ^:n keeps its own
		// expansion, so their memory grows as n², 22 GB for
		// Pow(^, 100000) (issue 19). Such a game prints in braces.
		ok = false
	}
	if ok {
		s.uptimals[g] = &u
	} else {
		s.uptimals[g] = nil
	}
	return u, ok
}

// uptimalExpansion2 looks for an expansion x*m.a_1…a_k with a_k > 0
// (a_k < 0 is found from −g). Then g has one Right option,
// x*(m⊕1).(a_1−1)…(a_k−1), and Left's options are one of the patterns
// isValidUptimal checks.
func (s *Space) uptimalExpansion2(g Game) (Uptimal, bool) {
	R := s.Right(g)
	if len(R) != 1 {
		return Uptimal{}, false
	}
	rExp, ok := s.uptimalExpansion(R[0])
	if !ok {
		return Uptimal{}, false
	}
	L := s.Left(g)
	lExp := make([]Uptimal, len(L))
	maxLen := 0
	for i, o := range L {
		e, ok := s.uptimalExpansion(o)
		if !ok || e.Number != rExp.Number {
			return Uptimal{}, false
		}
		lExp[i] = e
		maxLen = max(maxLen, e.length())
	}
	// Options without ↑-digits (x + *k) first, by nimber: the order the
	// patterns are stated in.
	slices.SortStableFunc(lExp, func(a, b Uptimal) int {
		switch {
		case a.length() == 0 && b.length() == 0:
			return cmp.Compare(a.Nimber, b.Nimber)
		case a.length() == 0:
			return -1
		case b.length() == 0:
			return 1
		}
		return 0
	})
	if rExp.length() > 0 && rExp.coef(rExp.length()) > 0 {
		if e := rExp.increment(true, rExp.length()); validUptimal(e, lExp, rExp) {
			return e, true
		}
	}
	if e := rExp.increment(true, max(rExp.length(), maxLen)+1); validUptimal(e, lExp, rExp) {
		return e, true
	}
	return Uptimal{}, false
}

// validUptimal checks Left's options against the patterns of an uptimal
// with expansion exp and Right option rExp (CGSuite's
// isValidUptimalExpansion, cases (a) to (d)).
func validUptimal(exp Uptimal, lExp []Uptimal, rExp Uptimal) bool {
	matches := -1
	firstNonNimber := len(lExp)
	for i, e := range lExp {
		if firstNonNimber == len(lExp) && (e.length() > 0 || e.Nimber != uint64(i)) {
			firstNonNimber = i
		}
		if e.Nimber == rExp.Nimber {
			if matches >= 0 {
				return false
			}
			matches = i
		}
	}
	lastNimber := firstNonNimber - 1
	neg := exp.rightmostLeq(-1)
	nonpos := exp.rightmostLeq(0)
	cut := nonpos
	if exp.coef(exp.length()) == 1 {
		cut = exp.length() - 1
	}
	switch {
	case neg >= 1:
		if len(lExp) != 2 || matches < 0 {
			return false
		}
		return lExp[matches].equal(exp.truncateTo(neg).increment(true, neg)) &&
			lExp[1-matches].equal(exp.truncateTo(cut))
	case exp.coef(1) == 0:
		return uint64(len(lExp)) == exp.Nimber+1 && lastNimber >= int(exp.Nimber)-1 &&
			lExp[len(lExp)-1].equal(exp.truncateTo(cut))
	case exp.coef(1) == 1 && exp.isConfused():
		return len(lExp) == 2 && lExp[0].Nimber == 0 && lExp[0].length() == 0 &&
			lExp[1].equal(exp.truncateTo(cut))
	default:
		return len(lExp) == 1 && lExp[0].equal(exp.sharplyTruncateTo(cut))
	}
}

// uptimalGame builds the game of an expansion: x + a_1·↑ + *m plus a_n
// copies of ↑^n (CGSuite's constructUptimal).
func (s *Space) uptimalGame(u Uptimal) Game {
	g := s.numberUpStar(u.Number, u.coef(1), u.Nimber)
	up := s.numberUpStar(Dyadic{}, 1, 0)
	for n := 2; n <= u.length(); n++ {
		if a := u.coef(n); a != 0 {
			g = s.add(g, s.times(s.pow(up, n), int64(a)))
		}
	}
	return g
}

// uptimal writes an uptimal that is not a number-up-star the way CGSuite
// does when its expansion is a unit (x + ↑^n + *m: ^<n>) or a unit sum
// (x + ↑^→n + *m: ^[n]); other uptimals are written in braces.
func (f *formatter) uptimal(g Game) (string, bool) {
	u, ok := f.s.uptimalExpansion(g)
	if !ok || !(u.isUnit() || u.isUnitSum()) || u.length() < 2 {
		return "", false
	}
	var sb strings.Builder
	if u.Number.Sign() != 0 {
		sb.WriteString(u.Number.String())
	}
	sign := u.coef(u.length())
	if sign > 0 {
		sb.WriteString("^")
	} else {
		sb.WriteString("v")
	}
	if u.isUnit() {
		sb.WriteString("<" + strconv.Itoa(u.length()) + ">")
	} else {
		sb.WriteString("[" + strconv.Itoa(u.length()) + "]")
	}
	if u.Nimber == 1 {
		sb.WriteString("*")
	} else if u.Nimber > 1 {
		sb.WriteString("*" + strconv.FormatUint(u.Nimber, 10))
	}
	f.grow(sb.Len())
	return sb.String(), true
}

// detCompare is CGSuite's DeterministicOrdering of games, the order it
// prints options in: numbers by value, then nimbers, then other
// uptimals by expansion, then the rest by their sorted options.
func (s *Space) detCompare(g, h Game) int {
	if g == h {
		return 0
	}
	rank := func(g Game) (int, Uptimal) {
		if x, ok := s.IsNumber(g); ok {
			return 0, Uptimal{Number: x}
		}
		if k, ok := s.nimberOf(g); ok {
			return 1, Uptimal{Nimber: k}
		}
		if u, ok := s.uptimalExpansion(g); ok {
			return 2, u
		}
		return 3, Uptimal{}
	}
	rg, ug := rank(g)
	rh, uh := rank(h)
	if rg != rh {
		return rg - rh
	}
	switch rg {
	case 0:
		return ug.Number.Cmp(uh.Number)
	case 1:
		return cmp.Compare(ug.Nimber, uh.Nimber)
	case 2:
		if c := ug.compare(uh); c != 0 {
			return c
		}
		return int(g - h)
	}
	if c := s.compareLists(s.sortedOptions(g, true), s.sortedOptions(h, true)); c != 0 {
		return c
	}
	return s.compareLists(s.sortedOptions(g, false), s.sortedOptions(h, false))
}

// sortedOptions returns g's Left (or Right) options in CGSuite's order,
// memoised: the order of options is compared recursively.
func (s *Space) sortedOptions(g Game, left bool) []Game {
	k := opKey{opSortedR, g, 0}
	opts := s.Right(g)
	if left {
		k.op, opts = opSortedL, s.Left(g)
	}
	if o, ok := s.sorted[k]; ok {
		return o
	}
	s.step()
	o := slices.Clone(opts)
	slices.SortFunc(o, s.detCompare)
	if s.sorted == nil {
		s.sorted = map[opKey][]Game{}
	}
	s.sorted[k] = o
	return o
}

func (s *Space) compareLists(a, b []Game) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if c := s.detCompare(a[i], b[i]); c != 0 {
			return c
		}
	}
	return len(a) - len(b)
}
