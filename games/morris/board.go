package morris

import (
	"fmt"
	"math/bits"
)

// Board is the geometry of a Mills board: its points with their
// algebraic names, the lines that make mills, which points are joined,
// and the symmetries of the board (the permutations of its points that
// map lines to lines and joins to joins).
type Board struct {
	Name   string
	Size   int      // side of the grid the points sit on (3, 5 or 7)
	Points []string // algebraic names, in notation order: rows from the top, files left to right
	X, Y   []int    // grid coordinates: file (0 = a) and rank (0 = 1)
	Lines  [][3]int // the mills
	Adj    []uint32 // Adj[i]: the points joined to i
	// Syms are the symmetries, the identity first: Syms[s][i] is the
	// image of point i.
	Syms [][]int
	// at[y][x] is the point at grid (x, y), or -1.
	at [][]int
}

// newBoard lays out a board from its rows of point names (top row
// first), its lines (as triples of names) and the joins between points
// that no line holds (six men's morris's spokes). Consecutive points of
// a line are joined.
func newBoard(name string, size int, rows [][]string, lines [][3]string, extra [][2]string, ringSwap bool) *Board {
	b := &Board{Name: name, Size: size}
	idx := map[string]int{}
	b.at = make([][]int, size)
	for y := range size {
		b.at[y] = make([]int, size)
		for x := range size {
			b.at[y][x] = -1
		}
	}
	for _, row := range rows {
		for _, p := range row {
			x, y := int(p[0]-'a'), int(p[1]-'1')
			idx[p] = len(b.Points)
			b.at[y][x] = len(b.Points)
			b.Points = append(b.Points, p)
			b.X = append(b.X, x)
			b.Y = append(b.Y, y)
		}
	}
	b.Adj = make([]uint32, len(b.Points))
	join := func(u, v int) { b.Adj[u] |= 1 << v; b.Adj[v] |= 1 << u }
	for _, l := range lines {
		t := [3]int{idx[l[0]], idx[l[1]], idx[l[2]]}
		b.Lines = append(b.Lines, t)
		join(t[0], t[1])
		join(t[1], t[2])
	}
	for _, e := range extra {
		join(idx[e[0]], idx[e[1]])
	}
	// The square's 8 symmetries on the grid, and with ringSwap each of
	// them after swapping the inner and the outer square.
	c := (size - 1) / 2
	swaps := []bool{false}
	if ringSwap {
		swaps = append(swaps, true)
	}
	for _, sw := range swaps {
		for s := range 8 {
			perm := make([]int, len(b.Points))
			for i := range b.Points {
				dx, dy := b.X[i]-c, b.Y[i]-c
				if sw {
					d := max(abs(dx), abs(dy))
					dx, dy = sign(dx)*(c+1-d), sign(dy)*(c+1-d)
				}
				for range s % 4 { // quarter turns
					dx, dy = dy, -dx
				}
				if s >= 4 { // then a mirror
					dx = -dx
				}
				j := b.at[dy+c][dx+c]
				if j < 0 {
					panic(fmt.Sprintf("morris: %s: symmetry %d maps %s off the board", name, s, b.Points[i]))
				}
				perm[i] = j
			}
			b.Syms = append(b.Syms, perm)
		}
	}
	return b
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// N is the number of points.
func (b *Board) N() int { return len(b.Points) }

// Full is the set of every point.
func (b *Board) Full() uint32 { return 1<<len(b.Points) - 1 }

// Index is the point named name, or -1.
func (b *Board) Index(name string) int {
	for i, p := range b.Points {
		if p == name {
			return i
		}
	}
	return -1
}

// Image is the set s under symmetry k.
func (b *Board) Image(s uint32, k int) uint32 {
	var out uint32
	for ; s != 0; s &= s - 1 {
		out |= 1 << b.Syms[k][bits.TrailingZeros32(s)]
	}
	return out
}

// Grid is the board drawn on its grid, top row first: c(i) at point i,
// and between points '-' on a row's lines, '|' on a column's, ' '
// elsewhere.
func (b *Board) Grid(c func(i int) byte) []string {
	rows := make([]string, b.Size)
	for r := range b.Size {
		y := b.Size - 1 - r
		row := make([]byte, b.Size)
		for x := range b.Size {
			if i := b.at[y][x]; i >= 0 {
				row[x] = c(i)
			} else {
				row[x] = ' '
			}
		}
		rows[r] = string(row)
	}
	return rows
}

// The boards. Points are named as on the Mills boards' usual diagrams: a
// file letter from the left and a rank number from the bottom, on a
// 3x3, 5x5 or 7x7 grid.
var (
	board3 = newBoard("three men's morris", 3,
		[][]string{{"a3", "b3", "c3"}, {"a2", "b2", "c2"}, {"a1", "b1", "c1"}},
		[][3]string{
			{"a3", "b3", "c3"}, {"a2", "b2", "c2"}, {"a1", "b1", "c1"},
			{"a1", "a2", "a3"}, {"b1", "b2", "b3"}, {"c1", "c2", "c3"},
		}, nil, false)
	board3diag = newBoard("three men's morris with diagonals", 3,
		[][]string{{"a3", "b3", "c3"}, {"a2", "b2", "c2"}, {"a1", "b1", "c1"}},
		[][3]string{
			{"a3", "b3", "c3"}, {"a2", "b2", "c2"}, {"a1", "b1", "c1"},
			{"a1", "a2", "a3"}, {"b1", "b2", "b3"}, {"c1", "c2", "c3"},
			{"a1", "b2", "c3"}, {"a3", "b2", "c1"},
		}, nil, false)
	board6 = newBoard("six men's morris", 5,
		[][]string{
			{"a5", "c5", "e5"}, {"b4", "c4", "d4"}, {"a3", "b3", "d3", "e3"},
			{"b2", "c2", "d2"}, {"a1", "c1", "e1"},
		},
		[][3]string{
			{"a5", "c5", "e5"}, {"b4", "c4", "d4"}, {"b2", "c2", "d2"}, {"a1", "c1", "e1"},
			{"a1", "a3", "a5"}, {"b2", "b3", "b4"}, {"d2", "d3", "d4"}, {"e1", "e3", "e5"},
		},
		[][2]string{{"c5", "c4"}, {"a3", "b3"}, {"d3", "e3"}, {"c2", "c1"}}, true)
	rows9 = [][]string{
		{"a7", "d7", "g7"}, {"b6", "d6", "f6"}, {"c5", "d5", "e5"},
		{"a4", "b4", "c4", "e4", "f4", "g4"},
		{"c3", "d3", "e3"}, {"b2", "d2", "f2"}, {"a1", "d1", "g1"},
	}
	lines9 = [][3]string{
		{"a7", "d7", "g7"}, {"b6", "d6", "f6"}, {"c5", "d5", "e5"}, {"a4", "b4", "c4"},
		{"e4", "f4", "g4"}, {"c3", "d3", "e3"}, {"b2", "d2", "f2"}, {"a1", "d1", "g1"},
		{"a1", "a4", "a7"}, {"b2", "b4", "b6"}, {"c3", "c4", "c5"}, {"d5", "d6", "d7"},
		{"d1", "d2", "d3"}, {"e3", "e4", "e5"}, {"f2", "f4", "f6"}, {"g1", "g4", "g7"},
	}
	board9  = newBoard("nine men's morris", 7, rows9, lines9, nil, true)
	board12 = newBoard("twelve men's morris", 7, rows9, append(append([][3]string{}, lines9...),
		[3]string{"a7", "b6", "c5"}, [3]string{"g7", "f6", "e5"},
		[3]string{"a1", "b2", "c3"}, [3]string{"g1", "f2", "e3"}), nil, true)
)
