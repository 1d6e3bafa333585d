package amazons

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/games/partizan"
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
