package backslide

import (
	"context"
	"strings"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
	"github.com/grundy-go/grundy/cgt/stopper"
	"github.com/grundy-go/grundy/games/partizan/toads"
)

// Kind is the catalog.Entry Kind of loopy partizan games: 'grundy value'
// gives their stopper or sided value, 'grundy solve' the outcome with
// draws.
const Kind = "loopy-partizan"

// MaxValueVertices bounds the positions valued by 'grundy value' (the
// comparison of stoppers works on every pair of positions);
// MaxSolveVertices those played out by 'grundy solve' unless
// --max-states says otherwise.
const (
	MaxValueVertices = 4096
	MaxSolveVertices = 2_000_000
)

func init() {
	catalog.Register(catalog.Entry{
		Name:     "backsliding-toads",
		Aliases:  []string{"backsliding-toads-and-frogs"},
		Position: "a strip of T (Left's toads), F (Right's frogs) and . (empty), e.g. T.F; several strips make a sum",
		Summary:  "Backsliding Toads and Frogs: as Toads and Frogs, and a toad may also step back left, a frog back right; play may go on for ever",
		Example:  "solve backsliding-toads T.F",
		Kind:     Kind,
		Make:     func(string) (catalog.Instance, error) { return instance{}, nil },
	})
}

type instance struct{}

func (instance) Spec() string { return "backsliding-toads" }

// LoopyValue is the value of the position: a stopper in simplest form
// or a sided value.
func (instance) LoopyValue(ctx context.Context, tokens []string, opts catalog.Options) (*stopper.Value, string, error) {
	strips, err := toads.Parse(tokens)
	if err != nil {
		return nil, "", err
	}
	max := MaxValueVertices
	if opts.MaxStates > 0 && opts.MaxStates < max {
		max = opts.MaxStates
	}
	g, _, err := Graph(strips, max)
	if err != nil {
		return nil, "", err
	}
	if err := ctx.Err(); err != nil {
		return nil, "", err
	}
	v, err := stopper.FromGraph(g, &stopper.Limits{MaxVertices: max, Memory: opts.Memory, Context: ctx})
	return v, strings.Join(strips, " "), err
}

// method is how Solve and Successors find the outcome.
const method = "retrograde analysis of the game graph, an endless play a draw (see 'grundy value' for the stopper or sided value)"

// Solve plays the game graph out: who wins with Left and with Right
// moving first (an endless play is a draw), CGSuite's loopy outcome
// class, and each side's winning and drawing first moves
// (reports.LoopySolve, the report of every loopy partizan game).
func (instance) Solve(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	strips, err := toads.Parse(tokens)
	if err != nil {
		return nil, err
	}
	max := MaxSolveVertices
	if opts.MaxStates > 0 {
		max = opts.MaxStates
	}
	g, names, err := Graph(strips, max)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return reports.LoopySolve("backsliding-toads", g, func(v int32) string { return names[v] }, method), nil
}

// Successors lists Left's and Right's moves for the explorer, each
// position left solved from the one graph of the position asked for.
// The board is one row: the strips with a gap between them.
func (instance) Successors(ctx context.Context, tokens []string, opts catalog.Options, maxMoves int) (*catalog.SuccessorList, error) {
	strips, err := toads.Parse(tokens)
	if err != nil {
		return nil, err
	}
	max := MaxSolveVertices
	if opts.MaxStates > 0 {
		max = opts.MaxStates
	}
	g, names, err := Graph(strips, max)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	board := &catalog.Board{Kind: catalog.BoardGrid, Text: names[0], Rows: []string{names[0]}}
	return reports.LoopySuccessors("backsliding-toads", g, func(v int32) string { return names[v] }, method, board, maxMoves), nil
}
