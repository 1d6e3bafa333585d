package coordheap

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	_ "github.com/grundy-go/grundy/games/wythoff"
)

// plainValue is the Sprague–Grundy value of (a, b) by a recursion over
// moves written from the rules' words, apart from Moves.
func plainValue(rule string, r, p, q int, a, b int, memo map[[2]int]int) int {
	if v, ok := memo[[2]int{a, b}]; ok {
		return v
	}
	var opts [][2]int
	switch rule {
	case "wythoff":
		for x := 0; x <= a; x++ {
			for y := 0; y <= b; y++ {
				k, l := a-x, b-y
				one := (k == 0) != (l == 0)
				both := k > 0 && l > 0 && k-l < r && l-k < r
				if one || both {
					opts = append(opts, [2]int{x, y})
				}
			}
		}
	default: // a heap of a, memory b
		for take := 1; take <= a; take++ {
			ok := false
			switch rule {
			case "mem":
				ok = take >= b
			case "mem0":
				ok = take != b
			case "takeaway":
				ok = take*q <= p*b
			}
			if ok {
				opts = append(opts, [2]int{a - take, take})
			}
		}
	}
	seen := map[int]bool{}
	for _, o := range opts {
		seen[plainValue(rule, r, p, q, o[0], o[1], memo)] = true
	}
	v := 0
	for seen[v] {
		v++
	}
	memo[[2]int{a, b}] = v
	return v
}

func TestGridAgainstPlain(t *testing.T) {
	const n = 18
	cases := []struct {
		rule    Rule
		name    string
		r, p, q int
	}{
		{RWythoff{1}, "wythoff", 1, 0, 0},
		{RWythoff{2}, "wythoff", 2, 0, 0},
		{RWythoff{4}, "wythoff", 4, 0, 0},
		{MemRule(false), "mem", 0, 0, 0},
		{MemRule(true), "mem0", 0, 0, 0},
		{must(TakeAway("2")), "takeaway", 0, 2, 1},
		{must(TakeAway("3/2")), "takeaway", 0, 3, 2},
		{must(TakeAway("1")), "takeaway", 0, 1, 1},
	}
	for _, c := range cases {
		g, err := Grid(c.rule, n, nil)
		if err != nil {
			t.Fatal(err)
		}
		memo := map[[2]int]int{}
		for a := range n {
			for b := range n {
				if want := plainValue(c.name, c.r, c.p, c.q, a, b, memo); int(g[a][b]) != want {
					t.Fatalf("%s (%d,%d): %d, plain %d", c.rule.Spec(), a, b, g[a][b], want)
				}
			}
		}
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// CGSuite's GameHeapTest ("define coordinate games properly"): the values
// of (10, n), n = 0 … 20, and the number of options of (10, 10).
func TestCGSuiteValues(t *testing.T) {
	for _, tc := range []struct {
		rule    Rule
		options int
		row10   string
	}{
		{RWythoff{1}, 30, "10 11 9 8 13 12 0 15 16 17 14 18 7 6 2 3 1 4 5 23 28"},
		{RWythoff{2}, 48, "10 11 12 13 0 14 9 17 18 19 20 21 22 23 24 25 26 15 28 29 30"},
		{must(TakeAway("2")), 10, "0 2 2 2 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5"}, // FibonacciNim
		{must(TakeAway("3")), 10, "0 2 2 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6"},
		{MemRule(false), 1, "3 3 3 3 2 2 1 1 1 1 1 0 0 0 0 0 0 0 0 0 0"},
		{MemRule(true), 9, "6 6 6 4 6 6 3 6 6 6 6 6 6 6 6 6 6 6 6 6 6"},
	} {
		g, err := Grid(tc.rule, 21, nil)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for b := 0; b <= 20; b++ {
			got = append(got, fmt.Sprint(g[10][b]))
		}
		if s := strings.Join(got, " "); s != tc.row10 {
			t.Errorf("%s (10, 0…20): %s, CGSuite %s", tc.rule.Spec(), s, tc.row10)
		}
		count := 0
		for range tc.rule.Moves(Pair{10, 10}) {
			count++
		}
		if count != tc.options {
			t.Errorf("%s (10,10): %d options, CGSuite %d", tc.rule.Spec(), count, tc.options)
		}
	}
	// CGSuite: GenMem((memory, j) -> j != memory).NimValueTable(10, 10).
	want := []string{
		"0 0 0 0 0 0 0 0 0 0 0", "1 0 1 1 1 1 1 1 1 1 1", "1 1 1 1 1 1 1 1 1 1 1", "2 2 2 0 2 2 2 2 2 2 2",
		"3 2 3 3 0 3 3 3 3 3 3", "3 3 3 3 3 0 3 3 3 3 3", "2 2 2 2 2 2 2 2 2 2 2", "4 4 4 4 4 4 4 0 4 4 4",
		"5 4 5 3 5 5 5 5 5 5 5", "5 5 5 5 5 5 5 5 5 0 5", "6 6 6 4 6 6 3 6 6 6 6",
	}
	g, _ := Grid(MemRule(true), 11, nil)
	for a, row := range g {
		if s := strings.Trim(fmt.Sprint(row), "[]"); s != want[a] {
			t.Errorf("mem0 row %d: %s, CGSuite %s", a, s, want[a])
		}
	}
}

// TestFraenkelPPositions: r-Wythoff's P-positions are (⌊nα⌋, ⌊nβ⌋),
// α = (2 − r + √(r² + 4))/2, β = α + r (the check CGSuite's tests make).
func TestFraenkelPPositions(t *testing.T) {
	for r := 1; r <= 5; r++ {
		alpha := (2 - float64(r) + math.Sqrt(float64(r*r+4))) / 2
		beta := alpha + float64(r)
		g, _ := Grid(RWythoff{r}, int(15*beta)+2, nil)
		for i := 0; i < 15; i++ {
			a, b := int(float64(i)*alpha), int(float64(i)*beta)
			if g[a][b] != 0 || g[b][a] != 0 {
				t.Errorf("r = %d: (%d, %d) has value %d, Fraenkel's formula says P", r, a, b, g[a][b])
			}
		}
	}
}

// TestPathsAgree: the search (solve) and the table give the same values,
// and r-wythoff:1 the built-in wythoff's.
func TestPathsAgree(t *testing.T) {
	ctx := context.Background()
	for _, spec := range []string{"r-wythoff:1", "r-wythoff:3", "mem", "mem0", "takeaway:2", "takeaway:5/2"} {
		inst, err := catalog.Lookup(spec)
		if err != nil {
			t.Fatal(err)
		}
		tab, err := inst.(catalog.Tabler).Table(ctx, 12, catalog.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for a := 0; a < 12; a++ {
			for b := 0; b < 12; b += 3 {
				rep, err := inst.Solve(ctx, []string{fmt.Sprintf("%d,%d", a, b)}, catalog.Options{})
				if err != nil {
					t.Fatal(err)
				}
				if rep.Grundy.Int64() != tab.Grid[a][b] {
					t.Fatalf("%s (%d,%d): solve %v, table %d", spec, a, b, rep.Grundy, tab.Grid[a][b])
				}
			}
		}
	}
	g, _ := Grid(RWythoff{1}, 12, nil)
	w, err := catalog.Lookup("wythoff")
	if err != nil {
		t.Fatal(err)
	}
	for a := 0; a < 12; a++ {
		for b := 0; b < 12; b++ {
			rep, err := w.Solve(ctx, []string{fmt.Sprint(a), fmt.Sprint(b)}, catalog.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if rep.Grundy.Int64() != int64(g[a][b]) {
				t.Fatalf("wythoff %d %d: %v, r-wythoff:1 %d", a, b, rep.Grundy, g[a][b])
			}
		}
	}
}

func TestBadInput(t *testing.T) {
	for _, c := range []struct{ spec, pos, want string }{
		{"r-wythoff:0", "", "R is a whole number"},
		{"takeaway:-1", "", "bad ratio"},
		{"takeaway:x", "", "bad ratio"},
		{"mem", "3,x", "bad position"},
		{"mem", "3,2001", "from 0 to 2000"},
		{"mem", "", "no position"},
	} {
		inst, err := catalog.Lookup(c.spec)
		if err == nil {
			_, err = inst.Solve(context.Background(), strings.Fields(c.pos), catalog.Options{})
		}
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s %s: %v, want one line with %q", c.spec, c.pos, err, c.want)
		}
	}
}

// plainGenWythoff is the Sprague–Grundy value of (a, b) under
// GenWythoff(k -> A·k + B) by a recursion over every pair below, the
// move read from the definition (one heap, or both with 1 ≤ min ≤ max <
// A·min + B), apart from Moves.
func plainGenWythoff(A, B, a, b int, memo map[[2]int]int) int {
	if v, ok := memo[[2]int{a, b}]; ok {
		return v
	}
	seen := map[int]bool{}
	for x := 0; x <= a; x++ {
		for y := 0; y <= b; y++ {
			k, l := a-x, b-y
			s, t := min(k, l), max(k, l)
			if (k == 0) != (l == 0) || s >= 1 && t < A*s+B {
				seen[plainGenWythoff(A, B, x, y, memo)] = true
			}
		}
	}
	v := 0
	for seen[v] {
		v++
	}
	memo[[2]int{a, b}] = v
	return v
}

// TestGenWythoff: gen-wythoff's table against the plain recursion for
// several bounds; its moves are r-Wythoff's for A = 1 (so gen-wythoff:1,1
// is Wythoff's game, whose P-positions TestFraenkelPPositions checks), listed once
// each; and CGSuite's value row of GenWythoff(x -> x + 2) (GameHeapTest).
func TestGenWythoff(t *testing.T) {
	const n = 16
	for _, w := range []GenWythoff{{1, 1}, {1, 3}, {2, 1}, {2, 0}, {3, -1}, {0, 3}, {0, 1}, {2, -3}} {
		g, err := Grid(w, n, nil)
		if err != nil {
			t.Fatal(err)
		}
		memo := map[[2]int]int{}
		for a := range n {
			for b := range n {
				if want := plainGenWythoff(w.A, w.B, a, b, memo); int(g[a][b]) != want {
					t.Fatalf("%s (%d,%d): %d, plain %d", w.Spec(), a, b, g[a][b], want)
				}
				seen := map[Pair]bool{}
				for q := range w.Moves(Pair{a, b}) {
					if seen[q] {
						t.Fatalf("%s (%d,%d): the move to %v twice", w.Spec(), a, b, q)
					}
					seen[q] = true
				}
			}
		}
	}
	for r := 1; r <= 4; r++ {
		for a := range 14 {
			for b := range 14 {
				gen, rw := map[Pair]bool{}, map[Pair]bool{}
				for q := range (GenWythoff{1, r}).Moves(Pair{a, b}) {
					gen[q] = true
				}
				for q := range (RWythoff{r}).Moves(Pair{a, b}) {
					rw[q] = true
				}
				if fmt.Sprint(gen) != fmt.Sprint(rw) {
					t.Fatalf("gen-wythoff:1,%d and r-wythoff:%d differ at (%d,%d)", r, r, a, b)
				}
			}
		}
	}
	g, err := Grid(GenWythoff{1, 2}, 21, nil)
	if err != nil {
		t.Fatal(err)
	}
	var row []string
	for b := 0; b <= 20; b++ {
		row = append(row, fmt.Sprint(g[10][b]))
	}
	if got, want := strings.Join(row, " "), "10 11 12 13 0 14 9 17 18 19 20 21 22 23 24 25 26 15 28 29 30"; got != want {
		t.Errorf("GenWythoff(x -> x + 2) at (10, n): %s, CGSuite %s", got, want)
	}
	for _, p := range []string{"1", "1,", "-1,2", "1,x", "2001,1", "1,-2001"} {
		if _, err := ParseGenWythoff(p); err == nil {
			t.Errorf("gen-wythoff:%s accepted", p)
		}
	}
}

// TestGenWythoffPathsAgree: gen-wythoff:A,B's table (Grid) and solve
// (the search of the game's moves) give every position of a 12×12 grid
// the same Sprague–Grundy value and outcome, for the bounds of
// TestGenWythoff and random ones (A from 0, B negative too, so that some
// bounds allow no move from both heaps at all), the position written
// "a,b" or as two numbers.
func TestGenWythoffPathsAgree(t *testing.T) {
	ctx := context.Background()
	specs := []string{"gen-wythoff:1,1", "gen-wythoff:2,1", "gen-wythoff:0,1", "gen-wythoff:0,0", "gen-wythoff:3,-1", "gen-wythoff:2,-3"}
	r := rand.New(rand.NewPCG(21, 5))
	for range 8 {
		specs = append(specs, fmt.Sprintf("gen-wythoff:%d,%d", r.IntN(5), r.IntN(9)-4))
	}
	const n = 12
	for _, spec := range specs {
		inst, err := catalog.Lookup(spec)
		if err != nil {
			t.Fatal(err)
		}
		tab, err := inst.(catalog.Tabler).Table(ctx, n, catalog.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(tab.Grid) != n {
			t.Fatalf("%s: a table of %d rows, want %d", spec, len(tab.Grid), n)
		}
		for a := range n {
			for b := range n {
				for _, tokens := range [][]string{{fmt.Sprintf("%d,%d", a, b)}, {fmt.Sprint(a), fmt.Sprint(b)}} {
					rep, err := inst.Solve(ctx, tokens, catalog.Options{})
					if err != nil {
						t.Fatal(err)
					}
					v := tab.Grid[a][b]
					o := "N"
					if v == 0 {
						o = "P"
					}
					if rep.Grundy == nil || rep.Grundy.Int64() != v || rep.Outcome != o || rep.Position != fmt.Sprintf("%d,%d", a, b) {
						t.Fatalf("%s %v: solve %s outcome %s grundy %v, table %d", spec, tokens, rep.Position, rep.Outcome, rep.Grundy, v)
					}
				}
			}
		}
	}
}
