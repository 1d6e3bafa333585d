package gobblet

import (
	"fmt"
	"math/bits"
	"strings"
	"unicode/utf8"

	"github.com/grundy-go/grundy/budget"
)

// sizeLetters names the sizes: Blue's pieces upper case, Orange's lower.
const sizeLetters = "SML"

// sizeNames are the sizes in players' words.
var sizeNames = [3]string{"small", "medium", "large"}

// CellName names square i: the column's letter from a at the left, the
// row's number from 1 at the top (b2 is the centre), as the catalog
// names grid cells.
func CellName(i int) string { return fmt.Sprintf("%c%d", 'a'+i%3, i/3+1) }

// Stack is square i's pieces bottom to top: S, M, L for Blue's, s, m, l
// for Orange's; "." when empty.
func (g *Game) Stack(p Pos, i int) string {
	var sb strings.Builder
	for s := range g.sizes {
		switch {
		case p.Blue(s)>>i&1 == 1:
			sb.WriteByte(sizeLetters[s])
		case p.Orange(s)>>i&1 == 1:
			sb.WriteByte(sizeLetters[s] + 'a' - 'A')
		}
	}
	if sb.Len() == 0 {
		return "."
	}
	return sb.String()
}

// Format writes the squares row by row, each square's stack bottom to
// top (Stack), squares separated by ',' and rows by '/', then ':' and
// the player to move, b (Blue) or o (Orange): "sL,.,./.,M,./.,.,l:o".
func (g *Game) Format(p Pos) string {
	var sb strings.Builder
	for i := range 9 {
		if i > 0 {
			if i%3 == 0 {
				sb.WriteByte('/')
			} else {
				sb.WriteByte(',')
			}
		}
		sb.WriteString(g.Stack(p, i))
	}
	if p.OrangeToMove() {
		sb.WriteString(":o")
	} else {
		sb.WriteString(":b")
	}
	return sb.String()
}

// Parse reads a position in Format's notation ("" is the start; spaces
// are ignored). The error is a *budget.BadInput with the offset of the
// fault (-1 when the whole position is at fault): a letter that names no
// piece, a stack not in rising sizes bottom to top (only a larger piece
// covers a smaller one, so a stack holds one piece of each size at
// most), a third piece of one size and colour (a player has two), a
// size the game lacks, a square or row too many or too few, a missing or
// bad player to move, and counts no play reaches: pieces of Orange's on
// the board and none of Blue's (Blue moves first and a piece placed
// stays on the board), Blue to move with pieces of Blue's on the board
// and none of Orange's, or the empty board with Orange to move.
func (g *Game) Parse(s string) (Pos, error) {
	bad := func(off int, format string, args ...any) error {
		return &budget.BadInput{Input: s, Offset: off, Msg: fmt.Sprintf(format, args...)}
	}
	if strings.TrimSpace(s) == "" {
		return 0, nil
	}
	var p Pos
	sq, row := 0, 0
	top := -1 // the size of the top piece of the current square
	empty := false
	seen := false // the square has a mark
	i := 0
	for ; i < len(s) && s[i] != ':'; i++ {
		ch := s[i]
		switch {
		case ch == ' ' || ch == '\t':
			continue
		case ch == ',' || ch == '/':
			if !seen {
				return 0, bad(i, "bad position %s: square %s is blank at offset %d; write . for an empty square", budget.Excerpt(s, i), CellName(sq), i)
			}
			if ch == ',' && sq%3 == 2 {
				return 0, bad(i, "bad position %s: a fourth square in row %d at offset %d; rows are separated by /", budget.Excerpt(s, i), row+1, i)
			}
			if ch == '/' && sq%3 != 2 {
				return 0, bad(i, "bad position %s: row %d ends after %d squares at offset %d; each row has 3, separated by ','", budget.Excerpt(s, i), row+1, sq%3+1, i)
			}
			sq++
			if ch == '/' {
				row++
			}
			if sq == 9 {
				return 0, bad(i, "bad position %s: more than 9 squares (the extra one at offset %d)", budget.Excerpt(s, i), i+1)
			}
			top, empty, seen = -1, false, false
		case ch == '.':
			if seen {
				return 0, bad(i, "bad position %s: '.' at offset %d inside square %s, which already has a mark; . is an empty square on its own", budget.Excerpt(s, i), i, CellName(sq))
			}
			empty, seen = true, true
		default:
			size := strings.IndexByte(sizeLetters, ch)
			orange := false
			if size < 0 {
				size = strings.IndexByte(strings.ToLower(sizeLetters), ch)
				orange = true
			}
			if size < 0 {
				ru, _ := utf8.DecodeRuneInString(s[i:])
				return 0, bad(i, "bad piece %q at offset %d: expected S, M, L (Blue's small, medium, large), s, m, l (Orange's) or . (empty)", ru, i)
			}
			if empty {
				return 0, bad(i, "bad position %s: a piece at offset %d on square %s, marked empty", budget.Excerpt(s, i), i, CellName(sq))
			}
			if size >= g.sizes {
				return 0, bad(i, "bad piece %q at offset %d: this game has %d sizes (%s)", ch, i, g.sizes, sizeLetters[:g.sizes])
			}
			if size <= top {
				return 0, bad(i, "bad stack at offset %d on square %s: a %s piece on a %s one; a stack lists its pieces bottom to top, each larger than the one below (only a larger piece covers a smaller)",
					i, CellName(sq), sizeNames[size], sizeNames[top])
			}
			if p.Placed(size, orange) >= g.per {
				who := "Blue"
				if orange {
					who = "Orange"
				}
				return 0, bad(i, "bad position %s: %s's %s piece %d at offset %d; each player has %d of each size", budget.Excerpt(s, i), who, sizeNames[size], g.per+1, i, g.per)
			}
			p |= bit(size, orange, sq)
			top, seen = size, true
		}
	}
	if sq != 8 || !seen {
		return 0, bad(-1, "bad position %s: %d squares; expected 9, three rows of three (e.g. sL,.,./.,M,./.,.,l:o), then :b or :o", budget.Excerpt(s, -1), sq+btoi(seen))
	}
	if i == len(s) {
		return 0, bad(-1, "bad position %s: the player to move is missing; end it with :b (Blue) or :o (Orange)", budget.Excerpt(s, -1))
	}
	turn := strings.TrimSpace(s[i+1:])
	off := i + 1
	for off < len(s) && s[off] == ' ' {
		off++
	}
	switch turn {
	case "b", "B":
	case "o", "O":
		p |= turnBit
	case "":
		return 0, bad(i, "bad position %s: the player to move is missing after ':'; end it with :b (Blue) or :o (Orange)", budget.Excerpt(s, i))
	default:
		return 0, bad(off, "bad player to move %q at offset %d: expected b (Blue) or o (Orange)", turn, off)
	}
	nb, no := 0, 0
	for s := range g.sizes {
		nb += p.Placed(s, false)
		no += p.Placed(s, true)
	}
	switch {
	case nb == 0 && no > 0:
		return 0, bad(-1, "bad position %s: Orange has pieces on the board and Blue none, which no play reaches: Blue moves first, and a piece placed stays on the board", budget.Excerpt(s, -1))
	case nb > 0 && no == 0 && !p.OrangeToMove():
		return 0, bad(off, "bad player to move at offset %d: Orange has placed no piece yet, so it is Orange's turn (Blue moved first, and any move of Orange's would place a piece)", off)
	case nb == 0 && p.OrangeToMove():
		return 0, bad(off, "bad player to move at offset %d: on the empty board Blue moves first", off)
	}
	return p, nil
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Move is one move: a piece of size Size from the reserve (From -1) or
// from square From, to square To.
type Move struct {
	Size, From, To int
}

// MoveTo is the move from p that leaves q, false when none does.
func (g *Game) MoveTo(p, q Pos) (Move, bool) {
	if q.OrangeToMove() == p.OrangeToMove() {
		return Move{}, false
	}
	orange := p.OrangeToMove()
	for s := range g.sizes {
		if p.side(s, !orange) != q.side(s, !orange) {
			return Move{}, false
		}
	}
	for s := range g.sizes {
		a, b := p.side(s, orange), q.side(s, orange)
		if a == b {
			continue
		}
		added, gone := b&^a, a&^b
		if bits.OnesCount16(added) != 1 || bits.OnesCount16(gone) > 1 {
			return Move{}, false
		}
		m := Move{Size: s, From: -1, To: bits.TrailingZeros16(added)}
		if gone != 0 {
			m.From = bits.TrailingZeros16(gone)
		}
		return m, true
	}
	return Move{}, false
}

// Label names a move in players' words: "large from reserve to b2",
// "medium a1-c3" (a piece moved from a1 to c3).
func (g *Game) Label(m Move) string {
	if m.From < 0 {
		return sizeNames[m.Size] + " from reserve to " + CellName(m.To)
	}
	return sizeNames[m.Size] + " " + CellName(m.From) + "-" + CellName(m.To)
}

// MoveNames names each position a move from p leaves (Label).
func (g *Game) MoveNames(p Pos) map[Pos]string {
	out := map[Pos]string{}
	var buf [96]Pos
	for _, q := range g.AppendMoves(buf[:0], p) {
		if m, ok := g.MoveTo(p, q); ok {
			out[q] = g.Label(m)
		}
	}
	return out
}
