package landlords

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/catalogtest"
)

// solveJSON is Solve's --json answer, decoded.
func solveJSON(t *testing.T, tokens ...string) map[string]any {
	t.Helper()
	inst, err := catalog.Lookup("landlords")
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

// explorer is Landlords' explorer, found as front ends find it.
func explorer(t testing.TB) catalog.Explorer {
	t.Helper()
	inst, err := catalog.Lookup("landlords")
	if err != nil {
		t.Fatal(err)
	}
	x, ok := catalog.AsExplorer(inst)
	if !ok {
		t.Fatal("landlords does not explore")
	}
	return x
}

func TestLandlordsReport(t *testing.T) {
	for _, c := range []struct {
		n, m    string
		value   float64
		outcome string
	}{{"0", "3", 0.25, "D"}, {"1", "0", 1, "N"}, {"1", "1", 0.5, "D"}} {
		m := solveJSON(t, c.n, c.m)
		if m["value"].(float64) != c.value || m["outcome"] != c.outcome {
			t.Errorf("landlords %s %s: value %v outcome %v, want %v %v", c.n, c.m, m["value"], m["outcome"], c.value, c.outcome)
		}
		st := m["strategy"].(map[string]any)
		sum := st["guess"].(float64) + st["ask"].(float64) + st["bluff"].(float64)
		if sum < 1-1e-12 || sum > 1+1e-12 {
			t.Errorf("strategy %v does not sum to 1", st)
		}
	}
}

// TestLandlordsBadInput: bad positions and limits are one-line errors;
// the state cap and the memory budget are typed limits naming no flag.
func TestLandlordsBadInput(t *testing.T) {
	inst, _ := catalog.Lookup("landlords")
	for _, c := range []struct {
		tokens []string
		want   string
	}{
		{[]string{"1"}, "expected 2"},
		{[]string{"1", "-2"}, "must not be negative"},
		{[]string{"1", "99999"}, "at most"},
		{[]string{"x", "1"}, "a Landlords position is N M"},
	} {
		_, err := inst.Solve(context.Background(), c.tokens, catalog.Options{})
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("landlords %v: got %v, want one line containing %q", c.tokens, err, c.want)
		}
	}
	if _, err := catalog.Lookup("landlords:3"); err == nil {
		t.Error("landlords:3 accepted")
	}
	for _, pos := range []string{"100 3", "2000 2000"} {
		_, err := inst.Solve(context.Background(), []string{pos}, catalog.Options{MaxStates: 1000})
		var x *budget.Exceeded
		if !errors.As(err, &x) || x.Resource != budget.States || x.Limit != 1000 || strings.Contains(err.Error(), "--") || !strings.Contains(err.Error(), "more than the limit of 1000") {
			t.Errorf("landlords %s: got %v, want a budget.Exceeded of 1000 positions naming no flag", pos, err)
		}
	}
	_, err := inst.Solve(context.Background(), []string{"1999 3"}, catalog.Options{Method: catalog.Search, Memory: budget.NewBytes(1 << 20)})
	var x *budget.Exceeded
	if !errors.As(err, &x) || x.Resource != budget.Memory {
		t.Errorf("landlords 1999 3 in 1 MiB: got %v, want a budget.Exceeded of Memory", err)
	}
}

// TestLandlordsTableShared checks that Landlords positions are answered
// from the largest table solved so far, with the values of a table solved
// for the position alone, also when looked up concurrently.
func TestLandlordsTableShared(t *testing.T) {
	ctx := context.Background()
	big, err := sharedTable(ctx, 40)
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := sharedTable(ctx, 12); again.N < 40 {
		t.Fatalf("a table for 12 cards was solved again (N = %d) while one for 40 was kept", again.N)
	}
	if more, _ := sharedTable(ctx, 41); more.N < 41 {
		t.Fatalf("a table for 41 cards has N = %d", more.N)
	}
	inst, err := catalog.LookupBuiltin("landlords")
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 20 {
				n, m := (w*7+i*3)%41, (w*5+i*11)%41
				r, err := inst.Solve(ctx, []string{strconv.Itoa(n), strconv.Itoa(m)}, catalog.Options{})
				if err != nil {
					errs <- err
					return
				}
				own, err := Solve(ctx, max(n, m))
				if err != nil {
					errs <- err
					return
				}
				if r.Value != own.Win(n, m) || big.Win(n, m) != own.Win(n, m) {
					errs <- fmt.Errorf("landlords %d %d: %v from the shared table, %v from its own", n, m, r.Value, own.Win(n, m))
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestLandlordsMoves: guessing wins with probability 1/(M+1), and every
// move the optimal mix plays is worth the position's value against the
// opponent's optimal mix (the equilibrium's indifference).
func TestLandlordsMoves(t *testing.T) {
	ex := explorer(t)
	for _, pos := range []string{"1 1", "2 3", "5 4", "0 3", "3 0"} {
		x, err := ex.Explore(context.Background(), []string{pos}, catalog.Options{}, 0)
		if err != nil {
			t.Fatalf("%s: %v", pos, err)
		}
		v := x.Report.Value.(float64)
		for _, m := range x.Moves {
			if p, _ := m.Strategy.(float64); p > 1e-9 {
				mv, _ := m.MoverValue.(float64)
				if s, ok := m.MoverValue.(string); ok {
					r, _ := new(big.Rat).SetString(s)
					mv, _ = r.Float64()
				}
				if math.Abs(mv-v) > 1e-9 {
					t.Errorf("%s %s: played with probability %v, worth %v, value %v", pos, m.To, p, mv, v)
				}
			}
		}
		if m := x.Moves[0]; strings.HasPrefix(m.To, "guess") {
			f := strings.Fields(pos)
			if want := "1/" + map[string]string{"1": "2", "3": "4", "4": "5"}[f[1]]; m.MoverValue != want {
				t.Errorf("%s guess: %v, want %s", pos, m.MoverValue, want)
			}
		}
	}
}

// FuzzExplore feeds arbitrary positions to Landlords' explorer: whatever
// the input, an exploration whose moves lead somewhere, or a one-line
// error; never a panic or a hang.
func FuzzExplore(f *testing.F) {
	for _, s := range []string{"1 1", "0 0", "3000 1", "2000 0", "", "1", "1 -1", "5 4"} {
		f.Add(s)
	}
	ex := explorer(f)
	f.Fuzz(func(t *testing.T, pos string) { catalogtest.ExploreAny(t, ex, pos) })
}

// BenchmarkLandlordsSolve: a position of 1000 cards a side, the table
// solved afresh and then read from the shared table (as the server's
// requests do).
func BenchmarkLandlordsSolve(b *testing.B) {
	ctx := context.Background()
	b.Run("fresh-table", func(b *testing.B) {
		for range b.N {
			if _, err := Solve(ctx, 1000); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("shared-table", func(b *testing.B) {
		inst, err := catalog.LookupBuiltin("landlords")
		if err != nil {
			b.Fatal(err)
		}
		pos := []string{"1000", "1000"}
		if _, err := inst.Solve(ctx, pos, catalog.Options{}); err != nil {
			b.Fatal(err)
		}
		b.ResetTimer()
		for range b.N {
			if _, err := inst.Solve(ctx, pos, catalog.Options{}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
