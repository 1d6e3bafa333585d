package othello

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"strings"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/searchreport"
	"github.com/grundy-go/grundy/catalog/strong"
)

func init() {
	catalog.Register(catalog.Entry{
		Name:   "othello",
		Params: "WxH",
		Position: "the rows top first joined by '/' (b black, w white, . empty), ':' and the player to move (b or w), " +
			"e.g. ..../.wb./.bbb/....:w; nothing for the start",
		Summary: "Othello (Reversi) on a board of W columns and H rows, each even from 4 to 8: from the four central discs, " +
			"Black first, a disc is played to outflank a line of the opponent's discs, which turn over; a player without such a move " +
			"passes, and the game ends when neither can move (World Othello Federation rules). The score is the disc margin, the empty cells counted for the winner. " +
			"Solved by search (4x4 and 6x4 in moments; 6x6 from the start needs CPU-minutes, see BENCHMARKS.md); grundy db build othello:4x4 solves 4x4 whole",
		Example: "solve othello:4x4",
		Kind:    "payoff",
		Make: func(params string) (catalog.Instance, error) {
			w, h, err := ParseSpec(params)
			if err != nil {
				return nil, err
			}
			b, err := New(w, h)
			if err != nil {
				return nil, err
			}
			if b.Cells() <= startableCells {
				return startInstance{instance{b}}, nil
			}
			return instance{b}, nil
		},
	})
}

type instance struct{ b *Board }

var (
	_ catalog.Instance        = instance{}
	_ catalog.SuccessorLister = instance{}
	_ catalog.MoveLabeler     = instance{}
	_ strong.Tierable         = instance{}
)

// startableCells bounds the boards whose start the explorer opens (a
// catalog.Starter): 6x4's start is searched in about a second, 6x6's
// takes hours.
const startableCells = 24

// startInstance is an instance whose start the explorer opens.
type startInstance struct{ instance }

var _ catalog.Starter = startInstance{}

// Start is the standard start, written out.
func (in startInstance) Start() string { return in.b.Format(in.b.Start()) }

func (in instance) Spec() string { return in.b.Spec() }

func (in instance) parse(tokens []string) (Pos, error) {
	return in.b.Parse(strings.Join(tokens, ""))
}

// tableSize is the default transposition table for the board: small
// boards need little.
func (in instance) tableSize() int64 {
	switch n := in.b.Cells(); {
	case n <= 16:
		return 4 << 20
	case n <= 24:
		return 64 << 20
	}
	return DefaultTTSize
}

// solver makes a solver whose table is charged to opts.Memory; release
// gives the memory back.
func (in instance) solver(opts catalog.Options) (*Solver, func(), error) {
	size, release, err := searchreport.TableSize(opts, in.tableSize(), MinTTSize)
	if err != nil {
		return nil, nil, err
	}
	s := NewSolver(in.b, size)
	if opts.Progress != nil {
		s.OnNodes = func(n int64) { opts.Progress(int(min(n, math.MaxInt32))) }
	}
	return s, release, nil
}

func (in instance) Solve(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	if opts.Method == catalog.ClosedForm {
		return nil, catalog.RefuseMethod(in.Spec(), catalog.ClosedForm, "othello has no closed form")
	}
	p, err := in.parse(tokens)
	if err != nil {
		return nil, err
	}
	s, release, err := in.solver(opts)
	if err != nil {
		return nil, err
	}
	defer release()
	a, err := s.Analyze(ctx, p, opts.MaxNodes)
	if err != nil {
		return nil, err
	}
	return in.report(p, a), nil
}

// outcomeOf is the outcome a margin gives the player to move.
func outcomeOf(margin int) string {
	switch {
	case margin > 0:
		return "N"
	case margin < 0:
		return "P"
	}
	return "D"
}

// MoveScore is a move with its margin for the player making it, as the
// JSON of solve lists them ("move_scores").
type MoveScore struct {
	Move     string `json:"move"`
	Position string `json:"position"`
	Score    int    `json:"score"`
}

// report writes the analysis a of p: the score, the winning moves, and
// every move with its margin.
func (in instance) report(p Pos, a *Analysis) *catalog.Report {
	b := in.b
	score := a.Margin
	r := &catalog.Report{
		Game:     in.Spec(),
		Position: b.Format(p),
		Outcome:  outcomeOf(score),
		Score:    &score,
		Method: fmt.Sprintf("alpha-beta search over disc margins (null windows, a transposition table keyed by the board's symmetries): %d nodes",
			a.Nodes),
	}
	var wins []string
	scores := make([]MoveScore, 0, len(a.Moves))
	var words []string
	for _, m := range a.Moves {
		label := "pass"
		if m.Cell >= 0 {
			label = b.CellName(m.Cell)
		}
		scores = append(scores, MoveScore{Move: label, Position: b.Format(m.Position), Score: m.Margin})
		words = append(words, fmt.Sprintf("%s %+d", label, m.Margin))
		if m.Margin > 0 {
			wins = append(wins, b.Format(m.Position))
		}
	}
	r.AddMoves(len(wins), func(i int) string { return wins[i] })
	r.Extra = map[string]any{"move_scores": scores}
	who, other := "Black", "White"
	if p.WhiteToMove {
		who, other = other, who
	}
	mover, opp := p.Mover(), p.Opponent()
	switch {
	case a.Over:
		r.Notes = append(r.Notes, fmt.Sprintf("the game is over: %s %d, %s %d, %d empty (counted for the winner)",
			who, bits.OnesCount64(mover), other, bits.OnesCount64(opp), b.Cells()-p.Discs()))
	case len(a.Moves) == 1 && a.Moves[0].Cell < 0:
		r.Notes = append(r.Notes, who+" has no move and must pass")
	}
	if len(words) > 0 {
		r.Notes = append(r.Notes, "the moves with their margins for "+who+": "+strings.Join(words, ", "))
	}
	r.Notes = append(r.Notes, "the score counts discs, and the empty cells at the end for the winner (the World Othello Federation's rule); remoteness is not searched")
	return r
}

// Successors lists the moves of p, each position left solved by the same
// solver (its table shared across them), drawn as a board so that the
// explorer reads each move from the cell it fills.
func (in instance) Successors(ctx context.Context, tokens []string, opts catalog.Options, limit int) (*catalog.SuccessorList, error) {
	p, err := in.parse(tokens)
	if err != nil {
		return nil, err
	}
	s, release, err := in.solver(opts)
	if err != nil {
		return nil, err
	}
	a, err := s.Analyze(ctx, p, opts.MaxNodes)
	if err != nil {
		release()
		return nil, err
	}
	b := in.b
	list := &catalog.SuccessorList{
		Report:   in.report(p, a),
		Board:    in.board(p),
		Kind:     catalog.MovesOutcome,
		Complete: true,
	}
	values := map[Pos]int{}
	for _, m := range a.Moves {
		if len(list.Moves) >= limit {
			list.Complete = false
			break
		}
		values[m.Position] = -m.Margin
		list.Moves = append(list.Moves, catalog.Successor{Position: b.Format(m.Position), MoverIndex: 1, Board: in.board(m.Position)})
	}
	// The positions left were valued by the analysis: their reports are
	// written from it, without their own moves (the explorer asks for
	// those when it goes there).
	release()
	list.Solve = func(ctx context.Context, pos string) (*catalog.Report, error) {
		q, err := b.Parse(pos)
		if err != nil {
			return nil, err
		}
		v, ok := values[q]
		if !ok {
			return nil, fmt.Errorf("internal error: %s is not a move of %s", pos, b.Format(p))
		}
		return &catalog.Report{Game: in.Spec(), Position: b.Format(q), Outcome: outcomeOf(v), Score: &v}, nil
	}
	return list, nil
}

// board is the explorer's picture: the grid of cells, b and w.
func (in instance) board(p Pos) *catalog.Board {
	return &catalog.Board{Kind: catalog.BoardGrid, Text: in.b.Format(p), Rows: in.b.Rows(p)}
}

// LabelMoves names each move by its cell ("c4") or "pass".
func (in instance) LabelMoves(x *catalog.Exploration) {
	p, err := in.b.Parse(x.Report.Position)
	if err != nil {
		return
	}
	for i := range x.Moves {
		if q, err := in.b.Parse(x.Moves[i].Position); err == nil {
			x.Moves[i].Label = in.b.MoveLabel(p, q)
		}
	}
}

// Strong binds Othello to the tier solver and its databases (grundy db
// build othello:4x4): tiers of discs, each solved in one pass. The board
// is a game.Scored (TerminalScore), so the databases hold every
// position's disc margin under perfect play beside its outcome and the
// remoteness of the line that keeps the margin.
func (in instance) Strong() strong.Game {
	return strong.Bind(strong.Binding[Pos]{
		Spec: in.Spec(),
		Game: in.b,
		Parse: func(tokens []string) (Pos, string, error) {
			p, err := in.parse(tokens)
			return p, in.b.Format(p), err
		},
		Label: in.b.MoveLabel,
	})
}
