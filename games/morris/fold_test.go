package morris

import (
	"context"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/grundy-go/grundy/catalog/strong"
	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/retro"
)

// The colour swap's fold (tier.go) is checked against the unfolded twin
// of each game (Game.unfolded: ranking v2's tiers, a position and its
// swap ranked apart), whose databases therefore say on their own whether
// the rules are colour-blind.

// unfoldedTwin is the game of params ranked without the fold.
func unfoldedTwin(t testing.TB, params string) *Game {
	t.Helper()
	g := mustGame(t, params)
	g.unfolded = true
	return g
}

// buildGame builds g's database into a new directory, from the position
// from (nothing: the start), and opens it both ways: by the front end
// (positions) and by package db (tiers and ranks).
func buildGame(t *testing.T, g *Game, from string) (*strong.DB, *db.DB, *strong.BuildResult) {
	t.Helper()
	dir := t.TempDir()
	var opts strong.BuildOptions
	if from != "" {
		opts.From = []string{from}
	}
	res, err := strong.Build(context.Background(), instance{g}, dir, opts)
	if err != nil {
		t.Fatalf("%s --from %q (unfolded %v): %v", g.Spec(), from, g.unfolded, err)
	}
	d, err := strong.OpenFor(dir, instance{g})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	raw, err := db.Open(dir, g.Spec())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { raw.Close() })
	return d, raw, res
}

// tiersOf lists g's tiers reachable from p's by TierChildren.
func tiersOf(g *Game, p Pos) []game.Tier {
	start := g.TierOf(p)
	seen := map[game.Tier]bool{start: true}
	queue := []game.Tier{start}
	for i := 0; i < len(queue); i++ {
		for _, c := range g.TierChildren(queue[i]) {
			if !seen[c] {
				seen[c] = true
				queue = append(queue, c)
			}
		}
	}
	return queue
}

// TestFoldSameAsUnfolded: the folded database of three men's morris
// (each variant) and of Lasker's rule on its board holds a record
// exactly at the ranks of the positions the unfolded one holds (and
// their swaps), each with the unfolded record, and counts the unfolded
// database's positions with their swaps (withSwaps, counted here from
// the unfolded database's ranks and orbits). GRUNDY_MORRIS_LONG=1 adds
// six men's morris (two whole builds, a few minutes).
func TestFoldSameAsUnfolded(t *testing.T) {
	specs := []string{"3", "3:diag", "3:fly", "lasker3"}
	if os.Getenv("GRUNDY_MORRIS_LONG") != "" {
		specs = append(specs, "6")
	}
	for _, spec := range specs {
		var g, u *Game
		if spec == "lasker3" {
			r := Rules{Board: board3, Men: 3, Lasker: true}
			g, u = New("morris:3:lasker(test)", r), New("morris:3:lasker(test)", r)
			u.unfolded = true
		} else {
			g, u = mustGame(t, spec), unfoldedTwin(t, spec)
		}
		_, fraw, fres := buildGame(t, g, "")
		_, uraw, ures := buildGame(t, u, "")
		type key struct {
			t game.Tier
			r int64
		}
		held := map[key]bool{}
		var positions, swapsOutside int64
		for _, tr := range tiersOf(u, u.Start()) {
			for r := range u.TierSize(tr) {
				uo, urem, ok, err := uraw.Lookup(uint64(tr), r)
				if err != nil {
					t.Fatal(err)
				}
				if !ok {
					continue
				}
				p, _ := u.TierUnrank(tr, r)
				n, _ := u.TierOrbit(tr, r)
				positions += n
				if g.folds(rawTier(p)) {
					s := Swap(p)
					if _, _, ok, _ := uraw.Lookup(uint64(u.TierOf(s)), u.TierRank(s)); !ok {
						swapsOutside += n // the swap's orbit, as large
					}
				}
				k := key{g.TierOf(p), g.TierRank(p)}
				held[k] = true
				fo, frem, ok, err := fraw.Lookup(uint64(k.t), k.r)
				if err != nil || !ok || fo != uo || frem != urem {
					t.Fatalf("%s: %s: folded %v %d %v %v, unfolded %v %d", spec, g.Format(p), fo, frem, ok, err, uo, urem)
				}
			}
		}
		records := 0
		for _, tr := range tiersOf(g, g.Start()) {
			for r := range g.TierSize(tr) {
				_, _, ok, err := fraw.Lookup(uint64(tr), r)
				if err != nil {
					t.Fatal(err)
				}
				if ok != held[key{tr, r}] {
					p, _ := g.TierUnrank(tr, r)
					t.Fatalf("%s: %s (tier %s rank %d): a folded record %v, unfolded %v", spec, g.Format(p), g.TierName(tr), r, ok, !ok)
				}
				if ok {
					records++
				}
			}
		}
		if ures.Positions != positions {
			t.Errorf("%s: the unfolded database counts %d positions, its ranks %d", spec, ures.Positions, positions)
		}
		if fres.Positions != positions+swapsOutside {
			t.Errorf("%s: the folded database counts %d positions; the unfolded %d and %d swaps outside it", spec, fres.Positions, positions, swapsOutside)
		}
		if want, ok := map[string][2]int64{"3": {5466, 4}, "3:diag": {5390, 0}, "3:fly": {5470, 0}, "lasker3": {12534, 10},
			"6": {42372745, 8440}}[spec]; ok && (positions != want[0] || swapsOutside != want[1]) {
			t.Errorf("%s: %d positions reachable and %d swaps not, want %d and %d", spec, positions, swapsOutside, want[0], want[1])
		}
		t.Logf("%s: %d positions reachable, %d more swaps; %d records folded, %d ranks they fold", spec, positions, swapsOutside, records, len(held))
	}
}

// TestSwapSameValue: a position and its colour swap have the same value
// for the player to move, on every variant: by retrograde analysis from
// each (package retro, no ranking at all) on positions of random games
// of the small boards; and on the 24-point boards (nine and twelve men's
// morris with and without flying, Lasker's variant) by the unfolded
// databases of an endgame built from a position and from its swap,
// which rank the two apart, on positions of random games from it: each
// equals the other's record for the swap and the folded database's.
// GRUNDY_MORRIS_LONG=1 adds nine men's without flying and twelve men's
// with and without (nine men's and Lasker's variant only, otherwise).
func TestSwapSameValue(t *testing.T) {
	rng := rand.New(rand.NewPCG(34, 34))
	lasker3 := New("morris:3:lasker(test)", Rules{Board: board3, Men: 3, Lasker: true})
	for _, c := range []struct {
		g    *Game
		plys int // random moves from the start
	}{
		{mustGame(t, "3"), 8}, {mustGame(t, "3:diag"), 8}, {mustGame(t, "3:fly"), 8}, {lasker3, 3},
	} {
		checked := 0
		for range 40 {
			p := playedPosition(c.g, rng, c.plys+rng.IntN(6))
			if !c.g.folds(rawTier(p)) {
				continue // placing: the swap is no play's (tier.go)
			}
			sameRetro(t, c.g, p, Swap(p))
			checked++
		}
		if checked < 10 {
			t.Errorf("%s: only %d positions checked", c.g.Spec(), checked)
		}
	}
	for _, spec := range []string{"6", "6:fly"} {
		g := mustGame(t, spec)
		for range 2 {
			men := [2]int{3, 3}
			p := endgamePosition(t, g, rng, men[0], men[1])
			sameRetro(t, g, p, Swap(p))
		}
	}
	type endgame struct {
		spec string
		// a position of the moving phase with w and b men, or under
		// Lasker's rule with w and b men on the board and wh and bh in
		// hand
		w, b, wh, bh int
	}
	endgames := []endgame{{"9", 3, 3, 0, 0}, {"9:lasker", 2, 3, 1, 0}}
	if os.Getenv("GRUNDY_MORRIS_LONG") != "" {
		// Two CPU-seconds a build, three builds each.
		endgames = append(endgames, endgame{"9:nofly", 3, 3, 0, 0}, endgame{"12", 3, 3, 0, 0}, endgame{"12:nofly", 3, 3, 0, 0})
	}
	for _, c := range endgames {
		g, u := mustGame(t, c.spec), unfoldedTwin(t, c.spec)
		var p Pos
		if c.wh+c.bh == 0 {
			p = endgamePosition(t, g, rng, c.w, c.b)
		} else {
			for {
				w, b := randomBoard(rng, g.Board.N(), c.w, c.b)
				p = makePos(w, b, c.wh, c.bh, rng.IntN(2) == 1)
				if q, err := g.Parse(g.Format(p)); err == nil && q == p && !g.Over(p) {
					break
				}
			}
		}
		f, _, _ := buildGame(t, g, g.Format(p))
		a, _, _ := buildGame(t, u, g.Format(p))
		b, _, _ := buildGame(t, u, g.Format(Swap(p)))
		checked := 0
		for range 30 {
			q := p
			for range rng.IntN(30) {
				var kids []Pos
				g.EachMove(q, func(_ Move, k Pos) { kids = append(kids, k) })
				if len(kids) == 0 {
					break
				}
				q = kids[rng.IntN(len(kids))]
			}
			fq, fs := query(t, f, g, q), query(t, f, g, Swap(q))
			aq, bs := query(t, a, g, q), query(t, b, g, Swap(q))
			if aq != bs || fq != aq || fs != aq {
				t.Fatalf("%s: %s: unfolded %v, its swap %v; folded %v, its swap %v", c.spec, g.Format(q), aq, bs, fq, fs)
			}
			checked++
		}
		t.Logf("%s --from %s: %d positions and their swaps", c.spec, g.Format(p), checked)
	}
}

// value is an answer's outcome and remoteness.
type value struct {
	outcome string
	rem     int
}

func query(t *testing.T, d *strong.DB, g *Game, p Pos) value {
	t.Helper()
	r, err := d.Query([]string{g.Format(p)})
	if err != nil {
		t.Fatalf("%s: %s: %v", g.Spec(), g.Format(p), err)
	}
	return value{r.Outcome, rem(r)}
}

// sameRetro checks that retrograde analyses from p and from q give them
// the same value.
func sameRetro(t *testing.T, g *Game, p, q Pos) {
	t.Helper()
	var vs [2]value
	for i, x := range []Pos{p, q} {
		tab, err := retro.SolveFrom[Pos](context.Background(), g, x, retro.GameOptions{MaxStates: 2000000})
		if err != nil {
			t.Fatalf("%s from %s: %v", g.Spec(), g.Format(x), err)
		}
		o, r, ok := tab.Lookup(x)
		if !ok {
			t.Fatalf("%s: %s not in its own analysis", g.Spec(), g.Format(x))
		}
		vs[i] = value{o.String(), int(r)}
	}
	if vs[0] != vs[1] {
		t.Fatalf("%s: %s %v, its swap %s %v", g.Spec(), g.Format(p), vs[0], g.Format(q), vs[1])
	}
}
