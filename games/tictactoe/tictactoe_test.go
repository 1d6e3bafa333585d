package tictactoe

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/outcome"
	"github.com/grundy-go/grundy/retro"
)

// board is the witnesses' plain board: 9 bytes 'X', 'O', '.'.
type board [9]byte

func (b board) line(m byte) bool {
	for _, l := range [][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}} {
		if b[l[0]] == m && b[l[1]] == m && b[l[2]] == m {
			return true
		}
	}
	return false
}

func (b board) children() []board {
	if b.line('X') || b.line('O') {
		return nil
	}
	nx, no := 0, 0
	for _, c := range b {
		nx += int(b2i(c == 'X'))
		no += int(b2i(c == 'O'))
	}
	mover := byte('X')
	if nx > no {
		mover = 'O'
	}
	var out []board
	for i, c := range b {
		if c == '.' {
			q := b
			q[i] = mover
			out = append(out, q)
		}
	}
	return out
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

type value struct {
	o   outcome.Outcome
	rem int // -1 for a draw
}

// minimax: the winner hurries, the loser delays.
func minimax(b board, memo map[board]value) value {
	if v, ok := memo[b]; ok {
		return v
	}
	kids := b.children()
	var v value
	switch {
	case len(kids) == 0 && (b.line('X') || b.line('O')):
		v = value{outcome.P, 0}
	case len(kids) == 0:
		v = value{outcome.D, -1}
	default:
		win, lose, draw := -1, -1, false
		for _, q := range kids {
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
	memo[b] = v
	return v
}

// reachableBoards is every board reachable from the empty board, by plain
// forward search.
func reachableBoards() []board {
	start := board{'.', '.', '.', '.', '.', '.', '.', '.', '.'}
	seen := map[board]bool{start: true}
	all := []board{start}
	for i := 0; i < len(all); i++ {
		for _, q := range all[i].children() {
			if !seen[q] {
				seen[q] = true
				all = append(all, q)
			}
		}
	}
	return all
}

func mustParse(t testing.TB, s string) Pos {
	t.Helper()
	p, err := Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestPublishedCounts: 5,478 boards reachable, 2,836 N, 1,574 P and 1,068
// D, by plain search; and retro's solution of the game agrees with
// minimax on every one of them.
func TestPublishedCounts(t *testing.T) {
	all := reachableBoards()
	memo := map[board]value{}
	count := map[outcome.Outcome]int{}
	for _, b := range all {
		count[minimax(b, memo).o]++
	}
	if len(all) != 5478 || count[outcome.N] != 2836 || count[outcome.P] != 1574 || count[outcome.D] != 1068 {
		t.Errorf("%d boards: %d N, %d P, %d D; want 5478: 2836 N, 1574 P, 1068 D", len(all), count[outcome.N], count[outcome.P], count[outcome.D])
	}
	g := Game{}
	tab, err := retro.SolveGame[Pos](context.Background(), g, retro.GameOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if tab.Len() != len(all) {
		t.Errorf("Positions lists %d boards; want %d", tab.Len(), len(all))
	}
	var buf []Pos
	for _, b := range all {
		p := mustParse(t, string(b[:]))
		if g.Format(p) != string(b[:]) {
			t.Fatalf("Format(Parse(%s)) = %s", b[:], g.Format(p))
		}
		var want []Pos
		for _, q := range b.children() {
			want = append(want, mustParse(t, string(q[:])))
		}
		if buf = g.AppendMoves(buf[:0], p); !slices.Equal(buf, want) || !slices.Equal(slices.Collect(g.Moves(p)), want) {
			t.Fatalf("%s: moves %v; want %v", b[:], buf, want)
		}
		v := minimax(b, memo)
		if len(want) == 0 && g.TerminalOutcome(p) != v.o {
			t.Fatalf("%s: terminal %v; want %v", b[:], g.TerminalOutcome(p), v.o)
		}
		o, rem, ok := tab.Lookup(p)
		got := value{o, int(rem)}
		if rem == retro.NoRemoteness {
			got.rem = -1
		}
		if !ok || got != v {
			t.Fatalf("%s: retro %v; minimax %v", b[:], got, v)
		}
	}
}

// TestRanks unranks every rank of every tier, and checks the tier graph,
// Canonical and the legal ranks against the reachable boards.
func TestRanks(t *testing.T) {
	g := Game{}
	reach := map[Pos]bool{}
	for _, b := range reachableBoards() {
		reach[mustParse(t, string(b[:]))] = true
	}
	legal, reps := int64(0), 0
	for tier := range game.Tier(10) {
		for r := range g.TierSize(tier) {
			if raw, ok := g.rawUnrank(tier, r); ok && rawRank(raw) == r && g.TierOf(raw) == tier {
				legal++
			} else if ok {
				t.Fatalf("tier %d raw rank %d: %s of raw rank %d", tier, r, g.Format(raw), rawRank(raw))
			}
			p, ok := g.TierUnrank(tier, r)
			if !ok {
				continue
			}
			// One rank per orbit: the representative's, which stands
			// for its orbit's boards.
			reps++
			if n, end := g.TierOrbit(tier, r); end != r+1 || n != int64(len(orbit(p))) {
				t.Fatalf("tier %d rank %d: %s stands for %d boards, its orbit holds %d", tier, r, g.Format(p), n, len(orbit(p)))
			}
			if g.Canonical(p) != p || g.TierOf(p) != tier || g.TierRank(p) != r {
				t.Fatalf("tier %d rank %d: %s of tier %d rank %d", tier, r, g.Format(p), g.TierOf(p), g.TierRank(p))
			}
			if !reach[p] {
				t.Errorf("tier %d rank %d: %s is not reachable", tier, r, g.Format(p))
			}
		}
		if _, ok := g.TierUnrank(tier, g.TierSize(tier)); ok {
			t.Errorf("tier %d: the rank past its size unranks", tier)
		}
	}
	// Every legal board (counts right, the player to move without a
	// line) is reachable on this board, and they fall into 765 orbits
	// (Wikipedia, "Tic-tac-toe", Combinatorics: 765 essentially different
	// positions up to rotation and reflection), one rank each.
	orbits := map[Pos]bool{}
	for p := range reach {
		orbits[g.Canonical(p)] = true
	}
	if legal != int64(len(reach)) || reps != len(orbits) || reps != 765 {
		t.Errorf("%d legal raw ranks, %d representatives; want the %d reachable boards in %d orbits", legal, reps, len(reach), len(orbits))
	}
	for p := range reach {
		tier := g.TierOf(p)
		children := g.TierChildren(tier)
		for q := range g.Moves(p) {
			if qt := g.TierOf(q); qt == tier || !slices.Contains(children, qt) || g.TierLoopy(tier) {
				t.Fatalf("%s: a move to tier %d from tier %d (children %v)", g.Format(p), qt, tier, children)
			}
		}
		c := g.Canonical(p)
		for s := range 8 {
			if g.Canonical(Image(p, s)) != c || !reach[Image(p, s)] {
				t.Fatalf("%s: Canonical of its image %d differs", g.Format(p), s)
			}
		}
	}
}

// orbit is the set of p's images under the square's symmetries.
func orbit(p Pos) map[Pos]bool {
	m := map[Pos]bool{}
	for s := range 8 {
		m[Image(p, s)] = true
	}
	return m
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct {
		in  string
		off int
	}{
		{"X...O...", -1},
		{"X...O.....", 9},
		{"X..?O....", 3},
		{"X..éO....", 3},
		{"XX.......", -1}, // X two ahead
		{"O........", -1}, // O first
		{"XXXOOO...", -1}, // both lines
		{"XXXOO.O..", -1}, // X's line but X to move
		{"OOOXX.X.X", -1}, // O's line but O to move
		{"", -1},
	} {
		_, err := Parse(c.in)
		var bad *budget.BadInput
		if !errors.As(err, &bad) || bad.Offset != c.off {
			t.Errorf("%q: %v; want a bad input at offset %d", c.in, err, c.off)
		}
	}
	for _, ok := range []string{"X...O....", "xo./.../...", "XXXOO....", "XOX|XOO|OX.", "--- --- ---"} {
		if _, err := Parse(ok); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
}

func TestSolve(t *testing.T) {
	inst, err := catalog.Lookup("tictactoe")
	if err != nil {
		t.Fatal(err)
	}
	r, err := inst.Solve(context.Background(), []string{"XX.OO...."}, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Outcome != "N" || r.Remoteness == nil || *r.Remoteness != 1 || !slices.Equal(r.WinningMoves, []string{"XXXOO...."}) {
		t.Errorf("XX.OO....: %s %v %v", r.Outcome, r.Remoteness, r.WinningMoves)
	}
	r, err = inst.Solve(context.Background(), nil, catalog.Options{})
	if err != nil || r.Outcome != "D" || r.Remoteness != nil || r.Position != "........." {
		t.Errorf("empty board: %+v, %v", r, err)
	}
	if _, err := inst.Solve(context.Background(), nil, catalog.Options{MaxStates: 10}); !errors.Is(err, budget.ErrExceeded) {
		t.Errorf("a cap of 10 boards: %v", err)
	}
	x, ok := catalog.AsExplorer(inst)
	if !ok {
		t.Fatal("no explorer")
	}
	e, err := x.Explore(context.Background(), []string{"X...O...."}, catalog.Options{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if e.Board.Kind != catalog.BoardGrid || len(e.Moves) != 7 || e.MovesTotal != 7 {
		t.Errorf("explore X...O....: board %+v, %d moves of %d", e.Board, len(e.Moves), e.MovesTotal)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"X...O....", "XXXOOO...", "xo./.../...", "X..é", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Parse(s)
		if err != nil {
			var bad *budget.BadInput
			if !errors.As(err, &bad) || bad.Offset >= len(s) {
				t.Fatalf("%q: %v", s, err)
			}
			return
		}
		g := Game{}
		if q, err := Parse(g.Format(p)); err != nil || q != p {
			t.Fatalf("%q: Format %s parses to %v, %v", s, g.Format(p), q, err)
		}
		// A rank stands for an orbit of the square's symmetries: it
		// unranks to the orbit's representative.
		if back, ok := g.TierUnrank(g.TierOf(p), g.TierRank(p)); !ok || back != g.Canonical(p) {
			t.Fatalf("%q: unrank(rank) = %v, %v; want the representative %v", s, back, ok, g.Canonical(p))
		}
	})
}

// The game-tree search (--method search) gives the same report as
// retrograde analysis, in the same words, on every board reachable from
// the empty one.
func TestSearchEqualsRetro(t *testing.T) {
	inst, err := catalog.Lookup("tictactoe")
	if err != nil {
		t.Fatal(err)
	}
	summary := func(r *catalog.Report) string {
		rem := "-"
		if r.Remoteness != nil {
			rem = strconv.Itoa(*r.Remoteness)
		}
		return r.Outcome + " " + rem + " " + strings.Join(r.WinningMoves, ",")
	}
	n := 0
	for p := range (Game{}).From(0) {
		pos := []string{Game{}.Format(p)}
		byRetro, err := inst.Solve(context.Background(), pos, catalog.Options{})
		if err != nil {
			t.Fatal(err)
		}
		bySearch, err := inst.Solve(context.Background(), pos, catalog.Options{Method: catalog.Search, TTSize: 1 << 12})
		if err != nil {
			t.Fatal(err)
		}
		if a, b := summary(byRetro), summary(bySearch); a != b {
			t.Errorf("%s: retrograde analysis %s, search %s", pos[0], a, b)
		}
		n++
	}
	if n != 5478 {
		t.Errorf("%d boards compared, want 5,478", n)
	}
}
