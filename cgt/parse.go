package cgt

import (
	"errors"
	"fmt"
	"github.com/grundy-go/grundy/cgt/notation"
	"slices"
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
// parentheses, CGSuite's arithmetic (G * n, n * G: n copies; x * y, x / y,
// x % y, x ^ n on numbers), ↑ ↓ ⇑ ⇓, *(n) and ^(n), the functions and
// methods of methods.go (Tiny(G), G.Cool(t), G ConjunctiveSum H, …) and
// quoted games '{L|R}', kept as written where the form matters (form.go).
func (s *Space) Parse(src string) (Game, error) {
	r, err := s.Evaluate(src)
	if err != nil {
		return 0, err
	}
	if r.Op != "" {
		return 0, errors.New("expected a game, not a comparison")
	}
	if r.Value != nil {
		return 0, fmt.Errorf("expected a game, not a %s", r.Value.Kind)
	}
	return r.G, nil
}

// ParseComparison reads either a game or a comparison "G op H" with op
// one of == = != <= >= < > || (confused with). For a game, op is "".
func (s *Space) ParseComparison(src string) (g Game, op Comparison, h Game, err error) {
	r, err := s.Evaluate(src)
	if err != nil {
		return 0, "", 0, err
	}
	if r.Value != nil {
		return 0, "", 0, fmt.Errorf("expected a game or a comparison, not a %s", r.Value.Kind)
	}
	return r.G, r.Op, r.H, nil
}

// Result is what an expression evaluates to: a game G (with Form when it
// was written as an explicit form that differs from its canonical
// form), a comparison G Op H, or a Value of another kind that a method
// returned (G.IsInfinitesimal, G.Options(Left)). Notes say where the
// expression was read otherwise than CGSuite's input would read it.
type Result struct {
	G     Game
	Form  *Form
	Op    Comparison
	H     Game
	Value *Value
	Notes []string
}

// Evaluate reads an expression: a game, a comparison of two, or a
// method returning another kind of value.
func (s *Space) Evaluate(src string) (r *Result, err error) {
	if len(src) > MaxInputLen {
		return nil, notation.Errorf(MaxInputLen, "input longer than %d bytes", MaxInputLen)
	}
	if !utf8.ValidString(src) {
		return nil, notation.Errorf(0, "input is not valid UTF-8")
	}
	p := &parser{s: s, src: src, end: len(src), st: &parseState{}}
	// Syntax errors are *ParseError; a limit met while computing the
	// value (a step bound, a number too large, a cancelled context) is
	// returned as it is, so errors.Is matches budget.ErrExceeded or the
	// context's error.
	defer s.done(&err)
	r = &Result{}
	r.G = p.infix()
	r.Form = p.formOf(r.G)
	p.skip()
	if ng := p.st.nonGame; ng != nil {
		p.wholeValue(ng, 0)
		r.Value = ng.v
		p.st.nonGame = nil
	}
	if p.pos < p.end {
		if op := p.cmpOp(); op != "" {
			if r.Value != nil {
				p.fail("a %s cannot be compared here", r.Value.Kind)
			}
			r.Op = op
			r.Form = nil
			r.H = p.infix()
			p.skip()
			if p.st.nonGame != nil {
				p.fail("a %s cannot be compared here", p.st.nonGame.v.Kind)
			}
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
	r.Notes = p.st.notes
	return r, nil
}

// wholeValue checks that the method whose value is not a game stands for
// the whole expression from offset from (with parentheses around it at
// most): nothing adds to a boolean or a list.
func (p *parser) wholeValue(ng *nonGame, from int) {
	for i := from; i < ng.from; i++ {
		if c := p.src[i]; c != '(' && !notation.IsSpace(c) {
			p.failAt(ng.from, "%s returns a %s, which cannot be part of a game", ng.name, ng.v.Kind)
		}
	}
	for i := ng.end; i < p.pos; i++ {
		if c := p.src[i]; c != ')' && !notation.IsSpace(c) {
			p.failAt(ng.from, "%s returns a %s, which cannot be part of a game", ng.name, ng.v.Kind)
		}
	}
}

type parser struct {
	s     *Space
	src   string
	pos   int
	end   int // parsing stops here (the end of a brace side)
	depth int
	st    *parseState
}

// parseState is what a parser shares with the parsers of brace sides.
type parseState struct {
	// form is the explicit form of the value read last, which ended at
	// formEnd; formOf says whether it is the form of a given value.
	form    *Form
	formEnd int
	// nonGame is the value of a method that returned no game.
	nonGame *nonGame
	notes   []string
}

// nonGame is a method's value that is not a game, read from offset from
// to end.
type nonGame struct {
	v         *Value
	from, end int
	name      string
}

// setForm records f as the form of the value that ends at p.pos (nil:
// the value is its canonical form).
func (p *parser) setForm(f *Form) {
	p.st.form, p.st.formEnd = f, p.pos
}

// formOf returns the explicit form of g, the value read last, or nil when
// g was not written as one: the form recorded must be g's and end where
// g ended (white space aside).
func (p *parser) formOf(g Game) *Form {
	f := p.st.form
	if f == nil || f.G != g || p.st.formEnd > p.pos {
		return nil
	}
	for i := p.st.formEnd; i < p.pos; i++ {
		if !notation.IsSpace(p.src[i]) {
			return nil
		}
	}
	return f
}

// maxNotes bounds the notes of one expression: a canonical form pasted
// from CGSuite may hold many numbers written with stars.
const maxNotes = 4

func (p *parser) note(format string, args ...any) {
	n := fmt.Sprintf(format, args...)
	if slices.Contains(p.st.notes, n) {
		return
	}
	switch {
	case len(p.st.notes) < maxNotes:
		p.st.notes = append(p.st.notes, n)
	case len(p.st.notes) == maxNotes:
		p.st.notes = append(p.st.notes, "and other numbers written so")
	}
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

// operandGame checks that the value read last is a game, for an operator.
func (p *parser) operandGame() {
	if ng := p.st.nonGame; ng != nil {
		p.failAt(ng.from, "%s returns a %s, which cannot be part of a game", ng.name, ng.v.Kind)
	}
}

// expr := term (('+' | '-' | '+-' | '±') term)*
func (p *parser) expr() Game {
	g := p.term()
	for {
		p.skip()
		switch {
		case p.has("+-") || p.has("±"):
			p.operandGame()
			p.pos += len(p.pmTok())
			h := p.term()
			p.operandGame()
			// G ± H = {G + H | G − H}
			g = p.s.mk([]Game{p.s.add(g, h)}, []Game{p.s.sub(g, h)})
		case p.has("+"):
			p.operandGame()
			p.pos++
			g = p.s.add(g, p.term())
			p.operandGame()
		case p.has("-"):
			p.operandGame()
			p.pos++
			g = p.s.sub(g, p.term())
			p.operandGame()
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

// term := product (':' product)*, the ordinal sum on the form of its
// left side (form.go).
func (p *parser) term() Game {
	g := p.product()
	for {
		f := p.formOf(g)
		p.skip()
		if !p.has(":") {
			return g
		}
		p.operandGame()
		p.pos++
		h := p.product()
		p.operandGame()
		hf := p.formOf(h)
		if f == nil && hf == nil {
			g = p.s.ordinalSum(g, h)
			continue
		}
		if f == nil {
			f = canonicalForm(g)
		}
		if hf == nil {
			hf = canonicalForm(h)
		}
		r := p.s.ordinalSumOf(f, hf)
		g = r.G
		if r.explicit {
			p.setForm(r)
		}
	}
}

func isDigit(c byte) bool  { return notation.IsDigit(c) }
func isLetter(c byte) bool { return notation.IsLetter(c) }

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
	if errors.Is(err, ErrNotDyadic) {
		msg := strings.TrimSuffix(err.Error(), ": "+ErrNotDyadic.Error())
		p.wantRational(start, "%s", msg)
	}
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
