package catalog

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/grundy-go/grundy/games/pig"
)

// TestPigTableKept: a Pig instance solves its table once; later Solves
// and explorations read the same table, and their answers are exactly
// those of a table solved afresh by pig.Solve. Looking the game up again
// gives the same instance (the server looks games up per request).
func TestPigTableKept(t *testing.T) {
	ctx := context.Background()
	const goal = 25
	fresh, err := pig.Solve(ctx, goal, pig.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g := newPig(goal)
	var calls atomic.Int64
	opts := Options{Progress: func(int) { calls.Add(1) }}
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
	if _, err := g.Successors(ctx, []string{"3 4 5"}, Options{}, 10); err != nil || g.tab.Load() != tab {
		t.Errorf("successors: %v, table kept %v", err, g.tab.Load() == tab)
	}
	i1, _ := Lookup("pig:" + fmt.Sprint(goal))
	i2, _ := Lookup("pig:" + fmt.Sprint(goal))
	i3, _ := LookupBuiltin("pig:" + fmt.Sprint(goal))
	if i1 != i2 || i1 != i3 {
		t.Error("look-ups of the same goal gave different instances")
	}
}

// TestPigTableConcurrent: many goroutines solving and exploring one
// instance at once see one table (run it with -race).
func TestPigTableConcurrent(t *testing.T) {
	ctx := context.Background()
	const goal = 30
	g := newPig(goal)
	fresh, err := pig.Solve(ctx, goal, pig.Options{})
	if err != nil {
		t.Fatal(err)
	}
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
				x, err := asExplorerOf(g).Explore(ctx, pos, Options{}, 0)
				if err != nil {
					errs <- err
					return
				}
				if x.Report.Value != fresh.Win(a, b, k) {
					errs <- fmt.Errorf("%v: explored %v, want %v", pos, x.Report.Value, fresh.Win(a, b, k))
				}
				return
			}
			r, err := g.Solve(ctx, pos, Options{Progress: func(int) { calls.Add(1) }})
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
	g := newPig(40)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := g.Solve(ctx, nil, Options{}); err == nil {
		t.Fatal("a cancelled solve succeeded")
	}
	if g.tab.Load() != nil {
		t.Fatal("a cancelled solve kept a table")
	}
	r, err := g.Solve(context.Background(), nil, Options{})
	if err != nil || g.tab.Load() == nil || r.Value != g.tab.Load().Win(0, 0, 0) {
		t.Fatalf("after a cancelled solve: %v, %v", r, err)
	}
}

// TestPigInstancesBounded: the instances kept for reuse hold at most
// pigCacheCells cells of tables, the newest kept.
func TestPigInstancesBounded(t *testing.T) {
	for goal := pig.MaxGoal; goal > pig.MaxGoal-6; goal-- {
		sharedPig(goal)
	}
	pigInstances.Lock()
	defer pigInstances.Unlock()
	cells := 0
	for _, g := range pigInstances.recent {
		cells += g.goal * g.goal * g.goal
	}
	if n := len(pigInstances.recent); cells > pigCacheCells || n == 0 || pigInstances.recent[n-1].goal != pig.MaxGoal-5 {
		t.Errorf("%d instances kept, %d cells (limit %d)", n, cells, pigCacheCells)
	}
}

// BenchmarkPigSolve: Solve of Pig to 100 on a new instance (the whole
// value iteration) and on an instance that has solved it before (the
// table kept).
func BenchmarkPigSolve(b *testing.B) {
	ctx := context.Background()
	pos := []string{"10 20 5"}
	b.Run("new-instance", func(b *testing.B) {
		for range b.N {
			if _, err := newPig(100).Solve(ctx, pos, Options{}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("same-instance", func(b *testing.B) {
		g := newPig(100)
		if _, err := g.Solve(ctx, pos, Options{}); err != nil {
			b.Fatal(err)
		}
		b.ResetTimer()
		for range b.N {
			if _, err := g.Solve(ctx, pos, Options{}); err != nil {
				b.Fatal(err)
			}
		}
	})
	// As the server does: the game looked up again for every request.
	b.Run("lookup-each-time", func(b *testing.B) {
		for range b.N {
			inst, err := LookupBuiltin("pig:100")
			if err != nil {
				b.Fatal(err)
			}
			if _, err := inst.Solve(ctx, pos, Options{}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("explore-same-instance", func(b *testing.B) {
		g := newPig(100)
		x := asExplorerOf(g)
		if _, err := x.Explore(ctx, pos, Options{}, 0); err != nil {
			b.Fatal(err)
		}
		b.ResetTimer()
		for range b.N {
			if _, err := x.Explore(ctx, pos, Options{}, 0); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// asExplorerOf is AsExplorer for a test that knows the instance explores.
func asExplorerOf(inst Instance) Explorer {
	x, ok := AsExplorer(inst)
	if !ok {
		panic(fmt.Sprintf("%s does not explore", inst.Spec()))
	}
	return x
}
