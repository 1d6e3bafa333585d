package cgt

import (
	"math/big"

	"github.com/grundy-go/grundy/cgt/notation"
	"strconv"
	"strings"
)

// Operands and CGSuite's arithmetic. CGSuite's grammar (org.cgsuite.lang.
// parser, Cgsuite.g) has no juxtaposition: after an operand, '*' is
// multiplication, '/' division, '%' remainder and '^' a power, so its
// input reads 3*5 as 15, 3 * 5 as 15, 2^3 as 8, and 3* and 3.*5 are
// syntax errors; a star or an up begins an operand (*5, ^*, ^3*2, v3).
// CGSuite prints x + *5 as x*5 and x + 3·↑ as x^3, which its own input
// therefore reads otherwise. This parser follows CGSuite's input
// wherever that does not take away the reading of what CGSuite (and
// String) prints: a number written solid with a star or ups after it,
// 3*5, 1/2^3*2, 2^3, is x + *5 or x + ↑s — and the answer carries a note
// that CGSuite's input reads it as a product or a power; every other
// '*', '/', '%' and '^' after an operand is CGSuite's operator:
// 3 * 5 is 15, (3)*5 is 15, 3*(5) is 15, 2 ^ 3 and (2)^3 are 8.

// unary := '-' unary | '+-' unary | '+' unary | power
func (p *parser) unary() Game {
	p.skip()
	p.enter()
	defer p.leave()
	switch {
	case p.has("+-") || p.has("±"):
		p.pos += len(p.pmTok())
		p.skip()
		if p.has("(") {
			// ±(a,b,…) = {a,b,…|-a,-b,…}, CGSuite's multi-switch.
			start := p.pos
			p.pos++
			var L, R []Game
			for {
				g := p.infix()
				p.operandGame()
				L, R = append(L, g), append(R, p.s.neg(g))
				p.skip()
				if p.has(",") {
					p.pos++
					continue
				}
				if !p.has(")") {
					p.fail("expected ')' to close the '(' at column %d", start+1)
				}
				p.pos++
				p.setForm(nil)
				return p.s.mk(L, R)
			}
		}
		if p.has("{") {
			if L, ok := p.switchList(); ok {
				p.setForm(nil)
				return p.s.mk(L, p.negAll(L))
			}
		}
		g := p.unary()
		p.operandGame()
		p.setForm(nil)
		return p.s.mk([]Game{g}, []Game{p.s.neg(g)})
	case p.has("-") && p.pos+1 < p.end && isDigit(p.src[p.pos+1]):
		return p.power() // a signed number literal: -1/2v* is (-1/2) + v*
	case p.has("-"):
		p.pos++
		g := p.unary()
		p.operandGame()
		f := p.formOf(g)
		r := p.s.neg(g)
		if f != nil {
			p.setForm(p.s.negForm(f)) // CGSuite: -'{*|*}':1 is '{*|*}' : -1
		} else {
			p.setForm(nil)
		}
		return r
	case p.has("+"):
		p.pos++
		return p.unary()
	}
	return p.power()
}

// product := unary (('*' | '/' | '%') unary)*: CGSuite's multiplyExpr.
// G * n and n * G are n copies of G; x * y, x / y and x % y are the
// arithmetic of numbers, whose results must be dyadic.
func (p *parser) product() Game {
	g := p.unary()
	for {
		save := p.pos
		p.skip()
		if p.pos >= p.end {
			p.pos = save
			return g
		}
		op := p.src[p.pos]
		if op != '*' && op != '/' && op != '%' {
			p.pos = save
			return g
		}
		p.operandGame()
		at := p.pos
		p.pos++
		h := p.unary()
		p.operandGame()
		g = p.arith(op, g, h, at)
		p.setForm(nil)
	}
}

// arith is g op h for op '*', '/', '%'.
func (p *parser) arith(op byte, g, h Game, at int) Game {
	s := p.s
	x, xNum := s.IsNumber(g)
	y, yNum := s.IsNumber(h)
	if op == '*' {
		switch {
		case xNum && yNum:
			return s.Number(x.mul(y))
		case yNum && y.IsInt():
			return s.times(g, p.copies(y, at))
		case xNum && x.IsInt():
			return s.times(h, p.copies(x, at))
		}
		p.failAt(at, "'*' multiplies a game by an integer, or two numbers (use ConwayProduct for other games)")
	}
	if !xNum || !yNum {
		p.failAt(at, "'%c' applies to numbers only", op)
	}
	if y.Sign() == 0 {
		if op == '/' && x.Sign() != 0 {
			inf := "inf"
			if x.Sign() < 0 {
				inf = "-inf"
			}
			p.wantRational(at, "%s / 0 is CGSuite's Rational %s, not a short game", x, inf)
		}
		p.failAt(at, "division by zero")
	}
	q := new(big.Rat).Quo(x.Rat(), y.Rat())
	if op == '%' {
		// x % y = x − y·⌊x/y⌋, dyadic whenever x and y are.
		fl := new(big.Int).Div(q.Num(), q.Denom()) // Euclidean: floor for a positive denominator
		return s.Number(x.sub(y.mul(p.bigDyadic(fl, at))))
	}
	d, ok := ratDyadic(q)
	if !ok {
		p.wantRational(at, "%s / %s = %s is not a dyadic rational: the numbers of short games are dyadic (CGSuite's Rational %s is not a game)", x, y, q.RatString(), q.RatString())
	}
	return s.Number(d)
}

// wantRational refuses a number that is a Rational of CGSuite's but not
// a short game, naming the notation that reads it (notation.Error.Wants),
// so that a calculator may evaluate the expression over the rationals.
func (p *parser) wantRational(at int, format string, args ...any) {
	e := notation.Errorf(at, format, args...)
	e.Wants = notation.WantsRational
	throw(e)
}

// copies is the integer n of a product G * n, within times' bound.
func (p *parser) copies(n Dyadic, at int) int64 {
	if n.isBig() || n.num > 1<<20 || n.num < -(1<<20) {
		p.failAt(at, "%s copies of a game: too many (at most %d)", n, 1<<20)
	}
	return n.num
}

func (p *parser) bigDyadic(n *big.Int, at int) Dyadic {
	d, err := IntBig(n)
	if err != nil {
		p.failAt(at, "%s", err)
	}
	return d
}

// ratDyadic is q as a dyadic, if its denominator is a power of two.
func ratDyadic(q *big.Rat) (Dyadic, bool) {
	den := q.Denom()
	k := den.BitLen() - 1
	if den.TrailingZeroBits() != uint(k) {
		return Dyadic{}, false
	}
	if k > MaxExp {
		overflow("a quotient")
	}
	return fromBig(new(big.Int).Set(q.Num()), uint(k)), true
}

// power := operand ('^' power)?: CGSuite's expExpr, x ^ n for a number x
// and an integer n, right to left (3^2^2 is 3^4). A '^' written solid
// after a number is its ups (nusSuffix), as CGSuite prints them.
func (p *parser) power() Game {
	start := p.pos
	g := p.postfixed()
	save := p.pos
	p.skip()
	if !p.has("^") {
		p.pos = save
		return g
	}
	p.operandGame()
	at := p.pos
	p.pos++
	n := p.power()
	p.operandGame()
	p.setForm(nil)
	x, ok := p.s.IsNumber(g)
	if !ok {
		p.failAt(at, "only a number is raised to a power ('^' after a game that is not a number)")
	}
	e, ok := p.s.IsNumber(n)
	if !ok || !e.IsInt() {
		p.failAt(at, "the exponent of '^' must be an integer")
	}
	neg := p.src[start] == '-' // -2^2 is −(2^2), as in CGSuite
	if neg {
		x = x.neg()
	}
	r := p.s.Number(p.pow(x, e, at))
	if neg {
		r = p.s.neg(r)
	}
	return r
}

// pow is x^e for a dyadic x and an integer e; for e < 0, x must be ±2^k.
func (p *parser) pow(x, e Dyadic, at int) Dyadic {
	if e.Sign() < 0 {
		if x.Sign() == 0 {
			p.failAt(at, "division by zero")
		}
		inv, ok := ratDyadic(new(big.Rat).Inv(x.Rat()))
		if !ok {
			p.wantRational(at, "%s^%s is not a dyadic rational: the numbers of short games are dyadic", x, e)
		}
		x, e = inv, e.neg()
	}
	if x.Sign() == 0 || x == Int(1) {
		if e.Sign() == 0 {
			return Int(1)
		}
		return x
	}
	if x == Int(-1) {
		if e.bigNum().Bit(0) == 0 {
			return Int(1)
		}
		return x
	}
	num, k := x.bigNum(), x.exp
	if e.isBig() || e.num > MaxBits || int64(num.BitLen()-1)*e.num > MaxBits || int64(k)*e.num > MaxExp {
		overflow("a power")
	}
	n := e.num
	m := new(big.Int).Exp(num, big.NewInt(n), nil)
	return fromBig(m, uint(int64(k)*n))
}

// postfixed is an operand and the methods called on it: CGSuite's
// postfixExpr.
func (p *parser) postfixed() Game {
	p.skip()
	start := p.pos
	g := p.primary()
	if p.st.nonGame != nil {
		return g
	}
	return p.postfix(g, start)
}

func (p *parser) primary() Game {
	p.skip()
	if p.pos >= p.end {
		if p.end < len(p.src) {
			p.fail("expected a game before %q", p.src[p.end:p.end+1])
		}
		p.fail("expected a game, found the end of the input")
	}
	start := p.pos
	c := p.src[p.pos]
	switch {
	case c == '{':
		return p.braces()
	case c == '(':
		p.pos++
		g := p.infix()
		f := p.formOf(g)
		p.skip()
		if !p.has(")") {
			p.fail("expected ')' to close the '(' at column %d", start+1)
		}
		p.pos++
		if p.st.nonGame != nil {
			return g
		}
		p.setForm(f)
		if p.has("^") && p.pos+1 < p.end && (isDigit(p.src[p.pos+1]) || p.src[p.pos+1] == '(') {
			return g // (1/2)^4: a power (CGSuite), not ups
		}
		return p.closed(g)
	case isDigit(c) || c == '-':
		return p.numberLiteral()
	case c == '\'':
		return p.quoted()
	case c == '*' || c == '^' || p.has("↑") || p.has("↓") || p.has("⇑") || p.has("⇓"):
		return p.nusSuffix(Zero, true)
	case c == 'v' && p.allVs():
		return p.nusSuffix(Zero, true)
	case isLetter(c):
		return p.call()
	case c == '}':
		p.fail("unbalanced '}'")
	case c == '|':
		p.fail("'|' outside braces")
	case c == '[':
		p.fail("'[' starts a CGSuite list: grundy cgt takes games, not CGSuite's lists, comprehensions or functions")
	}
	p.fail("unexpected %q", p.peekRune())
	return 0
}

// numberLiteral reads a number and what is written solid after it: ups
// and a star (3^*, 1/2*3, as CGSuite prints x + n·↑ + *k), or a name
// (xTiny(G), x + Tiny(G) as CGSuite prints it).
func (p *parser) numberLiteral() Game {
	start := p.pos
	g := p.number()
	noted := false
	if p.pos+1 < p.end && (p.src[p.pos] == '*' || p.src[p.pos] == '^') && isDigit(p.src[p.pos+1]) {
		noted = true
		i := p.pos + 1
		for i < p.end && isDigit(p.src[i]) {
			i++
		}
		lit, suf := p.src[start:p.pos], p.src[p.pos:i]
		if suf[0] == '*' {
			p.note("%s%s is read as %s + %s, as CGSuite prints that value; CGSuite's input reads it as the product %s × %s (write %s * %s for that)", lit, suf, lit, suf, lit, suf[1:], lit, suf[1:])
		} else {
			p.note("%s%s is read as %s + %s (ups), as CGSuite prints that value; CGSuite's input reads it as the power %s to the %s (write %s ^ %s for that)", lit, suf, lit, suf, lit, suf[1:], lit, suf[1:])
		}
	}
	litEnd := p.pos
	g = p.nusSuffix(g, false)
	if suf := p.src[litEnd:p.pos]; !noted && suf != "" && (suf[0] == '*' || suf[0] == '^') {
		lit := p.src[start:litEnd]
		p.note("%s%s is read as %s + %s, as CGSuite prints that value; CGSuite's input does not read it (write %s + %s)", lit, suf, lit, suf, lit, suf)
	}
	if p.pos < p.end && isLetter(p.src[p.pos]) && !p.allVs() {
		// CGSuite writes x + Tiny(G) as xTiny(G): a number right
		// before a name adds the value that follows.
		h := p.call()
		p.operandGame()
		g = p.s.add(g, h)
		p.setForm(nil)
	}
	return g
}

// closed reads what follows a game that ends in ')' or '}': a product
// by an integer, G * n = G + G + … + G (n copies; −n copies of −G), when
// a '*' is followed by an integer, as in CGSuite's grammar, where '*'
// after an operand is multiplication — (*+*)*3 is 0 — and otherwise the
// ups and stars of nusSuffix ({1|0}* is {1|0} + *).
func (p *parser) closed(g Game) Game {
	save := p.pos
	p.skip()
	if !p.has("*") {
		p.pos = save
		return p.nusSuffix(g, false)
	}
	p.pos++
	p.skip()
	neg := p.has("-")
	if neg {
		p.pos++
	}
	if p.pos >= p.end || !isDigit(p.src[p.pos]) {
		p.pos = save
		return p.nusSuffix(g, false)
	}
	start := p.pos
	n, _ := p.digits()
	if p.has("/") || p.has(".") {
		p.failAt(start, "a game can be multiplied only by an integer")
	}
	if neg {
		g = p.s.neg(g)
	}
	p.setForm(nil)
	return p.closed(p.s.times(g, int64(n)))
}

// nusSuffix adds the ups, downs and star written right after g: "^", "^^",
// "^3", "v", "vv", "v3", "↑", "⇑", "↓", "⇓", then "*" or "*5". leading
// says that they begin the operand (g is 0): then, as in CGSuite, a star
// may stand apart from its index or the ups before it (* 3, ^ *), and
// *(n) and ^(n) take an expression; after a game, "*(" and "^(" are left
// to the product and the power.
func (p *parser) nusSuffix(g Game, leading bool) Game {
	ups := 0
	extra := Zero // up-nths ^<n> and up-arrows ^[n]: not number-up-stars
	for p.pos < p.end {
		switch {
		case p.has("^(") && !leading:
			goto star
		case p.has("^") || p.has("v") && p.allVs():
			c := p.src[p.pos]
			sign, run, start := 1, 0, p.pos
			if c == 'v' {
				sign = -1
			}
			for p.pos < p.end && p.src[p.pos] == c {
				p.pos++
				run++
			}
			if run == 1 {
				if u, ok := p.upPower(); ok {
					if sign < 0 {
						u = p.s.neg(u)
					}
					extra = p.s.add(extra, u)
					continue
				}
				if leading && p.has("(") {
					ups += sign * int(p.parenInt("an up multiple ^(n)", MaxUpMult-1))
					break
				}
			}
			if n, ok := p.digits(); ok {
				if run > 1 {
					p.failAt(start, "write an up multiple as ^n or as ^^, not both")
				}
				ups += sign * n
			} else {
				ups += sign * run
			}
		case p.has("↑"):
			ups++
			p.pos += len("↑")
		case p.has("↓"):
			ups--
			p.pos += len("↓")
		case p.has("⇑"):
			ups += 2
			p.pos += len("⇑")
		case p.has("⇓"):
			ups -= 2
			p.pos += len("⇓")
		default:
			goto star
		}
		if ups >= MaxUpMult || ups <= -MaxUpMult {
			p.fail("up multiple %d too large", ups)
		}
	}
star:
	var nim uint64
	if leading && (ups != 0 || extra != Zero) {
		save := p.pos
		if p.skip(); !p.has("*") {
			p.pos = save
		}
	}
	if p.has("*") && (leading || !p.operandAfterStar()) {
		p.pos++
		save := p.pos
		if leading {
			p.skip()
		}
		switch {
		case p.pos < p.end && isDigit(p.src[p.pos]):
			nim = p.nimIndex()
		case leading && p.has("("):
			nim = p.parenInt("a nimber *(n)", -1)
		case leading && p.has("["):
			p.fail("*[...] is CGSuite's misère canonical form of an impartial game: grundy cgt --misere reads it (grundy cgt --misere '*[2]+*[2]')")
		default:
			p.pos = save
			nim = 1
		}
	}
	if ups == 0 && nim == 0 && extra == Zero {
		return g
	}
	p.setForm(nil)
	return p.s.add(g, p.s.add(extra, p.s.numberUpStar(Dyadic{}, ups, nim)))
}

// operandAfterStar reports whether the '*' at p.pos is followed by what
// begins an operand other than a nimber's digits — {, (, ', ^, a name —
// so that after a game it is CGSuite's multiplication (5*{3||2|1}), not
// a star.
func (p *parser) operandAfterStar() bool {
	if p.pos+1 >= p.end {
		return false
	}
	c := p.src[p.pos+1]
	return c == '{' || c == '(' || c == '\'' || c == '^' || c == '*' || isLetter(c) ||
		strings.HasPrefix(p.src[p.pos+1:p.end], "↑") || strings.HasPrefix(p.src[p.pos+1:p.end], "↓") ||
		strings.HasPrefix(p.src[p.pos+1:p.end], "⇑") || strings.HasPrefix(p.src[p.pos+1:p.end], "⇓")
}

// nimIndex reads the digits of a nimber *n, n < 2^64.
func (p *parser) nimIndex() uint64 {
	i := p.pos
	for i < p.end && isDigit(p.src[i]) {
		i++
	}
	n, err := strconv.ParseUint(p.src[p.pos:i], 10, 64)
	if err != nil {
		p.fail("nimber *%s too large (at most *%d, the nimbers below 2^64)", p.src[p.pos:i], MaxNimber)
	}
	p.pos = i
	return n
}

// parenInt reads (expr), whose value must be a non-negative integer (at
// most limit when limit ≥ 0; below 2^64 for a nimber).
func (p *parser) parenInt(what string, limit int) uint64 {
	at := p.pos
	p.pos++
	g := p.infix()
	p.operandGame()
	p.skip()
	if !p.has(")") {
		p.fail("expected ')' to close the '(' at column %d", at+1)
	}
	p.pos++
	x, ok := p.s.IsNumber(g)
	if !ok || !x.IsInt() || x.Sign() < 0 {
		p.failAt(at, "%s needs a non-negative integer n", what)
	}
	b := x.bigNum()
	if limit >= 0 && b.Cmp(big.NewInt(int64(limit))) > 0 || !b.IsUint64() {
		p.failAt(at, "%s: n = %s is too large", what, b)
	}
	return b.Uint64()
}
