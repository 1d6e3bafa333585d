package cgt

import (
	"slices"

	"github.com/grundy-go/grundy/cgt/notation"
)

// braces parses {L|R} with CGSuite's slashes: the longest run of bars at
// the top level splits the sides, and a side holding shorter runs is one
// game written without its braces. Braces holding an explicit form
// ({'{*|*}'|-1}) are an explicit form too, as in CGSuite.
func (p *parser) braces() Game {
	open, close, runs := p.matchBraces()
	p.enter()
	defer p.leave()
	g, f := p.bracesForm(open, close, runs, false)
	if !f.explicit {
		f = nil
	}
	p.setForm(f)
	return p.closed(g)
}

// matchBraces finds the '}' matching the '{' at pos and the runs of bars
// at its top level.
func (p *parser) matchBraces() (open, close int, runs []barRun) {
	open = p.pos
	close, runs, err := notation.MatchBraces(p.src, open, p.end)
	p.check(err)
	return open, close, runs
}

// bracesForm is the game of the braces at open..close, whose top-level
// bar runs are runs, and its form (explicit when quoted, or when an
// option is); the parser continues after close.
func (p *parser) bracesForm(open, close int, runs []barRun, quoted bool) (Game, *Form) {
	f := p.barForm(open+1, close, runs, quoted)
	p.pos = close + 1
	p.end = max(p.end, p.pos)
	return f.G, f
}

type barRun = notation.BarRun

// barForm parses src[from:to], whose top-level bar runs are runs.
func (p *parser) barForm(from, to int, runs []barRun, quoted bool) *Form {
	split, err := notation.SplitBars(from, runs)
	p.check(err)
	sr := runs[split]
	var leftRuns, rightRuns []barRun
	leftRuns = runs[:split]
	rightRuns = runs[split+1:]
	L := p.side(from, sr.At, leftRuns, quoted)
	R := p.side(sr.At+sr.N, to, rightRuns, quoted)
	explicit := quoted
	for _, o := range append(slices.Clone(L), R...) {
		explicit = explicit || o.explicit
	}
	if explicit {
		return p.s.explicitForm(L, R)
	}
	return canonicalForm(p.s.make(formValues(L), formValues(R)))
}

// side parses one side of a brace: a comma-separated list of games, or
// one game in slash notation when it holds bars.
func (p *parser) side(from, to int, runs []barRun, quoted bool) []*Form {
	if len(runs) > 0 {
		p.enter()
		defer p.leave()
		return []*Form{p.barForm(from, to, runs, quoted)}
	}
	sub := &parser{s: p.s, src: p.src, pos: from, end: to, depth: p.depth, st: p.st}
	sub.skip()
	var out []*Form
	if sub.pos == to {
		return nil
	}
	for {
		g := sub.infix()
		if sub.st.nonGame != nil {
			sub.fail("an option must be a game, not a %s", sub.st.nonGame.v.Kind)
		}
		f := sub.formOf(g)
		if f == nil {
			f = canonicalForm(g)
		}
		out = append(out, f)
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
