package amazons

import (
	"context"
	"maps"
	"math/rand/v2"
	"testing"

	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/games/partizan"
	"github.com/grundy-go/grundy/internal/dihedral"
)

// plainMoves is the rule written apart from Moves, on a grid of bytes:
// every queen move of one of the player's amazons, then every queen shot
// from where it lands.
func plainMoves(g [][]byte, me byte) [][][]byte {
	var out [][][]byte
	in := func(r, c int) bool { return r >= 0 && c >= 0 && r < len(g) && c < len(g[0]) }
	for r := range g {
		for c := range g[r] {
			if g[r][c] != me {
				continue
			}
			for _, d := range compass {
				for r2, c2 := r+d[0], c+d[1]; in(r2, c2) && g[r2][c2] == '.'; r2, c2 = r2+d[0], c2+d[1] {
					g[r][c], g[r2][c2] = '.', me
					for _, e := range compass {
						for r3, c3 := r2+e[0], c2+e[1]; in(r3, c3) && g[r3][c3] == '.'; r3, c3 = r3+e[0], c3+e[1] {
							h := make([][]byte, len(g))
							for i := range g {
								h[i] = append([]byte(nil), g[i]...)
							}
							h[r3][c3] = '#'
							out = append(out, h)
						}
					}
					g[r][c], g[r2][c2] = me, '.'
				}
			}
		}
	}
	return out
}

func key(g [][]byte) string {
	s := ""
	for _, row := range g {
		s += string(row) + "|"
	}
	return s
}

// plain values a whole board by the definition: no groups, no symmetry.
func plain(s *cgt.Space, g [][]byte, memo map[string]cgt.Game) cgt.Game {
	k := key(g)
	if v, ok := memo[k]; ok {
		return v
	}
	var L, R []cgt.Game
	for _, h := range plainMoves(g, 'x') {
		L = append(L, plain(s, h, memo))
	}
	for _, h := range plainMoves(g, 'o') {
		R = append(R, plain(s, h, memo))
	}
	v, err := s.Make(L, R)
	if err != nil {
		panic(err)
	}
	memo[k] = v
	return v
}

func parse1(t *testing.T, s string) Board {
	t.Helper()
	bs, err := Parse([]string{s})
	if err != nil {
		t.Fatal(err)
	}
	return bs[0]
}

// TestAgainstPlain values 150 random boards of up to 9 cells, with one or
// two amazons a side and some stones, both ways.
func TestAgainstPlain(t *testing.T) {
	s := cgt.NewSpace()
	e, err := partizan.New[Board](s, Game{})
	if err != nil {
		t.Fatal(err)
	}
	memo := map[string]cgt.Game{}
	r := rand.New(rand.NewPCG(19, 53))
	for k := 0; k < 150; k++ {
		rows, cols := 1+r.IntN(3), 1+r.IntN(3)
		if k%3 == 0 {
			rows, cols = 1+r.IntN(2), 2+r.IntN(4)
		}
		g := make([][]byte, rows)
		for i := range g {
			g[i] = make([]byte, cols)
			for j := range g[i] {
				g[i][j] = ".#"[r.IntN(5)/4] // a stone one cell in five
			}
		}
		for _, a := range []byte("xoxo"[:2+r.IntN(3)]) {
			g[r.IntN(rows)][r.IntN(cols)] = a
		}
		b := parse1(t, key(g)[:len(key(g))-1])
		got, err := e.Value(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		if want := plain(s, g, memo); got != want {
			t.Fatalf("%s: groups give %s, plain play %s", b, s.String(got), s.String(want))
		}
	}
}

// TestCGSuite checks CGSuite's own test value (GameGridTest.scala,
// "define Amazons properly") and small boards worked by hand: in x|o
// neither amazon can move (0); in x. Left steps over and shoots back at
// the cell she left, {0|} = 1; in x..o the mover steps next to the other
// amazon and shoots at the cell between them, leaving it stuck: ±1.
func TestCGSuite(t *testing.T) {
	s := cgt.NewSpace()
	e, err := partizan.New[Board](s, Game{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ board, want string }{
		{"x...|o...", "+-{3,{4|0,{1|0,*}},{4|{0,{1/2|0}|v},+-1,+-{1,{2|0}}}}"},
		{"x|o", "0"},
		{"x.", "1"},
		{"x..o", "+-1"},
	} {
		v, err := e.Value(context.Background(), parse1(t, c.board))
		if err != nil {
			t.Fatal(err)
		}
		if got := s.String(v); got != c.want {
			t.Errorf("%s = %s, want %s", c.board, got, c.want)
		}
	}
}

func TestParse(t *testing.T) {
	for _, bad := range []string{"x.|o", "xq", "", "|"} {
		if _, err := Parse([]string{bad}); err == nil {
			t.Errorf("Parse(%q): no error", bad)
		}
	}
	bs, err := Parse([]string{"X..#/o...", "x.|.o"})
	if err != nil || len(bs) != 2 || bs[0].String() != "x..#|o..." {
		t.Fatalf("Parse: %v %v", bs, err)
	}
}

// TestFollowers counts the positions reachable from x...|o... by either
// player's moves, itself included: CGSuite's GameTest.scala says 2784
// ("Followers", game.grid.Amazons("x...|o...").Followers.Size).
func TestFollowers(t *testing.T) {
	start := parse1(t, "x...|o...")
	seen := map[Board]bool{start: true}
	stack := []Board{start}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, left := range []bool{true, false} {
			for q := range b.Moves(left) {
				if !seen[q] {
					seen[q] = true
					stack = append(stack, q)
				}
			}
		}
	}
	if len(seen) != 2784 {
		t.Errorf("x...|o...: %d followers, CGSuite counts 2784", len(seen))
	}
}

// plainGroups cuts the groups out of b by a breadth-first search over
// king moves, cell by cell: the witness for regions' bit fill.
func plainGroups(b Board) map[Board]int {
	rows, cols := int(b.Rows), int(b.Cols)
	seen := map[int]bool{}
	out := map[Board]int{}
	for start := 0; start < rows*cols; start++ {
		if seen[start] || b.Stone&(1<<start) != 0 {
			continue
		}
		var cells []int
		queue := []int{start}
		seen[start] = true
		for len(queue) > 0 {
			i := queue[0]
			queue = queue[1:]
			cells = append(cells, i)
			for dr := -1; dr <= 1; dr++ {
				for dc := -1; dc <= 1; dc++ {
					r, c := i/cols+dr, i%cols+dc
					j := r*cols + c
					if r >= 0 && c >= 0 && r < rows && c < cols && !seen[j] && b.Stone&(1<<j) == 0 {
						seen[j] = true
						queue = append(queue, j)
					}
				}
			}
		}
		r0, r1, c0, c1 := rows, 0, cols, 0
		hasAmazon := false
		for _, i := range cells {
			r0, r1, c0, c1 = min(r0, i/cols), max(r1, i/cols), min(c0, i%cols), max(c1, i%cols)
			hasAmazon = hasAmazon || (b.X|b.O)&(1<<i) != 0
		}
		if !hasAmazon {
			continue
		}
		g := Board{Rows: uint8(r1 - r0 + 1), Cols: uint8(c1 - c0 + 1)}
		g.Stone = 1<<(int(g.Rows)*int(g.Cols)) - 1
		for _, i := range cells {
			k := (i/cols-r0)*int(g.Cols) + i%cols - c0
			g.Stone &^= 1 << k
			if b.X&(1<<i) != 0 {
				g.X |= 1 << k
			}
			if b.O&(1<<i) != 0 {
				g.O |= 1 << k
			}
		}
		out[plainCanonical(g)]++
	}
	return out
}

// plainCanonical is the least of the eight images, built cell by cell.
func plainCanonical(b Board) Board {
	h, w := int(b.Rows), int(b.Cols)
	best := Board{Rows: 255}
	for k := 0; k < 8; k++ {
		th, tw := dihedral.Size(k, h, w)
		t := Board{Rows: uint8(th), Cols: uint8(tw)}
		for i := 0; i < th; i++ {
			for j := 0; j < tw; j++ {
				r, c := dihedral.Source(k, h, w, i, j)
				from, to := uint64(1)<<(r*w+c), uint64(1)<<(i*tw+j)
				if b.X&from != 0 {
					t.X |= to
				}
				if b.O&from != 0 {
					t.O |= to
				}
				if b.Stone&from != 0 {
					t.Stone |= to
				}
			}
		}
		if less(t, best) {
			best = t
		}
	}
	return best
}

// TestRegionsAgainstPlain: the bit fill, the cut and the canonical image
// of regions agree with a plain search on 3,000 random boards of every
// shape up to 64 cells.
func TestRegionsAgainstPlain(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 4))
	for range 3000 {
		rows := 1 + r.IntN(8)
		cols := 1 + r.IntN(64/rows)
		if rows*cols > 64 {
			cols = 64 / rows
		}
		full := uint64(1)<<(rows*cols) - 1
		if rows*cols == 64 {
			full = ^uint64(0)
		}
		b := Board{Rows: uint8(rows), Cols: uint8(cols)}
		b.Stone = r.Uint64() & r.Uint64() & full
		b.X = r.Uint64() & r.Uint64() & r.Uint64() & full &^ b.Stone
		b.O = r.Uint64() & r.Uint64() & r.Uint64() & full &^ (b.Stone | b.X)
		got := map[Board]int{}
		for _, g := range b.regions(nil) {
			got[g]++
		}
		if want := plainGroups(b); !maps.Equal(got, want) {
			t.Fatalf("%s: regions %v, plain search %v", b, got, want)
		}
	}
}
