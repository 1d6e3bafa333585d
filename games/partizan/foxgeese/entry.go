package foxgeese

import (
	"context"
	"strings"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
	"github.com/grundy-go/grundy/cgt/stopper"
)

// Kind is the catalog.Entry Kind of loopy partizan games, as
// backsliding-toads registers it.
const Kind = "loopy-partizan"

// MaxValuePositions bounds the positions 'grundy value' values (every
// position of every layer below the one asked, about 1.1 million from
// the start of 8×8); MaxSolvePositions those 'grundy solve' plays out;
// --max-states lowers either.
const (
	MaxValuePositions = 2_000_000
	MaxSolvePositions = 4_000_000
)

func init() {
	catalog.Register(catalog.Entry{
		Name:           "fox-and-geese",
		Aliases:        []string{"foxandgeese"},
		Params:         "WxH",
		OptionalParams: true,
		Position: "the rows top first joined by | (x a goose, o the fox, . empty; pieces on the dark squares, the bottom-left one dark), " +
			"e.g. .x.x.x.x|........|........|........|........|........|........|....o...; nothing for the start",
		Summary: "Fox and Geese (Winning Ways ch. 20): on the dark squares of a W×H board (8×8 unless given), Left's geese step one square " +
			"diagonally down, Right's fox one square diagonally either way; no captures. A trapped fox loses, and so do geese that cannot move; " +
			"play may go on for ever (a draw)",
		Example: "value fox-and-geese",
		Kind:    Kind,
		Make: func(params string) (catalog.Instance, error) {
			b, err := ParseSpec(params)
			if err != nil {
				return nil, err
			}
			return instance{b}, nil
		},
	})
}

type instance struct{ b Board }

func (in instance) Spec() string { return in.b.Spec() }

func limit(def int, opts catalog.Options) int {
	if opts.MaxStates > 0 && opts.MaxStates < def {
		return opts.MaxStates
	}
	return def
}

// LoopyValue is the value of the position, a stopper in simplest form,
// found layer by layer (Valuer).
func (in instance) LoopyValue(ctx context.Context, tokens []string, opts catalog.Options) (*stopper.Value, string, error) {
	p, err := in.b.Parse(tokens)
	if err != nil {
		return nil, "", err
	}
	vr := NewValuer(in.b, limit(MaxValuePositions, opts), &stopper.Limits{Memory: opts.Memory, Context: ctx})
	v, err := vr.Value(p)
	return v, in.b.String(p), err
}

// Solve plays the graph of every position reached out: who wins with
// Left and with Right moving first, an endless play a draw. The
// results of the last graph solved are kept (solved.go): a position
// among them is answered without building its graph again.
func (in instance) Solve(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	p, err := in.b.Parse(tokens)
	if err != nil {
		return nil, err
	}
	g, names, lf, rf, n, err := in.solvedAround(ctx, p, opts)
	if err != nil {
		return nil, err
	}
	r := reports.LoopySolveResults(in.b.Spec(), g, lf, rf, func(v int32) string { return in.b.String(names[v]) }, solveMethod)
	r.Extra["positions"] = n
	return r, nil
}

// solveMethod names how Solve and Successors answer.
const solveMethod = "retrograde analysis of the game graph, an endless play a draw (see 'grundy value' for the stopper)"

// Successors lists Left's and Right's moves for the explorer, each
// position left solved from the one graph of the position asked for, or
// from the kept results of an earlier one that reaches it.
func (in instance) Successors(ctx context.Context, tokens []string, opts catalog.Options, maxMoves int) (*catalog.SuccessorList, error) {
	p, err := in.b.Parse(tokens)
	if err != nil {
		return nil, err
	}
	g, names, lf, rf, n, err := in.solvedAround(ctx, p, opts)
	if err != nil {
		return nil, err
	}
	text := in.b.String(p)
	board := &catalog.Board{Kind: catalog.BoardGrid, Text: text, Rows: strings.Split(text, "|")}
	list := reports.LoopySuccessorsResults(in.b.Spec(), g, lf, rf, func(v int32) string { return in.b.String(names[v]) }, solveMethod, board, maxMoves)
	list.Report.Extra["positions"] = n
	return list, nil
}

// Start is the usual start (catalog.Starter): the geese on the top row,
// the fox on the bottom row.
func (in instance) Start() string { return in.b.String(in.b.Start()) }
