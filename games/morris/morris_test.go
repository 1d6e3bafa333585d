package morris

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/outcome"
	"github.com/grundy-go/grundy/retro"
)

func mustGame(t testing.TB, params string) *Game {
	t.Helper()
	g, err := Parse(params)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// refOf is the plain model of g's rules.
func refOf(t testing.TB, g *Game) refRules {
	var r refRules
	switch g.Board {
	case board3:
		r = ref3
	case board3diag:
		r = ref3diag
	case board6:
		r = ref6
	case board9:
		r = ref9
	case board12:
		r = ref9
		r.lines = append(append([][3]string{}, r.lines...),
			[3]string{"a7", "b6", "c5"}, [3]string{"g7", "f6", "e5"}, [3]string{"a1", "b2", "c3"}, [3]string{"g1", "f2", "e3"})
		r.joins = refJoinsFromLines(r.lines)
	default:
		t.Fatalf("no model of %s", g.Board.Name)
	}
	r.men, r.fly, r.lasker = g.Men, g.Fly, g.Lasker
	if !slices.Equal(r.points, g.Board.Points) {
		t.Fatalf("%s: points %v, the model's %v", g.Spec(), g.Board.Points, r.points)
	}
	return r
}

// refStateOf reads a position of g into the model.
func refStateOf(g *Game, p Pos) refState {
	s := g.Format(p)
	board, rest, _ := strings.Cut(s, ":")
	wh, bh := p.Hands()
	turn := 0
	if strings.HasPrefix(rest, "B") {
		turn = 1
	}
	return refState{board: board, hands: [2]int{wh, bh}, toMove: turn}
}

var specs = []string{"3", "3:diag", "3:fly", "6", "6:fly", "9", "9:nofly", "9:lasker", "12"}

func TestSpecs(t *testing.T) {
	for _, c := range []struct{ in, spec string }{
		{"3", "morris:3"}, {"3:diag", "morris:3:diag"}, {"6", "morris:6"}, {"6:fly", "morris:6:fly"},
		{"9", "morris:9"}, {"9:fly", "morris:9"}, {"9:nofly", "morris:9:nofly"},
		{"9:lasker", "morris:9:lasker"}, {"9:fly:lasker", "morris:9:lasker"}, {"12", "morris:12"},
	} {
		if g := mustGame(t, c.in); g.Spec() != c.spec {
			t.Errorf("morris:%s: spec %s, want %s", c.in, g.Spec(), c.spec)
		}
	}
	for _, bad := range []string{"", "4", "9:fly:nofly", "6:lasker", "9:diag", "3:what", "9:fly:fly", "x"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("morris:%s: no error", bad)
		}
	}
	if g := mustGame(t, "9:lasker"); g.Men != 10 || !g.Fly {
		t.Errorf("Lasker: %d men, fly %v; want 10 men, flying", g.Men, g.Fly)
	}
}

// TestSymmetries: every symmetry of every board is a permutation of its
// points mapping lines to lines and joins to joins; the group has 8 or 16
// distinct elements.
func TestSymmetries(t *testing.T) {
	for _, b := range []*Board{board3, board3diag, board6, board9, board12} {
		want := 16
		if b.Size == 3 {
			want = 8
		}
		if len(b.Syms) != want {
			t.Errorf("%s: %d symmetries, want %d", b.Name, len(b.Syms), want)
		}
		lines := map[uint32]bool{}
		for _, l := range b.Lines {
			lines[1<<l[0]|1<<l[1]|1<<l[2]] = true
		}
		seen := map[string]bool{}
		for k, perm := range b.Syms {
			key := strings.Trim(strings.Join(strings.Fields(strings.Trim(strings.Repeat(" ", 0)+fmtInts(perm), "[]")), ","), ",")
			if seen[key] {
				t.Errorf("%s: symmetry %d repeats another", b.Name, k)
			}
			seen[key] = true
			if s := b.Image(b.Full(), k); s != b.Full() {
				t.Errorf("%s: symmetry %d is not a permutation", b.Name, k)
			}
			for l := range lines {
				if !lines[b.Image(l, k)] {
					t.Errorf("%s: symmetry %d maps a line off the lines", b.Name, k)
				}
			}
			for i := range b.N() {
				for j := range b.N() {
					if (b.Adj[i]>>j&1 == 1) != (b.Adj[perm[i]]>>perm[j]&1 == 1) {
						t.Errorf("%s: symmetry %d breaks the join %s-%s", b.Name, k, b.Points[i], b.Points[j])
					}
				}
			}
		}
	}
}

func fmtInts(xs []int) string {
	var sb strings.Builder
	for _, x := range xs {
		sb.WriteString(string(rune('A' + x)))
	}
	return sb.String()
}

// TestJoins: the boards' joins are the model's, typed in separately.
func TestJoins(t *testing.T) {
	for _, spec := range []string{"3", "3:diag", "6", "9", "12"} {
		g := mustGame(t, spec)
		r := refOf(t, g)
		for i := range g.Board.N() {
			for j := range g.Board.N() {
				if got, want := g.Board.Adj[i]>>j&1 == 1, r.joined(i, j); got != want {
					t.Errorf("%s: %s-%s joined %v, want %v", spec, g.Board.Points[i], g.Board.Points[j], got, want)
				}
			}
		}
	}
}

// TestPlayouts plays random games of every variant and checks each
// position: legal, written and read back the same, its moves the
// model's, labelled so that MoveTo finds them, and its tier, rank and
// orbit consistent with the ranking.
func TestPlayouts(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 34))
	for _, spec := range specs {
		g := mustGame(t, spec)
		r := refOf(t, g)
		games, plies := 60, 200
		if testing.Short() {
			games = 10
		}
		for range games {
			p := g.Start()
			for range plies {
				checkPosition(t, g, r, p)
				var kids []Pos
				g.EachMove(p, func(m Move, q Pos) {
					kids = append(kids, q)
					if mm, ok := g.MoveTo(p, q); !ok || mm != m {
						t.Fatalf("%s: MoveTo(%s, %s) = %v, want %s", spec, g.Format(p), g.Format(q), mm, g.Label(m))
					}
				})
				if len(kids) == 0 {
					break
				}
				p = kids[rng.IntN(len(kids))]
			}
		}
	}
}

func checkPosition(t *testing.T, g *Game, r refRules, p Pos) {
	t.Helper()
	text := g.Format(p)
	if msg := g.illegal(p); msg != "" {
		t.Fatalf("%s: play reached %s, which Parse calls impossible: %s", g.Spec(), text, msg)
	}
	q, err := g.Parse(text)
	if err != nil || q != p {
		t.Fatalf("%s: Parse(Format(%s)) = %v, %v", g.Spec(), text, g.Format(q), err)
	}
	var got []string
	for q := range g.Moves(p) {
		got = append(got, g.Format(q))
	}
	var want []string
	for _, c := range r.moves(refStateOf(g, p)) {
		want = append(want, c.key())
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("%s: moves of %s:\n got %v\nwant %v", g.Spec(), text, got, want)
	}
	if len(got) == 0 {
		if o, ro := g.TerminalOutcome(p).String(), r.terminal(refStateOf(g, p)); o != ro {
			t.Fatalf("%s: %s is over with %s, the model says %s", g.Spec(), text, o, ro)
		}
	}
	// Tiers: moves stay in the tier (loopy) or go to a child.
	tr := g.TierOf(p)
	for q := range g.Moves(p) {
		tq := g.TierOf(q)
		if tq == tr {
			if !g.TierLoopy(tr) {
				t.Fatalf("%s: %s moves inside tier %s, which is not loopy", g.Spec(), text, g.TierName(tr))
			}
		} else if !slices.Contains(g.TierChildren(tr), tq) {
			t.Fatalf("%s: %s moves to tier %s, not a child of %s", g.Spec(), text, g.TierName(tq), g.TierName(tr))
		}
	}
	c := g.Canonical(p)
	rank := g.TierRank(p)
	if rank < 0 || rank >= g.TierSize(tr) {
		t.Fatalf("%s: rank %d of %s out of [0, %d)", g.Spec(), rank, text, g.TierSize(tr))
	}
	u, ok := g.TierUnrank(tr, rank)
	if !ok || u != c {
		t.Fatalf("%s: TierUnrank(TierRank(%s)) = %s, %v; want %s", g.Spec(), text, g.Format(u), ok, g.Format(c))
	}
	for img := range images(g, p) {
		if g.Canonical(img) != c || g.TierOf(img) != tr || g.TierRank(img) != rank {
			t.Fatalf("%s: the image %s of %s has another orbit", g.Spec(), g.Format(img), text)
		}
	}
}

// TestAgainstModel: retrograde analysis (package retro, as solve runs
// it) equals the model's analysis by rounds on every position reachable
// from the start of three men's morris (with and without diagonals and
// flying). The larger games are checked against the model move by move
// (TestPlayouts) and value by value against six men's database (TestDatabase6).
func TestAgainstModel(t *testing.T) {
	check := func(g *Game, root Pos) int {
		t.Helper()
		r := refOf(t, g)
		want := refSolve(r, refStateOf(g, root))
		tab, err := retro.SolveFrom[Pos](context.Background(), g, root, retro.GameOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if tab.Len() != len(want) {
			t.Fatalf("%s from %s: %d positions, the model %d", g.Spec(), g.Format(root), tab.Len(), len(want))
		}
		for p := range g.From(root) {
			o, rem, _ := tab.Lookup(p)
			w := want[g.Format(p)]
			gotRem := -1
			if rem != retro.NoRemoteness {
				gotRem = int(rem)
			}
			if o.String() != w.outcome || gotRem != w.remoteness {
				t.Fatalf("%s: %s is %s %d, the model says %s %d", g.Spec(), g.Format(p), o, gotRem, w.outcome, w.remoteness)
			}
		}
		return len(want)
	}
	for _, spec := range []string{"3", "3:diag", "3:fly"} {
		g := mustGame(t, spec)
		check(g, g.Start())
	}
}

// TestPublished pins the values the literature gives.
func TestPublished(t *testing.T) {
	solve := func(g *Game, p Pos) *retro.Table[Pos] {
		tab, err := retro.SolveFrom[Pos](context.Background(), g, p, retro.GameOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return tab
	}
	// Three men's morris with diagonal lines, moves along them through
	// the centre: the first player wins, and only by taking the centre;
	// forbidden the centre for the first man, neither player can force a
	// win (Wikipedia, "Three men's morris", the variant with adjacent
	// moves; Kenta's variations of 2020 agree).
	g := mustGame(t, "3:diag")
	tab := solve(g, g.Start())
	if o, rem, _ := tab.Lookup(g.Start()); o != outcome.N || rem != 9 {
		t.Errorf("morris:3:diag start: %s in %d, want N in 9", o, rem)
	}
	best := outcome.N // the best first move other than the centre, for White
	g.EachMove(g.Start(), func(m Move, q Pos) {
		o, _, _ := tab.Lookup(q)
		if g.Label(m) == "b2" {
			if o != outcome.P {
				t.Errorf("morris:3:diag: b2 leaves %s, want P", o)
			}
			return
		}
		if o == outcome.P {
			t.Errorf("morris:3:diag: %s wins too", g.Label(m))
		}
		if o == outcome.D {
			best = outcome.D
		}
	})
	if best != outcome.D {
		t.Errorf("morris:3:diag without the centre: best first move leaves %s, want D", best)
	}
	// Three men's morris, rows and columns only: a draw from the start;
	// 5,466 positions reachable.
	g = mustGame(t, "3")
	tab = solve(g, g.Start())
	if o, _, _ := tab.Lookup(g.Start()); o != outcome.D || tab.Len() != 5466 {
		t.Errorf("morris:3 start: %s, %d positions; want D, 5466", o, tab.Len())
	}
}

func TestParseErrors(t *testing.T) {
	g := mustGame(t, "3")
	for _, c := range []struct{ in, want string }{
		{"W.B.W.B..:W:1,1", ""},
		{"W.B.X.B..:W:1,1", "offset 4"},
		{"W.B.W.B.:W:1,1", "8 points"},
		{"W.B.W.B...:W:1,1", "offset 9"},
		{"W.B.W.B..", "player to move is missing"},
		{"W.B.W.B..:Q:1,1", "offset 10"},
		{"W.B.W.B..:W", "men in hand are missing"},
		{"W.B.W.B..:W:1", "offset 12"},
		{"W.B.W.B..:W:x,1", "for White at offset 12"},
		{"W.B.W.B..:W:1,9", "for Black at offset 14"},
		{"W.B.W.B..:B:1,1", "Black to move"},
		{"W.B.W....:W:1,1", "no man is ever removed"},
		{"WWWBB.B..:W:0,0", "already has a line"},
		{"WWWBBB...:B:0,0", "both players"},
	} {
		_, err := g.Parse(c.in)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("Parse(%q): %v", c.in, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("Parse(%q) = %v, want an error with %q", c.in, err, c.want)
		case err != nil:
			var bi *budget.BadInput
			if !errors.As(err, &bi) || strings.Contains(err.Error(), "\n") {
				t.Errorf("Parse(%q): %v is not one line of *budget.BadInput", c.in, err)
			}
		}
	}
	g6 := mustGame(t, "6")
	for _, c := range []struct{ in, want string }{
		{"WW..............:B:0,0", "fewer than three"},
		{"WWWWWWW.........:W:0,0", "more than 6"},
		{"WWW.BBB.........:W:3,3", ""},
		{"", ""},
	} {
		_, err := g6.Parse(c.in)
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("morris:6 Parse(%q) = %v, want %q", c.in, err, c.want)
		}
	}
}

func TestLabels(t *testing.T) {
	g := mustGame(t, "9")
	p, err := g.Parse("WW......BB.............. :W:7,7") // B on e5 and a4
	if err != nil {
		t.Fatal(err)
	}
	var ls []string
	g.EachMove(p, func(m Move, _ Pos) { ls = append(ls, g.Label(m)) })
	if !slices.Contains(ls, "g7xe5") || !slices.Contains(ls, "b6") || slices.Contains(ls, "a4") {
		t.Errorf("labels of %s: %v; want g7xe5 and b6 among them, not a4", g.Format(p), ls)
	}
	p, _ = g.Parse("WW.W....BB.BB...........:W:0,0")
	ls = nil
	g.EachMove(p, func(m Move, _ Pos) { ls = append(ls, g.Label(m)) })
	if !slices.Contains(ls, "b6-g7xe5") || !slices.Contains(ls, "a7-g1") || slices.Contains(ls, "b6-c4") {
		t.Errorf("labels of %s: %v; want b6-g7xe5 and a7-g1 (flying), not b6-c4 (taken)", g.Format(p), ls)
	}
}

// FuzzParse: Parse never panics, and a position it reads is legal and
// written back to the same position.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"", "W.B.W.B..:W:1,1", "WWWBB.B..:B:0,0", "W.B/.../...:w:2,2", "...:W:", "WWWWWW....BBBBBB:W:0,0"} {
		f.Add("3", s)
		f.Add("6", s)
	}
	f.Add("9:lasker", "WWW.........BBB.........:B:7,7")
	f.Fuzz(func(t *testing.T, spec, s string) {
		g, err := Parse(spec)
		if err != nil {
			return
		}
		p, err := g.Parse(s)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("two-line error %q", err)
			}
			return
		}
		if msg := g.illegal(p); msg != "" {
			t.Fatalf("Parse(%q) read an impossible position: %s", s, msg)
		}
		q, err := g.Parse(g.Format(p))
		if err != nil || q != p {
			t.Fatalf("Parse(Format(Parse(%q))) = %v, %v", s, g.Format(q), err)
		}
	})
}
