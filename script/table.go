package script

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"go.starlark.net/starlark"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/impartial"
)

// The table of a script (grundy table SCRIPT): a row of cells n = 0 …
// upto-1, or a grid of cells (a, b), each cell a position written by a
// position template (catalog.Template) and read as --pos reads a
// position, never run. Without a template a cell is the int n, or the
// pair (a, b) when the script's start is a pair of ints (a game on two
// heaps, such as twoheaps.star).
//
// What a cell holds is what the game has: the Sprague–Grundy value of an
// impartial game under normal play; else (misère play, ends the rules
// decide, positions that repeat, drawn ends, payoffs) the outcome and
// remoteness that solve reports; the canonical form for a partizan
// script. Each is what 'grundy solve' (or 'grundy value') reports for the
// cell's position, by the same solver.

// MaxGridUpto bounds the side of a script's grid: its cells are
// positions, each parsed, interned and solved.
const MaxGridUpto = 2000

// defaultTemplate is the template of a script's table when none is
// given: the pair (n, m) when the start is a pair of ints, else n.
func (g *Game) defaultTemplate() string {
	if t, ok := g.start.(starlark.Tuple); ok && len(t) == 2 {
		_, a := t[0].(starlark.Int)
		_, b := t[1].(starlark.Int)
		if a && b {
			return "({n}, {m})"
		}
	}
	return "{n}"
}

// Table tabulates the script's positions (see above).
func (s *instance) Table(ctx context.Context, upto int, opts catalog.Options) (*catalog.Table, error) {
	if upto < 0 {
		return nil, fmt.Errorf("a table's length must not be negative, got %d", upto)
	}
	solver, err := s.load(ctx, opts)
	if err != nil {
		return nil, err
	}
	g := solver.Game()
	tmpl := opts.Template
	if tmpl == nil {
		if tmpl, err = catalog.ParseTemplate(g.defaultTemplate()); err != nil {
			return nil, err
		}
	}
	grid := tmpl.UsesM
	if grid && upto > MaxGridUpto {
		return nil, budget.Exceed(budget.Size, MaxGridUpto, "a grid of %d×%d cells: a script's grids go up to %d×%d, each cell a position solved", upto, upto, MaxGridUpto, MaxGridUpto)
	}
	// cells lists the table's positions, row by row.
	rows, cols := upto, 1
	if grid {
		cols = upto
	}
	cells := make([]Pos, 0, rows*cols)
	if opts.Template == nil {
		// The default cells, n or (a, b), are interned as the values
		// they are, in one Run: a parse and a Run per cell cost more than
		// the search of a new heap does.
		err = g.Run(ctx, func(context.Context) error {
			for a := range rows {
				for b := range cols {
					var v starlark.Value = starlark.MakeInt(a)
					if grid {
						v = starlark.Tuple{starlark.MakeInt(a), starlark.MakeInt(b)}
					}
					p, err := g.Intern(v)
					if err != nil {
						return fmt.Errorf("the table's cell %s: %w", cellText(a, b, grid), err)
					}
					cells = append(cells, p)
				}
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	} else {
		for a := range rows {
			for b := range cols {
				text, err := tmpl.Expand(a, b)
				if err != nil {
					return nil, err
				}
				p, err := g.Parse(ctx, nil, text)
				if err != nil {
					return nil, fmt.Errorf("the table's cell %s: %w", cellText(a, b, grid), err)
				}
				cells = append(cells, p)
			}
		}
	}
	t := &catalog.Table{Game: s.path}
	// what the cells are, for the caption
	where := "the position n"
	switch {
	case opts.Template != nil:
		t.Template = tmpl.String()
		where = "the position " + tmpl.String() + " with n filled in"
		if grid {
			where = "the position " + tmpl.String() + " with n = a, m = b filled in"
		}
	case grid:
		where = "the position (a, b)"
	}
	shape := func(what string) string { return "each cell: " + what + " of " + where }
	switch {
	case g.Partizan():
		vals, err := s.canonical(ctx, solver, cells, opts)
		if err != nil {
			return nil, err
		}
		t.Caption = shape("the canonical form (CGSuite's notation)")
		if grid {
			t.CanonicalGrid = split2(vals, cols)
		} else {
			t.Canonical = vals
		}
		return t, nil
	case !g.Multiplayer() && !g.Misere():
		vals, ok, err := grundyCells(ctx, solver, cells)
		if err != nil {
			return nil, err
		}
		if ok {
			t.Caption = "G(n): the Sprague–Grundy value of " + where + "; 0 marks a P-position (the player to move loses)"
			if grid {
				t.Caption = "Grid[a][b]" + strings.TrimPrefix(t.Caption, "G(n)")
				t.Grid = make([][]int64, rows)
				for a := range rows {
					t.Grid[a] = make([]int64, cols)
					for b := range cols {
						t.Grid[a][b] = int64(vals[a*cols+b])
					}
				}
			} else {
				t.Values = vals
			}
			return t, nil
		}
	}
	outs, rems, err := outcomeCells(ctx, solver, cells)
	if err != nil {
		return nil, err
	}
	t.Caption = shape("the outcome (P: the player to move loses, N: wins, D: a draw) and remoteness") + "; the game has no Sprague–Grundy values (misère play, ends the rules decide, positions that repeat, or payoffs)"
	if grid {
		t.OutcomeGrid, t.RemotenessGrid = split2(outs, cols), split2(rems, cols)
	} else {
		t.Outcomes, t.Remoteness = outs, rems
	}
	return t, nil
}

func cellText(a, b int, grid bool) string {
	if grid {
		return fmt.Sprintf("(%d, %d)", a, b)
	}
	return fmt.Sprint(a)
}

// split2 cuts a row-major list into rows of cols.
func split2[T any](xs []T, cols int) [][]T {
	out := make([][]T, 0, len(xs)/max(cols, 1))
	for i := 0; i < len(xs); i += cols {
		out = append(out, xs[i:i+cols:i+cols])
	}
	return out
}

// grundyCells gives the cells' Sprague–Grundy values; ok is false when
// the game turns out to have none (ends the rules decide, positions that
// repeat, drawn ends), and the cells are then tabulated by outcome.
func grundyCells(ctx context.Context, solver *Solver, cells []Pos) ([]uint64, bool, error) {
	vals := make([]uint64, len(cells))
	// One Run for every cell (a Run per cell cost more than a new heap's
	// search).
	solver.initNormal()
	err := solver.g.Run(ctx, func(ctx context.Context) error {
		for i, p := range cells {
			if err := ctx.Err(); err != nil {
				return err
			}
			v, _, err := solver.sumValue(ctx, p, false)
			if err != nil {
				return err
			}
			vals[i] = v
		}
		return nil
	})
	if err != nil {
		if errors.Is(err, impartial.ErrCycle) || NormalView(solver.normal).SawDraw() {
			// The search stopped; the solver starts afresh.
			solver.imp, solver.normal = nil, nil
			return nil, false, nil
		}
		return nil, false, err
	}
	if !NormalView(solver.normal).Pure() {
		return nil, false, nil
	}
	return vals, true, nil
}

// sumGrundy is the Sprague–Grundy value of p as solve finds it: the
// nim-sum of its components' values when the script splits.
func (s *Solver) sumGrundy(ctx context.Context, p Pos) (uint64, error) {
	s.initNormal()
	var v uint64
	err := s.g.Run(ctx, func(ctx context.Context) error {
		var err error
		v, _, err = s.sumValue(ctx, p, false)
		return err
	})
	return v, err
}

// outcomeCells solves each cell as solve does. The cells are solved from
// the last, the largest position of most tables: a retrograde analysis
// from it then holds the smaller ones too.
func outcomeCells(ctx context.Context, solver *Solver, cells []Pos) ([]string, []*int, error) {
	outs := make([]string, len(cells))
	rems := make([]*int, len(cells))
	for i := len(cells) - 1; i >= 0; i-- {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		r, err := solver.Solve(ctx, cells[i])
		if err != nil {
			return nil, nil, err
		}
		outs[i], rems[i] = r.Outcome, r.Remoteness
	}
	return outs, rems, nil
}

// canonical gives the cells' canonical forms, as 'grundy value' does.
func (s *instance) canonical(ctx context.Context, solver *Solver, cells []Pos, opts catalog.Options) ([]string, error) {
	space := cgt.NewSpace()
	if opts.Memory != nil {
		space.Memory, space.MaxSteps = opts.Memory, 0
	}
	out := make([]string, len(cells))
	for i, p := range cells {
		v, err := solver.Game().PartizanValue(ctx, space, p)
		if err != nil {
			return nil, err
		}
		out[i] = space.String(v)
	}
	return out, nil
}
