package partizanreport

import (
	"context"
	"iter"
	"slices"
	"strings"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games/partizan"
)

// Instance is the catalog's Valuer: the interface of the instances of
// partizan games, by which front ends recognise them.
type Instance = reports.Valuer

// Kind is the catalog.Entry Kind of the partizan games.
const Kind = reports.KindPartizan

// Rules tell Game how to read, value, move and draw the positions of one
// partizan game whose positions (or parts of a sum) are of type P.
type Rules[P comparable] struct {
	// Game is what the evaluator values: a game.Partizan[P] (moves that
	// keep the whole position) or a game.PartizanSplitting[P] (moves that
	// leave regions), as partizan.New takes it.
	Game any
	// Parse reads the position tokens into the parts of a sum.
	Parse func(tokens []string) ([]P, error)
	// Format writes one part in the game's notation; Parse reads it back.
	Format func(P) string
	// Moves, when set, yields the parts that each of the player's moves in
	// p leaves, written as the explorer and Solve's winning moves show
	// them (Col and Snort colour a vertex of the whole strip rather than
	// leave the regions the evaluator splits it into). When nil, the moves
	// are Game's: a game.Partizan's whole positions, otherwise the regions
	// of a game.PartizanSplitting ("-" when nothing is left).
	Moves func(p P, left bool) iter.Seq[[]P]
	// Grid, when set, draws a position of one part as the rows of a grid;
	// nil rows (or a nil Grid) draw the position as its parts.
	Grid func(p P) []string
}

// maxSteps bounds the work of one Solve (cgt.Space.MaxSteps) when no
// memory budget is given (catalog.Options.Memory): a few minutes at most.
const maxSteps = 200_000_000

// bound limits the computation in s: by the memory budget of opts when
// there is one (the canonical forms and the region table charge it, and
// the search stops when it is spent, naming it), else by maxSteps.
func bound(s *cgt.Space, opts catalog.Options) {
	if opts.Memory != nil {
		s.Memory, s.MaxSteps = opts.Memory, 0
		return
	}
	s.MaxSteps = maxSteps
}

// Game is a built-in partizan game: positions parsed by the game's
// notation and valued by the partizan evaluator. It is an Instance and a
// catalog.SuccessorLister.
type Game[P comparable] struct {
	spec  string
	rules Rules[P]
}

var (
	_ Instance                = (*Game[string])(nil)
	_ reports.SumValuer       = (*Game[string])(nil)
	_ catalog.SuccessorLister = (*Game[string])(nil)
)

// New returns the instance of the game named spec with the given rules.
func New[P comparable](spec string, rules Rules[P]) *Game[P] {
	return &Game[P]{spec: spec, rules: rules}
}

// Spec returns the game's name.
func (g *Game[P]) Spec() string { return g.spec }

// Value parses the position and computes its canonical value.
func (g *Game[P]) Value(ctx context.Context, s *cgt.Space, tokens []string, opts catalog.Options) (cgt.Game, string, error) {
	v, _, parts, err := g.value(ctx, s, tokens, opts)
	if err != nil {
		return 0, "", err
	}
	return v, g.formatSum(parts), nil
}

func (g *Game[P]) value(ctx context.Context, s *cgt.Space, tokens []string, opts catalog.Options) (cgt.Game, *partizan.Evaluator[P], []P, error) {
	parts, err := g.rules.Parse(tokens)
	if err != nil {
		return 0, nil, nil, err
	}
	e, err := g.evaluator(s, opts)
	if err != nil {
		return 0, nil, nil, err
	}
	v, err := e.Value(ctx, parts...)
	return v, e, parts, err
}

// evaluator returns the game's evaluator in s within opts' limits: its
// positions, its progress, and the memory budget that s and it charge.
func (g *Game[P]) evaluator(s *cgt.Space, opts catalog.Options) (*partizan.Evaluator[P], error) {
	e, err := partizan.New[P](s, g.rules.Game)
	if err != nil {
		return nil, err
	}
	e.MaxPositions = opts.MaxStates
	e.Progress = opts.Progress
	if opts.Memory != nil {
		bound(s, opts)
		e.Memory = opts.Memory
	}
	return e, nil
}

// ValueParts parses the position and returns the canonical value of each
// of its parts, not added: a sum of a few hot parts can have a canonical
// form far too large to build (reports.SumValuer).
func (g *Game[P]) ValueParts(ctx context.Context, s *cgt.Space, tokens []string, opts catalog.Options) ([]cgt.Game, string, error) {
	parts, err := g.rules.Parse(tokens)
	if err != nil {
		return nil, "", err
	}
	e, err := partizan.New[P](s, g.rules.Game)
	if err != nil {
		return nil, "", err
	}
	e.MaxPositions = opts.MaxStates
	e.Progress = opts.Progress
	if opts.Memory != nil {
		bound(s, opts)
		e.Memory = opts.Memory
	}
	vals := make([]cgt.Game, len(parts))
	for i, p := range parts {
		if vals[i], err = e.Value(ctx, p); err != nil {
			return nil, "", err
		}
	}
	return vals, g.formatSum(parts), nil
}

func (g *Game[P]) formatSum(parts []P) string {
	if len(parts) == 0 {
		return "-"
	}
	strs := make([]string, len(parts))
	for i, p := range parts {
		strs[i] = g.rules.Format(p)
	}
	return strings.Join(strs, " ")
}

// Solve reports the outcome class (L, R, N or P), the canonical value, and
// the winning first moves of each player, written "L: position" for
// Left's and "R: position" for Right's.
func (g *Game[P]) Solve(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	if opts.Method == catalog.ClosedForm {
		return nil, catalog.RefuseMethod(g.spec, catalog.ClosedForm, "%s is valued by search", g.spec)
	}
	s := cgt.NewSpace()
	s.Context = ctx
	bound(s, opts)
	parts, err := g.rules.Parse(tokens)
	if err != nil {
		return nil, err
	}
	e, err := partizan.New[P](s, g.rules.Game)
	if err != nil {
		return nil, err
	}
	e.MaxPositions, e.Progress = opts.MaxStates, opts.Progress
	if opts.Memory != nil {
		e.Memory = opts.Memory
	}
	// The outcome and the winning moves come from the parts' forms
	// (cgt.SumSearch); the sum's own form is built only when it is cheap
	// (issue 37: three heaps of partizan subtraction).
	vals := make([]cgt.Game, len(parts))
	for i, p := range parts {
		if vals[i], err = e.Value(ctx, p); err != nil {
			return nil, err
		}
	}
	search := cgt.NewSumSearch(s)
	o, err := search.Outcome(vals)
	if err != nil {
		return nil, err
	}
	text := notBuiltText
	if v, ok, err := s.TrySum(vals, reports.SumFormTrialSteps); err != nil {
		return nil, err
	} else if ok {
		text, _ = reports.ValueText(s, v)
	}
	r := &catalog.Report{
		Game:     g.spec,
		Position: g.formatSum(parts),
		Outcome:  o.String(),
		Value:    text,
		Method:   "canonical form of the partizan game (see 'grundy value' for its temperature and stops)",
		Notes: []string{
			"partizan outcome: L = Left wins, R = Right wins (whoever starts), N = the player to move wins, P = the player to move loses",
			"winning moves are the first moves that win for Left (L:) and for Right (R:), each to the position it leaves",
		},
	}
	for _, side := range []struct {
		left  bool
		label string
	}{{true, "L: "}, {false, "R: "}} {
		moves, err := g.winningMoves(ctx, e, search, parts, vals, side.left)
		if err != nil {
			return nil, err
		}
		for _, m := range moves {
			r.WinningMoves = append(r.WinningMoves, side.label+m)
		}
	}
	return r, nil
}

// notBuiltText stands in a report's value for the canonical form of a sum
// that was not built.
const notBuiltText = "(the canonical form of the sum was not built: 'grundy value --form' builds it)"

// winningMoves lists the player's first moves that win, each written as
// the whole position it leaves, exactly as the explorer's move list writes
// it (g.options, formatSum), so that a winning move can be pasted back
// into solve or the explorer. A move by Left wins when the sum it leaves
// is ≥ 0 (Right, moving next, has no winning move), one by Right when it
// is ≤ 0 (Siegel, Combinatorial Game Theory, II.1: G ≥ 0 iff Left wins
// moving second). The sum left is the other parts' values with the
// value of what the move leaves, compared with 0 by search over the
// components (cgt.SumSearch): no sum's form is built.
func (g *Game[P]) winningMoves(ctx context.Context, e *partizan.Evaluator[P], search *cgt.SumSearch, parts []P, vals []cgt.Game, left bool) ([]string, error) {
	var moves []string
	seen := map[string]bool{}
	comps := make([]cgt.Game, len(vals))
	for i, p := range parts {
		for next := range g.options(p, left) {
			v, err := e.Value(ctx, next...)
			if err != nil {
				return nil, err
			}
			copy(comps, vals)
			comps[i] = v
			var wins bool
			if left {
				wins, err = search.GeqZero(comps)
			} else {
				wins, err = search.LeqZero(comps)
			}
			if err != nil {
				return nil, err
			}
			if !wins {
				continue
			}
			sum := append(append(slices.Clone(parts[:i]), next...), parts[i+1:]...)
			if m := g.formatSum(sum); !seen[m] {
				seen[m] = true
				moves = append(moves, m)
			}
		}
	}
	return moves, nil
}

// Successors lists Left's moves, then Right's, in a partizan game: a move
// in one part of the sum, written as the whole sum it leaves. Each
// position left is valued by the partizan evaluator (one cgt.Space and one
// memo for the request): its canonical form (Value) and its outcome class
// (L: Left wins whoever starts, R: Right wins, N: the player to move
// wins, P: the player to move loses). Neither player is "to move" in a
// partizan position, so both lists are given; a front end that plays
// alternates them.
//
// Games that move whole positions (game.Partizan: Domineering keeps its
// board, Toads and Frogs its strip) are moved that way; games with their
// own Rules.Moves (Col and Snort colour a vertex of the strip) are moved
// by them; the others (Hackenbush trees, Cutcake) replace the part by the
// regions the move leaves, "-" when nothing is left.
func (g *Game[P]) Successors(ctx context.Context, tokens []string, opts catalog.Options, limit int) (*catalog.SuccessorList, error) {
	report, err := g.Solve(ctx, tokens, opts)
	if err != nil {
		return nil, err
	}
	parts, err := g.rules.Parse(tokens)
	if err != nil {
		return nil, err
	}
	s := cgt.NewSpace()
	s.Context = ctx
	bound(s, opts)
	e, err := partizan.New[P](s, g.rules.Game)
	if err != nil {
		return nil, err
	}
	e.MaxPositions, e.Memory = opts.MaxStates, opts.Memory
	list := &catalog.SuccessorList{Report: report, Kind: catalog.MovesPartizan, Complete: true, Board: g.board(parts)}
	for _, side := range []struct {
		player string
		left   bool
	}{{catalog.PlayerLeft, true}, {catalog.PlayerRight, false}} {
		for i, p := range parts {
			for next := range g.options(p, side.left) {
				if len(list.Moves) >= limit {
					list.Complete = false
					break
				}
				sum := append(append(slices.Clone(parts[:i]), next...), parts[i+1:]...)
				list.Moves = append(list.Moves, catalog.Successor{Player: side.player, Position: g.formatSum(sum), MoverIndex: -1})
			}
		}
	}
	list.Solve = func(ctx context.Context, pos string) (*catalog.Report, error) {
		ps, err := g.rules.Parse(strings.Fields(pos))
		if err != nil {
			return nil, err
		}
		v, err := e.Value(ctx, ps...)
		if err != nil {
			return nil, err
		}
		o, err := s.Outcome(v)
		if err != nil {
			return nil, err
		}
		text, _ := reports.ValueText(s, v)
		return &catalog.Report{Game: g.spec, Position: g.formatSum(ps), Outcome: o.String(), Value: text}, nil
	}
	return list, nil
}

// options yields the parts that one of the player's moves in p leaves.
func (g *Game[P]) options(p P, left bool) iter.Seq[[]P] {
	if g.rules.Moves != nil {
		return g.rules.Moves(p, left)
	}
	if pg, ok := g.rules.Game.(game.Partizan[P]); ok {
		moves := pg.RightMoves
		if left {
			moves = pg.LeftMoves
		}
		return func(yield func([]P) bool) {
			for q := range moves(p) {
				if !yield([]P{q}) {
					return
				}
			}
		}
	}
	pg := g.rules.Game.(game.PartizanSplitting[P]) // partizan.New accepted it
	if left {
		return pg.LeftOptions(p)
	}
	return pg.RightOptions(p)
}

// board draws a position of one part as the game's grid (Rules.Grid), and
// other positions as their parts.
func (g *Game[P]) board(parts []P) *catalog.Board {
	text := g.formatSum(parts)
	if len(parts) == 1 && g.rules.Grid != nil {
		if rows := g.rules.Grid(parts[0]); rows != nil {
			return &catalog.Board{Kind: catalog.BoardGrid, Text: text, Rows: rows}
		}
	}
	strs := make([]string, len(parts))
	for i, p := range parts {
		strs[i] = g.rules.Format(p)
	}
	return &catalog.Board{Kind: catalog.BoardComponents, Text: text, Components: strs}
}

// Strip draws a non-empty strip (Toads and Frogs, Col, Snort) as a grid
// of one row; it is a Rules.Grid.
func Strip(p string) []string {
	if p == "" {
		return nil
	}
	return []string{p}
}
