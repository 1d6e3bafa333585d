package cgt

import (
	"strings"

	"github.com/grundy-go/grundy/cgt/notation"
)

// Calls: Name(args) (function syntax), G.Name and G.Name(args) (method
// syntax, CGSuite's), G Name H (infix, CGSuite's), all through
// methodTable (methods.go).

// readName reads a name at p.pos: a letter, then letters and digits.
func (p *parser) readName() (name string, start int) {
	start = p.pos
	for p.pos < p.end && (isLetter(p.src[p.pos]) || isDigit(p.src[p.pos])) {
		p.pos++
	}
	return p.src[start:p.pos], start
}

// call reads a function call Name(args) at p.pos.
func (p *parser) call() Game {
	name, start := p.readName()
	if notation.IsLoopyName(name) {
		// The calculator may hand the expression to a loopy notation
		// (notation.Error.Wants; package notation, "How a notation joins").
		e := notation.Errorf(start, "%q is a loopy game; only short (loop-free) games are supported", name)
		e.Wants = notation.WantsLoopy
		throw(e)
	}
	if name == "inf" {
		e := notation.Errorf(start, "inf is CGSuite's Rational 1/0, not a short game")
		e.Wants = notation.WantsRational
		throw(e)
	}
	fn, known := lookupFunction(name)
	p.skip()
	if !p.has("(") {
		if known {
			p.failAt(start, "%s needs its arguments in parentheses, or is written G.%s", name, fn.names[0])
		}
		p.failAt(start, "unknown name %q%s", name, cgsuiteOnly(name))
	}
	if !known {
		p.failAt(start, "unknown function %q (the functions are listed by 'grundy cgt --help')", name)
	}
	args := p.arguments(name)
	c := &fnCall{p: p, name: name, at: start}
	if fn.method {
		if len(args) == 0 {
			p.failAt(start, "%s takes %d argument(s), got 0", name, len(fn.params)+1)
		}
		c.recv, args = args[0], args[1:]
	}
	return p.closed(p.apply(fn, c, args, len(fn.params)+boolInt(fn.method), start))
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// arguments reads "(a, b, …)" at p.pos; Left and Right are players.
func (p *parser) arguments(name string) []operand {
	p.pos++ // '('
	p.skip()
	var args []operand
	if p.has(")") {
		p.pos++
		return nil
	}
	for {
		p.skip()
		at := p.pos
		if o, ok := p.playerArg(); ok {
			args = append(args, o)
		} else {
			g := p.infix()
			args = append(args, operand{g: g, f: p.formOf(g), at: at})
		}
		p.skip()
		if p.has(",") {
			p.pos++
			continue
		}
		if !p.has(")") {
			p.fail("expected ')' or ',' in the arguments of %s", name)
		}
		p.pos++
		return args
	}
}

// playerArg reads Left or Right standing alone as an argument.
func (p *parser) playerArg() (operand, bool) {
	save := p.pos
	name, at := p.readName()
	if n := strings.ToLower(name); n == "left" || n == "right" {
		p.skip()
		if p.has(",") || p.has(")") {
			pl := 1
			if n == "right" {
				pl = 2
			}
			return operand{player: pl, at: at}, true
		}
	}
	p.pos = save
	return operand{}, false
}

// apply checks the arguments of fn and evaluates it; want is the number
// of arguments as the caller counts them, for the error. A result that
// is not a game is kept in the parser's state (nonGame) and stands for
// the whole expression, which starts at from.
func (p *parser) apply(fn *function, c *fnCall, args []operand, want int, from int) Game {
	if len(args) != len(fn.params) {
		p.failAt(c.at, "%s takes %d argument(s), got %d", c.name, want, len(args)+want-len(fn.params))
	}
	if fn.method && c.recv.player != 0 {
		p.failAt(c.recv.at, "%s needs a game, not a player", c.name)
	}
	for i, k := range fn.params {
		switch {
		case k == argPlayer && args[i].player == 0:
			p.failAt(args[i].at, "%s needs Left or Right here", c.name)
		case k == argGame && args[i].player != 0:
			p.failAt(args[i].at, "%s needs a game here, not a player", c.name)
		}
	}
	c.args = args
	r := fn.eval(c)
	if r.value != nil {
		p.st.nonGame = &nonGame{v: r.value, from: from, end: p.pos, name: c.name}
		p.setForm(nil)
		return Zero
	}
	p.setForm(r.f)
	return r.g
}

// postfix reads the method calls after a value g: .Name or .Name(args),
// as many as follow (^.PowTo(5).Subordinate(*)).
func (p *parser) postfix(g Game, start int) Game {
	for {
		save := p.pos
		p.skip()
		if !p.has(".") || p.pos+1 >= p.end || !isLetter(p.src[p.pos+1]) {
			p.pos = save
			return g
		}
		recv := operand{g: g, f: p.formOf(g), at: start}
		if ng := p.st.nonGame; ng != nil {
			p.fail("%s returns a %s, which has no methods here", ng.name, ng.v.Kind)
		}
		p.pos++
		name, at := p.readName()
		fn, ok := lookupFunction(name)
		if !ok || !fn.method {
			p.failAt(at, "unknown method %q (the methods are listed by 'grundy cgt --help')", name)
		}
		var args []operand
		save = p.pos
		p.skip()
		if p.has("(") {
			args = p.arguments(name)
		} else {
			p.pos = save
		}
		c := &fnCall{p: p, name: name, at: at, recv: recv}
		g = p.apply(fn, c, args, len(fn.params), start)
	}
}

// infix reads expr (Name expr)*: CGSuite's infix operators, G
// ConjunctiveSum H, 3 Max 5, * Heat 2, each a method of one argument,
// left to right, below the sums and above the comparisons.
func (p *parser) infix() Game {
	start := p.pos
	g := p.expr()
	for {
		save := p.pos
		p.skip()
		if p.pos >= p.end || !isLetter(p.src[p.pos]) || p.allVs() {
			p.pos = save
			return g
		}
		recv := operand{g: g, f: p.formOf(g), at: start}
		name, at := p.readName()
		fn, ok := lookupFunction(name)
		if !ok || !fn.method || len(fn.params) != 1 {
			p.failAt(at, "unknown infix operator %q: write G Name H with a method of one argument ('grundy cgt --help' lists them)", name)
		}
		p.skip()
		argAt := p.pos
		h := p.expr()
		arg := operand{g: h, f: p.formOf(h), at: argAt}
		if p.st.nonGame != nil {
			p.failAt(at, "%s needs games on both sides", name)
		}
		g = p.apply(fn, &fnCall{p: p, name: name, at: at, recv: recv}, []operand{arg}, 1, start)
	}
}

// cgsuiteOnly says why a name CGSuite's language knows is not one of the
// calculator's, so that a line pasted from CGSuite is refused with its
// reason; "" for other names.
func cgsuiteOnly(name string) string {
	switch {
	case name == "omega" || name == "ω":
		return ": transfinite ordinals and surreal numbers (CGSuite's omega) are not short games, and grundy cgt takes short games, loopy games and rationals"
	case name == "true" || name == "false":
		return ": CGSuite's booleans are not games; grundy cgt prints a comparison's truth, but takes no boolean inside an expression"
	case name == "game" || name == "examples":
		return ": CGSuite's rulesets (game.grid.Domineering(...)) are not values of the calculator; value a position with grundy value GAME POSITION (for example grundy value domineering '..|..')"
	case len(name) <= 2:
		return ": a variable is assigned on the same line before it is used (a := ^; a + a); CGSuite's variables from earlier lines are not kept"
	}
	return ""
}
