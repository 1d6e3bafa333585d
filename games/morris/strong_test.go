package morris

import (
	"context"
	"iter"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/strong"
	"github.com/grundy-go/grundy/retro"
)

func build(t *testing.T, spec string) (*Game, *strong.DB, *strong.BuildResult) {
	t.Helper()
	g := mustGame(t, spec)
	d, _, res := buildGame(t, g, "")
	return g, d, res
}

// sameReport checks the database's answer for p against solve's.
func sameReport(t *testing.T, g *Game, d *strong.DB, want *catalog.Report) {
	t.Helper()
	got, err := d.Query([]string{want.Position})
	if err != nil {
		t.Fatalf("%s: query %s: %v", g.Spec(), want.Position, err)
	}
	rem := func(r *catalog.Report) int {
		if r.Remoteness == nil {
			return -1
		}
		return *r.Remoteness
	}
	w := slices.Clone(want.WinningMoves)
	gm := slices.Clone(got.WinningMoves)
	slices.Sort(w)
	slices.Sort(gm)
	if got.Position != want.Position || got.Outcome != want.Outcome || rem(got) != rem(want) || !slices.Equal(gm, w) {
		t.Fatalf("%s: %s: database %s %d %v, solve %s %d %v", g.Spec(), want.Position,
			got.Outcome, rem(got), gm, want.Outcome, rem(want), w)
	}
}

// TestDatabase3: the databases of three men's morris (each variant)
// hold every position reachable from the start and the colour swaps of
// those in folded tiers, counted through their orbits (withSwaps), and
// answer for each as solve does, for a swap as for its position.
func TestDatabase3(t *testing.T) {
	for _, c := range []struct {
		spec                 string
		reachable, positions int64
	}{
		// 4 positions of morris:3's moving phase are no play's, but
		// their swaps are; the others' are closed under the swap.
		{"3", 5466, 5470}, {"3:diag", 5390, 5390}, {"3:fly", 5470, 5470},
	} {
		g, d, res := build(t, c.spec)
		tab, err := retro.SolveFrom[Pos](context.Background(), g, g.Start(), retro.GameOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if int64(tab.Len()) != c.reachable {
			t.Errorf("%s: %d positions reachable, want %d", c.spec, tab.Len(), c.reachable)
		}
		if n := withSwaps(g, g.From(g.Start())); res.Positions != n || n != c.positions {
			t.Errorf("%s: database of %d positions, %d reachable with their swaps, want %d", c.spec, res.Positions, n, c.positions)
		}
		in := instance{g}
		for p := range g.From(g.Start()) {
			want := in.report(tab, p)
			sameReport(t, g, d, want)
			if g.folds(rawTier(p)) {
				sameReport(t, g, d, swapReport(t, g, want))
			}
		}
	}
}

// swapReport is r with the colours swapped: the swap's value is p's,
// and its winning moves lead to the swaps of p's.
func swapReport(t *testing.T, g *Game, r *catalog.Report) *catalog.Report {
	t.Helper()
	sw := *r
	swap := func(text string) string {
		p, err := g.Parse(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		return g.Format(Swap(p))
	}
	sw.Position = swap(r.Position)
	sw.WinningMoves = nil
	for _, m := range r.WinningMoves {
		sw.WinningMoves = append(sw.WinningMoves, swap(m))
	}
	return &sw
}

// withSwaps is the number of positions in ps and the colour swaps of
// those in folded tiers: what a folded database's ranks stand for.
func withSwaps(g *Game, ps iter.Seq[Pos]) int64 {
	seen := map[Pos]bool{}
	for p := range ps {
		seen[p] = true
		if g.folds(rawTier(p)) {
			seen[Swap(p)] = true
		}
	}
	return int64(len(seen))
}

// refDepth is the model's negamax to depth d: the value of s when its
// remoteness is at most d (known), else unknown.
func refDepth(r refRules, s refState, d int) (refValue, bool) {
	kids := r.moves(s)
	if len(kids) == 0 {
		v := r.terminal(s)
		if v == "D" {
			return refValue{"D", -1}, true
		}
		return refValue{v, 0}, true
	}
	if d == 0 {
		return refValue{}, false
	}
	win, allWon, longest := -1, true, 0
	for _, c := range kids {
		v, ok := refDepth(r, c, d-1)
		switch {
		case ok && v.outcome == "P":
			if win < 0 || v.remoteness+1 < win {
				win = v.remoteness + 1
			}
			allWon = false
		case ok && v.outcome == "N":
			longest = max(longest, v.remoteness+1)
		default:
			allWon = false
		}
	}
	switch {
	case win >= 0:
		return refValue{"N", win}, true
	case allWon:
		return refValue{"P", longest}, true
	}
	return refValue{}, false
}

// TestDatabase6 strongly solves six men's morris (about a minute) and
// checks it: the start is a draw, as De Clercq found (D. De Clercq,
// "5-6-7 Men's Morris", puzzles.net23.net/6mm.htm: "It is a draw when
// both players play perfectly"), with 42,372,745 positions reachable,
// which with the colour swaps of its moving phase's that play does not
// reach are the 42,381,185 the folded database counts (TestFoldSameAsUnfolded
// with GRUNDY_MORRIS_LONG=1 counts both from the unfolded database); on
// random play-outs every answer equals a retrograde analysis from the
// position (when its positions are few enough) and the model's negamax
// to depth 3 wherever that decides.
func TestDatabase6(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the whole database of six men's morris")
	}
	g, d, res := build(t, "6")
	if res.Positions != 42381185 {
		t.Errorf("morris:6: %d positions, want 42,381,185", res.Positions)
	}
	r, err := d.Query(nil)
	if err != nil || r.Outcome != "D" {
		t.Fatalf("morris:6 start: %v, %v; want D", r, err)
	}
	model := refOf(t, g)
	in := instance{g}
	rng := rand.New(rand.NewPCG(6, 6))
	retroChecked, depthChecked := 0, 0
	for range 40 {
		p := g.Start()
		for ply := 0; ply < 120; ply++ {
			var kids []Pos
			g.EachMove(p, func(_ Move, q Pos) { kids = append(kids, q) })
			text := g.Format(p)
			got, err := d.Query([]string{text})
			if err != nil {
				t.Fatal(err)
			}
			gotRem := -1
			if got.Remoteness != nil {
				gotRem = *got.Remoteness
			}
			if v, ok := refDepth(model, refStateOf(g, p), 3); ok {
				depthChecked++
				if v.outcome != got.Outcome || v.remoteness != gotRem {
					t.Fatalf("morris:6 %s: database %s %d, the model to depth 3 %s %d", text, got.Outcome, gotRem, v.outcome, v.remoteness)
				}
			} else if got.Outcome != "D" && gotRem <= 3 {
				t.Fatalf("morris:6 %s: database %s %d, but the model finds no value to depth 3", text, got.Outcome, gotRem)
			}
			if ply > 40 && rng.IntN(8) == 0 {
				tab, err := retro.SolveFrom[Pos](context.Background(), g, p, retro.GameOptions{MaxStates: 300000})
				if err == nil {
					retroChecked++
					sameReport(t, g, d, in.report(tab, p))
				}
			}
			if len(kids) == 0 {
				break
			}
			p = kids[rng.IntN(len(kids))]
		}
	}
	t.Logf("checked %d positions against the model to depth 3, %d against retrograde analysis", depthChecked, retroChecked)
	if retroChecked < 5 {
		t.Errorf("only %d positions checked against retrograde analysis", retroChecked)
	}
}

// TestOrbits: a tier's ranks stand for whole orbits: every image of a
// position has its rank, and TierOrbit counts the distinct images (and
// their colour swaps where the tier folds).
func TestOrbits(t *testing.T) {
	for _, spec := range []string{"3", "6", "9"} {
		g := mustGame(t, spec)
		rng := rand.New(rand.NewPCG(3, 4))
		checked := 0
		for range 300 {
			p := randomPosition(g, rng)
			if g.illegal(p) != "" {
				continue
			}
			checked++
			imgs := images(g, p)
			c := g.Canonical(p)
			n, _ := g.TierOrbit(g.TierOf(c), g.TierRank(c))
			if n != int64(len(imgs)) {
				t.Fatalf("%s: %s: orbit %d, %d images", spec, g.Format(p), n, len(imgs))
			}
		}
		if checked < 20 {
			t.Errorf("%s: only %d positions checked", spec, checked)
		}
	}
}

func randomPosition(g *Game, rng *rand.Rand) Pos {
	var w, b uint32
	for i := range g.Board.N() {
		switch rng.IntN(3) {
		case 0:
			w |= 1 << i
		case 1:
			b |= 1 << i
		}
	}
	return makePos(w, b, 0, 0, rng.IntN(2) == 1)
}

// images is p's orbit as a rank stands for it: its images under the
// board's symmetries, and theirs of its colour swap where its tier folds.
func images(g *Game, p Pos) map[Pos]bool {
	imgs := map[Pos]bool{}
	for k := range g.Board.Syms {
		imgs[g.Image(p, k)] = true
		if g.folds(rawTier(p)) {
			imgs[g.Image(Swap(p), k)] = true
		}
	}
	return imgs
}
