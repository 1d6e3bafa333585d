package dobutsu

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/grundy-go/grundy/budget"
)

// Notation. A position is one line: the four ranks from the top (rank
// 1, Gote's home) to the bottom, three cells each from file a, joined
// by '/'; a cell is '.' or a piece letter, upper case for Sente (the
// first player, at the bottom), lower case for Gote: L lion, G giraffe,
// E elephant, C chick, H hen. Then ':' and the hands (Sente's pieces in
// upper case, then Gote's in lower case, or '-' for none), ':' and the
// player to move, b (Sente, "black" as shogi's SFEN writes it) or w
// (Gote). The start is "gle/.c./.C./ELG:-:b", also written as nothing.

var letters = [6]byte{0, 'L', 'G', 'E', 'C', 'H'}

// Spec is "dobutsu" for the standard pieces.
func (g *Game) Spec() string {
	if g.rules == Standard {
		return "dobutsu"
	}
	return fmt.Sprintf("dobutsu(%d giraffes, %d elephants, %d chicks)", g.rules.Giraffes, g.rules.Elephants, g.rules.Chicks)
}

// Format writes p in the notation above.
func (g *Game) Format(p Pos) string {
	var b strings.Builder
	for row := range Ranks {
		if row > 0 {
			b.WriteByte('/')
		}
		for f := range Files {
			b.WriteByte(cellLetter(p.Cell(Files*row + f)))
		}
	}
	b.WriteByte(':')
	n := b.Len()
	for side := range 2 {
		for k, kind := range handKinds {
			for range p.Hand(side, k) {
				c := letters[kind]
				if side == Gote {
					c += 'a' - 'A'
				}
				b.WriteByte(c)
			}
		}
	}
	if b.Len() == n {
		b.WriteByte('-')
	}
	if p.GoteToMove() {
		b.WriteString(":w")
	} else {
		b.WriteString(":b")
	}
	return b.String()
}

func cellLetter(x uint8) byte {
	if x == 0 {
		return '.'
	}
	c := letters[x&7]
	if x&goteBit != 0 {
		c += 'a' - 'A'
	}
	return c
}

// pieceOf reads a piece letter: the piece with its side bit, or false.
func pieceOf(ch byte) (uint8, bool) {
	side := uint8(0)
	if ch >= 'a' && ch <= 'z' {
		side = goteBit
		ch -= 'a' - 'A'
	}
	for k := Lion; k <= Hen; k++ {
		if letters[k] == ch {
			return uint8(k) | side, true
		}
	}
	return 0, false
}

// CellName is a cell's name: its file's letter and its rank's number,
// "b4" for Sente's lion at the start.
func CellName(c int) string {
	return string(rune('a'+c%Files)) + string(rune('1'+c/Files))
}

// Parse reads a position in the notation above ("" is the start; spaces
// may stand for the colons). Positions no play reaches are refused with
// the offset of the fault: more pieces of a kind than the game has (a
// second lion of one side, a third chick, a hand of a lion or a hen),
// fewer (every piece is on the board or in a hand), the player to move
// with their lion on the far rank (the game ended when it got there),
// and the player who moved last without a lion. A position whose player
// to move has no lion is a finished game (it was just taken).
func (g *Game) Parse(s string) (Pos, error) {
	bad := func(off int, format string, args ...any) error {
		return &budget.BadInput{Input: s, Offset: off, Msg: fmt.Sprintf(format, args...)}
	}
	if strings.TrimSpace(s) == "" {
		return g.start, nil
	}
	// The three fields, split at ':' (or, without one, at spaces), with
	// their offsets.
	type field struct {
		text string
		off  int
	}
	var fields []field
	if strings.Contains(s, ":") {
		off := 0
		for _, f := range strings.Split(s, ":") {
			t := strings.TrimLeft(f, " \t")
			fields = append(fields, field{strings.TrimRight(t, " \t"), off + len(f) - len(t)})
			off += len(f) + 1
		}
	} else {
		for i := 0; i < len(s); {
			for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
				i++
			}
			j := i
			for j < len(s) && s[j] != ' ' && s[j] != '\t' {
				j++
			}
			if j > i {
				fields = append(fields, field{s[i:j], i})
			}
			i = j
		}
	}
	if len(fields) != 3 {
		return 0, bad(-1, "bad position %s: expected the board, the hands and the player to move separated by ':' (e.g. gle/.c./.C./ELG:-:b), found %d fields",
			budget.Excerpt(s, -1), len(fields))
	}
	var p Pos
	var count [6][2]int // pieces of each kind and side
	var at [6][2]int    // the offset of the last one read
	cell, row := 0, 0
	bd := fields[0]
	for j := 0; j < len(bd.text); j++ {
		i := bd.off + j
		ch := bd.text[j]
		if ch == '/' {
			if cell != Files*(row+1) {
				return 0, bad(i, "bad position %s: rank %d has %d cells at offset %d; expected %d", budget.Excerpt(s, i), row+1, cell-Files*row, i, Files)
			}
			row++
			continue
		}
		if cell == Files*(row+1) {
			if row+1 == Ranks {
				return 0, bad(i, "bad position %s: more than %d cells (the extra one at offset %d)", budget.Excerpt(s, i), Cells, i)
			}
			return 0, bad(i, "bad position %s: rank %d has more than %d cells (offset %d); separate the ranks with /", budget.Excerpt(s, i), row+1, Files, i)
		}
		if ch != '.' && ch != '-' {
			x, ok := pieceOf(ch)
			if !ok {
				r, _ := utf8.DecodeRuneInString(bd.text[j:])
				return 0, bad(i, "bad cell %q at offset %d: expected . or a piece (L lion, G giraffe, E elephant, C chick, H hen; lower case for the second player)", r, i)
			}
			k, side := x&7, int(x>>3)
			count[k][side]++
			at[k][side] = i
			p = p.withCell(cell, x)
		}
		cell++
	}
	if cell != Cells || row != Ranks-1 {
		return 0, bad(bd.off+len(bd.text), "bad position %s: the board has %d cells in %d ranks at offset %d; expected %d ranks of %d",
			budget.Excerpt(s, bd.off+len(bd.text)), cell, row+1, bd.off+len(bd.text), Ranks, Files)
	}
	hd := fields[1]
	var hand [3][2]int
	if hd.text != "-" {
		for j := 0; j < len(hd.text); j++ {
			i := hd.off + j
			x, ok := pieceOf(hd.text[j])
			k := x & 7
			if !ok || k == Lion || k == Hen {
				r, _ := utf8.DecodeRuneInString(hd.text[j:])
				return 0, bad(i, "bad piece in hand %q at offset %d: a hand holds G, E and C (lower case for the second player); - for none", r, i)
			}
			side := int(x >> 3)
			hk := handIndex(k)
			hand[hk][side]++
			count[k][side]++
			at[k][side] = i
			if hand[hk][side] > 3 {
				return 0, bad(i, "bad position %s: too many %ss in a hand at offset %d", budget.Excerpt(s, i), kindName(k), i)
			}
			p = p.addHand(side, hk, 1)
		}
	}
	tu := fields[2]
	switch tu.text {
	case "b":
	case "w":
		p |= turnBit
	default:
		return 0, bad(tu.off, "bad player to move %q at offset %d: expected b (the first player, upper case) or w (the second)", tu.text, tu.off)
	}
	// Piece counts.
	for side := range 2 {
		if count[Lion][side] > 1 {
			return 0, bad(at[Lion][side], "bad position %s: a second lion of the %s player at offset %d; each player has one",
				budget.Excerpt(s, at[Lion][side]), sideName(side), at[Lion][side])
		}
	}
	for k, kind := range handKinds {
		n, lastAt := 0, -1
		for _, kk := range []uint8{kind, Hen} {
			if kk == Hen && kind != Chick {
				continue
			}
			for side := range 2 {
				n += count[kk][side]
				if count[kk][side] > 0 {
					lastAt = max(lastAt, at[kk][side])
				}
			}
		}
		if want := g.rules.total(k); n != want {
			if n > want {
				return 0, bad(lastAt, "bad position %s: %d %ss (the last at offset %d); the game has %d, on the board or in a hand",
					budget.Excerpt(s, lastAt), n, kindName(kind), lastAt, want)
			}
			return 0, bad(hd.off, "bad position %s: %d of the game's %d %ss on the board and in the hands (offset %d); a captured piece goes to the captor's hand, so every one is somewhere",
				budget.Excerpt(s, hd.off), n, want, kindName(kind), hd.off)
		}
	}
	me := p.Mover()
	if count[Lion][1-me] == 0 {
		return 0, bad(bd.off, "bad position %s: the %s player, who moved last, has no lion, which no play reaches: a lion taken ends the game with its owner to move (offset %d)",
			budget.Excerpt(s, bd.off), sideName(1-me), bd.off)
	}
	if l := p.lion(me); l >= 0 && l/Files == farRow(me) {
		i := at[Lion][me]
		return 0, bad(i, "bad position %s: the %s player's lion stands on the far rank with that player to move (offset %d), which no play reaches: the game ended when it got there",
			budget.Excerpt(s, i), sideName(me), i)
	}
	return p, nil
}

func kindName(k uint8) string {
	return [...]string{"", "lion", "giraffe", "elephant", "chick", "hen"}[k]
}

func sideName(side int) string {
	if side == Gote {
		return "second"
	}
	return "first"
}

// Label names m in the western shogi notation: the piece's letter,
// the cell it leaves, '-' (or 'x' for a capture), the cell it reaches,
// '+' for a chick promoted to a hen ("Cb3xb2", "Cb2-b1+"); a drop is
// the piece's letter, '*' and the cell ("C*a2"). Pieces are named by
// their upper-case letter whichever side moves.
func Label(m Move) string {
	if m.From < 0 {
		return string(letters[m.Piece]) + "*" + CellName(int(m.To))
	}
	sep := "-"
	if m.Capture != 0 {
		sep = "x"
	}
	s := string(letters[m.Piece]) + CellName(int(m.From)) + sep + CellName(int(m.To))
	if m.Promote {
		s += "+"
	}
	return s
}

// MoveTo is the move that takes p to q, false when there is none.
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

// Rows is the board as the explorer's grid: four rows of three cells,
// "." or a piece letter.
func (g *Game) Rows(p Pos) []string {
	rows := make([]string, Ranks)
	for row := range Ranks {
		b := make([]byte, Files)
		for f := range Files {
			b[f] = cellLetter(p.Cell(Files*row + f))
		}
		rows[row] = string(b)
	}
	return rows
}
