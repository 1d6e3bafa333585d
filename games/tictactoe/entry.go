package tictactoe

import (
	"context"
	"fmt"
	"strings"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/retroreport"
	"github.com/grundy-go/grundy/catalog/searchreport"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/retro"
)

func init() {
	catalog.Register(catalog.Entry{
		Name:     "tictactoe",
		Aliases:  []string{"ttt"},
		Position: "9 characters X, O or . row by row from the top left (X moves first; the counts say who is to move); nothing for the empty board",
		Summary: "Tic-tac-toe: X and O mark empty cells of a 3x3 board in turn, X first; three in a row wins, a full board draws. " +
			"Winning moves are written as the board they leave",
		Example: "solve tictactoe X...O....",
		Kind:    "loopy",
		Make:    func(string) (catalog.Instance, error) { return instance{}, nil },
	})
}

type instance struct{}

var (
	_ catalog.Instance        = instance{}
	_ catalog.Starter         = instance{}
	_ catalog.SuccessorLister = instance{}
)

func (instance) Spec() string { return "tictactoe" }

// Start is the empty board.
func (instance) Start() string { return "........." }

func parseTokens(tokens []string) (Pos, error) {
	text := strings.Join(tokens, " ")
	if strings.TrimSpace(text) == "" {
		return 0, nil
	}
	return Parse(text)
}

// solve solves every board reachable from p by retrograde analysis (at
// most 5,478 of them).
func solve(ctx context.Context, p Pos, opts catalog.Options) (*retro.Table[Pos], error) {
	return retro.SolveFrom[Pos](ctx, Game{}, p, retroreport.GameOptions(opts))
}

var _ game.Terminal[Pos] = Game{}

func (in instance) Solve(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	if opts.Method == catalog.ClosedForm {
		return nil, catalog.RefuseMethod("tictactoe", catalog.ClosedForm, "tictactoe has no closed form")
	}
	p, err := parseTokens(tokens)
	if err != nil {
		return nil, err
	}
	if opts.Method == catalog.Search {
		g := Game{}
		return searchreport.Solve(ctx, "tictactoe", g.Format(p), g, p, g.Format, opts, 0)
	}
	tab, err := solve(ctx, p, opts)
	if err != nil {
		return nil, err
	}
	return report(tab, p), nil
}

func report(tab *retro.Table[Pos], p Pos) *catalog.Report {
	g := Game{}
	o, rem, _ := tab.Lookup(p)
	r := &catalog.Report{
		Game:     "tictactoe",
		Position: g.Format(p),
		Outcome:  o.String(),
		Method:   fmt.Sprintf("retrograde analysis of the boards reachable (%d)", tab.Len()),
	}
	if rem != retro.NoRemoteness {
		x := int(rem)
		r.Remoteness = &x
	}
	wins := tab.WinningMoves(p)
	r.AddMoves(len(wins), func(i int) string { return g.Format(wins[i]) })
	switch {
	case hasLine(p.X()) || hasLine(p.O()):
		r.Notes = append(r.Notes, "the game is over: the player who moved last has three in a row")
	case p.X()|p.O() == 0x1ff:
		r.Notes = append(r.Notes, "the game is over: the board is full")
	case p.XToMove():
		r.Notes = append(r.Notes, "X is to move")
	default:
		r.Notes = append(r.Notes, "O is to move")
	}
	return r
}

// Successors lists the moves of the board, cells in reading order, each
// solved from the same retrograde analysis.
func (in instance) Successors(ctx context.Context, tokens []string, opts catalog.Options, limit int) (*catalog.SuccessorList, error) {
	p, err := parseTokens(tokens)
	if err != nil {
		return nil, err
	}
	tab, err := solve(ctx, p, opts)
	if err != nil {
		return nil, err
	}
	g := Game{}
	board := func(p Pos) *catalog.Board {
		return &catalog.Board{Kind: catalog.BoardGrid, Text: g.Format(p), Rows: g.Rows(p)}
	}
	x := retroreport.Game[Pos]{Parse: Parse, Format: g.Format, Report: report, Board: board}
	return retroreport.Successors(x, tab, p, limit, retroreport.Unlabelled(g.Moves(p))), nil
}

var _ catalog.InARow = instance{}

// InARow is 3: three in a row, column or diagonal win.
func (instance) InARow() int { return 3 }

var _ catalog.BoardDrawer = instance{}

// DrawBoard is the board's rows, without solving (catalog.LabelPositions).
func (instance) DrawBoard(tokens []string) (*catalog.Board, error) {
	p, err := parseTokens(tokens)
	if err != nil {
		return nil, err
	}
	g := Game{}
	return &catalog.Board{Kind: catalog.BoardGrid, Text: g.Format(p), Rows: g.Rows(p)}, nil
}
