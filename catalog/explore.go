package catalog

import (
	"context"
	"errors"
	"math/big"
	"strings"
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
	// Line is the cells of the line that won the game, [row, column]
	// from 0 at the top left (MarkLine: InARow games); nil otherwise.
	Line [][2]int `json:"line,omitempty"`
	// ToMove names the player to move, as About.Players names them, for a
	// game whose positions say who is to move (Turner; MarkTurn); "" for
	// other games, whose front ends count turns.
	ToMove string `json:"to_move,omitempty"`
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
	Position string `json:"position"`
	// Label names the move as players do ("X in b2", "column 4", "take 3
	// from heap 2", "take 1 from both"), one label for each position a
	// move of the list leaves (LabelMoves).
	Label string `json:"label,omitempty"`
	// Move is Label again under the name issue 33's contract gives it
	// ("the label beside the position each move leaves"): LabelMoves
	// sets both.
	Move       string   `json:"move,omitempty"`
	Outcome    string   `json:"outcome"`
	Grundy     *big.Int `json:"grundy"`
	Remoteness *int     `json:"remoteness"`
	Payoff     any      `json:"payoff,omitempty"`
	Value      any      `json:"value,omitempty"`
	// Score is the margin of the position the move leaves, for the player
	// to move there, as Outcome is (Report.Score): the mover's own margin
	// by this move is its negation when the turn passes.
	Score *int `json:"score,omitempty"`

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
	// Board draws the position the move leaves, where the game says how
	// (a game script's view(pos)), so that a page can read the move from
	// what it changes on the board; nil otherwise.
	Board *Board `json:"board,omitempty"`
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

// Bigs converts ints to big integers.
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

// EmptyStarter is implemented by a Starter whose start position is
// written as no tokens at all (Connect-4's empty board, written as the
// columns played): its Start's "" is that position, not "no start".
type EmptyStarter interface {
	Starter
	StartIsEmpty() bool
}

// AsStarter returns the start position of an instance that has one.
func AsStarter(inst Instance) (string, bool) {
	if s, ok := inst.(Starter); ok {
		start := s.Start()
		if e, ok := inst.(EmptyStarter); ok && start == "" {
			return "", e.StartIsEmpty()
		}
		return start, start != ""
	}
	return "", false
}
