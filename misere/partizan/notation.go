package partizan

import (
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/cgt/notation"
)

// String writes g as CGSuite writes a game form: 0, integers, *n, ^ and v
// for exactly those forms, otherwise braces, with CGSuite's slashes for
// one-option sides ({2|0||-1} is {{2|0}|-1}).
func (t *Table) String(g Game) string {
	s, _ := t.StringLimit(g, -1)
	return s
}

// StringLimit is String for a text of at most max bytes (no bound when
// max < 0): ok is false, and the text partial, when it is longer. The
// forms of game positions share their followers, and written out in full
// they can be far longer than the table that holds them.
func (t *Table) StringLimit(g Game, max int) (s string, ok bool) {
	if max < 0 {
		max = -1
	}
	left := max
	s = t.braced(g, &left)
	return s, max < 0 || left >= 0
}

func (t *Table) braced(g Game, left *int) string {
	s, lvl := t.text(g, left)
	if lvl > 0 {
		s = "{" + s + "}"
		t.spend(left, 2)
	}
	return s
}

// text is g's text and its bar level (notation.JoinSides); *left, when
// not negative, is what remains of the length allowed, and once it runs
// out the texts are cut short.
func (t *Table) text(g Game, left *int) (string, int) {
	if *left < 0 && *left != -1 {
		return "", 0
	}
	if name, ok := t.name(g); ok {
		t.spend(left, len(name))
		return name, 0
	}
	side := func(opts []Game) (string, int) {
		// One option goes without braces (CGSuite's slashes) unless a side
		// of it is empty: its bars would run into the ones beside it.
		if len(opts) == 1 && len(t.left[opts[0]]) > 0 && len(t.right[opts[0]]) > 0 {
			return t.text(opts[0], left)
		}
		parts := make([]string, len(opts))
		for i, o := range opts {
			parts[i] = t.braced(o, left)
		}
		t.spend(left, max(len(parts)-1, 0))
		return strings.Join(parts, ","), 0
	}
	ls, ll := side(t.LeftOrdered(g))
	rs, rl := side(t.RightOrdered(g))
	s, lvl := notation.JoinSides(ls, ll, rs, rl)
	t.spend(left, len(s)-len(ls)-len(rs))
	return s, lvl
}

// spend takes n bytes from the length allowed (-1: no bound).
func (t *Table) spend(left *int, n int) {
	if *left == -1 {
		return
	}
	*left -= n
	if *left == -1 {
		*left = -2 // -1 means unbounded
	}
}

// name is g's short name when g is exactly an integer's form, a nim heap,
// ^ or v.
func (t *Table) name(g Game) (string, bool) {
	if n, ok := t.integer(g); ok {
		return strconv.Itoa(n), true
	}
	if n, ok := t.nimHeap(g); ok {
		if n == 1 {
			return "*", true
		}
		return "*" + strconv.Itoa(n), true
	}
	l, r := t.left[g], t.right[g]
	if len(l) == 1 && len(r) == 1 {
		if ln, ok := t.nimHeap(l[0]); ok {
			if rn, ok := t.nimHeap(r[0]); ok {
				switch {
				case ln == 0 && rn == 1:
					return "^", true
				case ln == 1 && rn == 0:
					return "v", true
				}
			}
		}
	}
	return "", false
}

// integer reports whether g is exactly the form of an integer: 0, or
// {n-1|} for n > 0, or {|n+1} for n < 0.
func (t *Table) integer(g Game) (int, bool) {
	n := 0
	for {
		l, r := t.left[g], t.right[g]
		switch {
		case len(l) == 0 && len(r) == 0:
			return n, true
		case len(l) == 1 && len(r) == 0 && n >= 0:
			n++
			g = l[0]
		case len(r) == 1 && len(l) == 0 && n <= 0:
			n--
			g = r[0]
		default:
			return 0, false
		}
	}
}

// nimHeap reports whether g is exactly the nim heap *n: the same options
// for both players, *0 … *(n-1). Memoised: a heap's options are heaps.
func (t *Table) nimHeap(g Game) (int, bool) {
	for len(t.nim) < len(t.left) {
		t.nim = append(t.nim, -2)
	}
	if k := t.nim[g]; k != -2 {
		return int(k), k >= 0
	}
	n, ok := t.isNimHeap(g)
	t.nim[g] = -1
	if ok {
		t.nim[g] = int32(n)
	}
	return n, ok
}

func (t *Table) isNimHeap(g Game) (int, bool) {
	l, r := t.left[g], t.right[g]
	if len(l) != len(r) {
		return 0, false
	}
	seen := make([]bool, len(l))
	for i := range l {
		if l[i] != r[i] {
			return 0, false
		}
		k, ok := t.nimHeap(l[i])
		if !ok || k >= len(l) || seen[k] {
			return 0, false
		}
		seen[k] = true
	}
	return len(l), true
}

// Relation is a comparison of two games in an expression.
type Relation string

// The relations Parse reads; Confused is neither ≥ nor ≤.
const (
	Equal        Relation = "=="
	NotEqual     Relation = "!="
	GreaterEqual Relation = ">="
	LessEqual    Relation = "<="
	Greater      Relation = ">"
	Less         Relation = "<"
	Confused     Relation = "||"
)

// Holds decides g rel h.
func (t *Table) Holds(g Game, rel Relation, h Game) (ok bool, err error) {
	defer catch(&err)
	return relationHolds(t.ge(g, h), t.ge(h, g), rel), nil
}

// relationHolds says whether rel holds of two games, from whether the
// first is at least the second (ge) and at most it (le).
func relationHolds(ge, le bool, rel Relation) bool {
	switch rel {
	case Equal:
		return ge && le
	case NotEqual:
		return !(ge && le)
	case GreaterEqual:
		return ge
	case LessEqual:
		return le
	case Greater:
		return ge && !le
	case Less:
		return le && !ge
	}
	return !ge && !le
}

// Parse reads a game, or a comparison of two, in the notation String
// writes (package doc). A syntax error is a *notation.Error naming the
// byte offset.
func (t *Table) Parse(src string) (g Game, rel Relation, h Game, err error) {
	defer catch(&err)
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(*notation.Error)
			if !ok {
				panic(r)
			}
			err = e
		}
	}()
	p := &parser{t: t, src: src}
	if at, r, ok := findRelation(src); ok {
		g = p.whole(0, at)
		h = p.whole(at+len(r), len(src))
		return g, r, h, nil
	}
	return p.whole(0, len(src)), "", 0, nil
}

// findRelation finds a comparison outside braces and parentheses.
func findRelation(src string) (int, Relation, bool) {
	depth := 0
	for i := 0; i < len(src); i++ {
		switch c := src[i]; c {
		case '{', '(':
			depth++
		case '}', ')':
			depth--
		default:
			if depth != 0 {
				continue
			}
			for _, r := range []Relation{Equal, NotEqual, GreaterEqual, LessEqual, Confused, "<>", Greater, Less} {
				if strings.HasPrefix(src[i:], string(r)) {
					if r == "<>" {
						r = Confused
					}
					return i, r, true
				}
			}
		}
	}
	return 0, "", false
}

type parser struct {
	t     *Table
	src   string
	pos   int
	depth int
}

func (p *parser) fail(pos int, format string, args ...any) {
	panic(notation.Errorf(pos, format, args...))
}

func (p *parser) skip(end int) { p.pos = notation.SkipSpace(p.src, p.pos, end) }

// whole parses src[from:to] as one expression.
func (p *parser) whole(from, to int) Game {
	p.pos = from
	g := p.expr(to)
	p.skip(to)
	if p.pos < to {
		p.fail(p.pos, "unexpected %q after a game", p.src[p.pos:p.pos+1])
	}
	return g
}

// expr := term (('+' | '-') term)*, up to end.
func (p *parser) expr(end int) Game {
	if p.depth++; p.depth > 1000 {
		p.fail(p.pos, "nesting deeper than 1000 levels")
	}
	defer func() { p.depth-- }()
	g := p.term(end)
	for {
		p.skip(end)
		if p.pos >= end || (p.src[p.pos] != '+' && p.src[p.pos] != '-') {
			return g
		}
		minus := p.src[p.pos] == '-'
		p.pos++
		h := p.term(end)
		if minus {
			h = p.t.conjugate(h)
		}
		g = p.t.sum(g, h)
	}
}

// term := '-' term | '(' expr ')' | '{' sides '}' | integer | '*' [n] |
// '^' | 'v'.
func (p *parser) term(end int) Game {
	p.skip(end)
	if p.pos >= end {
		p.fail(p.pos, "expected a game, found the end of the input")
	}
	start := p.pos
	switch c := p.src[p.pos]; {
	case c == '-':
		p.pos++
		return p.t.conjugate(p.term(end))
	case c == '(':
		p.pos++
		g := p.expr(end)
		p.skip(end)
		if p.pos >= end || p.src[p.pos] != ')' {
			p.fail(p.pos, "expected ')' to close the '(' at column %d", start+1)
		}
		p.pos++
		return g
	case c == '{':
		closing, runs, err := notation.MatchBraces(p.src, p.pos, end)
		if err != nil {
			panic(err)
		}
		g := p.braces(p.pos+1, closing, runs)
		p.pos = closing + 1
		return g
	case notation.IsDigit(c):
		n := p.number(end)
		g, err := p.t.Integer(n)
		if err != nil {
			panic(abort{err})
		}
		return g
	case c == '*':
		p.pos++
		n := 1
		if p.pos < end && notation.IsDigit(p.src[p.pos]) {
			at := p.pos
			if n = p.number(end); n > maxNimHeap {
				p.fail(at, "*%d is too large: nim heaps up to *%d here (*n has n(n+1) options in all)", n, maxNimHeap)
			}
		}
		g, err := p.t.Nim(n)
		if err != nil {
			panic(abort{err})
		}
		return g
	case c == '^':
		p.pos++
		return p.t.make([]Game{Zero}, []Game{p.nim(1)})
	case c == 'v':
		p.pos++
		return p.t.make([]Game{p.nim(1)}, []Game{Zero})
	}
	p.fail(p.pos, "unexpected %q: a misère game is {L|R}, an integer, *n, ^, v, or a sum of them", p.src[p.pos:p.pos+1])
	return 0
}

func (p *parser) nim(n int) Game {
	g, err := p.t.Nim(n)
	if err != nil {
		panic(abort{err})
	}
	return g
}

// maxNimHeap bounds a nim heap written out: *n stores n games with
// n(n+1) options in all.
const maxNimHeap = 4096

func (p *parser) number(end int) int {
	start := p.pos
	for p.pos < end && notation.IsDigit(p.src[p.pos]) {
		p.pos++
	}
	if p.pos < end && (p.src[p.pos] == '/' || p.src[p.pos] == '.') {
		p.fail(p.pos, "only integers here: a fraction has no misère form of its own (write its form in braces)")
	}
	// An integer or a nim heap n is n stored games: past the Table's
	// bound it could not be held (and a larger one could not be printed
	// back).
	limit := p.t.MaxGames
	if limit <= 0 {
		limit = DefaultMaxGames
	}
	n, err := strconv.Atoi(p.src[start:p.pos])
	if err != nil || n > limit {
		p.fail(start, "%s is too large: at most %d here", p.src[start:p.pos], limit)
	}
	return n
}

// braces reads the game between '{' and the '}' at to: its sides split
// at the longest run of bars; a side with bars of its own is one option
// (CGSuite's slashes), else a comma-separated list, maybe empty.
func (p *parser) braces(from, to int, runs []notation.BarRun) Game {
	k, err := notation.SplitBars(from, runs)
	if err != nil {
		panic(err)
	}
	split := runs[k]
	left := p.side(from, split.At, runs[:k])
	right := p.side(split.At+split.N, to, runs[k+1:])
	return p.t.make(left, right)
}

func (p *parser) side(from, to int, runs []notation.BarRun) []Game {
	if len(runs) > 0 {
		return []Game{p.braces(from, to, runs)}
	}
	p.pos = from
	p.skip(to)
	if p.pos >= to {
		return nil
	}
	var opts []Game
	for {
		// An option ends at a comma outside nested braces or parentheses.
		end := optionEnd(p.src, p.pos, to)
		opts = append(opts, p.whole(p.pos, end))
		if end >= to {
			return opts
		}
		p.pos = end + 1
	}
}

func optionEnd(src string, from, to int) int {
	depth := 0
	for i := from; i < to; i++ {
		switch src[i] {
		case '{', '(':
			depth++
		case '}', ')':
			depth--
		case ',':
			if depth == 0 {
				return i
			}
		}
	}
	return to
}
