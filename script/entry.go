package script

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"os"
	"slices"
	"strings"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/game"
)

// A spec ending in .star is a game script: the rules written in Starlark,
// solved by whichever solver the rules call for. The catalog reaches
// scripts through the resolver (Lookup) and the opener (OpenScript) that
// this package registers.
func init() {
	catalog.RegisterResolver(resolveScript)
	catalog.RegisterScriptOpener(openScript)
}

func resolveScript(spec string) (catalog.Instance, bool, error) {
	if !strings.HasSuffix(spec, ".star") {
		return nil, false, nil
	}
	src, err := os.ReadFile(spec)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, true, fmt.Errorf("game script %s: no such file", spec)
		}
		return nil, true, fmt.Errorf("game script %s: %w", spec, err)
	}
	return openScript(spec, src), true, nil
}

// openScript returns the instance of a game script whose text is src.
func openScript(path string, src []byte) catalog.ScriptInstance {
	return &instance{path: path, src: src}
}

// The instance's optional capabilities.
var (
	_ catalog.ScriptInstance = (*instance)(nil)
	_ catalog.Explorer       = (*instance)(nil)
	_ catalog.Starter        = (*instance)(nil)
	_ catalog.Tabler         = (*instance)(nil)
)

// instance is a game script ready to solve positions. It keeps the
// loaded script and its solvers' memos between calls of Solve with the
// same parameters and limits, so many positions of one game cost one
// search. It is not safe for concurrent use.
type instance struct {
	path string
	src  []byte

	key    string // the parameters and limits the solver was made with
	solver *Solver
}

// Spec is the script's path.
func (s *instance) Spec() string { return s.path }

// load returns the solver for opts' parameters, loading the script when
// needed.
func (s *instance) load(ctx context.Context, opts catalog.Options) (*Solver, error) {
	var kb strings.Builder
	keys := make([]string, 0, len(opts.Params))
	for k := range opts.Params {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		fmt.Fprintf(&kb, "%q=%q;", k, opts.Params[k])
	}
	fmt.Fprintf(&kb, "%d;%d", opts.ScriptSteps, opts.MaxStates)
	if s.solver != nil && s.key == kb.String() && s.solver.Game().Err() == nil {
		s.solver.SetMemory(opts.Memory)
		return s.solver, nil
	}
	s.solver = nil
	g, err := s.loadGame(ctx, opts)
	if err != nil {
		return nil, err
	}
	s.solver = NewSolver(g, SolveOptions{MaxStates: opts.MaxStates, Progress: opts.Progress, TieBreak: opts.TieBreak, Memory: opts.Memory})
	s.key = kb.String()
	return s.solver, nil
}

// position loads the script and reads the position written as tokens (or
// opts.PositionExpr, or the script's start).
func (s *instance) position(ctx context.Context, tokens []string, opts catalog.Options) (*Solver, Pos, error) {
	solver, err := s.load(ctx, opts)
	if err != nil {
		return nil, 0, err
	}
	root, err := solver.Game().Parse(ctx, tokens, opts.PositionExpr)
	return solver, root, err
}

// Solve solves the position written as tokens (or opts.PositionExpr, or
// the script's start).
func (s *instance) Solve(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	if opts.Method == catalog.ClosedForm {
		return nil, catalog.RefuseMethod(s.path, catalog.ClosedForm, "%s is a game script: it has no closed form", s.path)
	}
	solver, root, err := s.position(ctx, tokens, opts)
	if err != nil {
		return nil, err
	}
	if g := solver.Game(); g.Partizan() {
		return s.solvePartizan(ctx, g, root, opts)
	}
	if opts.Method == catalog.Search {
		return s.search(ctx, solver.Game(), root, opts)
	}
	res, err := solver.Solve(ctx, root)
	if err != nil {
		return nil, err
	}
	return s.report(res), nil
}

// report writes a solver's result as the catalog's report.
func (s *instance) report(res *Result) *catalog.Report {
	r := &catalog.Report{
		Game:         s.path,
		Position:     res.Position,
		Outcome:      res.Outcome,
		Grundy:       res.Grundy,
		Remoteness:   res.Remoteness,
		WinningMoves: distinct(res.WinningMoves),
		Method:       res.Method,
		Notes:        res.Notes,
	}
	extra := map[string]any{}
	if res.WinningLabels != nil {
		extra["winning_move_labels"] = res.WinningLabels
	}
	if res.DrawingMoves != nil {
		extra["drawing_moves"] = distinct(res.DrawingMoves)
	}
	if res.Loopy != "" {
		extra["loopy_value"] = res.Loopy
	}
	if len(res.WinningLabels) > 0 {
		r.Notes = append(r.Notes, "winning moves by label: "+strings.Join(res.WinningLabels, ", "))
	}
	if res.Payoff != nil {
		r.Payoff = res.Payoff
		if res.Value != "" {
			r.Value = res.Value
		}
		extra["final"] = res.Final
		if res.ToMove >= 0 {
			extra["to_move"] = res.ToMove
		} else {
			extra["to_move"] = "chance"
		}
	}
	if len(extra) > 0 {
		r.Extra = extra
	}
	return r
}

// distinct drops repeated positions from a list of moves, keeping the
// first of each: two moves may leave the same position (a move in either
// of two equal rows), and that is one move to report, not two.
func distinct(moves []string) []string {
	if len(moves) < 2 {
		return moves
	}
	seen := make(map[string]bool, len(moves))
	out := moves[:0:0]
	for _, m := range moves {
		if !seen[m] {
			seen[m] = true
			out = append(out, m)
		}
	}
	return out
}

// Explore lists the script's moves, each solved by the script's own
// solver (Sprague–Grundy, retrograde or payoff, as the rules call for). A
// position that is not plain numbers or a plain word is written as the
// script's Starlark value ("(\"ABBA\", \"AABB\", 0)"), and read back the
// same way.
func (s *instance) Explore(ctx context.Context, tokens []string, opts catalog.Options, maxMoves int) (*catalog.Exploration, error) {
	if maxMoves <= 0 {
		maxMoves = catalog.DefaultMaxMoves
	}
	tokens, opts = scriptTokens(tokens, opts)
	if solver, err := s.load(ctx, opts); err != nil {
		return nil, err
	} else if solver.Game().Partizan() {
		return s.explorePartizan(ctx, tokens, opts, maxMoves)
	}
	report, err := s.Solve(ctx, tokens, opts)
	if err != nil {
		return nil, err
	}
	solver, root, err := s.position(ctx, tokens, opts)
	if err != nil {
		return nil, err
	}
	g := solver.Game()
	x := &catalog.Exploration{Report: report, Board: &catalog.Board{Kind: catalog.BoardText, Text: report.Position}, MovesCounted: true}
	// A script's view(pos) draws the position and each position a move
	// leaves (viewfn.go).
	if b, err := g.View(ctx, root); err != nil {
		return nil, err
	} else if b != nil {
		x.Board = b
	}
	// Games with payoffs or chance: who moves here (game.Chance for
	// nature), so that each move's value for its player can be read from
	// the payoff vector of the position it leaves.
	mover, players := -1, 0
	var moves []Move
	var probs []*big.Rat
	if g.Multiplayer() {
		x.MoveKind = catalog.MovesPayoff
		multi := g.Multi()
		mover, players = multi.ToMove(root), g.Players()
		if err := g.Err(); err != nil {
			return nil, err
		}
		if mover == game.Chance {
			x.MoveKind = catalog.MovesChance
			for q, p := range multi.Outcomes(root) {
				moves = append(moves, Move{To: q})
				probs = append(probs, p)
			}
			if err := g.Err(); err != nil {
				return nil, err
			}
		}
	}
	if probs == nil {
		if moves, err = g.MoveList(ctx, root); err != nil {
			return nil, err
		}
	}
	seen := map[string]bool{}
	for i, m := range moves {
		pos := g.Format(m.To)
		if seen[pos] && probs == nil {
			continue
		}
		seen[pos] = true
		x.MovesTotal++
		if len(x.Moves) >= maxMoves {
			continue
		}
		res, err := solver.Solve(ctx, m.To)
		if err != nil {
			return nil, err
		}
		mi := catalog.MoveInfo{Component: -1, To: m.Label, Position: res.Position, Outcome: res.Outcome, Grundy: res.Grundy, Remoteness: res.Remoteness}
		if mi.Board, err = g.View(ctx, m.To); err != nil {
			return nil, err
		}
		if res.Payoff != nil {
			mi.Payoff = res.Payoff
			if res.Value != "" {
				mi.Value = res.Value
			}
			// The vector runs from the player to move there (player 0
			// at a chance position).
			if first := max(res.ToMove, 0); mover >= 0 && players > 0 && len(res.Payoff) == players {
				mi.MoverValue = res.Payoff[((mover-first)%players+players)%players]
			}
		}
		if probs != nil {
			mi.Player, mi.Probability = catalog.PlayerChance, probs[i].RatString()
		} else if mover >= 0 && res.ToMove == mover && res.Final != res.Position {
			// The mover is to move again, in a position where play goes
			// on (best play from a position that is over ends there).
			mi.Again = true
		}
		x.Moves = append(x.Moves, mi)
	}
	return x, nil
}

// scriptTokens turns position tokens into catalog.Options for a script: a text
// that starts like a Starlark tuple, list, dict or string literal is an
// expression (catalog.Options.PositionExpr).
func scriptTokens(tokens []string, opts catalog.Options) ([]string, catalog.Options) {
	text := strings.TrimSpace(strings.Join(tokens, " "))
	if text != "" && strings.ContainsAny(text[:1], `([{"'`) {
		opts.PositionExpr = text
		return nil, opts
	}
	return tokens, opts
}

// Start is the script's start position, written so that Explore reads it
// back ("" when the script has none or fails to load).
func (s *instance) Start() string {
	start, _ := s.StartWith(catalog.Options{})
	return start
}

// StartWith is Start for the script loaded with opts' parameters; the
// error is the script's when it fails to load.
func (s *instance) StartWith(opts catalog.Options) (string, error) {
	solver, err := s.load(context.Background(), opts)
	if err != nil {
		return "", err
	}
	p, ok, err := solver.Game().Start()
	if err != nil || !ok {
		return "", err
	}
	return solver.Game().Format(p), nil
}
