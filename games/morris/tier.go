package morris

import (
	"fmt"
	"math/bits"

	"github.com/grundy-go/grundy/game"
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
// with men on the board and (without Lasker's rule) none in hand, in a
// tier where that player may be the one to move (without Lasker's rule
// no one moves a man while a man is still to be placed).
func (g *Game) TierLoopy(t game.Tier) bool {
	if !g.valid(t) || !g.live(t) {
		return false
	}
	wh, bh, wb, bb := TierCounts(t)
	if !g.Lasker && wh+bh > 0 {
		// The hands decide the turn, and the player to move has a man
		// to place: every move leaves the tier.
		return false
	}
	return wb > 0 && (wh == 0 || g.Lasker) || bb > 0 && (bh == 0 || g.Lasker)
}

// TierSize is the number of orbits of the tier's boards under the
// board's symmetries (rank.go) times the turns: 2 when either player may
// be to move, 1 when the hands say who is (placing, without Lasker's
// rule: White when both have placed as many men, Black when White has
// placed one more).
func (g *Game) TierSize(t game.Tier) int64 {
	if !g.valid(t) {
		return 0
	}
	_, _, wb, bb := TierCounts(t)
	n, _ := g.turns(t)
	return int64(n) * g.ranks().orbits(wb, bb)
}

// turns is the number of turns a tier ranks (1 or 2), and with 1 whether
// it is Black's. A tier whose hands no play reaches (a hand two men
// ahead) ranks White's turn alone, every position of it illegal.
func (g *Game) turns(t game.Tier) (n int, black bool) {
	wh, bh, _, _ := TierCounts(t)
	if g.Lasker || wh == 0 && bh == 0 {
		return 2, false
	}
	return 1, wh+1 == bh
}

// ranks is the game's ranker, built on first use.
func (g *Game) ranks() *ranker {
	g.rankOnce.Do(func() { g.rk = newRanker(g.Board, g.Men) })
	return g.rk
}

// TierRank is the rank of p's orbit under the board's symmetries: the
// rank of the board's orbit (ranker.rank), then the turn when the tier
// has two. A board with more men of a colour than the game has ranks -1.
func (g *Game) TierRank(p Pos) int64 {
	r := g.ranks().rank(p.White(), p.Black())
	wh, bh := p.Hands()
	if r >= 0 && (g.Lasker || wh == 0 && bh == 0) {
		r *= 2
		if p.BlackToMove() {
			r++
		}
	}
	return r
}

// TierUnrank is the representative (Canonical) of the orbit of rank r in
// tier t, when it is a legal position (Parse would read it).
func (g *Game) TierUnrank(t game.Tier, r int64) (Pos, bool) {
	if !g.valid(t) || r < 0 {
		return 0, false
	}
	wh, bh, wb, bb := TierCounts(t)
	n, black := g.turns(t)
	if n == 2 {
		black = r&1 == 1
	}
	w, b, ok := g.ranks().unrank(wb, bb, r/int64(n))
	if !ok {
		return 0, false
	}
	p := makePos(w, b, wh, bh, black)
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
// symmetries: its least image level by level (rank.go), the position
// TierUnrank gives for p's rank.
func (g *Game) Canonical(p Pos) Pos {
	k := g.ranks()
	var cs [4]uint16
	k.canonical(p.White(), p.Black(), &cs)
	var w, b uint32
	for i, l := range k.levels {
		w |= l.dep[l.white[cs[i]]]
		b |= l.dep[l.black[cs[i]]]
	}
	wh, bh := p.Hands()
	return makePos(w, b, wh, bh, p.BlackToMove())
}

// The symmetry in the ranking. The symmetries of a board (the square's 8
// rotations and reflections, and on the boards of two or three squares
// each of them after swapping the inner and the outer square: 16, as
// Gasser used for Nine Men's Morris) map lines to lines and joined points
// to joined points (TestSymmetries), so a position and its images have
// the same value and the images of its moves are the moves of its image.
// A tier ranks one position of each orbit, densely (rank.go); the start is symmetric, so the positions reachable
// from it are closed under the group and a rank stands for its whole
// orbit (TierOrbit). Swapping the colours is not used: it does not keep
// the hands' relation to the turn (White places first).

// RankingVersion is the version of the ranking a database records.
// Version 2 ranks the orbits densely (rank.go); version 1 ranked each
// orbit's least image as a Pos at its raw rank among all the boards of
// the tier, 16 times as many ranks.
const RankingVersion = 2

// TierOrbit is the number of positions rank r stands for: the group's
// size over the number of symmetries that fix its position (1 for a rank
// of no legal position), and the end of the run of ranks from r that
// stand for as many: a block of positions without symmetry when the
// ranks of both turns are legal alike (always so in a tier of a game with
// removal, where legality depends on the counts and the turn alone).
func (g *Game) TierOrbit(t game.Tier, r int64) (n, end int64) {
	if _, ok := g.TierUnrank(t, r); !ok {
		return 1, r + 1
	}
	_, _, wb, bb := TierCounts(t)
	nt, _ := g.turns(t)
	k := g.ranks()
	fixed, e := k.stabilizer(wb, bb, r/int64(nt))
	n = int64(k.nsym / fixed)
	if !g.Removal {
		return n, r + 1
	}
	if nt == 2 {
		if _, ok := g.TierUnrank(t, r^1); !ok {
			return n, r + 1
		}
	}
	return n, max(e*int64(nt), r+1)
}

// TierRanking is RankingVersion (tier.Ranked).
func (g *Game) TierRanking() int { return RankingVersion }
