package misere

import (
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/cgt/notation"
)

// CGSuite's notation of misère canonical forms (MisereCanonicalGame's
// output, and its input *[…]; CGSuite's help, "Misère Theory"):
//
//   - *[n] is the nim heap n;
//   - *[abc] is the game whose options are a, b and c, written from the
//     last in canonical order (Order) to the first, each a digit (a nim
//     heap; &n; for n ≥ 10) or a parenthesised game (42);
//   - a game with one option is that option followed by # ("sharp"):
//     *[2#] is {*2};
//   - sums with nim heaps and a parity are subscripts, written in square
//     brackets in plain text and read left to right: *[2[2]] is *2 + *2,
//     *[2[#2#]] the game whose one option is *[2#] + *[2], X[-2] the game
//     X − *2, X[1] the odd game X + *1. A game is written with the first
//     of these that makes it simpler (a smaller birthday), as CGSuite's
//     printer does.
//
// Input follows CGSuite's: *[n] a nim heap, *[a,b,…] the game with those
// options, where an option is an integer (a heap), a list [ … ] (the game
// with those options: [2] is *[2#]) or any expression (*[4] + *[2]); and
// what the printer writes reads back. One difference, on purpose: CGSuite
// prints the game {*4, *2} as *[42], which its own input reads as the nim
// heap 42; grundy prints *[4,2], which both read as {*4, *2}.

// MaxNimHeap bounds the nim heaps the notation reads: *[n] stores the
// heaps 0..n, with n options each.
const MaxNimHeap = 1 << 10

// digit writes a heap size as CGSuite does: 0..9, else &n;.
func digit(n int) string {
	if n < 10 {
		return strconv.Itoa(n)
	}
	return "&" + strconv.Itoa(n) + ";"
}

// Format writes g in CGSuite's notation, *[…] (see above).
func (c *Canon) Format(g int32) (str string, err error) {
	str, _, err = c.FormatLimit(g, 0)
	return str, err
}

// errTooLong stops a text that passed FormatLimit's bound.
var errTooLong = failure{nil}

// FormatLimit is Format with a bound on the text: the form of a sum of
// wild games can be exponentially long. It returns false, and no text,
// when the text would pass max bytes (0: no bound).
func (c *Canon) FormatLimit(g int32, max int) (str string, ok bool, err error) {
	defer catch(&err) // errTooLong leaves err nil and ok false
	var sb limitedBuilder
	sb.max = max
	sub := false
	c.format(&sb, g, false, &sub)
	if sub {
		sb.WriteString("]")
	}
	mid := sb.String()
	if len(mid) > 1 && strings.Trim(mid, "0123456789") == "" {
		// {*4, *2}: *[4,2], not CGSuite's *[42] (the heap 42 as input).
		mid = strings.Join(strings.Split(mid, ""), ",")
	}
	return "*[" + mid + "]", true, nil
}

// limitedBuilder is a strings.Builder that stops the formatter past max
// bytes.
type limitedBuilder struct {
	strings.Builder
	max int
}

func (b *limitedBuilder) WriteString(s string) (int, error) {
	if b.max > 0 && b.Len()+len(s) > b.max {
		panic(errTooLong)
	}
	return b.Builder.WriteString(s)
}

// format writes g; paren asks for parentheses around a list of options,
// and *sub is set when a subscript was opened ('[' written after the
// innermost base), which the writer of the whole option closes.
func (c *Canon) format(sb *limitedBuilder, g int32, paren bool, sub *bool) {
	c.poll()
	b := c.bday[g]
	if c.nim[g] {
		sb.WriteString(digit(b))
		if *sub {
			sb.WriteString("[")
		}
		return
	}
	start := 2
	if c.odd(g) {
		start = 3
	}
	for i := start; i < b; i += 2 {
		if d, ok := c.subtract(g, c.Nim(i)); ok && c.bday[d] < b {
			*sub = true
			c.format(sb, d, true, sub)
			sb.WriteString(digit(i))
			return
		}
		if s := c.sum(g, c.Nim(i)); c.bday[s] < b {
			*sub = true
			c.format(sb, s, true, sub)
			sb.WriteString("-" + digit(i))
			return
		}
	}
	if c.odd(g) {
		*sub = true
		c.format(sb, c.even(g), true, sub)
		sb.WriteString("1")
		return
	}
	opts := c.sortedOptions(g)
	if len(opts) == 1 {
		c.format(sb, opts[0], true, sub)
		sb.WriteString("#")
		return
	}
	outer := *sub
	if paren {
		sb.WriteString("(")
	}
	for i := len(opts) - 1; i >= 0; i-- {
		s := false
		c.format(sb, opts[i], true, &s)
		if s {
			sb.WriteString("]")
		}
	}
	if paren {
		sb.WriteString(")")
	}
	*sub = outer
	if *sub {
		sb.WriteString("[")
	}
}

// Relation is the relation of a misère comparison: equality only, as
// misère games have no useful order.
type Relation string

const (
	Equal    Relation = "=="
	NotEqual Relation = "!="
)

// ParseForm reads a misère game, or a comparison "G == H" or "G != H"
// (op "" for a game), in CGSuite's notation (see above), plus sums G + H,
// parentheses, 0, and *n or * for a nim heap. Syntax errors are
// *notation.Error with the offset; a limit of c (MaxGames) is its error.
func (c *Canon) ParseForm(src string) (g int32, op Relation, h int32, err error) {
	defer catch(&err)
	p := &formParser{c: c, src: src}
	g = p.expr(len(src))
	p.skip(len(src))
	if p.has("==") || p.has("!=") || p.has("=") {
		switch {
		case p.has("=="):
			op, p.pos = Equal, p.pos+2
		case p.has("!="):
			op, p.pos = NotEqual, p.pos+2
		default:
			op, p.pos = Equal, p.pos+1
		}
		h = p.expr(len(src))
		p.skip(len(src))
	}
	if p.pos < len(src) {
		p.fail(p.pos, "unexpected %q", src[p.pos:p.pos+1])
	}
	return g, op, h, nil
}

type formParser struct {
	c     *Canon
	src   string
	pos   int
	depth int
}

func (p *formParser) fail(pos int, format string, args ...any) {
	panic(failure{notation.Errorf(pos, format, args...)})
}

func (p *formParser) skip(end int) { p.pos = notation.SkipSpace(p.src, p.pos, end) }

func (p *formParser) has(tok string) bool { return strings.HasPrefix(p.src[p.pos:], tok) }

func (p *formParser) enter() {
	if p.depth++; p.depth > 1000 {
		p.fail(p.pos, "nesting deeper than 1000 levels")
	}
}

// expr := term ('+' term)*, up to end.
func (p *formParser) expr(end int) int32 {
	p.enter()
	defer func() { p.depth-- }()
	g := p.term(end)
	for {
		p.skip(end)
		if p.pos >= end || p.src[p.pos] != '+' {
			return g
		}
		p.pos++
		g = p.c.sum(g, p.term(end))
	}
}

// term := '*[' … ']' | '*' n | '*' | '0' | '(' expr ')'.
func (p *formParser) term(end int) int32 {
	p.skip(end)
	if p.pos >= end {
		p.fail(p.pos, "expected a misère game, found the end of the input")
	}
	start := p.pos
	switch c := p.src[p.pos]; {
	case p.has("*["):
		return p.bracket(end)
	case c == '*':
		p.pos++
		if p.pos < end && notation.IsDigit(p.src[p.pos]) {
			return p.heap(p.integer(end), start)
		}
		return p.c.Nim(1)
	case c == '(':
		p.pos++
		g := p.expr(end)
		p.skip(end)
		if p.pos >= end || p.src[p.pos] != ')' {
			p.fail(p.pos, "expected ')' to close the '(' at column %d", start+1)
		}
		p.pos++
		return g
	case notation.IsDigit(c):
		n := p.integer(end)
		if n != 0 {
			p.fail(start, "write the nim heap %d as *[%d] (a misère game is *[…], *n or 0)", n, n)
		}
		return 0
	}
	p.fail(p.pos, "unexpected %q: a misère game is *[…], *n, 0 or a sum of them", p.src[p.pos:p.pos+1])
	return 0
}

func (p *formParser) integer(end int) int {
	start := p.pos
	for p.pos < end && notation.IsDigit(p.src[p.pos]) {
		p.pos++
	}
	n, err := strconv.Atoi(p.src[start:p.pos])
	if err != nil || n > MaxNimHeap {
		p.fail(start, "nim heap %s too large (at most %d)", p.src[start:p.pos], MaxNimHeap)
	}
	return n
}

func (p *formParser) heap(n, pos int) int32 {
	if n > MaxNimHeap {
		p.fail(pos, "nim heap %d too large (at most %d)", n, MaxNimHeap)
	}
	return p.c.Nim(n)
}

// closing returns the offset of the bracket that closes the one at open.
func (p *formParser) closing(open, end int) int {
	depth := 0
	for i := open; i < end; i++ {
		switch p.src[i] {
		case '[', '(':
			depth++
		case ']', ')':
			depth--
			if depth == 0 {
				if p.src[i] != ']' && p.src[open] == '[' || p.src[i] != ')' && p.src[open] == '(' {
					p.fail(i, "%q closes the %q at column %d", p.src[i:i+1], p.src[open:open+1], open+1)
				}
				return i
			}
		}
	}
	p.fail(open, "unbalanced %q: no matching close", p.src[open:open+1])
	return 0
}

// bracket reads *[…]: a nim heap, CGSuite's input list, or its printed
// form.
func (p *formParser) bracket(end int) int32 {
	open := p.pos + 1
	close := p.closing(open, end)
	inner := strings.TrimSpace(p.src[open+1 : close])
	p.enter()
	defer func() { p.depth-- }()
	var g int32
	switch {
	case inner == "":
		p.fail(open, "*[] is empty: write *[0] for the game with no moves")
	case strings.Trim(inner, "0123456789") == "":
		p.pos = notation.SkipSpace(p.src, open+1, close)
		g = p.heap(p.integer(close), open+1)
	case p.isList(open+1, close):
		opts := p.list(open+1, close)
		if len(opts) == 1 {
			g = opts[0]
		} else {
			g = p.c.game(opts)
		}
	default:
		items := p.printed(open+1, close, false)
		if len(items) == 1 {
			g = items[0]
		} else {
			g = p.c.game(items)
		}
	}
	p.pos = close + 1
	return g
}

// isList reports whether src[from:to] is CGSuite's input list rather
// than its printed form: it has a comma, a '*' or a '+', or starts with
// '['.
func (p *formParser) isList(from, to int) bool {
	s := strings.TrimSpace(p.src[from:to])
	return strings.HasPrefix(s, "[") || strings.ContainsAny(s, ",*+")
}

// list reads the comma-separated elements of an input list in
// src[from:to]: an integer is a nim heap, [ … ] the game with those
// options, and anything else an expression.
func (p *formParser) list(from, to int) []int32 {
	p.pos = from
	var out []int32
	if p.skip(to); p.pos >= to {
		return nil // [] is the game with no moves
	}
	for {
		p.skip(to)
		start := p.pos
		var g int32
		switch {
		case p.pos < to && p.src[p.pos] == '[':
			close := p.closing(p.pos, to)
			p.enter()
			g = p.c.game(p.list(p.pos+1, close))
			p.depth--
			p.pos = close + 1
		case p.pos < to && notation.IsDigit(p.src[p.pos]):
			g = p.heap(p.integer(to), start)
		default:
			g = p.expr(to)
		}
		out = append(out, g)
		p.skip(to)
		if p.pos >= to {
			return out
		}
		if p.src[p.pos] != ',' {
			p.fail(p.pos, "unexpected %q in a list of options", p.src[p.pos:p.pos+1])
		}
		p.pos++
	}
}

// printed reads the printer's form in src[from:to]: items, each a base
// (a digit, &n;, or a parenthesised list of two items or more) followed
// by #s or by subscripts in [ … ].
func (p *formParser) printed(from, to int, group bool) []int32 {
	p.pos = from
	var items []int32
	for {
		p.skip(to)
		if p.pos >= to {
			break
		}
		items = append(items, p.item(to))
	}
	if group && len(items) < 2 {
		p.fail(from, "a parenthesised list of options needs two of them or more")
	}
	return items
}

func (p *formParser) digitTok(to int) (int, bool) {
	if p.pos >= to {
		return 0, false
	}
	c := p.src[p.pos]
	if notation.IsDigit(c) {
		p.pos++
		return int(c - '0'), true
	}
	if c == '&' {
		start := p.pos
		p.pos++
		n := p.integer(to)
		if p.pos >= to || p.src[p.pos] != ';' {
			p.fail(start, "write a heap of 10 or more as &n;")
		}
		p.pos++
		return n, true
	}
	return 0, false
}

func (p *formParser) item(to int) int32 {
	start := p.pos
	var g int32
	if n, ok := p.digitTok(to); ok {
		g = p.heap(n, start)
	} else if p.src[p.pos] == '(' {
		close := p.closing(p.pos, to)
		p.enter()
		g = p.c.game(p.printed(p.pos+1, close, true))
		p.depth--
		p.pos = close + 1
	} else {
		p.fail(p.pos, "unexpected %q in a misère form (a digit, &n;, '(' or a list)", p.src[p.pos:p.pos+1])
	}
	for p.pos < to && p.src[p.pos] == '#' {
		g = p.c.game([]int32{g})
		p.pos++
	}
	if p.pos >= to || p.src[p.pos] != '[' {
		return g
	}
	open := p.pos
	close := p.closing(open, to)
	p.pos++
	if p.pos == close {
		p.fail(open, "empty subscript []")
	}
	for p.pos < close {
		at := p.pos
		switch {
		case p.src[p.pos] == '#':
			g = p.c.game([]int32{g})
			p.pos++
		case p.src[p.pos] == '-':
			p.pos++
			n, ok := p.digitTok(close)
			if !ok {
				p.fail(p.pos, "expected a heap after '-' in a subscript")
			}
			d, ok := p.c.subtract(g, p.c.Nim(n))
			if !ok {
				p.fail(at, "*[%d] is not a part of the game before it, which cannot lose it", n)
			}
			g = d
		default:
			n, ok := p.digitTok(close)
			if !ok {
				p.fail(p.pos, "unexpected %q in a subscript (#, a heap, or -heap)", p.src[p.pos:p.pos+1])
			}
			g = p.c.sum(g, p.heap(n, at))
		}
	}
	p.pos = close + 1
	return g
}
