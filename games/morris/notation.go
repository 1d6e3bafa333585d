package morris

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/grundy-go/grundy/budget"
)

// Format writes p as its points in notation order (W, B or .), ':' and
// the player to move (W or B), ':' and the men in hand, White's then
// Black's: "..W.B....:W:2,2" (three men's morris, White to move, two men
// each in hand).
func (g *Game) Format(p Pos) string {
	var sb strings.Builder
	w, b := p.White(), p.Black()
	for i := range g.Board.N() {
		switch {
		case w>>i&1 == 1:
			sb.WriteByte('W')
		case b>>i&1 == 1:
			sb.WriteByte('B')
		default:
			sb.WriteByte('.')
		}
	}
	if p.BlackToMove() {
		sb.WriteString(":B:")
	} else {
		sb.WriteString(":W:")
	}
	wh, bh := p.Hands()
	sb.WriteString(strconv.Itoa(wh))
	sb.WriteByte(',')
	sb.WriteString(strconv.Itoa(bh))
	return sb.String()
}

// Parse reads a position in Format's notation. Spaces, '/' and '|'
// between points are ignored, w and b are read as W and B, "" is the
// start. The error is a *budget.BadInput naming what is wrong and its
// offset (-1 when the whole position is at fault): a bad character, the
// wrong number of points, a missing or bad player or hand, or counts
// that no play reaches (more men than the game has, hands that do not
// match the turn, a game that was already over).
func (g *Game) Parse(s string) (Pos, error) {
	bad := func(off int, format string, args ...any) error {
		return &budget.BadInput{Input: s, Offset: off, Msg: fmt.Sprintf(format, args...)}
	}
	if strings.TrimSpace(s) == "" {
		return g.Start(), nil
	}
	n := g.Board.N()
	var w, b uint32
	pt := 0
	i := 0
	for ; i < len(s) && s[i] != ':'; i++ {
		ch := s[i]
		if ch == ' ' || ch == '/' || ch == '|' || ch == '\t' {
			continue
		}
		if pt == n {
			return 0, bad(i, "bad position %q: more than %d points (the extra one at offset %d)", s, n, i)
		}
		switch ch {
		case 'W', 'w':
			w |= 1 << pt
		case 'B', 'b':
			b |= 1 << pt
		case '.', '-', '_':
		default:
			r, _ := utf8.DecodeRuneInString(s[i:])
			return 0, bad(i, "bad point %q at offset %d (point %s): expected W, B or .", r, i, g.Board.Points[pt])
		}
		pt++
	}
	if pt != n {
		return 0, bad(-1, "bad position %q: %d points; %s has %d (W, B or . in the order %s), then :W or :B and the men in hand, e.g. :W:%d,%d",
			s, pt, g.spec, n, strings.Join(g.Board.Points, " "), g.Men, g.Men)
	}
	if i == len(s) {
		return 0, bad(-1, "bad position %q: the player to move is missing; go on with :W or :B and the men in hand, e.g. :W:0,0", s)
	}
	rest := s[i+1:]
	turnText, hands, ok := strings.Cut(rest, ":")
	turn := strings.TrimSpace(turnText)
	var black bool
	switch turn {
	case "W", "w":
	case "B", "b":
		black = true
	case "":
		return 0, bad(i, "bad position %q: the player to move is missing after ':' at offset %d; expected W or B", s, i)
	default:
		return 0, bad(i+1, "bad player to move %q at offset %d: expected W or B", turn, i+1)
	}
	hOff := i + 1 + len(turnText) + 1
	if !ok || strings.TrimSpace(hands) == "" {
		return 0, bad(-1, "bad position %q: the men in hand are missing; end it with :WHITE,BLACK, e.g. :%s:0,0", s, turn)
	}
	wText, bText, ok := strings.Cut(hands, ",")
	if !ok {
		return 0, bad(hOff, "bad men in hand %q at offset %d: expected White's and Black's, as in 2,3", hands, hOff)
	}
	wh, err1 := strconv.Atoi(strings.TrimSpace(wText))
	bh, err2 := strconv.Atoi(strings.TrimSpace(bText))
	if err1 != nil || wh < 0 || wh > g.Men {
		return 0, bad(hOff, "bad men in hand %q for White at offset %d: expected 0 to %d", strings.TrimSpace(wText), hOff, g.Men)
	}
	if err2 != nil || bh < 0 || bh > g.Men {
		off := hOff + len(wText) + 1
		return 0, bad(off, "bad men in hand %q for Black at offset %d: expected 0 to %d", strings.TrimSpace(bText), off, g.Men)
	}
	p := makePos(w, b, wh, bh, black)
	if msg := g.illegal(p); msg != "" {
		// The counts are read with the men in hand: point there.
		return 0, bad(hOff, "impossible position %q at offset %d: %s", s, hOff, msg)
	}
	return p, nil
}

// illegal says why no play from the start reaches p, "" when the counts
// and lines allow it: more men than the game has, hands that do not
// match the turn, a game that was already over before the last move.
func (g *Game) illegal(p Pos) string {
	w, b := p.White(), p.Black()
	if w&b != 0 || (w|b)&^g.Board.Full() != 0 {
		return "a point holds two men or is not on the board"
	}
	wh, bh := p.Hands()
	nw, nb := bits.OnesCount32(w), bits.OnesCount32(b)
	if nw+wh > g.Men {
		return fmt.Sprintf("White has %d men on the board and %d in hand, more than %d", nw, wh, g.Men)
	}
	if nb+bh > g.Men {
		return fmt.Sprintf("Black has %d men on the board and %d in hand, more than %d", nb, bh, g.Men)
	}
	black := p.BlackToMove()
	if !g.Lasker {
		// White places first and the players alternate until both hands
		// are empty.
		if !black && wh != bh {
			return fmt.Sprintf("with White to move both have placed as many men: the hands %d,%d differ", wh, bh)
		}
		if black && wh+1 != bh && (wh != 0 || bh != 0) {
			return fmt.Sprintf("with Black to move White has placed one man more than Black (or both have placed all): the hands %d,%d do not", wh, bh)
		}
	}
	if !g.Removal {
		if nw+wh != g.Men || nb+bh != g.Men {
			return fmt.Sprintf("no man is ever removed in %s: each has %d on the board and in hand", g.spec, g.Men)
		}
		mw, mb := g.HasMill(w), g.HasMill(b)
		switch {
		case mw && mb:
			return "both players have a line, but the game ends at the first"
		case mw && !black, mb && black:
			return "the player to move already has a line, so the game ended before their opponent's move"
		}
		return ""
	}
	if black && nw+wh < 3 || !black && nb+bh < 3 {
		return "the player who moved last has fewer than three men, so the game ended before that move"
	}
	return ""
}
