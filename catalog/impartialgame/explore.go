package impartialgame

import (
	"context"
	"fmt"
	"iter"
	"math/big"
	"strconv"
	"strings"
	"unsafe"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/impartial"
	"github.com/grundy-go/grundy/outcome"
)

// exploreCore lists the moves of a sum of components. value returns the
// outcome and Sprague–Grundy value of a sum (nil value for games without
// one); remoteness returns its remoteness or nil where unknown.
type exploreCore[P comparable] struct {
	options    func(P) iter.Seq[[]P]
	format     func(P) string
	sep        string
	value      func(ctx context.Context, comps []P) (string, *big.Int, error)
	remoteness func(ctx context.Context, comps []P) (*int, error)
}

func (e *exploreCore[P]) formatSum(comps []P) string {
	sep := e.sep
	if sep == "" {
		sep = " "
	}
	parts := make([]string, len(comps))
	for i, c := range comps {
		parts[i] = e.format(c)
	}
	return strings.Join(parts, sep)
}

func (e *exploreCore[P]) moves(ctx context.Context, parts []P, maxMoves int) ([]catalog.MoveInfo, int, bool, error) {
	if maxMoves <= 0 {
		maxMoves = catalog.DefaultMaxMoves
	}
	var (
		out   []catalog.MoveInfo
		seen  = map[string]bool{}
		total int
		text  int // bytes of the positions in seen
	)
	for i, c := range parts {
		for opt := range e.options(c) {
			if total >= catalog.MaxEnumerated || text > catalog.MaxEnumeratedText {
				return out, total, false, nil
			}
			next := impartial.Move[P]{Index: i, Result: opt}.Apply(parts)
			pos := e.formatSum(next)
			text += len(pos) + len(next)*int(unsafe.Sizeof(c))
			if seen[pos] {
				continue
			}
			seen[pos] = true
			total++
			if len(out) >= maxMoves {
				continue
			}
			if err := ctx.Err(); err != nil {
				return nil, 0, false, err
			}
			oc, g, err := e.value(ctx, next)
			if err != nil {
				return nil, 0, false, err
			}
			rem, err := e.remoteness(ctx, next)
			if err != nil {
				return nil, 0, false, err
			}
			out = append(out, catalog.MoveInfo{
				Component: i, From: e.format(c), To: e.formatSum(opt),
				Position: pos, Outcome: oc, Grundy: g, Remoteness: rem,
			})
		}
	}
	return out, total, true, nil
}

// NormalPlay builds the value and remoteness functions that list a
// searched impartial game's moves under normal play: values from the
// Sprague–Grundy solver, remoteness from the solver for one component and
// from the sum search for several (it sets sums.Single).
func NormalPlay[P comparable](solver *impartial.Solver[P], sums *SumSearch[P]) (func(context.Context, []P) (string, *big.Int, error), func(context.Context, []P) (*int, error)) {
	sums.Single = func(ctx context.Context, p P) (bool, int, bool, error) {
		v, err := solver.Grundy(ctx, p)
		if err != nil {
			return false, 0, false, err
		}
		rem, err := solver.Remoteness(ctx, p)
		if err != nil || rem == impartial.UnknownRemoteness {
			return false, 0, false, err
		}
		return v != 0, rem, true, nil
	}
	value := func(ctx context.Context, comps []P) (string, *big.Int, error) {
		v, err := solver.SumGrundy(ctx, comps)
		if err != nil {
			return "", nil, err
		}
		return outcome.FromGrundy(v).String(), new(big.Int).SetUint64(v), nil
	}
	return value, sums.Remoteness
}

// Explore lists the moves of a searched game's position, each solved by
// the Sprague–Grundy solver (one memo for the whole request).
func (s *Searched[P]) Explore(ctx context.Context, tokens []string, opts catalog.Options, maxMoves int) (*catalog.Exploration, error) {
	if opts.Method == catalog.ClosedForm {
		return nil, catalog.RefuseMethod(s.Name, catalog.ClosedForm, "%s has no closed form here", s.Name)
	}
	comps, err := s.Parse(tokens)
	if err != nil {
		return nil, err
	}
	// The position's report is Solve's, except that the remoteness of a
	// sum comes from this file's search, whose budget counts moves
	// looked at rather than positions: a server must not spend seconds on
	// it (Kayles sums have hundreds of moves a position).
	solver := s.Solver(opts)
	parts := solver.Split(comps)
	sums := NewSumSearch(s.Game, s.Format, false, opts.Memory)
	defer sums.Release()
	value, rem := NormalPlay(solver, sums)
	g, err := solver.SumGrundy(ctx, parts)
	if err != nil {
		return nil, err
	}
	winning, err := solver.WinningMoves(ctx, parts)
	if err != nil {
		return nil, err
	}
	report := &catalog.Report{
		Game:     s.Name,
		Position: s.FormatSum(comps),
		Outcome:  outcome.FromGrundy(g).String(),
		Grundy:   new(big.Int).SetUint64(g),
		Method:   fmt.Sprintf("exhaustive Sprague–Grundy search (%d positions)", solver.States()),
	}
	if report.Remoteness, err = rem(ctx, parts); err != nil {
		return nil, err
	}
	// The report lists each move once; the explorer below offers every
	// one (a person may click either of two equal heaps).
	winning = s.DistinctMoves(winning, parts)
	report.AddMoves(len(winning), func(i int) string { return s.FormatSum(winning[i].Apply(parts)) })
	core := &exploreCore[P]{options: s.Game.Options, format: s.Format, sep: s.Sep, value: value, remoteness: rem}
	x := &catalog.Exploration{Report: report, Board: s.board(comps)}
	x.Moves, x.MovesTotal, x.MovesCounted, err = core.moves(ctx, parts, maxMoves)
	if err != nil {
		return nil, err
	}
	return x, nil
}

// board draws heaps for games on heaps (positions of type int), and the
// components otherwise.
func (s *Searched[P]) board(comps []P) *catalog.Board {
	strs := make([]string, len(comps))
	for i, c := range comps {
		strs[i] = s.Format(c)
	}
	if _, heaps := any(comps).([]int); heaps {
		return catalog.HeapBoard(strs)
	}
	return &catalog.Board{Kind: catalog.BoardComponents, Text: s.FormatSum(comps), Components: strs}
}

// Start is a small position of three heaps.
func (s *Searched[P]) Start() string {
	var zero P
	if _, heaps := any(zero).(int); heaps {
		return "3 4 5"
	}
	return ""
}

// MaxExploreHeap bounds the heaps of closed-form games explored move by
// move (a heap of n has up to n moves, each listed with its value).
const MaxExploreHeap = 1_000_000

// ExploreHeaps lists the moves of a closed-form heap game: report is the
// position's own (its remoteness filled in when nil), value and remoteness
// solve each position a move leaves.
func ExploreHeaps(ctx context.Context, report *catalog.Report, heaps []int, g game.Splitting[int], value func(context.Context, []int) (string, *big.Int, error), remoteness func(context.Context, []int) (*int, error), maxMoves int) (*catalog.Exploration, error) {
	var err error
	if report.Remoteness == nil {
		if report.Remoteness, err = remoteness(ctx, heaps); err != nil {
			return nil, err
		}
	}
	core := &exploreCore[int]{options: g.Options, format: strconv.Itoa, value: value, remoteness: remoteness}
	strs := make([]string, len(heaps))
	for i, h := range heaps {
		strs[i] = strconv.Itoa(h)
	}
	x := &catalog.Exploration{Report: report, Board: catalog.HeapBoard(strs)}
	x.Moves, x.MovesTotal, x.MovesCounted, err = core.moves(ctx, heaps, maxMoves)
	if err != nil {
		return nil, err
	}
	return x, nil
}

// SearchExplorer explores a closed-form game through its search adapter:
// each position's own Report is the closed form's (Inst's Solve), its
// moves are Search's.
type SearchExplorer[P comparable] struct {
	Inst   catalog.Instance
	Search *Searched[P]
	Board  func(position string) *catalog.Board // nil: the search adapter's board
}

// BySearch is a SearchExplorer that draws positions as Search does.
func BySearch[P comparable](inst catalog.Instance, s *Searched[P]) catalog.Explorer {
	return SearchExplorer[P]{Inst: inst, Search: s}
}

// NumbersAsHeaps draws a position written as numbers (Wythoff's two heaps)
// as heaps.
func NumbersAsHeaps(position string) *catalog.Board {
	f := strings.Fields(position)
	for _, x := range f {
		if _, err := strconv.ParseUint(x, 10, 63); err != nil {
			return nil
		}
	}
	return catalog.HeapBoard(f)
}

// CoinStrip draws coins on the cells of a line, cells numbered from 1
// (staircase Nim's positions are the occupied cells), as a one-row grid.
func CoinStrip(position string) *catalog.Board {
	cells := map[int]bool{}
	last := 0
	for _, x := range strings.Fields(position) {
		n, err := strconv.Atoi(x)
		if err != nil || n < 1 || n > 200 {
			return nil // not drawable as a strip: the text will do
		}
		cells[n] = true
		last = max(last, n)
	}
	var row strings.Builder
	for c := 1; c <= last; c++ {
		if cells[c] {
			row.WriteString("●")
		} else {
			row.WriteString(".")
		}
	}
	return &catalog.Board{Kind: catalog.BoardGrid, Text: position, Rows: []string{row.String()}}
}

// Explore reports the closed form's answer for the position and lists the
// moves found by search; the two must agree on the outcome.
func (e SearchExplorer[P]) Explore(ctx context.Context, tokens []string, opts catalog.Options, maxMoves int) (*catalog.Exploration, error) {
	report, err := e.Inst.Solve(ctx, tokens, opts)
	if err != nil {
		return nil, err
	}
	sopts := opts
	sopts.Method = catalog.Search
	x, err := e.Search.Explore(ctx, tokens, sopts, maxMoves)
	if err != nil {
		if budget.Over(err, budget.States) || ctx.Err() != nil {
			return nil, err
		}
		return nil, fmt.Errorf("%w: %w", catalog.ErrTooLargeToExplore, err)
	}
	if x.Report.Outcome != report.Outcome {
		return nil, fmt.Errorf("%s %s: the closed form says %s but search says %s; please report this bug", e.Inst.Spec(), report.Position, report.Outcome, x.Report.Outcome)
	}
	if report.Remoteness == nil {
		report.Remoteness = x.Report.Remoteness
	}
	x.Report = report
	if e.Board != nil {
		if b := e.Board(report.Position); b != nil {
			x.Board = b
		}
	}
	return x, nil
}
