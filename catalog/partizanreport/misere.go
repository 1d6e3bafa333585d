package partizanreport

import (
	"context"
	"fmt"
	"iter"
	"slices"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games/partizan"
	mpartizan "github.com/grundy-go/grundy/misere/partizan"
)

// Misère play of a built-in partizan game ('grundy value GAME POS
// --misere', 'grundy solve GAME POS --misere'): the same moves, and the
// player who cannot move wins. A position is the misère sum of its parts'
// forms (a sum of game forms is a sum under either convention, only its
// outcome is decided otherwise); each part's form is built from the
// rules' moves, every position once, and replaced by its misère canonical
// form as it is built: equal forms have equal outcomes in every sum, so
// the outcomes and winning moves are unchanged, and the forms stay small
// (package misere/partizan).

// MisereForms returns the position written as tokens as a misère game
// form in t, and when moves is set each player's moves, written as Solve
// writes them (reports.MisereFormer).
func (g *Game[P]) MisereForms(ctx context.Context, t *mpartizan.Table, tokens []string, opts catalog.Options, moves bool) (*mpartizan.Position, error) {
	parts, err := g.rules.Parse(tokens)
	if err != nil {
		return nil, err
	}
	b := &misereBuilder[P]{g: g, t: t, ctx: ctx, memo: map[P]mpartizan.Game{}, open: map[P]bool{}, max: opts.MaxStates}
	forms := make([]mpartizan.Game, len(parts))
	for i, p := range parts {
		if forms[i], err = b.form(p); err != nil {
			return nil, err
		}
	}
	whole, err := b.sum(forms)
	if err != nil {
		return nil, err
	}
	pos := &mpartizan.Position{Text: g.formatSum(parts), Form: whole}
	if !moves {
		return pos, nil
	}
	for _, left := range []bool{true, false} {
		for i, p := range parts {
			for next := range g.options(p, left) {
				f, err := b.sumOf(next)
				if err != nil {
					return nil, err
				}
				rest := slices.Concat(forms[:i], []mpartizan.Game{f}, forms[i+1:])
				if f, err = b.sum(rest); err != nil {
					return nil, err
				}
				after := slices.Concat(parts[:i], next, parts[i+1:])
				pos.Moves = append(pos.Moves, mpartizan.Move{Left: left, Text: g.formatSum(after), Form: f})
			}
		}
	}
	return pos, nil
}

// misereBuilder builds the misère forms of one game's positions, each
// position once.
type misereBuilder[P comparable] struct {
	g    *Game[P]
	t    *mpartizan.Table
	ctx  context.Context
	memo map[P]mpartizan.Game
	open map[P]bool // the positions on the line being built, for cycles
	max  int        // positions formed at most (catalog.Options.MaxStates); 0: no bound but the Table's
}

func (b *misereBuilder[P]) form(p P) (mpartizan.Game, error) {
	if f, ok := b.memo[p]; ok {
		return f, nil
	}
	if b.open[p] {
		return 0, fmt.Errorf("the position %s repeats: misère forms are for short games, in which every line of play ends", b.g.rules.Format(p))
	}
	if err := b.ctx.Err(); err != nil {
		return 0, err
	}
	if b.max > 0 && len(b.memo) >= b.max {
		return 0, budget.Exceed(budget.States, int64(b.max), "the misère forms of more than %d positions were built without finishing", b.max)
	}
	// A region that stands for the negative of another (Domineering's
	// transposed regions, partizan.Negation) has Left and Right
	// exchanged: its form is the other's conjugate.
	if ng, ok := b.g.rules.Game.(partizan.Negation[P]); ok {
		if q, ok := ng.Negated(p); ok {
			f, err := b.form(q)
			if err == nil {
				f, err = b.t.Conjugate(f)
			}
			if err == nil {
				f, err = b.t.Canonical(f)
			}
			if err != nil {
				return 0, err
			}
			b.memo[p] = f
			return f, nil
		}
	}
	b.open[p] = true
	defer delete(b.open, p)
	var sides [2][]mpartizan.Game
	for i, left := range []bool{true, false} {
		for next := range b.regions(p, left) {
			f, err := b.sumOf(next)
			if err != nil {
				return 0, err
			}
			sides[i] = append(sides[i], f)
		}
	}
	f, err := b.t.Make(sides[0], sides[1])
	if err != nil {
		return 0, err
	}
	if f, err = b.t.Canonical(f); err != nil {
		return 0, err
	}
	b.memo[p] = f
	return f, nil
}

// regions yields the parts each of the player's moves in p leaves: the
// regions of a game that splits (fewer distinct positions to form, as
// the normal-play evaluator values them), else the game's own moves.
func (b *misereBuilder[P]) regions(p P, left bool) iter.Seq[[]P] {
	if pg, ok := b.g.rules.Game.(game.PartizanSplitting[P]); ok {
		if left {
			return pg.LeftOptions(p)
		}
		return pg.RightOptions(p)
	}
	return b.g.options(p, left)
}

// sumOf is the form of the parts a move leaves.
func (b *misereBuilder[P]) sumOf(parts []P) (mpartizan.Game, error) {
	forms := make([]mpartizan.Game, len(parts))
	for i, q := range parts {
		f, err := b.form(q)
		if err != nil {
			return 0, err
		}
		forms[i] = f
	}
	return b.sum(forms)
}

func (b *misereBuilder[P]) sum(forms []mpartizan.Game) (mpartizan.Game, error) {
	s := mpartizan.Zero
	for _, f := range forms {
		var err error
		if s, err = b.t.Sum(s, f); err != nil {
			return 0, err
		}
		if s, err = b.t.Canonical(s); err != nil {
			return 0, err
		}
	}
	return s, nil
}
