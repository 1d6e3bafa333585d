package connect4

import (
	"fmt"
	"iter"
	"strings"
	"sync"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/outcome"
)

// Game is Connect-Four on one Shape, for the solvers: positions are
// Boards, a move drops a stone, and a position where the player who just
// moved has K in a row, or a full board, is terminal. Make it with New.
type Game struct {
	S  *Shape
	rk func() (*ranker, error)
}

var (
	_ game.Game[Board]         = Game{}
	_ game.MoveAppender[Board] = Game{}
	_ game.Terminal[Board]     = Game{}
	_ game.Formatter[Board]    = Game{}
	_ game.Tiered[Board]       = Game{}
)

// New is the game of W columns, H rows and K in a row; the bounds are
// NewShape's, and every tier's ranks must fit in 64 bits.
func New(w, h, k int) (Game, error) {
	s, err := NewShape(w, h, k)
	if err != nil {
		return Game{}, err
	}
	g := Game{S: s, rk: sync.OnceValues(func() (*ranker, error) { return newRanker(s) })}
	if _, err := g.rk(); err != nil {
		return Game{}, err
	}
	return g, nil
}

func (g Game) ranker() *ranker {
	rk, _ := g.rk() // New checked it
	return rk
}

// Over reports whether play has stopped at b: the player who moved last
// has K in a row, or the board is full.
func (g Game) Over(b Board) bool { return g.S.Full(b) || g.S.Won(b) }

// Moves yields the boards after each move from b, columns left to right.
func (g Game) Moves(b Board) iter.Seq[Board] {
	return func(yield func(Board) bool) {
		if g.Over(b) {
			return
		}
		for c := range g.S.W {
			if g.S.CanPlay(b, c) && !yield(g.S.Play(b, c)) {
				return
			}
		}
	}
}

// AppendMoves appends the boards Moves yields to dst, without allocating
// when dst has room for W more.
func (g Game) AppendMoves(dst []Board, b Board) []Board {
	if g.Over(b) {
		return dst
	}
	for c := range g.S.W {
		if g.S.CanPlay(b, c) {
			dst = append(dst, g.S.Play(b, c))
		}
	}
	return dst
}

// TerminalOutcome is P when the player who just moved has K in a row (the
// player to move has lost), D for a full board without a line.
func (g Game) TerminalOutcome(b Board) outcome.Outcome {
	if g.S.Won(b) {
		return outcome.P
	}
	return outcome.D
}

// Format writes b as a string of moves that reaches it, or, for a board
// that no play reaches, as its rows top down ('x' the first player, 'o'
// the second, '.' empty) joined by '/'.
func (g Game) Format(b Board) string {
	if s, ok := g.S.MoveString(b); ok {
		return s
	}
	return g.Grid(b, "/")
}

// Rows draws b as its rows, top down: 'x' for the first player's stones,
// 'o' for the second's, '.' for an empty cell.
func (g Game) Rows(b Board) []string {
	first := b.Current
	if b.Moves()&1 == 1 {
		first ^= b.Mask
	}
	rows := make([]string, g.S.H)
	line := make([]byte, g.S.W)
	for r := range g.S.H {
		row := g.S.H - 1 - r
		for c := range g.S.W {
			bit := uint64(1) << (uint(c)*uint(g.S.H+1) + uint(row))
			switch {
			case first&bit != 0:
				line[c] = 'x'
			case b.Mask&bit != 0:
				line[c] = 'o'
			default:
				line[c] = '.'
			}
		}
		rows[r] = string(line)
	}
	return rows
}

// Grid is Rows joined by sep.
func (g Game) Grid(b Board, sep string) string { return strings.Join(g.Rows(b), sep) }

// Canonical is the lesser of b and its mirror image by Key (mirror
// images have the same number of stones, so the same tier, and the same
// value): a search may keep one of each pair. (Their ranks are equal
// unless the heights are a palindrome: the ranking itself counts mirror
// images once, mirror.go.)
func (g Game) Canonical(b Board) Board { return g.S.Canonical(b) }

// Start is the empty board.
func (g Game) Start() Board { return Board{} }

// TierOf is the number of stones.
func (g Game) TierOf(b Board) game.Tier { return game.Tier(b.Moves()) }

// TierChildren is the tier of one more stone.
func (g Game) TierChildren(t game.Tier) []game.Tier {
	if int(t) >= g.S.Cells() {
		return nil
	}
	return []game.Tier{t + 1}
}

// TierLoopy is false: every move adds a stone.
func (g Game) TierLoopy(game.Tier) bool { return false }

// TierSize is the number of canonical column-height vectors with sum t
// (mirror.go) times C(t, ceil(t/2)).
func (g Game) TierSize(t game.Tier) int64 {
	if int(t) > g.S.Cells() {
		return 0
	}
	return g.ranker().size[t]
}

// TierRank is b's rank in its tier (see the package doc): its mirror
// image's when its column heights are not canonical, so b and its mirror
// image have one rank unless their heights are a palindrome.
func (g Game) TierRank(b Board) int64 { return g.ranker().rank(b, b.Moves()) }

// TierUnrank is the board of rank r in tier t, the one of its mirror
// pair with canonical heights (the lesser colour rank when they are a
// palindrome); false for the unused ranks of the other. It is false for a rank out
// of range and for a board where the player to move has K in a row (no
// move leads there); a board where the player who moved last has a line
// is a terminal position, even if no play reaches it.
func (g Game) TierUnrank(t game.Tier, r int64) (Board, bool) {
	if int(t) > g.S.Cells() {
		return Board{}, false
	}
	rk := g.ranker()
	b, ok := rk.unrank(int(t), r)
	if !ok || g.S.Aligned(b.Current) || rk.rank(b, int(t)) != r {
		// The last: a palindromic height vector's colourings pair up,
		// and the pair has the lesser rank (mirror.go).
		return Board{}, false
	}
	return b, true
}

// TierName is "n stones".
func (g Game) TierName(t game.Tier) string {
	if t == 1 {
		return "1 stone"
	}
	return fmt.Sprintf("%d stones", t)
}

// TierOrbit is the number of boards rank r of tier t stands for
// (tier.Orbits): 2, the board and its mirror image, unless the board is
// symmetric (1); end is where that may change: the next height vector,
// or r+1 in a palindromic one, whose colourings differ.
func (g Game) TierOrbit(t game.Tier, r int64) (n, end int64) {
	rk := g.ranker()
	k := int(t)
	if k < 0 || k > g.S.Cells() || r < 0 || r >= rk.size[k] {
		return 1, r + 1
	}
	per := rk.c(k, (k+1)/2)
	if _, pal := rk.mirror().vector(k, r/per); !pal {
		return 2, (r/per + 1) * per
	}
	if b, ok := rk.unrank(k, r); ok && rk.flip(b) != b {
		return 2, r + 1
	}
	return 1, r + 1
}

// TierRanking is the version of the ranking (tier.Ranked):
// RankingVersion, so that a database built with the ranking before the
// mirror symmetry (version 1) is refused.
func (g Game) TierRanking() int { return RankingVersion }
