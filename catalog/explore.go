package catalog

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math/big"
	"strconv"
	"strings"
	"unsafe"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/impartial"
	"github.com/grundy-go/grundy/outcome"
)

// This file holds what an explorer (the server's API and web page) needs
// beyond Solve: a start position, every move from a position with the
// position it leaves and that position's outcome, value and remoteness,
// and a description of the position that a page can draw. The interfaces
// are optional; front ends discover them with a type assertion, and show
// only the Report for instances that lack them.

// Starter is implemented by instances that have a natural start position
// (or, for games such as Nim with none, a small position worth exploring).
type Starter interface {
	// Start returns the start position as position tokens, the same text
	// that Solve and Explore accept.
	Start() string
}

// Explorer is implemented by instances whose positions can be walked move
// by move.
type Explorer interface {
	// Explore solves the position written as tokens, and lists its moves:
	// at most maxMoves of them (DefaultMaxMoves when maxMoves <= 0), in the
	// game's move order, each with the position it leaves and that
	// position's solution. Positions too large to enumerate are an error.
	Explore(ctx context.Context, tokens []string, opts Options, maxMoves int) (*Exploration, error)
}

// DefaultMaxMoves is the number of moves Explore lists when not told.
const DefaultMaxMoves = 500

// MaxEnumerated bounds the moves Explore counts beyond those it lists.
const MaxEnumerated = 100_000

// MaxEnumeratedText bounds the bytes of the positions (their text and
// their copies) that Explore makes while it counts moves: in a sum of 10^4
// heaps each is tens of kilobytes, and 10^5 of them would be gigabytes.
const MaxEnumeratedText = 4 * MaxMoveText

// Exploration is a position with its moves.
type Exploration struct {
	// Report is the position's own solution, as Solve gives it.
	Report *Report `json:"report"`
	// Board describes the position for drawing.
	Board *Board `json:"board"`
	// Moves lists the moves, at most the number asked for.
	Moves []MoveInfo `json:"moves"`
	// MovesTotal counts the distinct moves; when MovesCounted is false it is
	// only a lower bound (the position has too many to count).
	MovesTotal   int  `json:"moves_total"`
	MovesCounted bool `json:"moves_counted"`
	// MoveKind says how to read the moves when they are not simply the
	// mover's moves with the outcome each leaves (MovesPartizan,
	// MovesPayoff, MovesChance, MovesOutcome); "" for impartial games.
	MoveKind string `json:"move_kind,omitempty"`
}

// MoveInfo is one move and the position it leaves, solved: Outcome,
// Grundy, Remoteness, Payoff and Value are those of the resulting position,
// for the player to move THERE (the opponent of the player making the move).
type MoveInfo struct {
	// Component is the index of the component (heap, strip) moved in, or -1
	// for a game that is not a sum.
	Component int `json:"component"`
	// From and To describe the move in the game's notation: the component
	// before and what it becomes ("" for nothing left).
	From string `json:"from"`
	To   string `json:"to"`
	// Position is the whole position the move leaves, as tokens.
	Position   string   `json:"position"`
	Outcome    string   `json:"outcome"`
	Grundy     *big.Int `json:"grundy"`
	Remoteness *int     `json:"remoteness"`
	Payoff     any      `json:"payoff,omitempty"`
	Value      any      `json:"value,omitempty"`

	// Player makes the move: PlayerLeft or PlayerRight in a partizan game
	// (Outcome is then the partizan class L, R, N or P of the position
	// left and Value its canonical form), PlayerChance for an outcome of a
	// chance event; omitted for the player to move.
	Player string `json:"player,omitempty"`
	// Probability is the chance of an outcome of a chance event.
	Probability any `json:"probability,omitempty"`
	// MoverValue is the move's value for the player making it: its
	// expected payoff (for a win/lose game with chance, its winning
	// probability), the expectation over Chance for a chance event.
	MoverValue any `json:"mover_value,omitempty"`
	// Chance lists the outcomes of the chance event the move leads to
	// (Outcome is then "chance" and Position empty), each with its
	// Probability and the position it leaves.
	Chance []MoveInfo `json:"chance,omitempty"`
	// Terminal is set when the move ends the game.
	Terminal bool `json:"terminal,omitempty"`
	// Again is set when the player who made the move is to move again
	// (Pig's rolls of 2 to 6), so that a front end playing against the
	// engine knows whose turn it is.
	Again bool `json:"again,omitempty"`
	// Strategy is the probability with which an optimal mixed strategy
	// makes the move (games of hidden information).
	Strategy any `json:"strategy_probability,omitempty"`
}

// Board kinds.
const (
	BoardHeaps      = "heaps"      // Heaps: token counts, one row each
	BoardGrid       = "grid"       // Rows: strings of equal length, one cell a character
	BoardNodes      = "nodes"      // Nodes: a graph's nodes, Tokens where pieces stand
	BoardComponents = "components" // Components: independent parts in the game's notation
	BoardText       = "text"       // Text only
)

// Board describes a position so that a page can draw it as a person knows
// it: heaps as rows of tokens, strips and boards as grids, graphs as node
// lists. Text is always set; the other fields go with Kind.
type Board struct {
	Kind       string   `json:"kind"`
	Text       string   `json:"text"`
	Heaps      []string `json:"heaps,omitempty"` // decimal, any size
	Rows       []string `json:"rows,omitempty"`
	Nodes      []string `json:"nodes,omitempty"`
	Tokens     []string `json:"tokens,omitempty"` // nodes holding a token
	Components []string `json:"components,omitempty"`
}

// ErrTooLargeToExplore is wrapped by Explore's error for a position whose
// moves are too many to list with their values.
var ErrTooLargeToExplore = errors.New("too large to explore move by move")

// HeapBoard draws heaps.
func HeapBoard(heaps []string) *Board {
	return &Board{Kind: BoardHeaps, Text: strings.Join(heaps, " "), Heaps: heaps}
}

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

func (e *exploreCore[P]) moves(ctx context.Context, parts []P, maxMoves int) ([]MoveInfo, int, bool, error) {
	if maxMoves <= 0 {
		maxMoves = DefaultMaxMoves
	}
	var (
		out   []MoveInfo
		seen  = map[string]bool{}
		total int
		text  int // bytes of the positions in seen
	)
	for i, c := range parts {
		for opt := range e.options(c) {
			if total >= MaxEnumerated || text > MaxEnumeratedText {
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
			out = append(out, MoveInfo{
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
func (s *Searched[P]) Explore(ctx context.Context, tokens []string, opts Options, maxMoves int) (*Exploration, error) {
	if opts.Method == ClosedForm {
		return nil, fmt.Errorf("%s has no closed form here; drop --method closed to search", s.Name)
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
	report := &Report{
		Game:     s.Name,
		Position: s.FormatSum(comps),
		Outcome:  outcome.FromGrundy(g).String(),
		Grundy:   new(big.Int).SetUint64(g),
		Method:   fmt.Sprintf("exhaustive Sprague–Grundy search (%d positions)", solver.States()),
	}
	if report.Remoteness, err = rem(ctx, parts); err != nil {
		return nil, err
	}
	report.AddMoves(len(winning), func(i int) string { return s.FormatSum(winning[i].Apply(parts)) })
	core := &exploreCore[P]{options: s.Game.Options, format: s.Format, sep: s.Sep, value: value, remoteness: rem}
	x := &Exploration{Report: report, Board: s.board(comps)}
	x.Moves, x.MovesTotal, x.MovesCounted, err = core.moves(ctx, parts, maxMoves)
	if err != nil {
		return nil, err
	}
	return x, nil
}

// board draws heaps for games on heaps (positions of type int), and the
// components otherwise.
func (s *Searched[P]) board(comps []P) *Board {
	strs := make([]string, len(comps))
	for i, c := range comps {
		strs[i] = s.Format(c)
	}
	if _, heaps := any(comps).([]int); heaps {
		return HeapBoard(strs)
	}
	return &Board{Kind: BoardComponents, Text: s.FormatSum(comps), Components: strs}
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
func ExploreHeaps(ctx context.Context, report *Report, heaps []int, g game.Splitting[int], value func(context.Context, []int) (string, *big.Int, error), remoteness func(context.Context, []int) (*int, error), maxMoves int) (*Exploration, error) {
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
	x := &Exploration{Report: report, Board: HeapBoard(strs)}
	x.Moves, x.MovesTotal, x.MovesCounted, err = core.moves(ctx, heaps, maxMoves)
	if err != nil {
		return nil, err
	}
	return x, nil
}

func Bigs(xs []int) []*big.Int {
	out := make([]*big.Int, len(xs))
	for i, x := range xs {
		out[i] = big.NewInt(int64(x))
	}
	return out
}

// LookupBuiltin is Lookup for front ends that take specs from people they
// do not trust with the file system (the server): it asks no resolver, so
// no spec is read as a path, and it refuses built-in games that read files
// (Entry.ReadsFiles). Otherwise its errors are Lookup's.
func LookupBuiltin(spec string) (Instance, error) {
	return lookupEntry(spec, true)
}

// AsExplorer returns the Explorer of an instance: the instance itself when
// it implements Explorer, listExplorer for a SuccessorLister (partizan,
// payoff and chance games, Moore's Nim). ok is false for games whose moves
// cannot be listed here.
func AsExplorer(inst Instance) (x Explorer, ok bool) {
	if x, ok := inst.(Explorer); ok {
		return x, true
	}
	if l, ok := inst.(SuccessorLister); ok {
		return listExplorer{l}, true
	}
	return nil, false
}

// SearchExplorer explores a closed-form game through its search adapter:
// each position's own Report is the closed form's (Inst's Solve), its
// moves are Search's.
type SearchExplorer[P comparable] struct {
	Inst   Instance
	Search *Searched[P]
	Board  func(position string) *Board // nil: the search adapter's board
}

// BySearch is a SearchExplorer that draws positions as Search does.
func BySearch[P comparable](inst Instance, s *Searched[P]) Explorer {
	return SearchExplorer[P]{Inst: inst, Search: s}
}

// NumbersAsHeaps draws a position written as numbers (Wythoff's two heaps)
// as heaps.
func NumbersAsHeaps(position string) *Board {
	f := strings.Fields(position)
	for _, x := range f {
		if _, err := strconv.ParseUint(x, 10, 63); err != nil {
			return nil
		}
	}
	return HeapBoard(f)
}

// CoinStrip draws coins on the cells of a line, cells numbered from 1
// (staircase Nim's positions are the occupied cells), as a one-row grid.
func CoinStrip(position string) *Board {
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
	return &Board{Kind: BoardGrid, Text: position, Rows: []string{row.String()}}
}

// Explore reports the closed form's answer for the position and lists the
// moves found by search; the two must agree on the outcome.
func (e SearchExplorer[P]) Explore(ctx context.Context, tokens []string, opts Options, maxMoves int) (*Exploration, error) {
	report, err := e.Inst.Solve(ctx, tokens, opts)
	if err != nil {
		return nil, err
	}
	sopts := opts
	sopts.Method = Search
	x, err := e.Search.Explore(ctx, tokens, sopts, maxMoves)
	if err != nil {
		var tooMany *impartial.TooManyStatesError
		if errors.As(err, &tooMany) || ctx.Err() != nil {
			return nil, err
		}
		return nil, fmt.Errorf("%w: %w", ErrTooLargeToExplore, err)
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

// StartWith is AsStarter for a game script whose start depends on its
// parameters (opts.Params, the CLI's --param): "" when it has none, and the
// script's error when it fails to load with them.
func StartWith(inst Instance, opts Options) (string, error) {
	if g, ok := inst.(ScriptInstance); ok && len(opts.Params) > 0 {
		return g.StartWith(opts)
	}
	start, _ := AsStarter(inst)
	return start, nil
}

// AsStarter returns the start position of an instance that has one.
func AsStarter(inst Instance) (string, bool) {
	if s, ok := inst.(Starter); ok {
		start := s.Start()
		return start, start != ""
	}
	return "", false
}
