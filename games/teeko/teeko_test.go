package teeko

import (
	"context"
	"errors"
	"math/bits"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/outcome"
	"github.com/grundy-go/grundy/retro"
	"github.com/grundy-go/grundy/tier"
)

// TestGoals: Scarne's 44 goals, 58 in Advanced Teeko.
func TestGoals(t *testing.T) {
	if n := New(false).Goals(); n != 44 {
		t.Errorf("Teeko has %d goals; Scarne counts 44", n)
	}
	if n := New(true).Goals(); n != 58 {
		t.Errorf("Advanced Teeko has %d goals; Scarne counts 58", n)
	}
	for _, adv := range []bool{false, true} {
		g := New(adv)
		r := plainRules{5, 4, adv}
		// Every set of four cells is a goal exactly when the plain rules
		// say so.
		for s := uint32(0); s < 1<<25; s = nextSet(s) {
			if bits.OnesCount32(s) != 4 {
				s = 0xf
			}
			var p plainPos
			for c := s; c != 0; c &= c - 1 {
				p.cells[bits.TrailingZeros32(c)] = 'b'
			}
			if g.Won(s) != r.won(p, 'b') {
				t.Fatalf("advanced %v: %s: Won %v", adv, g.Board(pos(s, 0, false)), g.Won(s))
			}
			if s == 0xf<<21 {
				break
			}
		}
	}
}

// nextSet is the next set of as many cells in colex order (Gosper's hack).
func nextSet(s uint32) uint32 {
	c := s & -s
	r := s + c
	return (((r ^ s) >> 2) / c) | r
}

// TestNoStalemate: on the 5×5 board, any four cells have more than four
// other cells next to them, so the opponent's four pieces cannot block
// every step: the player to move always has a move unless the game is
// over (TerminalOutcome's claim).
func TestNoStalemate(t *testing.T) {
	g := New(false)
	n := 0
	for s := uint32(0xf); s <= 0xf<<21; s = nextSet(s) {
		var around uint32
		for c := s; c != 0; c &= c - 1 {
			around |= g.adj[bits.TrailingZeros32(c)]
		}
		if k := bits.OnesCount32(around &^ s); k <= 4 {
			t.Fatalf("%s: only %d cells next to it", g.Board(pos(s, 0, false)), k)
		}
		n++
		if s == 0xf<<21 {
			break
		}
	}
	if n != 12650 {
		t.Fatalf("%d sets of four cells; C(25, 4) = 12,650", n)
	}
}

func toPlain(g *Game, p Pos) plainPos {
	var q plainPos
	for i := range g.n * g.n {
		switch {
		case p.Black()>>i&1 == 1:
			q.cells[i] = 'b'
		case p.Red()>>i&1 == 1:
			q.cells[i] = 'r'
		}
	}
	q.red = p.RedToMove()
	return q
}

// TestPlayouts plays random games of Teeko and Advanced Teeko: every
// position met is legal (it parses back from its text to itself), its
// moves are the plain rules' moves, its rank unranks to its orbit's
// representative, and the moves of its images are the images of its
// moves.
func TestPlayouts(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, adv := range []bool{false, true} {
		g := New(adv)
		r := plainRules{5, 4, adv}
		for game := range 300 {
			p := g.Start()
			for ply := 0; ply < 60; ply++ {
				text := g.Format(p)
				q, err := g.Parse(text)
				if err != nil || q != p {
					t.Fatalf("game %d ply %d: %s parses to %x, %v", game, ply, text, q, err)
				}
				tr := g.TierOf(p)
				c := g.Canonical(p)
				if u, ok := g.TierUnrank(tr, g.TierRank(p)); !ok || u != c || g.TierRank(c) != g.TierRank(p) || !inClass(g, p, c) {
					t.Fatalf("%s: rank %d unranks to %x %v; canonical %x", text, g.TierRank(p), u, ok, c)
				}
				if rr := g.TierRank(p); rr < 0 || rr >= g.TierSize(tr) {
					t.Fatalf("%s: rank %d outside tier %s of %d", text, rr, g.TierName(tr), g.TierSize(tr))
				}
				ms := slices.Collect(g.Moves(p))
				var fromPlain []string
				for _, m := range r.moves(toPlain(g, p)) {
					fromPlain = append(fromPlain, r.text(m))
				}
				var got []string
				for _, m := range ms {
					got = append(got, g.Format(m))
					if tm := g.TierOf(m); tm != tr && !slices.Contains(g.TierChildren(tr), tm) || tm == tr && !g.TierLoopy(tr) {
						t.Fatalf("%s → %s: tier %d to %d", text, g.Format(m), tr, tm)
					}
				}
				slices.Sort(got)
				slices.Sort(fromPlain)
				if !slices.Equal(got, fromPlain) {
					t.Fatalf("%s: moves %v; the plain rules %v", text, got, fromPlain)
				}
				for s := range 8 {
					var img []Pos
					for _, m := range ms {
						img = append(img, g.Image(m, s))
					}
					of := slices.Collect(g.Moves(g.Image(p, s)))
					slices.Sort(img)
					slices.Sort(of)
					if !slices.Equal(img, of) {
						t.Fatalf("%s: symmetry %d does not commute with the moves", text, s)
					}
				}
				if len(ms) == 0 {
					if !g.Won(p.Opponent()) {
						t.Fatalf("%s: no move and nobody has won", text)
					}
					break
				}
				p = ms[rng.IntN(len(ms))]
			}
		}
	}
}

// TestSmallBoard solves the rules on a 4×4 board with three pieces a
// side (lines of three win; 24 goals), and, with GRUNDY_TEEKO_LONG set,
// with four pieces a side under Advanced Teeko's goals, three ways: the plain analysis of plain_test.go, retro
// (what grundy solve runs) and the tier solver's database with the
// symmetry in its ranks (what grundy db build runs). Every reachable
// position must have the same outcome and remoteness from all three.
func TestSmallBoard(t *testing.T) {
	cases := []struct {
		n, k int
		adv  bool
	}{{4, 3, false}}
	if os.Getenv("GRUNDY_TEEKO_LONG") != "" {
		// About a minute on this machine: 2,395,137 positions.
		cases = append(cases, struct {
			n, k int
			adv  bool
		}{4, 4, true})
	}
	for _, c := range cases {
		g := newGame(c.n, c.k, c.adv)
		r := plainRules{c.n, c.k, c.adv}
		all, vals := r.solve()
		tab, err := retro.SolveFrom[Pos](context.Background(), g, 0, retro.GameOptions{MaxStates: 1 << 24})
		if err != nil {
			t.Fatal(err)
		}
		if tab.Len() != len(all) {
			t.Fatalf("%dx%d k=%d: retro reaches %d positions, the plain rules %d", c.n, c.n, c.k, tab.Len(), len(all))
		}
		dir := t.TempDir()
		b, err := db.Create(dir, "teeko-test")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tier.Solve(context.Background(), g, b, tier.Options{}); err != nil {
			t.Fatal(err)
		}
		d, err := db.Open(dir, "teeko-test")
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		count := map[byte]int{}
		for i, pp := range all {
			p, err := g.Parse(r.text(pp))
			if err != nil {
				t.Fatalf("%s: %v", r.text(pp), err)
			}
			want := vals[i]
			count[want.o]++
			o, rem, ok := tab.Lookup(p)
			if !ok || !same(o, rem, want) {
				t.Fatalf("%s: retro %v %d; plain %v", g.Format(p), o, rem, want)
			}
			o, rem, ok, err = d.Lookup(uint64(g.TierOf(p)), g.TierRank(p))
			if err != nil || !ok || !same(o, rem, want) {
				t.Fatalf("%s: database %v %d %v %v; plain %v", g.Format(p), o, rem, ok, err, want)
			}
			// WinsAtOnce (tier.Finisher) is a move to a position over;
			// format 7's lookups compute the records it frees
			// (tier.KnownRecord) as the database holds them.
			var wins bool
			for q := range g.Moves(p) {
				wins = wins || g.Over(q)
			}
			if g.WinsAtOnce(p) != wins {
				t.Fatalf("%s: WinsAtOnce %v, a move to a won position %v", g.Format(p), g.WinsAtOnce(p), wins)
			}
			code, _ := db.Encode(o, rem)
			if k, ok := tier.KnownRecord[Pos](g, p); ok != db.FreeCode(code) || ok && k != code {
				t.Fatalf("%s: record %d, KnownRecord %d %v", g.Format(p), code, k, ok)
			}
			for _, q := range tab.WinningMoves(p) {
				if wq, _, _ := tab.Lookup(q); wq != outcome.P {
					t.Fatalf("%s: winning move to %s, a %v position", g.Format(p), g.Format(q), wq)
				}
			}
		}
		if got := d.Stats().Total.Positions(); got != int64(len(all)) {
			t.Fatalf("the database counts %d positions; %d are reachable", got, len(all))
		}
		t.Logf("%dx%d, %d pieces a side, advanced %v: %d positions: %d won, %d lost, %d drawn; the start %v",
			c.n, c.n, c.k, c.adv, len(all), count['W'], count['L'], count['D'], vals[0])
	}
}

func same(o outcome.Outcome, rem uint32, v plainValue) bool {
	switch v.o {
	case 'W':
		return o == outcome.N && int(rem) == v.rem
	case 'L':
		return o == outcome.P && int(rem) == v.rem
	}
	return o == outcome.D && rem == retro.NoRemoteness
}

// TestRanksSmall: every rank of every tier of the 4×4 game with three
// pieces a side either unranks to an orbit's representative of that
// rank, or names none; the orbits' sizes add up to the legal positions.
func TestRanksSmall(t *testing.T) {
	g := newGame(4, 3, false)
	for tr := game.Tier(0); int(tr) <= 6; tr++ {
		var covered, legal int64
		size := g.TierSize(tr)
		for r := range size {
			if p, ok := g.TierUnrank(tr, r); ok {
				if g.TierRank(p) != r || g.TierOf(p) != tr {
					t.Fatalf("tier %d rank %d: %s ranks back to %d", tr, r, g.Format(p), g.TierRank(p))
				}
				n, _ := g.TierOrbit(tr, r)
				covered += n
			}
		}
		// The legal positions of the tier, one by one.
		for occ := uint32(0); occ < 1<<16; occ++ {
			if bits.OnesCount32(occ) != int(tr) {
				continue
			}
			for sub := uint32(0); sub < 1<<16; sub++ {
				if sub&^occ != 0 || bits.OnesCount32(sub) != g.blacks(tr) {
					continue
				}
				turns := []bool{tr%2 == 1}
				if g.TierLoopy(tr) {
					turns = []bool{false, true}
				}
				for _, red := range turns {
					p := pos(sub, occ&^sub, red)
					if g.Won(p.Mover()) {
						continue
					}
					legal++
					c := g.Canonical(p)
					if u, ok := g.TierUnrank(tr, g.TierRank(p)); !ok || u != c || !inClass(g, p, c) {
						t.Fatalf("%s: rank %d unranks to %s %v; its representative %s", g.Format(p), g.TierRank(p), g.Format(u), ok, g.Format(c))
					}
				}
			}
		}
		if covered != legal {
			t.Fatalf("tier %d: orbits cover %d positions; %d are legal", tr, covered, legal)
		}
	}
}

// inClass reports whether c is an image of p under the square's
// symmetries, or in the move phase of p with the colours and the turn
// swapped: the positions one rank stands for.
func inClass(g *Game, p, c Pos) bool {
	swapped := pos(p.Red(), p.Black(), !p.RedToMove())
	for s := range 8 {
		if g.Image(p, s) == c || g.TierLoopy(g.TierOf(p)) && g.Image(swapped, s) == c {
			return true
		}
	}
	return false
}

// TestParseErrors: one line naming the fault, at its offset.
func TestParseErrors(t *testing.T) {
	g := New(false)
	cases := []struct {
		in   string
		off  int
		want string
	}{
		{"bbbbb....................:r", 4, "black piece 5"},
		{"rr.......................", -1, "0 black and 2 red"},
		{"bbb.r....................", -1, "3 black and 1 red"},
		{"b..x.....................", 3, "bad cell 'x'"},
		{"b...", -1, "4 cells; expected 25"},
		{"b........................r", 25, "more than 25 cells"},
		{"b........................:b", 26, "Red's turn"},
		{"bbbbrrrr.................", -1, "player to move is missing"},
		{"bbbbrrrr.................:", 25, "missing after ':'"},
		{"bbb.r.r...r...r.....b....:x", 26, "bad player to move"},
		{"bbbb.rrrr................:b", -1, "both Black and Red"},
		{"bbbb.rrr.................:b", 26, "Red's turn"},
		{"bbbb..rrr.....r..........:b", -1, "Black is to move but already holds"},
	}
	for _, c := range cases {
		_, err := g.Parse(c.in)
		var bad *budget.BadInput
		if !errors.As(err, &bad) {
			t.Errorf("%q: %v; want a BadInput", c.in, err)
			continue
		}
		if bad.Offset != c.off || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: offset %d, %q; want offset %d and %q", c.in, bad.Offset, err, c.off, c.want)
		}
	}
	// The player to move may be left out while dropping, and "" is the
	// start.
	for in, want := range map[string]string{
		"":                                ".........................:b",
		"b........................":       "b........................:r",
		"B.... ..... ..... ..... ....R":   "b.......................r:b",
		"bbbbr rrr.. ..... ..... .....:R": "bbbbrrrr.................:r",
	} {
		p, err := g.Parse(in)
		if err != nil || g.Format(p) != want {
			t.Errorf("%q: %s, %v; want %s", in, g.Format(p), err, want)
		}
	}
}

// FuzzParse: Parse never panics, and what it accepts is legal and reads
// back from its text to itself.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"", "b........................", "bbbbrrrr.................:r", "bbbb.rrrr................:b", "b...:b", "bb.r..:"} {
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, s string, adv bool) {
		g := New(adv)
		p, err := g.Parse(s)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("%q: a multi-line error %q", s, err)
			}
			return
		}
		q, err := g.Parse(g.Format(p))
		if err != nil || q != p {
			t.Fatalf("%q: %s reads back as %x, %v", s, g.Format(p), q, err)
		}
		if g.Won(p.Mover()) || p.Pieces() > 8 {
			t.Fatalf("%q: accepted an illegal position %s", s, g.Format(p))
		}
	})
}

// TestLabels: drops and steps in players' words, through the catalog.
func TestLabels(t *testing.T) {
	inst, err := catalog.Lookup("teeko")
	if err != nil {
		t.Fatal(err)
	}
	g := New(false)
	for _, c := range []struct{ from, to, want string }{
		{"", "..........b..............:r", "drop at a3"},
		{"b.b.b.b.rrrr.............:b", "..b.bbb.rrrr.............:r", "a1-a2"},
		{"b.b.b.b.rrrr.............:r", "b.b.b.b..rrr.r...........:b", "d2-d3"},
	} {
		p, _ := g.Parse(c.from)
		x := &catalog.Exploration{
			Report: &catalog.Report{Position: g.Format(p)},
			Board:  &catalog.Board{Kind: catalog.BoardGrid, Rows: g.Rows(p)},
			Moves:  []catalog.MoveInfo{{Position: c.to, Component: -1}},
		}
		catalog.LabelMoves(inst, x)
		if got := x.Moves[0].Label; got != c.want {
			t.Errorf("%s → %s: %q; want %q", c.from, c.to, got, c.want)
		}
	}
}

// TestTierSizesBurnside: the ranks of each tier are dense over the
// classes (ranking.go), so a tier's size must be the number of orbits
// of the pairs (mover's cells, opponent's cells) under the square's
// symmetries, which Burnside's lemma counts independently: the mean over
// the 8 symmetries of the pairs each fixes, a pair being fixed when
// each of the symmetry's cycles of cells is wholly empty, the mover's
// or the opponent's.
func TestTierSizesBurnside(t *testing.T) {
	for _, c := range []struct{ n, k int }{{5, 4}, {4, 3}, {4, 4}} {
		g := newGame(c.n, c.k, false)
		cells := c.n * c.n
		for tr := game.Tier(0); int(tr) <= 2*c.k; tr++ {
			m := int(tr) / 2
			o := int(tr) - m
			var fixed int64
			for s := range 8 {
				// The lengths of s's cycles on the cells.
				seen := uint32(0)
				var cycles []int
				for x := range cells {
					if seen>>x&1 == 1 {
						continue
					}
					l := 0
					for y := uint32(1) << x; seen&y == 0; y = g.imageSet(s, y) {
						seen |= y
						l++
					}
					cycles = append(cycles, l)
				}
				// ways[i][j]: colourings of the cycles so far with i of
				// the mover's cells and j of the opponent's.
				ways := make([][]int64, m+1)
				for i := range ways {
					ways[i] = make([]int64, o+1)
				}
				ways[0][0] = 1
				for _, l := range cycles {
					for i := m; i >= 0; i-- {
						for j := o; j >= 0; j-- {
							if i >= l {
								ways[i][j] += ways[i-l][j]
							}
							if j >= l {
								ways[i][j] += ways[i][j-l]
							}
						}
					}
				}
				fixed += ways[m][o]
			}
			if fixed%8 != 0 || g.TierSize(tr) != fixed/8 {
				t.Fatalf("%dx%d, %d pieces: %d ranks; Burnside counts %d/8 orbits", c.n, c.n, tr, g.TierSize(tr), fixed)
			}
		}
	}
	if got := New(false).TierSize(8); got != 9469965 {
		t.Fatalf("Teeko's move phase has %d ranks; 9,469,965 classes", got)
	}
}
