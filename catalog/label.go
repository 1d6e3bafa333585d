package catalog

import (
	"fmt"
	"strconv"
	"strings"
)

// MoveLabeler is implemented by instances that name their moves in
// players' terms where the generic rules of LabelMoves cannot (Connect-4's
// positions are the columns played, Quixo's pushes move a whole row).
type MoveLabeler interface {
	// LabelMoves sets the Label of the moves of x that it can name,
	// x.Report.Position being the position they are made from; moves it
	// leaves unlabelled are named by LabelMoves's generic rules.
	LabelMoves(x *Exploration)
}

// LabelMoves names every move of x (and every outcome of a chance event)
// as players do, so that every front end says the same: the instance's
// own names first (MoveLabeler), then, for the moves still unnamed:
//
//   - a move the game names itself (To with no component: "cell 5",
//     "hold"): that name;
//   - a move in one heap of several: "take 3 from heap 2" ("take 3" when
//     there is one heap), "heap 2: 7 → 3 + 2" when it splits the heap,
//     "heap 2: 3 → 5" when it grows;
//   - a move in a position of a few numbers written whole (Wythoff's two
//     heaps): "take 2 from heap 1", "take 1 from both", or each heap's
//     amount;
//   - a move on a grid (the board's rows, and the move's position written
//     as rows joined by "|" or as all the cells in reading order): the
//     piece put on an empty cell ("X in b2", columns a, b, … from the
//     left and rows 1, 2, … from the top; a strip's cells are numbered
//     1, 2, … from the left: "X in 3"), two cells covered ("domino on
//     a1–a2"), or a piece moved ("T from 2 to 3"; a capture "x from b1
//     to b2");
//   - a move in one part of a sum of parts: "part 2: 2x3 → 2x1 + 2x2";
//   - otherwise the position it leaves, "→ " and its text.
func LabelMoves(inst Instance, x *Exploration) {
	if x == nil || x.Report == nil {
		return
	}
	if l, ok := inst.(MoveLabeler); ok {
		l.LabelMoves(x)
	}
	for i := range x.Moves {
		m := &x.Moves[i]
		if m.Label == "" {
			m.Label = genericLabel(x, m)
		}
		m.Move = m.Label
		for j := range m.Chance {
			o := &m.Chance[j]
			if o.Label == "" {
				o.Label = genericLabel(x, o)
			}
			o.Move = o.Label
		}
	}
}

func genericLabel(x *Exploration, m *MoveInfo) string {
	b := x.Board
	if m.Component < 0 && m.To != "" {
		return m.To
	}
	if m.Component >= 0 && b != nil && b.Kind == BoardHeaps {
		if l := heapLabel(b, m); l != "" {
			return l
		}
	}
	if m.Component >= 0 && b != nil && b.Kind == BoardGrid {
		// Coins on a strip written as their cells (Staircase Nim): the
		// coin that moved.
		from, ok1 := numbers(m.From)
		to, ok2 := numbers(m.To)
		if ok1 && ok2 && len(from) == len(to) {
			var moved []int
			for i := range from {
				if from[i] != to[i] {
					moved = append(moved, i)
				}
			}
			if len(moved) == 1 {
				return fmt.Sprintf("coin from %d to %d", from[moved[0]], to[moved[0]])
			}
		}
	}
	if b != nil && b.Kind == BoardGrid && len(b.Rows) > 0 {
		if l := gridLabel(b.Rows, x.Report.Position, m.Position); l != "" {
			return l
		}
	}
	if m.Component >= 0 && b != nil && b.Kind == BoardComponents {
		to := m.To
		if to == "" {
			to = "nothing"
		}
		return fmt.Sprintf("part %d: %s → %s", m.Component+1, m.From, to)
	}
	if m.Position == "" {
		return m.To
	}
	return "→ " + m.Position
}

// numbers reads a text of whole numbers separated by spaces or commas.
func numbers(s string) ([]int64, bool) {
	f := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' })
	out := make([]int64, len(f))
	for i, w := range f {
		n, err := strconv.ParseInt(w, 10, 64)
		if err != nil || n < 0 {
			return nil, false
		}
		out[i] = n
	}
	return out, true
}

func heapLabel(b *Board, m *MoveInfo) string {
	from, ok1 := numbers(m.From)
	to, ok2 := numbers(m.To)
	if !ok1 || !ok2 {
		return ""
	}
	switch {
	case len(from) == 1:
		where := fmt.Sprintf(" from heap %d", m.Component+1)
		head := fmt.Sprintf("heap %d: ", m.Component+1)
		if len(b.Heaps) == 1 {
			where, head = "", ""
		}
		switch {
		case len(to) == 0:
			return fmt.Sprintf("take %d%s", from[0], where)
		case len(to) == 1 && to[0] < from[0]:
			return fmt.Sprintf("take %d%s", from[0]-to[0], where)
		default:
			parts := make([]string, len(to))
			for i, n := range to {
				parts[i] = strconv.FormatInt(n, 10)
			}
			return fmt.Sprintf("%s%d → %s", head, from[0], strings.Join(parts, " + "))
		}
	case len(from) == len(to) && len(from) <= 4:
		// A position of a few heaps written whole (Wythoff).
		var moved []int
		for i := range from {
			if to[i] > from[i] {
				return ""
			}
			if to[i] < from[i] {
				moved = append(moved, i)
			}
		}
		switch {
		case len(moved) == 1:
			i := moved[0]
			return fmt.Sprintf("take %d from heap %d", from[i]-to[i], i+1)
		case len(moved) == len(from):
			k := from[0] - to[0]
			same := true
			for i := range from {
				same = same && from[i]-to[i] == k
			}
			if same {
				if len(from) == 2 {
					return fmt.Sprintf("take %d from both", k)
				}
				return fmt.Sprintf("take %d from every heap", k)
			}
		}
		if len(moved) > 1 {
			parts := make([]string, len(moved))
			for j, i := range moved {
				parts[j] = fmt.Sprintf("%d from heap %d", from[i]-to[i], i+1)
			}
			return "take " + strings.Join(parts, " and ")
		}
	}
	return ""
}

// CellName names a cell of a board of rows: a strip's cells 1, 2, … from
// the left; a board's "b2", column letters from the left and row numbers
// from the top.
func CellName(rows, r, c int) string {
	if rows == 1 {
		return strconv.Itoa(c + 1)
	}
	if c < 26 {
		return string(rune('a'+c)) + strconv.Itoa(r+1)
	}
	return fmt.Sprintf("(%d, %d)", r+1, c+1)
}

// gridCells reads a position's text as the cells of an R×C board: rows
// joined by "|" or "/", or every cell in reading order, with a ":" and
// what follows (the player to move) dropped.
func gridCells(text string, R, C int) [][]rune {
	if i := strings.IndexByte(text, ':'); i >= 0 {
		text = text[:i]
	}
	var rows []string
	if strings.ContainsAny(text, "|/") {
		rows = strings.FieldsFunc(text, func(r rune) bool { return r == '|' || r == '/' })
	} else if rs := []rune(text); len(rs) == R*C {
		for r := range R {
			rows = append(rows, string(rs[r*C:(r+1)*C]))
		}
	}
	if len(rows) != R {
		return nil
	}
	out := make([][]rune, R)
	for r, row := range rows {
		out[r] = []rune(row)
		if len(out[r]) != C {
			return nil
		}
	}
	return out
}

func gridLabel(rows []string, _ string, to string) string {
	R, C := len(rows), len([]rune(rows[0]))
	before := make([][]rune, R)
	for r, row := range rows {
		before[r] = []rune(row)
		if len(before[r]) != C {
			return ""
		}
	}
	after := gridCells(to, R, C)
	if after == nil {
		return ""
	}
	type cell struct {
		r, c     int
		was, now rune
	}
	var changed []cell
	for r := range R {
		for c := range C {
			if before[r][c] != after[r][c] {
				changed = append(changed, cell{r, c, before[r][c], after[r][c]})
			}
		}
	}
	name := func(x cell) string { return CellName(R, x.r, x.c) }
	empty := func(ch rune) bool { return ch == '.' || ch == ' ' }
	switch len(changed) {
	case 1:
		if x := changed[0]; empty(x.was) {
			return fmt.Sprintf("%c in %s", x.now, name(x))
		}
		if x := changed[0]; empty(x.now) {
			return fmt.Sprintf("%c off %s", x.was, name(x))
		}
		x := changed[0]
		return fmt.Sprintf("%s: %c → %c", name(x), x.was, x.now)
	case 2:
		a, b := changed[0], changed[1]
		if empty(a.was) && empty(b.was) && a.now == b.now {
			return fmt.Sprintf("domino on %s–%s", name(a), name(b))
		}
		// A piece moved from one cell to the other (onto an empty cell, or
		// capturing what stood there).
		if empty(b.now) {
			a, b = b, a
		}
		if empty(a.now) && b.now == a.was {
			return fmt.Sprintf("%c from %s to %s", a.was, name(a), name(b))
		}
	}
	return ""
}

// BoardDrawer is implemented by instances that can draw a position
// without solving it (the board the explorer shows), so that its moves
// can be labelled where only their positions are known (LabelPositions).
type BoardDrawer interface {
	DrawBoard(tokens []string) (*Board, error)
}

// LabelPositions names the moves from the position written as tokens
// (Report.Position from) that leave each of positions, as LabelMoves
// names them for the explorer, without solving anything: "" for a move
// it cannot name better than its position. The command line labels its
// winning moves with it ("column 4", "take 2 from heap 1"). With heaps
// set (an impartial game's positions of numbers are heap sizes), a move
// that changes one number of a position of numbers is a move in that heap.
func LabelPositions(inst Instance, from string, tokens []string, positions []string, heaps bool) []string {
	x := &Exploration{Report: &Report{Position: from}}
	if d, ok := inst.(BoardDrawer); ok {
		if b, err := d.DrawBoard(tokens); err == nil {
			x.Board = b
		}
	}
	sizes, isHeaps := numbers(from)
	isHeaps = isHeaps && heaps
	if x.Board == nil && isHeaps && len(sizes) > 0 {
		b := &Board{Kind: BoardHeaps, Text: from}
		for _, h := range sizes {
			b.Heaps = append(b.Heaps, strconv.FormatInt(h, 10))
		}
		x.Board = b
	}
	x.Moves = make([]MoveInfo, len(positions))
	for i, p := range positions {
		m := MoveInfo{Component: -1, Position: p}
		if q, ok := numbers(p); ok && isHeaps && len(q) == len(sizes) && x.Board.Kind == BoardHeaps {
			// One heap changed: a move in it.
			changed := -1
			for j := range q {
				if q[j] != sizes[j] {
					if changed >= 0 {
						changed = -2
						break
					}
					changed = j
				}
			}
			if changed >= 0 {
				m.Component, m.From = changed, strconv.FormatInt(sizes[changed], 10)
				if q[changed] > 0 {
					m.To = strconv.FormatInt(q[changed], 10)
				}
			}
		}
		x.Moves[i] = m
	}
	LabelMoves(inst, x)
	out := make([]string, len(positions))
	for i, m := range x.Moves {
		if m.Label != "" && !strings.HasPrefix(m.Label, "→ ") {
			out[i] = m.Label
		}
	}
	return out
}
