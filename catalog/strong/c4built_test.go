package strong_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/strong"
	"github.com/grundy-go/grundy/games/connect4"
)

// c4Published is what is published of Connect-4's boards (K = 4): the
// positions reachable from the empty board and its value, from John
// Tromp's tables (tromp.github.io/c4/c4.html), as issue 35 and
// c4search's trompTable quote them.
var c4Published = map[string]struct {
	positions int64
	start     string // the empty board's outcome for the player to move
}{
	"4x4": {161_029, "D"},
	"5x4": {3_945_711, "D"},
	"4x5": {1_706_255, "D"},
	"5x5": {69_763_700, "D"},
	"6x5": {2_818_972_642, "D"},
	"6x6": {69_173_028_785, "P"},
	"7x5": {112_829_665_923, "D"},
	"7x6": {4_531_985_219_092, "N"},
}

// TestBuiltConnect4 checks Connect-4 databases: two built here (4x4 and
// 5x4, seconds), and those built by `grundy db build` that
// GRUNDY_C4_DB names as SIZE=DIR pairs separated by commas (for example
// 6x6=/data/c4-6x6; those builds take hours, so the default run leaves
// them out). For each:
//
//   - its count of positions and the empty board's value are the
//     published ones (c4Published);
//   - on random play-outs, every position's answer agrees with its
//     moves' answers, each read from the database: won in 1 + the least
//     remoteness of the lost positions it can move to (and those moves
//     are its winning moves), lost in 1 + the greatest of its moves'
//     (all won), drawn when no move loses and one draws. A table that
//     agrees so everywhere is the retrograde analysis's (by induction on
//     remoteness), so this checks a build without building again;
//   - one position of each play-out, of at least half the board's
//     stones less four, is answered by the database exactly as `grundy
//     solve` (the search) answers it.
//
// GRUNDY_C4_PLAYOUTS sets the number of play-outs (default 100).
func TestBuiltConnect4(t *testing.T) {
	dirs := map[string]string{"4x4": build(t, "connect4:4x4"), "5x4": build(t, "connect4:5x4")}
	sizes := []string{"4x4", "5x4"}
	if env := os.Getenv("GRUNDY_C4_DB"); env != "" {
		for _, pair := range strings.Split(env, ",") {
			size, dir, ok := strings.Cut(pair, "=")
			if !ok {
				t.Fatalf("GRUNDY_C4_DB: %q is not SIZE=DIR", pair)
			}
			if _, ok := dirs[size]; !ok {
				sizes = append(sizes, size)
			}
			dirs[size] = dir
		}
	}
	playouts := 100
	if n, err := strconv.Atoi(os.Getenv("GRUNDY_C4_PLAYOUTS")); err == nil && n > 0 {
		playouts = n
	}
	for _, size := range sizes {
		t.Run(size, func(t *testing.T) { checkBuiltConnect4(t, size, dirs[size], playouts) })
	}
}

func checkBuiltConnect4(t *testing.T, size, dir string, playouts int) {
	pub, ok := c4Published[size]
	if !ok {
		t.Fatalf("connect4:%s: no published count and value to check it against", size)
	}
	spec := "connect4:" + size
	inst, err := catalog.Lookup(spec)
	if err != nil {
		t.Fatal(err)
	}
	var w, h int
	if _, err := fmt.Sscanf(size, "%dx%d", &w, &h); err != nil {
		t.Fatal(err)
	}
	g, err := connect4.New(w, h, 4)
	if err != nil {
		t.Fatal(err)
	}
	st, err := strong.ReadStats(dir)
	if err != nil {
		t.Fatal(err)
	}
	if st.Game != spec || st.Positions != pub.positions {
		t.Errorf("%s: a database of %s with %d positions; Tromp counts %d", dir, st.Game, st.Positions, pub.positions)
	}
	d, err := strong.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	query := func(moves string) *catalog.Report {
		t.Helper()
		r, err := d.Query([]string{moves})
		if err != nil {
			t.Fatalf("%s %q: %v", spec, moves, err)
		}
		return r
	}
	if start := query(""); start.Outcome != pub.start {
		t.Errorf("%s: the empty board is %s; published: %s", spec, start.Outcome, pub.start)
	}
	rng := rand.New(rand.NewPCG(35, uint64(w*16+h)))
	checked, searched := 0, 0
	for range playouts {
		b, moves := connect4.Board{}, ""
		// The position of this play-out that the search answers too: late
		// enough for the search to take milliseconds.
		searchAt := (w*h)/2 - 4 + rng.IntN(w*h/2)
		for ply := 0; !g.Over(b); ply++ {
			got := query(moves)
			want := fromColumns(t, g, b, moves, query)
			if a, b := reportSummary(got), reportSummary(want); a != b {
				t.Fatalf("%s %q: the database says %s, its moves' answers %s", spec, moves, a, b)
			}
			checked++
			if ply == searchAt {
				sameAsSolve(t, d, inst, []string{moves})
				searched++
			}
			var cols []int
			for c := range w {
				if g.S.CanPlay(b, c) {
					cols = append(cols, c)
				}
			}
			c := cols[rng.IntN(len(cols))]
			b, moves = g.S.Play(b, c), moves+string(rune('1'+c))
		}
	}
	t.Logf("%s: %d positions of %d play-outs agree with their moves, %d with the search", spec, checked, playouts, searched)
}

// fromColumns is the answer for board b (reached by moves, not over)
// that its moves' answers give.
func fromColumns(t *testing.T, g connect4.Game, b connect4.Board, moves string, query func(string) *catalog.Report) *catalog.Report {
	t.Helper()
	best, worst := -1, -1
	var wins []string
	drawn := false
	for c := range g.S.W {
		if !g.S.CanPlay(b, c) {
			continue
		}
		child := moves + string(rune('1'+c))
		r := query(child)
		switch r.Outcome {
		case "P":
			if r.Remoteness == nil {
				t.Fatalf("%q: lost without a remoteness", child)
			}
			wins = append(wins, child)
			if best < 0 || *r.Remoteness < best {
				best = *r.Remoteness
			}
		case "N":
			if r.Remoteness == nil {
				t.Fatalf("%q: won without a remoteness", child)
			}
			worst = max(worst, *r.Remoteness)
		case "D":
			drawn = true
		default:
			t.Fatalf("%q: outcome %q", child, r.Outcome)
		}
	}
	rem := func(n int) *int { return &n }
	switch {
	case len(wins) > 0:
		return &catalog.Report{Outcome: "N", Remoteness: rem(best + 1), WinningMoves: wins}
	case drawn:
		return &catalog.Report{Outcome: "D", WinningMoves: []string{}}
	default:
		return &catalog.Report{Outcome: "P", Remoteness: rem(worst + 1), WinningMoves: []string{}}
	}
}

// reportSummary is a report's outcome, remoteness and winning moves (as
// a set).
func reportSummary(r *catalog.Report) string {
	rem := "-"
	if r.Remoteness != nil {
		rem = strconv.Itoa(*r.Remoteness)
	}
	return r.Outcome + " " + rem + " " + strings.Join(slices.Sorted(slices.Values(r.WinningMoves)), ",")
}
