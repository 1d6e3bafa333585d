package tier

import (
	"fmt"
	"slices"

	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/game"
)

// tierState is one tier of the build.
type tierState struct {
	t          game.Tier
	name       string
	size       int64
	loopy      bool
	children   []int // indices in solver.tiers
	childTiers []game.Tier
	parents    []int

	finished bool  // its file is written (or was found whole)
	saved    bool  // its complete reachability bitmap is saved (db.Builder.SaveReach)
	marked   int64 // its reachable ranks, once saved (-1 before)
	info     db.TierInfo
	reach    []uint64   // reachable ranks, while the tier is to be solved
	recs     db.Records // its records, while a parent still needs them
	waiting  int        // parents not yet finished
}

// errUnranked is the error for rank r of ts, marked reachable, at which
// TierUnrank names no position: the game's ranking and its moves
// disagree.
func (ts *tierState) errUnranked(r int64) error {
	return fmt.Errorf("rank %d of tier %s is reachable but TierUnrank names no position there", r, ts.name)
}

// tierGraph finds the tiers reachable from start's tier through
// TierChildren and returns them in a topological order (parents before
// children; among tiers ready together, by increasing number, so the
// order is the same on every run).
func tierGraph[P comparable](g game.Tiered[P], start game.Tier) ([]*tierState, map[game.Tier]int, error) {
	found := map[game.Tier][]game.Tier{}
	stack := []game.Tier{start}
	for len(stack) > 0 {
		t := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if _, ok := found[t]; ok {
			continue
		}
		var kids []game.Tier
		for _, c := range g.TierChildren(t) {
			if c == t {
				return nil, nil, fmt.Errorf("tier %s lists itself as a child tier (a tier whose moves stay in it is loopy, not its own child)", g.TierName(t))
			}
			if !slices.Contains(kids, c) {
				kids = append(kids, c)
			}
		}
		found[t] = kids
		for _, c := range kids {
			if _, ok := found[c]; !ok {
				stack = append(stack, c)
			}
		}
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
	if len(order) != len(found) {
		for t, d := range indeg {
			if d > 0 {
				return nil, nil, fmt.Errorf("the tier graph has a cycle through tier %s: TierChildren must only lead to later tiers", g.TierName(t))
			}
		}
	}
	index := make(map[game.Tier]int, len(order))
	tiers := make([]*tierState, len(order))
	for i, t := range order {
		index[t] = i
		size := g.TierSize(t)
		if size < 0 {
			return nil, nil, fmt.Errorf("tier %s has size %d", g.TierName(t), size)
		}
		tiers[i] = &tierState{t: t, name: g.TierName(t), size: size, loopy: g.TierLoopy(t), marked: -1}
	}
	for i, t := range order {
		for _, c := range found[t] {
			j := index[c]
			tiers[i].children = append(tiers[i].children, j)
			tiers[i].childTiers = append(tiers[i].childTiers, c)
			tiers[j].parents = append(tiers[j].parents, i)
		}
	}
	return tiers, index, nil
}
