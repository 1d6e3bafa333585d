package kalah

import (
	"strconv"

	"github.com/grundy-go/grundy/game"
)

// The tiers: the seeds in the two stores (doc.go says why play never
// goes back to a smaller tier and never cycles inside one).

// TierOf is the number of seeds in the stores.
func (g *Game) TierOf(p Pos) game.Tier { return game.Tier(int(p.Store[0]) + int(p.Store[1])) }

// TierChildren lists every larger store total: one turn may add any
// number of seeds to the stores.
func (g *Game) TierChildren(t game.Tier) []game.Tier {
	var out []game.Tier
	for u := int(t) + 1; u <= g.Seeds(); u++ {
		out = append(out, game.Tier(u))
	}
	return out
}

// TierLoopy is true for every tier but the last: a turn that captures
// nothing and stops short of the store stays in its tier. Such moves
// never cycle (doc.go), which the scored retrograde pass checks.
func (g *Game) TierLoopy(t game.Tier) bool { return int(t) < g.Seeds() }

// compositions is the number of ways to put m seeds in k pits.
func (g *Game) compositions(m, k int) int64 { return g.binom[m+k-1][k-1] }

// TierSize: the seeds left in the 2P pits, South's store and the player
// to move.
func (g *Game) TierSize(t game.Tier) int64 {
	m := g.Seeds() - int(t)
	return g.compositions(m, 2*g.P) * int64(t+1) * 2
}

// TierRank ranks the pits by the combinatorial number system over the
// bars of their stars-and-bars picture (bar j after pit j, at place
// pits[0..j] + j), then South's store, then the player to move.
func (g *Game) TierRank(p Pos) int64 {
	k := 2 * g.P
	var r int64
	sum := 0
	for j := 0; j < k-1; j++ {
		sum += int(p.Pits[j])
		r += g.binom[sum+j][j+1]
	}
	t := int64(p.Store[0]) + int64(p.Store[1])
	return (r*(t+1)+int64(p.Store[0]))*2 + int64(p.Turn)
}

// TierUnrank inverts TierRank; false for a board no play reaches (a side
// empty while seeds are left in pits).
func (g *Game) TierUnrank(t game.Tier, r int64) (Pos, bool) {
	var p Pos
	if t > game.Tier(g.Seeds()) || r < 0 || r >= g.TierSize(t) {
		return p, false
	}
	p.Turn = uint8(r & 1)
	r >>= 1
	south := r % int64(t+1)
	r /= int64(t + 1)
	p.Store[0], p.Store[1] = uint8(south), uint8(int64(t)-south)
	k := 2 * g.P
	m := g.Seeds() - int(t)
	// Bars from the last: the largest place b with C(b, j+1) <= r.
	places := make([]int, k-1)
	top := m + k - 2
	for j := k - 2; j >= 0; j-- {
		b := j
		for b+1 <= top && g.binom[b+1][j+1] <= r {
			b++
		}
		places[j] = b
		r -= g.binom[b][j+1]
		top = b - 1
	}
	prev := -1
	for j := 0; j < k-1; j++ {
		p.Pits[j] = uint8(places[j] - prev - 1)
		prev = places[j]
	}
	p.Pits[k-1] = uint8(m + k - 2 - prev)
	if (g.sideEmpty(&p, 0) || g.sideEmpty(&p, 1)) && m > 0 {
		return p, false
	}
	return p, true
}

// TierName is "T in stores".
func (g *Game) TierName(t game.Tier) string { return strconv.Itoa(int(t)) + " in stores" }

func tierOf(n int) game.Tier { return game.Tier(n) }
