package morris

import (
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/game"
)

// The memory plan of a strong solve of nine men's morris by the tier
// solver (BENCHMARKS.md, "Nine men's morris by un-moves"): the tiers'
// raw ranks (TierSize), their orbits under the board's 16 symmetries
// (what a dense ranking of orbits would rank, counted by Burnside's
// lemma), and what the un-move solver (tier/unmove.go) and the build
// (tier/solve.go, tier/reach.go) hold for them.

// orbitCount is the number of orbits of the positions with wb white and
// bb black men on g's board, either player to move, under the board's
// symmetries: by Burnside's lemma the mean over the symmetries of the
// arrangements each one fixes, which are constant on its cycles.
func orbitCount(g *Game, wb, bb int) int64 {
	var fixed int64
	for _, perm := range g.Board.Syms {
		seen := make([]bool, len(perm))
		// ways[w][b]: colourings of the cycles so far with w white and b
		// black points.
		ways := make([][]int64, wb+1)
		for i := range ways {
			ways[i] = make([]int64, bb+1)
		}
		ways[0][0] = 1
		for i := range perm {
			if seen[i] {
				continue
			}
			n := 0
			for j := i; !seen[j]; j = perm[j] {
				seen[j] = true
				n++
			}
			for w := wb; w >= 0; w-- {
				for b := bb; b >= 0; b-- {
					if w >= n {
						ways[w][b] += ways[w-n][b]
					}
					if b >= n {
						ways[w][b] += ways[w][b-n]
					}
				}
			}
		}
		fixed += ways[wb][bb]
	}
	return 2 * fixed / int64(len(g.Board.Syms))
}

// TestOrbitCount: Burnside's count equals the positions that are their
// orbit's representative (Canonical), counted one by one, on every tier
// of three men's board and the smaller tiers of six and nine men's.
func TestOrbitCount(t *testing.T) {
	for _, c := range []struct {
		spec string
		max  int // men on the board at most
	}{{"3", 9}, {"6", 6}, {"9", 4}} {
		g := mustGame(t, c.spec)
		full := g.Board.Full()
		for wb := 0; wb <= c.max; wb++ {
			for bb := 0; wb+bb <= c.max; bb++ {
				var n int64
				eachSubset(full, wb, func(w uint32) {
					eachSubset(full&^w, bb, func(b uint32) {
						for _, black := range []bool{false, true} {
							if p := makePos(w, b, 0, 0, black); g.boardCanonical(p) == p {
								n++
							}
						}
					})
				})
				if got := orbitCount(g, wb, bb); got != n {
					t.Fatalf("morris:%s, %d white and %d black: Burnside counts %d orbits, %d representatives", c.spec, wb, bb, got, n)
				}
			}
		}
	}
}

// planTier is a tier of the plan.
type planTier struct {
	t                 game.Tier
	raw, orbits       int64
	loopy             bool
	children, parents []int
}

// planTiers are the tiers reachable from g's start through TierChildren
// in the order tier/graph.go solves them in reverse: topological,
// parents first, ties by tier number.
func planTiers(g *Game) []*planTier {
	found := map[game.Tier][]game.Tier{}
	stack := []game.Tier{g.TierOf(g.Start())}
	for len(stack) > 0 {
		t := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if _, ok := found[t]; ok {
			continue
		}
		found[t] = g.TierChildren(t)
		stack = append(stack, found[t]...)
	}
	indeg := map[game.Tier]int{}
	for _, kids := range found {
		for _, c := range kids {
			indeg[c]++
		}
	}
	var ready, order []game.Tier
	for t := range found {
		if indeg[t] == 0 {
			ready = append(ready, t)
		}
	}
	for len(ready) > 0 {
		slices.Sort(ready)
		t := ready[0]
		ready = ready[1:]
		order = append(order, t)
		for _, c := range found[t] {
			if indeg[c]--; indeg[c] == 0 {
				ready = append(ready, c)
			}
		}
	}
	index := map[game.Tier]int{}
	tiers := make([]*planTier, len(order))
	for i, t := range order {
		index[t] = i
		_, _, wb, bb := TierCounts(t)
		tiers[i] = &planTier{t: t, raw: g.TierSize(t), orbits: orbitCount(g, wb, bb), loopy: g.TierLoopy(t)}
		if g.folds(t) && swapTier(t) == t {
			tiers[i].orbits /= 2 // a position and its swap, one rank
		}
	}
	for i, t := range order {
		for _, c := range found[t] {
			tiers[i].children = append(tiers[i].children, index[c])
			tiers[index[c]].parents = append(tiers[index[c]].parents, i)
		}
	}
	return tiers
}

// unmoveTables is what tier/unmove.go holds for a loopy tier of size
// ranks and n reachable positions, with the tier's reachability bitmap:
// 1-byte records, two level bitmaps and the bitmap (a bit each per
// rank), a 4-byte node number per 64 ranks, a counter byte and two bits
// per reachable position.
func unmoveTables(size, n int64) int64 { return size + 3*size/8 + size/16 + n + n/4 }

// solvePeak is the solve pass's peak as tier/solve.go's buildInMemory
// runs it: tiers children first, each one's records held until its last
// parent is solved, beside the tables of the tier being solved (its
// records and bitmap if acyclic). Tiers no play reaches (hands that do
// not follow the turn) count nothing when skipEmpty.
func solvePeak(g *Game, tiers []*planTier, dense, skipEmpty bool) (peak, held int64, at game.Tier) {
	waiting := make([]int, len(tiers))
	heldSize := make([]int64, len(tiers))
	for i, x := range tiers {
		waiting[i] = len(x.parents)
	}
	var holding int64
	for i := len(tiers) - 1; i >= 0; i-- {
		x := tiers[i]
		size := x.raw
		if dense {
			size = x.orbits
		}
		wh, bh, _, _ := TierCounts(x.t)
		if skipEmpty && !g.Lasker && wh != bh && bh != wh+1 {
			size = 0
		}
		own := size + size/8
		if x.loopy {
			own = unmoveTables(size, min(size, x.orbits))
		}
		if holding+own > peak {
			peak, at = holding+own, x.t
		}
		held = max(held, holding)
		if waiting[i] > 0 {
			heldSize[i] = size
			holding += size
		}
		for _, c := range x.children {
			if waiting[c]--; waiting[c] == 0 {
				holding -= heldSize[c]
			}
		}
	}
	return peak, held, at
}

// lazyReachPeak is the forward pass's peak if each tier's bitmap were
// allocated when a parent is first expanded (tier/reach.go allocates
// them all at the start): the bitmaps of the tiers reached and not yet
// saved, with a loopy tier's second bitmap of positions expanded.
func lazyReachPeak(tiers []*planTier, dense bool) int64 {
	bitmap := func(x *planTier) int64 {
		if dense {
			return (x.orbits + 63) / 64 * 8
		}
		return (x.raw + 63) / 64 * 8
	}
	live := map[int]bool{0: true}
	var peak int64
	for i, x := range tiers {
		var n int64
		for j := range live {
			n += bitmap(tiers[j])
		}
		for _, c := range x.children {
			if !live[c] {
				n += bitmap(tiers[c])
			}
		}
		if x.loopy {
			n += bitmap(x)
		}
		peak = max(peak, n)
		for _, c := range x.children {
			live[c] = true
		}
		delete(live, i)
	}
	return peak
}

// TestNineMensMorrisPlan logs the plan (GRUNDY_MORRIS_PLAN=1; a few
// seconds): per tier of the moving phase its raw ranks, orbits and the
// un-move solver's tables with its children's records, under the raw
// ranking and a dense ranking of orbits; and the whole build's peaks.
func TestNineMensMorrisPlan(t *testing.T) {
	if os.Getenv("GRUNDY_MORRIS_PLAN") == "" {
		t.Skip("set GRUNDY_MORRIS_PLAN=1 to print nine men's morris's memory plan")
	}
	g := mustGame(t, "9")
	tiers := planTiers(g)
	const budget = 118 * (1 << 30) / 10 // the default --max-memory here: half of 23.5 GiB
	gib := func(b int64) string { return fmt.Sprintf("%.2f", float64(b)/(1<<30)) }
	var sb strings.Builder
	var raw, orbits, movingRaw, movingOrbits, bitmapsRaw, bitmapsDense int64
	type row struct {
		name                              string
		raw, orbits, rawNeed, denseNeed   int64
		rawOwn, rawKids, denseOwn, dnsKid int64
	}
	var rows []row
	loopy := 0
	for _, x := range tiers {
		raw += x.raw
		orbits += x.orbits
		bitmapsRaw += (x.raw + 63) / 64 * 8
		bitmapsDense += (x.orbits + 63) / 64 * 8
		if x.loopy {
			loopy++
		}
		if wh, bh, _, _ := TierCounts(x.t); wh != 0 || bh != 0 || !x.loopy {
			continue
		}
		movingRaw += x.raw
		movingOrbits += x.orbits
		r := row{name: g.TierName(x.t), raw: x.raw, orbits: x.orbits}
		r.rawOwn = unmoveTables(x.raw, x.orbits)
		r.denseOwn = unmoveTables(x.orbits, x.orbits)
		for _, c := range x.children {
			r.rawKids += tiers[c].raw
			r.dnsKid += tiers[c].orbits
		}
		rows = append(rows, r)
	}
	fmt.Fprintf(&sb, "morris:9: %d tiers (%d loopy), %d raw ranks, %d orbits\n", len(tiers), loopy, raw, orbits)
	fmt.Fprintf(&sb, "moving phase: %d tiers, %d raw ranks, %d orbits\n", len(rows), movingRaw, movingOrbits)
	sort.Slice(rows, func(a, b int) bool {
		return rows[a].raw > rows[b].raw || rows[a].raw == rows[b].raw && rows[a].name < rows[b].name
	})
	fitRaw, fitDense := 0, 0
	fmt.Fprintf(&sb, "%-12s %14s %13s %8s %8s %8s %8s (GiB)\n", "tier", "raw ranks", "orbits", "raw own", "kids", "dns own", "kids")
	for _, r := range rows {
		if r.rawOwn+r.rawKids <= budget {
			fitRaw++
		}
		if r.denseOwn+r.dnsKid <= budget {
			fitDense++
		}
		fmt.Fprintf(&sb, "%-12s %14d %13d %8s %8s %8s %8s\n", r.name, r.raw, r.orbits, gib(r.rawOwn), gib(r.rawKids), gib(r.denseOwn), gib(r.dnsKid))
	}
	fmt.Fprintf(&sb, "moving tiers within %s GiB with their children's records: raw ranking %d of %d, dense %d of %d\n", gib(budget), fitRaw, len(rows), fitDense, len(rows))
	fmt.Fprintf(&sb, "forward pass, every tier's bitmap at once (tier/reach.go): raw %s GiB, dense %s GiB\n", gib(bitmapsRaw), gib(bitmapsDense))
	fmt.Fprintf(&sb, "forward pass, bitmaps allocated when first reached: raw %s GiB, dense %s GiB\n", gib(lazyReachPeak(tiers, false)), gib(lazyReachPeak(tiers, true)))
	for _, dense := range []bool{false, true} {
		for _, skip := range []bool{false, true} {
			peak, held, at := solvePeak(g, tiers, dense, skip)
			fmt.Fprintf(&sb, "solve pass, dense %v, empty tiers skipped %v: peak %s GiB at %s, records held for parents up to %s GiB\n",
				dense, skip, gib(peak), g.TierName(at), gib(held))
		}
	}
	t.Log("\n" + sb.String())
	if len(rows) != 28 {
		t.Errorf("%d moving tiers, want 28 (3 to 9 men a side, a tier and its colour swap one)", len(rows))
	}
}
