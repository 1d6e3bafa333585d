package connect4

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/outcome"
	"github.com/grundy-go/grundy/retro"
)

// grid is a plain board for the witnesses: cells[c][r], row 0 at the
// bottom, 0 empty, 1 the first player, 2 the second; a string key.
type grid struct {
	w, h, k int
	cells   []byte // c*h + r
}

func newGrid(w, h, k int) grid { return grid{w, h, k, make([]byte, w*h)} }

func (g grid) at(c, r int) byte {
	if c < 0 || c >= g.w || r < 0 || r >= g.h {
		return 0
	}
	return g.cells[c*g.h+r]
}

func (g grid) stones() int {
	n := 0
	for _, x := range g.cells {
		if x != 0 {
			n++
		}
	}
	return n
}

// line reports whether player p has k in a row, by looking at every cell
// and direction.
func (g grid) line(p byte) bool {
	for c := range g.w {
		for r := range g.h {
			for _, d := range [][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}} {
				i := 0
				for i < g.k && g.at(c+i*d[0], r+i*d[1]) == p {
					i++
				}
				if i == g.k {
					return true
				}
			}
		}
	}
	return false
}

// over: the player who moved last has a line, or the board is full.
func (g grid) over() (bool, outcome.Outcome) {
	n := g.stones()
	last := byte(2 - n%2) // n odd: the first player moved last
	if n > 0 && g.line(last) {
		return true, outcome.P
	}
	return n == g.w*g.h, outcome.D
}

func (g grid) moves() []grid {
	if over, _ := g.over(); over {
		return nil
	}
	var out []grid
	mover := byte(1 + g.stones()%2)
	for c := range g.w {
		for r := range g.h {
			if g.cells[c*g.h+r] == 0 {
				next := grid{g.w, g.h, g.k, slices.Clone(g.cells)}
				next.cells[c*g.h+r] = mover
				out = append(out, next)
				break
			}
		}
	}
	return out
}

// board converts to a Board.
func (g grid) board() Board {
	var b Board
	n := g.stones()
	mover := byte(1 + n%2)
	for c := range g.w {
		for r := range g.h {
			bit := uint64(1) << (c*(g.h+1) + r)
			switch g.at(c, r) {
			case mover:
				b.Current |= bit
				b.Mask |= bit
			case 0:
			default:
				b.Mask |= bit
			}
		}
	}
	return b
}

// enumerate lists every grid reachable from the empty board.
func enumerate(w, h, k int) []grid {
	start := newGrid(w, h, k)
	seen := map[string]bool{string(start.cells): true}
	all := []grid{start}
	for i := 0; i < len(all); i++ {
		for _, q := range all[i].moves() {
			if !seen[string(q.cells)] {
				seen[string(q.cells)] = true
				all = append(all, q)
			}
		}
	}
	return all
}

type value struct {
	o   outcome.Outcome
	rem int // -1 for draws
}

// minimax: the winner hurries, the loser delays, draws have no remoteness.
func minimax(g grid, memo map[string]value) value {
	if v, ok := memo[string(g.cells)]; ok {
		return v
	}
	var v value
	if over, o := g.over(); over {
		v = value{o, 0}
		if o == outcome.D {
			v.rem = -1
		}
	} else {
		win, lose, draw := -1, -1, false
		for _, q := range g.moves() {
			switch c := minimax(q, memo); c.o {
			case outcome.P:
				if win < 0 || c.rem+1 < win {
					win = c.rem + 1
				}
			case outcome.D:
				draw = true
			default:
				lose = max(lose, c.rem+1)
			}
		}
		switch {
		case win >= 0:
			v = value{outcome.N, win}
		case draw:
			v = value{outcome.D, -1}
		default:
			v = value{outcome.P, lose}
		}
	}
	memo[string(g.cells)] = v
	return v
}

func mustGame(t testing.TB, w, h, k int) Game {
	t.Helper()
	g, err := New(w, h, k)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestPlainWitness checks the bitboard's moves and ends against the plain
// grid on every reachable position, the count against Tromp's (161,029
// for 4x4), and retro's solution against minimax.
func TestPlainWitness(t *testing.T) {
	for _, c := range []struct {
		w, h, k int
		count   int
	}{
		{4, 4, 4, 161029}, // Tromp
		{4, 3, 3, -1},
		{3, 3, 3, -1},
		{5, 2, 2, -1},
	} {
		g := mustGame(t, c.w, c.h, c.k)
		all := enumerate(c.w, c.h, c.k)
		if c.count >= 0 && len(all) != c.count {
			t.Errorf("%dx%d: %d positions reachable; want %d", c.w, c.h, len(all), c.count)
		}
		tab, err := retro.SolveGame[Board](context.Background(), Reachable{Game: g, Err: new(error)}, retro.GameOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if tab.Len() != len(all) {
			t.Errorf("%s: retro solved %d positions; want %d", g.S, tab.Len(), len(all))
		}
		memo := map[string]value{}
		var buf []Board
		for _, p := range all {
			b := p.board()
			var want []Board
			for _, q := range p.moves() {
				want = append(want, q.board())
			}
			buf = g.AppendMoves(buf[:0], b)
			if !slices.Equal(buf, want) || !slices.Equal(slices.Collect(g.Moves(b)), want) {
				t.Fatalf("%s %s: moves %v; want %v", g.S, g.Format(b), buf, want)
			}
			if len(want) == 0 {
				_, o := p.over()
				if got := g.TerminalOutcome(b); got != o {
					t.Fatalf("%s %s: terminal %v; want %v", g.S, g.Format(b), got, o)
				}
			}
			v := minimax(p, memo)
			o, rem, ok := tab.Lookup(b)
			got := value{o, int(rem)}
			if rem == retro.NoRemoteness {
				got.rem = -1
			}
			if !ok || got != v {
				t.Fatalf("%s %s: retro %v; minimax %v", g.S, g.Format(b), got, v)
			}
		}
	}
}

// levelCount counts the positions reachable from the empty board, one
// level (number of stones) at a time.
func levelCount(g Game) int {
	total := 0
	for range (Reachable{Game: g, Err: new(error)}).Positions() {
		total++
	}
	return total
}

// Tromp's counts (tromp.github.io/c4/c4.html): 5 columns by 4 rows and 4
// columns by 5 rows.
func TestTrompCounts(t *testing.T) {
	if testing.Short() {
		t.Skip("a few seconds")
	}
	for _, c := range []struct{ w, h, count int }{{5, 4, 3945711}, {4, 5, 1706255}} {
		if got := levelCount(mustGame(t, c.w, c.h, 4)); got != c.count {
			t.Errorf("%dx%d: %d positions; want %d", c.w, c.h, got, c.count)
		}
	}
}

// TestRankAll unranks every rank of every tier and ranks the board back.
func TestRankAll(t *testing.T) {
	for _, c := range [][3]int{{4, 4, 4}, {5, 4, 4}, {3, 3, 3}, {1, 5, 2}, {9, 1, 3}} {
		g := mustGame(t, c[0], c[1], c[2])
		legal := 0
		for tier := range game.Tier(g.S.Cells() + 1) {
			size := g.TierSize(tier)
			for r := range size {
				b, ok := g.TierUnrank(tier, r)
				if !ok {
					if _, ok := g.ranker().unrank(int(tier), r); !ok {
						t.Fatalf("%s: rank %d of tier %d names no board", g.S, r, tier)
					}
					continue
				}
				legal++
				if g.TierOf(b) != tier || g.TierRank(b) != r {
					t.Fatalf("%s: tier %d rank %d unranks to %v of tier %d rank %d", g.S, tier, r, b, g.TierOf(b), g.TierRank(b))
				}
				if b.Mask&^g.S.BoardMask() != 0 || b.Current&^b.Mask != 0 || g.S.Possible(b)&b.Mask != 0 {
					t.Fatalf("%s: tier %d rank %d: malformed board %v", g.S, tier, r, b)
				}
			}
			if _, ok := g.TierUnrank(tier, size); ok {
				t.Fatalf("%s: rank %d past the size of tier %d unranks", g.S, size, tier)
			}
		}
		t.Logf("%s: %d legal ranks", g.S, legal)
	}
}

// TestTiersOfReachable checks rank, unrank, Canonical and the tier graph
// on every position reachable on small boards.
func TestTiersOfReachable(t *testing.T) {
	for _, c := range [][3]int{{4, 4, 4}, {4, 3, 3}} {
		g := mustGame(t, c[0], c[1], c[2])
		var buf []Board
		for b := range (Reachable{Game: g, Err: new(error)}).Positions() {
			tier := g.TierOf(b)
			r := g.TierRank(b)
			if r < 0 || r >= g.TierSize(tier) {
				t.Fatalf("%s %s: rank %d outside tier %d of size %d", g.S, g.Format(b), r, tier, g.TierSize(tier))
			}
			m := g.S.Mirror(b)
			if back, ok := g.TierUnrank(tier, r); !ok || (back != b && back != m) {
				t.Fatalf("%s %s: unrank(rank) = %v, %v", g.S, g.Format(b), back, ok)
			}
			if g.TierRank(m) != r {
				t.Fatalf("%s %s: rank %d, its mirror image's %d", g.S, g.Format(b), r, g.TierRank(m))
			}
			if cb := g.Canonical(b); cb != g.Canonical(m) || (cb != b && cb != m) {
				t.Fatalf("%s %s: Canonical %v, mirror's %v", g.S, g.Format(b), cb, g.Canonical(m))
			}
			if g.S.Canonical(b) != g.S.Canonical(m) {
				t.Fatalf("%s %s: Shape.Canonical differs from its mirror's", g.S, g.Format(b))
			}
			children := g.TierChildren(tier)
			buf = g.AppendMoves(buf[:0], b)
			for _, q := range buf {
				if qt := g.TierOf(q); qt == tier || !slices.Contains(children, qt) {
					t.Fatalf("%s %s: a move to tier %d from tier %d (children %v, loopy %v)", g.S, g.Format(b), qt, tier, children, g.TierLoopy(tier))
				}
			}
		}
	}
}

// TestWinningCells checks WinningCells and IsWinningMove against playing
// every column, on random positions of several shapes.
func TestWinningCells(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range [][3]int{{7, 6, 4}, {6, 5, 4}, {5, 4, 3}, {9, 6, 5}, {4, 4, 2}} {
		g := mustGame(t, c[0], c[1], c[2])
		for range 3000 {
			b := Board{}
			for !g.Over(b) && rng.IntN(g.S.Cells()) > 2 {
				moves := g.AppendMoves(nil, b)
				b = moves[rng.IntN(len(moves))]
			}
			if g.Over(b) {
				continue
			}
			wins := g.S.WinningCells(b.Current) & g.S.Possible(b)
			for col := range g.S.W {
				if !g.S.CanPlay(b, col) {
					continue
				}
				next := g.S.Play(b, col)
				cell := next.Mask &^ b.Mask
				if g.S.PlayCell(b, cell) != next {
					t.Fatalf("%s %s: PlayCell differs from Play", g.S, g.Format(b))
				}
				won := g.S.Won(next)
				if won != g.S.IsWinningMove(b, col) || won != (wins&cell != 0) {
					t.Fatalf("%s %s col %d: won %v, IsWinningMove %v, WinningCells %v", g.S, g.Format(b), col+1, won, g.S.IsWinningMove(b, col), wins&cell != 0)
				}
			}
			if got := g.S.FromKey(g.S.Key(b)); got != b {
				t.Fatalf("%s %s: FromKey(Key) = %v", g.S, g.Format(b), got)
			}
		}
	}
}

// TestRankRandom ranks random positions of the boards too large to rank
// whole.
func TestRankRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, c := range [][3]int{{6, 5, 4}, {7, 6, 4}, {5, 5, 4}, {9, 6, 4}, {8, 7, 4}} {
		g := mustGame(t, c[0], c[1], c[2])
		for range 20000 {
			b := Board{}
			for !g.Over(b) && rng.IntN(g.S.Cells()+4) > 0 {
				moves := g.AppendMoves(nil, b)
				b = moves[rng.IntN(len(moves))]
			}
			tier := g.TierOf(b)
			r := g.TierRank(b)
			if back, ok := g.TierUnrank(tier, r); r < 0 || r >= g.TierSize(tier) || !ok || (back != b && back != g.S.Mirror(b)) || g.TierRank(g.S.Mirror(b)) != r {
				t.Fatalf("%s %s: rank %d of %d, unrank %v %v", g.S, g.Format(b), r, g.TierSize(tier), back, ok)
			}
		}
	}
}

// palindrome reports whether b's column heights read the same both ways.
func palindrome(s *Shape, b Board) bool {
	col := func(c int) uint64 { return b.Mask >> uint(c*(s.H+1)) & (1<<uint(s.H+1) - 1) }
	for c := range s.W / 2 {
		if col(c) != col(s.W-1-c) {
			return false
		}
	}
	return true
}

// TestMirrorRanks checks the mirror symmetry of the ranking on every
// board of small shapes: the boards of a tier are enumerated from their
// height vectors and colourings without the ranker (every set of the
// first player's stones among the cells under the heights), each one's
// rank is its mirror image's, unranking a rank gives the one of the two
// with canonical heights (h ≤ reverse(h)), or for palindromic heights
// the lesser colour rank, every rank but the other of those is taken, and the
// boards a rank stands for are as many as TierOrbit says.
func TestMirrorRanks(t *testing.T) {
	for _, c := range [][3]int{{4, 4, 4}, {5, 3, 4}, {3, 3, 3}, {1, 5, 2}, {2, 4, 3}, {6, 2, 4}} {
		g := mustGame(t, c[0], c[1], c[2])
		s := g.S
		for tier := range game.Tier(s.Cells() + 1) {
			n := int(tier)
			boards := make([]int64, g.TierSize(tier)) // boards per rank
			var hs [MaxWidth]int
			var each func(col, left int)
			each = func(col, left int) {
				if col == s.W {
					if left != 0 {
						return
					}
					var cells []uint
					var mask uint64
					for c := range s.W {
						for i := range hs[c] {
							cells = append(cells, uint(c*(s.H+1)+i))
							mask |= 1 << uint(c*(s.H+1)+i)
						}
					}
					canon := true
					for i := range s.W / 2 {
						if hs[i] != hs[s.W-1-i] {
							canon = hs[i] < hs[s.W-1-i]
							break
						}
					}
					for set := uint64(0); set < 1<<uint(n); set++ {
						if bits.OnesCount64(set) != (n+1)/2 {
							continue
						}
						var first uint64
						for i, cell := range cells {
							if set>>uint(i)&1 != 0 {
								first |= 1 << cell
							}
						}
						cur := first
						if n&1 == 1 {
							cur ^= mask
						}
						b := Board{Current: cur, Mask: mask}
						r, m := g.TierRank(b), s.Mirror(b)
						if r < 0 || r >= g.TierSize(tier) || g.TierRank(m) != r {
							t.Fatalf("%s %v: rank %d of %d, mirror image's %d", s, b, r, g.TierSize(tier), g.TierRank(m))
						}
						back, ok := g.ranker().unrank(n, r)
						want := map[bool]Board{true: b, false: m}[canon]
						if palindrome(s, b) {
							// The pair's lesser colour rank.
							if _, cb := g.ranker().sums(b, n); cb > r%g.ranker().c(n, (n+1)/2) {
								want = m
							}
						}
						if !ok || back != want {
							t.Fatalf("%s %v (heights %v): unrank(%d) = %v, want %v", s, b, hs[:s.W], r, back, want)
						}
						boards[r]++
					}
					return
				}
				for v := 0; v <= s.H && v <= left; v++ {
					hs[col] = v
					each(col+1, left-v)
				}
			}
			each(0, n)
			for r, k := range boards {
				if k == 0 {
					// Only the greater colour rank of a palindromic
					// vector's pair is unused.
					b, _ := g.ranker().unrank(n, int64(r))
					if !palindrome(s, b) || g.TierRank(b) >= int64(r) {
						t.Fatalf("%s tier %d: rank %d unused, its board %v ranks %d", s, tier, r, b, g.TierRank(b))
					}
					if _, ok := g.TierUnrank(tier, int64(r)); ok {
						t.Fatalf("%s tier %d: unused rank %d unranks", s, tier, r)
					}
					continue
				}
				orbit, end := g.TierOrbit(tier, int64(r))
				if k != orbit || end <= int64(r) {
					t.Fatalf("%s tier %d rank %d: %d boards, TierOrbit %d (to %d)", s, tier, r, k, orbit, end)
				}
				if next, _ := g.TierOrbit(tier, end-1); next != orbit {
					t.Fatalf("%s tier %d: ranks %d and %d differ in orbit size", s, tier, r, end-1)
				}
			}
		}
	}
}
