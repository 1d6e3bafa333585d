package catalog

import "unicode"

// InARow is implemented by games won by K pieces of one player in a line
// (tic-tac-toe, Connect-4, Quixo), so that a front end can show the line
// that ended a game (MarkLine).
type InARow interface {
	// InARow is K: the pieces in a row, column or diagonal that win.
	InARow() int
}

// MarkLine sets x.Line to the cells of every line of K or more of one
// player's pieces on x's board (rows and columns from 0 at the top left),
// for an instance that is an InARow game; nil when there is none (the
// game goes on, or ended in a draw). Pieces are the board's characters
// other than '.', read without case (Connect-4 writes x and o).
func MarkLine(inst Instance, x *Exploration) {
	if x == nil {
		return
	}
	x.Line = nil
	k, ok := inst.(InARow)
	if !ok || x.Board == nil || x.Board.Kind != BoardGrid {
		return
	}
	x.Line = LineCells(x.Board.Rows, k.InARow())
}

// LineCells is the cells, in reading order, of the runs of k or more
// equal pieces (not '.') along rows, columns and both diagonals of rows.
func LineCells(rows []string, k int) [][2]int {
	if k < 2 {
		return nil
	}
	grid := make([][]rune, len(rows))
	for r, s := range rows {
		for _, c := range s {
			grid[r] = append(grid[r], unicode.ToUpper(c))
		}
	}
	at := func(r, c int) rune {
		if r < 0 || r >= len(grid) || c < 0 || c >= len(grid[r]) {
			return '.'
		}
		return grid[r][c]
	}
	marked := map[[2]int]bool{}
	for r := range grid {
		for c := range grid[r] {
			p := at(r, c)
			if p == '.' {
				continue
			}
			for _, d := range [][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}} {
				if at(r-d[0], c-d[1]) == p {
					continue // not the start of its run
				}
				n := 0
				for at(r+n*d[0], c+n*d[1]) == p {
					n++
				}
				if n >= k {
					for i := range n {
						marked[[2]int{r + i*d[0], c + i*d[1]}] = true
					}
				}
			}
		}
	}
	var out [][2]int
	for r := range grid {
		for c := range grid[r] {
			if marked[[2]int{r, c}] {
				out = append(out, [2]int{r, c})
			}
		}
	}
	return out
}
