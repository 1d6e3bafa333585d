package teeko

import (
	"context"
	"fmt"
	"strings"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/retroreport"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/retro"
)

func init() {
	catalog.Register(catalog.Entry{
		Name:           "teeko",
		Params:         "VARIANT",
		OptionalParams: true,
		Position: "the 25 cells row by row (b, r or .), ':' and the player to move (b or r; optional while dropping), " +
			"e.g. bb.r.......r............:b; nothing for the start",
		Summary: "Teeko (Scarne) on a 5x5 board: Black and Red drop four pieces each in turn, Black first, then step a piece to " +
			"an adjacent empty cell (8 directions); four in a row or on a 2x2 square wins, endless play draws. " +
			"VARIANT advanced (teeko:advanced, Advanced Teeko) also wins on the corners of a 3x3, 4x4 or 5x5 square. " +
			"The move phase alone has 151 million positions: solve the whole game with grundy db build teeko --out DIR, then query, solve or serve --db DIR",
		Example: "solve teeko bbbb.rrr.....r...........:r",
		Kind:    "loopy",
		Make: func(params string) (catalog.Instance, error) {
			switch params {
			case "":
				return instance{New(false)}, nil
			case "advanced":
				return instance{New(true)}, nil
			}
			return nil, fmt.Errorf("bad teeko variant %q: expected nothing (Teeko) or advanced (teeko:advanced)", params)
		},
	})
}

type instance struct{ g *Game }

// Not a catalog.Starter: the start (the empty board, which no position
// or "" names on the command line) cannot be solved in memory, so a
// server without a database opens the example, a finished game; with
// one (grundy serve --db) its start is the database's, the empty board.
var (
	_ catalog.Instance        = instance{}
	_ catalog.SuccessorLister = instance{}
	_ catalog.MoveLabeler     = instance{}
)

func (in instance) Spec() string { return in.g.Spec() }

func (in instance) parse(tokens []string) (Pos, error) {
	return in.g.Parse(strings.Join(tokens, " "))
}

var _ game.Terminal[Pos] = (*Game)(nil)

// solve solves every position reachable from p by retrograde analysis.
func (in instance) solve(ctx context.Context, p Pos, opts catalog.Options) (*retro.Table[Pos], error) {
	return retro.SolveFrom[Pos](ctx, in.g, p, retroreport.GameOptions(opts))
}

func (in instance) Solve(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	if err := retroreport.RefuseLoopy(in.Spec(), "teeko", opts.Method, "teeko repeats positions once every piece is on the board"); err != nil {
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

// report is p's solution (retroreport.Report), and who is to do what.
func (in instance) report(tab *retro.Table[Pos], p Pos) *catalog.Report {
	r := retroreport.Report(in.Spec(), tab, p, in.g.Format)
	who, other := "Black", "Red"
	if p.RedToMove() {
		who, other = "Red", "Black"
	}
	switch {
	case in.g.Over(p):
		r.Notes = append(r.Notes, "the game is over: "+other+" has won")
	case p.Pieces() < 2*in.g.k:
		r.Notes = append(r.Notes, who+" is to drop a piece")
	default:
		r.Notes = append(r.Notes, who+" is to move a piece")
	}
	return r
}

// Successors lists the positions the moves leave, solved from one
// retrograde analysis.
func (in instance) Successors(ctx context.Context, tokens []string, opts catalog.Options, limit int) (*catalog.SuccessorList, error) {
	p, err := in.parse(tokens)
	if err != nil {
		return nil, err
	}
	tab, err := in.solve(ctx, p, opts)
	if err != nil {
		return nil, err
	}
	x := retroreport.Game[Pos]{Parse: in.g.Parse, Format: in.g.Format, Report: in.report, Board: in.board}
	return retroreport.Successors(x, tab, p, limit, retroreport.Unlabelled(in.g.Moves(p))), nil
}

// board is the explorer's picture: the grid of cells, b and r.
func (in instance) board(p Pos) *catalog.Board {
	return &catalog.Board{Kind: catalog.BoardGrid, Text: in.g.Format(p), Rows: in.g.Rows(p)}
}

// LabelMoves names each move in players' words (Game.MoveNames): "drop
// at c3", "c3-d4".
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
