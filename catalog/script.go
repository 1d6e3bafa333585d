package catalog

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/impartial"
	"github.com/grundy-go/grundy/script"
)

// A spec ending in .star is a game script (package script): the rules
// written in Starlark, solved by whichever solver the rules call for.
func init() { RegisterResolver(resolveScript) }

func resolveScript(spec string) (Instance, bool, error) {
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
	return &ScriptInstance{path: spec, src: src}, true, nil
}

// OpenScript returns the instance of a game script whose text is src, as
// Lookup does for a spec ending in .star.
func OpenScript(path string, src []byte) *ScriptInstance {
	return &ScriptInstance{path: path, src: src}
}

// ScriptInstance is a game script ready to solve positions. It keeps the
// loaded script and its solvers' memos between calls of Solve with the
// same parameters and limits, so many positions of one game cost one
// search. It is not safe for concurrent use.
type ScriptInstance struct {
	path string
	src  []byte

	key    string // the parameters and limits the solver was made with
	solver *script.Solver
}

// Spec is the script's path.
func (s *ScriptInstance) Spec() string { return s.path }

// load returns the solver for opts' parameters, loading the script when
// needed.
func (s *ScriptInstance) load(ctx context.Context, opts Options) (*script.Solver, error) {
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
		return s.solver, nil
	}
	s.solver = nil
	g, err := script.Load(ctx, s.path, s.src, script.Options{
		Params:       opts.Params,
		MaxSteps:     opts.ScriptSteps,
		MaxPositions: opts.MaxStates,
		Print:        func(msg string) { fmt.Fprintf(os.Stderr, "%s: %s\n", s.path, msg) },
	})
	if err != nil {
		return nil, err
	}
	s.solver = script.NewSolver(g, script.SolveOptions{MaxStates: opts.MaxStates, Progress: opts.Progress, TieBreak: opts.TieBreak})
	s.key = kb.String()
	return s.solver, nil
}

// position loads the script and reads the position written as tokens (or
// opts.PositionExpr, or the script's start).
func (s *ScriptInstance) position(ctx context.Context, tokens []string, opts Options) (*script.Solver, script.Pos, error) {
	solver, err := s.load(ctx, opts)
	if err != nil {
		return nil, 0, err
	}
	root, err := solver.Game().Parse(ctx, tokens, opts.PositionExpr)
	return solver, root, err
}

// Solve solves the position written as tokens (or opts.PositionExpr, or
// the script's start).
func (s *ScriptInstance) Solve(ctx context.Context, tokens []string, opts Options) (*Report, error) {
	if opts.Method == ClosedForm {
		return nil, fmt.Errorf("%s is a game script: it has no closed form; drop --method closed to search", s.path)
	}
	solver, root, err := s.position(ctx, tokens, opts)
	if err != nil {
		return nil, err
	}
	res, err := solver.Solve(ctx, root)
	if err != nil {
		return nil, err
	}
	r := &Report{
		Game:         s.path,
		Position:     res.Position,
		Outcome:      res.Outcome,
		Grundy:       res.Grundy,
		Remoteness:   res.Remoteness,
		WinningMoves: res.WinningMoves,
		Method:       res.Method,
		Notes:        res.Notes,
	}
	extra := map[string]any{}
	if res.WinningLabels != nil {
		extra["winning_move_labels"] = res.WinningLabels
	}
	if res.DrawingMoves != nil {
		extra["drawing_moves"] = res.DrawingMoves
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
	return r, nil
}

// Table gives G(0), …, G(upto-1) for a script whose positions include the
// ints 0, 1, … (one-heap games): each n is a position, after key(pos).
func (s *ScriptInstance) Table(ctx context.Context, upto int, opts Options) (*Table, error) {
	if upto < 0 {
		return nil, fmt.Errorf("--upto must not be negative, got %d", upto)
	}
	solver, err := s.load(ctx, opts)
	if err != nil {
		return nil, err
	}
	g := solver.Game()
	if g.Multiplayer() || g.Misere() {
		return nil, fmt.Errorf("%s has no Sprague–Grundy values (it has payoffs, chance, other than two players, or misère play); solve its positions instead", s.path)
	}
	t := &Table{Game: s.path, Values: make([]uint64, upto), Caption: "G(n): the Sprague–Grundy value of the position n; 0 marks a P-position (the player to move loses)"}
	for n := range upto {
		p, err := g.Parse(ctx, []string{strconv.Itoa(n)}, "")
		if err != nil {
			return nil, err
		}
		v, pure, err := solver.Grundy(ctx, p)
		if err != nil {
			if errors.Is(err, impartial.ErrCycle) {
				return nil, fmt.Errorf("%s: %w; solve single positions instead (retrograde analysis)", s.path, err)
			}
			return nil, err
		}
		if !pure {
			return nil, fmt.Errorf("%s has no Sprague–Grundy values: its terminal(pos) declares wins, so only outcomes are defined; solve its positions instead", s.path)
		}
		t.Values[n] = v
	}
	return t, nil
}

// ParseParams reads a game script's parameters given as NAME=VALUE, as the
// CLI's --param flags and the server's requests give them, with the same
// one-line errors for both.
func ParseParams(params []string) (map[string]string, error) {
	if len(params) == 0 {
		return nil, nil
	}
	m := map[string]string{}
	for _, kv := range params {
		k, v, ok := strings.Cut(kv, "=")
		k = strings.TrimSpace(k)
		if !ok || k == "" {
			return nil, fmt.Errorf("bad --param %q: expected NAME=VALUE", kv)
		}
		if _, dup := m[k]; dup {
			return nil, fmt.Errorf("--param %s is given twice", k)
		}
		m[k] = v
	}
	return m, nil
}
