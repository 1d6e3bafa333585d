package script

import (
	"context"
	"fmt"
)

// CheckReport is what Check found in a script.
type CheckReport struct {
	File      string
	Functions []string // the contract's functions the script defines
	Players   int
	Misere    bool
	Payoff    bool // payoff(pos) scores the ends
	Labelled  bool
	Start     string // "" when the script has no start
	Solver    string // which solver its positions go to
	// Explored is the number of positions met from the start (at most the
	// limit given to Check), Ends how many of them end the game, Chance
	// how many are chance positions, MaxMoves the most moves of one.
	Explored, Ends, Chance, MaxMoves int
	// Complete is set when the exploration met every position reachable
	// from the start.
	Complete   bool
	StartMoves []string // the positions the start's moves leave
	Warnings   []string
}

// SolverName says which solver the game's positions go to.
func (g *Game) SolverName() string {
	if g.Multiplayer() {
		return "backward induction over payoff vectors (payoff)"
	}
	s := "Sprague–Grundy search (impartial)"
	if g.splitFn != nil && !g.misere {
		s += " with components from split"
	}
	return s + "; retrograde analysis (retro) if positions repeat or ends are drawn"
}

// Check explores up to limit positions breadth first from the script's
// start (when it has one), calling every function of the contract that
// the solvers would call on them, and reports what it found; the first
// script error ends it. A script with tier(pos) has it checked on every
// move explored: a move that goes to an earlier tier is an error naming
// both positions (the tier solver, package tier, would refuse it).
func (g *Game) Check(ctx context.Context, limit int) (*CheckReport, error) {
	r := &CheckReport{
		File:      g.file,
		Functions: g.Functions(),
		Players:   g.players,
		Misere:    g.misere,
		Payoff:    g.payoffFn != nil,
		Labelled:  g.labelled,
		Solver:    g.SolverName(),
		Warnings:  g.Warnings(),
	}
	if g.start == nil {
		r.Warnings = append(r.Warnings, "no start position: give one on the command line, or define start")
		return r, nil
	}
	start, _, err := g.Start()
	if err != nil {
		return nil, err
	}
	r.Start = g.Format(start)
	m := g.Multi()
	err = g.Run(ctx, func(ctx context.Context) error {
		seen := map[Pos]bool{start: true}
		queue := []Pos{start}
		for i := 0; i < len(queue); i++ {
			if err := ctx.Err(); err != nil {
				return err
			}
			p := queue[i]
			succ := g.successors(p)
			if g.err != nil {
				return g.err
			}
			if g.Multiplayer() {
				m.ToMove(p)
			}
			switch {
			case g.nodes[p].mover == -1:
				r.Chance++
			case len(succ) == 0:
				r.Ends++
				if g.Multiplayer() {
					m.Payoff(p)
				}
			}
			if g.err != nil {
				return g.err
			}
			r.MaxMoves = max(r.MaxMoves, len(succ))
			if g.tierFn != nil {
				if err := g.checkTiers(p, succ); err != nil {
					return err
				}
			}
			if g.splitFn != nil {
				if _, err := g.components(p); err != nil {
					return err
				}
			}
			for _, q := range succ {
				if !seen[q] {
					if len(seen) >= limit {
						r.Explored = len(seen)
						return nil
					}
					seen[q] = true
					queue = append(queue, q)
				}
			}
		}
		r.Explored, r.Complete = len(seen), true
		return nil
	})
	if err != nil {
		return nil, err
	}
	moves, err := g.MoveList(ctx, start)
	if err != nil {
		return nil, err
	}
	for _, mv := range moves {
		s := g.Format(mv.To)
		if mv.Label != "" {
			s = fmt.Sprintf("%s → %s", mv.Label, s)
		}
		r.StartMoves = append(r.StartMoves, s)
	}
	return r, nil
}

// checkTiers checks that no move from p (to the positions succ) goes to
// an earlier tier by tier(pos).
func (g *Game) checkTiers(p Pos, succ []Pos) error {
	tp, err := g.TierOf(p)
	if err != nil {
		return err
	}
	for _, q := range succ {
		tq, err := g.TierOf(q)
		if err != nil {
			return err
		}
		if tq < tp {
			return &Error{Pos: g.file, Msg: fmt.Sprintf("tier(pos) goes down: the move from %s (tier %d) to %s (tier %d); a move must stay in its tier or go to a later one for grundy db build",
				g.Format(p), tp, g.Format(q), tq)}
		}
	}
	return nil
}
