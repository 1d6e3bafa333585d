package pig

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"os"
	"strings"
	"testing"
)

// TestPublished checks the values in testdata/published.txt, which name
// their sources.
func TestPublished(t *testing.T) {
	data, err := os.ReadFile("testdata/published.txt")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var goal, i, j, k int
		var want, tol float64
		if _, err := fmt.Sscan(line, &goal, &i, &j, &k, &want, &tol); err != nil {
			t.Fatalf("bad line %q: %v", line, err)
		}
		if goal == 100 && testing.Short() {
			continue
		}
		tab, err := Solve(context.Background(), goal, Options{})
		if err != nil {
			t.Fatal(err)
		}
		got := tab.Win(i, j, k)
		t.Logf("Pig to %d at (%d,%d,%d): %.12f after %d sweeps", goal, i, j, k, got, tab.Sweeps)
		if math.Abs(got-want) > tol {
			t.Fatalf("Pig to %d at (%d,%d,%d): %.12f, want %v ± %v", goal, i, j, k, got, want, tol)
		}
		n++
	}
	if n == 0 {
		t.Fatal("no published values checked")
	}
}

// TestPigToTwo: rolling wins unless a 1 comes up, so P = 5/6 + (1 − P)/6,
// P = 6/7; with goal 1 the same equation holds.
func TestPigToTwo(t *testing.T) {
	for _, goal := range []int{1, 2} {
		tab, err := Solve(context.Background(), goal, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got := tab.Win(0, 0, 0); math.Abs(got-6.0/7) > 1e-12 {
			t.Fatalf("goal %d: %v, want 6/7", goal, got)
		}
	}
}

type state struct{ i, j, k int }

// exactTable solves the optimality equations exactly for a small goal:
// it evaluates the policy read off the float table by exact Gaussian
// elimination over big.Rat, then checks that no state's other action is
// strictly better under those exact values (so the values solve
// P = max(roll, hold) exactly).
func exactTable(t *testing.T, tab *Table) map[state]*big.Rat {
	goal := tab.Goal
	var states []state
	index := map[state]int{}
	for i := 0; i < goal; i++ {
		for j := 0; j < goal; j++ {
			for k := 0; i+k < goal; k++ {
				index[state{i, j, k}] = len(states)
				states = append(states, state{i, j, k})
			}
		}
	}
	n := len(states)
	roll := make([]bool, n)
	for x, s := range states {
		roll[x] = tab.Roll(s.i, s.j, s.k) >= tab.Hold(s.i, s.j, s.k)
	}
	sixth := big.NewRat(1, 6)
	// Row x: P(x) − Σ c·P(y) = const.
	build := func(x int, s state, rolling bool, M []*big.Rat) {
		add := func(y state, c *big.Rat, sign int) { // sign·c·P(y) moved to the left
			if y.i+y.k >= goal {
				t := new(big.Rat).Mul(c, big.NewRat(int64(sign), 1))
				M[n].Sub(M[n], t)
				return
			}
			t := new(big.Rat).Mul(c, big.NewRat(int64(sign), 1))
			M[index[y]].Add(M[index[y]], t)
		}
		M[x].Add(M[x], big.NewRat(1, 1))
		if rolling {
			// P = 1/6 − P(j,i,0)/6 + Σ P(i,j,k+r)/6
			M[n].Add(M[n], sixth)
			add(state{s.j, s.i, 0}, sixth, 1)
			for r := 2; r <= 6; r++ {
				add(state{s.i, s.j, s.k + r}, sixth, -1)
			}
		} else {
			// P = 1 − P(j, i+k, 0)
			M[n].Add(M[n], big.NewRat(1, 1))
			add(state{s.j, s.i + s.k, 0}, big.NewRat(1, 1), 1)
		}
	}
	M := make([][]*big.Rat, n)
	for x, s := range states {
		M[x] = make([]*big.Rat, n+1)
		for c := range M[x] {
			M[x][c] = new(big.Rat)
		}
		build(x, s, roll[x], M[x])
	}
	for c := 0; c < n; c++ {
		p := -1
		for r := c; r < n; r++ {
			if M[r][c].Sign() != 0 {
				p = r
				break
			}
		}
		if p < 0 {
			t.Fatal("singular policy system")
		}
		M[c], M[p] = M[p], M[c]
		for r := 0; r < n; r++ {
			if r == c || M[r][c].Sign() == 0 {
				continue
			}
			f := new(big.Rat).Quo(M[r][c], M[c][c])
			for q := c; q <= n; q++ {
				if M[c][q].Sign() != 0 {
					M[r][q].Sub(M[r][q], new(big.Rat).Mul(f, M[c][q]))
				}
			}
		}
	}
	val := map[state]*big.Rat{}
	for x, s := range states {
		val[s] = new(big.Rat).Quo(M[x][n], M[x][x])
	}
	win := func(s state) *big.Rat {
		if s.i+s.k >= goal {
			return big.NewRat(1, 1)
		}
		return val[s]
	}
	for _, s := range states {
		r := new(big.Rat).Sub(big.NewRat(1, 1), win(state{s.j, s.i, 0}))
		for d := 2; d <= 6; d++ {
			r.Add(r, win(state{s.i, s.j, s.k + d}))
		}
		r.Mul(r, sixth)
		h := new(big.Rat).Sub(big.NewRat(1, 1), win(state{s.j, s.i + s.k, 0}))
		best := r
		if h.Cmp(r) > 0 {
			best = h
		}
		if best.Cmp(val[s]) != 0 {
			t.Fatalf("goal %d: state %v is not optimal: value %s, roll %s, hold %s", goal, s, val[s].RatString(), r.RatString(), h.RatString())
		}
	}
	return val
}

func TestAgainstExactSolution(t *testing.T) {
	for goal := 1; goal <= 6; goal++ {
		tab, err := Solve(context.Background(), goal, Options{})
		if err != nil {
			t.Fatal(err)
		}
		exact := exactTable(t, tab)
		for s, v := range exact {
			f, _ := v.Float64()
			if got := tab.Win(s.i, s.j, s.k); math.Abs(got-f) > 1e-10 {
				t.Fatalf("goal %d state %v: %v, exact %s", goal, s, got, v.RatString())
			}
		}
		t.Logf("goal %d: P(0,0,0) = %s", goal, exact[state{0, 0, 0}].RatString())
	}
}

func TestBadGoal(t *testing.T) {
	for _, g := range []int{0, -1, MaxGoal + 1} {
		if _, err := Solve(context.Background(), g, Options{}); err == nil {
			t.Errorf("goal %d accepted", g)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Solve(ctx, 50, Options{}); err == nil {
		t.Error("cancelled solve succeeded")
	}
}

func BenchmarkPig100(b *testing.B) {
	for b.Loop() {
		if _, err := Solve(context.Background(), 100, Options{Tolerance: 1e-12}); err != nil {
			b.Fatal(err)
		}
	}
}

func TestProgressCountsEveryPosition(t *testing.T) {
	last := 0
	if _, err := Solve(context.Background(), 7, Options{Progress: func(n int) { last = n }}); err != nil {
		t.Fatal(err)
	}
	if want := 7 * 7 * 8 / 2; last != want {
		t.Fatalf("progress ended at %d positions, want %d", last, want)
	}
}
