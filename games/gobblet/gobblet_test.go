package gobblet

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/outcome"
	"github.com/grundy-go/grundy/retro"
	"github.com/grundy-go/grundy/tier"
)

func same(o outcome.Outcome, rem uint32, v plainValue) bool {
	switch v.o {
	case 'W':
		return o == outcome.N && int(rem) == v.rem
	case 'L':
		return o == outcome.P && int(rem) == v.rem
	}
	return o == outcome.D && rem == retro.NoRemoteness
}

// TestSubgames: the tier solver's database of the rules with fewer
// sizes or one piece of each size agrees with the plain analysis on
// every position reachable from the start, and holds one record for
// each class of them up to the 16 symmetries.
func TestSubgames(t *testing.T) {
	cases := [][2]int{{1, 2}, {2, 1}}
	if !testing.Short() {
		cases = append(cases, [2]int{3, 1}) // 1,494,118 positions: about 25 s of CPU
	}
	if os.Getenv("GRUNDY_GOBBLET_LONG") != "" {
		// 3,995,365 positions, wins and losses as deep as 33 plies in
		// the loopy tiers: about a minute of CPU.
		cases = append(cases, [2]int{2, 2})
	}
	for _, c := range cases {
		g := newGame(c[0], c[1])
		r := plainRules{c[0], c[1]}
		all, vals := plainSolved(r)
		dir := t.TempDir()
		b, err := db.Create(dir, "gobblet-test")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tier.Solve(context.Background(), g, b, tier.Options{}); err != nil {
			t.Fatal(err)
		}
		d, err := db.Open(dir, "gobblet-test")
		if err != nil {
			t.Fatal(err)
		}
		classes := map[Pos]bool{}
		count := map[byte]int{}
		for i, pp := range all {
			text := r.text(pp)
			p, err := g.Parse(text)
			if err != nil {
				t.Fatalf("%s: %v", text, err)
			}
			if g.Format(p) != text {
				t.Fatalf("%s formats as %s", text, g.Format(p))
			}
			classes[g.Canonical(p)] = true
			want := vals[i]
			count[want.o]++
			o, rem, ok, err := d.Lookup(uint64(g.TierOf(p)), g.TierRank(p))
			if err != nil || !ok || !same(o, rem, want) {
				t.Fatalf("sizes %d per %d: %s: database %v %d %v %v; plain %v", c[0], c[1], text, o, rem, ok, err, want)
			}
			if len(r.moves(pp)) != len(g.AppendMoves(nil, p)) {
				t.Fatalf("%s: %d moves; the plain rules %d", text, len(g.AppendMoves(nil, p)), len(r.moves(pp)))
			}
		}
		if got := d.Stats().Total.Positions(); got != int64(len(classes)) {
			t.Fatalf("sizes %d per %d: the database counts %d positions; the plain rules reach %d classes", c[0], c[1], got, len(classes))
		}
		d.Close()
		t.Logf("sizes %d, %d a size: %d positions reachable, %d classes: %d won, %d lost, %d drawn; the start %v",
			c[0], c[1], len(all), len(classes), count['W'], count['L'], count['D'], vals[0])
	}
}

var plainCache sync.Map // plainRules → *plainResult

type plainResult struct {
	once sync.Once
	all  []plainPos
	vals []plainValue
}

// plainSolved is r.solve(), once per test binary.
func plainSolved(r plainRules) ([]plainPos, []plainValue) {
	v, _ := plainCache.LoadOrStore(r, &plainResult{})
	res := v.(*plainResult)
	res.once.Do(func() { res.all, res.vals = r.solve() })
	return res.all, res.vals
}

// TestSearch: solve's search decides exactly the positions the plain
// analysis finds won or lost within its depth, with their remoteness,
// and leaves the others undecided (3 sizes, one of each).
func TestSearch(t *testing.T) {
	if testing.Short() {
		t.Skip("the plain analysis of 1.5 million positions")
	}
	g := newGame(3, 1)
	r := plainRules{3, 1}
	all, vals := plainSolved(r)
	rng := rand.New(rand.NewPCG(3, 4))
	const depth = 4
	decided := 0
	for range 3000 {
		i := rng.IntN(len(all))
		p, err := g.Parse(r.text(all[i]))
		if err != nil {
			t.Fatal(err)
		}
		s := newSearcher(g, 1<<22, nil)
		v, _, err := s.solve(context.Background(), p, depth)
		if err != nil {
			t.Fatal(err)
		}
		want := vals[i]
		if want.o != 'D' && want.rem <= depth {
			decided++
			if !same(v.o, v.rem, want) {
				t.Fatalf("%s: search %v in %d; plain %v", g.Format(p), v.o, v.rem, want)
			}
		} else if v.o != outcome.D {
			t.Fatalf("%s: search %v in %d within %d plies; plain %v", g.Format(p), v.o, v.rem, depth, want)
		}
	}
	t.Logf("%d of 3000 positions decided within %d plies", decided, depth)
}

// randomPos plays n random moves from the start of g, stopping at a
// finished game.
func randomPos(g *Game, rng *rand.Rand, n int) Pos {
	p := g.Start()
	for range n {
		ms := g.AppendMoves(nil, p)
		if len(ms) == 0 {
			break
		}
		p = ms[rng.IntN(len(ms))]
	}
	return p
}

// TestPlayouts: random games of Gobblet Gobblers: every move is one the
// plain rules allow and they allow no other, every position parses back
// from its text, ranks to its orbit's representative, and has moves
// unless a line shows.
func TestPlayouts(t *testing.T) {
	g := New()
	r := plainRules{3, 2}
	rng := rand.New(rand.NewPCG(1, 2))
	positions := 0
	for range 300 {
		p := g.Start()
		for ply := 0; ply < 200; ply++ {
			positions++
			text := g.Format(p)
			q, err := g.Parse(text)
			if err != nil || q != p {
				t.Fatalf("%s parses as %v, %v", text, g.Format(q), err)
			}
			c := g.Canonical(p)
			for k := range 8 {
				for _, img := range []Pos{g.Image(p, k), g.Swap(g.Image(p, k))} {
					if g.Canonical(img) != c {
						t.Fatalf("%s: image %s has representative %s, not %s", text, g.Format(img), g.Format(g.Canonical(img)), g.Format(c))
					}
				}
			}
			tt := g.TierOf(p)
			if u, ok := g.TierUnrank(tt, g.TierRank(p)); !ok || u != c {
				t.Fatalf("%s: rank %d of tier %s unranks to %s %v; its representative is %s", text, g.TierRank(p), g.TierName(tt), g.Format(u), ok, g.Format(c))
			}
			moves := g.AppendMoves(nil, p)
			pp := plainFromText(t, text)
			var want []string
			for _, q := range r.moves(pp) {
				want = append(want, r.text(q))
			}
			var got []string
			for _, q := range moves {
				got = append(got, g.Format(q))
				if u := g.TierOf(q); u != tt && !contains(g.TierChildren(tt), u) {
					t.Fatalf("%s: a move to tier %s, not a child of %s", text, g.TierName(u), g.TierName(tt))
				}
			}
			if strings.Join(sorted(got), " ") != strings.Join(sorted(want), " ") {
				t.Fatalf("%s: moves\n%v\nthe plain rules'\n%v", text, sorted(got), sorted(want))
			}
			if len(moves) == 0 {
				if !g.Over(p) {
					t.Fatalf("%s: no moves, and no line shows", text)
				}
				break
			}
			p = moves[rng.IntN(len(moves))]
		}
	}
	t.Logf("%d positions", positions)
}

func contains[T comparable](xs []T, x T) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func sorted(xs []string) []string {
	out := append([]string(nil), xs...)
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

// plainFromText reads Format's text into the plain board, by hand.
func plainFromText(t *testing.T, text string) plainPos {
	var p plainPos
	board, turn, _ := strings.Cut(text, ":")
	p.orange = turn == "o"
	for i, cell := range strings.FieldsFunc(board, func(r rune) bool { return r == ',' || r == '/' }) {
		if cell == "." {
			continue
		}
		for _, ch := range cell {
			z := strings.IndexRune("SML", ch)
			orange := false
			if z < 0 {
				z = strings.IndexRune("sml", ch)
				orange = true
			}
			if z < 0 {
				t.Fatalf("%s: bad piece %q", text, ch)
			}
			p.sq[i][p.n[i]] = plainPiece{int8(z), orange}
			p.n[i]++
		}
	}
	return p
}

// TestParseErrors: bad positions are one-line errors with the offset of
// the fault.
func TestParseErrors(t *testing.T) {
	g := New()
	for _, c := range []struct {
		in   string
		off  int
		want string
	}{
		{"Ls,.,./.,.,./.,.,.:o", 1, "bad stack at offset 1 on square a1: a small piece on a large one"},
		{"SS,.,./.,.,./.,.,.:o", 1, "a small piece on a small one"},
		{"S,S,S/.,.,./.,.,.:o", 4, "Blue's small piece 3 at offset 4; each player has 2 of each size"},
		{"S,.,./l,l,l/.,.,.:b", 10, "Orange's large piece 3 at offset 10"},
		{"S,x,./.,.,./.,.,.:o", 2, "bad piece 'x' at offset 2"},
		{"S,S/.,.,./.,.,.:o", 3, "row 1 ends after 2 squares at offset 3"},
		{"S,s,.,./.,.,./.,.,.:o", 5, "a fourth square in row 1"},
		{"S,s,./.,.,./.,.:o", -1, "8 squares; expected 9"},
		{"S,s,./.,.,./.,.,./.:o", 17, "more than 9 squares"},
		{"S,s,./.,.,./.,.,.", -1, "the player to move is missing"},
		{"S,s,./.,.,./.,.,.:x", 18, "bad player to move \"x\" at offset 18"},
		{"S,,./.,.,./.,.,.:o", 2, "square b1 is blank at offset 2"},
		{"S.,.,./.,.,./.,.,.:o", 1, "'.' at offset 1 inside square a1"},
		{"s,.,./.,.,./.,.,.:b", -1, "Orange has pieces on the board and Blue none"},
		{"S,.,./.,.,./.,.,.:b", 18, "Orange has placed no piece yet, so it is Orange's turn"},
		{".,.,./.,.,./.,.,.:o", 18, "on the empty board Blue moves first"},
	} {
		_, err := g.Parse(c.in)
		var bad *budget.BadInput
		if !errors.As(err, &bad) {
			t.Fatalf("%s: error %v, not a BadInput", c.in, err)
		}
		if bad.Offset != c.off || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %q at offset %d; want %q at offset %d", c.in, err, bad.Offset, c.want, c.off)
		}
	}
	if _, err := newGame(2, 2).Parse("L,.,./.,s,./.,.,.:b"); err == nil || !strings.Contains(err.Error(), "this game has 2 sizes") {
		t.Errorf("a large piece in the two-size game: %v", err)
	}
}

// TestLabels: moves are named in players' words.
func TestLabels(t *testing.T) {
	g := New()
	p, err := g.Parse("L,.,./.,s,./.,.,.:b")
	if err != nil {
		t.Fatal(err)
	}
	names := g.MoveNames(p)
	want := map[string]string{
		"L,.,./.,s,./.,.,M:o":  "medium from reserve to c3",
		"L,.,./.,sL,./.,.,.:o": "large from reserve to b2",
		".,.,./.,sL,./.,.,.:o": "large a1-b2",
		".,.,L/.,s,./.,.,.:o":  "large a1-c1",
	}
	for text, label := range want {
		q, err := g.Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		if names[q] != label {
			t.Errorf("%s: label %q, want %q", text, names[q], label)
		}
	}
	if len(names) != len(g.AppendMoves(nil, p)) {
		t.Errorf("%d names for %d moves", len(names), len(g.AppendMoves(nil, p)))
	}
}
