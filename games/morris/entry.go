package morris

import (
	"context"
	"fmt"
	"strings"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/retroreport"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/outcome"
	"github.com/grundy-go/grundy/retro"
)

func init() {
	catalog.Register(catalog.Entry{
		Name:   "morris",
		Params: "N[:VARIANT]...",
		Position: "the points in notation order (W, B or .; rows from the top, files left to right: a3 b3 c3 a2 ... c1 on 3 men's), " +
			"':' and the player to move (W or B), ':' and the men in hand, White's then Black's, e.g. W.B.W.B..:W:1,1; nothing for the start",
		Summary: "The Mills family: N men's morris for N = 3, 6, 9, 12 (12: the 9 men's board with diagonals); place the men in turn, " +
			"then move them along the lines; a new mill of three removes an opponent's man not in a mill (any if all are), " +
			"and a player left with two men or no move loses; 3 men's: the first line wins. Variants: lasker (10 men on the 9 men's board, " +
			"moving allowed before all are placed), fly/nofly (a player with three men moves to any empty point; on by default for 9 and 12), " +
			"diag (3 men's with diagonal lines). Endless play draws. Moves are labelled d2 (place), a1-a4 (move), xb4 (and remove)",
		Example: "solve morris:3 W.B.W.B..:W:1,1",
		Kind:    "loopy",
		Make: func(params string) (catalog.Instance, error) {
			g, err := Parse(params)
			if err != nil {
				return nil, err
			}
			return instance{g}, nil
		},
	})
}

// Parse reads the parameters of morris:PARAMS: the board's number of
// men (3, 6, 9 or 12), then any of lasker, fly, nofly and diag,
// separated by ':'. The game's Spec writes only what differs from the
// board's defaults.
func Parse(params string) (*Game, error) {
	fields := strings.Split(params, ":")
	var r Rules
	var fly, nofly, lasker, diag bool
	switch fields[0] {
	case "3":
		r = Rules{Board: board3, Men: 3}
	case "6":
		r = Rules{Board: board6, Men: 6, Removal: true}
	case "9":
		r = Rules{Board: board9, Men: 9, Removal: true, Fly: true}
	case "12":
		r = Rules{Board: board12, Men: 12, Removal: true, Fly: true}
	case "":
		return nil, fmt.Errorf("morris needs the number of men: morris:3, morris:6, morris:9 or morris:12")
	default:
		return nil, fmt.Errorf("bad number of men %q in morris:%s: expected 3, 6, 9 or 12", fields[0], params)
	}
	for _, f := range fields[1:] {
		var seen *bool
		switch f {
		case "fly":
			seen = &fly
		case "nofly":
			seen = &nofly
		case "lasker":
			seen = &lasker
		case "diag":
			seen = &diag
		default:
			return nil, fmt.Errorf("bad variant %q in morris:%s: expected lasker, fly, nofly or diag", f, params)
		}
		if *seen {
			return nil, fmt.Errorf("variant %q given twice in morris:%s", f, params)
		}
		*seen = true
	}
	if fly && nofly {
		return nil, fmt.Errorf("morris:%s: fly and nofly contradict each other", params)
	}
	if lasker {
		if fields[0] != "9" {
			return nil, fmt.Errorf("morris:%s: Lasker's variant is played on the 9 men's board (morris:9:lasker)", params)
		}
		r.Lasker, r.Men = true, 10
	}
	if diag {
		if fields[0] != "3" {
			return nil, fmt.Errorf("morris:%s: diag is 3 men's morris with diagonal lines (morris:3:diag); 12 men's morris has its diagonals already", params)
		}
		r.Board = board3diag
	}
	def := r.Fly
	switch {
	case fly:
		r.Fly = true
	case nofly:
		r.Fly = false
	}
	spec := "morris:" + fields[0]
	if lasker {
		spec += ":lasker"
	}
	if diag {
		spec += ":diag"
	}
	if r.Fly != def {
		if r.Fly {
			spec += ":fly"
		} else {
			spec += ":nofly"
		}
	}
	return New(spec, r), nil
}

type instance struct{ g *Game }

var (
	_ catalog.Instance        = instance{}
	_ catalog.Starter         = instance{}
	_ catalog.SuccessorLister = instance{}
)

func (in instance) Spec() string { return in.g.Spec() }

// Start is the empty board with every man in hand.
func (in instance) Start() string { return in.g.Format(in.g.Start()) }

func (in instance) parse(tokens []string) (Pos, error) {
	return in.g.Parse(strings.Join(tokens, " "))
}

var _ game.Terminal[Pos] = (*Game)(nil)

// solve solves every position reachable from p by retrograde analysis.
func (in instance) solve(ctx context.Context, p Pos, opts catalog.Options) (*retro.Table[Pos], error) {
	return retro.SolveFrom[Pos](ctx, in.g, p, retroreport.GameOptions(opts))
}

func (in instance) Solve(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	if err := retroreport.RefuseLoopy(in.Spec(), "morris", opts.Method, "morris repeats positions in its moving phase"); err != nil {
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
// players say them), and why a finished game is over.
func (in instance) report(tab *retro.Table[Pos], p Pos) *catalog.Report {
	r := retroreport.Labelled(in.Spec(), tab, p, in.g.Format, in.g.EachMove, in.g.Label)
	if note := in.over(p); note != "" {
		r.Notes = append(r.Notes, note)
	}
	return r
}

// over says why a finished game is over, "" when it is not.
func (in instance) over(p Pos) string {
	g := in.g
	o, ended := g.end(p)
	switch {
	case ended && o == outcome.D:
		return "the game is over: the board is full, a draw"
	case ended && !g.Removal:
		return "the game is over: the player who moved last has a line"
	case ended:
		return "the game is over: the player to move has fewer than three men"
	}
	for range g.Moves(p) {
		return ""
	}
	return "the game is over: the player to move has no legal move"
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
		in.g.EachMove(p, func(m Move, q Pos) { yield(in.g.Label(m), q) })
	}), nil
}

// board draws p on its grid.
func (in instance) board(p Pos) *catalog.Board {
	return &catalog.Board{Kind: catalog.BoardGrid, Text: in.g.Format(p), Rows: in.g.Rows(p)}
}
