package cgt

import (
	"errors"
	"github.com/grundy-go/grundy/cgt/notation"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Limits of the parser.
const (
	MaxInputLen = 1 << 16 // bytes of one expression
	// MaxNesting bounds braces, parentheses and prefix operators nested.
	// Every level takes a byte of input at least, so no input of at most
	// MaxInputLen bytes reaches it, and every value printed in that many
	// bytes reads back: it was 200, and ±1:100, printed as 101 nested
	// switches, did not. The parser's stack at this depth is tens of MB
	// (TestDeepNesting).
	MaxNesting = MaxInputLen
)

// ParseError is a syntax or value error at a byte offset of the input:
// the one error type of every notation (package notation).
type ParseError = notation.Error

// Parse reads a game written in CGSuite's notation (see String) and
// returns its canonical form. Besides the forms String writes it accepts
// sums and differences (G + H, G - H), negation (-G), ±G, G±H and
// ±(G,H,…) = {G,H,…|-G,-H,…} (written +- or ±), ordinal sums G:H,
// parentheses, products by an integer after a closing parenthesis or
// brace ((G)*3 = G + G + G, {1|0}*-2), ↑ ↓ ⇑ ⇓, and the functions
// Tiny(G) = {0||0|-G}, Miny(G) = {G|0||0}, Cool(G, t), Heat(G, t),
// Norton(G, U), OrdinalSum(G, H) and AtomicWeight(G).
func (s *Space) Parse(src string) (Game, error) {
	g, op, _, err := s.ParseComparison(src)
	if err == nil && op != "" {
		return 0, errors.New("expected a game, not a comparison")
	}
	return g, err
}

// ParseComparison reads either a game or a comparison "G op H" with op
// one of == = != <= >= < > || (confused with). For a game, op is "".
func (s *Space) ParseComparison(src string) (g Game, op Comparison, h Game, err error) {
	if len(src) > MaxInputLen {
		return 0, "", 0, notation.Errorf(MaxInputLen, "input longer than %d bytes", MaxInputLen)
	}
	if !utf8.ValidString(src) {
		return 0, "", 0, notation.Errorf(0, "input is not valid UTF-8")
	}
	p := &parser{s: s, src: src, end: len(src)}
	// Syntax errors are *ParseError; a limit met while computing the
	// value (a step bound, a number too large, a cancelled context) is
	// returned as it is, so errors.Is matches budget.ErrExceeded or the
	// context's error.
	defer s.done(&err)
	g = p.expr()
	p.skip()
	if p.pos < p.end {
		if op = p.cmpOp(); op != "" {
			h = p.expr()
			p.skip()
		}
	}
	if p.pos < p.end {
		switch p.src[p.pos] {
		case '}':
			p.fail("unbalanced '}'")
		case '|':
			p.fail("'|' outside braces")
		case ')':
			p.fail("unbalanced ')'")
		}
		p.fail("unexpected %q", p.peekRune())
	}
	return g, op, h, nil
}

type parser struct {
	s     *Space
	src   string
	pos   int
	end   int // parsing stops here (the end of a brace side)
	depth int
}

func (p *parser) fail(format string, args ...any) {
	throw(notation.Errorf(p.pos, format, args...))
}

func (p *parser) failAt(pos int, format string, args ...any) {
	throw(notation.Errorf(pos, format, args...))
}

// check throws err, a *notation.Error of the lexical layer, if not nil.
func (p *parser) check(err error) {
	if err != nil {
		throw(err)
	}
}

func (p *parser) skip() { p.pos = notation.SkipSpace(p.src, p.pos, p.end) }

func (p *parser) peekRune() rune {
	r, _ := utf8.DecodeRuneInString(p.src[p.pos:p.end])
	return r
}

func (p *parser) has(tok string) bool {
	return strings.HasPrefix(p.src[p.pos:p.end], tok)
}

func (p *parser) enter() {
	p.depth++
	if p.depth > MaxNesting {
		p.fail("nesting deeper than %d levels", MaxNesting)
	}
}

func (p *parser) leave() { p.depth-- }

func (p *parser) cmpOp() Comparison {
	for _, c := range []struct {
		tok string
		op  Comparison
	}{{"==", CmpEq}, {"!=", CmpNeq}, {"<=", CmpLeq}, {">=", CmpGeq}, {"||", CmpFuzzy},
		{"<>", CmpFuzzy}, {"<|", CmpLessFuzzy}, {"|>", CmpMoreFuzzy},
		{"<", CmpLess}, {">", CmpMore}, {"=", CmpEq}} {
		if p.has(c.tok) {
			p.pos += len(c.tok)
			return c.op
		}
	}
	return ""
}

// expr := term (('+' | '-' | '+-' | '±') term)*
func (p *parser) expr() Game {
	g := p.term()
	for {
		p.skip()
		switch {
		case p.has("+-") || p.has("±"):
			p.pos += len(p.pmTok())
			h := p.term()
			// G ± H = {G + H | G − H}
			g = p.s.mk([]Game{p.s.add(g, h)}, []Game{p.s.sub(g, h)})
		case p.has("+"):
			p.pos++
			g = p.s.add(g, p.term())
		case p.has("-"):
			p.pos++
			g = p.s.sub(g, p.term())
		default:
			return g
		}
	}
}

func (p *parser) pmTok() string {
	if p.has("±") {
		return "±"
	}
	return "+-"
}

// term := unary (':' unary)*
func (p *parser) term() Game {
	g := p.unary()
	for {
		p.skip()
		if !p.has(":") {
			return g
		}
		p.pos++
		g = p.s.ordinalSum(g, p.unary())
	}
}

// unary := '-' unary | '+-' unary | '+' unary | primary
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
				g := p.expr()
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
				return p.s.mk(L, R)
			}
		}
		if p.has("{") {
			if L, ok := p.switchList(); ok {
				return p.s.mk(L, p.negAll(L))
			}
		}
		g := p.unary()
		return p.s.mk([]Game{g}, []Game{p.s.neg(g)})
	case p.has("-") && p.pos+1 < p.end && isDigit(p.src[p.pos+1]):
		return p.primary() // a signed number literal: -1/2v* is (-1/2) + v*
	case p.has("-"):
		p.pos++
		return p.s.neg(p.unary())
	case p.has("+"):
		p.pos++
		return p.unary()
	}
	return p.primary()
}

func isDigit(c byte) bool  { return notation.IsDigit(c) }
func isLetter(c byte) bool { return notation.IsLetter(c) }

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
		g := p.expr()
		p.skip()
		if !p.has(")") {
			p.fail("expected ')' to close the '(' at column %d", start+1)
		}
		p.pos++
		return p.closed(g)
	case isDigit(c) || c == '-':
		g := p.nusSuffix(p.number())
		if p.pos < p.end && isLetter(p.src[p.pos]) && !p.allVs() {
			// CGSuite writes x + Tiny(G) as xTiny(G): a number right
			// before a name adds the value that follows.
			g = p.s.add(g, p.call())
		}
		return g
	case c == '\'':
		return p.quoted()
	case c == '*' || c == '^' || p.has("↑") || p.has("↓") || p.has("⇑") || p.has("⇓"):
		return p.nusSuffix(Zero)
	case c == 'v' && p.allVs():
		return p.nusSuffix(Zero)
	case isLetter(c):
		return p.call()
	case c == '}':
		p.fail("unbalanced '}'")
	case c == '|':
		p.fail("'|' outside braces")
	}
	p.fail("unexpected %q", p.peekRune())
	return 0
}

// allVs reports whether the letters at pos are all 'v' (a down, not a name).
func (p *parser) allVs() bool {
	i := p.pos
	for i < p.end && isLetter(p.src[i]) {
		if p.src[i] != 'v' {
			return false
		}
		i++
	}
	return true
}

func (p *parser) number() Game {
	start := p.pos
	i := notation.NumberEnd(p.src, p.pos, p.end)
	d, err := ParseDyadic(p.src[start:i])
	if err != nil {
		p.failAt(start, "%s", err)
	}
	p.pos = i
	return p.s.Number(d)
}

func (p *parser) digits() (int, bool) {
	i := p.pos
	for i < p.end && isDigit(p.src[i]) {
		i++
	}
	if i == p.pos {
		return 0, false
	}
	n, err := strconv.Atoi(p.src[p.pos:i])
	if err != nil || n > 1<<20 {
		p.fail("number %q too large here", p.src[p.pos:i])
	}
	p.pos = i
	return n, true
}

// closed reads what follows a game that ends in ')' or '}': a product
// by an integer, G * n = G + G + … + G (n copies; −n copies of −G), when
// a '*' is followed by an integer, as in CGSuite's grammar, where '*'
// after an operand is multiplication — (*+*)*3 is 0 — and otherwise the
// ups and stars of nusSuffix ({1|0}* is {1|0} + *). After a number
// literal a '*' stays a star (1*3 is 1 + *3, as String writes it).
func (p *parser) closed(g Game) Game {
	save := p.pos
	p.skip()
	if !p.has("*") {
		p.pos = save
		return p.nusSuffix(g)
	}
	p.pos++
	p.skip()
	neg := p.has("-")
	if neg {
		p.pos++
	}
	if p.pos >= p.end || !isDigit(p.src[p.pos]) {
		p.pos = save
		return p.nusSuffix(g)
	}
	start := p.pos
	n, _ := p.digits()
	if p.has("/") || p.has(".") {
		p.failAt(start, "a game can be multiplied only by an integer")
	}
	if neg {
		g = p.s.neg(g)
	}
	return p.closed(p.s.times(g, int64(n)))
}

// nusSuffix adds the ups, downs and star written right after g: "^", "^^",
// "^3", "v", "vv", "v3", "↑", "⇑", "↓", "⇓", then "*" or "*5".
func (p *parser) nusSuffix(g Game) Game {
	ups := 0
	extra := Zero // up-nths ^<n> and up-arrows ^[n]: not number-up-stars
	for p.pos < p.end {
		switch {
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
	nim := 0
	if p.has("*") {
		p.pos++
		if n, ok := p.digits(); ok {
			if n >= MaxNimber {
				p.fail("nimber *%d too large (at most *%d)", n, MaxNimber-1)
			}
			nim = n
		} else {
			nim = 1
		}
	}
	if ups == 0 && nim == 0 && extra == Zero {
		return g
	}
	return p.s.add(g, p.s.add(extra, p.s.numberUpStar(Dyadic{}, ups, nim)))
}
