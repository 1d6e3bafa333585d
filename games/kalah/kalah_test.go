package kalah

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/tier"
)

func mustNew(t testing.TB, p, s int, nonEmpty bool) *Game {
	t.Helper()
	g, err := New(p, s, nonEmpty)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// playout plays random turns from the start, calling f at every position.
func playout(g *Game, rng *rand.Rand, f func(p Pos)) {
	p := g.Start()
	for {
		f(p)
		ms := g.AppendMoves(nil, p)
		if len(ms) == 0 {
			return
		}
		p = ms[rng.IntN(len(ms))]
	}
}

func TestStartAndNotation(t *testing.T) {
	g := mustNew(t, 6, 4, false)
	if got := g.Format(g.Start()); got != "4,4,4,4,4,4/4,4,4,4,4,4/0,0/S" {
		t.Fatalf("start %q", got)
	}
	// South sows pit 3 (4 seeds): pits 4, 5, 6 and the store: again.
	q, again, ok := g.Sow(g.Start(), 2)
	if !ok || !again || g.Format(q) != "4,4,4,4,4,4/4,4,0,5,5,5/0,1/S" {
		t.Fatalf("pit 3 from the start: %s again=%v", g.Format(q), again)
	}
	// A capture: South's pit 1 holds 1 seed, pit 2 is empty, North's pit
	// opposite pit 2 (North's pit 5) holds 3.
	p, err := g.Parse("0,3,1,1,1,1/1,0,2,2,2,2/19,13/S")
	if err != nil {
		t.Fatal(err)
	}
	q, again, _ = g.Sow(p, 0)
	if again || g.Format(q) != "0,0,1,1,1,1/0,0,2,2,2,2/19,17/N" {
		t.Fatalf("capture: %s", g.Format(q))
	}
	if l := g.Label(g.Start(), q); l != "" {
		t.Fatalf("label of a non-move %q", l)
	}
}

func TestLabels(t *testing.T) {
	g := mustNew(t, 3, 3, false)
	// From the start, pit 1 (3 seeds) lands in the store: a chain.
	labels := map[string]bool{}
	for q := range g.Moves(g.Start()) {
		labels[g.Label(g.Start(), q)] = true
	}
	for _, want := range []string{"pit 1, pit 2", "pit 1, pit 3", "pit 2", "pit 3"} {
		if !labels[want] {
			t.Errorf("no move labelled %q among %v", want, labels)
		}
	}
}

func TestParseFormatRankRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range [][2]int{{1, 3}, {2, 2}, {3, 3}, {4, 3}, {6, 4}, {6, 6}} {
		for _, ne := range []bool{false, true} {
			g := mustNew(t, c[0], c[1], ne)
			for range 200 {
				lastTier := -1
				playout(g, rng, func(p Pos) {
					s := g.Format(p)
					back, err := g.Parse(s)
					if err != nil || back != p {
						t.Fatalf("%s: parse(format(p)) = %v, %v", s, g.Format(back), err)
					}
					if int(g.TierOf(p)) < lastTier {
						t.Fatalf("%s: tier went down from %d", s, lastTier)
					}
					lastTier = int(g.TierOf(p))
					r := g.TierRank(p)
					if r < 0 || r >= g.TierSize(g.TierOf(p)) {
						t.Fatalf("%s: rank %d out of [0, %d)", s, r, g.TierSize(g.TierOf(p)))
					}
					u, ok := g.TierUnrank(g.TierOf(p), r)
					if !ok || u != p {
						t.Fatalf("%s: unrank(rank) = %s, %v", s, g.Format(u), ok)
					}
					sum := int(p.Store[0]) + int(p.Store[1])
					for _, v := range p.Pits {
						sum += int(v)
					}
					if sum != g.Seeds() {
						t.Fatalf("%s: %d seeds", s, sum)
					}
				})
			}
		}
	}
}

// TestUnrankAll checks, on small games, that every rank names either no
// position or one whose rank it is, and that the legal ones are exactly
// the boards the notation accepts.
func TestUnrankAll(t *testing.T) {
	for _, c := range [][2]int{{1, 2}, {2, 2}, {3, 1}} {
		g := mustNew(t, c[0], c[1], false)
		for tr := 0; tr <= g.Seeds(); tr++ {
			for r := range g.TierSize(tierOf(tr)) {
				p, ok := g.TierUnrank(tierOf(tr), r)
				if !ok {
					continue
				}
				if g.TierRank(p) != r || int(g.TierOf(p)) != tr {
					t.Fatalf("kalah:%d,%d tier %d rank %d: %s ranks %d", c[0], c[1], tr, r, g.Format(p), g.TierRank(p))
				}
				if _, err := g.Parse(g.Format(p)); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

func TestBadInput(t *testing.T) {
	g := mustNew(t, 3, 3, false)
	for _, c := range []struct {
		in     string
		offset int
		msg    string
	}{
		{"3,3,3/3,3,3/0,0", 0, "want 4 parts"},
		{"3,3/3,3,3/0,0/S", 0, "want 3 numbers"},
		{"3,3,3/3,x,3/0,0/S", 8, `"x" is not a count`},
		{"3,3,3/3,3,3/0,0/W", 16, "S or N"},
		{"3,3,3/3,3,4/0,0/S", 0, "19 seeds"},
		{"3,3,3/0,0,0/9,0/N", 6, "South's pits are empty"},
		{"3,3,3/3,3,-3/0,6/S", 10, "is not a count"},
	} {
		_, err := g.Parse(c.in)
		var bi *budget.BadInput
		if !errors.As(err, &bi) || bi.Offset != c.offset || !strings.Contains(err.Error(), c.msg) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: %v (offset %v), want offset %d and %q", c.in, err, bi, c.offset, c.msg)
		}
	}
	for _, c := range [][2]int{{0, 3}, {9, 1}, {6, 11}, {3, 0}} {
		if _, err := New(c[0], c[1], false); err == nil {
			t.Errorf("kalah:%d,%d accepted", c[0], c[1])
		}
	}
}

// build strongly solves g into a temporary directory and opens it.
func build(t testing.TB, g *Game) *db.DB {
	t.Helper()
	dir := t.TempDir()
	b, err := db.Create(dir, g.Spec())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tier.Solve(context.Background(), g, b, tier.Options{}); err != nil {
		t.Fatal(err)
	}
	d, err := db.Open(dir, g.Spec())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

// score reads p's margin and remoteness from d.
func score(t testing.TB, g *Game, d *db.DB, p Pos) (int, uint32) {
	t.Helper()
	c, err := d.Code(uint64(g.TierOf(p)), g.TierRank(p))
	if err != nil {
		t.Fatal(err)
	}
	s, r, ok := db.DecodeScore(c)
	if !ok {
		t.Fatalf("%s: no record", g.Format(p))
	}
	return s, r
}

// TestDatabaseAgainstMinimax builds small Kalah games and checks every
// reachable position's record: its margin equals the separate minimax's
// (plain_test.go, one sowing a move), and its remoteness is the one the
// tie-break rule picks among its moves' records (so, by induction from
// the ends, exact).
func TestDatabaseAgainstMinimax(t *testing.T) {
	cases := [][2]int{{1, 1}, {1, 2}, {1, 3}, {1, 4}, {2, 1}, {2, 2}, {2, 3}, {3, 1}, {3, 2}, {4, 1}}
	if !testing.Short() {
		cases = append(cases, [][2]int{{3, 3}, {4, 2}, {5, 1}}...)
	}
	for _, c := range cases {
		for _, ne := range []bool{false, true} {
			g := mustNew(t, c[0], c[1], ne)
			d := build(t, g)
			if !d.Scored() {
				t.Fatalf("%s: the database is not marked scored", g.Spec())
			}
			memo := map[string]int{}
			seen := map[Pos]bool{g.Start(): true}
			queue := []Pos{g.Start()}
			for len(queue) > 0 {
				p := queue[0]
				queue = queue[1:]
				s, r := score(t, g, d, p)
				want := minimax(toRing(g, p), memo)
				if p.Turn == 1 {
					want = -want
				}
				if s != want {
					t.Fatalf("%s %s: the database says %d, minimax %d", g.Spec(), g.Format(p), s, want)
				}
				ms := g.AppendMoves(nil, p)
				if len(ms) == 0 {
					if r != 0 || s != g.TerminalScore(p) {
						t.Fatalf("%s %s: an end with record %d in %d", g.Spec(), g.Format(p), s, r)
					}
					continue
				}
				bs, br := 0, uint32(0)
				for i, q := range ms {
					qs, qr := score(t, g, d, q)
					if i == 0 || -qs > bs || (-qs == bs && ((bs < 0 && qr+1 > br) || (bs >= 0 && qr+1 < br))) {
						bs, br = -qs, qr+1
					}
					if !seen[q] {
						seen[q] = true
						queue = append(queue, q)
					}
				}
				if bs != s || br != r {
					t.Fatalf("%s %s: record %d in %d, its moves give %d in %d", g.Spec(), g.Format(p), s, r, bs, br)
				}
			}
			st := d.Stats()
			if st.Total.Positions() != int64(len(seen)) {
				t.Fatalf("%s: the database counts %d positions, play reaches %d", g.Spec(), st.Total.Positions(), len(seen))
			}
			s, _ := score(t, g, d, g.Start())
			t.Logf("%s: %d positions, the first player's margin %d", g.Spec(), len(seen), s)
		}
	}
}

// long reports whether the long published values are asked for.
func long() bool { return os.Getenv("GRUNDY_KALAH_LONG") != "" }

// TestAppendMovesIsMoves: the hot path lists what Turns does, in order.
func TestAppendMovesIsMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	g := mustNew(t, 6, 4, false)
	for range 300 {
		playout(g, rng, func(p Pos) {
			var want []Pos
			g.Turns(p, func(_ []int, q Pos) bool { want = append(want, q); return true })
			got := g.AppendMoves(nil, p)
			if len(got) != len(want) {
				t.Fatalf("%s: %d moves, Turns %d", g.Format(p), len(got), len(want))
			}
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("%s: move %d differs", g.Format(p), i)
				}
			}
		})
	}
}

// FuzzParse: any text is a position whose notation reads back as it, or
// one line of error with an offset inside the text.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"", "3,3,3/3,3,3/0,0/S", "0,0,0/0,0,0/9,9/N", "3,3,3/3,x,3/0,0/S", "/", "1,2/3"} {
		f.Add(s)
	}
	g := mustNew(f, 3, 3, false)
	f.Fuzz(func(t *testing.T, s string) {
		p, err := g.Parse(s)
		if err != nil {
			var bi *budget.BadInput
			if !errors.As(err, &bi) || bi.Offset < 0 || bi.Offset > len(s) || strings.Contains(err.Error(), "\n") {
				t.Fatalf("%q: %v", s, err)
			}
			return
		}
		if back, err := g.Parse(g.Format(p)); err != nil || back != p {
			t.Fatalf("%q reads as %s, which reads back as %s (%v)", s, g.Format(p), g.Format(back), err)
		}
	})
}

func newRand() *rand.Rand { return rand.New(rand.NewPCG(11, 12)) }
