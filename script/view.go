package script

import (
	"iter"

	"github.com/grundy-go/grundy/game"
)

// Normal is the game as a normal-play impartial game for the
// Sprague–Grundy solver (package impartial): the player who cannot move
// loses.
//
// Positions the rules declare won for the player to move — every end of
// play under misere = True, and terminal(pos) == "win" — get one extra
// move, to End, which has no moves: the player to move there takes the
// last move and so wins, which is the rule. A play of the transformed game
// is a play of the script's game, followed by the extra move when it ended
// at a won position, so outcomes are the script's, and remotenesses are
// one more when every end is won that way (see Shift). The Sprague–Grundy
// values of the transformed game are not values of the script's game
// (misère values do not add up as nimbers): Pure says whether the
// transform was used. A drawn end (terminal(pos) == "draw") has no place
// in a win/lose game: meeting one stops the search (SawDraw), and the
// Solver turns to retrograde analysis.
//
// When the script defines split(pos) and is not misère, the view is a
// game.Splitting and a game.Splitter: the solver memoises components, and
// the value of a sum is the nim-sum of its parts. Under misère play sums
// do not decompose, so split is not used (the whole position's moves are).
type Normal struct {
	g       *Game
	sawWin  bool // some play ends with the extra move to End
	sawLoss bool // some play ends without it
	sawDraw bool // a drawn end was met
	end     [1]Pos
}

// Normal returns the normal-play view of the game: a *Normal, which is a
// game.Splitting as well when the script splits positions and is not
// misère.
func (g *Game) Normal() game.Game[Pos] {
	n := &Normal{g: g}
	if g.splitFn != nil && !g.misere {
		return &splitNormal{n}
	}
	return n
}

// won reports whether p (expanded, without successors) is won for the
// player to move there.
func (v *Normal) won(p Pos) bool {
	switch v.g.nodes[p].term {
	case termWin:
		return true
	case termNone, termEnded:
		if v.g.misere {
			return true
		}
	case termDraw:
		// A drawn end has no place in a win/lose game: stop, and let
		// the caller turn to retrograde analysis (see SawDraw).
		v.sawDraw = true
		if v.g.abort != nil {
			v.g.abort()
		}
	}
	v.sawLoss = true
	return false
}

// Moves yields the successors of p.
func (v *Normal) Moves(p Pos) iter.Seq[Pos] {
	return func(yield func(Pos) bool) {
		succ := v.g.successors(p)
		if len(succ) == 0 {
			if p != End && v.g.err == nil && v.won(p) {
				v.sawWin = true
				yield(End)
			}
			return
		}
		for _, q := range succ {
			if !yield(q) {
				return
			}
		}
	}
}

// Rank numbers positions densely.
func (v *Normal) Rank(p Pos) int { return int(p) }

// Format writes a position.
func (v *Normal) Format(p Pos) string { return v.g.Format(p) }

// SawDraw reports whether the search met a drawn end, and so was
// stopped: the game needs retrograde analysis (Game.Loopy).
func (v *Normal) SawDraw() bool { return v.sawDraw }

// Pure reports whether every position met so far was scored by normal
// play alone, so that the solver's values are the Sprague–Grundy values of
// the script's game.
func (v *Normal) Pure() bool { return !v.sawWin && !v.g.misere }

// Shift is the remoteness the transform adds to every line of play: 1 when
// every end met so far was won by the rules (so every play ends with the
// extra move to End), 0 when none was. ok is false when both kinds of end
// were met: the solver's remotenesses then mix lengths with and without
// the extra move, and are not reported.
func (v *Normal) Shift() (shift int, ok bool) {
	switch {
	case v.sawWin && v.sawLoss:
		return 0, false
	case v.sawWin:
		return 1, true
	}
	return 0, true
}

type splitNormal struct{ *Normal }

// Options yields, for each move of p, the components split(q) of the
// position q it leaves.
func (v *splitNormal) Options(p Pos) iter.Seq[[]Pos] {
	return func(yield func([]Pos) bool) {
		succ := v.g.successors(p)
		if len(succ) == 0 {
			if p != End && v.g.err == nil && v.won(p) {
				v.sawWin = true
				v.end[0] = End
				yield(v.end[:])
			}
			return
		}
		for _, q := range succ {
			c, err := v.g.components(q)
			if err != nil {
				// The game has recorded the error and cancelled the
				// search (Game.Run returns it); an empty c is the
				// empty sum, a move like any other.
				return
			}
			if !yield(c) {
				return
			}
		}
	}
}

// Split appends split(p). When split fails it appends p whole, never
// nothing, which would be the empty sum: the failure is the game's error,
// which Game.Run returns.
func (v *splitNormal) Split(dst []Pos, p Pos) []Pos {
	c, err := v.g.components(p)
	if err != nil {
		return append(dst, p)
	}
	return append(dst, c...)
}

// NormalView returns the *Normal behind a view made by Game.Normal.
func NormalView(x game.Game[Pos]) *Normal {
	switch x := x.(type) {
	case *Normal:
		return x
	case *splitNormal:
		return x.Normal
	}
	return nil
}
