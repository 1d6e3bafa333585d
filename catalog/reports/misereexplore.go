package reports

import (
	"context"
	"strings"

	"github.com/grundy-go/grundy/catalog"
	mpartizan "github.com/grundy-go/grundy/misere/partizan"
)

// The explorer's misère switch for partizan games and scripts (the
// server's misere=1): the position's report is SolveMiserePartizan's,
// the CLI's 'solve --misere', and each position a move leaves gets its
// misère outcome class and misère canonical form, as 'value --misere'
// gives them, from the same Table.

// MiserePartizanExploration is a partizan position under misère play with
// the positions its moves leave.
type MiserePartizanExploration struct {
	// Report is SolveMiserePartizan's report on the position.
	Report *catalog.Report
	// Moves are each player's moves, Left's first, in the rules' order
	// (the order of the normal-play explorer, catalog.SuccessorLister).
	Moves []MiserePartizanMove

	f     MisereFormer
	t     *mpartizan.Table
	opts  catalog.Options
	moves map[string]MiserePartizanMove // by player and position
}

// MiserePartizanMove is one move under misère play: the position it
// leaves, that position's misère outcome class (L, R, N or P) and its
// misère canonical form (ValueTooLongText when too long to print).
type MiserePartizanMove struct {
	Left     bool
	Position string
	Outcome  string
	Value    string
}

// ExploreMiserePartizan reports on a partizan position under misère play
// and on each position its moves leave. An impartial script answers with
// an error wrapping ErrMisereImpartial, as SolveMiserePartizan does.
func ExploreMiserePartizan(ctx context.Context, f MisereFormer, tokens []string, opts catalog.Options) (*MiserePartizanExploration, error) {
	r, t, pos, err := solveMiserePartizan(ctx, f, tokens, opts)
	if err != nil {
		return nil, err
	}
	x := &MiserePartizanExploration{Report: r, f: f, t: t, opts: opts, moves: map[string]MiserePartizanMove{}}
	for _, m := range pos.Moves {
		mv, err := x.move(m.Left, m.Text, m.Form)
		if err != nil {
			return nil, err
		}
		x.Moves = append(x.Moves, mv)
		x.moves[moveKey(m.Left, m.Text)] = mv
	}
	return x, nil
}

func moveKey(left bool, position string) string {
	if left {
		return "L\x00" + position
	}
	return "R\x00" + position
}

// move describes the position a move leaves, from its form.
func (x *MiserePartizanExploration) move(left bool, position string, form mpartizan.Game) (MiserePartizanMove, error) {
	c, err := x.t.Canonical(form)
	if err != nil {
		return MiserePartizanMove{}, err
	}
	return MiserePartizanMove{Left: left, Position: position, Outcome: x.t.Outcome(c).String(), Value: misereText(x.t, c)}, nil
}

// Move returns the move of the player (left or not) to position: one of
// Moves when a move of theirs leaves a position written alike, else the
// position read and formed anew in the same Table (a front end that
// writes a move's position its own way).
func (x *MiserePartizanExploration) Move(ctx context.Context, left bool, position string) (MiserePartizanMove, error) {
	if mv, ok := x.moves[moveKey(left, position)]; ok {
		return mv, nil
	}
	pos, err := x.f.MisereForms(ctx, x.t, strings.Fields(position), x.opts, false)
	if err != nil {
		return MiserePartizanMove{}, err
	}
	mv, err := x.move(left, pos.Text, pos.Form)
	if err != nil {
		return MiserePartizanMove{}, err
	}
	x.moves[moveKey(left, position)] = mv
	return mv, nil
}
