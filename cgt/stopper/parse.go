package stopper

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/grundy-go/grundy/cgt"
)

// The notation is CGSuite's for loopy games (its manual, "Loopy Games"):
//
//	on off over under upon dud       the named games
//	^[on] v[on] ^<on> 1/2v[on]*      upon, -upon, uponth, 1/2 - upon + *
//	{0|pass}  {pass|3/2}             pass: a move to the braces it is in
//	a{0|a}  a{0|b{a|*}}              a label names the braces right after
//	                                 it and is used as an option inside them
//	G + H   G - H   -G   +-G   (G)   sums, negation, switches
//	n * G   G * n                    n copies of G (n an integer)
//	G.Pow(x)  G.PowTo(x)             for G = {0|H} short, x a pseudonumber
//	                                 (on, off, x over, x under, numbers)
//	3/2under  2over                  a number followed by over or under
//	Tiny(G)  Miny(G)                 {0||0|-G} and {G|0||0}
//	G & H                            the sided value onside(G) & offside(H)
//	G <= H  >=  ==  !=  <  >  ||  <|  |>   comparisons
//
// Short games inside are CGSuite's (numbers, *n, ^, v, {..|..} with
// slashes {2|0||-1}).

// ParseError is a syntax or value error at a byte offset of the input.
type ParseError struct {
	Pos int // 0-based byte offset
	Msg string
}

func (e *ParseError) Error() string { return fmt.Sprintf("column %d: %s", e.Pos+1, e.Msg) }

// MaxInputLen bounds an expression; MaxNesting its nesting.
const (
	MaxInputLen = 1 << 16
	MaxNesting  = 1000
)

// Parsed is a game, or a comparison Left Op Right when Op is not "".
type Parsed struct {
	Left  *Value
	Op    string
	Right *Value
}

type kind int

const (
	kBrace kind = iota
	kRef        // a label or pass
	kName       // on, off, over, under, upon, dud
	kShort      // a short game
	kNeg
	kAdd
	kSub
	kPM
	kSided
	kTiny
	kMiny
	kTimes // n copies of a: n * G or G * n, n an integer
	kPow   // a.Pow(b)
	kPowTo // a.PowTo(b)
)

type node struct {
	kind  kind
	pos   int
	label string // kBrace: its label; kRef, kName: the name
	L, R  []*node
	a, b  *node
	short cgt.Game
	count int64 // kTimes
}

type parser struct {
	src   string
	pos   int
	depth int
	space *cgt.Space
}

type parseFail struct{ err error }

func (p *parser) failAt(pos int, format string, args ...any) {
	panic(parseFail{&ParseError{pos, fmt.Sprintf(format, args...)}})
}

// Parse reads a loopy game, a sided value or a comparison of two.
func Parse(src string, lim *Limits) (res *Parsed, err error) {
	if len(src) > MaxInputLen {
		return nil, &ParseError{MaxInputLen, fmt.Sprintf("input longer than %d bytes", MaxInputLen)}
	}
	if !utf8.ValidString(src) {
		return nil, &ParseError{0, "input is not valid UTF-8"}
	}
	p := &parser{src: src, space: cgt.NewSpace()}
	defer func() {
		if r := recover(); r != nil {
			f, ok := r.(parseFail)
			if !ok {
				panic(r)
			}
			res, err = nil, f.err
		}
	}()
	left := p.sided()
	p.skip()
	op := p.cmpOp()
	var right *node
	if op != "" {
		right = p.sided()
		p.skip()
	}
	if p.pos < len(p.src) {
		switch p.src[p.pos] {
		case '}':
			p.failAt(p.pos, "unbalanced '}'")
		case '|':
			p.failAt(p.pos, "'|' outside braces")
		case ')':
			p.failAt(p.pos, "unbalanced ')'")
		}
		r, _ := utf8.DecodeRuneInString(p.src[p.pos:])
		p.failAt(p.pos, "unexpected %q", r)
	}
	res = &Parsed{Op: op}
	if res.Left, err = p.value(left, lim); err != nil {
		return nil, err
	}
	if right != nil {
		if res.Right, err = p.value(right, lim); err != nil {
			return nil, err
		}
	}
	return res, nil
}

func (p *parser) skip() {
	for p.pos < len(p.src) && strings.IndexByte(" \t\r\n", p.src[p.pos]) >= 0 {
		p.pos++
	}
}

func (p *parser) has(tok string) bool { return strings.HasPrefix(p.src[p.pos:], tok) }

func (p *parser) enter() {
	if p.depth++; p.depth > MaxNesting {
		p.failAt(p.pos, "nesting deeper than %d levels", MaxNesting)
	}
}

func (p *parser) cmpOp() string {
	for _, op := range []string{"<=", ">=", "==", "!=", "<|", "|>", "||", "<>", "<", ">", "="} {
		if p.has(op) {
			p.pos += len(op)
			switch op {
			case "=":
				return "=="
			case "<>":
				return "||"
			}
			return op
		}
	}
	return ""
}

// sided := sum ('&' sum)?
func (p *parser) sided() *node {
	a := p.sum()
	p.skip()
	if p.has("&") {
		pos := p.pos
		p.pos++
		b := p.sum()
		return &node{kind: kSided, pos: pos, a: a, b: b}
	}
	return a
}

// MaxCopies bounds n in n * G: the sum is built by doubling, so its
// graph grows with log n, but every sum is compared and simplified.
const MaxCopies = 1 << 20

// product := unary ('*' unary)*: CGSuite's n * G and G * n, n copies of
// G (−n copies of −G for n < 0), n an integer; '*' written right before
// a digit after a number is a nimber (3*2 is 3 + *2), as in package cgt.
func (p *parser) product() *node {
	a := p.unary()
	for {
		p.skip()
		if !p.has("*") {
			return a
		}
		pos := p.pos
		p.pos++
		b := p.unary()
		n, g := a, b
		if _, ok := p.integer(n); !ok {
			n, g = b, a
		}
		k, ok := p.integer(n)
		if !ok {
			p.failAt(pos, "'*' multiplies a game by an integer")
		}
		if k > MaxCopies || k < -MaxCopies {
			p.failAt(pos, "%d copies of a game: too many (at most %d)", k, MaxCopies)
		}
		a = &node{kind: kTimes, pos: pos, a: g, count: k}
	}
}

// integer reports the value of n when it is a short game that is an
// integer.
func (p *parser) integer(n *node) (int64, bool) {
	if n.kind != kShort {
		return 0, false
	}
	x, ok := p.space.IsNumber(n.short)
	if !ok || !x.IsInt() || x.BigNum().BitLen() > 62 {
		return 0, false
	}
	return x.BigNum().Int64(), true
}

// sum := product (('+' | '-') product)*
func (p *parser) sum() *node {
	a := p.product()
	for {
		p.skip()
		pos := p.pos
		switch {
		case p.has("+-") || p.has("±"):
			p.failAt(pos, "write G + (+-H) for a sum with a switch")
		case p.has("+"):
			p.pos++
			a = &node{kind: kAdd, pos: pos, a: a, b: p.product()}
		case p.has("-"):
			p.pos++
			a = &node{kind: kSub, pos: pos, a: a, b: p.product()}
		default:
			return a
		}
	}
}

func (p *parser) unary() *node {
	p.skip()
	p.enter()
	defer func() { p.depth-- }()
	pos := p.pos
	switch {
	case p.has("+-") || p.has("±"):
		if p.has("±") {
			p.pos += len("±")
		} else {
			p.pos += 2
		}
		return &node{kind: kPM, pos: pos, a: p.unary()}
	case p.has("-") && p.pos+1 < len(p.src) && isDigit(p.src[p.pos+1]):
		return p.primary() // a signed number, as CGSuite reads -1/2v*
	case p.has("-"):
		p.pos++
		return &node{kind: kNeg, pos: pos, a: p.unary()}
	case p.has("+"):
		p.pos++
		return p.unary()
	}
	return p.postfix(p.primary())
}

// postfix reads the methods called on n: .Pow(x) and .PowTo(x), the
// ones whose exponent may be loopy (pow.go).
func (p *parser) postfix(n *node) *node {
	for p.has(".") && p.pos+1 < len(p.src) && isLetter(p.src[p.pos+1]) {
		at := p.pos + 1
		p.pos++
		for p.pos < len(p.src) && (isLetter(p.src[p.pos]) || isDigit(p.src[p.pos])) {
			p.pos++
		}
		name := p.src[at:p.pos]
		var k kind
		switch strings.ToLower(name) {
		case "pow":
			k = kPow
		case "powto":
			k = kPowTo
		default:
			p.failAt(at, "%s is not a method of a loopy game here (Pow and PowTo are)", name)
		}
		p.skip()
		if !p.has("(") {
			p.failAt(p.pos, "%s takes one argument: G.%s(x)", name, name)
		}
		open := p.pos
		p.pos++
		arg := p.sided()
		p.skip()
		if !p.has(")") {
			p.failAt(p.pos, "expected ')' to close the '(' at column %d", open+1)
		}
		p.pos++
		n = &node{kind: k, pos: at, a: n, b: arg}
	}
	return n
}

func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' }

var namedGames = map[string]bool{"on": true, "off": true, "over": true, "under": true, "upon": true, "dud": true}

func (p *parser) primary() *node {
	p.skip()
	pos := p.pos
	if p.pos >= len(p.src) {
		p.failAt(pos, "expected a game, found the end of the input")
	}
	c := p.src[p.pos]
	switch {
	case c == '{':
		return p.braces("")
	case c == '(':
		p.pos++
		n := p.sided()
		p.skip()
		if !p.has(")") {
			p.failAt(p.pos, "expected ')' to close the '(' at column %d", pos+1)
		}
		p.pos++
		return n
	case isDigit(c) || c == '-' || c == '*' || c == '^' || c == 'v' && p.allVs():
		return p.literal()
	case isLetter(c):
		start := p.pos
		for p.pos < len(p.src) && (isLetter(p.src[p.pos]) || isDigit(p.src[p.pos])) {
			p.pos++
		}
		name := p.src[start:p.pos]
		p.skip()
		switch {
		case p.has("{"):
			if namedGames[name] || name == "pass" {
				p.failAt(start, "%q names a game and cannot label braces", name)
			}
			n := p.braces(name)
			n.pos = start // errors about the label point at it
			return n
		case p.has("(") && (name == "Tiny" || name == "Miny"):
			p.pos++
			a := p.sided()
			p.skip()
			if !p.has(")") {
				p.failAt(p.pos, "expected ')' to close %s(", name)
			}
			p.pos++
			k := kTiny
			if name == "Miny" {
				k = kMiny
			}
			return &node{kind: k, pos: start, a: a}
		case namedGames[name]:
			return &node{kind: kName, pos: start, label: name}
		}
		return &node{kind: kRef, pos: start, label: name}
	case c == '}':
		p.failAt(pos, "unbalanced '}'")
	case c == '|':
		p.failAt(pos, "'|' outside braces")
	}
	r, _ := utf8.DecodeRuneInString(p.src[p.pos:])
	p.failAt(pos, "unexpected %q", r)
	return nil
}

// allVs reports whether the letters at pos are all 'v' (a down).
func (p *parser) allVs() bool {
	i := p.pos
	for i < len(p.src) && isLetter(p.src[i]) {
		if p.src[i] != 'v' {
			return false
		}
		i++
	}
	return true
}

// literal reads a short number-up-star such as 3/2, -1/4, *2, ^*, v,
// 1/2v*, and a following over or under (3/2under is 3/2 + under).
func (p *parser) literal() *node {
	start := p.pos
	if p.has("-") {
		p.pos++
	}
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		if c == '*' && p.pos+1 < len(p.src) && p.operandAfterStar(p.src[p.pos+1]) {
			break // n * G: the product, not a star
		}
		if (c == '[' || c == '<') && p.pos > start && (p.src[p.pos-1] == '^' || p.src[p.pos-1] == 'v') {
			// ^[n], v[n], ^<n>, v<n>: package cgt's up-arrows and up-nths.
			end := p.pos + 1
			for end < len(p.src) && isDigit(p.src[end]) {
				end++
			}
			closer := byte(']')
			if c == '<' {
				closer = '>'
			}
			if end > p.pos+1 && end < len(p.src) && p.src[end] == closer {
				p.pos = end + 1
				continue
			}
			break
		}
		if c == '.' && !(p.pos+1 < len(p.src) && isDigit(p.src[p.pos+1])) {
			break // a method call, ^.Pow(on), not a decimal point
		}
		if isDigit(c) || c == '/' || c == '*' || c == '^' || c == '.' || c == 'v' && p.allVs() {
			p.pos++
			continue
		}
		break
	}
	if p.pos > start && (p.has("Tiny(") || p.has("Miny(")) {
		// x + Tiny(G) written xTiny(G), as package cgt writes it.
		depth := 0
		for i := p.pos + len("Tiny"); i < len(p.src); i++ {
			if p.src[i] == '(' {
				depth++
			} else if p.src[i] == ')' {
				if depth--; depth == 0 {
					p.pos = i + 1
					break
				}
			}
		}
	}
	text := p.src[start:p.pos]
	if u := p.uponSuffix(text); u != nil {
		return u
	}
	n := p.short(text, start)
	for _, suffix := range []string{"over", "under"} {
		if p.has(suffix) && (p.pos+len(suffix) == len(p.src) || !isLetter(p.src[p.pos+len(suffix)])) {
			at := p.pos
			p.pos += len(suffix)
			return &node{kind: kAdd, pos: at, a: n, b: &node{kind: kName, pos: at, label: suffix}}
		}
	}
	return n
}

// short is the short game written text at start.
func (p *parser) short(text string, start int) *node {
	g, err := p.space.Parse(text)
	if err != nil {
		var pe *cgt.ParseError
		if errors.As(err, &pe) {
			p.failAt(start+pe.Pos, "%s", pe.Msg)
		}
		p.failAt(start, "%v", err)
	}
	return &node{kind: kShort, pos: start, short: g}
}

// uponth is ^<on> = {0||0|0,pass}, CGSuite's uponth.
const uponth = "{0||0|0,pass}"

// uponSuffix reads CGSuite's upon forms when text, read up to p.pos,
// ends in the ^ or v before "[on]" or "<on>": x^[on]*k is x + upon + *k,
// x^<on>*k is x + ^<on> + *k, and v for ^ negates upon or ^<on> (the
// forms print.go writes). It returns nil for any other text.
func (p *parser) uponSuffix(text string) *node {
	if text == "" || (!p.has("[on]") && !p.has("<on>")) {
		return nil
	}
	arrow := text[len(text)-1]
	if arrow != '^' && arrow != 'v' {
		return nil
	}
	start := p.pos - len(text)
	at := p.pos - 1
	var u *node
	if p.has("[on]") {
		u = &node{kind: kName, pos: at, label: "upon"}
	} else {
		sub := &parser{src: uponth, space: p.space}
		u = sub.braces("")
		u.pos = at
	}
	p.pos += len("[on]")
	if arrow == 'v' {
		u = &node{kind: kNeg, pos: at, a: u}
	}
	if x := text[:len(text)-1]; x != "" && x != "-" {
		u = &node{kind: kAdd, pos: at, a: p.short(x, start), b: u}
	}
	if p.has("*") && !(p.pos+1 < len(p.src) && p.operandAfterStar(p.src[p.pos+1])) {
		from := p.pos
		p.pos++
		for p.pos < len(p.src) && isDigit(p.src[p.pos]) {
			p.pos++
		}
		u = &node{kind: kAdd, pos: from, a: u, b: p.short(p.src[from:p.pos], from)}
	}
	return u
}

// operandAfterStar reports whether c, right after a '*', begins an
// operand other than a nimber's digits — a name, braces, parentheses,
// an up or a star — so that the '*' multiplies (3*upon, 2*{0|pass},
// 2*^[on]), as in package cgt.
func (p *parser) operandAfterStar(c byte) bool {
	return c == '{' || c == '(' || c == '^' || c == '*' || isLetter(c)
}

// braces reads {options | options} with CGSuite's slashes: the longest
// run of bars splits first, so {0||0|off} is {0|{0|off}}.
func (p *parser) braces(label string) *node {
	open := p.pos
	p.enter()
	defer func() { p.depth-- }()
	p.pos++
	var items []barItem
	cur := barItem{pos: p.pos}
	for {
		p.skip()
		if p.pos >= len(p.src) {
			p.failAt(open, "unbalanced '{': no '}' closes it")
		}
		switch c := p.src[p.pos]; {
		case c == '}':
			p.pos++
			items = append(items, cur)
			return p.split(items, open, label)
		case c == '|':
			at := p.pos
			k := 0
			for p.pos < len(p.src) && p.src[p.pos] == '|' {
				k++
				p.pos++
			}
			items = append(items, cur, barItem{bars: k, pos: at})
			cur = barItem{pos: p.pos}
		case c == ',':
			p.pos++
		default:
			cur.opts = append(cur.opts, p.sum())
		}
	}
}

type barItem struct {
	opts []*node
	bars int
	pos  int
}

// split builds the game of items (option lists separated by bar runs).
func (p *parser) split(items []barItem, pos int, label string) *node {
	best, at := 0, -1
	for i, it := range items {
		if it.bars > best {
			best, at = it.bars, i
		} else if it.bars == best && best > 0 {
			p.failAt(it.pos, "ambiguous bars: two runs of %d '|' in one game", best)
		}
	}
	if at < 0 {
		p.failAt(pos, "braces need a '|' between Left's and Right's options")
	}
	side := func(part []barItem) []*node {
		if len(part) == 1 {
			return part[0].opts
		}
		return []*node{p.split(part, part[0].pos, "")}
	}
	return &node{kind: kBrace, pos: pos, label: label, L: side(items[:at]), R: side(items[at+1:])}
}

// LooksLoopy reports whether src names a loopy game — on, off, over,
// under, upon, dud or pass, a label before braces (a{0|a}), or a sided
// value G & H — so that a calculator sends it here rather than to the
// short-game parser (package cgt), which refuses loopy games.
func LooksLoopy(src string) bool {
	if strings.Contains(src, "&") {
		return true
	}
	for i := 0; i < len(src); {
		if !isLetter(src[i]) {
			i++
			continue
		}
		start := i
		for i < len(src) && (isLetter(src[i]) || isDigit(src[i])) {
			i++
		}
		name := src[start:i]
		if namedGames[name] || name == "pass" {
			return true
		}
		j := i
		for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
			j++
		}
		if j < len(src) && src[j] == '{' {
			return true
		}
	}
	return false
}
