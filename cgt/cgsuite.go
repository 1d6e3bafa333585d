package cgt

import (
	"slices"
	"strings"
)

// The parts of CGSuite's notation beyond braces, numbers and
// number-up-stars: switches ±{a,b} with several options, x + Tiny(G)
// written xTiny(G), up-nths ↑^n written ^<n>, up-arrows ↑^→n written
// ^[n], quoted (non-canonical) games '{-1|1}'. CGSuite prints them this
// way (org.cgsuite.core.CanonicalShortGame.appendTo and
// Uptimal.appendTo); the parser reads them back.

// MaxUpPower bounds n in ^<n> and ^[n].
const MaxUpPower = 1 << 12

// switchList reads ±{a,b,…}, the braces after a '±' holding a list of
// options and no bars; ok is false, and nothing is read, when the braces
// hold bars (then they are one game, ±{L|R}).
func (p *parser) switchList() (opts []Game, ok bool) {
	save := p.pos
	open, close, runs := p.matchBraces()
	if len(runs) > 0 {
		p.pos = save
		return nil, false
	}
	p.enter()
	defer p.leave()
	opts = formValues(p.side(open+1, close, nil, false))
	if len(opts) == 0 {
		p.failAt(open, "±{} needs at least one option")
	}
	p.pos = close + 1
	p.end = max(p.end, p.pos)
	return opts, true
}

func (p *parser) negAll(gs []Game) []Game {
	out := make([]Game, len(gs))
	for i, g := range gs {
		out[i] = p.s.neg(g)
	}
	return out
}

// quoted reads a quoted game '{L|R}': CGSuite's explicit game, kept in
// the form written (form.go): its value is its canonical form, and the
// operations whose result depends on the form (ordinal sum, conjunctive
// and selective compounds, ordinal product, subordinate) take its
// options as written.
func (p *parser) quoted() Game {
	start := p.pos
	p.pos++
	if !p.has("{") {
		p.fail("expected '{' after a quote")
	}
	p.enter()
	defer p.leave()
	open, close, runs := p.matchBraces()
	g, f := p.bracesForm(open, close, runs, true)
	if !p.has("'") {
		p.fail("expected a closing quote for the one at column %d", start+1)
	}
	p.pos++
	p.setForm(f)
	return p.closed(g)
}

// upPower reads <n> (the up-nth ↑^n) or [n] (the up-arrow ↑^→n) right
// after a '^'; ok is false, and nothing is read, when neither follows,
// so that "^<1" stays the comparison ^ < 1.
func (p *parser) upPower() (g Game, ok bool) {
	if p.pos >= p.end || p.src[p.pos] != '<' && p.src[p.pos] != '[' {
		return 0, false
	}
	closer := byte('>')
	if p.src[p.pos] == '[' {
		closer = ']'
	}
	i := p.pos + 1
	j := i
	for j < p.end && isDigit(p.src[j]) {
		j++
	}
	if j == i || j >= p.end || p.src[j] != closer {
		if closer == ']' {
			p.fail("expected ^[n], an up-arrow with a positive integer n")
		}
		return 0, false
	}
	start := p.pos
	p.pos = i
	n, _ := p.digits()
	p.pos++ // the closer
	if n < 1 || n > MaxUpPower {
		p.failAt(start, "the power of ^ must be between 1 and %d", MaxUpPower)
	}
	up := p.s.numberUpStar(Dyadic{}, 1, 0)
	if closer == '>' {
		return p.s.pow(up, n), true
	}
	return p.s.powTo(up, n), true
}

// isZeroBar reports whether g = {0 | H}, the base of Pow and PowTo,
// and returns H.
func (s *Space) isZeroBar(g Game) (Game, bool) {
	L, R := s.Left(g), s.Right(g)
	if len(L) != 1 || L[0] != Zero || len(R) != 1 {
		return 0, false
	}
	return R[0], true
}

// pow returns g^n for g = {0 | H} (CGSuite's Pow, Siegel, CGT, II.6:
// ↑^n = {0 | ↓^→(n−1) *}): {0 | H − g^→(n−1)}; g^0 = −H. The caller
// checks the form of g.
func (s *Space) pow(g Game, n int) Game {
	h, ok := s.isZeroBar(g)
	if !ok {
		throw(errNotZeroBar)
	}
	if n == 0 {
		return s.neg(h)
	}
	return s.make([]Game{Zero}, []Game{s.sub(h, s.powTo(g, n-1))})
}

// powTo returns g^→n for g = {0 | H}: {g^→(n−1) | H}, g^→0 = 0 (CGSuite's
// PowTo; ↑^→n = ↑ + ↑^2 + … + ↑^n).
func (s *Space) powTo(g Game, n int) Game {
	h, ok := s.isZeroBar(g)
	if !ok {
		throw(errNotZeroBar)
	}
	acc := Zero
	for range n {
		acc = s.make([]Game{acc}, []Game{h})
	}
	return acc
}

var errNotZeroBar = &opError{"Pow and PowTo need a base of the form {0|H}"}

// opError is an operation applied outside its domain.
type opError struct{ msg string }

func (e *opError) Error() string { return e.msg }

// The printer's CGSuite forms.

// isSwitch reports whether g = −g and g is not a number-up-star: CGSuite
// writes it ±G, or ±{G1,G2,…} for several Left options.
func (s *Space) isSwitch(g Game) bool {
	n := s.nodes.at(g)
	if n.isNus || len(n.left) != len(n.right) || len(n.left) == 0 {
		return false
	}
	return s.neg(g) == g
}

// numberTiny reports whether g is x + Tiny(G) or x + Miny(G), with x a
// number (CGSuite's isNumberTiny): {x || x | y} with mean(y) < x is
// x + Tiny(x − y); {y | x || x} with mean(y) > x is x + Miny(y − x).
func (s *Space) numberTiny(g Game) (x, sub Game, tiny, ok bool) {
	n := s.nodes.at(g)
	if n.isNus || len(n.left) != 1 || len(n.right) != 1 {
		return 0, 0, false, false
	}
	l, r := n.left[0], n.right[0]
	if xv, isNum := s.IsNumber(l); isNum {
		rl, rr := s.Left(r), s.Right(r)
		if len(rl) == 1 && len(rr) == 1 && rl[0] == l && s.mean(rr[0]).Less(xv) {
			return l, s.sub(l, rr[0]), true, true
		}
	}
	if yv, isNum := s.IsNumber(r); isNum {
		ll, lr := s.Left(l), s.Right(l)
		if len(ll) == 1 && len(lr) == 1 && lr[0] == r && yv.Less(s.mean(ll[0])) {
			return r, s.sub(ll[0], r), false, true
		}
	}
	return 0, 0, false, false
}

// special writes g in one of CGSuite's special forms, if it has one.
//
// Recognising the forms makes games (negatives, differences, expansions
// of options), which may pass a limit of the Space: then g is written in
// braces, which read back the same.
func (f *formatter) special(g Game) (str string, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, isAbort := r.(abort); !isAbort {
				panic(r)
			}
			str, ok = "", false
		}
	}()
	s := f.s
	if s.isSwitch(g) {
		L := s.nodes.at(g).left
		if len(L) == 1 {
			str := "+-" + f.parens(L[0])
			f.grow(len(str))
			return str, true
		}
		parts := f.sortedParts(L)
		str := "+-{" + strings.Join(parts, ",") + "}"
		f.grow(len(str))
		return str, true
	}
	if x, sub, tiny, ok := s.numberTiny(g); ok {
		var sb strings.Builder
		if x != Zero {
			sb.WriteString(f.String(x))
		}
		if tiny {
			sb.WriteString("Tiny(")
		} else {
			sb.WriteString("Miny(")
		}
		sb.WriteString(f.String(sub))
		sb.WriteString(")")
		f.grow(sb.Len())
		return sb.String(), true
	}
	if str, ok := f.uptimal(g); ok {
		return str, true
	}
	return "", false
}

// parens writes an option of a one-option switch, in parentheses when
// it is a sum written without braces (CGSuite's forceParens): ±(1*),
// ±(2Tiny(2)).
func (f *formatter) parens(g Game) string {
	str := f.String(g)
	s := f.s
	if n := s.nodes.at(g); n.isNus {
		v := n.v
		compact := v.isNumber() || v.num.Sign() == 0 && v.up == 0 || v.num.Sign() == 0 && v.nim == 0
		if !compact {
			return "(" + str + ")"
		}
		return str
	}
	if strings.HasPrefix(str, "{") || strings.HasPrefix(str, "+-") {
		return str
	}
	if _, _, _, ok := s.numberTiny(g); ok {
		return "(" + str + ")"
	}
	if e, ok := s.uptimalExpansion(g); ok && !e.compact() {
		return "(" + str + ")"
	}
	return str
}

// sortedParts writes several options in full, in a fixed order of the
// games themselves (handles depend on the order games were made in):
// CGSuite's DeterministicOrdering.
func (f *formatter) sortedParts(opts []Game) []string {
	sorted := slices.Clone(opts)
	func() {
		// Past a limit of the Space, the options stay in handle order.
		defer func() {
			if r := recover(); r != nil {
				if _, isAbort := r.(abort); !isAbort {
					panic(r)
				}
				sorted = slices.Clone(opts)
			}
		}()
		slices.SortFunc(sorted, f.s.detCompare)
	}()
	parts := make([]string, len(sorted))
	for i, o := range sorted {
		parts[i] = f.String(o)
	}
	return parts
}

// OptionOrder compares a and b in the order in which CGSuite lists
// options (detCompare): negative when a comes first. Past a limit of
// the Space it falls back to the order of the handles, so it never
// fails.
func (s *Space) OptionOrder(a, b Game) (c int) {
	defer func() {
		if r := recover(); r != nil {
			if _, isAbort := r.(abort); !isAbort {
				panic(r)
			}
			c = int(a) - int(b)
		}
	}()
	return s.detCompare(a, b)
}
