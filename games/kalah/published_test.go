package kalah

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/grundy-go/grundy/search"
)

// Irving, Donkers and Uiterwijk, "Solving Kalah", ICGA Journal 23(3),
// 2000: Table 10 gives the first player's result (Win, Draw, Loss) for
// Kalah(m,n), m pits and n seeds, m, n ≤ 6 but (6,6); Table 9 the first
// player's margin for m = 4, 5, 6. (Read from the paper's tables as a
// public transcription lists them.)
var table10 = map[int]string{1: "DLWLWD", 2: "WLLLWW", 3: "DWWWWL", 4: "WWWWWD", 5: "DDWWWW", 6: "WWWWW"}

var table9 = map[[2]int]int{
	{4, 1}: 2, {4, 2}: 6, {4, 3}: 8, {4, 4}: 2, {4, 5}: 2, {4, 6}: 0,
	{5, 1}: 0, {5, 2}: 0, {5, 3}: 8, {5, 4}: 12, {5, 5}: 2, {5, 6}: 2,
	{6, 1}: 2, {6, 2}: 10, {6, 3}: 2, {6, 4}: 10, {6, 5}: 12,
}

func margin(t testing.TB, g *Game, p Pos) search.MarginValue {
	t.Helper()
	res, err := search.Margin(context.Background(), g, p, search.MarginOptions{TTSize: ttSize})
	if err != nil {
		t.Fatal(err)
	}
	return res.MarginValue
}

// TestPublished reproduces, by search, every value of the two tables that
// takes a few seconds here; the longer ones are in BENCHMARKS.md (and run
// with GRUNDY_KALAH_LONG=1).
func TestPublished(t *testing.T) {
	quick := func(m, n int) bool { return m <= 3 || 2*m*n <= 32 || m*n == 15 || m*n == 12 }
	if testing.Short() {
		quick = func(m, n int) bool { return 2*m*n <= 16 }
	}
	for m := 1; m <= 6; m++ {
		for n := 1; n <= len(table10[m]); n++ {
			if !quick(m, n) && !long() {
				continue
			}
			g := mustNew(t, m, n, false)
			v := margin(t, g, g.Start())
			wdl := "DWL"[map[bool]int{true: 1}[v.Margin > 0]+map[bool]int{true: 2}[v.Margin < 0]]
			if want := table10[m][n-1]; wdl != want {
				t.Errorf("Kalah(%d,%d): margin %d (%c); Irving et al. Table 10: %c", m, n, v.Margin, wdl, want)
			}
			if want, ok := table9[[2]int{m, n}]; ok && v.Margin != want {
				t.Errorf("Kalah(%d,%d): margin %d; Irving et al. Table 9: %d", m, n, v.Margin, want)
			}
		}
	}
}

// TestSearchAgainstMinimax checks the margin search on random positions
// of small games against the separate minimax (plain_test.go), and its
// remoteness against the database's.
func TestSearchAgainstMinimax(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, c := range [][2]int{{2, 2}, {3, 2}, {3, 3}} {
		for _, ne := range []bool{false, true} {
			g := mustNew(t, c[0], c[1], ne)
			d := build(t, g)
			memo := map[string]int{}
			for range 30 {
				var seen []Pos
				playout(g, rng, func(p Pos) { seen = append(seen, p) })
				p := seen[rng.IntN(len(seen))]
				v := margin(t, g, p)
				want := minimax(toRing(g, p), memo)
				if p.Turn == 1 {
					want = -want
				}
				if v.Margin != want {
					t.Fatalf("%s %s: search %d, minimax %d", g.Spec(), g.Format(p), v.Margin, want)
				}
				s, r := score(t, g, d, p)
				if s != v.Margin || (s != 0 && int(r) != v.Remoteness) {
					t.Fatalf("%s %s: search %d in %d, database %d in %d", g.Spec(), g.Format(p), v.Margin, v.Remoteness, s, r)
				}
			}
		}
	}
}

// ttSize is the tests' transposition table: 16 MiB, or 1 GiB for the
// long published values.
var ttSize int64 = 16 << 20

func init() {
	if long() {
		ttSize = 1 << 30
	}
}
