package dobutsu

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/retroreport"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/retro"
)

func init() {
	catalog.Register(catalog.Entry{
		Name: "dobutsu",
		Position: "the ranks from the top (Gote's home) to the bottom, 3 cells each joined by / (. or L lion, G giraffe, E elephant, " +
			"C chick, H hen; upper case for Sente, the first player, at the bottom), ':' the hands (e.g. Cg, or -), ':' the player to move " +
			"(b Sente, w Gote), e.g. gle/.C./.../ELG:C:w; nothing for the start gle/.c./.C./ELG:-:b",
		Summary: "Dobutsu shogi (Kitao and Fujita, 2008) on 3x4: lion, giraffe (one step orthogonally), elephant (one step diagonally), " +
			"chick (one step forward, promoted to a hen, a gold general, on the far rank); captured pieces go to the captor's hand and may be " +
			"dropped on any empty cell; taking the lion wins, and so does a lion reaching the far rank where it cannot be taken. Endless play draws. " +
			"Moves are labelled Gc4-c3, Cb3xb2, Cb2-b1+ and C*a2 (a drop). Most positions reach most of the game's 247 million positions: " +
			"grundy db build dobutsu --out DIR solves it whole given about 20 GB (--max-memory), then query, solve or serve --db DIR",
		Example: "solve dobutsu l../G../.../.L.:ECgec:b",
		Kind:    "loopy",
		Make: func(params string) (catalog.Instance, error) {
			if params != "" {
				return nil, fmt.Errorf("dobutsu takes no parameters (got %q)", params)
			}
			return instance{New(Standard)}, nil
		},
	})
}

type instance struct{ g *Game }

// Not a catalog.Starter: the start cannot be solved without the
// database, so a server without one opens the example.
var (
	_ catalog.Instance        = instance{}
	_ catalog.SuccessorLister = instance{}
)

func (in instance) Spec() string { return in.g.Spec() }

func (in instance) parse(tokens []string) (Pos, error) {
	return in.g.Parse(strings.Join(tokens, " "))
}

var _ game.Terminal[Pos] = (*Game)(nil)

// solve solves every position reachable from p by retrograde analysis,
// within opts.MaxStates; past it, the error says to build the database.
func (in instance) solve(ctx context.Context, p Pos, opts catalog.Options) (*retro.Table[Pos], error) {
	gopts := retroreport.GameOptions(opts)
	tab, err := retro.SolveFrom[Pos](ctx, in.g, p, gopts)
	var ex *budget.Exceeded
	if errors.As(err, &ex) && ex.Resource == budget.States {
		return nil, budget.Exceed(budget.States, ex.Limit,
			"the positions reachable from %s are more than %d (most positions of Dobutsu shogi reach most of its 247 million): "+
				"build the database once with grundy db build dobutsu --out DIR and ask it with grundy db query DIR POSITION",
			in.g.Format(p), ex.Limit)
	}
	return tab, err
}

func (in instance) Solve(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	if err := retroreport.RefuseLoopy(in.Spec(), "dobutsu", opts.Method, "dobutsu repeats positions"); err != nil {
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

// report is p's solution (retroreport.Labelled: the moves named as
// players say them), and why play has stopped or is about to.
func (in instance) report(tab *retro.Table[Pos], p Pos) *catalog.Report {
	r := retroreport.Labelled(in.Spec(), tab, p, in.g.Format, in.g.EachMove, Label)
	if note := in.g.Why(p); note != "" {
		r.Notes = append(r.Notes, note)
	}
	return r
}

// Why says, in players' words, why play has stopped or is about to at
// p; "" while it goes on.
func (g *Game) Why(p Pos) string {
	who := [2]string{"Sente", "Gote"}
	me := p.Mover()
	switch g.Ended(p) {
	case "taken":
		return "the game is over: " + who[1-me] + " has taken " + who[me] + "'s lion"
	case "catch":
		return who[me] + " takes " + who[1-me] + "'s lion and wins (only those captures are listed)"
	case "try":
		return "the game is over: " + who[1-me] + "'s lion has reached the far rank and cannot be taken"
	}
	return ""
}

// Successors lists every move with its label and the position it
// leaves, solved from one retrograde analysis.
func (in instance) Successors(ctx context.Context, tokens []string, opts catalog.Options, limit int) (*catalog.SuccessorList, error) {
	p, err := in.parse(tokens)
	if err != nil {
		return nil, err
	}
	tab, err := in.solve(ctx, p, opts)
	if err != nil {
		return nil, err
	}
	x := retroreport.Game[Pos]{Parse: in.g.Parse, Format: in.g.Format, Report: in.report, Board: in.board, MoveBoards: true}
	return retroreport.Successors(x, tab, p, limit, func(yield func(string, Pos) bool) {
		in.g.EachMove(p, func(m Move, q Pos) { yield(Label(m), q) })
	}), nil
}

// board draws p on its grid (the hands are in the position's text).
func (in instance) board(p Pos) *catalog.Board {
	return &catalog.Board{Kind: catalog.BoardGrid, Text: in.g.Format(p), Rows: in.g.Rows(p)}
}
