package connect4

import (
	"context"
	"fmt"
	"iter"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/game"
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
	w, h, k, err := ParseSpec(params)
	if err != nil {
		return nil, err
	}
	g, err := New(w, h, k)
	if err != nil {
		return nil, err
	}
	return instance{g: g}, nil
}

// ParseSpec reads "WxH" or "WxH:K"; "" is the standard 7x6 board.
func ParseSpec(params string) (w, h, k int, err error) {
	if params == "" {
		return 7, 6, 4, nil
	}
	dims, ks, hasK := strings.Cut(params, ":")
	ws, hs, ok := strings.Cut(dims, "x")
	if !ok {
		return 0, 0, 0, fmt.Errorf("bad board %q: expected WxH or WxH:K, e.g. 7x6 or 5x4:3", params)
	}
	num := func(s, what string) (int, error) {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 || s != strconv.Itoa(n) {
			return 0, fmt.Errorf("bad %s %q in %q: expected a small positive number", what, s, params)
		}
		return n, nil
	}
	if w, err = num(ws, "width"); err != nil {
		return
	}
	if h, err = num(hs, "height"); err != nil {
		return
	}
	k = 4
	if hasK {
		if k, err = num(ks, "line length"); err != nil {
			return
		}
	}
	return w, h, k, nil
}

type instance struct{ g Game }

var (
	_ catalog.Instance        = instance{}
	_ catalog.Starter         = instance{}
	_ catalog.SuccessorLister = instance{}
)

func (in instance) Spec() string { return "connect4:" + in.g.S.String() }

// Start is the empty board.
func (in instance) Start() string { return "" }

// parse reads the position tokens: the moves, in one or more tokens.
func (in instance) parse(tokens []string) (Board, string, error) {
	text := strings.Join(tokens, " ")
	if len(text) > 4*in.g.S.Cells()+64 {
		return Board{}, "", &budget.BadInput{Input: text, Offset: -1,
			Msg: fmt.Sprintf("a position of %d characters: a game on %s has at most %d moves", len(text), in.g.S, in.g.S.Cells())}
	}
	b, err := in.g.S.FromMoves(text)
	if err != nil {
		return Board{}, "", err
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
func (in instance) solve(ctx context.Context, b Board, opts catalog.Options) (*retro.Table[Board], error) {
	gopts := retro.GameOptions{MaxStates: opts.MaxStates, Memory: opts.Memory}
	if opts.Progress != nil {
		gopts.Progress = func(done, _ int) { opts.Progress(done) }
	}
	var memErr error
	tab, err := retro.SolveGame[Board](ctx, reachable{in.g, b, opts.Memory, &memErr}, gopts)
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
	tab, err := in.solve(ctx, b, opts)
	if err != nil {
		return nil, err
	}
	return in.report(tab, b, moves), nil
}

// report is the solution of b, written moves, from tab.
func (in instance) report(tab *retro.Table[Board], b Board, moves string) *catalog.Report {
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
	switch {
	case in.g.S.Won(b):
		r.Notes = append(r.Notes, fmt.Sprintf("the game is over: the player who moved last has %d in a row", in.g.S.K))
	case in.g.S.Full(b):
		r.Notes = append(r.Notes, "the game is over: the board is full")
	}
	return r
}

// Successors lists the moves of the position, columns left to right,
// each solved from one retrograde analysis of the position's game.
func (in instance) Successors(ctx context.Context, tokens []string, opts catalog.Options, limit int) (*catalog.SuccessorList, error) {
	b, moves, err := in.parse(tokens)
	if err != nil {
		return nil, err
	}
	tab, err := in.solve(ctx, b, opts)
	if err != nil {
		return nil, err
	}
	list := &catalog.SuccessorList{
		Report:   in.report(tab, b, moves),
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

// reachable is the game restricted to the positions reachable from root,
// for retro.SolveGame.
type reachable struct {
	Game
	root Board
	mem  *budget.Bytes
	err  *error // set when mem runs out
}

// Positions lists root and every position reachable from it, each once,
// as long as the caller asks (SolveGame stops at its state cap). Every
// move adds a stone, so it lists them level by level (by number of
// stones) and keeps only one level's set to find repeats: the positions
// themselves are SolveGame's to keep. It charges its sets to mem, and when
// that runs out it stops and leaves the error in *err.
func (r reachable) Positions() iter.Seq[Board] {
	return func(yield func(Board) bool) {
		level, next, buf := []Board{r.root}, []Board(nil), []Board(nil)
		seen := map[uint64]struct{}{}
		charged := 0
		for len(level) > 0 {
			clear(seen)
			next = next[:0]
			for _, p := range level {
				if !yield(p) {
					return
				}
				buf = r.AppendMoves(buf[:0], p)
				for _, q := range buf {
					k := r.S.Key(q)
					if _, ok := seen[k]; ok {
						continue
					}
					if len(next) >= charged {
						// A set entry and a slot in next, for 4096 more.
						if err := r.mem.Charge(4096*48, "the positions reachable"); err != nil {
							*r.err = err
							return
						}
						charged += 4096
					}
					seen[k] = struct{}{}
					next = append(next, q)
				}
			}
			level, next = next, level
		}
	}
}

var _ game.Enumerable[Board] = reachable{}
