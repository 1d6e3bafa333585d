package gobblet

import (
	"fmt"
	"math/bits"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/internal/colex"
	"github.com/grundy-go/grundy/internal/dihedral"
)

// Tiers. Pieces never leave the board, so the number of pieces of each
// size each player has placed never falls: a move from the reserve adds
// one, a move on the board keeps the counts. A tier is the pair of count
// vectors, one a player (a count vector c written as the number
// c_small + 3 c_medium + 9 c_large, 0..26), as an unordered pair: the
// lesser first. Moves on the board stay in the tier (loopy tiers, every
// one but the empty board's); a move from the reserve raises one of the
// two numbers, so play never returns to an earlier tier.
//
// Symmetry. The square's 8 rotations and reflections map lines to lines
// and moves to moves; swapping the colours together with the player to
// move maps each position to one whose player to move has the same moves
// and the same value (the rules do not name a colour; only the start
// does). The 16 symmetries keep a position's pair of count vectors, so
// an orbit lies in one tier, and a tier ranks one position of each orbit
// (TierRank of any of them is the same rank; TierUnrank gives that one):
// the colours chosen so that Blue has the lesser count vector (Blue to
// move when they are equal), then the rotation or reflection whose lead
// layer (the largest size with pieces in the tier) has the least rank,
// ties broken by the least Pos. Play from the start is not closed under
// the colour swap (Blue moves first), so a record stands for the class
// of a position up to the 16 symmetries, as in the published count of
// 341,024,631 states "up to board and player symmetry" (doc.go); the
// database's positions are those classes.

// RankingVersion is the version of the ranking a database records.
const RankingVersion = 1

// countCode is a player's count vector as a number: Σ c_s 3^s.
// (Sizes the game lacks have no pieces, so all three are counted.)
func (g *Game) countCode(p Pos, orange bool) int {
	sh := 0
	if orange {
		sh = 9
	}
	x := uint64(p) >> sh
	return bits.OnesCount64(x&all9) + 3*bits.OnesCount64(x>>18&all9) + 9*bits.OnesCount64(x>>36&all9)
}

// counts unpacks a count code.
func counts(code int) (c [3]int) {
	for s := range 3 {
		c[s] = code % 3
		code /= 3
	}
	return c
}

// makeTier is the tier of the codes a and b, the lesser first.
func makeTier(a, b int) game.Tier {
	if a > b {
		a, b = b, a
	}
	return game.Tier(a + 27*b)
}

// tierCodes is the lesser and the greater count code of t.
func tierCodes(t game.Tier) (lo, hi int) { return int(t % 27), int(t / 27) }

// TierOf is the pair of p's count vectors.
func (g *Game) TierOf(p Pos) game.Tier {
	return makeTier(g.countCode(p, false), g.countCode(p, true))
}

// validTier reports whether t's counts fit the game.
func (g *Game) validTier(t game.Tier) bool {
	lo, hi := tierCodes(t)
	if t >= 27*27 || lo > hi {
		return false
	}
	for _, code := range []int{lo, hi} {
		c := counts(code)
		for s := range 3 {
			if c[s] > g.per || s >= g.sizes && c[s] > 0 {
				return false
			}
		}
	}
	return true
}

// TierChildren is each tier with one more piece of one size placed by
// one of the two players.
func (g *Game) TierChildren(t game.Tier) []game.Tier {
	if !g.validTier(t) {
		return nil
	}
	lo, hi := tierCodes(t)
	var out []game.Tier
	add := func(c game.Tier) {
		if c == t || !g.validTier(c) {
			return
		}
		for _, d := range out {
			if d == c {
				return
			}
		}
		out = append(out, c)
	}
	m := 1
	for s := range g.sizes {
		if counts(lo)[s] < g.per {
			add(makeTier(lo+m, hi))
		}
		if counts(hi)[s] < g.per {
			add(makeTier(lo, hi+m))
		}
		m *= 3
	}
	return out
}

// TierLoopy is true when a piece is on the board: it may move.
func (g *Game) TierLoopy(t game.Tier) bool { return t != 0 }

// TierName is "placed 012|122": small, medium and large pieces placed by
// the two players, the lesser first.
func (g *Game) TierName(t game.Tier) string {
	lo, hi := tierCodes(t)
	a, b := counts(lo), counts(hi)
	return fmt.Sprintf("placed %d%d%d|%d%d%d", a[0], a[1], a[2], b[0], b[1], b[2])
}

// TierRanking is RankingVersion (tier.Ranked).
func (g *Game) TierRanking() int { return RankingVersion }

// layerTables rank one layer: the squares holding a piece of one size,
// b of them Blue's and o Orange's (b, o ≤ per).
type layerTables struct {
	// raw[blue<<9|orange] is the layer's rank among the layers of its
	// counts: the occupied squares' colex rank × C(b+o, b) + the blue
	// squares' rank among them.
	raw []uint16
	// lead[b][o][raw] is the layer's index among the layers of its
	// counts that are the least (by raw) of their images, -1 for others;
	// leads[b][o] counts them.
	lead    [3][3][]int32
	leads   [3][3]int64
	leadRaw [3][3][]uint16 // leadRaw[b][o][i] is the raw rank of lead index i
}

func layerRank(blue, orange uint16) int64 {
	occ := uint64(blue | orange)
	n := bits.OnesCount64(occ)
	return colex.RankSmall(occ)*colex.Binom(n, bits.OnesCount16(blue)) + colex.RankSmall(colex.Extract(uint64(blue), occ))
}

// layerSize is the number of layers with b blue and o orange pieces.
func layerSize(b, o int) int64 { return colex.Binom(9, b+o) * colex.Binom(b+o, b) }

// layerUnrank is layerRank's inverse.
func layerUnrank(b, o int, r int64) (blue, orange uint16) {
	per := colex.Binom(b+o, b)
	occ := colex.Unrank(9, b+o, r/per)
	bl := colex.Deposit(colex.Unrank(b+o, b, r%per), occ)
	return uint16(bl), uint16(occ &^ bl)
}

func (g *Game) initSymmetry() {
	for k := range 8 {
		for set := range 512 {
			var out uint16
			for i := range 3 {
				for j := range 3 {
					r, c := dihedral.Source(k, 3, 3, i, j)
					if set>>(3*r+c)&1 == 1 {
						out |= 1 << (3*i + j)
					}
				}
			}
			g.sym[k][set] = out
		}
	}
}

func newLayerTables(per int) layerTables {
	var t layerTables
	t.raw = make([]uint16, 1<<18)
	var g Game
	g.initSymmetry()
	for b := 0; b <= per; b++ {
		for o := 0; b+o <= 9 && o <= per; o++ {
			n := layerSize(b, o)
			t.lead[b][o] = make([]int32, n)
			for r := range n {
				bl, or := layerUnrank(b, o, r)
				t.raw[int(bl)<<9|int(or)] = uint16(r)
			}
			for r := range n {
				bl, or := layerUnrank(b, o, r)
				least := true
				for k := 1; k < 8; k++ {
					if int64(t.raw[int(g.sym[k][bl])<<9|int(g.sym[k][or])]) < r {
						least = false
					}
				}
				t.lead[b][o][r] = -1
				if least {
					t.lead[b][o][r] = int32(t.leads[b][o])
					t.leads[b][o]++
					t.leadRaw[b][o] = append(t.leadRaw[b][o], uint16(r))
				}
			}
		}
	}
	return t
}

// Image is p under the square's symmetry k (internal/dihedral's
// numbering, 0 the identity); the player to move stays.
func (g *Game) Image(p Pos, k int) Pos {
	q := p & turnBit
	for s := range g.sizes {
		q |= Pos(g.sym[k][p.Blue(s)])<<(18*s) | Pos(g.sym[k][p.Orange(s)])<<(18*s+9)
	}
	return q
}

// Swap is p with the colours swapped and the other player to move.
func (g *Game) Swap(p Pos) Pos {
	q := (p ^ turnBit) & turnBit
	for s := range g.sizes {
		q |= Pos(p.Orange(s))<<(18*s) | Pos(p.Blue(s))<<(18*s+9)
	}
	return q
}

// leadSize is the lead layer of a tier: the largest size with pieces.
func (g *Game) leadSize(p Pos) int {
	for s := g.sizes - 1; s >= 0; s-- {
		if p.Occupied(s) != 0 {
			return s
		}
	}
	return -1
}

// Canonical is the representative of p's orbit under the 16 symmetries
// (the comment at the top of this file).
func (g *Game) Canonical(p Pos) Pos {
	cb, co := g.countCode(p, false), g.countCode(p, true)
	if cb > co || cb == co && p.OrangeToMove() {
		p = g.Swap(p)
	}
	lead := g.leadSize(p)
	if lead < 0 {
		return p
	}
	best := p
	bestLead := g.layer.raw[int(p.Blue(lead))<<9|int(p.Orange(lead))]
	for k := 1; k < 8; k++ {
		bl, or := g.sym[k][p.Blue(lead)], g.sym[k][p.Orange(lead)]
		r := g.layer.raw[int(bl)<<9|int(or)]
		if r > bestLead {
			continue
		}
		q := g.Image(p, k)
		if r < bestLead || q < best {
			best, bestLead = q, r
		}
	}
	return best
}

// shape is what a tier's ranking needs: each size's blue and orange
// counts in the representative, the lead size, the layers' sizes, and
// whether the player to move is part of the rank.
type shape struct {
	b, o   [3]int
	lead   int
	size   [3]int64 // ranks of each layer (the lead's: its orbits)
	turned bool
}

func (g *Game) shapeOf(t game.Tier) shape {
	lo, hi := tierCodes(t)
	var sh shape
	sh.b, sh.o = counts(lo), counts(hi)
	sh.turned = lo != hi
	sh.lead = -1
	for s := g.sizes - 1; s >= 0; s-- {
		if sh.b[s]+sh.o[s] > 0 {
			sh.lead = s
			break
		}
	}
	for s := range g.sizes {
		sh.size[s] = layerSize(sh.b[s], sh.o[s])
		if s == sh.lead {
			sh.size[s] = g.layer.leads[sh.b[s]][sh.o[s]]
		}
	}
	return sh
}

// TierSize is the product of the layers' sizes (the lead layer's
// orbits), twice that when the counts differ (either player to move).
func (g *Game) TierSize(t game.Tier) int64 {
	if !g.validTier(t) {
		return 0
	}
	sh := g.shapeOf(t)
	n := int64(1)
	for s := range g.sizes {
		n *= sh.size[s]
	}
	if sh.turned {
		n *= 2
	}
	return n
}

// TierRank is the rank of p's orbit: its representative's layers in
// mixed radix, the lead layer's orbit index most significant, then the
// sizes from large to small, then (when the counts differ) the player to
// move.
func (g *Game) TierRank(p Pos) int64 {
	p = g.Canonical(p)
	lead := g.leadSize(p)
	var r int64
	if lead >= 0 {
		r = int64(g.layer.lead[p.Placed(lead, false)][p.Placed(lead, true)][g.layer.raw[int(p.Blue(lead))<<9|int(p.Orange(lead))]])
	}
	for s := g.sizes - 1; s >= 0; s-- {
		if s >= lead && lead >= 0 {
			continue
		}
		r = r*layerSize(p.Placed(s, false), p.Placed(s, true)) + int64(g.layer.raw[int(p.Blue(s))<<9|int(p.Orange(s))])
	}
	if g.countCode(p, false) != g.countCode(p, true) {
		r *= 2
		if p.OrangeToMove() {
			r++
		}
	}
	return r
}

// TierUnrank is the representative of rank r in tier t, false when r is
// out of range or names a position that is not its orbit's
// representative.
func (g *Game) TierUnrank(t game.Tier, r int64) (Pos, bool) {
	if r < 0 || r >= g.TierSize(t) {
		return 0, false
	}
	sh := g.shapeOf(t)
	var p Pos
	if sh.turned {
		if r&1 == 1 {
			p |= turnBit
		}
		r >>= 1
	}
	for s := 0; s < g.sizes; s++ {
		if s == sh.lead {
			continue
		}
		if s > sh.lead {
			continue // no pieces of size s in the tier
		}
		n := sh.size[s]
		bl, or := layerUnrank(sh.b[s], sh.o[s], r%n)
		r /= n
		p |= Pos(bl)<<(18*s) | Pos(or)<<(18*s+9)
	}
	if sh.lead >= 0 {
		idx := r
		raw := g.leadRaw(sh.b[sh.lead], sh.o[sh.lead], idx)
		bl, or := layerUnrank(sh.b[sh.lead], sh.o[sh.lead], raw)
		p |= Pos(bl)<<(18*sh.lead) | Pos(or)<<(18*sh.lead+9)
	}
	if g.Canonical(p) != p {
		return 0, false
	}
	return p, true
}

// leadRaw is the raw rank of the idx'th layer that is the least of its
// orbit.
func (g *Game) leadRaw(b, o int, idx int64) int64 { return int64(g.layer.leadRaw[b][o][idx]) }
