package morris

import (
	"fmt"
	"math/bits"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/internal/colex"
)

// A tier is the men in hand and on the board of each player: White's
// hand, Black's hand, White's men on the board, Black's, four bits each.
// Every move places a man (a hand shrinks), removes one (a board count
// shrinks) or both, or moves a man without a mill (the tier stays): so
// play never returns to an earlier tier, and only the moving phase's
// tiers are loopy.

// MakeTier packs the counts.
func MakeTier(wh, bh, wb, bb int) game.Tier {
	return game.Tier(wh | bh<<4 | wb<<8 | bb<<12)
}

// TierCounts unpacks a tier.
func TierCounts(t game.Tier) (wh, bh, wb, bb int) {
	return int(t & 15), int(t >> 4 & 15), int(t >> 8 & 15), int(t >> 12 & 15)
}

// TierOf is p's counts.
func (g *Game) TierOf(p Pos) game.Tier {
	wh, bh := p.Hands()
	return MakeTier(wh, bh, bits.OnesCount32(p.White()), bits.OnesCount32(p.Black()))
}

// valid reports whether t's counts fit the game.
func (g *Game) valid(t game.Tier) bool {
	wh, bh, wb, bb := TierCounts(t)
	return t < 1<<16 && wh+wb <= g.Men && bh+bb <= g.Men && wb+bb <= g.Board.N()
}

// live reports whether play goes on in t (both have three men in all).
func (g *Game) live(t game.Tier) bool {
	wh, bh, wb, bb := TierCounts(t)
	return !g.Removal || wh+wb >= 3 && bh+bb >= 3
}

// TierChildren lists the tiers one move of either player may reach: a
// man placed, with or without a removal, or moved with a removal.
func (g *Game) TierChildren(t game.Tier) []game.Tier {
	if !g.valid(t) || !g.live(t) {
		return nil
	}
	wh, bh, wb, bb := TierCounts(t)
	var out []game.Tier
	add := func(c game.Tier) {
		if c == t || !g.valid(c) {
			return
		}
		for _, d := range out {
			if d == c {
				return
			}
		}
		out = append(out, c)
	}
	full := wb+bb == g.Board.N()
	if wh > 0 && !full {
		add(MakeTier(wh-1, bh, wb+1, bb))
		if g.Removal && bb > 0 {
			add(MakeTier(wh-1, bh, wb+1, bb-1))
		}
	}
	if bh > 0 && !full {
		add(MakeTier(wh, bh-1, wb, bb+1))
		if g.Removal && wb > 0 {
			add(MakeTier(wh, bh-1, wb-1, bb+1))
		}
	}
	if g.Removal && (wh == 0 || g.Lasker) && wb >= 3 && bb > 0 {
		add(MakeTier(wh, bh, wb, bb-1))
	}
	if g.Removal && (bh == 0 || g.Lasker) && bb >= 3 && wb > 0 {
		add(MakeTier(wh, bh, wb-1, bb))
	}
	return out
}

// TierLoopy is true when a man may be moved without a mill: a player
// with men on the board and (without Lasker's rule) none in hand.
func (g *Game) TierLoopy(t game.Tier) bool {
	if !g.valid(t) || !g.live(t) {
		return false
	}
	wh, bh, wb, bb := TierCounts(t)
	return wb > 0 && (wh == 0 || g.Lasker) || bb > 0 && (bh == 0 || g.Lasker)
}

// TierSize is 2 × C(points, wb+bb) × C(wb+bb, wb): the occupied points,
// which of them are White's, and the player to move.
func (g *Game) TierSize(t game.Tier) int64 {
	if !g.valid(t) {
		return 0
	}
	_, _, wb, bb := TierCounts(t)
	return 2 * colex.Binom(g.Board.N(), wb+bb) * colex.Binom(wb+bb, wb)
}

// TierRank is the raw rank (rawRank) of the representative of p's orbit
// under the board's symmetries (Canonical).
func (g *Game) TierRank(p Pos) int64 { return g.rawRank(g.Canonical(p)) }

// rawRank is 2 × (the occupied points' colex rank × C(n, wb) + the
// colex rank of White's men among the occupied points) + 1 when Black is
// to move.
func (g *Game) rawRank(p Pos) int64 {
	w, b := p.White(), p.Black()
	occ := w | b
	n := bits.OnesCount32(occ)
	r := 2 * (colex.Rank(uint64(occ))*colex.Binom(n, bits.OnesCount32(w)) + colex.Rank(extract(w, occ)))
	if p.BlackToMove() {
		r++
	}
	return r
}

// extract packs the bits of x at the places of occ's bits.
func extract(x, occ uint32) uint64 {
	var out uint64
	i := 0
	for s := occ; s != 0; s &= s - 1 {
		if x&(s&-s) != 0 {
			out |= 1 << i
		}
		i++
	}
	return out
}

// deposit spreads the low bits of sub over the places of occ's bits.
func deposit(sub uint64, occ uint32) uint32 {
	var out uint32
	i := 0
	for s := occ; s != 0; s &= s - 1 {
		if sub>>i&1 == 1 {
			out |= s & -s
		}
		i++
	}
	return out
}

// TierUnrank is the position of rank r in tier t when it is a legal
// position (Parse would read it) and its orbit's representative.
func (g *Game) TierUnrank(t game.Tier, r int64) (Pos, bool) {
	p, ok := g.rawUnrank(t, r)
	if !ok || g.Canonical(p) != p {
		return 0, false
	}
	return p, true
}

// rawUnrank is rawRank's inverse, false for a position no play reaches
// (illegal).
func (g *Game) rawUnrank(t game.Tier, r int64) (Pos, bool) {
	if r < 0 || r >= g.TierSize(t) {
		return 0, false
	}
	wh, bh, wb, bb := TierCounts(t)
	n := wb + bb
	black := r&1 == 1
	r >>= 1
	per := colex.Binom(n, wb)
	occ := uint32(colex.Unrank(g.Board.N(), n, r/per))
	w := deposit(colex.Unrank(n, wb, r%per), occ)
	p := makePos(w, occ&^w, wh, bh, black)
	if g.illegal(p) != "" {
		return 0, false
	}
	return p, true
}

// TierName is "W 2+4 B 3+3": each player's men in hand + on the board.
func (g *Game) TierName(t game.Tier) string {
	wh, bh, wb, bb := TierCounts(t)
	return fmt.Sprintf("W %d+%d B %d+%d", wh, wb, bh, bb)
}

// imageSet is the set s under symmetry k, a byte of points at a time.
func (g *Game) imageSet(s uint32, k int) uint32 {
	t := &g.sym[k]
	return t[0][s&0xff] | t[1][s>>8&0xff] | t[2][s>>16&0xff]
}

// Image is p under the board's symmetry k (Board.Syms).
func (g *Game) Image(p Pos, k int) Pos {
	wh, bh := p.Hands()
	return makePos(g.imageSet(p.White(), k), g.imageSet(p.Black(), k), wh, bh, p.BlackToMove())
}

// Canonical is the representative of p's orbit under the board's
// symmetries: the least image as a Pos.
func (g *Game) Canonical(p Pos) Pos {
	best := p
	for k := 1; k < len(g.sym); k++ {
		if q := g.Image(p, k); q < best {
			best = q
		}
	}
	return best
}

// The symmetry in the ranking. The symmetries of a board (the square's 8
// rotations and reflections, and on the boards of two or three squares
// each of them after swapping the inner and the outer square: 16, as
// Gasser used for Nine Men's Morris) map lines to lines and joined points
// to joined points (TestSymmetries), so a position and its images have
// the same value and the images of its moves are the moves of its image.
// A tier ranks one position of each orbit, its least image, at that
// image's raw rank; the start is symmetric, so the positions reachable
// from it are closed under the group and a rank stands for its whole
// orbit (TierOrbit). Swapping the colours is not used: it does not keep
// the hands' relation to the turn (White places first).

// RankingVersion is the version of the ranking a database records.
const RankingVersion = 1

// TierOrbit is the number of positions rank r stands for: the group's
// size over the number of symmetries that fix its position (1 for an
// unused rank).
func (g *Game) TierOrbit(t game.Tier, r int64) (n, end int64) {
	p, ok := g.TierUnrank(t, r)
	if !ok {
		return 1, r + 1
	}
	fixed := int64(1)
	for k := 1; k < len(g.sym); k++ {
		if g.Image(p, k) == p {
			fixed++
		}
	}
	return int64(len(g.sym)) / fixed, r + 1
}

// TierRanking is RankingVersion (tier.Ranked).
func (g *Game) TierRanking() int { return RankingVersion }
