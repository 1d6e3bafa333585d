package pig

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/catalogtest"
)

// solveJSON is Solve's --json answer, decoded.
func solveJSON(t *testing.T, spec string, tokens ...string) map[string]any {
	t.Helper()
	inst, err := catalog.Lookup(spec)
	if err != nil {
		t.Fatal(err)
	}
	r, err := inst.Solve(context.Background(), tokens, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// explorerOf is catalog.AsExplorer for an instance that must explore.
func explorerOf(t testing.TB, inst catalog.Instance) catalog.Explorer {
	t.Helper()
	x, ok := catalog.AsExplorer(inst)
	if !ok {
		t.Fatalf("%s does not explore", inst.Spec())
	}
	return x
}

func explore(t *testing.T, spec, pos string) *catalog.Exploration {
	t.Helper()
	inst, err := catalog.Lookup(spec)
	if err != nil {
		t.Fatal(err)
	}
	x, err := explorerOf(t, inst).Explore(context.Background(), []string{pos}, catalog.Options{}, 0)
	if err != nil {
		t.Fatalf("%s %s: %v", spec, pos, err)
	}
	return x
}

func TestPigReport(t *testing.T) {
	m := solveJSON(t, "pig:2")
	if v := m["value"].(float64); v < 6.0/7-1e-12 || v > 6.0/7+1e-12 {
		t.Errorf("pig:2 value %v, want 6/7", v)
	}
	if m["best_action"] != "roll" || m["position"] != "0 0 0" || m["outcome"] != "D" {
		t.Errorf("pig:2: %v", m)
	}
	m = solveJSON(t, "pig:10", "5", "3", "6")
	if m["value"].(float64) != 1 || m["outcome"] != "N" || m["best_action"] != "hold" {
		t.Errorf("pig:10 5 3 6: %v", m)
	}
}

func TestPigBadInput(t *testing.T) {
	cases := []struct {
		spec   string
		tokens []string
		want   string
	}{
		{"pig:0", nil, "between 1 and"},
		{"pig:x", nil, "bad goal"},
		{"pig:201", nil, "between 1 and 200"},
		{"pig:10", []string{"10", "0", "0"}, "already reached the goal"},
		{"pig:10", []string{"1", "12", "0"}, "the game is over"},
		{"pig:10", []string{"1", "2"}, "expected 3"},
		{"pig:10", []string{"1", "2", "x"}, "a Pig position is A B T"},
	}
	for _, c := range cases {
		inst, err := catalog.Lookup(c.spec)
		if err == nil {
			_, err = inst.Solve(context.Background(), c.tokens, catalog.Options{})
		}
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s %v: got %v, want one line containing %q", c.spec, c.tokens, err, c.want)
		}
	}
	if _, err := catalog.Lookup("pig"); err == nil {
		t.Error("pig without a goal accepted")
	}
	inst, _ := catalog.Lookup("pig:10")
	if _, err := inst.Solve(context.Background(), nil, catalog.Options{Method: catalog.ClosedForm}); err == nil || !strings.Contains(err.Error(), "no closed form") {
		t.Errorf("--method closed: %v", err)
	}
}

// TestPigLimits: the state cap is a typed limit (budget.Exceeded of
// States) worded without any flag, 0 meaning the default cap; a memory
// budget smaller than the table stops the solve with a budget.Exceeded of
// Memory.
func TestPigLimits(t *testing.T) {
	for _, c := range []struct {
		spec, pos string
		limit     int
	}{{"pig:100", "", 1000}, {"pig:200", "0 0 0", 1000}} {
		inst, err := catalog.Lookup(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		_, err = inst.Solve(context.Background(), strings.Fields(c.pos), catalog.Options{MaxStates: c.limit})
		var x *budget.Exceeded
		if !errors.As(err, &x) || x.Resource != budget.States || x.Limit != int64(c.limit) || strings.Contains(err.Error(), "--") || !strings.Contains(err.Error(), "more than the limit of 1000") {
			t.Errorf("%s %s: got %v, want a budget.Exceeded of %d positions naming no flag", c.spec, c.pos, err, c.limit)
		}
	}
	inst, _ := catalog.Lookup("pig:163")
	_, err := inst.Solve(context.Background(), []string{"0 0 0"}, catalog.Options{Method: catalog.Search, Memory: budget.NewBytes(1 << 20)})
	var x *budget.Exceeded
	if !errors.As(err, &x) || x.Resource != budget.Memory {
		t.Errorf("pig:163 in 1 MiB: got %v, want a budget.Exceeded of Memory", err)
	}
}

// TestPigTableKept: a Pig instance solves its table once; later Solves
// and explorations read the same table, and their answers are exactly
// those of a table solved afresh by Solve. Looking the game up again
// gives the same instance (the server looks games up per request).
func TestPigTableKept(t *testing.T) {
	ctx := context.Background()
	const goal = 25
	fresh, err := Solve(ctx, goal, Options{})
	if err != nil {
		t.Fatal(err)
	}
	g := newInstance(goal)
	var calls atomic.Int64
	opts := catalog.Options{Progress: func(int) { calls.Add(1) }}
	for a := 0; a < goal; a += 3 {
		for b := 0; b < goal; b += 4 {
			for k := 0; a+k < goal+2; k += 5 {
				pos := fmt.Sprintf("%d %d %d", a, b, k)
				r, err := g.Solve(ctx, strings.Fields(pos), opts)
				if err != nil {
					t.Fatalf("%s: %v", pos, err)
				}
				if want := fresh.Win(a, b, k); r.Value != want {
					t.Fatalf("%s: value %v, a fresh table says %v", pos, r.Value, want)
				}
				if a+k < goal && (r.Extra["roll_value"] != fresh.Roll(a, b, k) || r.Extra["hold_value"] != fresh.Hold(a, b, k)) {
					t.Fatalf("%s: roll %v hold %v, a fresh table says %v %v", pos, r.Extra["roll_value"], r.Extra["hold_value"], fresh.Roll(a, b, k), fresh.Hold(a, b, k))
				}
			}
		}
	}
	if want := int64(2*goal - 1); calls.Load() != want {
		t.Errorf("progress called %d times, want %d: the table was solved more than once", calls.Load(), want)
	}
	tab := g.tab.Load()
	if _, err := g.Successors(ctx, []string{"3 4 5"}, catalog.Options{}, 10); err != nil || g.tab.Load() != tab {
		t.Errorf("successors: %v, table kept %v", err, g.tab.Load() == tab)
	}
	i1, _ := catalog.Lookup("pig:" + fmt.Sprint(goal))
	i2, _ := catalog.Lookup("pig:" + fmt.Sprint(goal))
	i3, _ := catalog.LookupBuiltin("pig:" + fmt.Sprint(goal))
	if i1 != i2 || i1 != i3 {
		t.Error("look-ups of the same goal gave different instances")
	}
}

// TestPigTableConcurrent: many goroutines solving and exploring one
// instance at once see one table (run it with -race).
func TestPigTableConcurrent(t *testing.T) {
	ctx := context.Background()
	const goal = 30
	g := newInstance(goal)
	fresh, err := Solve(ctx, goal, Options{})
	if err != nil {
		t.Fatal(err)
	}
	ex := explorerOf(t, g)
	var calls atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for w := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a, b, k := w%goal, (3*w)%goal, w%5
			pos := []string{fmt.Sprintf("%d %d %d", a, b, k)}
			if w%2 == 0 {
				x, err := ex.Explore(ctx, pos, catalog.Options{}, 0)
				if err != nil {
					errs <- err
					return
				}
				if x.Report.Value != fresh.Win(a, b, k) {
					errs <- fmt.Errorf("%v: explored %v, want %v", pos, x.Report.Value, fresh.Win(a, b, k))
				}
				return
			}
			r, err := g.Solve(ctx, pos, catalog.Options{Progress: func(int) { calls.Add(1) }})
			if err != nil {
				errs <- err
				return
			}
			if r.Value != fresh.Win(a, b, k) {
				errs <- fmt.Errorf("%v: solved %v, want %v", pos, r.Value, fresh.Win(a, b, k))
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if c := calls.Load(); c != 0 && c != 2*goal-1 {
		t.Errorf("progress called %d times: the table was solved more than once", c)
	}
}

// TestPigTableCancelled: a solve cancelled before it ends keeps nothing,
// and the next call solves the table.
func TestPigTableCancelled(t *testing.T) {
	g := newInstance(40)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := g.Solve(ctx, nil, catalog.Options{}); err == nil {
		t.Fatal("a cancelled solve succeeded")
	}
	if g.tab.Load() != nil {
		t.Fatal("a cancelled solve kept a table")
	}
	r, err := g.Solve(context.Background(), nil, catalog.Options{})
	if err != nil || g.tab.Load() == nil || r.Value != g.tab.Load().Win(0, 0, 0) {
		t.Fatalf("after a cancelled solve: %v, %v", r, err)
	}
}

// TestPigInstancesBounded: the instances kept for reuse hold at most
// cacheCells cells of tables, the newest kept.
func TestPigInstancesBounded(t *testing.T) {
	for goal := MaxGoal; goal > MaxGoal-6; goal-- {
		shared(goal)
	}
	instances.Lock()
	defer instances.Unlock()
	cells := 0
	for _, g := range instances.recent {
		cells += g.goal * g.goal * g.goal
	}
	if n := len(instances.recent); cells > cacheCells || n == 0 || instances.recent[n-1].goal != MaxGoal-5 {
		t.Errorf("%d instances kept, %d cells (limit %d)", n, cells, cacheCells)
	}
}

// TestPigMoves: roll and hold carry the solver's own Roll and Hold values
// (Solve's roll_value and hold_value), each outcome of the roll the value
// Solve gives its position, and the roll's value is the expectation of its
// outcomes.
func TestPigMoves(t *testing.T) {
	inst, _ := catalog.Lookup("pig:20")
	for _, pos := range []string{"0 0 0", "7 3 2", "15 18 4", "19 0 0"} {
		x := explore(t, "pig:20", pos)
		ex := x.Report.Extra
		if len(x.Moves) != 2 || x.Moves[0].To != "roll" || x.Moves[1].To != "hold" {
			t.Fatalf("%s: moves %+v", pos, x.Moves)
		}
		if x.Moves[0].MoverValue != ex["roll_value"] || x.Moves[1].MoverValue != ex["hold_value"] {
			t.Errorf("%s: roll %v hold %v, Solve %v %v", pos, x.Moves[0].MoverValue, x.Moves[1].MoverValue, ex["roll_value"], ex["hold_value"])
		}
		sum := 0.0
		for _, c := range x.Moves[0].Chance {
			r, err := inst.Solve(context.Background(), strings.Fields(c.Position), catalog.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if r.Value != c.Value || c.Probability != "1/6" {
				t.Errorf("%s roll %s → %s: %v, Solve %v", pos, c.To, c.Position, c.Value, r.Value)
			}
			sum += c.MoverValue.(float64) / 6
		}
		if math.Abs(sum-ex["roll_value"].(float64)) > 1e-12 {
			t.Errorf("%s: outcomes average %v, roll %v", pos, sum, ex["roll_value"])
		}
		best := max(x.Moves[0].MoverValue.(float64), x.Moves[1].MoverValue.(float64))
		// The table's values agree with the best move's to the value
		// iteration's tolerance.
		if math.Abs(best-x.Report.Value.(float64)) > 10*DefaultTolerance {
			t.Errorf("%s: best move %v, value %v", pos, best, x.Report.Value)
		}
	}
	// At the goal only holding is left, and it wins.
	x := explore(t, "pig:20", "15 3 6")
	if len(x.Moves) != 1 || !x.Moves[0].Terminal || x.Moves[0].MoverValue != "1" {
		t.Errorf("15 3 6: %+v", x.Moves)
	}
}

// FuzzExplore feeds arbitrary positions to Pig's explorer: whatever the
// input, an exploration whose moves lead somewhere, or a one-line error;
// never a panic or a hang.
func FuzzExplore(f *testing.F) {
	for _, s := range []string{"0 0 0", "11 11 11", "12 0 0", "", "1 2", "-1 0 0", "0 0 999999999999"} {
		f.Add(s)
	}
	inst, err := catalog.Lookup("pig:12")
	if err != nil {
		f.Fatal(err)
	}
	ex := explorerOf(f, inst)
	f.Fuzz(func(t *testing.T, pos string) { catalogtest.ExploreAny(t, ex, pos) })
}

// BenchmarkPigSolve: Solve of Pig to 100 on a new instance (the whole
// value iteration) and on an instance that has solved it before (the
// table kept).
func BenchmarkPigSolve(b *testing.B) {
	ctx := context.Background()
	pos := []string{"10 20 5"}
	b.Run("new-instance", func(b *testing.B) {
		for range b.N {
			if _, err := newInstance(100).Solve(ctx, pos, catalog.Options{}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("same-instance", func(b *testing.B) {
		g := newInstance(100)
		if _, err := g.Solve(ctx, pos, catalog.Options{}); err != nil {
			b.Fatal(err)
		}
		b.ResetTimer()
		for range b.N {
			if _, err := g.Solve(ctx, pos, catalog.Options{}); err != nil {
				b.Fatal(err)
			}
		}
	})
	// As the server does: the game looked up again for every request.
	b.Run("lookup-each-time", func(b *testing.B) {
		for range b.N {
			inst, err := catalog.LookupBuiltin("pig:100")
			if err != nil {
				b.Fatal(err)
			}
			if _, err := inst.Solve(ctx, pos, catalog.Options{}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("explore-same-instance", func(b *testing.B) {
		x := explorerOf(b, newInstance(100))
		if _, err := x.Explore(ctx, pos, catalog.Options{}, 0); err != nil {
			b.Fatal(err)
		}
		b.ResetTimer()
		for range b.N {
			if _, err := x.Explore(ctx, pos, catalog.Options{}, 0); err != nil {
				b.Fatal(err)
			}
		}
	})
}
