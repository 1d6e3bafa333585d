package dobutsu

import (
	"iter"
	"math/bits"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/outcome"
)

// Pieces, as the low three bits of a cell; bit 3 marks the second
// player's (Gote's) pieces. Zero is an empty cell.
const (
	Lion     = 1
	Giraffe  = 2
	Elephant = 3
	Chick    = 4
	Hen      = 5

	goteBit = 8
)

// Sides.
const (
	Sente = 0 // the first player: upper-case letters, starts at the bottom (rank 4), moves up
	Gote  = 1 // the second player: lower-case letters, starts at the top (rank 1), moves down
)

// The board is 3 files (a..c, left to right as the first player sees
// it) by 4 ranks (1..4 from the top): cell i = 3*row + file, row 0 is
// rank 1, Gote's home rank; row 3 is rank 4, Sente's home rank.
const (
	Files = 3
	Ranks = 4
	Cells = Files * Ranks
)

// Pos is a position: cell i's piece in bits 4i..4i+3 (48 bits), the
// hands in bits 48..59 (two bits each: Sente's giraffes, elephants,
// chicks, then Gote's), and bit 60 set when Gote is to move. A position
// whose player to move has no lion is a finished game: that lion was
// just taken.
type Pos uint64

const (
	handShift = 48
	turnBit   = Pos(1) << 60
	boardMask = Pos(1)<<48 - 1
)

// handKinds are the pieces a hand holds, in the order of its counts.
var handKinds = [3]uint8{Giraffe, Elephant, Chick}

// Cell is the piece on cell i (0 for none; bit 3 for Gote's).
func (p Pos) Cell(i int) uint8 { return uint8(p >> (4 * uint(i)) & 15) }

func (p Pos) withCell(i int, c uint8) Pos {
	s := 4 * uint(i)
	return p&^(15<<s) | Pos(c)<<s
}

// Hand is how many pieces of hand kind k (0 giraffe, 1 elephant, 2
// chick) side holds.
func (p Pos) Hand(side, k int) int {
	return int(p >> (handShift + 6*uint(side) + 2*uint(k)) & 3)
}

func (p Pos) addHand(side, k, d int) Pos {
	s := handShift + 6*uint(side) + 2*uint(k)
	return p + Pos(d)<<s
}

// GoteToMove reports whether the second player is to move.
func (p Pos) GoteToMove() bool { return p&turnBit != 0 }

// Mover is the side to move.
func (p Pos) Mover() int {
	if p.GoteToMove() {
		return Gote
	}
	return Sente
}

// lion is the cell of side's lion, -1 when it has been taken.
func (p Pos) lion(side int) int {
	b := uint64(p & boardMask)
	l := cellsOf(b, Lion)
	if gote := compact(b >> 3 & ones); side == Gote {
		l &= gote
	} else {
		l &^= gote
	}
	if l == 0 {
		return -1
	}
	return bits.TrailingZeros64(l)
}

// Rules: the piece counts in play. The game has two giraffes, two
// elephants and two chicks (each player's one of each, with the lions);
// smaller sets are the same rules with fewer pieces, which the tests
// solve whole and check against a plain analysis.
type Rules struct {
	Giraffes, Elephants, Chicks int
}

// Standard is Dobutsu shogi's set of pieces.
var Standard = Rules{2, 2, 2}

func (r Rules) total(k int) int { return [3]int{r.Giraffes, r.Elephants, r.Chicks}[k] }

// Game is Dobutsu shogi with a set of pieces. Make it with New.
type Game struct {
	rules  Rules
	start  Pos
	folded *ranker // the database's ranking: one rank per orbit
	full   *ranker // every position, for counting (CountReachable)
}

var (
	_ game.Game[Pos]         = (*Game)(nil)
	_ game.MoveAppender[Pos] = (*Game)(nil)
	_ game.Terminal[Pos]     = (*Game)(nil)
	_ game.Formatter[Pos]    = (*Game)(nil)
	_ game.Tiered[Pos]       = (*Game)(nil)
)

// New returns the game with pieces r: the standard start (Kitao's
// setting: g l e / . c . / . C . / E L G) without the pieces r leaves
// out (a giraffe, elephant or chick each player lacks; r's counts must
// be 0 or 2, one a side, for a start; other counts have no start).
func New(r Rules) *Game {
	g := &Game{rules: r}
	var s Pos
	put := func(i int, c uint8) { s = s.withCell(i, c) }
	put(1, Lion|goteBit)
	put(10, Lion)
	if r.Giraffes == 2 {
		put(0, Giraffe|goteBit)
		put(11, Giraffe)
	}
	if r.Elephants == 2 {
		put(2, Elephant|goteBit)
		put(9, Elephant)
	}
	if r.Chicks == 2 {
		put(4, Chick|goteBit)
		put(7, Chick)
	}
	g.start = s
	g.folded = newRanker(r, true)
	g.full = newRanker(r, false)
	return g
}

// Rules is the game's set of pieces.
func (g *Game) Rules() Rules { return g.rules }

// Start is Kitao's starting position, the first player (Sente) to move.
func (g *Game) Start() Pos { return g.start }

// steps[side][piece][cell] is the set of cells a piece of side on cell
// reaches in one step (bit j for cell j), board edges cut off.
var steps = func() (t [2][6][Cells]uint16) {
	type d struct{ dr, df int }
	all := []d{{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}}
	dirs := [6][]d{
		Lion:     all,
		Giraffe:  {{-1, 0}, {1, 0}, {0, -1}, {0, 1}},
		Elephant: {{-1, -1}, {-1, 1}, {1, -1}, {1, 1}},
		Chick:    {{-1, 0}},
		Hen:      {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, 0}}, // a gold general: not diagonally back
	}
	for side := range 2 {
		for piece := Lion; piece <= Hen; piece++ {
			for c := range Cells {
				r, f := c/Files, c%Files
				for _, x := range dirs[piece] {
					dr := x.dr
					if side == Gote { // Gote's forward is down the board
						dr = -dr
					}
					nr, nf := r+dr, f+x.df
					if nr >= 0 && nr < Ranks && nf >= 0 && nf < Files {
						t[side][piece][c] |= 1 << (Files*nr + nf)
					}
				}
			}
		}
	}
	return t
}()

// farRow is the row where side's chicks promote and its lion tries:
// the opponent's home rank.
func farRow(side int) int {
	if side == Sente {
		return 0
	}
	return Ranks - 1
}

// Move is one move: a piece stepping from a cell (From ≥ 0) or dropped
// from the hand (From = -1) to a cell.
type Move struct {
	Piece   uint8 // the piece moved, as it was before the move (no side bit)
	From    int8  // -1 for a drop
	To      int8
	Capture uint8 // the piece taken (no side bit), 0 for none
	Promote bool  // a chick stepping onto the far rank becomes a hen
}

// sideCells is the set of cells holding side's pieces.
func (p Pos) sideCells(side int) uint64 {
	b := uint64(p & boardMask)
	occ := compact((b | b>>1 | b>>2) & ones)
	gote := compact(b >> 3 & ones)
	if side == Gote {
		return occ & gote
	}
	return occ &^ gote
}

// attacks reports whether side's pieces on the board reach cell c.
func (p Pos) attacks(side, c int) bool {
	for s := p.sideCells(side); s != 0; s &= s - 1 {
		i := bits.TrailingZeros64(s)
		if steps[side][p.Cell(i)&7][i]>>c&1 == 1 {
			return true
		}
	}
	return false
}

// Ended reports whether play has stopped at p, and how it stopped: the
// player to move has lost their lion ("taken"), may take the
// opponent's lion ("catch": the only moves listed are those captures),
// or faces the opponent's lion on their own home rank, out of reach
// ("try": a loss, no moves).
func (g *Game) Ended(p Pos) string {
	me := p.Mover()
	if p.lion(me) < 0 {
		return "taken"
	}
	their := p.lion(1 - me)
	if their < 0 {
		return "taken" // not a position of play; Parse refuses it
	}
	if p.attacks(me, their) {
		return "catch"
	}
	if their/Files == farRow(1-me) {
		return "try"
	}
	return ""
}

// EachMove calls f with every move of p and the position it leaves, in
// a fixed order: steps by cell and direction, then drops by kind and
// cell. A position where the player to move may take the opponent's
// lion lists those captures alone (the game is won at once, as Tanaka's
// analysis counts it: such positions are not expanded); a finished
// position lists none.
func (g *Game) EachMove(p Pos, f func(Move, Pos)) {
	me := p.Mover()
	switch g.Ended(p) {
	case "taken", "try":
		return
	case "catch":
		their := p.lion(1 - me)
		for i := range Cells {
			x := p.Cell(i)
			if x != 0 && int(x>>3) == me && steps[me][x&7][i]>>their&1 == 1 {
				m := Move{Piece: x & 7, From: int8(i), To: int8(their), Capture: Lion}
				m.Promote = m.Piece == Chick && their/Files == farRow(me)
				f(m, g.play(p, m))
			}
		}
		return
	}
	for mine := p.sideCells(me); mine != 0; mine &= mine - 1 {
		i := bits.TrailingZeros64(mine)
		x := p.Cell(i)
		for to := steps[me][x&7][i]; to != 0; to &= to - 1 {
			c := trailing(to)
			y := p.Cell(c)
			if y != 0 && int(y>>3) == me {
				continue
			}
			m := Move{Piece: x & 7, From: int8(i), To: int8(c), Capture: y & 7}
			m.Promote = m.Piece == Chick && c/Files == farRow(me)
			f(m, g.play(p, m))
		}
	}
	for k, kind := range handKinds {
		if p.Hand(me, k) == 0 {
			continue
		}
		for c := range Cells {
			if p.Cell(c) == 0 {
				m := Move{Piece: kind, From: -1, To: int8(c)}
				f(m, g.play(p, m))
			}
		}
	}
}

func trailing(x uint16) int {
	n := 0
	for x&1 == 0 {
		x >>= 1
		n++
	}
	return n
}

// handIndex is the hand slot of a captured piece: a hen goes to the hand
// as a chick.
func handIndex(piece uint8) int {
	switch piece {
	case Giraffe:
		return 0
	case Elephant:
		return 1
	}
	return 2 // chick or hen
}

// play is the position m leaves.
func (g *Game) play(p Pos, m Move) Pos {
	me := p.Mover()
	side := uint8(0)
	if me == Gote {
		side = goteBit
	}
	q := p
	if m.From < 0 {
		q = q.addHand(me, handIndex(m.Piece), -1)
	} else {
		q = q.withCell(int(m.From), 0)
		if m.Capture != 0 && m.Capture != Lion {
			q = q.addHand(me, handIndex(m.Capture), 1)
		}
	}
	piece := m.Piece
	if m.Promote {
		piece = Hen
	}
	q = q.withCell(int(m.To), piece|side)
	return q ^ turnBit
}

// Moves yields the positions p's moves leave (EachMove's order).
func (g *Game) Moves(p Pos) iter.Seq[Pos] {
	return func(yield func(Pos) bool) {
		for _, q := range g.AppendMoves(nil, p) {
			if !yield(q) {
				return
			}
		}
	}
}

// AppendMoves appends the positions p's moves leave to dst.
func (g *Game) AppendMoves(dst []Pos, p Pos) []Pos {
	g.EachMove(p, func(_ Move, q Pos) { dst = append(dst, q) })
	return dst
}

// TerminalOutcome: a position without moves is lost for the player to
// move — their lion was taken, or the opponent's lion stands on their
// home rank out of reach (a successful try). A position where a player
// could not move at all would be lost too, as in shogi.
func (g *Game) TerminalOutcome(Pos) outcome.Outcome { return outcome.P }
