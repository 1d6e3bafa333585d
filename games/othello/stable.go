package othello

import "math/bits"

// Stable discs, for a bound on the final margin: a disc that no move can
// turn over stays its owner's to the end, so a player whose opponent has
// s stable discs ends with a margin of at most cells − 2s. A disc is
// counted stable when along each of the four axes (the row, the column
// and the two diagonals) it cannot be outflanked: its line on that axis
// is full (no move lands on it), or it lies at an end of that line (on
// the board's edge), or its neighbour on that axis is a stable disc of
// the same colour (a line that outflanked it would outflank the
// neighbour too). Grown from nothing to a fixed point, this finds a
// subset of the truly stable discs (the corners, full edges and what
// leans on them), which is all a bound needs.

// stabilityLines holds, per axis (in the order of Board.shift: the row,
// the column, the diagonal down-right, the diagonal down-left), the
// board's lines and the cells at an end of their line.
type stabilityLines struct {
	lines [4][]uint64
	ends  [4]uint64
}

func newStabilityLines(b *Board) *stabilityLines {
	y := &stabilityLines{}
	steps := [4][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}}
	for axis, st := range steps {
		dr, dc := st[0], st[1]
		for r := range b.H {
			for c := range b.W {
				// (r, c) starts a line when the cell before it is off the board.
				if pr, pc := r-dr, c-dc; pr >= 0 && pr < b.H && pc >= 0 && pc < b.W {
					continue
				}
				var line uint64
				last := -1
				for i, j := r, c; i >= 0 && i < b.H && j >= 0 && j < b.W; i, j = i+dr, j+dc {
					line |= b.bit(i, j)
					last = i*b.W + j
				}
				y.lines[axis] = append(y.lines[axis], line)
				y.ends[axis] |= b.bit(r, c) | 1<<last
			}
		}
	}
	return y
}

// stable is the set of discs of mine that are stable in the position
// whose occupied cells are occ.
func (b *Board) stable(y *stabilityLines, mine, occ uint64) uint64 {
	var protect [4]uint64
	for axis := range 4 {
		p := y.ends[axis]
		for _, l := range y.lines[axis] {
			if occ&l == l {
				p |= l
			}
		}
		protect[axis] = p
	}
	var st uint64
	for {
		next := mine
		for d := range 4 {
			s := b.shift[d]
			next &= protect[d] | st<<s&b.maskL[d] | st>>s&b.maskR[d]
		}
		if next == st {
			return st
		}
		st = next
	}
}

// stableCount is the number of stable discs of mine.
func (b *Board) stableCount(y *stabilityLines, mine, occ uint64) int {
	return bits.OnesCount64(b.stable(y, mine, occ))
}
