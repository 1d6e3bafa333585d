package foxgeese

import (
	"context"
	"math/bits"
	"math/rand"
	"os"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/cgt/stopper"
)

// allPositions lists every position of b with up to maxGeese geese: the
// fox on any dark square, the geese on any other dark squares. The set
// is closed under moves (no move changes the number of geese).
func allPositions(b Board, maxGeese int) []Pos {
	var dark []int
	for i := 0; i < b.W*b.H; i++ {
		if b.Dark(i) {
			dark = append(dark, i)
		}
	}
	var out []Pos
	for set := uint64(0); set < 1<<len(dark); set++ {
		if bits.OnesCount64(set) > maxGeese {
			continue
		}
		var geese uint64
		for k, sq := range dark {
			if set&(1<<k) != 0 {
				geese |= 1 << sq
			}
		}
		for _, sq := range dark {
			if geese&(1<<sq) == 0 {
				out = append(out, Pos{Geese: geese, Fox: int8(sq)})
			}
		}
	}
	return out
}

// plainMoves are the moves of p by the rules read afresh from the board,
// square by square, apart from the package's move generators.
func plainMoves(b Board, p Pos) (left, right []Pos) {
	at := func(r, c int) int {
		if r < 0 || r >= b.H || c < 0 || c >= b.W {
			return -1
		}
		return r*b.W + c
	}
	for sq := 0; sq < b.W*b.H; sq++ {
		r, c := sq/b.W, sq%b.W
		if p.Geese&(1<<sq) != 0 {
			for _, dc := range []int{-1, 1} { // a goose: down only
				t := at(r+1, c+dc)
				if t >= 0 && t != int(p.Fox) && p.Geese&(1<<t) == 0 {
					left = append(left, Pos{Geese: p.Geese&^(1<<sq) | 1<<t, Fox: p.Fox})
				}
			}
		}
		if sq == int(p.Fox) {
			for _, dr := range []int{-1, 1} {
				for _, dc := range []int{-1, 1} {
					t := at(r+dr, c+dc)
					if t >= 0 && p.Geese&(1<<t) == 0 {
						right = append(right, Pos{Geese: p.Geese, Fox: int8(t)})
					}
				}
			}
		}
	}
	return left, right
}

// plainOutcomes plays every position of ps (closed under moves) out by
// iterating "the player to move wins" to a fixed point: Left moving
// first wins if some Left move reaches a position Left wins with Right
// to move, and Left wins with Right to move if every Right move (none
// included) reaches one Left wins with Left to move; the same for Right;
// the rest are draws. It shares nothing with stopper.Results.
func plainOutcomes(b Board, ps []Pos) map[Pos][2]stopper.Result {
	type moves struct{ l, r []Pos }
	mv := map[Pos]moves{}
	for _, p := range ps {
		l, r := plainMoves(b, p)
		mv[p] = moves{l, r}
	}
	lwL, lwR, rwL, rwR := map[Pos]bool{}, map[Pos]bool{}, map[Pos]bool{}, map[Pos]bool{}
	anyIn := func(qs []Pos, m map[Pos]bool) bool {
		for _, q := range qs {
			if m[q] {
				return true
			}
		}
		return false
	}
	every := func(qs []Pos, m map[Pos]bool) bool {
		for _, q := range qs {
			if !m[q] {
				return false
			}
		}
		return true
	}
	for changed := true; changed; {
		changed = false
		for _, p := range ps {
			set := func(m map[Pos]bool, ok bool) {
				if ok && !m[p] {
					m[p], changed = true, true
				}
			}
			set(lwL, anyIn(mv[p].l, lwR))
			set(lwR, every(mv[p].r, lwL))
			set(rwR, anyIn(mv[p].r, rwL))
			set(rwL, every(mv[p].l, rwR))
		}
	}
	res := func(l, r bool) stopper.Result {
		switch {
		case l:
			return stopper.LeftWins
		case r:
			return stopper.RightWins
		}
		return stopper.Draw
	}
	out := map[Pos][2]stopper.Result{}
	for _, p := range ps {
		out[p] = [2]stopper.Result{res(lwL[p], rwL[p]), res(lwR[p], rwR[p])}
	}
	return out
}

// Every position of small boards: the outcome with draws that the value
// gives (stopper.FirstResults) and the one 'grundy solve' reports (every
// position of the boards of -short, a sample of the larger) equal the
// plain play-out's, and on the smallest boards the value
// found layer by layer equals the simplest form of the whole game graph
// (stopper.FromGraph), compared as values (stopper.ValueEqual).
func TestEveryPositionOfSmallBoards(t *testing.T) {
	ctx := context.Background()
	type board struct {
		w, h, geese int
		whole       int // positions whose value is also found from the whole graph (-1 all)
		solved      int // positions also solved one by one ('grundy solve'; -1 all)
	}
	boards := []board{{4, 4, 4, -1, -1}, {3, 4, 3, -1, -1}, {5, 3, 3, -1, -1}, {6, 6, 2, 40, -1}}
	if !testing.Short() {
		boards = append(boards, board{6, 6, 3, 10, 300}, board{5, 6, 3, 10, 300})
	}
	rng := rand.New(rand.NewSource(36))
	for _, bd := range boards {
		b, err := New(bd.w, bd.h)
		if err != nil {
			t.Fatal(err)
		}
		ps := allPositions(b, bd.geese)
		plain := plainOutcomes(b, ps)
		vr := NewValuer(b, 1<<30, nil)
		in := instance{b}
		draws, whole, solved := 0, 0, 0
		for k, p := range ps {
			want := plain[p]
			if want[0] == stopper.Draw || want[1] == stopper.Draw {
				draws++
			}
			// Every position's value, and a random sample of bd.solved
			// positions solved one by one (each builds its own graph).
			if bd.solved < 0 || rng.Intn(len(ps)-k) < bd.solved-solved {
				solved++
				r, err := in.Solve(ctx, []string{b.String(p)}, catalog.Options{})
				if err != nil {
					t.Fatalf("%s %s: %v", b.Spec(), b.String(p), err)
				}
				if r.Outcome != stopper.OutcomeName(want[0], want[1]) {
					t.Fatalf("%s %s: solve %s, played out %v/%v", b.Spec(), b.String(p), r.Outcome, want[0], want[1])
				}
			}
			v, err := vr.Value(p)
			if err != nil {
				t.Fatal(err)
			}
			lf, rf, err := stopper.FirstResults(v, nil)
			if err != nil {
				t.Fatal(err)
			}
			if lf != want[0] || rf != want[1] {
				s, _ := stopper.String(v, nil)
				t.Fatalf("%s %s: value %s gives %v/%v, played out %v/%v", b.Spec(), b.String(p), s, lf, rf, want[0], want[1])
			}
			if bd.whole >= 0 && rng.Intn(len(ps)-k) >= bd.whole-whole {
				continue
			}
			whole++
			g, _, err := b.Graph(ctx, p, 1<<20, nil)
			if err != nil {
				t.Fatal(err)
			}
			w, err := stopper.FromGraph(g, &stopper.Limits{MaxVertices: 1 << 20})
			if err != nil {
				t.Fatal(err)
			}
			if eq, err := stopper.ValueEqual(v, w, &stopper.Limits{MaxVertices: 1 << 20}); err != nil || !eq {
				s1, _ := stopper.String(v, nil)
				s2, _ := stopper.String(w, nil)
				t.Fatalf("%s %s: layer by layer %s, whole graph %s (%v)", b.Spec(), b.String(p), s1, s2, err)
			}
		}
		t.Logf("%s, up to %d geese: %d positions (%d with a draw), %d solved one by one, %d values from the whole graph, %d distinct values",
			b.Spec(), bd.geese, len(ps), draws, solved, whole, vr.Distinct())
	}
}

// cgsuite writes a position of 8×8 from CGSuite's coordinates: (row,
// column) from the bottom left, both from 1.
func cgsuite(geese [][2]int, fox [2]int) string {
	rows := make([][]byte, 8)
	for r := range rows {
		rows[r] = []byte("........")
	}
	for _, g := range geese {
		rows[8-g[0]][g[1]-1] = 'x'
	}
	rows[8-fox[0]][fox[1]-1] = 'o'
	var s []string
	for _, r := range rows {
		s = append(s, string(r))
	}
	return strings.Join(s, "|")
}

// Published values: CGSuite's own tests of game.grid.FoxAndGeese
// (lib/core/src/test/scala/org/cgsuite/lang/GameGridTest.scala: the
// value of geese (4,2),(4,4),(4,6),(4,8) and the fox at (1,1), and
// FoxAndGeese.ValuesTable of the geese at (3,1),(3,3),(3,5),(3,7)).
// CGSuite's board has no top edge; with every goose at least two rows
// below the top of 8×8 the fox that gets above them can never be
// trapped, there as here, so the values are the same. CGSuite writes
// {4|3||2}, which is {{4|3}|2}.
func TestCGSuiteValues(t *testing.T) {
	row3 := [][2]int{{3, 1}, {3, 3}, {3, 5}, {3, 7}}
	cases := []struct {
		geese [][2]int
		fox   [2]int
		want  string
	}{
		{[][2]int{{4, 2}, {4, 4}, {4, 6}, {4, 8}}, [2]int{1, 1}, "{4*|7/2}"},
		{row3, [2]int{2, 2}, "2over"},
		{row3, [2]int{2, 4}, "2"},
		{row3, [2]int{2, 6}, "3*"},
		{row3, [2]int{2, 8}, "4over"},
		{row3, [2]int{1, 1}, "{6|2over}"},
		{row3, [2]int{1, 3}, "{2over|2}"},
		{row3, [2]int{1, 5}, "{4|3||2}"},
		{row3, [2]int{1, 7}, "{4over|3*}"},
	}
	b, _ := New(8, 8)
	vr := NewValuer(b, MaxValuePositions, nil)
	for _, c := range cases {
		pos := cgsuite(c.geese, c.fox)
		p, err := b.Parse([]string{pos})
		if err != nil {
			t.Fatal(err)
		}
		v, err := vr.Value(p)
		if err != nil {
			t.Fatal(err)
		}
		want, err := stopper.Parse(c.want, nil)
		if err != nil {
			t.Fatal(err)
		}
		if eq, err := stopper.ValueEqual(v, want.Left, nil); err != nil || !eq {
			s, _ := stopper.String(v, nil)
			t.Errorf("%s: %s, CGSuite gives %s (%v)", pos, s, c.want, err)
		}
	}
}

// The start of the standard board: 2 + over (Winning Ways, 2nd ed., vol.
// 3, ch. 20, after Jonathan Welton; 1 + over was the first edition's
// value, for a board without a top edge). It values about a million
// positions, CPU-minutes: FOXGEESE_START=1 runs it.
func TestStartValue(t *testing.T) {
	if os.Getenv("FOXGEESE_START") == "" {
		t.Skip("FOXGEESE_START=1 values the start of 8×8 (minutes)")
	}
	b, _ := New(8, 8)
	v, err := NewValuer(b, MaxValuePositions, nil).Value(b.Start())
	if err != nil {
		t.Fatal(err)
	}
	want, _ := stopper.Parse("2over", nil)
	if eq, _ := stopper.ValueEqual(v, want.Left, nil); !eq {
		s, _ := stopper.String(v, nil)
		t.Errorf("start of 8×8: %s, Winning Ways gives 2over", s)
	}
}

func TestParse(t *testing.T) {
	b, _ := New(8, 8)
	if got := b.String(b.Start()); got != ".x.x.x.x|........|........|........|........|........|........|....o..." {
		t.Errorf("start: %s", got)
	}
	for _, tok := range []string{"", "start", ".x.x.x.x|........|........|........|........|........|........|....o..."} {
		p, err := b.Parse([]string{tok})
		if err != nil || p != b.Start() {
			t.Errorf("%q: %v %v", tok, b.String(p), err)
		}
	}
	for _, c := range []struct{ in, want string }{
		{"x.x.x.x.|........|........|........|........|........|........|....o...", "row 1, column 1 (from the top left) is a light square"},
		{".x.x.x.x|........|........|........|........|........|........|........", "no fox"},
		{".x.x.x.x|........|........|........|........|........|.o......|....o...", "a second fox at row 8, column 5"},
		{".x.x|....|....|..o.", "4 columns and 4 rows, the board of fox-and-geese has 8 and 8"},
		{".x.x.x.x|........|........|........|........|........|........|....q...", "row 8, column 5 is 'q'"},
	} {
		_, err := b.Parse([]string{c.in})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.in, err, c.want)
		}
	}
	for _, spec := range []string{"1x8", "9x8", "8", "axb"} {
		if _, err := ParseSpec(spec); err == nil {
			t.Errorf("spec %s accepted", spec)
		}
	}
}

// The moves of the start: Left moves one of four geese down (seven
// moves: the goose in the corner has one), Right the fox up (two).
func TestMoves(t *testing.T) {
	b, _ := New(8, 8)
	l, r := plainMoves(b, b.Start())
	var gl, gr []Pos
	for q := range b.LeftMoves(b.Start()) {
		gl = append(gl, q)
	}
	for q := range b.RightMoves(b.Start()) {
		gr = append(gr, q)
	}
	if len(gl) != 7 || len(gr) != 2 || len(l) != 7 || len(r) != 2 {
		t.Errorf("start: %d and %d moves, plainly %d and %d", len(gl), len(gr), len(l), len(r))
	}
}

// A position beyond --max-states stops with the budget's error.
func TestBudget(t *testing.T) {
	in := instance{Board{8, 8}}
	_, _, err := in.LoopyValue(context.Background(), nil, catalog.Options{MaxStates: 1000})
	if err == nil || !strings.Contains(err.Error(), "1000") {
		t.Errorf("value with 1000 states: %v", err)
	}
	_, err = in.Solve(context.Background(), nil, catalog.Options{MaxStates: 1000})
	if err == nil || !strings.Contains(err.Error(), "1000") {
		t.Errorf("solve with 1000 states: %v", err)
	}
}
