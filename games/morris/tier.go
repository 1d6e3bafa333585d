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

// The colour swap. The rules are colour-blind: nothing in them names a
// colour but the turn (White places first, which the hands and the turn
// of a position already say), so a position and its colour swap (Swap:
// the men and hands of each colour given to the other, the other side
// to move) have the same value for the player to move, and the swap of
// a move is a move of the swap. Where either side may be to move (the
// moving phase, and every tier under Lasker's rule) a tier therefore
// ranks the positions of its counts and of the swapped counts together,
// mover-relative, as Gasser's databases do: W a+b B c+d and W c+d B a+b
// are one tier (folds, canonTier), named by the one whose White has
// more men on the board (then in hand), and each of its ranks stands
// for a position in that orientation and its swap. In a tier with equal
// counts (W 0+a B 0+a) a position and its swap are in the tier itself:
// it ranks White to move alone, the swap of a position with Black to
// move. The placing phase without Lasker's rule is not folded: there the
// hands say whose turn it is, and the swap of a position play reaches
// is one no play reaches (Black to move with hands that White's first
// placement rules out).
//
// The tier graph stays acyclic: every move that leaves a tier places a
// man or removes one, so it lowers men in hand + men in all, which the
// swap keeps; and a tier's child is never its own swap (that would keep
// both). The moving phase's loopy tiers W 0+a B 0+b and W 0+b B 0+a,
// each a child of the other's positions before (a step keeps the
// counts and passes the turn), are now one loopy tier: half the ranks.

// Swap is p with the colours swapped: White's men and hand given to
// Black and Black's to White, the other side to move.
func Swap(p Pos) Pos {
	wh, bh := p.Hands()
	return makePos(p.Black(), p.White(), bh, wh, !p.BlackToMove())
}

// rawTier is p's counts as they stand, before the fold.
func rawTier(p Pos) game.Tier {
	wh, bh := p.Hands()
	return MakeTier(wh, bh, bits.OnesCount32(p.White()), bits.OnesCount32(p.Black()))
}

// folds reports whether the tier of counts t ranks its positions with
// their colour swaps: where either side may be to move.
func (g *Game) folds(t game.Tier) bool {
	wh, bh, _, _ := TierCounts(t)
	return !g.unfolded && (g.Lasker || wh == 0 && bh == 0)
}

// swapTier is t's counts with the colours swapped.
func swapTier(t game.Tier) game.Tier {
	wh, bh, wb, bb := TierCounts(t)
	return MakeTier(bh, wh, bb, wb)
}

// whiteAhead reports whether t's White has more men on the board than
// Black, or as many and more in hand: the orientation a folded tier is
// named and ranked by.
func whiteAhead(t game.Tier) bool {
	wh, bh, wb, bb := TierCounts(t)
	return wb > bb || wb == bb && wh > bh
}

// canonTier is the tier the positions of counts t are ranked in: t, or
// its swap when the tier folds and the swap has White ahead.
func (g *Game) canonTier(t game.Tier) game.Tier {
	if s := swapTier(t); g.folds(t) && s != t && !whiteAhead(t) {
		return s
	}
	return t
}

// oriented is the position p's rank is computed from: p, or its swap
// when p's tier folds and the swap is in the tier's orientation (with
// equal counts: White to move).
func (g *Game) oriented(p Pos) Pos {
	t := rawTier(p)
	if !g.folds(t) {
		return p
	}
	if s := swapTier(t); s == t {
		if p.BlackToMove() {
			return Swap(p)
		}
		return p
	}
	if whiteAhead(t) {
		return p
	}
	return Swap(p)
}

// TierOf is the tier of p's counts (canonTier: a folded tier is named
// by its orientation with White ahead).
func (g *Game) TierOf(p Pos) game.Tier {
	return g.canonTier(rawTier(p))
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
	if !g.valid(t) || !g.live(t) || g.canonTier(t) != t {
		return nil
	}
	out := g.countChildren(t, nil)
	if g.folds(t) {
		// The swapped positions' children are the swaps of these; the
		// same tiers once folded, listed again to be sure.
		out = g.countChildren(swapTier(t), out)
	}
	return out
}

// countChildren appends to out the tiers (folded: canonTier) of the
// counts one move from counts t reaches, but t's own.
func (g *Game) countChildren(t game.Tier, out []game.Tier) []game.Tier {
	self := g.canonTier(t)
	wh, bh, wb, bb := TierCounts(t)
	add := func(c game.Tier) {
		if !g.valid(c) {
			return
		}
		if c = g.canonTier(c); c == self {
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
	if !g.valid(t) || !g.live(t) || g.canonTier(t) != t {
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
// placed one more) or when the tier folds the swap into itself (equal
// counts: White to move). A tier of counts that fold into another's
// (canonTier) has no ranks.
func (g *Game) TierSize(t game.Tier) int64 {
	if !g.valid(t) || g.canonTier(t) != t {
		return 0
	}
	_, _, wb, bb := TierCounts(t)
	n, _ := g.turns(t)
	return int64(n) * g.ranks().orbits(wb, bb)
}

// turns is the number of turns a tier ranks (1 or 2), and with 1 whether
// it is Black's. A tier whose hands no play reaches (a hand two men
// ahead) ranks White's turn alone, every position of it illegal; so does
// a folded tier with equal counts (its swap ranks Black's turn).
func (g *Game) turns(t game.Tier) (n int, black bool) {
	wh, bh, _, _ := TierCounts(t)
	if g.folds(t) && swapTier(t) == t {
		return 1, false
	}
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

// TierRank is the rank of p's orbit under the board's symmetries and
// the colour swap: the rank of the board's orbit (ranker.rank) of p in
// its tier's orientation (oriented), then the turn when the tier has
// two. A board with more men of a colour than the game has ranks -1.
func (g *Game) TierRank(p Pos) int64 {
	_, r := g.tierRank(p)
	return r
}

// tierRank is TierOf(p) and TierRank(p) at once: the fold's test is the
// same for both (the tier is swapped exactly when the position is).
func (g *Game) tierRank(p Pos) (game.Tier, int64) {
	// rawTier, canonTier, oriented and turns, inlined: this is the
	// solver's hottest call.
	w, b := p.White(), p.Black()
	black := p.BlackToMove()
	wh, bh := p.Hands()
	nw, nb := bits.OnesCount32(w), bits.OnesCount32(b)
	t := MakeTier(wh, bh, nw, nb)
	two := g.Lasker || wh == 0 && bh == 0
	if two && !g.unfolded {
		if nw == nb && wh == bh {
			two = false // one turn ranked: White's
			if black {
				w, b = b, w
			}
		} else if nw < nb || nw == nb && wh < bh {
			w, b, black = b, w, !black
			nw, nb = nb, nw
			t = swapTier(t)
		}
	}
	r := g.ranks().rankCounted(w, b, nw, nb)
	if r >= 0 && two {
		r *= 2
		if black {
			r++
		}
	}
	return t, r
}

// TierUnrank is the representative (Canonical) of the orbit of rank r in
// tier t, when it is a legal position (Parse would read it).
func (g *Game) TierUnrank(t game.Tier, r int64) (Pos, bool) {
	if !g.valid(t) || r < 0 || g.canonTier(t) != t {
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

// TierName is "W 2+4 B 3+3": each player's men in hand + on the board
// (a folded tier holds the swapped counts too).
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
// symmetries and, where the tier folds, the colour swap: the least image
// level by level (rank.go) of p in its tier's orientation (oriented), the
// position TierUnrank gives for p's rank.
func (g *Game) Canonical(p Pos) Pos {
	return g.boardCanonical(g.oriented(p))
}

// boardCanonical is the representative of p's orbit under the board's
// symmetries alone.
func (g *Game) boardCanonical(p Pos) Pos {
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
// orbit (TierOrbit). The colour swap folds the tiers where either side
// may be to move (above).

// RankingVersion is the version of the ranking a database records.
// Version 3 folds the colour swap (above); version 2 ranked the orbits
// of the board's symmetries densely (rank.go), W a+b B c+d and W c+d B
// a+b apart; version 1 ranked each orbit's least image as a Pos at its
// raw rank among all the boards of the tier, 16 times as many ranks.
const RankingVersion = 3

// TierOrbit is the number of positions rank r stands for: the group's
// size over the number of symmetries that fix its position (1 for a rank
// of no legal position), twice that in a folded tier (the orbit's swap:
// a position and its swap differ in the turn, so never one orbit), and
// the end of the run of ranks from r that
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
	if g.folds(t) {
		n *= 2
	}
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

// TierRanking is RankingVersion (tier.Ranked); 2 for a game that does
// not fold the colour swap (the tests' unfolded twin, Unfolded).
func (g *Game) TierRanking() int {
	if g.unfolded {
		return 2
	}
	return RankingVersion
}

// WalkTier calls visit with TierUnrank(t, r) for every rank r of tier t
// marked in words (bit i of words[w] is rank base + 64w + i), in
// increasing order: the tier solver's walk over a tier's reachable
// positions (tier.Walker), unranked by a walk (rank.go) that redoes only
// the levels that change from one rank to the next.
func (g *Game) WalkTier(t game.Tier, base int64, words []uint64, visit func(r int64, p Pos, ok bool) error) error {
	canon := g.valid(t) && g.canonTier(t) == t
	wh, bh, wb, bb := TierCounts(t)
	n, black := 1, false
	var u walk
	if canon {
		n, black = g.turns(t)
		u = walk{k: g.ranks(), nw: wb, nb: bb}
	}
	for w, word := range words {
		for ; word != 0; word &= word - 1 {
			r := base + int64(w)<<6 + int64(bits.TrailingZeros64(word))
			var p Pos
			ok := canon && r >= 0
			if ok {
				bl := black
				if n == 2 {
					bl = r&1 == 1
				}
				var ws, bs uint32
				if ws, bs, ok = u.unrank(r / int64(n)); ok {
					if p = makePos(ws, bs, wh, bh, bl); g.illegal(p) != "" {
						p, ok = 0, false
					}
				}
			}
			if err := visit(r, p, ok); err != nil {
				return err
			}
		}
	}
	return nil
}

// AppendMoveRanks appends the tier and the rank of each move's position,
// in AppendMoves' order (tier.Walker).
func (g *Game) AppendMoveRanks(tiers []game.Tier, ranks []int64, p Pos) ([]game.Tier, []int64) {
	var buf [64]Pos
	for _, q := range g.AppendMoves(buf[:0], p) {
		t, r := g.tierRank(q)
		tiers = append(tiers, t)
		ranks = append(ranks, r)
	}
	return tiers, ranks
}
