package reports

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/pattern"
)

// The patterns of a game's values ('grundy pattern'): the values of a
// one-integer game G(0..N-1), or the grid of a two-integer game, are
// computed as seq or table computes them, and package pattern finds the
// rules that fit every one of them.

// Defaults and bounds of the number of values a pattern report
// computes: N values of a one-integer game, an N×N grid of a pair.
const (
	DefaultPatternUpto = 1000
	DefaultPatternGrid = 64
	MaxPatternUpto     = 1_000_000
	MaxPatternGrid     = 1024
)

// PatternReport is the patterns that fit every computed value of a game.
type PatternReport struct {
	Game string
	// CheckedUpto is N: the values G(n) for n < N were computed, or the
	// grid of every (a, b) with a, b < N.
	CheckedUpto int
	// Grid is set for a game on pairs (a, b).
	Grid bool
	// ValuesKnown is set when the Sprague–Grundy values are known, not
	// only which positions are P-positions.
	ValuesKnown bool
	// Source says how the values were computed, for people.
	Source string
	// BudgetReached is set when no number of values was asked for and
	// fewer than the default were computed within DefaultPatternTime.
	BudgetReached bool
	Patterns      []*pattern.Pattern
}

// MarshalJSON writes the contract of docs/design.md: {"game",
// "checked_upto", "grid", "values_known", "patterns"}.
func (r *PatternReport) MarshalJSON() ([]byte, error) {
	ps := r.Patterns
	if ps == nil {
		ps = []*pattern.Pattern{}
	}
	return json.Marshal(struct {
		Game        string             `json:"game"`
		CheckedUpto int                `json:"checked_upto"`
		Grid        bool               `json:"grid"`
		ValuesKnown bool               `json:"values_known"`
		Patterns    []*pattern.Pattern `json:"patterns"`
		Budget      bool               `json:"budget_reached,omitempty"`
	}{r.Game, r.CheckedUpto, r.Grid, r.ValuesKnown, ps, r.BudgetReached})
}

// Patterns computes the values of inst, up to upto (0 for the default:
// DefaultPatternUpto values of a one-integer game, a DefaultPatternGrid
// square of a pair), and finds their patterns. The values come from the
// heap engine for heap games (whose periods it proves), from the game's
// value table (catalog.Tabler), or else by solving the positions "n" (or
// "a b") one by one; a game none of these give values for is an error
// saying why.
func Patterns(ctx context.Context, inst catalog.Instance, upto int, opts catalog.Options) (*PatternReport, error) {
	return PatternsWithin(ctx, inst, upto, PatternLimits{}, opts)
}

// PatternLimits bound what a pattern report computes: at most Upto
// values of a one-integer game, a Grid×Grid square of a pair (0 for
// MaxPatternUpto and MaxPatternGrid, the command line's bounds; the
// server's are smaller). More is a *budget.Exceeded.
type PatternLimits struct {
	Upto, Grid int
}

func (l PatternLimits) most(grid bool) int {
	if grid {
		if l.Grid > 0 {
			return min(l.Grid, MaxPatternGrid)
		}
		return MaxPatternGrid
	}
	if l.Upto > 0 {
		return min(l.Upto, MaxPatternUpto)
	}
	return MaxPatternUpto
}

// PatternsWithin is Patterns within the limits lim, for a front end that
// answers others (the server): the one computation behind 'grundy
// pattern' and /api/v1/pattern.
func PatternsWithin(ctx context.Context, inst catalog.Instance, upto int, lim PatternLimits, opts catalog.Options) (*PatternReport, error) {
	if upto < 0 {
		return nil, fmt.Errorf("%d values: expected a positive number", upto)
	}
	rep := &PatternReport{Game: inst.Spec()}
	if s, ok := inst.(Sequencer); ok && s.HeapRule() != nil {
		if upto == 0 {
			upto = min(DefaultPatternUpto, lim.most(false))
		}
		if most := lim.most(false); upto > most {
			return nil, budget.Exceed(budget.Size, int64(most), "%d values: patterns are looked for in at most %d", upto, most)
		}
		seq, err := SequenceOf(ctx, s, upto, SeqOptions{})
		if err != nil {
			return nil, err
		}
		vals := make([]int64, seq.Values.Len())
		for i := range vals {
			vals[i] = int64(seq.Values.At(i))
		}
		rep.Source = "the heap engine (as grundy seq)"
		rep.fill(vals, pattern.Options{Rule: s.HeapRule()})
		return rep, nil
	}
	if t, ok := inst.(catalog.Tabler); ok {
		probe, err := t.Table(ctx, 2, opts)
		if err != nil {
			return nil, err
		}
		grid := probe.IsGrid()
		explicit := upto != 0
		if upto, err = patternUpto(upto, grid, lim); err != nil {
			return nil, err
		}
		rep.Source = "the game's value table (as grundy table)"
		var tab *catalog.Table
		if explicit {
			if tab, err = t.Table(ctx, upto, opts); err != nil {
				return nil, err
			}
		} else if tab, err = growTable(ctx, t, upto, grid, opts, rep); err != nil {
			return nil, err
		}
		vals, g, err := tableValues(inst.Spec(), tab)
		if err != nil {
			return nil, err
		}
		if grid {
			rep.fillGrid(g)
			return rep, nil
		}
		rep.fill(vals, pattern.Options{})
		return rep, nil
	}
	return patternsBySolving(ctx, inst, upto, lim, opts, rep)
}

// DefaultPatternTime bounds the time a report spends computing values
// when no number of them is asked for: it computes the default number if
// it can, else as many as it can in that time (a script of Mock Turtles
// needs n³/6 moves for n values).
const DefaultPatternTime = 2 * time.Second

// growTable computes tables of 64 values (an 8×8 grid), then twice as
// many each time, up to upto or DefaultPatternTime, and returns the last
// one finished.
func growTable(ctx context.Context, t catalog.Tabler, upto int, grid bool, opts catalog.Options, rep *PatternReport) (*catalog.Table, error) {
	dctx, cancel := context.WithTimeout(ctx, DefaultPatternTime)
	defer cancel()
	n := 64
	if grid {
		n = 8
	}
	var best *catalog.Table
	for {
		n = min(n, upto)
		tab, err := t.Table(dctx, n, opts)
		if err != nil {
			if dctx.Err() != nil && ctx.Err() == nil {
				if best == nil {
					return nil, fmt.Errorf("the first %d values took more than %v: give --upto (and --timeout) to compute them", n, DefaultPatternTime)
				}
				rep.BudgetReached = true
				return best, nil
			}
			return nil, err
		}
		best = tab
		if n >= upto {
			return best, nil
		}
		n *= 2
	}
}

// tableValues reads a table as pattern values: Sprague–Grundy values, or
// outcomes (0 for P, pattern.Unknown for N); a draw has no value.
func tableValues(game string, t *catalog.Table) ([]int64, [][]int64, error) {
	outcome := func(o string, at ...int) (int64, error) {
		switch o {
		case "P":
			return 0, nil
		case "N":
			return pattern.Unknown, nil
		}
		where := fmt.Sprint(at[0])
		if len(at) == 2 {
			where = fmt.Sprintf("(%d, %d)", at[0], at[1])
		}
		return 0, fmt.Errorf("%s has no values to tabulate: the position of %s is %s, neither a P- nor an N-position (grundy table shows the outcomes)", game, where, o)
	}
	switch {
	case t.Values != nil:
		vals := make([]int64, len(t.Values))
		for i, v := range t.Values {
			vals[i] = int64(min(v, math.MaxInt64))
		}
		return vals, nil, nil
	case t.Grid != nil:
		return nil, t.Grid, nil
	case t.Outcomes != nil:
		vals := make([]int64, len(t.Outcomes))
		for i, o := range t.Outcomes {
			v, err := outcome(o, i)
			if err != nil {
				return nil, nil, err
			}
			vals[i] = v
		}
		return vals, nil, nil
	case t.OutcomeGrid != nil:
		g := make([][]int64, len(t.OutcomeGrid))
		for a, row := range t.OutcomeGrid {
			g[a] = make([]int64, len(row))
			for b, o := range row {
				v, err := outcome(o, a, b)
				if err != nil {
					return nil, nil, err
				}
				g[a][b] = v
			}
		}
		return nil, g, nil
	}
	return nil, nil, fmt.Errorf("%s has no values to tabulate: its table holds partizan values (see grundy table)", game)
}

func patternUpto(upto int, grid bool, lim PatternLimits) (int, error) {
	def, most := DefaultPatternUpto, lim.most(grid)
	if grid {
		def = DefaultPatternGrid
	}
	if upto == 0 {
		return min(def, most), nil
	}
	if upto > most {
		what := "values"
		if grid {
			what = "rows and columns"
		}
		return 0, budget.Exceed(budget.Size, int64(most), "%d %s: patterns are looked for in at most %d", upto, what, most)
	}
	return upto, nil
}

func (r *PatternReport) fill(vals []int64, o pattern.Options) {
	r.CheckedUpto = len(vals)
	r.ValuesKnown = true
	for _, v := range vals {
		if v == pattern.Unknown {
			r.ValuesKnown = false
		}
	}
	r.Patterns = pattern.Sequence(vals, o)
}

func (r *PatternReport) fillGrid(g [][]int64) {
	r.Grid, r.ValuesKnown = true, true
	r.CheckedUpto = len(g)
	for _, row := range g {
		r.CheckedUpto = min(r.CheckedUpto, len(row))
		for _, v := range row {
			if v < 0 {
				r.ValuesKnown = false
			}
		}
	}
	r.Patterns = pattern.Grid(g)
}

// patternsBySolving tabulates a game with no table by solving the
// positions "n", or "a b" when a position is a pair, one by one.
func patternsBySolving(ctx context.Context, inst catalog.Instance, upto int, lim PatternLimits, opts catalog.Options, rep *PatternReport) (*PatternReport, error) {
	one := func(n int) []string { return []string{strconv.Itoa(n)} }
	two := func(a, b int) []string { return []string{strconv.Itoa(a), strconv.Itoa(b)} }
	explicit := upto != 0
	// Without a number asked for, values are computed for at most
	// DefaultPatternTime (the first eight whatever they take).
	deadline := time.Now().Add(DefaultPatternTime)
	stop := func(done int) bool {
		if !explicit && done >= 8 && time.Now().After(deadline) {
			rep.BudgetReached = true
			return true
		}
		return false
	}
	_, err1 := solveValue(ctx, inst, one(0), opts)
	if err1 == nil {
		var err error
		if upto, err = patternUpto(upto, false, lim); err != nil {
			return nil, err
		}
		vals := make([]int64, upto)
		for n := range vals {
			if stop(n) {
				vals = vals[:n]
				break
			}
			if vals[n], err = solveValue(ctx, inst, one(n), opts); err != nil {
				return nil, err
			}
		}
		rep.Source = "solving the positions 0, 1, 2, … one by one"
		rep.fill(vals, pattern.Options{})
		return rep, nil
	}
	if errors.Is(err1, errNoValue) || ctx.Err() != nil {
		return nil, err1
	}
	if _, err := solveValue(ctx, inst, two(0, 0), opts); err != nil {
		if errors.Is(err, errNoValue) {
			return nil, err
		}
		return nil, fmt.Errorf("%s has no values to tabulate: its positions are not one or two whole numbers (position 0: %v)", inst.Spec(), err1)
	}
	var err error
	if upto, err = patternUpto(upto, true, lim); err != nil {
		return nil, err
	}
	g := make([][]int64, upto)
	for a := range g {
		if stop(a) {
			g = g[:a]
			for i := range g {
				g[i] = g[i][:a]
			}
			break
		}
		g[a] = make([]int64, upto)
		for b := range g[a] {
			if g[a][b], err = solveValue(ctx, inst, two(a, b), opts); err != nil {
				return nil, err
			}
		}
	}
	rep.Source = "solving the positions (a, b) one by one"
	rep.fillGrid(g)
	return rep, nil
}

var errNoValue = errors.New("no value")

// solveValue is the value of a position: its Sprague–Grundy value, 0 for
// a P-position, pattern.Unknown for an N-position of unknown value; an
// error for a position whose outcome is neither P nor N.
func solveValue(ctx context.Context, inst catalog.Instance, tokens []string, opts catalog.Options) (int64, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	r, err := inst.Solve(ctx, tokens, opts)
	if err != nil {
		return 0, err
	}
	switch {
	case r.Grundy != nil && r.Grundy.IsInt64():
		return r.Grundy.Int64(), nil
	case r.Outcome == "P":
		return 0, nil
	case r.Outcome == "N":
		return pattern.Unknown, nil
	}
	return 0, fmt.Errorf("%s has no values to tabulate: position %v is %s, neither a P- nor an N-position: %w", inst.Spec(), tokens, r.Outcome, errNoValue)
}
