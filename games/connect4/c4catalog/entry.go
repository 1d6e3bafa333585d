package c4catalog

import (
	"context"
	"fmt"
	"runtime"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/retroreport"
	"github.com/grundy-go/grundy/catalog/searchreport"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games/connect4"
	"github.com/grundy-go/grundy/games/connect4/c4search"
	"github.com/grundy-go/grundy/outcome"
	"github.com/grundy-go/grundy/retro"
)

func init() {
	catalog.Register(catalog.Entry{
		Name:           "connect4",
		Params:         "WxH[:K]",
		OptionalParams: true,
		Position:       "the moves played so far as 1-based column digits (Pons' notation, e.g. 4453); nothing for the empty board",
		Summary: "Connect-Four: drop stones in turn into a column of a board of W columns and H rows (7x6 by default); " +
			"K in a row (4 by default) wins, a full board draws. Winning moves are written as the position they leave: the column digit appended",
		Example: "solve connect4:4x4 12",
		Kind:    "loopy",
		Make:    Make,
	})
}

// Make builds the catalog instance for the parameters "WxH" or "WxH:K"
// ("" is 7x6).
func Make(params string) (catalog.Instance, error) {
	w, h, k, err := connect4.ParseSpec(params)
	if err != nil {
		return nil, err
	}
	g, err := connect4.New(w, h, k)
	if err != nil {
		return nil, err
	}
	return instance{g: g}, nil
}

type instance struct{ g connect4.Game }

var (
	_ catalog.Instance        = instance{}
	_ catalog.Starter         = instance{}
	_ catalog.EmptyStarter    = instance{}
	_ catalog.SuccessorLister = instance{}
)

func (in instance) Spec() string { return "connect4:" + in.g.S.String() }

// Start is the empty board.
func (in instance) Start() string { return "" }

// StartIsEmpty says that Start's "" is the empty board (no column
// played), not a game without a start.
func (in instance) StartIsEmpty() bool { return true }

// parse reads the position tokens: the moves, in one or more tokens.
func (in instance) parse(tokens []string) (connect4.Board, string, error) {
	text := strings.Join(tokens, " ")
	if len(text) > 4*in.g.S.Cells()+64 {
		return connect4.Board{}, "", &budget.BadInput{Input: text, Offset: -1,
			Msg: fmt.Sprintf("a position of %d characters: a game on %s has at most %d moves", len(text), in.g.S, in.g.S.Cells())}
	}
	b, err := in.g.S.FromMoves(text)
	if err != nil {
		return connect4.Board{}, "", err
	}
	digits := strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, text)
	return b, digits, nil
}

// solve solves every position reachable from b by retrograde analysis.
func (in instance) solve(ctx context.Context, b connect4.Board, opts catalog.Options) (*retro.Table[connect4.Board], error) {
	gopts := retroreport.GameOptions(opts)
	var memErr error
	tab, err := retro.SolveGame[connect4.Board](ctx, connect4.Reachable{Game: in.g, Root: b, Mem: opts.Memory, Err: &memErr}, gopts)
	if memErr != nil {
		// The set ran out of memory first, and SolveGame saw a list cut short.
		return nil, memErr
	}
	return tab, err
}

func (in instance) Solve(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	if opts.Method == catalog.ClosedForm {
		return nil, catalog.RefuseMethod(in.Spec(), catalog.ClosedForm, "connect4 has no closed form")
	}
	b, moves, err := in.parse(tokens)
	if err != nil {
		return nil, err
	}
	if in.bySearch(b, opts) {
		r, err := in.searchReport(ctx, b, moves, opts)
		return r, err
	}
	tab, err := in.solve(ctx, b, opts)
	if err != nil {
		return nil, err
	}
	return in.report(tab, b, moves), nil
}

// retroMaxRanks is the most ranks of the tiers ahead of a position (an
// upper bound on the positions reachable from it) for which Auto solves
// the whole game below it by retrograde analysis; past it, the search
// answers, in milliseconds to seconds where retrograde analysis would
// need the positions' memory (Connect-4 5x4 from the empty board has
// 3.9 million of them, 7x6 4.5 trillion).
const retroMaxRanks = 2_000_000

// bySearch reports whether b is answered by the game-tree search: when
// asked (--method search), or when the positions ahead are too many for
// retrograde analysis.
func (in instance) bySearch(b connect4.Board, opts catalog.Options) bool {
	if opts.Method == catalog.Search {
		return true
	}
	var ranks int64
	for n := in.g.TierOf(b); n <= game.Tier(in.g.S.Cells()); n++ {
		if ranks += in.g.TierSize(n); ranks > retroMaxRanks {
			return true
		}
	}
	return false
}

// searchReport solves b by the Connect-4 search (package c4search): the
// position and each of its moves exactly, with both cores.
func (in instance) searchReport(ctx context.Context, b connect4.Board, moves string, opts catalog.Options) (*catalog.Report, error) {
	if opts.TTSize != 0 && opts.TTSize < c4search.MinTTSize {
		// A setting out of range, not a limit reached: no advice to raise
		// the memory budget.
		return nil, fmt.Errorf("a transposition table of %s is too small for the Connect-4 search: it needs at least %s",
			budget.FormatBytes(opts.TTSize), budget.FormatBytes(c4search.MinTTSize))
	}
	table, release, err := searchreport.TableSize(opts, c4search.DefaultTTSize, c4search.MinTTSize)
	if err != nil {
		return nil, err
	}
	defer release()
	copts := c4search.Options{TTSize: table, MaxNodes: opts.MaxNodes, Threads: runtime.NumCPU()}
	copts.Progress = searchreport.Progress(opts)
	res, err := c4search.Analyze(ctx, in.g.S, b, copts)
	if err != nil {
		return nil, err
	}
	method := fmt.Sprintf("alpha-beta search (Pons' null-window search with a transposition table of %s): %d nodes",
		budget.FormatBytes(table), res.Nodes)
	r := searchreport.Write(in.Spec(), moves, res.Generic(), func(q connect4.Board) string { return in.moveText(moves, b, q) }, method)
	in.noteOver(r, b)
	return r, nil
}

// report is the solution of b, written moves, from tab.
func (in instance) report(tab *retro.Table[connect4.Board], b connect4.Board, moves string) *catalog.Report {
	o, rem, _ := tab.Lookup(b)
	r := &catalog.Report{
		Game:     in.Spec(),
		Position: moves,
		Outcome:  o.String(),
		Method:   fmt.Sprintf("retrograde analysis of the %d positions reachable", tab.Len()),
	}
	if rem != retro.NoRemoteness {
		x := int(rem)
		r.Remoteness = &x
	}
	var wins []string
	for c := range in.g.S.W {
		if in.g.Over(b) || !in.g.S.CanPlay(b, c) {
			continue
		}
		if q, _, _ := tab.Lookup(in.g.S.Play(b, c)); q == outcome.P {
			wins = append(wins, moves+strconv.Itoa(c+1))
		}
	}
	r.AddMoves(len(wins), func(i int) string { return wins[i] })
	in.noteOver(r, b)
	return r
}

// moveText writes the move from p (written text) to q as the position it
// leaves: the moves so far and the column played.
func (in instance) moveText(text string, p, q connect4.Board) string {
	for c := range in.g.S.W {
		if in.g.S.CanPlay(p, c) && in.g.S.Play(p, c) == q {
			return text + strconv.Itoa(c+1)
		}
	}
	return in.g.Format(q)
}

// noteOver says why a finished game is over.
func (in instance) noteOver(r *catalog.Report, b connect4.Board) {
	switch {
	case in.g.S.Won(b):
		r.Notes = append(r.Notes, fmt.Sprintf("the game is over: the player who moved last has %d in a row", in.g.S.K))
	case in.g.S.Full(b):
		r.Notes = append(r.Notes, "the game is over: the board is full")
	}
}

// Successors lists the moves of the position, columns left to right,
// each solved from one retrograde analysis of the position's game.
func (in instance) Successors(ctx context.Context, tokens []string, opts catalog.Options, limit int) (*catalog.SuccessorList, error) {
	b, moves, err := in.parse(tokens)
	if err != nil {
		return nil, err
	}
	if in.bySearch(b, opts) {
		// Too large for one retrograde analysis: the position and each
		// move are searched on their own.
		r, err := in.searchReport(ctx, b, moves, opts)
		if err != nil {
			return nil, err
		}
		list := in.successors(r, b, moves, limit)
		list.Solve = func(ctx context.Context, pos string) (*catalog.Report, error) {
			return in.Solve(ctx, []string{pos}, opts)
		}
		return list, nil
	}
	tab, err := in.solve(ctx, b, opts)
	if err != nil {
		return nil, err
	}
	list := in.successors(in.report(tab, b, moves), b, moves, limit)
	list.Solve = func(ctx context.Context, pos string) (*catalog.Report, error) {
		q, qmoves, err := in.parse([]string{pos})
		if err != nil {
			return nil, err
		}
		if _, _, ok := tab.Lookup(q); !ok {
			return nil, fmt.Errorf("internal error: %s is not reachable from %s", pos, moves)
		}
		return in.report(tab, q, qmoves), nil
	}
	return list, nil
}

// successors lists the moves of b, columns left to right, at most limit.
func (in instance) successors(r *catalog.Report, b connect4.Board, moves string, limit int) *catalog.SuccessorList {
	list := &catalog.SuccessorList{
		Report:   r,
		Board:    &catalog.Board{Kind: catalog.BoardGrid, Text: moves, Rows: in.g.Rows(b)},
		Kind:     catalog.MovesOutcome,
		Complete: true,
	}
	for c := range in.g.S.W {
		if in.g.Over(b) || !in.g.S.CanPlay(b, c) {
			continue
		}
		if len(list.Moves) >= limit {
			list.Complete = false
			break
		}
		list.Moves = append(list.Moves, catalog.Successor{Position: moves + strconv.Itoa(c+1), MoverIndex: 1})
	}
	return list
}

var _ catalog.MoveLabeler = instance{}

// LabelMoves names each move by the column its disc drops into,
// "column 4", columns numbered from 1 at the left as in the position.
func (instance) LabelMoves(x *catalog.Exploration) {
	for i := range x.Moves {
		m := &x.Moves[i]
		if c, ok := strings.CutPrefix(m.Position, x.Report.Position); ok && c != "" {
			m.Label = "column " + c
		}
	}
}

var _ catalog.InARow = instance{}

// InARow is the board's K (4 unless the spec says WxH:K).
func (in instance) InARow() int { return in.g.S.K }
