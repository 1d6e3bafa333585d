package quixo

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/retroreport"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/outcome"
	"github.com/grundy-go/grundy/retro"
)

func init() {
	catalog.Register(catalog.Entry{
		Name:           "quixo",
		Params:         "N",
		OptionalParams: true,
		Position:       "the N*N cells row by row (X, O or .), ':' and the player to move, e.g. X...O...........:X; nothing for the start",
		Summary: "Quixo on an NxN board (3 to 5; 4 by default): take a blank or own cube from the border, mark it, and push it back in " +
			"at another end of its row or column; N in a row wins, completing the opponent's line loses; endless play draws",
		Example: "solve quixo:3 X...O....:X",
		Kind:    "loopy",
		Make: func(params string) (catalog.Instance, error) {
			n := 4
			if params != "" {
				var err error
				if n, err = strconv.Atoi(params); err != nil || params != strconv.Itoa(n) {
					return nil, fmt.Errorf("bad board size %q: expected 3, 4 or 5", params)
				}
			}
			g, err := New(n)
			if err != nil {
				return nil, err
			}
			return instance{g}, nil
		},
	})
}

type instance struct{ g *Game }

var (
	_ catalog.Instance        = instance{}
	_ catalog.Starter         = instance{}
	_ catalog.SuccessorLister = instance{}
)

func (in instance) Spec() string { return in.g.Spec() }

// Start is the blank board with X to move.
func (in instance) Start() string { return in.g.Format(0) }

func (in instance) parse(tokens []string) (Pos, error) {
	return in.g.Parse(strings.Join(tokens, " "))
}

var _ game.Terminal[Pos] = (*Game)(nil)

// solve solves every position reachable from p by retrograde analysis.
func (in instance) solve(ctx context.Context, p Pos, opts catalog.Options) (*retro.Table[Pos], error) {
	return retro.SolveFrom[Pos](ctx, in.g, p, retroreport.GameOptions(opts))
}

func (in instance) Solve(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	// Positions repeat in Quixo (a player may push a cube of their own
	// back): retrograde analysis, the default, proves outcomes through
	// the cycles.
	if err := retroreport.RefuseLoopy(in.Spec(), "quixo", opts.Method, "quixo repeats positions"); err != nil {
		return nil, err
	}
	p, err := in.parse(tokens)
	if err != nil {
		return nil, err
	}
	tab, err := in.solve(ctx, p, opts)
	if err != nil {
		return nil, err
	}
	return in.report(tab, p), nil
}

// report is p's solution (retroreport.Report), and why a finished game
// is over.
func (in instance) report(tab *retro.Table[Pos], p Pos) *catalog.Report {
	r := retroreport.Report(in.Spec(), tab, p, in.g.Format)
	if in.g.Over(p) {
		if o, _, _ := tab.Lookup(p); o == outcome.N {
			r.Notes = append(r.Notes, "the game is over: the player to move has a line, completed by the opponent")
		} else {
			r.Notes = append(r.Notes, "the game is over: the player who moved last has a line")
		}
	}
	return r
}

// Successors lists the positions the moves leave, each once, solved from
// one retrograde analysis.
func (in instance) Successors(ctx context.Context, tokens []string, opts catalog.Options, limit int) (*catalog.SuccessorList, error) {
	p, err := in.parse(tokens)
	if err != nil {
		return nil, err
	}
	tab, err := in.solve(ctx, p, opts)
	if err != nil {
		return nil, err
	}
	board := func(p Pos) *catalog.Board {
		return &catalog.Board{Kind: catalog.BoardGrid, Text: in.g.Format(p), Rows: in.g.Rows(p)}
	}
	x := retroreport.Game[Pos]{Parse: in.g.Parse, Format: in.g.Format, Report: in.report, Board: board}
	return retroreport.Successors(x, tab, p, limit, retroreport.Unlabelled(in.g.Moves(p))), nil
}

var _ catalog.MoveLabeler = instance{}

// LabelMoves names each move by the cube taken and the end it is pushed
// in at (Game.MoveNames).
func (in instance) LabelMoves(x *catalog.Exploration) {
	p, err := in.g.Parse(x.Report.Position)
	if err != nil {
		return
	}
	names := in.g.MoveNames(p)
	for i := range x.Moves {
		if q, err := in.g.Parse(x.Moves[i].Position); err == nil {
			x.Moves[i].Label = names[q]
		}
	}
}

var _ catalog.InARow = instance{}

// InARow is N: a whole row, column or diagonal of the N×N board wins.
func (in instance) InARow() int { return in.g.n }
