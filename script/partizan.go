package script

import (
	"context"
	"fmt"

	"go.starlark.net/starlark"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog/reports"
	"github.com/grundy-go/grundy/cgt"
)

// Partizan scripts. A script that defines left_moves(pos) and
// right_moves(pos) is a partizan game under normal play: Left and Right
// have different moves, and the player who cannot move loses. Its
// positions are valued by their canonical forms (package cgt; Conway,
// On Numbers and Games, ch. 10; Siegel, Combinatorial Game Theory,
// II.2): the value of a position is {values of left_moves | values of
// right_moves}, and with split(pos) the sum of its components' values —
// the disjunctive sum theorem that makes the canonical form of a sum the
// sum of the canonical forms. An impartial script (moves, normal play)
// is valued the same way, with Left's and Right's moves both its moves,
// and its values are nimbers.
//
// Positions must not repeat here (short games only); a script whose
// positions repeat gets an error naming the position, which wraps
// reports.ErrRepeats, and is then valued as a loopy game (loopy.go).
// Values are found depth first, so a line of play deeper than
// maxPartizanDepth positions (a script whose positions never end, n →
// n+1) is an error too, a *budget.Exceeded, rather than a Go stack
// overflow.

// maxPartizanDepth bounds the positions on the path from the position
// asked for to the one being valued: about 600 bytes of Go stack each,
// so 300 MB at the bound, well under the runtime's 1 GB (a script that
// ran n → n+1 overflowed it at 1.8 M positions). A variable so that
// tests can reach it quickly.
var maxPartizanDepth = 500_000

// partizan is a Game's memo of values, for the Space they were made in.
type partizan struct {
	space   *cgt.Space
	values  map[Pos]cgt.Game
	onStack map[Pos]bool
	left    map[Pos][]Pos
	right   map[Pos][]Pos
}

// bindPartizan reads left_moves and right_moves and checks that the rest
// of the script fits a partizan game.
func (g *Game) bindPartizan(fn func(string, bool) (*starlark.Function, error)) error {
	var err error
	if g.leftFn, err = fn("left_moves", false); err != nil {
		return err
	}
	if g.rightFn, err = fn("right_moves", false); err != nil {
		return err
	}
	switch {
	case (g.leftFn == nil) != (g.rightFn == nil):
		return &Error{Pos: g.file, Msg: "a partizan script defines both left_moves(pos) and right_moves(pos)"}
	case g.leftFn == nil:
		return nil
	}
	for _, name := range []string{"moves", "payoff", "chance", "to_move", "terminal", "misere", "players", "tier"} {
		if _, ok := g.globals[name]; ok {
			return &Error{Pos: g.file, Msg: fmt.Sprintf("a partizan script (left_moves and right_moves) is a two-player game under normal play; it cannot also define %s", name)}
		}
	}
	return nil
}

// Partizan reports whether the script defines left_moves and right_moves.
func (g *Game) Partizan() bool { return g.leftFn != nil }

// partizanOnly is the error of an impartial solver asked about a
// partizan script.
func (g *Game) partizanOnly() error {
	return &Error{Pos: g.file, Msg: "this script defines left_moves and right_moves: it is a partizan game, valued by its canonical forms; use 'grundy value " + g.file + " POSITION'"}
}

// Valuable reports why the script's positions have no partizan value,
// or nil when they have one.
func (g *Game) Valuable() error {
	switch {
	case g.Partizan():
		return nil
	case g.Multiplayer():
		return fmt.Errorf("%s has payoffs, chance or other than two players: it has no canonical partizan value; use 'grundy solve'", g.file)
	case g.misere:
		return fmt.Errorf("%s is played misère: canonical forms are values under normal play; use 'grundy solve'", g.file)
	case g.terminalFn != nil:
		return fmt.Errorf("%s defines terminal(pos): canonical forms are values under normal play, where a game ends when the player to move has no move; use 'grundy solve'", g.file)
	}
	return nil
}

// PartizanValue returns the canonical value, in s, of the position p:
// {left options | right options} over the positions left_moves and
// right_moves give (both moves for an impartial script), and the sum of
// the components' values when the script defines split. Values are
// memoised for s. Errors: the script's, a position that repeats, and s's
// limits (a *budget.Exceeded) or ctx's end.
func (g *Game) PartizanValue(ctx context.Context, s *cgt.Space, p Pos) (cgt.Game, error) {
	if err := g.Valuable(); err != nil {
		return 0, err
	}
	if g.pz == nil || g.pz.space != s {
		g.pz = &partizan{space: s, values: map[Pos]cgt.Game{}, onStack: map[Pos]bool{},
			left: map[Pos][]Pos{}, right: map[Pos][]Pos{}}
	}
	var v cgt.Game
	err := g.Run(ctx, func(ctx context.Context) error {
		var err error
		v, err = g.value(ctx, p)
		return err
	})
	return v, err
}

func (g *Game) value(ctx context.Context, p Pos) (cgt.Game, error) {
	z := g.pz
	if v, ok := z.values[p]; ok {
		return v, nil
	}
	if z.onStack[p] {
		return 0, &Error{Pos: g.file, Msg: fmt.Sprintf("the position %s repeats: canonical values are for short games, in which every line of play ends", g.Format(p)), cause: reports.ErrRepeats}
	}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if len(z.onStack) >= maxPartizanDepth {
		return 0, budget.Exceed(budget.Depth, int64(maxPartizanDepth), "%s: a line of play from the position asked for is more than %d positions deep (at %s): canonical values are for short games, and this one is too deep to value", g.file, maxPartizanDepth, g.Format(p))
	}
	z.onStack[p] = true
	defer delete(z.onStack, p)
	s := z.space
	if comps, err := g.components(p); err != nil {
		return 0, err
	} else if len(comps) != 1 || comps[0] != p {
		sum := cgt.Zero
		for _, c := range comps {
			v, err := g.value(ctx, c)
			if err != nil {
				return 0, err
			}
			if sum, err = s.Add(sum, v); err != nil {
				return 0, err
			}
		}
		z.values[p] = sum
		return sum, nil
	}
	var sides [2][]cgt.Game
	for i, left := range []bool{true, false} {
		opts, err := g.partizanMoves(p, left)
		if err != nil {
			return 0, err
		}
		for _, q := range opts {
			v, err := g.value(ctx, q)
			if err != nil {
				return 0, err
			}
			sides[i] = append(sides[i], v)
		}
	}
	v, err := s.Make(sides[0], sides[1])
	if err != nil {
		return 0, err
	}
	z.values[p] = v
	return v, nil
}

// partizanMoves returns the positions Left (or Right) can move to from
// p: left_moves(p) or right_moves(p), or moves(p) for an impartial
// script.
func (g *Game) partizanMoves(p Pos, left bool) ([]Pos, error) {
	if !g.Partizan() {
		succ := g.successors(p)
		if g.err != nil {
			return nil, g.err
		}
		return succ, nil
	}
	memo, fn := g.pz.right, g.rightFn
	if left {
		memo, fn = g.pz.left, g.leftFn
	}
	if ps, ok := memo[p]; ok {
		return ps, nil
	}
	v := g.nodes[p].val
	res, err := g.call(fn, v)
	if err != nil {
		return nil, err
	}
	var out []Pos
	saved := g.movesFn
	g.movesFn = fn // eachMove names the function in its errors
	err = g.eachMove(v, res, func(_ starlark.Value, q starlark.Value) error {
		id, err := g.Intern(q)
		if err != nil {
			return err
		}
		out = append(out, id)
		return nil
	})
	g.movesFn = saved
	if err != nil {
		return nil, err
	}
	memo[p] = out
	return out, nil
}
