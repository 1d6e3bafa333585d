package psubtract

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/partizanreport"
	"github.com/grundy-go/grundy/catalog/reports"
	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/games/partizan"
)

var (
	_ partizanreport.Instance = (*instance)(nil)
	_ catalog.SuccessorLister = (*instance)(nil)
	_ catalog.Tabler          = (*instance)(nil)
)

// MaxLargeHeap bounds a heap answered from a proven period.
const MaxLargeHeap = 1_000_000_000_000_000_000

func init() {
	catalog.Register(catalog.Entry{
		Name:     "partizan-subtract",
		Params:   "L/R",
		Position: fmt.Sprintf("heap sizes (several make a sum); heaps up to %d are valued directly, larger ones (up to 10^18) from a proven arithmetic period", MaxHeap),
		Summary:  "partizan subtraction game: Left removes k counters from a heap for k in L, Right for k in R (comma-separated sets, e.g. 1,3/2,3); who cannot remove loses",
		Example:  "value partizan-subtract:1,3/2,3 10",
		Kind:     partizanreport.Kind,
		Make: func(params string) (catalog.Instance, error) {
			g, err := New(params)
			if err != nil {
				return nil, err
			}
			t := partizanreport.NewTabled(g.Spec(), partizanreport.Rules[int]{Game: g, Parse: Parse, Format: g.Format}, heapCells)
			return &instance{Game: t.Game, g: g, table: t}, nil
		},
	})
}

// instance values heaps up to MaxHeap by the evaluator (partizanreport)
// and larger heaps from the game's proven period (FindPeriod).
type instance struct {
	*partizanreport.Game[int]
	g     Game
	table *partizanreport.Tabled[int]
}

// heapCells are the cells of the game's table (grundy table): heaps
// 0, 1, … as the evaluator values them.
var heapCells = partizanreport.Cells[int]{
	Max: MaxHeap, At: func(n, _ int) int { return n }, Shape: "a heap of n",
}

// Table tabulates the canonical forms of heaps 0 … upto-1 with their
// outcome classes.
func (in *instance) Table(ctx context.Context, upto int, opts catalog.Options) (*catalog.Table, error) {
	return in.table.Table(ctx, upto, opts)
}

// parseLarge reads heap sizes up to MaxLargeHeap; large reports whether
// one is past MaxHeap.
func parseLarge(tokens []string) (heaps []int, large bool, err error) {
	for _, tok := range tokens {
		for _, f := range strings.Fields(tok) {
			n, err := strconv.ParseInt(f, 10, 64)
			if err != nil || n < 0 || n > MaxLargeHeap {
				return nil, false, fmt.Errorf("bad heap %q: expected a heap size from 0 to 10^18", f)
			}
			heaps = append(heaps, int(n))
			large = large || n > MaxHeap
		}
	}
	if len(heaps) == 0 {
		return nil, false, fmt.Errorf("no heap given: write heap sizes, e.g. 10 7")
	}
	return heaps, large, nil
}

// period finds the game's proven period in s, within opts' limits, or
// says plainly that there is none among the heaps it may value.
func (in *instance) period(ctx context.Context, s *cgt.Space, opts catalog.Options) (*Period, error) {
	e, err := partizan.New[int](s, in.g)
	if err != nil {
		return nil, err
	}
	e.MaxPositions, e.Memory = opts.MaxStates, opts.Memory
	if opts.Memory != nil {
		s.Memory, s.MaxSteps = opts.Memory, 0
	}
	return in.g.FindPeriod(ctx, s, e, MaxHeap+1)
}

// Value values the heaps, from the period when one is past MaxHeap.
func (in *instance) Value(ctx context.Context, s *cgt.Space, tokens []string, opts catalog.Options) (cgt.Game, string, error) {
	heaps, large, err := parseLarge(tokens)
	if err != nil || !large {
		if err != nil {
			return 0, "", err
		}
		return in.Game.Value(ctx, s, tokens, opts)
	}
	p, err := in.period(ctx, s, opts)
	if err != nil {
		return 0, "", err
	}
	vals, err := p.values(s, heaps)
	if err != nil {
		return 0, "", err
	}
	v, err := s.Sum(vals...)
	return v, formatHeaps(heaps), err
}

func (p *Period) values(s *cgt.Space, heaps []int) ([]cgt.Game, error) {
	vals := make([]cgt.Game, len(heaps))
	for i, n := range heaps {
		v, err := p.At(s, int64(n))
		if err != nil {
			return nil, err
		}
		vals[i] = v
	}
	return vals, nil
}

func formatHeaps(heaps []int) string {
	strs := make([]string, len(heaps))
	for i, n := range heaps {
		strs[i] = strconv.Itoa(n)
	}
	return strings.Join(strs, " ")
}

// Solve reports the outcome, value (written out when it is not too long)
// and winning moves; heaps past MaxHeap are valued from the proven
// period, and a move's value too.
func (in *instance) Solve(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	heaps, large, err := parseLarge(tokens)
	if err != nil {
		return nil, err
	}
	if opts.Method == catalog.ClosedForm {
		return nil, catalog.RefuseMethod(in.g.Spec(), catalog.ClosedForm, "%s is valued by search and a proven period", in.g.Spec())
	}
	s := reports.NewCGTSpace(ctx, 0)
	// at values a heap: from the proven period when a heap is past
	// MaxHeap, else by the evaluator, heaps 0, 1, … in turn.
	var at func(n int) (cgt.Game, error)
	method := "canonical forms of the heaps, valued in turn"
	if large {
		p, err := in.period(ctx, s, opts)
		if err != nil {
			return nil, err
		}
		at = func(n int) (cgt.Game, error) { return p.At(s, int64(n)) }
		method = p.String()
	} else {
		e, err := partizan.New[int](s, in.g)
		if err != nil {
			return nil, err
		}
		e.MaxPositions, e.Memory = opts.MaxStates, opts.Memory
		if opts.Memory != nil {
			s.Memory, s.MaxSteps = opts.Memory, 0
		}
		at = func(n int) (cgt.Game, error) {
			for k := 0; k < n; k++ { // bottom up: no deep recursion
				if _, err := e.Value(ctx, k); err != nil {
					return 0, err
				}
			}
			return e.Value(ctx, n)
		}
	}
	vals := make([]cgt.Game, len(heaps))
	for i, n := range heaps {
		if vals[i], err = at(n); err != nil {
			return nil, err
		}
	}
	total, err := s.Sum(vals...)
	if err != nil {
		return nil, err
	}
	o, err := s.Outcome(total)
	if err != nil {
		return nil, err
	}
	text, _ := reports.ValueText(s, total)
	r := &catalog.Report{
		Game:     in.g.Spec(),
		Position: formatHeaps(heaps),
		Outcome:  o.String(),
		Value:    text,
		Method:   method,
		Notes: []string{
			"partizan outcome: L = Left wins, R = Right wins (whoever starts), N = the player to move wins, P = the player to move loses",
			"winning moves are the first moves that win for Left (L:) and for Right (R:), each to the position it leaves",
		},
	}
	for _, side := range []struct {
		set   []int
		left  bool
		label string
	}{{in.g.L, true, "L: "}, {in.g.R, false, "R: "}} {
		seen := map[string]bool{}
		for i, n := range heaps {
			for _, k := range side.set {
				if k > n {
					continue
				}
				v, err := at(n - k)
				if err != nil {
					return nil, err
				}
				// The other heaps' sum plus the move's heap: never
				// total − G(n), whose canonical form costs as much as
				// G(n)'s when that is large.
				others := slices.Concat(vals[:i], vals[i+1:])
				after, err := s.Sum(append(others, v)...)
				if err != nil {
					return nil, err
				}
				var wins bool
				if side.left {
					wins, err = s.Leq(cgt.Zero, after)
				} else {
					wins, err = s.Leq(after, cgt.Zero)
				}
				if err != nil {
					return nil, err
				}
				next := slices.Clone(heaps)
				next[i] = n - k
				if m := formatHeaps(next); wins && !seen[m] {
					seen[m] = true
					r.WinningMoves = append(r.WinningMoves, side.label+m)
				}
			}
		}
	}
	return r, nil
}

// String says what the period is, for a report's method.
func (p *Period) String() string {
	if p.Shift.Sign() == 0 {
		return fmt.Sprintf("canonical forms of heaps up to %d, then the proven period %d from heap %d: G(n+%d) = G(n)", p.Known-1, p.Period, p.Preperiod, p.Period)
	}
	return fmt.Sprintf("canonical forms of heaps up to %d, then the proven arithmetic period %d from heap %d: G(n+%d) = G(n) + %s", p.Known-1, p.Period, p.Preperiod, p.Period, p.Shift)
}
