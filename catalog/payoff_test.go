package catalog

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/grundy-go/grundy/budget"
	"iter"
	"math/big"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/grundy-go/grundy/games/landlords"
	"github.com/grundy-go/grundy/payoff"
)

func solveJSON(t *testing.T, spec string, tokens ...string) map[string]any {
	t.Helper()
	inst, err := Lookup(spec)
	if err != nil {
		t.Fatal(err)
	}
	r, err := inst.Solve(context.Background(), tokens, Options{})
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

func TestLandlordsReport(t *testing.T) {
	for _, c := range []struct {
		n, m    string
		value   float64
		outcome string
	}{{"0", "3", 0.25, "D"}, {"1", "0", 1, "N"}, {"1", "1", 0.5, "D"}} {
		m := solveJSON(t, "landlords", c.n, c.m)
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

func TestPigReport(t *testing.T) {
	m := solveJSON(t, "pig:2")
	if v := m["value"].(float64); v < 6.0/7-1e-12 || v > 6.0/7+1e-12 {
		t.Errorf("pig:2 value %v, want 6/7", v)
	}
	if m["best_action"] != "roll" || m["position"] != "0 0 0" {
		t.Errorf("pig:2: %v", m)
	}
	m = solveJSON(t, "pig:10", "5", "3", "6")
	if m["value"].(float64) != 1 || m["outcome"] != "N" || m["best_action"] != "hold" {
		t.Errorf("pig:10 5 3 6: %v", m)
	}
}

func TestPayoffBadInput(t *testing.T) {
	cases := []struct {
		spec   string
		tokens []string
		want   string
	}{
		{"pig:0", nil, "between 1 and"},
		{"pig:x", nil, "bad goal"},
		{"pig:10", []string{"10", "0", "0"}, "already reached the goal"},
		{"pig:10", []string{"1", "12", "0"}, "the game is over"},
		{"pig:10", []string{"1", "2"}, "expected 3"},
		{"landlords", []string{"1"}, "expected 2"},
		{"landlords", []string{"1", "-2"}, "must not be negative"},
		{"landlords", []string{"1", "99999"}, "at most"},
	}
	for _, c := range cases {
		inst, err := Lookup(c.spec)
		if err == nil {
			_, err = inst.Solve(context.Background(), c.tokens, Options{})
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %v: got %v, want an error containing %q", c.spec, c.tokens, err, c.want)
		}
	}
	for _, c := range []struct {
		spec   string
		tokens []string
	}{{"pig:100", nil}, {"landlords", []string{"100", "3"}}} {
		inst, _ := Lookup(c.spec)
		if _, err := inst.Solve(context.Background(), c.tokens, Options{MaxStates: 1000}); !errors.Is(err, budget.ErrExceeded) || !strings.Contains(err.Error(), "more than the limit of 1000") {
			t.Errorf("%s with --max-states 1000: %v", c.spec, err)
		}
	}
	if _, err := Lookup("pig"); err == nil {
		t.Error("pig without a goal accepted")
	}
}

// race is a three-player game on a counter: each player in turn adds 1 or
// 2; whoever reaches the target gets 2, the player after it 1, the other 0.
type race struct{ target int }

type raceState struct{ n, who int }

func (g race) Players() int           { return 3 }
func (g race) ToMove(p raceState) int { return p.who }
func (g race) Moves(p raceState) iter.Seq[raceState] {
	return func(yield func(raceState) bool) {
		if p.n >= g.target {
			return
		}
		for d := 1; d <= 2 && p.n+d <= g.target; d++ {
			if !yield(raceState{p.n + d, (p.who + 1) % 3}) {
				return
			}
		}
	}
}
func (g race) Payoff(p raceState) []*big.Rat {
	winner := (p.who + 2) % 3 // the player who moved last
	out := make([]*big.Rat, 3)
	for k := range out {
		out[k] = new(big.Rat)
	}
	out[winner].SetInt64(2)
	out[(winner+1)%3].SetInt64(1)
	return out
}

func TestSolvePayoff(t *testing.T) {
	format := func(p raceState) string { return strconv.Itoa(p.n) + "/" + strconv.Itoa(p.who) }
	// From 1 short of the target the mover takes it: payoff (2, 1, 0) from
	// the mover.
	r, err := SolvePayoff(context.Background(), "race", race{target: 5}, raceState{4, 1}, format, PayoffOptions{})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(r)
	got := string(b)
	for _, want := range []string{`"payoff":["2","1","0"]`, `"winning_moves":["5/2"]`, `"outcome":"best: player 1"`, `"tie_break":"first"`} {
		if !strings.Contains(got, want) {
			t.Errorf("report %s lacks %s", got, want)
		}
	}
	r, err = SolvePayoff(context.Background(), "race", race{target: 5}, raceState{0, 0}, format, PayoffOptions{Options: Options{TieBreak: payoff.TieLast, Float: true}})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Payoff.([]any)) != 3 {
		t.Errorf("payoff %v", r.Payoff)
	}
}

// nimZero is one-heap Nim (take 1 or 2) as a zero-sum game: the player who
// takes the last token scores +1.
type nimZero struct{}

type nzPos struct{ n, who int }

func (nimZero) Players() int       { return 2 }
func (nimZero) ToMove(p nzPos) int { return p.who }
func (nimZero) Moves(p nzPos) iter.Seq[nzPos] {
	return func(yield func(nzPos) bool) {
		for d := 1; d <= 2 && d <= p.n; d++ {
			if !yield(nzPos{p.n - d, 1 - p.who}) {
				return
			}
		}
	}
}
func (nimZero) Payoff(p nzPos) []*big.Rat {
	// the player to move cannot move: the other took the last token
	if p.who == 0 {
		return []*big.Rat{big.NewRat(-1, 1), big.NewRat(1, 1)}
	}
	return []*big.Rat{big.NewRat(1, 1), big.NewRat(-1, 1)}
}

func TestSolvePayoffRootOnly(t *testing.T) {
	format := func(p nzPos) string { return strconv.Itoa(p.n) }
	for n := 0; n <= 12; n++ {
		full, err := SolvePayoff(context.Background(), "nz", nimZero{}, nzPos{n, 1}, format, PayoffOptions{})
		if err != nil {
			t.Fatal(err)
		}
		root, err := SolvePayoff(context.Background(), "nz", nimZero{}, nzPos{n, 1}, format, PayoffOptions{RootOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		want := "1"
		if n%3 == 0 {
			want = "-1"
		}
		if full.Value != want || root.Value != want || full.Outcome != root.Outcome {
			t.Errorf("n=%d: full %v %v, root %v %v, want %s", n, full.Value, full.Outcome, root.Value, root.Outcome, want)
		}
	}
}

func TestKuhnReport(t *testing.T) {
	m := solveJSON(t, "kuhn")
	if m["value_exact"] != "-1/18" || m["verified"] != true {
		t.Errorf("kuhn: %v", m)
	}
	inst, _ := Lookup("kuhn")
	if _, err := inst.Solve(context.Background(), []string{"3"}, Options{}); err == nil {
		t.Error("kuhn accepted a position")
	}
}

func TestTShirtsReport(t *testing.T) {
	m := solveJSON(t, "tshirts", "3 1 2 / 1 2 3 / 2 3 1")
	if m["last_shirt"].(float64) != 1 || m["outcome"] != "best: player 2" {
		t.Errorf("tshirts: %v", m)
	}
	// Without separators the 3n numbers are split evenly.
	m2 := solveJSON(t, "tshirts", "3", "1", "2", "1", "2", "3", "2", "3", "1")
	if m2["last_shirt"] != m["last_shirt"] || m2["position"] != m["position"] {
		t.Errorf("tshirts flat: %v", m2)
	}
	for _, c := range []struct{ tokens, want string }{
		{"1 2 / 2 1", "separated by '/', got 2"},
		{"1 2 / 2 1 / 1", "player 3's order has 1 shirts"},
		{"1 1 / 2 1 / 1 2", "names shirt 1 twice"},
		{"1 2 3 4", "not a multiple of 3"},
		{"1 2 / x 1 / 1 2", "player 2's order"},
	} {
		inst, _ := Lookup("tshirts")
		_, err := inst.Solve(context.Background(), []string{c.tokens}, Options{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("tshirts %q: %v, want %q", c.tokens, err, c.want)
		}
	}
}

// TestLandlordsTableShared checks that Landlords positions are answered
// from the largest table solved so far, with the values of a table solved
// for the position alone, also when looked up concurrently.
func TestLandlordsTableShared(t *testing.T) {
	ctx := context.Background()
	big, err := landlordsTable(ctx, 40)
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := landlordsTable(ctx, 12); again.N < 40 {
		t.Fatalf("a table for 12 cards was solved again (N = %d) while one for 40 was kept", again.N)
	}
	if more, _ := landlordsTable(ctx, 41); more.N < 41 {
		t.Fatalf("a table for 41 cards has N = %d", more.N)
	}
	inst, err := LookupBuiltin("landlords")
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
				r, err := inst.Solve(ctx, []string{strconv.Itoa(n), strconv.Itoa(m)}, Options{})
				if err != nil {
					errs <- err
					return
				}
				own, err := landlords.Solve(ctx, max(n, m))
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

// BenchmarkLandlordsSolve: a position of 1000 cards a side, the table
// solved afresh and then read from the shared table (as the server's
// requests do).
func BenchmarkLandlordsSolve(b *testing.B) {
	ctx := context.Background()
	b.Run("fresh-table", func(b *testing.B) {
		for range b.N {
			if _, err := landlords.Solve(ctx, 1000); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("shared-table", func(b *testing.B) {
		inst, err := LookupBuiltin("landlords")
		if err != nil {
			b.Fatal(err)
		}
		pos := []string{"1000", "1000"}
		if _, err := inst.Solve(ctx, pos, Options{}); err != nil {
			b.Fatal(err)
		}
		b.ResetTimer()
		for range b.N {
			if _, err := inst.Solve(ctx, pos, Options{}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestStateCapTyped: Pig's and Landlords' state caps are typed limits
// (budget.Exceeded of States) worded without any flag, and 0 means the
// default cap, not "no limit".
func TestStateCapTyped(t *testing.T) {
	for _, c := range []struct{ spec, pos string }{{"pig:200", "0 0 0"}, {"landlords", "2000 2000"}} {
		inst, err := Lookup(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		_, err = inst.Solve(context.Background(), []string{c.pos}, Options{MaxStates: 1000})
		var x *budget.Exceeded
		if !errors.As(err, &x) || x.Resource != budget.States || x.Limit != 1000 || strings.Contains(err.Error(), "--") {
			t.Errorf("%s %s: got %v, want a budget.Exceeded of 1000 positions naming no flag", c.spec, c.pos, err)
		}
	}
	if got := stateCap(Options{}); got != DefaultMaxStates {
		t.Errorf("stateCap(0) = %d, want %d", got, DefaultMaxStates)
	}
}
