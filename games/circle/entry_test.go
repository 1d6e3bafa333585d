package circle

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/catalogtest"
)

// entryWitness computes, by the literal rules, the values of lines
// (take t = 1..k consecutive coins anywhere) and of circles (take t = 1..k
// coins, leaving a line of n - t).
type entryWitness struct {
	k    int
	line []int
}

func newEntryWitness(k, n int) *entryWitness {
	w := &entryWitness{k: k, line: make([]int, n)}
	for m := range w.line {
		seen := map[int]bool{}
		for t := 1; t <= k && t <= m; t++ {
			for i := 0; i+t <= m; i++ {
				seen[w.line[i]^w.line[m-t-i]] = true
			}
		}
		w.line[m] = catalogtest.Mex(seen)
	}
	return w
}

func (w *entryWitness) circle(n int) (int, []string) {
	seen := map[int]bool{}
	var moves []string
	for t := 1; t <= w.k && t <= n; t++ {
		seen[w.line[n-t]] = true
		if w.line[n-t] == 0 {
			if n == t {
				moves = append(moves, "empty")
			} else {
				moves = append(moves, fmt.Sprintf("line %d", n-t))
			}
		}
	}
	return catalogtest.Mex(seen), moves
}

func TestCircleAgainstWitness(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for k := 1; k <= 6; k++ {
		w := newEntryWitness(k, 70)
		spec := fmt.Sprintf("circle:%d", k)
		for i := 0; i < 25; i++ {
			n := rng.IntN(70)
			g, moves := w.circle(n)
			want := "N"
			if g == 0 {
				want = "P"
			}
			for _, m := range []catalog.Method{catalog.Auto, catalog.Search} {
				catalogtest.Check(t, catalogtest.Solve(t, spec, m, fmt.Sprint(n)), want, g, moves)
			}
		}
		// Sums of lines, searched: value and winning moves against the
		// witness, in the game's notation (shorter part first).
		for i := 0; i < 15; i++ {
			ls := make([]int, 1+rng.IntN(3))
			for j := range ls {
				ls[j] = 1 + rng.IntN(12)
			}
			sum := 0
			for _, l := range ls {
				sum ^= w.line[l]
			}
			var moves []string
			for j, l := range ls {
				for t := 1; t <= k && t <= l; t++ {
					for left := 0; left <= l-t-left; left++ {
						right := l - t - left
						if sum^w.line[l]^w.line[left]^w.line[right] != 0 {
							continue
						}
						var parts []string
						for x, o := range ls {
							if x != j {
								parts = append(parts, fmt.Sprintf("line %d", o))
								continue
							}
							if left > 0 {
								parts = append(parts, fmt.Sprintf("line %d", left))
							}
							if right > 0 {
								parts = append(parts, fmt.Sprintf("line %d", right))
							}
						}
						m := strings.Join(parts, " + ")
						if m == "" {
							m = "empty"
						}
						moves = append(moves, m)
					}
				}
			}
			want := "N"
			if sum == 0 {
				want = "P"
			}
			catalogtest.CheckSum(t, catalogtest.Solve(t, spec, catalog.Auto, "line "+catalog.JoinInts(ls)), want, sum, moves, " + ")
		}
	}
}

func TestCircleHuge(t *testing.T) {
	n := "1000000000000000000000000000001"
	catalogtest.Check(t, catalogtest.Solve(t, "circle:1", catalog.Auto, n), "N", -1, []string{"line 1000000000000000000000000000000"})
	catalogtest.Check(t, catalogtest.Solve(t, "circle:7", catalog.Auto, n), "P", 0, []string{})
	catalogtest.Check(t, catalogtest.Solve(t, "circle:2", catalog.Auto, "circle "+n), "P", 0, []string{})
}

func TestCircleErrors(t *testing.T) {
	catalogtest.Error(t, "circle:0", `bad K "0"`, "3")
	catalogtest.Error(t, "circle", "needs parameters", "3")
	catalogtest.Error(t, "circle:2", `unexpected "4" after the number of coins`, "3", "4")
	catalogtest.Error(t, "circle:2", `bad number of coins "x"`, "x")
	catalogtest.Error(t, "circle:2", `bad line length "-2"`, "line", "-2")
	inst, _ := catalog.Lookup("circle:2")
	if _, err := inst.Solve(t.Context(), []string{"line 3"}, catalog.Options{Method: catalog.ClosedForm}); err == nil {
		t.Fatal("lines have no closed form")
	}
}

func TestCircleTable(t *testing.T) {
	for k := 1; k <= 4; k++ {
		inst, _ := catalog.Lookup(fmt.Sprintf("circle:%d", k))
		tab, err := inst.(catalog.Tabler).Table(t.Context(), 40, catalog.Options{})
		if err != nil {
			t.Fatal(err)
		}
		w := newEntryWitness(k, 40)
		for n, v := range tab.Values {
			if g, _ := w.circle(n); int(v) != g {
				t.Fatalf("circle:%d table[%d] = %d, witness %d", k, n, v, g)
			}
		}
	}
}

// FuzzPositions feeds arbitrary positions to circle:2 under each method:
// every answer is a report with an outcome, every failure one line, and
// nothing panics or hangs (searches are bounded by MaxStates).
func FuzzPositions(f *testing.F) {
	for _, s := range []struct {
		method uint8
		pos    string
	}{{0, "7"}, {0, "line 3 4"}, {0, "line"}, {0, "circle"}, {1, "line 2"}, {0, "3 4"}} {
		f.Add(s.method, s.pos)
	}
	f.Fuzz(func(t *testing.T, method uint8, pos string) {
		catalogtest.SolveAny(t, "circle:2", method, pos)
	})
}
