package rational

import (
	"fmt"
	"math/big"
	"strings"
	"unicode/utf8"

	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/cgt/notation"
)

// Kinds of the values an expression of rationals has, besides booleans
// and outcome classes (cgt's kinds).
const (
	KindRational cgt.ValueKind = "rational number"
	KindOrdinal  cgt.ValueKind = "ordinal" // the birthday ω of a rational that is not dyadic
)

// WantsGame is notation.Error.Wants of an expression that meets a game
// where it holds a rational number: the game's notation starts at the
// error's offset.
const WantsGame = "game"

// Result is the value of an expression: a number (Kind KindRational,
// Rat set) or another value (a boolean, an outcome class, an ordinal).
type Result struct {
	Value cgt.Value
	Rat   Rat // when Value.Kind is KindRational
}

// MaxInputLen bounds an expression; MaxNesting its parentheses and
// prefix signs.
const (
	MaxInputLen = 1 << 16
	MaxNesting  = 1000
)

// Evaluate reads an expression of rationals in CGSuite's notation:
//
//	expr    := sum (cmp sum)?         cmp: == = != <= >= < >
//	sum     := product (('+'|'-') product)*
//	product := unary (('*'|'/'|'%') unary)*
//	unary   := ('-'|'+') unary | power
//	power   := postfix ('^' unary)?  (right to left; -2^2 is −4)
//	postfix := primary ('.' Name ('(' expr ')')?)*
//	primary := integer | inf | '(' expr ')'
//
// Errors are *notation.Error with the offset of the fault.
func Evaluate(src string) (res *Result, err error) {
	if len(src) > MaxInputLen {
		return nil, notation.Errorf(MaxInputLen, "input longer than %d bytes", MaxInputLen)
	}
	if !utf8.ValidString(src) {
		return nil, notation.Errorf(0, "input is not valid UTF-8")
	}
	p := &parser{src: src}
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(*notation.Error)
			if !ok {
				panic(r)
			}
			res, err = nil, e
		}
	}()
	v := p.comparison()
	p.skip()
	if p.pos < len(p.src) {
		p.unexpected()
	}
	return v.result(), nil
}

// value is a number, or (done set) a value that ends the expression.
type value struct {
	x    Rat
	done *cgt.Value
	at   int
}

func (v value) result() *Result {
	if v.done != nil {
		return &Result{Value: *v.done}
	}
	return &Result{Value: cgt.Value{Kind: KindRational, Text: v.x.String()}, Rat: v.x}
}

type parser struct {
	src   string
	pos   int
	depth int
}

func (p *parser) failAt(at int, format string, args ...any) {
	panic(notation.Errorf(at, format, args...))
}

func (p *parser) skip() { p.pos = notation.SkipSpace(p.src, p.pos, len(p.src)) }

func (p *parser) has(tok string) bool { return strings.HasPrefix(p.src[p.pos:], tok) }

// unexpected fails at p.pos: a game's notation there is the typical
// case, since the calculator came here for a number that is no game.
func (p *parser) unexpected() {
	if p.pos >= len(p.src) {
		p.failAt(p.pos, "expected a number, found the end of the input")
	}
	c := p.src[p.pos]
	if c == '{' || c == '*' || c == '^' || c == '\'' || notation.IsLetter(c) {
		e := notation.Errorf(p.pos, "a rational number that is not dyadic (CGSuite's Rational) is no short game: it cannot meet the game written here, nor stand in one")
		e.Wants = WantsGame
		panic(e)
	}
	r, _ := utf8.DecodeRuneInString(p.src[p.pos:])
	p.failAt(p.pos, "unexpected %q", r)
}

// number checks that v is a number, not a value that ends the expression.
func (p *parser) number(v value) Rat {
	if v.done != nil {
		p.failAt(v.at, "a %s cannot be part of a number", v.done.Kind)
	}
	return v.x
}

func (p *parser) check(at int, x Rat, err error) Rat {
	if err != nil {
		p.failAt(at, "%s", err)
	}
	return x
}

var cmpOps = []string{"==", "!=", "<=", ">=", "<", ">", "="}

func (p *parser) comparison() value {
	a := p.sum()
	p.skip()
	for _, op := range cmpOps {
		if !p.has(op) {
			continue
		}
		at := p.pos
		p.pos += len(op)
		b := p.sum()
		x, y := p.number(a), p.number(b)
		c := x.Cmp(y)
		r := map[string]bool{"==": c == 0, "=": c == 0, "!=": c != 0, "<=": c <= 0, ">=": c >= 0, "<": c < 0, ">": c > 0}[op]
		return value{done: &cgt.Value{Kind: cgt.KindBool, Text: fmt.Sprint(r), Bool: r}, at: at}
	}
	return a
}

func (p *parser) sum() value {
	a := p.product()
	for {
		p.skip()
		if p.pos >= len(p.src) || (p.src[p.pos] != '+' && p.src[p.pos] != '-') {
			return a
		}
		op, at := p.src[p.pos], p.pos
		p.pos++
		b := p.product()
		x, y := p.number(a), p.number(b)
		var r Rat
		var err error
		if op == '+' {
			r, err = x.Add(y)
		} else {
			r, err = x.Sub(y)
		}
		a = value{x: p.check(at, r, err), at: a.at}
	}
}

func (p *parser) product() value {
	a := p.unary()
	for {
		p.skip()
		if p.pos >= len(p.src) || strings.IndexByte("*/%", p.src[p.pos]) < 0 {
			return a
		}
		op, at := p.src[p.pos], p.pos
		p.pos++
		b := p.unary()
		x, y := p.number(a), p.number(b)
		var r Rat
		var err error
		switch op {
		case '*':
			r, err = x.Mul(y)
		case '/':
			r, err = x.Quo(y)
		default:
			r, err = x.Rem(y)
		}
		a = value{x: p.check(at, r, err), at: a.at}
	}
}

func (p *parser) unary() value {
	p.skip()
	if p.depth++; p.depth > MaxNesting {
		p.failAt(p.pos, "nesting deeper than %d levels", MaxNesting)
	}
	defer func() { p.depth-- }()
	at := p.pos
	switch {
	case p.has("+-") || p.has("±"):
		p.failAt(at, "a switch ±G is a game, and a rational that is not dyadic cannot stand in one")
	case p.has("-"):
		p.pos++
		v := p.unary()
		return value{x: p.number(v).Neg(), at: at}
	case p.has("+"):
		p.pos++
		return p.unary()
	}
	return p.power()
}

func (p *parser) power() value {
	a := p.postfix()
	p.skip()
	if !p.has("^") {
		return a
	}
	at := p.pos
	p.pos++
	e := p.unary()
	x, y := p.number(a), p.number(e)
	if !y.IsInt() {
		p.failAt(at, "the exponent of '^' must be an integer")
	}
	r, err := x.Pow(y.num)
	return value{x: p.check(at, r, err), at: a.at}
}

func (p *parser) postfix() value {
	v := p.primary()
	for {
		p.skip()
		if !p.has(".") || p.pos+1 >= len(p.src) || !notation.IsLetter(p.src[p.pos+1]) {
			return v
		}
		p.pos++
		start := p.pos
		for p.pos < len(p.src) && (notation.IsLetter(p.src[p.pos]) || notation.IsDigit(p.src[p.pos])) {
			p.pos++
		}
		v = p.method(v, p.src[start:p.pos], start)
	}
}

func (p *parser) primary() value {
	p.skip()
	at := p.pos
	switch {
	case p.pos >= len(p.src):
		p.unexpected()
	case p.src[p.pos] == '(':
		p.pos++
		v := p.comparison()
		p.skip()
		if !p.has(")") {
			p.failAt(p.pos, "expected ')' to close the '(' at column %d", at+1)
		}
		p.pos++
		return v
	case notation.IsDigit(p.src[p.pos]):
		for p.pos < len(p.src) && notation.IsDigit(p.src[p.pos]) {
			p.pos++
		}
		if p.pos+1 < len(p.src) && (p.src[p.pos] == '*' || p.src[p.pos] == '^') && notation.IsDigit(p.src[p.pos+1]) {
			// 3*5 and 2^3 written solid are x + *5 and x + ↑3 in
			// grundy's calculator (package cgt), games.
			p.failAt(at, "%s is read as a game (a number with a star or ups, as CGSuite prints it); write %s %c %s for the arithmetic", p.src[at:p.pos+2], p.src[at:p.pos], p.src[p.pos], p.src[p.pos+1:p.pos+2])
		}
		n, ok := new(big.Int).SetString(p.src[at:p.pos], 10)
		if !ok || n.BitLen() > MaxBits {
			p.failAt(at, "%s", ErrOverflow)
		}
		return value{x: Int(n), at: at}
	case p.has("inf") && (p.pos+3 == len(p.src) || !notation.IsLetter(p.src[p.pos+3]) && !notation.IsDigit(p.src[p.pos+3])):
		p.pos += 3
		return value{x: Inf(1), at: at}
	}
	p.unexpected()
	return value{}
}

// method applies CGSuite's method name (any case) to v, read at at.
func (p *parser) method(v value, name string, at int) value {
	x := p.number(v)
	arg := func() Rat {
		p.skip()
		if !p.has("(") {
			p.failAt(p.pos, "%s takes one argument: %s(x)", name, name)
		}
		open := p.pos
		p.pos++
		a := p.comparison()
		p.skip()
		if !p.has(")") {
			p.failAt(p.pos, "expected ')' to close the '(' at column %d", open+1)
		}
		p.pos++
		return p.number(a)
	}
	num := func(r Rat, err error) value { return value{x: p.check(at, r, err), at: v.at} }
	done := func(kind cgt.ValueKind, text string) value {
		return value{done: &cgt.Value{Kind: kind, Text: text, Bool: text == "true"}, at: at}
	}
	switch strings.ToLower(name) {
	case "numerator":
		return num(Int(x.num), nil)
	case "denominator":
		return num(Int(x.den), nil)
	case "abs":
		return num(x.Abs(), nil)
	case "floor":
		return num(x.Floor())
	case "ceiling":
		return num(x.Ceiling())
	case "reciprocal":
		return num(x.Reciprocal())
	case "sign":
		return num(Int(big.NewInt(int64(x.Sign()))), nil)
	case "max", "min":
		y := arg()
		c := x.Cmp(y)
		if strings.EqualFold(name, "max") == (c < 0) {
			return value{x: y, at: v.at}
		}
		return value{x: x, at: v.at}
	case "isdyadic":
		return done(cgt.KindBool, fmt.Sprint(x.IsDyadic()))
	case "isinteger":
		return done(cgt.KindBool, fmt.Sprint(x.IsInt()))
	case "birthday":
		b, err := x.Birthday()
		if err != nil {
			p.failAt(at, "%s", err)
		}
		if b == "ω" {
			return done(KindOrdinal, b)
		}
		n, _ := new(big.Int).SetString(b, 10)
		return value{x: Int(n), at: v.at}
	case "outcomeclass":
		return done(cgt.KindOutcome, x.Outcome())
	}
	p.failAt(at, "%s is not a method of a rational number that is not dyadic (its methods: Numerator, Denominator, Floor, Ceiling, Abs, Reciprocal, Sign, Max, Min, IsDyadic, IsInteger, Birthday, OutcomeClass)", name)
	return value{}
}
