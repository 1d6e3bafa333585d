package payoffreport

import (
	"context"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/payoff"
)

// Options tune Solve.
type Options struct {
	catalog.Options // with its TieBreak and Float
	// RootOnly asks for the value alone, for two-player zero-sum games:
	// alpha-beta with a transposition table (payoff.RootValue), which
	// prunes, but lists no moves.
	RootOnly bool
}

// Solve solves position p of an acyclic game with payoff vectors by
// backward induction and writes the Report of DESIGN.md: "payoff" is the
// vector in turn order from the player to move (exact fractions as
// strings, or numbers with Float), "winning_moves" the options that give
// the mover its best payoff (the one the tie-break rule picks first), and,
// for two players, "outcome" N, P or D as the mover's payoff is above,
// below or equal to the other's, and "value" the mover's payoff. With more
// players "outcome" names the players (from 1, the mover) with the largest
// payoff. spec is the report's game, format writes positions.
func Solve[P comparable](ctx context.Context, spec string, g game.Multiplayer[P], p P, format func(P) string, opts Options) (*catalog.Report, error) {
	if opts.RootOnly {
		return rootValueReport(ctx, spec, g, p, format, opts)
	}
	s, err := payoff.New(g, payoff.Options{TieBreak: opts.TieBreak, Float: opts.Float, MaxStates: opts.MaxStates, Progress: opts.Progress, Memory: opts.Memory})
	if err != nil {
		return nil, err
	}
	a, err := s.Analyze(ctx, p)
	if err != nil {
		return nil, err
	}
	first := a.Mover
	if first == game.Chance {
		first = 0
	}
	vec := a.Payoff.Rotate(first)
	cell := func(v payoff.Value) any {
		if v.Rat != nil {
			return v.Rat.RatString()
		}
		return v.Float
	}
	pay := make([]any, len(vec))
	for i, v := range vec {
		pay[i] = cell(v)
	}
	r := &catalog.Report{
		Game:     spec,
		Position: format(p),
		Payoff:   pay,
		Method:   fmt.Sprintf("backward induction over %d positions, ties broken by rule %q", s.States(), opts.TieBreak),
	}
	if len(vec) == 2 {
		r.Value = cell(vec[0])
		switch c := cmpValue(vec[0], vec[1]); {
		case c > 0:
			r.Outcome = "N"
		case c < 0:
			r.Outcome = "P"
		default:
			r.Outcome = "D"
		}
	} else {
		var best []string
		top := vec[0]
		for _, v := range vec {
			if cmpValue(v, top) > 0 {
				top = v
			}
		}
		for i, v := range vec {
			if cmpValue(v, top) == 0 {
				best = append(best, strconv.Itoa(i+1))
			}
		}
		r.Outcome = "best: player " + strings.Join(best, ", ")
		r.Notes = append(r.Notes, "players are numbered in turn order from the player to move (1)")
	}
	for _, i := range a.Optimal {
		r.WinningMoves = append(r.WinningMoves, format(a.Options[i].Position))
	}
	if a.Chosen >= 0 {
		r.Extra = map[string]any{"chosen_move": format(a.Options[a.Chosen].Position), "tie_break": opts.TieBreak.String()}
	}
	if a.Mover == game.Chance {
		r.Notes = append(r.Notes, "nature moves here; the payoff is the expectation over its outcomes")
	}
	return r, nil
}

// rootValueReport answers with the zero-sum value alone.
func rootValueReport[P comparable](ctx context.Context, spec string, g game.Multiplayer[P], p P, format func(P) string, opts Options) (*catalog.Report, error) {
	v, stats, err := payoff.RootValue(ctx, g, p, payoff.Options{Float: opts.Float, MaxStates: opts.MaxStates, Progress: opts.Progress, Memory: opts.Memory})
	if err != nil {
		return nil, err
	}
	var val, neg any = v.Float, -v.Float
	if v.Rat != nil {
		val, neg = v.Rat.RatString(), new(big.Rat).Neg(v.Rat).RatString()
	}
	r := &catalog.Report{
		Game:     spec,
		Position: format(p),
		Value:    val,
		Payoff:   []any{val, neg},
		Outcome:  "D",
		Method:   fmt.Sprintf("alpha-beta with a transposition table (%d positions stored, %d visits); the value only, no moves", stats.Positions, stats.Nodes),
	}
	switch sign := v.Float; {
	case v.Rat != nil && v.Rat.Sign() > 0, v.Rat == nil && sign > 0:
		r.Outcome = "N"
	case v.Rat != nil && v.Rat.Sign() < 0, v.Rat == nil && sign < 0:
		r.Outcome = "P"
	}
	if g.ToMove(p) == game.Chance {
		r.Notes = append(r.Notes, "nature moves here; the value is for player 0")
	}
	return r, nil
}

// cmpValue compares two payoffs: exactly when both are fractions, as
// floats otherwise.
func cmpValue(a, b payoff.Value) int {
	if a.Rat != nil && b.Rat != nil {
		return a.Rat.Cmp(b.Rat)
	}
	return big.NewFloat(a.Float).Cmp(big.NewFloat(b.Float))
}

// ChanceOutcome names the result of a two-player game with chance from the
// mover's winning probability v: N when the mover wins for certain, P when
// it loses for certain, and otherwise D — neither player can force a win.
func ChanceOutcome(v float64) string {
	switch v {
	case 1:
		return "N"
	case 0:
		return "P"
	}
	return "D"
}

// ChanceNote is the note of a report of a two-player win/lose game with
// chance whose outcome is D.
const ChanceNote = "neither player can force a win: the result depends on chance; value is the probability that the player to move wins under optimal play by both, payoff the two players' probabilities from the player to move"

// WinProbability is the report of a position of a two-player win/lose
// game with chance in which the mover wins with probability v under
// optimal play: the outcome by ChanceOutcome, the value v, and the payoff
// (v, 1 − v) from the player to move.
func WinProbability(spec, position string, v float64) *catalog.Report {
	return &catalog.Report{Game: spec, Position: position, Outcome: ChanceOutcome(v), Value: v, Payoff: []float64{v, 1 - v}}
}
