package cgt

import (
	"github.com/grundy-go/grundy/cgt/notation"
)

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
	close, runs, err := notation.MatchBraces(p.src, open, p.end)
	p.check(err)
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

type barRun = notation.BarRun

// barForm parses src[from:to], whose top-level bar runs are runs.
func (p *parser) barForm(from, to int, runs []barRun) Game {
	split, err := notation.SplitBars(from, runs)
	p.check(err)
	sr := runs[split]
	var leftRuns, rightRuns []barRun
	leftRuns = runs[:split]
	rightRuns = runs[split+1:]
	L := p.side(from, sr.At, leftRuns)
	R := p.side(sr.At+sr.N, to, rightRuns)
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
