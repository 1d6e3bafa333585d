package lasker

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/catalogtest"
)

// entryWitness computes G(n) of Lasker's Nim by the literal rules.
func entryWitness(n int) []int {
	g := make([]int, n)
	for h := range g {
		seen := map[int]bool{}
		for m := 0; m < h; m++ {
			seen[g[m]] = true
		}
		for a := 1; a < h; a++ {
			seen[g[a]^g[h-a]] = true
		}
		g[h] = catalogtest.Mex(seen)
	}
	return g
}

func TestLaskerAgainstWitness(t *testing.T) {
	g := entryWitness(60)
	rng := rand.New(rand.NewPCG(6, 1))
	for i := 0; i < 200; i++ {
		h := make([]int, 1+rng.IntN(3))
		for j := range h {
			h[j] = rng.IntN([]int{40, 9}[i%2])
		}
		sum := 0
		for _, x := range h {
			sum ^= g[x]
		}
		var moves []string
		for j, x := range h {
			for m := 0; m < x; m++ {
				if sum^g[x]^g[m] == 0 {
					next := slices.Clone(h)
					next[j] = m
					moves = append(moves, catalog.JoinInts(next))
				}
			}
			for a := 1; a <= x/2; a++ {
				if sum^g[x]^g[a]^g[x-a] == 0 {
					next := slices.Concat(h[:j], []int{a, x - a}, h[j+1:])
					moves = append(moves, catalog.JoinInts(next))
				}
			}
		}
		want := "N"
		if sum == 0 {
			want = "P"
		}
		catalogtest.CheckSum(t, catalogtest.Solve(t, "lasker", catalog.Auto, catalog.JoinInts(h)), want, sum, moves, " ")
		if tokens := slices.Max(h) * len(h); tokens <= 20 {
			// The search of a sum also searches its remoteness, which
			// grows fast with splits: keep it small.
			catalogtest.CheckSum(t, catalogtest.Solve(t, "lasker", catalog.Search, catalog.JoinInts(h)), want, sum, moves, " ")
		}
	}
}

func TestLaskerHuge(t *testing.T) {
	x := "123456789012345678901234567891" // ≡ 3 (mod 4): value x+1
	r := catalogtest.Solve(t, "lasker", catalog.Auto, x)
	if r.Outcome != "N" || r.Grundy.String() != "123456789012345678901234567892" {
		t.Fatalf("lasker %s: %s %v", x, r.Outcome, r.Grundy)
	}
	// Taking cannot reach value 0 except by taking all; the list is
	// incomplete because the splits are not enumerated.
	if !slices.Contains(r.WinningMoves, "0") || !r.MovesIncomplete {
		t.Fatalf("lasker %s: moves %q incomplete=%v", x, r.WinningMoves, r.MovesIncomplete)
	}
	// x and x+1 have values x+1 and x, whose nim-sum is 7 (x ends in binary
	// 011, x+1 in 100). Taking x+1 down to x leaves G(x) ⊕ G(x) = 0.
	y := "123456789012345678901234567892"
	r = catalogtest.Solve(t, "lasker", catalog.Auto, x, y)
	if r.Outcome != "N" || r.Grundy.Int64() != 7 || !slices.Contains(r.WinningMoves, x+" "+x) {
		t.Fatalf("lasker %s %s: %s %v %q", x, y, r.Outcome, r.Grundy, r.WinningMoves)
	}
	// Two equal huge heaps: P.
	r = catalogtest.Solve(t, "lasker", catalog.Auto, x, x)
	catalogtest.Check(t, r, "P", 0, []string{})
}

func TestLaskerTable(t *testing.T) {
	inst, _ := catalog.Lookup("lasker")
	g := entryWitness(40)
	for _, m := range []catalog.Method{catalog.Auto, catalog.Search} {
		tab, err := inst.(catalog.Tabler).Table(t.Context(), 40, catalog.Options{Method: m})
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(tab.Values) != fmt.Sprint(g) {
			t.Fatalf("table %v, witness %v", tab.Values, g)
		}
	}
}

func TestLaskerErrors(t *testing.T) {
	catalogtest.Error(t, "lasker", `bad heap size "-3"`, "-3")
	catalogtest.Error(t, "lasker", `bad heap size "x"`, "1", "x")
	catalogtest.Error(t, "lasker:2", "takes no parameters", "1")
}

// FuzzPositions feeds arbitrary positions to lasker under each method:
// every answer is a report with an outcome, every failure one line, and
// nothing panics or hangs (searches are bounded by MaxStates).
func FuzzPositions(f *testing.F) {
	for _, s := range []struct {
		method uint8
		pos    string
	}{{0, "7 8"}, {2, "4 4"}, {0, "x"}} {
		f.Add(s.method, s.pos)
	}
	f.Fuzz(func(t *testing.T, method uint8, pos string) {
		catalogtest.SolveAny(t, "lasker", method, pos)
	})
}

// bruteRemoteness is the remoteness of a Lasker's Nim position from the
// definition, over sorted tuples of non-empty heaps: a move takes from one
// heap or splits it into two non-empty heaps.
func bruteRemoteness(heaps []int, memo map[string]int) int {
	next := func(hs []int) [][]int {
		var out [][]int
		for i, h := range hs {
			for to := 0; to < h; to++ {
				q := slices.Clone(hs)
				q[i] = to
				out = append(out, q)
			}
			for a := 1; a <= h/2; a++ {
				q := slices.Clone(hs)
				q[i] = a
				out = append(out, append(q, h-a))
			}
		}
		return out
	}
	key := func(hs []int) string {
		hs = slices.DeleteFunc(slices.Clone(hs), func(h int) bool { return h == 0 })
		slices.Sort(hs)
		return fmt.Sprint(hs)
	}
	return catalogtest.RemotenessByDefinition(heaps, next, key, memo)
}

func TestSplittingRemotenessAgainstBruteForce(t *testing.T) {
	// One Lasker heap's moves leave sums, so its remoteness comes from the
	// sum search too; so does a small sum's.
	memo := map[string]int{}
	rng := rand.New(rand.NewPCG(21, 22))
	cases := [][]int{{1}, {2}, {3}, {4}, {5}, {6}, {7}, {8}}
	for range 15 {
		heaps := make([]int, 1+rng.IntN(2))
		for i := range heaps {
			heaps[i] = rng.IntN(6 + 1)
		}
		cases = append(cases, heaps)
	}
	for _, heaps := range cases {
		want := bruteRemoteness(heaps, memo)
		r := catalogtest.Solve(t, "lasker", catalog.Search, catalog.JoinInts(heaps))
		if r.Remoteness == nil || *r.Remoteness != want {
			t.Fatalf("lasker %v: remoteness %v, want %d", heaps, r.Remoteness, want)
		}
	}
}
