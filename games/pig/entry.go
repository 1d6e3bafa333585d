package pig

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/payoffreport"
)

// The catalog's adapter of Pig: "grundy solve pig:N [A B T]" and the
// explorer's roll and hold, both read from the table that Solve computes
// once per goal and keeps.

func init() {
	catalog.Register(catalog.Entry{
		Name:     "pig",
		Params:   "N",
		Position: "A B T: the mover's banked score, the opponent's, and the turn total (default 0 0 0)",
		Summary:  "the dice game Pig: roll a die repeatedly, adding to a turn total; a 1 loses the turn total and the turn, holding banks it; the first to N points (1.." + strconv.Itoa(MaxGoal) + ") wins; value: the mover's winning probability",
		Example:  "solve pig:100 --json",
		Kind:     "chance",
		Make:     makeInstance,
	})
}

// instance is Pig to a goal. It keeps the table of the goal once solved
// (value iteration over every position: most of a second at goal 100), so
// that every later Solve and Successors of the instance reads it; it is
// safe for concurrent use.
type instance struct {
	goal int
	// solving is held (a send) by the one caller that computes the table;
	// the others wait on it or on their context.
	solving chan struct{}
	tab     atomic.Pointer[Table]
}

var (
	_ catalog.SuccessorLister = (*instance)(nil)
	_ catalog.Starter         = (*instance)(nil)
)

// cacheCells bounds the table cells of the Pig instances kept for reuse
// by instances: two tables of the largest goal (128 MB).
const cacheCells = 2 * MaxGoal * MaxGoal * MaxGoal

// instances keeps the Pig instances made most recently, so that a front
// end that looks the game up again for every request (the server does:
// catalog.LookupBuiltin per request) gets the same instance, and with it
// the table already solved. The oldest are dropped once their tables
// would hold more than cacheCells cells; those still in use stay valid.
var instances struct {
	sync.Mutex
	recent []*instance // most recently made or looked up last
}

func makeInstance(params string) (catalog.Instance, error) {
	n, err := catalog.ParseNatural(params, "goal")
	if err != nil {
		return nil, err
	}
	if !n.IsInt64() || n.Int64() < 1 || n.Int64() > MaxGoal {
		return nil, fmt.Errorf("bad goal %q: must be between 1 and %d", params, MaxGoal)
	}
	return shared(int(n.Int64())), nil
}

// shared returns the kept instance of Pig to goal, or makes and keeps
// one.
func shared(goal int) *instance {
	instances.Lock()
	defer instances.Unlock()
	recent := instances.recent
	for i, g := range recent {
		if g.goal == goal {
			instances.recent = append(slices.Delete(recent, i, i+1), g)
			return g
		}
	}
	g := newInstance(goal)
	recent = append(recent, g)
	cells := 0
	for i := len(recent) - 1; i >= 0; i-- {
		cells += recent[i].goal * recent[i].goal * recent[i].goal
		if cells > cacheCells {
			recent = slices.Clone(recent[i+1:])
			break
		}
	}
	instances.recent = recent
	return g
}

// newInstance makes an instance of Pig to goal that shares nothing.
func newInstance(goal int) *instance {
	return &instance{goal: goal, solving: make(chan struct{}, 1)}
}

// table returns the solved table of the instance's goal, solving it on
// the first call (reporting to progress). Concurrent callers wait for the
// one that solves, or give up when their context ends; a solve that is
// cancelled keeps nothing, and the next caller starts again.
func (g *instance) table(ctx context.Context, progress func(int)) (*Table, error) {
	if t := g.tab.Load(); t != nil {
		return t, nil
	}
	select {
	case g.solving <- struct{}{}:
	case <-ctx.Done():
		return nil, fmt.Errorf("solving Pig to %d: %w", g.goal, ctx.Err())
	}
	defer func() { <-g.solving }()
	if t := g.tab.Load(); t != nil {
		return t, nil
	}
	t, err := Solve(ctx, g.goal, Options{Progress: progress})
	if err != nil {
		return nil, err
	}
	g.tab.Store(t)
	return t, nil
}

func (g *instance) Spec() string { return "pig:" + strconv.Itoa(g.goal) }

func (g *instance) Solve(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	if opts.Method == catalog.ClosedForm {
		return nil, catalog.RefuseMethod(g.Spec(), catalog.ClosedForm, "%s has no closed form", g.Spec())
	}
	pos := []int{0, 0, 0}
	if len(catalog.Fields(tokens)) > 0 {
		var err error
		pos, err = catalog.ParseInts(tokens, "score", 3, 3, 1_000_000)
		if err != nil {
			return nil, fmt.Errorf("%w (a Pig position is A B T: the mover's score, the opponent's, the turn total)", err)
		}
	}
	a, b, t := pos[0], pos[1], pos[2]
	switch {
	case a >= g.goal:
		return nil, fmt.Errorf("bad position: the mover's score %d has already reached the goal %d", a, g.goal)
	case b >= g.goal:
		return nil, fmt.Errorf("bad position: the opponent's score %d has already reached the goal %d, so the game is over", b, g.goal)
	}
	if states, limit := g.goal*g.goal*(g.goal+1)/2, catalog.StateCap(opts); states > limit {
		return nil, budget.Exceed(budget.States, int64(limit), "Pig to %d has %d positions, more than the limit of %d", g.goal, states, limit)
	}
	if g.tab.Load() == nil {
		// The table is built once and shared, but this request pays for
		// building it.
		need := int64(g.goal) * int64(g.goal) * int64(g.goal) * 8
		if err := opts.Memory.Charge(need, fmt.Sprintf("the table of Pig to %d", g.goal)); err != nil {
			return nil, err
		}
		defer opts.Memory.Release(need)
	}
	tab, err := g.table(ctx, opts.Progress)
	if err != nil {
		return nil, err
	}
	v := tab.Win(a, b, t)
	roll, hold := 1.0, 1.0
	if a+t < g.goal {
		roll, hold = tab.Roll(a, b, t), tab.Hold(a, b, t)
	}
	best := "roll"
	if hold >= roll {
		best = "hold"
	}
	r := payoffreport.WinProbability(g.Spec(), catalog.JoinInts(pos), v)
	r.Method = fmt.Sprintf("value iteration partitioned by score sum (Neller & Presser 2004), %d sweeps, tolerance %g", tab.Sweeps, DefaultTolerance)
	r.Extra = map[string]any{
		"best_action": best,
		"roll_value":  roll,
		"hold_value":  hold,
	}
	if a+t >= g.goal {
		r.Notes = append(r.Notes, "the mover holds and reaches the goal")
	} else {
		r.Notes = append(r.Notes, payoffreport.ChanceNote, fmt.Sprintf("best action: %s (rolling wins with %.6f, holding with %.6f)", best, roll, hold))
	}
	return r, nil
}

// Start is the position before the first roll.
func (g *instance) Start() string { return "0 0 0" }

// Successors lists Pig's two moves at (A, B, T): roll, a chance event
// whose outcome 1 passes the turn with nothing banked (B A 0) and whose
// outcomes 2..6 add to the turn total (A B T+k), each with probability
// 1/6; and hold, which banks the turn total and passes the turn (B A+T 0),
// or wins once A+T reaches the goal. The values are the solver's table:
// MoverValue is Table.Roll and Table.Hold, each position's value
// Table.Win.
func (g *instance) Successors(ctx context.Context, tokens []string, opts catalog.Options, limit int) (*catalog.SuccessorList, error) {
	report, err := g.Solve(ctx, tokens, opts)
	if err != nil {
		return nil, err
	}
	pos, err := catalog.ParseInts(strings.Fields(report.Position), "score", 3, 3, 1_000_000)
	if err != nil {
		return nil, err
	}
	tab, err := g.table(ctx, nil)
	if err != nil {
		return nil, err
	}
	a, b, t := pos[0], pos[1], pos[2]
	list := &catalog.SuccessorList{Report: report, Kind: catalog.MovesPayoff, Complete: true,
		Board: &catalog.Board{Kind: catalog.BoardText, Text: fmt.Sprintf("the mover has banked %d, the opponent %d; turn total %d (goal %d)", a, b, t, g.goal)}}
	at := func(i, j, k int) string { return catalog.JoinInts([]int{i, j, k}) }
	if a+t < g.goal {
		roll := catalog.Successor{Move: "roll", MoverIndex: -1, MoverValue: tab.Roll(a, b, t)}
		roll.Chance = append(roll.Chance, catalog.Successor{Player: catalog.PlayerChance, Move: "1", Probability: "1/6", Position: at(b, a, 0), MoverIndex: 1})
		for k := 2; k <= 6; k++ {
			roll.Chance = append(roll.Chance, catalog.Successor{Player: catalog.PlayerChance, Move: strconv.Itoa(k), Probability: "1/6", Position: at(a, b, t+k), MoverIndex: 0})
		}
		list.Moves = append(list.Moves, roll,
			catalog.Successor{Move: "hold", Position: at(b, a+t, 0), MoverIndex: 1, MoverValue: tab.Hold(a, b, t)})
	} else {
		list.Moves = append(list.Moves, catalog.Successor{Move: "hold", Final: catalog.FinalReport(g.Spec(), true), MoverIndex: 1})
	}
	list.Solve = func(_ context.Context, p string) (*catalog.Report, error) {
		xs, err := catalog.ParseInts(strings.Fields(p), "score", 3, 3, 1_000_000)
		if err != nil {
			return nil, err
		}
		if err := tab.Valid(xs[0], xs[1], xs[2]); err != nil {
			return nil, err
		}
		return payoffreport.WinProbability(g.Spec(), catalog.JoinInts(xs), tab.Win(xs[0], xs[1], xs[2])), nil
	}
	return list, nil
}
