package cgt

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// String writes g in CGSuite's notation: numbers ("-3/4"), nimbers
// ("*3"), ups and downs ("^", "^^", "^5", "v", "vv*"), their sums
// ("1/2^*"), switches "+-x" for {x|-x} with x a number, and
// otherwise braces with CGSuite's slash convention: an option that is the
// only one on its side loses its braces and the bars around it grow, so
// {{2|0}|-1} is written {2|0||-1}. Parse reads every string String writes
// back to the same game.
func (s *Space) String(g Game) string {
	str, _ := s.StringLimit(g, 0)
	return str
}

// StringLimit is String with a bound on the length of the text: the
// canonical form of a sum of many hot games can be exponentially long. It
// returns false, and no text, when the text would exceed max bytes (0
// means no bound); the length is estimated from above (nested options
// are counted once more for each level), so a text somewhat shorter than
// max may be refused too.
func (s *Space) StringLimit(g Game, max int) (str string, ok bool) {
	f := &formatter{s: s, max: max, memo: map[Game]formatted{}}
	defer func() {
		if r := recover(); r != nil {
			if r != errTooLong {
				panic(r)
			}
			str, ok = "", false
		}
	}()
	str, lvl := f.format(g)
	if lvl > 0 {
		str = "{" + str + "}"
	}
	return str, true
}

type formatted struct {
	str string
	lvl int
}

type formatter struct {
	s     *Space
	max   int
	total int // bytes produced so far: an upper estimate of the text's length
	memo  map[Game]formatted
}

// errTooLong stops a formatter whose text passed its bound; StringLimit
// recovers it.
var errTooLong = new(struct{ tooLong bool })

func (f *formatter) format(g Game) (string, int) {
	if r, ok := f.memo[g]; ok {
		f.grow(len(r.str))
		return r.str, r.lvl
	}
	str, lvl := f.formatNew(g)
	f.memo[g] = formatted{str, lvl}
	return str, lvl
}

func (f *formatter) grow(n int) {
	f.total += n
	if f.max > 0 && f.total > f.max {
		panic(errTooLong)
	}
}

// String writes an option in full, braces included.
func (f *formatter) String(g Game) string {
	str, lvl := f.format(g)
	if lvl > 0 {
		return "{" + str + "}"
	}
	return str
}

// formatNew returns g's text and its bar level: 0 for an atom written
// without braces, else the number of bars between its sides (the text is
// then given without its outer braces).
func (f *formatter) formatNew(g Game) (string, int) {
	s := f.s
	n := s.nodes.at(g)
	if n.isNus {
		return formatNus(n.v), 0
	}
	if str, ok := f.special(g); ok {
		return str, 0
	}
	L, R := n.left, n.right
	side := func(opts []Game) (string, int) {
		if len(opts) == 1 {
			return f.format(opts[0])
		}
		return strings.Join(f.sortedParts(opts), ","), 0
	}
	ls, ll := side(L)
	rs, rl := side(R)
	lvl := max(ll, rl) + 1
	str := ls + strings.Repeat("|", lvl) + rs
	if lvl == maxSlashes {
		// CGSuite writes braces rather than more bars in a row.
		str, lvl = "{"+str+"}", 0
	}
	f.grow(len(str))
	return str, lvl
}

func formatNus(v nus) string {
	var sb strings.Builder
	if v.num.Sign() != 0 || v.isNumber() {
		sb.WriteString(v.num.String())
	}
	switch u := v.up; {
	case u == 1:
		sb.WriteString("^")
	case u == 2:
		sb.WriteString("^^")
	case u > 2:
		sb.WriteString("^" + strconv.Itoa(int(u)))
	case u == -1:
		sb.WriteString("v")
	case u == -2:
		sb.WriteString("vv")
	case u < -2:
		sb.WriteString("v" + strconv.Itoa(int(-u)))
	}
	switch {
	case v.nim == 1:
		sb.WriteString("*")
	case v.nim > 1:
		sb.WriteString("*" + strconv.Itoa(int(v.nim)))
	}
	return sb.String()
}

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

// ParseError is a syntax or value error at a byte offset of the input.
type ParseError struct {
	Pos int // 0-based byte offset
	Msg string
}

func (e *ParseError) Error() string { return fmt.Sprintf("column %d: %s", e.Pos+1, e.Msg) }

// Comparison is a relation between two games.
type Comparison string

const (
	CmpEq    Comparison = "=="
	CmpLeq   Comparison = "<="
	CmpGeq   Comparison = ">="
	CmpLess  Comparison = "<"
	CmpMore  Comparison = ">"
	CmpFuzzy Comparison = "||"
	CmpNeq   Comparison = "!="
	// CmpLessFuzzy is G <| H: G is less than or confused with H (not G ≥ H).
	CmpLessFuzzy Comparison = "<|"
	// CmpMoreFuzzy is G |> H: G is greater than or confused with H (not G ≤ H).
	CmpMoreFuzzy Comparison = "|>"
)

// Compare decides g op h.
//
// Its error is a *budget.Exceeded (errors.Is(err, budget.ErrExceeded)) when
// the work passes one of the Space's limits, or wraps the context's
// error when s.Context is done; see the package doc.
func (s *Space) Compare(g Game, op Comparison, h Game) (ok bool, err error) {
	defer s.done(&err)
	return s.compare(g, op, h), nil
}

func (s *Space) compare(g Game, op Comparison, h Game) bool {
	switch op {
	case CmpEq:
		return g == h
	case CmpNeq:
		return g != h
	case CmpLeq:
		return s.leq(g, h)
	case CmpGeq:
		return s.leq(h, g)
	case CmpLess:
		return s.less(g, h)
	case CmpMore:
		return s.less(h, g)
	case CmpFuzzy:
		return s.fuzzy(g, h)
	case CmpLessFuzzy:
		return !s.leq(h, g)
	case CmpMoreFuzzy:
		return !s.leq(g, h)
	}
	throw(fmt.Errorf("unknown comparison %q", string(op)))
	return false
}

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
		return 0, "", 0, &ParseError{MaxInputLen, fmt.Sprintf("input longer than %d bytes", MaxInputLen)}
	}
	if !utf8.ValidString(src) {
		return 0, "", 0, &ParseError{0, "input is not valid UTF-8"}
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
	throw(&ParseError{p.pos, fmt.Sprintf(format, args...)})
}

func (p *parser) failAt(pos int, format string, args ...any) {
	throw(&ParseError{pos, fmt.Sprintf(format, args...)})
}

func (p *parser) skip() {
	for p.pos < p.end {
		switch p.src[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

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

func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' }

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
	i := p.pos
	if i < p.end && p.src[i] == '-' {
		i++
	}
	for i < p.end && isDigit(p.src[i]) {
		i++
	}
	if i < p.end && (p.src[i] == '/' || p.src[i] == '.') && i+1 < p.end && isDigit(p.src[i+1]) {
		i++
		for i < p.end && isDigit(p.src[i]) {
			i++
		}
	}
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

// braces parses {L|R} with CGSuite's slashes: the longest run of bars at
// the top level splits the sides, and a side holding shorter runs is one
// game written without its braces.
func (p *parser) braces() Game {
	open, close, runs := p.matchBraces()
	p.enter()
	defer p.leave()
	return p.closed(p.bracesGame(open, close, runs))
}

// matchBraces finds the '}' matching the '{' at pos and the runs of bars
// at its top level.
func (p *parser) matchBraces() (open, close int, runs []barRun) {
	open = p.pos
	// Find the matching '}' and the bar runs at depth 0.
	depth := 0
	close = -1
	for i := open + 1; i < p.end && close < 0; i++ {
		switch p.src[i] {
		case '{', '(':
			depth++
		case ')':
			depth--
			if depth < 0 {
				p.failAt(i, "unbalanced ')'")
			}
		case '}':
			if depth == 0 {
				close = i
			} else {
				depth--
			}
		case '|':
			if depth == 0 {
				j := i
				for j < p.end && p.src[j] == '|' {
					j++
				}
				runs = append(runs, barRun{i, j - i})
				i = j - 1
			}
		}
	}
	if close < 0 {
		p.failAt(open, "unbalanced '{': no matching '}'")
	}
	return open, close, runs
}

// bracesGame is the game of the braces at open..close, whose top-level
// bar runs are runs; the parser continues after close.
func (p *parser) bracesGame(open, close int, runs []barRun) Game {
	g := p.barForm(open+1, close, runs)
	p.pos = close + 1
	p.end = max(p.end, p.pos)
	return g
}

type barRun struct{ at, n int }

// barForm parses src[from:to], whose top-level bar runs are runs.
func (p *parser) barForm(from, to int, runs []barRun) Game {
	if len(runs) == 0 {
		p.failAt(from-1, "braces without '|': write {L|R}")
	}
	longest := 0
	for _, r := range runs {
		longest = max(longest, r.n)
	}
	split := -1
	for i, r := range runs {
		if r.n == longest {
			if split >= 0 {
				p.failAt(r.at, "ambiguous bars: two runs of %d '|' at the same level", longest)
			}
			split = i
		}
	}
	sr := runs[split]
	var leftRuns, rightRuns []barRun
	leftRuns = runs[:split]
	rightRuns = runs[split+1:]
	L := p.side(from, sr.at, leftRuns)
	R := p.side(sr.at+sr.n, to, rightRuns)
	return p.s.mk(L, R)
}

// side parses one side of a brace: a comma-separated list of games, or
// one game in slash notation when it holds bars.
func (p *parser) side(from, to int, runs []barRun) []Game {
	if len(runs) > 0 {
		p.enter()
		defer p.leave()
		return []Game{p.barForm(from, to, runs)}
	}
	sub := &parser{s: p.s, src: p.src, pos: from, end: to, depth: p.depth}
	sub.skip()
	var out []Game
	if sub.pos == to {
		return nil
	}
	for {
		out = append(out, sub.expr())
		sub.skip()
		if sub.pos == to {
			return out
		}
		if sub.src[sub.pos] != ',' {
			sub.fail("unexpected %q in a list of options", sub.peekRune())
		}
		sub.pos++
	}
}

func (p *parser) call() Game {
	start := p.pos
	for p.pos < p.end && (isLetter(p.src[p.pos]) || isDigit(p.src[p.pos])) {
		p.pos++
	}
	name := p.src[start:p.pos]
	switch strings.ToLower(name) {
	case "on", "off", "over", "under", "upon", "dud", "pass":
		p.failAt(start, "%q is a loopy game; only short (loop-free) games are supported", name)
	}
	p.skip()
	if !p.has("(") {
		p.failAt(start, "unknown name %q", name)
	}
	p.pos++
	var args []Game
	var argPos []int
	for {
		p.skip()
		argPos = append(argPos, p.pos)
		args = append(args, p.expr())
		p.skip()
		if p.has(",") {
			p.pos++
			continue
		}
		if !p.has(")") {
			p.fail("expected ')' or ',' in the arguments of %s", name)
		}
		p.pos++
		break
	}
	need := func(n int) {
		if len(args) != n {
			p.failAt(start, "%s takes %d argument(s), got %d", name, n, len(args))
		}
	}
	s := p.s
	var g Game
	switch strings.ToLower(name) {
	case "tiny":
		need(1)
		g = s.mk([]Game{Zero}, []Game{s.mk([]Game{Zero}, []Game{s.neg(args[0])})})
	case "miny":
		need(1)
		g = s.mk([]Game{s.mk([]Game{args[0]}, []Game{Zero})}, []Game{Zero})
	case "cool", "heat":
		need(2)
		if strings.ToLower(name) == "cool" {
			t, ok := s.IsNumber(args[1])
			if !ok {
				p.failAt(argPos[1], "Cool needs a number as temperature")
			}
			if !Int(-1).Less(t) {
				p.failAt(argPos[1], "cooling temperature must be above -1 (CGSuite's bound)")
			}
			g = s.cool(args[0], t)
		} else {
			g = s.heat(args[0], args[1]) // heating by any game t (CGSuite's Heat)
		}
	case "norton":
		need(2)
		if !s.less(Zero, args[1]) {
			p.failAt(argPos[1], "Norton multiplication needs a positive unit")
		}
		g = s.nortonMultiply(args[0], args[1])
	case "ordinalsum":
		need(2)
		g = s.ordinalSum(args[0], args[1])
	case "atomicweight":
		need(1)
		w, ok := s.atomicWeightGeneral(args[0])
		if !ok {
			p.failAt(argPos[0], "the atomic weight is defined only for atomic games (infinitesimals close to a multiple of ^)")
		}
		g = w
	default:
		var ok bool
		if g, ok = p.callMore(strings.ToLower(name), start, args, argPos); !ok {
			p.failAt(start, "unknown function %q (known: %s)", name, knownFunctions)
		}
	}
	return p.closed(g)
}
