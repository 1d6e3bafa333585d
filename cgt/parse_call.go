package cgt

import (
	"github.com/grundy-go/grundy/cgt/notation"
	"strings"
)

func (p *parser) call() Game {
	start := p.pos
	for p.pos < p.end && (isLetter(p.src[p.pos]) || isDigit(p.src[p.pos])) {
		p.pos++
	}
	name := p.src[start:p.pos]
	if notation.IsLoopyName(name) {
		// The calculator may hand the expression to a loopy notation
		// (notation.Error.Wants; package notation, "How a notation joins").
		e := notation.Errorf(start, "%q is a loopy game; only short (loop-free) games are supported", name)
		e.Wants = notation.WantsLoopy
		throw(e)
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
