package catalog

import (
	"context"
	"fmt"
	"math/big"
	"strconv"
)

// This file holds the one mechanism by which games whose positions are not
// sums of impartial components (partizan games, games with payoffs and
// chance, Moore's Nim) are walked move by move: the instance lists the
// positions its moves leave, written as the position tokens that it reads
// back, and solves each of them with its own solver (one memo for the whole
// request). listExplorer turns that list into an Exploration.

// Players named in Successor.Player and MoveInfo.Player.
const (
	PlayerLeft   = "left"   // a partizan game's Left (Blue, vertical, toads)
	PlayerRight  = "right"  // a partizan game's Right
	PlayerChance = "chance" // nature: an outcome of a chance event
)

// Move kinds named in Exploration.MoveKind.
const (
	MovesPartizan = "partizan" // Left's and Right's moves, each marked with its player
	MovesPayoff   = "payoff"   // the mover's moves, each with the mover's value
	MovesChance   = "chance"   // the position is a chance event: its outcomes
	MovesOutcome  = "outcome"  // the mover's moves, each with the outcome it leaves
)

// Successor is one move of a position, given by the position it leaves.
type Successor struct {
	// Player makes the move: PlayerLeft, PlayerRight, PlayerChance, or ""
	// for the player to move.
	Player string
	// Move names the move where the position it leaves does not say it
	// ("roll", "bet", "cell 3"); "" otherwise.
	Move string
	// Position is the position the move leaves, as tokens that the
	// instance's Explore reads back; "" when the move ends the game with
	// nothing left to solve (Final) or leads to a chance event (Chance).
	Position string
	// Probability is the chance of an outcome of a chance event: an exact
	// fraction as a string ("1/6") or a float64.
	Probability any
	// Chance lists the outcomes of the chance event that the move leads
	// to, each with its Probability.
	Chance []Successor
	// Final is the result when the move ends the game: a Report with
	// Outcome, Value and Payoff for the player who would be to move next.
	Final *Report
	// MoverIndex is the index, in the Payoff vector of the position left,
	// of the player who made the move (1 when two players alternate, 0
	// when the mover moves again); -1 when unknown.
	MoverIndex int
	// MoverValue, when set, is the move's value for the player making it;
	// otherwise it is read from the Payoff at MoverIndex (for a chance
	// event, the expectation over its outcomes).
	MoverValue any
	// Strategy, when set, is the probability with which an optimal mixed
	// strategy makes this move (games of hidden information).
	Strategy any
	// Board draws the position the move leaves, for a game whose
	// position text is not its grid's rows (the Mills boards), so that a
	// page reads the move from the cells it changes; nil otherwise.
	Board *Board
}

// SuccessorList is a position solved, with its moves.
type SuccessorList struct {
	// Report is the position's own solution.
	Report *Report
	// Board describes the position for drawing; nil for text only.
	Board *Board
	// Kind is one of the Moves… constants.
	Kind string
	// Moves are the position's moves in the game's order, at most the
	// limit asked for; Complete is false when there were more.
	Moves    []Successor
	Complete bool
	// Solve solves a position that a move leaves, by the instance's own
	// solver (sharing its memo across the request).
	Solve func(ctx context.Context, position string) (*Report, error)
}

// SuccessorLister is implemented by instances that list the positions
// their moves leave, by the position tokens they read back.
type SuccessorLister interface {
	Instance
	// Successors solves the position and lists at most limit of its moves.
	Successors(ctx context.Context, tokens []string, opts Options, limit int) (*SuccessorList, error)
}

// listExplorer explores a SuccessorLister.
type listExplorer struct{ l SuccessorLister }

// Explore solves the position and each position its moves leave.
func (e listExplorer) Explore(ctx context.Context, tokens []string, opts Options, maxMoves int) (*Exploration, error) {
	if maxMoves <= 0 {
		maxMoves = DefaultMaxMoves
	}
	list, err := e.l.Successors(ctx, tokens, opts, MaxEnumerated)
	if err != nil {
		return nil, err
	}
	x := &Exploration{Report: list.Report, Board: list.Board, MoveKind: list.Kind, MovesCounted: list.Complete}
	if x.Board == nil {
		x.Board = &Board{Kind: BoardText, Text: list.Report.Position}
	}
	seen := map[string]bool{}
	for _, s := range list.Moves {
		key := s.Player + "\x00" + s.Move + "\x00" + s.Position
		if s.Position == "" && s.Move == "" {
			key += "\x00" + strconv.Itoa(x.MovesTotal)
		}
		if seen[key] {
			continue
		}
		seen[key] = true
		x.MovesTotal++
		if len(x.Moves) >= maxMoves {
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		mi, err := solveSuccessor(ctx, list.Solve, s)
		if err != nil {
			return nil, err
		}
		x.Moves = append(x.Moves, mi)
	}
	return x, nil
}

// solveSuccessor solves the position a move leaves (or each outcome of the
// chance event it leads to) and writes the MoveInfo.
func solveSuccessor(ctx context.Context, solve func(context.Context, string) (*Report, error), s Successor) (MoveInfo, error) {
	mi := MoveInfo{Component: -1, To: s.Move, Player: s.Player, Probability: s.Probability, Strategy: s.Strategy, Board: s.Board}
	switch {
	case s.Chance != nil:
		vals := make([]any, len(s.Chance))
		probs := make([]any, len(s.Chance))
		for i, c := range s.Chance {
			ci, err := solveSuccessor(ctx, solve, c)
			if err != nil {
				return MoveInfo{}, err
			}
			mi.Chance = append(mi.Chance, ci)
			vals[i], probs[i] = ci.MoverValue, c.Probability
		}
		mi.Outcome = PlayerChance
		mi.MoverValue = s.MoverValue
		if mi.MoverValue == nil {
			mi.MoverValue = Expectation(probs, vals)
		}
		return mi, nil
	case s.Final != nil:
		mi.Terminal = true
		mi.fill(s.Final)
		mi.Position = s.Position
	default:
		r, err := solve(ctx, s.Position)
		if err != nil {
			return MoveInfo{}, fmt.Errorf("the position after a move, %q: %w", s.Position, err)
		}
		mi.fill(r)
	}
	mi.Again = s.MoverIndex == 0 && s.Position != ""
	mi.MoverValue = s.MoverValue
	if mi.MoverValue == nil && s.MoverIndex >= 0 {
		mi.MoverValue = vectorEntry(mi.Payoff, s.MoverIndex)
	}
	return mi, nil
}

// fill copies a position's solution into the move that leaves it.
func (m *MoveInfo) fill(r *Report) {
	m.Position, m.Outcome, m.Grundy, m.Remoteness, m.Payoff, m.Value = r.Position, r.Outcome, r.Grundy, r.Remoteness, r.Payoff, r.Value
	m.Score = r.Score
	if m.Outcome == "" {
		m.Outcome = "?"
	}
}

// vectorEntry returns entry i of a payoff vector as a Report holds it
// ([]any of fraction strings or numbers, []float64 or []string); nil when
// there is none.
func vectorEntry(v any, i int) any {
	switch v := v.(type) {
	case []any:
		if i < len(v) {
			return v[i]
		}
	case []float64:
		if i < len(v) {
			return v[i]
		}
	case []string:
		if i < len(v) {
			return v[i]
		}
	}
	return nil
}

// number reads a value as an exact fraction when it is one ("1/6", an
// integer), else as a float64; ok is false for anything else.
func number(v any) (r *big.Rat, f float64, ok bool) {
	switch v := v.(type) {
	case string:
		if r, ok := new(big.Rat).SetString(v); ok {
			f, _ := r.Float64()
			return r, f, true
		}
	case float64:
		return nil, v, true
	case int:
		return big.NewRat(int64(v), 1), float64(v), true
	}
	return nil, 0, false
}

// Expectation is Σ p_i·v_i: an exact fraction string when every term is
// exact, a float64 otherwise, nil when a term is unknown.
func Expectation(probs, vals []any) any {
	exact := new(big.Rat)
	float, isExact := 0.0, true
	for i := range probs {
		pr, pf, ok1 := number(probs[i])
		vr, vf, ok2 := number(vals[i])
		if !ok1 || !ok2 {
			return nil
		}
		float += pf * vf
		if pr != nil && vr != nil {
			exact.Add(exact, new(big.Rat).Mul(pr, vr))
		} else {
			isExact = false
		}
	}
	if isExact {
		return exact.RatString()
	}
	return float
}

// FinalReport is the result of a two-player game that a move ends, for
// the player who would be to move next: the mover won (moverWins) or lost.
// The payoffs are exact: 1 to the winner, 0 to the loser.
func FinalReport(game string, moverWins bool) *Report {
	zero := 0
	r := &Report{Game: game, Outcome: "N", Value: "1", Payoff: []any{"1", "0"}, Remoteness: &zero}
	if moverWins {
		r.Outcome, r.Value, r.Payoff = "P", "0", []any{"0", "1"}
	}
	return r
}
