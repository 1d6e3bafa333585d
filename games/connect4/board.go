package connect4

import (
	"fmt"
	"math/bits"
	"unicode/utf8"

	"github.com/grundy-go/grundy/budget"
)

// Board limits. A board of W columns and H rows takes W*(H+1) bits, one
// spare bit on top of each column (Pons' layout), so it must fit in one
// uint64; columns are written as one digit each, so W is at most 9.
const (
	MaxWidth = 9
	MaxBits  = 64
)

// Shape is a board's geometry: W columns, H rows, K in a row to win,
// with the bit masks that the board primitives use. Make one with
// NewShape and share it (the primitives take a *Shape and never modify
// it, so one Shape serves any number of goroutines).
//
// Cell (col, row), both 0-based with row 0 at the bottom, is bit
// (H+1)*col + row of a bitboard (Pons' layout): a column is H+1 bits, of
// which the top one is always 0, so that shifting a line across the edge
// of a column always meets an empty bit and lines never wrap.
type Shape struct {
	W, H, K int

	bottom  uint64 // bit 0 of every column
	full    uint64 // every cell of the board (no spare bits)
	colMask [MaxWidth]uint64
	colBot  [MaxWidth]uint64
	colTop  [MaxWidth]uint64
}

// NewShape checks and builds the geometry of a W×H board with K in a row:
// 1 <= W <= 9, H >= 1, W*(H+1) <= 64, 2 <= K <= max(W, H).
func NewShape(w, h, k int) (*Shape, error) {
	switch {
	case w < 1 || w > MaxWidth:
		return nil, fmt.Errorf("width %d: must be between 1 and %d (one digit per column)", w, MaxWidth)
	case h < 1:
		return nil, fmt.Errorf("height %d: must be at least 1", h)
	case w*(h+1) > MaxBits:
		return nil, fmt.Errorf("%dx%d: W*(H+1) = %d bits, more than the %d of the bitboard", w, h, w*(h+1), MaxBits)
	case k < 2 || k > max(w, h):
		return nil, fmt.Errorf("%d in a row on %dx%d: K must be between 2 and %d", k, w, h, max(w, h))
	}
	s := &Shape{W: w, H: h, K: k}
	for c := range w {
		s.colBot[c] = 1 << (uint(c) * uint(h+1))
		s.colMask[c] = ((1 << uint(h)) - 1) << (uint(c) * uint(h+1))
		s.colTop[c] = 1 << (uint(h-1) + uint(c)*uint(h+1))
		s.bottom |= s.colBot[c]
		s.full |= s.colMask[c]
	}
	return s, nil
}

// String is the spec of the shape: "7x6", or "7x6:5" when K is not 4.
func (s *Shape) String() string {
	if s.K == 4 {
		return fmt.Sprintf("%dx%d", s.W, s.H)
	}
	return fmt.Sprintf("%dx%d:%d", s.W, s.H, s.K)
}

// Cells is W*H, the number of moves in a game that fills the board.
func (s *Shape) Cells() int { return s.W * s.H }

// BoardMask has a bit on every cell of the board (spare bits clear).
func (s *Shape) BoardMask() uint64 { return s.full }

// BottomMask has a bit on the bottom cell of every column.
func (s *Shape) BottomMask() uint64 { return s.bottom }

// ColumnMask has a bit on every cell of column col (0-based).
func (s *Shape) ColumnMask(col int) uint64 { return s.colMask[col] }

// Board is a position as Pons' pair of bitboards: Current holds the stones
// of the player to move, Mask every stone. The player who moved last has
// Current ^ Mask. A Board is a comparable value (16 bytes); its meaning
// depends on the Shape it is played on.
//
// Which player is to move follows from the number of stones (the first
// player moves when it is even). The zero Board is the empty board.
type Board struct {
	Current uint64
	Mask    uint64
}

// Moves is the number of stones on the board: the moves played so far.
func (b Board) Moves() int { return bits.OnesCount64(b.Mask) }

// Opponent is the stones of the player who moved last.
func (b Board) Opponent() uint64 { return b.Current ^ b.Mask }

// Key is Pons' unique key of a position: Current + Mask + the bottom row,
// which marks the top of every column with its first empty bit. It takes
// W*(H+1) bits and is distinct for distinct boards of one shape.
func (s *Shape) Key(b Board) uint64 { return b.Current + b.Mask + s.bottom }

// FromKey inverts Key.
func (s *Shape) FromKey(key uint64) Board {
	var b Board
	for c := range s.W {
		col := (key >> (uint(c) * uint(s.H+1))) & (1<<uint(s.H+1) - 1)
		// The highest set bit of the column is the marker above its stones.
		h := bits.Len64(col) - 1
		stones := uint64(1)<<uint(h) - 1
		b.Mask |= stones << (uint(c) * uint(s.H+1))
		b.Current |= (col & stones) << (uint(c) * uint(s.H+1))
	}
	return b
}

// Height is the number of stones in column col.
func (s *Shape) Height(b Board, col int) int {
	return bits.OnesCount64(b.Mask & s.colMask[col])
}

// CanPlay reports whether column col (0-based) has room for a stone.
func (s *Shape) CanPlay(b Board, col int) bool { return b.Mask&s.colTop[col] == 0 }

// Play drops a stone of the player to move in column col (0-based), which
// must have room (CanPlay), and passes the turn.
func (s *Shape) Play(b Board, col int) Board {
	return Board{Current: b.Current ^ b.Mask, Mask: b.Mask | (b.Mask + s.colBot[col])}
}

// PlayCell plays the stone on cell, a single bit of Possible(b).
func (s *Shape) PlayCell(b Board, cell uint64) Board {
	return Board{Current: b.Current ^ b.Mask, Mask: b.Mask | cell}
}

// Possible has a bit on the lowest empty cell of every column with room:
// the cells where the player to move may play.
func (s *Shape) Possible(b Board) uint64 { return (b.Mask + s.bottom) & s.full }

// Aligned reports whether the stones of pos hold K in a row: vertically,
// horizontally or diagonally.
func (s *Shape) Aligned(pos uint64) bool {
	if s.K == 4 {
		return aligned4(pos, uint(s.H))
	}
	return s.alignedAny(pos)
}

// aligned4 is Aligned for four in a row, unrolled: a tier build checks
// every board twice.
func aligned4(pos uint64, h uint) bool {
	m := pos & (pos >> 1)
	r := m & (m >> 2)
	m = pos & (pos >> h)
	r |= m & (m >> (2 * h))
	m = pos & (pos >> (h + 1))
	r |= m & (m >> (2*h + 2))
	m = pos & (pos >> (h + 2))
	r |= m & (m >> (2*h + 4))
	return r != 0
}

// alignedAny is Aligned for any K.
func (s *Shape) alignedAny(pos uint64) bool {
	for _, d := range [4]uint{1, uint(s.H), uint(s.H + 1), uint(s.H + 2)} {
		if s.run(pos, d) != 0 {
			return true
		}
	}
	return false
}

// run has a bit on every cell that starts K stones of pos in direction d.
func (s *Shape) run(pos uint64, d uint) uint64 {
	if s.K == 4 {
		m := pos & (pos >> d)
		return m & (m >> (2 * d))
	}
	r := pos
	for i := 1; i < s.K && r != 0; i++ {
		r &= pos >> (uint(i) * d)
	}
	return r
}

// Won reports whether the player who moved last has K in a row: the game
// is over.
func (s *Shape) Won(b Board) bool { return s.Aligned(b.Current ^ b.Mask) }

// Full reports whether every cell is taken.
func (s *Shape) Full(b Board) bool { return b.Mask == s.full }

// IsWinningMove reports whether the player to move makes K in a row by
// playing in column col, which must have room.
func (s *Shape) IsWinningMove(b Board, col int) bool {
	pos := b.Current | ((b.Mask + s.colBot[col]) & s.colMask[col])
	return s.Aligned(pos)
}

// WinningCells has a bit on every cell of the board, empty or not, that
// would complete K in a row with the stones of pos (Pons'
// compute_winning_position, for any K). The player to move wins at once
// by playing on WinningCells(b.Current) & Possible(b); the cells of
// WinningCells(b.Opponent()) & Possible(b) must be blocked.
func (s *Shape) WinningCells(pos uint64) uint64 {
	if s.K == 4 {
		return winningCells4(pos, uint(s.H)) & s.full
	}
	return s.winningCellsAny(pos)
}

// winningCellsAny is WinningCells for any K.
func (s *Shape) winningCellsAny(pos uint64) uint64 {
	var r uint64
	for _, d := range [4]uint{1, uint(s.H), uint(s.H + 1), uint(s.H + 2)} {
		// The gap at place j of the line: the other K-1 cells are
		// stones, at offsets (i-j)*d from the gap.
		for j := range s.K {
			w := ^uint64(0)
			for i := range s.K {
				switch {
				case i < j:
					w &= pos << (uint(j-i) * d)
				case i > j:
					w &= pos >> (uint(i-j) * d)
				}
			}
			r |= w
		}
	}
	return r & s.full
}

// Mirror is b reflected left to right.
func (s *Shape) Mirror(b Board) Board {
	var m Board
	step := uint(s.H + 1)
	for c := range s.W {
		from, to := uint(c)*step, uint(s.W-1-c)*step
		m.Current |= ((b.Current >> from) & (1<<step - 1)) << to
		m.Mask |= ((b.Mask >> from) & (1<<step - 1)) << to
	}
	return m
}

// Canonical is the lesser by Key of b and its mirror image: positions
// that are mirror images of each other have the same value.
func (s *Shape) Canonical(b Board) Board {
	m := s.Mirror(b)
	if s.Key(m) < s.Key(b) {
		return m
	}
	return b
}

// moveError is the error of a bad move string: a *budget.BadInput with
// the byte offset of the bad move in the string as given.
func moveError(moves string, off int, format string, args ...any) error {
	return &budget.BadInput{Input: moves, Offset: off, Msg: fmt.Sprintf(format, args...)}
}

// FromMoves plays the moves of a string of 1-based column digits (Pons'
// notation, "4453") from the empty board. Spaces and commas between
// digits are ignored. The error, a *budget.BadInput with the offset of
// the bad character, names a character that is not a column digit, a
// column out of range, a full column or a move after the game ended.
func (s *Shape) FromMoves(moves string) (Board, error) {
	var b Board
	over := false
	for i := 0; i < len(moves); i++ {
		ch := moves[i]
		switch {
		case ch == ' ' || ch == ',' || ch == '\t':
			continue
		case ch < '0' || ch > '9':
			r, _ := utf8.DecodeRuneInString(moves[i:])
			return Board{}, moveError(moves, i, "bad move %q at offset %d: expected a column digit 1-%d", r, i, s.W)
		}
		col := int(ch - '1')
		switch {
		case col < 0 || col >= s.W:
			return Board{}, moveError(moves, i, "bad move %c at offset %d: columns are 1-%d", ch, i, s.W)
		case over:
			return Board{}, moveError(moves, i, "move %c at offset %d comes after the game ended (%d in a row already)", ch, i, s.K)
		case !s.CanPlay(b, col):
			return Board{}, moveError(moves, i, "move %c at offset %d: column %c is full", ch, i, ch)
		}
		b = s.Play(b, col)
		over = s.Won(b)
	}
	return b, nil
}

// MoveString writes a board as a string of moves that reaches it in
// play (1-based column digits). Any board reached in play has one; ok is
// false for a board that has none. It searches backwards, taking off a
// top stone of the player who moved last whose removal leaves no line,
// and remembers dead ends, so it is linear in practice.
func (s *Shape) MoveString(b Board) (string, bool) {
	n := b.Moves()
	out := make([]byte, n)
	var dead map[Board]bool
	var undo func(b Board, n int) bool
	undo = func(b Board, n int) bool {
		if n == 0 {
			return true
		}
		if dead[b] {
			return false
		}
		last := b.Current ^ b.Mask
		for c := range s.W {
			h := s.Height(b, c)
			if h == 0 {
				continue
			}
			top := uint64(1) << (uint(c)*uint(s.H+1) + uint(h-1))
			if last&top == 0 {
				continue
			}
			prev := Board{Current: last &^ top, Mask: b.Mask &^ top}
			if s.Won(prev) {
				continue
			}
			out[n-1] = byte('1' + c)
			if undo(prev, n-1) {
				return true
			}
		}
		if dead == nil {
			dead = map[Board]bool{}
		}
		dead[b] = true
		return false
	}
	if s.Aligned(b.Current) || !undo(b, n) {
		return "", false
	}
	return string(out), true
}

// winningCells4 is WinningCells for four in a row, unrolled (Pons'
// compute_winning_position, with the vertical gaps under stones too, as
// the general loop has them): per direction d, the gap is a cell with
// three stones on one side, or two on one side and one on the other.
func winningCells4(pos uint64, h uint) uint64 {
	var r uint64
	for _, d := range [4]uint{1, h, h + 1, h + 2} {
		p := (pos << d) & (pos << (2 * d))
		r |= p & (pos << (3 * d))
		r |= p & (pos >> d)
		p = (pos >> d) & (pos >> (2 * d))
		r |= p & (pos << d)
		r |= p & (pos >> (3 * d))
	}
	return r
}
