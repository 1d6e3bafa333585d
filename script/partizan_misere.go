package script

import (
	"context"
	"fmt"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/cgt"
	mpartizan "github.com/grundy-go/grundy/misere/partizan"
)

// Misère play of a partizan script ('grundy value SCRIPT POS --misere',
// 'grundy solve SCRIPT POS --misere'): left_moves and right_moves as
// they are, and the player who cannot move wins. Each position becomes a
// misère game form (package misere/partizan), replaced by its misère
// canonical form as it is built (equal forms have equal outcomes in every
// sum); with split(pos) a position is the sum of its components' forms,
// a sum of forms being the same game under either convention.

// MisereForms returns the position written as tokens (or opts'
// PositionExpr, or the script's start) as a misère game form in t, and
// when moves is set each player's moves (reports.MisereFormer). An impartial script is
// refused with mpartizan.ErrImpartial: its misère play is the impartial
// theory's (SolveMisere).
func (s *instance) MisereForms(ctx context.Context, t *mpartizan.Table, tokens []string, opts catalog.Options, moves bool) (*mpartizan.Position, error) {
	tokens, opts = scriptTokens(tokens, opts)
	solver, root, err := s.position(ctx, tokens, opts)
	if err != nil {
		return nil, err
	}
	g := solver.Game()
	if !g.Partizan() {
		return nil, fmt.Errorf("%s: %w", s.path, mpartizan.ErrImpartial)
	}
	if g.pz == nil {
		g.pz = &partizan{values: map[Pos]cgt.Game{}, onStack: map[Pos]bool{}, left: map[Pos][]Pos{}, right: map[Pos][]Pos{}}
	}
	b := &misereForms{g: g, t: t, memo: map[Pos]mpartizan.Game{}, open: map[Pos]bool{}}
	var pos *mpartizan.Position
	err = g.Run(ctx, func(ctx context.Context) error {
		b.ctx = ctx
		f, err := b.form(root)
		if err != nil {
			return err
		}
		pos = &mpartizan.Position{Text: g.Format(root), Form: f}
		if !moves {
			return nil
		}
		// The moves of the whole position, as solve finds them under
		// normal play (left_moves and right_moves of the position, split
		// or not).
		for _, left := range []bool{true, false} {
			next, err := g.partizanMoves(root, left)
			if err != nil {
				return err
			}
			for _, q := range next {
				f, err := b.form(q)
				if err != nil {
					return err
				}
				pos.Moves = append(pos.Moves, mpartizan.Move{Left: left, Text: g.Format(q), Form: f})
			}
		}
		return nil
	})
	return pos, err
}

type misereForms struct {
	g    *Game
	t    *mpartizan.Table
	ctx  context.Context
	memo map[Pos]mpartizan.Game
	open map[Pos]bool
}

func (b *misereForms) form(p Pos) (mpartizan.Game, error) {
	g := b.g
	if f, ok := b.memo[p]; ok {
		return f, nil
	}
	if b.open[p] {
		return 0, &Error{Pos: g.file, Msg: fmt.Sprintf("the position %s repeats: misère forms are for short games, in which every line of play ends", g.Format(p))}
	}
	if err := b.ctx.Err(); err != nil {
		return 0, err
	}
	if len(b.open) >= maxPartizanDepth {
		return 0, budget.Exceed(budget.Depth, int64(maxPartizanDepth), "%s: a line of play from the position asked for is more than %d positions deep (at %s): misère forms are for short games, and this one is too deep to form", g.file, maxPartizanDepth, g.Format(p))
	}
	b.open[p] = true
	defer delete(b.open, p)
	var f mpartizan.Game
	if comps, err := g.components(p); err != nil {
		return 0, err
	} else if len(comps) != 1 || comps[0] != p {
		for _, c := range comps {
			cf, err := b.form(c)
			if err != nil {
				return 0, err
			}
			if f, err = b.t.Sum(f, cf); err != nil {
				return 0, err
			}
		}
	} else {
		var sides [2][]mpartizan.Game
		for i, left := range []bool{true, false} {
			opts, err := g.partizanMoves(p, left)
			if err != nil {
				return 0, err
			}
			for _, q := range opts {
				qf, err := b.form(q)
				if err != nil {
					return 0, err
				}
				sides[i] = append(sides[i], qf)
			}
		}
		if f, err = b.t.Make(sides[0], sides[1]); err != nil {
			return 0, err
		}
	}
	f, err := b.t.Canonical(f)
	if err != nil {
		return 0, err
	}
	b.memo[p] = f
	return f, nil
}
