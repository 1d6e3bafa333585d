package othello

import (
	"fmt"
	"iter"
	"math/bits"
	"strings"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/outcome"
)

// Pos is a position: the cells of each colour (bit W*row + col, row 0 at
// the top) and whose turn it is. Passes make the turn independent of the
// number of discs, so it is part of the position.
type Pos struct {
	Black, White uint64
	WhiteToMove  bool
}

// Mover is the set of cells of the player to move.
func (p Pos) Mover() uint64 {
	if p.WhiteToMove {
		return p.White
	}
	return p.Black
}

// Opponent is the set of cells of the other player.
func (p Pos) Opponent() uint64 {
	if p.WhiteToMove {
		return p.Black
	}
	return p.White
}

// Discs is the number of discs on the board.
func (p Pos) Discs() int { return bits.OnesCount64(p.Black | p.White) }

// fromMover is the position whose player to move (white when white) has
// the cells me and the other player opp.
func fromMover(me, opp uint64, white bool) Pos {
	if white {
		return Pos{Black: opp, White: me, WhiteToMove: true}
	}
	return Pos{Black: me, White: opp}
}

// Board is Othello on a board of W columns and H rows, both even, 4 to 8.
// Make it with New. It holds the masks that move generation by shifts
// needs: a shift by one column must not wrap a disc from one row's end to
// the next row's start.
type Board struct {
	W, H int
	full uint64 // every cell of the board
	// The four directions that a left shift follows (east, south,
	// south-east, south-west: by 1, W, W+1, W-1); a right shift by the same
	// amount follows the opposite one. maskL and maskR keep the cells a
	// shifted disc may land on.
	shift        [4]uint
	maskL, maskR [4]uint64
	run          int    // the longest line of discs a move can flip, less one
	centre       uint64 // the four cells of the start, never empty again
	start        Pos
	sym          *symmetries
}

var (
	_ game.Game[Pos]         = (*Board)(nil)
	_ game.MoveAppender[Pos] = (*Board)(nil)
	_ game.Terminal[Pos]     = (*Board)(nil)
	_ game.Formatter[Pos]    = (*Board)(nil)
)

// MinSide and MaxSide bound a board's sides: a side is even, so that the
// four discs of the start sit at the centre, at least 4, so that there is
// a ring of cells around them to play in, and at most 8, so that a board
// fits a uint64.
const (
	MinSide = 4
	MaxSide = 8
)

// New returns Othello on a w×h board (w columns, h rows).
func New(w, h int) (*Board, error) {
	for _, s := range []int{w, h} {
		if s < MinSide || s > MaxSide || s%2 != 0 {
			return nil, fmt.Errorf("bad othello board %dx%d: each side must be even, from %d to %d (the four discs of the start sit at the centre)", w, h, MinSide, MaxSide)
		}
	}
	b := &Board{W: w, H: h}
	if w*h == 64 {
		b.full = ^uint64(0)
	} else {
		b.full = 1<<(w*h) - 1
	}
	var colFirst, colLast uint64
	for r := range h {
		colFirst |= 1 << (r * w)
		colLast |= 1 << (r*w + w - 1)
	}
	notFirst, notLast := b.full&^colFirst, b.full&^colLast
	b.shift = [4]uint{1, uint(w), uint(w + 1), uint(w - 1)}
	// A left shift by 1 or W+1 moves one column right: it must not land
	// in the first column; by W-1 one column left: not in the last.
	b.maskL = [4]uint64{notFirst, b.full, notFirst, notLast}
	b.maskR = [4]uint64{notLast, b.full, notLast, notFirst}
	b.run = max(w, h) - 3
	r0, c0 := h/2-1, w/2-1
	tl, tr := b.bit(r0, c0), b.bit(r0, c0+1)
	bl, br := b.bit(r0+1, c0), b.bit(r0+1, c0+1)
	b.centre = tl | tr | bl | br
	// The standard start (d4 and e5 white, e4 and d5 black on 8×8), Black
	// to move.
	b.start = Pos{Black: tr | bl, White: tl | br}
	b.sym = newSymmetries(w, h)
	return b, nil
}

// ParseSpec reads "WxH" (e.g. 6x6); "" is 8x8.
func ParseSpec(params string) (w, h int, err error) {
	if params == "" {
		return 8, 8, nil
	}
	if _, err := fmt.Sscanf(params, "%dx%d", &w, &h); err != nil || fmt.Sprintf("%dx%d", w, h) != params {
		return 0, 0, fmt.Errorf("bad othello board %q: expected WxH, e.g. othello:6x6", params)
	}
	return w, h, nil
}

// Spec is the board's spec, "othello:WxH".
func (b *Board) Spec() string { return fmt.Sprintf("othello:%dx%d", b.W, b.H) }

// Cells is the number of cells, W×H.
func (b *Board) Cells() int { return b.W * b.H }

func (b *Board) bit(r, c int) uint64 { return 1 << (r*b.W + c) }

// Start is the standard start: the four central discs, Black to move.
func (b *Board) Start() Pos { return b.start }

// movesOf is the set of cells where the player with discs me may play
// against discs opp: the empty cells at the end of a line of opp's discs
// that starts next to one of me. Each direction's line is grown by
// shifts, at most run times.
func (b *Board) movesOf(me, opp uint64) uint64 {
	empty := b.full &^ (me | opp)
	var m uint64
	for d := range 4 {
		s, ml, mr := b.shift[d], b.maskL[d]&opp, b.maskR[d]&opp
		xl := me << s & ml
		xr := me >> s & mr
		for range b.run {
			xl |= xl << s & ml
			xr |= xr >> s & mr
		}
		m |= (xl<<s&b.maskL[d] | xr>>s&b.maskR[d]) & empty
	}
	return m
}

// flips is the set of opp's discs that a disc of me played on cell sq
// turns over.
func (b *Board) flips(me, opp uint64, sq int) uint64 {
	var f uint64
	bit := uint64(1) << sq
	for d := range 4 {
		s, ml, mr := b.shift[d], b.maskL[d], b.maskR[d]
		var line uint64
		x := bit << s & ml
		for x&opp != 0 {
			line |= x
			x = x << s & ml
		}
		if x&me != 0 {
			f |= line
		}
		line = 0
		x = bit >> s & mr
		for x&opp != 0 {
			line |= x
			x = x >> s & mr
		}
		if x&me != 0 {
			f |= line
		}
	}
	return f
}

// LegalMoves is the set of cells where the player to move may play.
func (b *Board) LegalMoves(p Pos) uint64 { return b.movesOf(p.Mover(), p.Opponent()) }

// Play is the position after the player to move plays on cell sq, which
// must be a legal move.
func (b *Board) Play(p Pos, sq int) Pos {
	me, opp := p.Mover(), p.Opponent()
	f := b.flips(me, opp, sq)
	return fromMover(opp&^f, me|f|1<<sq, !p.WhiteToMove)
}

// Pass is p with the other player to move and the same discs.
func (b *Board) Pass(p Pos) Pos {
	return Pos{Black: p.Black, White: p.White, WhiteToMove: !p.WhiteToMove}
}

// Over reports whether neither player can move.
func (b *Board) Over(p Pos) bool {
	return b.movesOf(p.Black, p.White) == 0 && b.movesOf(p.White, p.Black) == 0
}

// MustPass reports whether the player to move has no move while the
// other player has one.
func (b *Board) MustPass(p Pos) bool {
	return b.LegalMoves(p) == 0 && b.movesOf(p.Opponent(), p.Mover()) != 0
}

// finalMargin is the result of a finished game for the player with me:
// discs of me less discs of opp, with the empty cells counted for the
// player with more discs (the World Othello Federation's rule; nothing
// changes on a full board).
func (b *Board) finalMargin(me, opp uint64) int {
	d := bits.OnesCount64(me) - bits.OnesCount64(opp)
	empty := b.Cells() - bits.OnesCount64(me|opp)
	switch {
	case d > 0:
		d += empty
	case d < 0:
		d -= empty
	}
	return d
}

// Margin is the result of the finished game p for the player to move
// (finalMargin).
func (b *Board) Margin(p Pos) int { return b.finalMargin(p.Mover(), p.Opponent()) }

// TerminalScore is the final margin for the player to move at the end
// (game.Scored), so that the tier solver and the databases hold every
// position's margin under perfect play besides its outcome.
func (b *Board) TerminalScore(p Pos) int { return b.Margin(p) }

// Moves yields the positions the moves leave: one a legal cell, in cell
// order, or the pass when the player to move has no cell and the other
// player has one; nothing when the game is over.
func (b *Board) Moves(p Pos) iter.Seq[Pos] {
	return func(yield func(Pos) bool) {
		for _, q := range b.AppendMoves(nil, p) {
			if !yield(q) {
				return
			}
		}
	}
}

// AppendMoves appends the positions of Moves to dst.
func (b *Board) AppendMoves(dst []Pos, p Pos) []Pos {
	m := b.LegalMoves(p)
	if m == 0 {
		if b.movesOf(p.Opponent(), p.Mover()) != 0 {
			dst = append(dst, b.Pass(p))
		}
		return dst
	}
	for ; m != 0; m &= m - 1 {
		dst = append(dst, b.Play(p, bits.TrailingZeros64(m)))
	}
	return dst
}

// TerminalOutcome is the sign of the final margin: a win, a loss or a
// draw for the player to move.
func (b *Board) TerminalOutcome(p Pos) outcome.Outcome {
	switch m := b.Margin(p); {
	case m > 0:
		return outcome.N
	case m < 0:
		return outcome.P
	}
	return outcome.D
}

// CellName is the name of cell sq as players write it: the column's
// letter from a at the left, the row's number from 1 at the top ("d3").
func (b *Board) CellName(sq int) string {
	return fmt.Sprintf("%c%d", 'a'+sq%b.W, sq/b.W+1)
}

// MoveLabel names the move from p to q: its cell ("d3") or "pass"; ""
// when q is not a move of p.
func (b *Board) MoveLabel(p, q Pos) string {
	if q == b.Pass(p) && b.MustPass(p) {
		return "pass"
	}
	for m := b.LegalMoves(p); m != 0; m &= m - 1 {
		sq := bits.TrailingZeros64(m)
		if b.Play(p, sq) == q {
			return b.CellName(sq)
		}
	}
	return ""
}

// Rows draws p: one string a row, top first, 'b' a black disc, 'w' a
// white one, '.' an empty cell.
func (b *Board) Rows(p Pos) []string {
	rows := make([]string, b.H)
	for r := range b.H {
		var sb strings.Builder
		for c := range b.W {
			x := b.bit(r, c)
			switch {
			case p.Black&x != 0:
				sb.WriteByte('b')
			case p.White&x != 0:
				sb.WriteByte('w')
			default:
				sb.WriteByte('.')
			}
		}
		rows[r] = sb.String()
	}
	return rows
}

// Format writes p on one line: the rows top first joined by '/', then ':'
// and the player to move, b or w ("..../.wb./.bw./....:b").
func (b *Board) Format(p Pos) string {
	turn := "b"
	if p.WhiteToMove {
		turn = "w"
	}
	return strings.Join(b.Rows(p), "/") + ":" + turn
}

// Parse reads a position as Format writes it; "" is the start. The error
// is a *budget.BadInput with the offset of the fault: a row of the wrong
// length, a cell other than b, w or '.', an empty centre cell or a disc
// cut off from the others (play never empties a cell, and every disc is
// played next to one already there), a missing or unknown player.
func (b *Board) Parse(s string) (Pos, error) {
	bad := func(off int, format string, args ...any) error {
		return &budget.BadInput{Input: s, Offset: off, Msg: fmt.Sprintf("bad othello position at offset %d: ", off) + fmt.Sprintf(format, args...)}
	}
	text := strings.TrimSpace(s)
	lead := strings.Index(s, text)
	if text == "" {
		return b.start, nil
	}
	if limit := b.Cells() + b.H + 1; len(text) > limit {
		return Pos{}, bad(lead+limit, "an othello position on %dx%d has %d characters (%d rows of %d cells joined by '/', ':' and b or w); this one has %d",
			b.W, b.H, limit, b.H, b.W, len(text))
	}
	board, turn, ok := strings.Cut(text, ":")
	if !ok {
		return Pos{}, bad(lead+len(text), "missing ':' and the player to move (b or w) after the board")
	}
	var p Pos
	switch turn {
	case "b":
	case "w":
		p.WhiteToMove = true
	default:
		return Pos{}, bad(lead+len(board)+1, "the player to move is %q: expected b or w", turn)
	}
	rows := strings.Split(board, "/")
	if len(rows) != b.H {
		return Pos{}, bad(lead, "%d rows where %dx%d has %d (rows joined by '/')", len(rows), b.W, b.H, b.H)
	}
	off := lead
	for r, row := range rows {
		if len(row) != b.W {
			return Pos{}, bad(off, "row %d has %d cells; a row of %dx%d has %d", r+1, len(row), b.W, b.H, b.W)
		}
		for c := range b.W {
			switch row[c] {
			case 'b', 'B':
				p.Black |= b.bit(r, c)
			case 'w', 'W':
				p.White |= b.bit(r, c)
			case '.':
				if b.bit(r, c)&b.centre != 0 {
					return Pos{}, bad(off+c, "cell %s is empty, but the four centre cells hold discs from the start and play never empties a cell", b.CellName(r*b.W+c))
				}
			default:
				return Pos{}, bad(off+c, "cell %s is %q: expected b (black), w (white) or . (empty)", b.CellName(r*b.W+c), row[c])
			}
		}
		off += len(row) + 1
	}
	if stray := b.cutOff(p.Black | p.White); stray >= 0 {
		r, c := stray/b.W, stray%b.W
		return Pos{}, bad(lead+r*(b.W+1)+c, "the disc on %s touches no chain of discs from the centre, and every disc is played next to one already there", b.CellName(stray))
	}
	return p, nil
}

// cutOff is a cell of occ not joined to the centre by a chain of
// neighbouring cells of occ (8 directions), or -1 when there is none.
func (b *Board) cutOff(occ uint64) int {
	reached := b.centre & occ
	for {
		grown := reached
		for d := range 4 {
			s := b.shift[d]
			grown |= (reached<<s&b.maskL[d] | reached>>s&b.maskR[d]) & occ
		}
		if grown == reached {
			break
		}
		reached = grown
	}
	if rest := occ &^ reached; rest != 0 {
		return bits.TrailingZeros64(rest)
	}
	return -1
}
