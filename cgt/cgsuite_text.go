package cgt

import (
	"slices"
	"strings"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/outcome"
)

// Two of CGSuite's methods whose answers are not games: the misère
// outcome of a game as written, and the thermograph in CGSuite's text.

// MaxMisereDepth bounds the birthday of a game whose misère outcome is
// found by play (MisereOutcomeClass): the play follows every option.
const MaxMisereDepth = 1 << 12

// misereOutcomeOf is the outcome of the form f played under misère play
// (the player unable to move wins): CGSuite's MisereOutcomeClass. It
// depends on the form, not only on the value, so an explicit form is
// played as written and any other game as its canonical form.
func (s *Space) misereOutcomeOf(f *Form) outcome.Outcome {
	m := &misereMemo{s: s, memo: map[Game][2]bool{}}
	l, r := m.firstWins(f, true), m.firstWins(f, false)
	switch {
	case l && r:
		return outcome.N
	case l:
		return outcome.L
	case r:
		return outcome.R
	}
	return outcome.P
}

type misereMemo struct {
	s    *Space
	memo map[Game][2]bool // canonical games: [Left first wins, Right first wins]
}

// firstWins reports whether the player to move (Left when left) wins f
// under misère play.
func (m *misereMemo) firstWins(f *Form, left bool) bool {
	s := m.s
	if !f.explicit {
		if x, ok := s.IsNumber(f.G); ok && x.IsInt() {
			// An integer n > 0 is a chain of n moves for Left, none for
			// Right: Right, to move, has no move and wins; Left, to move,
			// must move and leaves Right without a move. 0: whoever is
			// to move wins.
			switch x.Sign() {
			case 0:
				return true
			case 1:
				return !left
			}
			return left
		}
		if r, ok := m.memo[f.G]; ok {
			return r[boolIndex(!left)]
		}
		if b := s.Birthday(f.G); b > MaxMisereDepth {
			limit(budget.Size, MaxMisereDepth, "the misère outcome of a game born on day %d (at most %d): its play is followed move by move", b, MaxMisereDepth)
		}
	}
	s.step()
	L, R := s.formOptions(f)
	win := func(opts []*Form, left bool) bool {
		if len(opts) == 0 {
			return true
		}
		for _, o := range opts {
			if !m.firstWins(o, !left) {
				return true
			}
		}
		return false
	}
	r := [2]bool{win(L, true), win(R, false)}
	if !f.explicit {
		m.memo[f.G] = r
	}
	return r[boolIndex(!left)]
}

func boolIndex(b bool) int {
	if b {
		return 1
	}
	return 0
}

// thermographText writes g's thermograph as CGSuite prints it:
// Thermograph(left mast value, [left wall's critical temperatures, from
// the top], [its slopes, from the top], and the same for the right wall).
func (s *Space) thermographText(g Game) string {
	th := s.thermograph(g)
	var sb strings.Builder
	sb.WriteString("Thermograph(")
	wall := func(tr Trajectory) {
		top := len(tr.T) - 1
		sb.WriteString(tr.V[top].String())
		var ts, ss []string
		for i := top; i >= 1; i-- {
			ts = append(ts, tr.T[i].String())
		}
		for i := top; i >= 0; i-- {
			ss = append(ss, stringOfSlope(tr.S[i]))
		}
		sb.WriteString(",[" + strings.Join(ts, ",") + "],[" + strings.Join(ss, ",") + "]")
	}
	wall(th.Left)
	sb.WriteString(",")
	wall(th.Right)
	sb.WriteString(")")
	return sb.String()
}

func stringOfSlope(s int8) string {
	return slices.Collect(func(yield func(string) bool) {
		switch s {
		case -1:
			yield("-1")
		case 1:
			yield("1")
		default:
			yield("0")
		}
	})[0]
}

// cgsuiteClass is the name of CGSuite's class of g's value (game.Zero,
// game.Integer, game.DyadicRational, game.Nimber, game.Uptimal — which
// takes number-up-stars and uptimals — or game.CanonicalShortGame).
func (s *Space) cgsuiteClass(g Game) string {
	if x, ok := s.IsNumber(g); ok {
		switch {
		case x.Sign() == 0:
			return "Zero"
		case x.IsInt():
			return "Integer"
		}
		return "DyadicRational"
	}
	if _, ok := s.nimberOf(g); ok {
		return "Nimber"
	}
	if _, ok := s.uptimalExpansion(g); ok {
		return "Uptimal"
	}
	return "CanonicalShortGame"
}
