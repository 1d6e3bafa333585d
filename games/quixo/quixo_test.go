package quixo

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/outcome"
	"github.com/grundy-go/grundy/retro"
)

func mustGame(t testing.TB, n int) *Game {
	t.Helper()
	g, err := New(n)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// plain is the witnesses' board: cells row by row, 'X', 'O', '.', and
// the player to move.
type plain struct {
	n     int
	cells []byte
	turn  byte
}

func toPlain(g *Game, p Pos) plain {
	b := []byte(g.Board(p))
	turn := byte('X')
	if p.OToMove() {
		turn = 'O'
	}
	return plain{g.n, b, turn}
}

func (b plain) pos(g *Game) Pos {
	t := "X"
	if b.turn == 'O' {
		t = "O"
	}
	p, err := g.Parse(string(b.cells) + ":" + t)
	if err != nil {
		panic(err)
	}
	return p
}

func (b plain) line(m byte) bool {
	n := b.n
	at := func(r, c int) byte { return b.cells[r*n+c] }
	d1, d2 := true, true
	for i := range n {
		row, col := true, true
		for j := range n {
			row = row && at(i, j) == m
			col = col && at(j, i) == m
		}
		if row || col {
			return true
		}
		d1 = d1 && at(i, i) == m
		d2 = d2 && at(i, n-1-i) == m
	}
	return d1 || d2
}

// moves plays the rules as written: take a border cube that is not the
// opponent's, and push it in at each end of its row and column other
// than its own cell, shifting the cubes between one by one.
func (b plain) moves() []plain {
	if b.line('X') || b.line('O') {
		return nil
	}
	n := b.n
	opp := byte('O')
	if b.turn == 'O' {
		opp = 'X'
	}
	var out []plain
	for r := range n {
		for c := range n {
			if (r != 0 && r != n-1 && c != 0 && c != n-1) || b.cells[r*n+c] == opp {
				continue
			}
			for _, end := range [][2]int{{r, 0}, {r, n - 1}, {0, c}, {n - 1, c}} {
				if end == [2]int{r, c} {
					continue
				}
				q := plain{n, slices.Clone(b.cells), opp}
				// Walk from the hole to the end, pulling each cube one step.
				dr, dc := sign(end[0]-r), sign(end[1]-c)
				i, j := r, c
				for [2]int{i, j} != end {
					q.cells[i*n+j] = q.cells[(i+dr)*n+j+dc]
					i, j = i+dr, j+dc
				}
				q.cells[end[0]*n+end[1]] = b.turn
				out = append(out, q)
			}
		}
	}
	return out
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

// randomPos is a random board with random counts and turn.
func randomPos(g *Game, rng *rand.Rand) Pos {
	var x, o uint64
	for i := range g.n * g.n {
		switch rng.IntN(3) {
		case 0:
			x |= 1 << i
		case 1:
			o |= 1 << i
		}
	}
	return pos(x, o, rng.IntN(2) == 1)
}

// TestRulesPlain checks moves and ends against the plain rules on random
// positions of every size, and on every position of quixo:3 reachable.
func TestRulesPlain(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	check := func(g *Game, p Pos) {
		b := toPlain(g, p)
		var want []Pos
		for _, q := range b.moves() {
			want = append(want, q.pos(g))
		}
		got := g.AppendMoves(nil, p)
		if !slices.Equal(slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(want))) {
			t.Fatalf("%s %s: moves %d; the plain rules give %d", g.Spec(), g.Format(p), len(got), len(want))
		}
		if !slices.Equal(slices.Collect(g.Moves(p)), got) {
			t.Fatalf("%s %s: Moves differs from AppendMoves", g.Spec(), g.Format(p))
		}
		if len(want) == 0 {
			o := outcome.P
			if b.line(b.turn) {
				o = outcome.N
			}
			if g.TerminalOutcome(p) != o {
				t.Fatalf("%s %s: terminal %v; want %v", g.Spec(), g.Format(p), g.TerminalOutcome(p), o)
			}
		}
	}
	for n := 3; n <= 5; n++ {
		g := mustGame(t, n)
		for range 3000 {
			check(g, randomPos(g, rng))
		}
		// Sparse boards have moves more often.
		for range 1000 {
			p := randomPos(g, rng)
			check(g, pos(p.X()&rng.Uint64(), p.O()&rng.Uint64(), p.OToMove()))
		}
	}
	g := mustGame(t, 3)
	for p := range g.Positions() {
		check(g, p)
	}
}

type value struct {
	o   outcome.Outcome
	rem int // -1 when none
}

// levels solves a game graph by plain value iteration over remoteness:
// at level k, a position is lost when every move leads to a position won
// at a level below k, and won when a move leads to a position lost at
// level k-1 (its quickest win). What is never labelled is a draw.
func levels(g *Game, all []Pos) map[Pos]value {
	val := map[Pos]value{}
	for _, p := range all {
		if g.Over(p) {
			val[p] = value{g.TerminalOutcome(p), 0}
		}
	}
	for k := 1; ; k++ {
		var found []Pos
		var vals []value
		for _, p := range all {
			if _, ok := val[p]; ok {
				continue
			}
			allWon, win := true, false
			for q := range g.Moves(p) {
				v, ok := val[q]
				switch {
				case ok && v.o == outcome.P && v.rem == k-1:
					win = true
				case !ok || v.o != outcome.N:
					allWon = false
				}
			}
			switch {
			case win:
				found, vals = append(found, p), append(vals, value{outcome.N, k})
			case allWon:
				found, vals = append(found, p), append(vals, value{outcome.P, k})
			}
		}
		if len(found) == 0 {
			break
		}
		for i, p := range found {
			val[p] = vals[i]
		}
	}
	for _, p := range all {
		if _, ok := val[p]; !ok {
			val[p] = value{outcome.D, -1}
		}
	}
	return val
}

// TestSolve3 solves quixo:3 whole with retro and checks it against the
// plain value iteration, and the catalog's answers from a sample of
// positions (each solved from its own reachable part) against both.
func TestSolve3(t *testing.T) {
	g := mustGame(t, 3)
	all := slices.Collect(g.Positions())
	tab, err := retro.SolveGame[Pos](context.Background(), g, retro.GameOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := levels(g, all)
	count := map[outcome.Outcome]int{}
	for _, p := range all {
		o, rem, _ := tab.Lookup(p)
		got := value{o, int(rem)}
		if rem == retro.NoRemoteness {
			got.rem = -1
		}
		if got != want[p] {
			t.Fatalf("%s: retro %v; value iteration %v", g.Format(p), got, want[p])
		}
		count[o]++
	}
	t.Logf("quixo:3: %d positions reachable: %d N, %d P, %d D; the start is %v", len(all), count[outcome.N], count[outcome.P], count[outcome.D], want[0])
	inst, err := catalog.Lookup("quixo:3")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for range 40 {
		p := all[rng.IntN(len(all))]
		r, err := inst.Solve(context.Background(), []string{g.Format(p)}, catalog.Options{})
		if err != nil {
			t.Fatal(err)
		}
		w := want[p]
		if r.Outcome != w.o.String() || (r.Remoteness == nil) != (w.rem < 0) || r.Remoteness != nil && *r.Remoteness != w.rem {
			t.Fatalf("solve %s: %s %v; want %v", g.Format(p), r.Outcome, r.Remoteness, w)
		}
		for _, m := range r.WinningMoves {
			q, err := g.Parse(m)
			if err != nil || want[q].o != outcome.P {
				t.Fatalf("solve %s: winning move %s leaves %v (%v)", g.Format(p), m, want[q], err)
			}
		}
	}
}

// TestRanks unranks every rank of quixo:3 and ranks random positions of
// the larger boards back; every move of every position checked goes to
// its tier or a child tier, and stays only in loopy tiers.
func TestRanks(t *testing.T) {
	g := mustGame(t, 3)
	total := int64(0)
	for x := 0; x <= 9; x++ {
		for o := 0; x+o <= 9; o++ {
			tier := MakeTier(x, o)
			size := g.TierSize(tier)
			total += size
			// Every raw rank names a position; the ranks of the orbits'
			// representatives unrank, and their orbits' sizes add up to
			// the tier's positions.
			var covered int64
			for r := range size {
				raw, _ := g.rawUnrank(tier, r)
				p, ok := g.TierUnrank(tier, r)
				if g.TierOf(raw) != tier || g.rawRank(raw) != r || ok != (g.Canonical(raw) == raw) || ok && p != raw {
					t.Fatalf("tier %s rank %d: %s, unranked %s (%v)", g.TierName(tier), r, g.Format(raw), g.Format(p), ok)
				}
				if back, ok := g.TierUnrank(tier, g.TierRank(raw)); !ok || back != g.Canonical(raw) {
					t.Fatalf("tier %s rank %d: %s's rank unranks to %s", g.TierName(tier), r, g.Format(raw), g.Format(back))
				}
				if ok {
					n, end := g.TierOrbit(tier, r)
					if end != r+1 || 8%n != 0 {
						t.Fatalf("tier %s rank %d: orbit %d, %d", g.TierName(tier), r, n, end)
					}
					covered += n
				}
			}
			if covered != size {
				t.Fatalf("tier %s: orbits of %d positions, %d ranks", g.TierName(tier), covered, size)
			}
			if _, ok := g.TierUnrank(tier, size); ok {
				t.Fatalf("tier %s: the rank past its size unranks", g.TierName(tier))
			}
		}
	}
	if total != 2*19683 {
		t.Errorf("quixo:3 has %d ranks; want 2*3^9", total)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	checkTier := func(g *Game, p Pos) {
		tier := g.TierOf(p)
		r := g.TierRank(p)
		if back, ok := g.TierUnrank(tier, r); r < 0 || r >= g.TierSize(tier) || !ok || back != g.Canonical(p) {
			t.Fatalf("%s %s: rank %d of %d unranks to %s", g.Spec(), g.Format(p), r, g.TierSize(tier), g.Format(back))
		}
		children := g.TierChildren(tier)
		for q := range g.Moves(p) {
			qt := g.TierOf(q)
			if qt == tier && !g.TierLoopy(tier) || qt != tier && !slices.Contains(children, qt) {
				t.Fatalf("%s %s: a move to %s from %s (children %v)", g.Spec(), g.Format(p), g.TierName(qt), g.TierName(tier), children)
			}
		}
		c := g.Canonical(p)
		for s := range 8 {
			img := g.Image(p, s)
			if g.Canonical(img) != c || g.TierOf(img) != tier {
				t.Fatalf("%s %s: the canonical form of image %d differs", g.Spec(), g.Format(p), s)
			}
		}
	}
	for p := range g.Positions() {
		checkTier(g, p)
	}
	for n := 4; n <= 5; n++ {
		g := mustGame(t, n)
		for range 5000 {
			checkTier(g, randomPos(g, rng))
		}
	}
	if g4 := mustGame(t, 4); func() (s int64) {
		for x := 0; x <= 16; x++ {
			for o := 0; x+o <= 16; o++ {
				s += g4.TierSize(MakeTier(x, o))
			}
		}
		return
	}() != 86093442 {
		t.Errorf("quixo:4: the tiers' sizes do not add up to 2*3^16")
	}
}

// TestSymmetry: the moves of an image are the images of the moves.
func TestSymmetry(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for n := 3; n <= 5; n++ {
		g := mustGame(t, n)
		for range 500 {
			p := randomPos(g, rng)
			p = pos(p.X()&rng.Uint64(), p.O()&rng.Uint64(), p.OToMove())
			for s := range 8 {
				var imgs []Pos
				for q := range g.Moves(p) {
					imgs = append(imgs, g.Image(q, s))
				}
				got := slices.Collect(g.Moves(g.Image(p, s)))
				if !slices.Equal(slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(imgs))) {
					t.Fatalf("%s %s: the moves of image %d are not the images of the moves", g.Spec(), g.Format(p), s)
				}
			}
		}
	}
}

func TestParseErrors(t *testing.T) {
	g := mustGame(t, 3)
	for _, c := range []struct {
		in  string
		off int
	}{
		{"X...O...:X", -1},
		{"X...O.....:X", 9},
		{"X..?O....:X", 3},
		{"X...O....", -1},
		{"X...O....:Z", 10},
		{"X...O....:", 9}, // the ':' with nothing after it
		{"X...O....:XO", 10},
	} {
		_, err := g.Parse(c.in)
		var bad *budget.BadInput
		if !errors.As(err, &bad) || bad.Offset != c.off {
			t.Errorf("%q: %v; want a bad input at offset %d", c.in, err, c.off)
		}
	}
	for _, s := range []string{"", "X...O....:X", "x../.o./...:o", "XXXOOO...:X"} {
		p, err := g.Parse(s)
		if err != nil {
			t.Errorf("%q: %v", s, err)
			continue
		}
		if q, err := g.Parse(g.Format(p)); err != nil || q != p {
			t.Errorf("%q: Format %s reads back as %v, %v", s, g.Format(p), q, err)
		}
	}
	for _, bad := range []string{"2", "6", "4x4", "04", " 4"} {
		if _, err := catalog.Lookup("quixo:" + bad); err == nil {
			t.Errorf("quixo:%s: no error", bad)
		}
	}
}

func TestExplore(t *testing.T) {
	inst, err := catalog.Lookup("quixo:3")
	if err != nil {
		t.Fatal(err)
	}
	x, ok := catalog.AsExplorer(inst)
	if !ok {
		t.Fatal("no explorer")
	}
	e, err := x.Explore(context.Background(), []string{"XX.OO....:X"}, catalog.Options{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if e.Board.Kind != catalog.BoardGrid || len(e.Board.Rows) != 3 || e.Report.Outcome != "N" || len(e.Moves) == 0 {
		t.Errorf("explore: %+v, %+v, %d moves", e.Board, e.Report, len(e.Moves))
	}
	if _, err := inst.Solve(context.Background(), nil, catalog.Options{MaxStates: 100}); !errors.Is(err, budget.ErrExceeded) {
		t.Errorf("a cap of 100 positions: %v", err)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"X...O....:X", "", "x../.o./...:o", "X..é", ":X", "XXXOOO...:O"} {
		f.Add(s)
	}
	g := mustGame(f, 3)
	f.Fuzz(func(t *testing.T, s string) {
		p, err := g.Parse(s)
		if err != nil {
			var bad *budget.BadInput
			if !errors.As(err, &bad) || bad.Offset >= len(s) {
				t.Fatalf("%q: %v", s, err)
			}
			return
		}
		if q, err := g.Parse(g.Format(p)); err != nil || q != p {
			t.Fatalf("%q: Format reads back as %v, %v", s, q, err)
		}
		// A rank stands for an orbit of the square's symmetries: it
		// unranks to the orbit's representative.
		if back, ok := g.TierUnrank(g.TierOf(p), g.TierRank(p)); !ok || back != g.Canonical(p) {
			t.Fatalf("%q: unrank(rank) = %v, want the representative %v", s, back, g.Canonical(p))
		}
	})
}
