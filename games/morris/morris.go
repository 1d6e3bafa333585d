package morris

import (
	"fmt"
	"iter"
	"math/bits"
	"strings"
	"sync"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/outcome"
)

// Pos is a position: bit i of bits 0..23 is a white man on point i (in
// the board's notation order), of bits 24..47 a black man; bits 48..51
// are White's men in hand, 52..55 Black's; bit 63 is set when Black is
// to move.
type Pos uint64

const (
	blackShift = 24
	whiteHand  = 48
	blackHand  = 52
	turnBit    = Pos(1) << 63
	pointMask  = 1<<24 - 1
)

// White is the set of points holding a white man.
func (p Pos) White() uint32 { return uint32(p & pointMask) }

// Black is the set of points holding a black man.
func (p Pos) Black() uint32 { return uint32(p >> blackShift & pointMask) }

// Hands are the men White and Black still have to place.
func (p Pos) Hands() (w, b int) { return int(p >> whiteHand & 15), int(p >> blackHand & 15) }

// BlackToMove reports whether Black is to move.
func (p Pos) BlackToMove() bool { return p&turnBit != 0 }

// mine is the mover's men on the board and in hand, theirs the other's.
func (p Pos) sides() (me, opp uint32, myHand, oppHand int) {
	wh, bh := p.Hands()
	if p.BlackToMove() {
		return p.Black(), p.White(), bh, wh
	}
	return p.White(), p.Black(), wh, bh
}

// makePos is the position with the mover's men me (myHand in hand), the
// other's opp (oppHand), blackToMove saying who the mover is.
func makePos(white, black uint32, wh, bh int, blackToMove bool) Pos {
	p := Pos(white) | Pos(black)<<blackShift | Pos(wh)<<whiteHand | Pos(bh)<<blackHand
	if blackToMove {
		p |= turnBit
	}
	return p
}

// Rules say what is played: the board and the variant's switches.
type Rules struct {
	Board *Board
	Men   int // men each player has
	// Removal is true when a mill removes an opponent's man (every game
	// but three men's morris, where the first mill wins).
	Removal bool
	// Fly lets a player with exactly three men, none in hand, move one to
	// any empty point.
	Fly bool
	// Lasker lets a player with men in hand move a man on the board
	// instead of placing one.
	Lasker bool
}

// Game is a Morris game. Make it with New.
type Game struct {
	Rules
	spec     string
	millsOf  [][]uint32 // millsOf[i]: the lines through point i, as sets
	lineSets []uint32
	sym      [][3][256]uint32 // per symmetry, images of each byte of points
	rankOnce sync.Once
	rk       *ranker // the ranking by orbits (rank.go), built on first use
	// unfolded ranks the colour swaps apart, as ranking v2 did (tier.go):
	// the tests' twin to check the fold against.
	unfolded bool
}

var (
	_ game.Game[Pos]         = (*Game)(nil)
	_ game.MoveAppender[Pos] = (*Game)(nil)
	_ game.Terminal[Pos]     = (*Game)(nil)
	_ game.Formatter[Pos]    = (*Game)(nil)
	_ game.Tiered[Pos]       = (*Game)(nil)
)

// New is the game of the rules, named spec.
func New(spec string, r Rules) *Game {
	g := &Game{Rules: r, spec: spec}
	b := r.Board
	g.millsOf = make([][]uint32, b.N())
	for _, l := range b.Lines {
		s := uint32(1)<<l[0] | 1<<l[1] | 1<<l[2]
		g.lineSets = append(g.lineSets, s)
		for _, i := range l {
			g.millsOf[i] = append(g.millsOf[i], s)
		}
	}
	g.sym = make([][3][256]uint32, len(b.Syms))
	for k := range b.Syms {
		for j := range 3 {
			for v := range 256 {
				g.sym[k][j][v] = b.Image(uint32(v)<<(8*j)&b.Full(), k)
			}
		}
	}
	return g
}

// Spec is the game's canonical name, "morris:9:lasker".
func (g *Game) Spec() string { return g.spec }

// inMill reports whether the man on point i is in a mill of the men s.
func (g *Game) inMill(s uint32, i int) bool {
	for _, l := range g.millsOf[i] {
		if s&l == l {
			return true
		}
	}
	return false
}

// HasMill reports whether the men s make a mill anywhere.
func (g *Game) HasMill(s uint32) bool {
	for _, l := range g.lineSets {
		if s&l == l {
			return true
		}
	}
	return false
}

// milled is the men of s that stand in a mill.
func (g *Game) milled(s uint32) uint32 {
	var m uint32
	for _, l := range g.lineSets {
		if s&l == l {
			m |= l
		}
	}
	return m
}

// Over reports whether the game has ended at p: a player has fewer than
// three men in all (games with removal), a mill stands (three men's
// morris), or the board is full.
func (g *Game) Over(p Pos) bool {
	_, ok := g.end(p)
	return ok
}

// end is the verdict on a finished game for the player to move, and
// whether it has finished for a reason other than having no move.
func (g *Game) end(p Pos) (outcome.Outcome, bool) {
	me, opp, mh, oh := p.sides()
	if g.Removal {
		switch {
		case bits.OnesCount32(me)+mh < 3:
			return outcome.P, true
		case bits.OnesCount32(opp)+oh < 3:
			return outcome.N, true
		}
	} else {
		switch {
		case g.HasMill(opp):
			return outcome.P, true
		case g.HasMill(me):
			return outcome.N, true
		}
	}
	if (me|opp) == g.Board.Full() && mh == 0 {
		// A full board: nobody can move. Twelve men's morris calls it a
		// draw (the only board the men can fill).
		return outcome.D, true
	}
	return outcome.D, false
}

// TerminalOutcome scores a position without moves for the player to
// move: a loss with fewer than three men or when the opponent has just
// made the winning line, a loss when blocked, a draw on a full board.
func (g *Game) TerminalOutcome(p Pos) outcome.Outcome {
	if o, ok := g.end(p); ok {
		return o
	}
	return outcome.P // blocked: no legal move
}

// Move is one move: a man placed (From < 0) or moved From → To, and the
// opponent's man removed (Remove, or -1).
type Move struct {
	From, To, Remove int8
}

// Moves yields the positions after each move from p.
func (g *Game) Moves(p Pos) iter.Seq[Pos] {
	return func(yield func(Pos) bool) {
		var buf [256]Pos
		for _, q := range g.AppendMoves(buf[:0], p) {
			if !yield(q) {
				return
			}
		}
	}
}

// AppendMoves appends the positions Moves yields to dst: placements on
// the empty points in notation order, then moves of the men in notation
// order to their targets in notation order, each followed by every
// removal it allows.
func (g *Game) AppendMoves(dst []Pos, p Pos) []Pos {
	// The solver's every position's moves, without closures: the
	// positions are built from p's fields by shifts (TestEachMove checks
	// them and EachMove's moves against a plain listing of the rules).
	if _, over := g.end(p); over {
		return dst
	}
	me, opp, mh, _ := p.sides()
	empty := g.Board.Full() &^ (me | opp)
	// A position after a move is the mover's men and the other's at
	// their shifts, the hands as in p (less one in the mover's after a
	// placement), the other side to move.
	meShift, oppShift, handShift := uint(0), uint(blackShift), uint(whiteHand)
	if p.BlackToMove() {
		meShift, oppShift, handShift = blackShift, 0, blackHand
	}
	rest := (p &^ (pointMask | pointMask<<blackShift)) ^ turnBit
	removes := g.Removal && opp != 0
	var free uint32 // the men a mill may remove, found on first use
	emit := func(dst []Pos, me2 uint32, to int, rest Pos) []Pos {
		base := rest | Pos(me2)<<meShift
		if !removes || !g.inMill(me2, to) {
			return append(dst, base|Pos(opp)<<oppShift)
		}
		if free == 0 {
			if free = opp &^ g.milled(opp); free == 0 {
				free = opp
			}
		}
		for s := free; s != 0; s &= s - 1 {
			dst = append(dst, base|Pos(opp&^(s&-s))<<oppShift)
		}
		return dst
	}
	if mh > 0 {
		placed := rest - Pos(1)<<handShift
		for s := empty; s != 0; s &= s - 1 {
			to := bits.TrailingZeros32(s)
			dst = emit(dst, me|1<<to, to, placed)
		}
		if !g.Lasker {
			return dst
		}
	}
	fly := g.Fly && mh == 0 && bits.OnesCount32(me) == 3
	for s := me; s != 0; s &= s - 1 {
		from := bits.TrailingZeros32(s)
		targets := g.Board.Adj[from] & empty
		if fly {
			targets = empty
		}
		for t := targets; t != 0; t &= t - 1 {
			to := bits.TrailingZeros32(t)
			dst = emit(dst, me&^(1<<from)|1<<to, to, rest)
		}
	}
	return dst
}

// EachMove calls f with every move from p and the position it leaves,
// in Moves' order: AppendMoves' positions, each move read back from
// what it changed (the mover's man taken from a point and put on
// another, or put from the hand, and the other's man removed).
func (g *Game) EachMove(p Pos, f func(Move, Pos)) {
	var buf [64]Pos
	me, opp, _, _ := p.sides()
	black := p.BlackToMove()
	for _, q := range g.AppendMoves(buf[:0], p) {
		me2, opp2 := q.White(), q.Black()
		if black {
			me2, opp2 = opp2, me2
		}
		m := Move{From: -1, To: int8(bits.TrailingZeros32(me2 &^ me)), Remove: -1}
		if from := me &^ me2; from != 0 {
			m.From = int8(bits.TrailingZeros32(from))
		}
		if r := opp &^ opp2; r != 0 {
			m.Remove = int8(bits.TrailingZeros32(r))
		}
		f(m, q)
	}
}

// HasMoves reports whether p has a move (EachMove calls its function
// at least once), without listing them: a hand to place from on an
// empty point, or a man with an empty point to step (or fly) to. It is
// the un-move solver's test for the positions without moves
// (tier.MoveTester).
func (g *Game) HasMoves(p Pos) bool {
	if _, over := g.end(p); over {
		return false
	}
	me, opp, mh, _ := p.sides()
	empty := g.Board.Full() &^ (me | opp)
	if empty == 0 {
		return false
	}
	if mh > 0 || g.Fly && bits.OnesCount32(me) == 3 {
		// A man placed, or flown, on any empty point (a player with
		// men in hand also has men on the board under Lasker's rule,
		// but placing is a move already).
		return mh > 0 || me != 0
	}
	for s := me; s != 0; s &= s - 1 {
		if g.Board.Adj[bits.TrailingZeros32(s)]&empty != 0 {
			return true
		}
	}
	return false
}

// Label writes a move as players do: "d2" places a man on d2, "a1-a4"
// moves one, and "xb4" after either removes the opponent's man on b4.
func (g *Game) Label(m Move) string {
	var sb strings.Builder
	if m.From >= 0 {
		sb.WriteString(g.Board.Points[m.From])
		sb.WriteByte('-')
	}
	sb.WriteString(g.Board.Points[m.To])
	if m.Remove >= 0 {
		sb.WriteByte('x')
		sb.WriteString(g.Board.Points[m.Remove])
	}
	return sb.String()
}

// MoveTo is the move from p that leaves q, false if none does.
func (g *Game) MoveTo(p, q Pos) (Move, bool) {
	var found Move
	ok := false
	g.EachMove(p, func(m Move, r Pos) {
		if r == q && !ok {
			found, ok = m, true
		}
	})
	return found, ok
}

// Start is the empty board, every man in hand, White to move.
func (g *Game) Start() Pos { return makePos(0, 0, g.Men, g.Men, false) }

// From lists every position reachable from p, p first, breadth first.
func (g *Game) From(p Pos) iter.Seq[Pos] {
	return func(yield func(Pos) bool) {
		seen := map[Pos]struct{}{p: {}}
		queue := []Pos{p}
		var buf []Pos
		for i := 0; i < len(queue); i++ {
			if !yield(queue[i]) {
				return
			}
			buf = g.AppendMoves(buf[:0], queue[i])
			for _, q := range buf {
				if _, ok := seen[q]; !ok {
					seen[q] = struct{}{}
					queue = append(queue, q)
				}
			}
		}
	}
}

// Rows is the board on its grid, top row first (Board.Grid): W, B or
// '.' on the points, ' ' between them.
func (g *Game) Rows(p Pos) []string {
	w, b := p.White(), p.Black()
	return g.Board.Grid(func(i int) byte {
		switch {
		case w>>i&1 == 1:
			return 'W'
		case b>>i&1 == 1:
			return 'B'
		}
		return '.'
	})
}

// String describes the rules in a line.
func (r Rules) String() string {
	s := fmt.Sprintf("%s, %d men each", r.Board.Name, r.Men)
	if r.Lasker {
		s += ", Lasker's rule (move instead of placing)"
	}
	if r.Fly {
		s += ", flying with three men"
	}
	return s
}
