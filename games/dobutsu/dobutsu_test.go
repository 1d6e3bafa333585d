package dobutsu

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/budget"
)

// TestStart: Kitao's setting, Sente to move with four moves (Tanaka:
// the chick takes the chick, the giraffe or the lion steps forward).
func TestStart(t *testing.T) {
	g := New(Standard)
	if got := g.Format(g.Start()); got != "gle/.c./.C./ELG:-:b" {
		t.Fatalf("start %q", got)
	}
	var labels []string
	g.EachMove(g.Start(), func(m Move, _ Pos) { labels = append(labels, Label(m)) })
	if got := strings.Join(labels, " "); got != "Cb3xb2 Lb4-a3 Lb4-c3 Gc4-c3" {
		t.Fatalf("the start's moves: %s", got)
	}
	if p, err := g.Parse(""); err != nil || p != g.Start() {
		t.Fatalf("Parse(\"\") = %v, %v", p, err)
	}
}

// TestMoves pins the moves of positions that show each rule: the
// promotion, a drop on the far rank that stays a chick, a hen taken
// going to the hand as a chick, the capture of the lion as the only
// moves listed, a successful try, a lion stepping where it can be taken.
func TestMoves(t *testing.T) {
	g := New(Standard)
	for _, c := range []struct{ pos, moves string }{
		// Sente's chick on b2 promotes on b1 (taking nothing); a chick
		// dropped on a1 stays a chick.
		{".../.C./l.L/...:GGEEc:b",
			"Cb2-b1+ Lc3-c2 Lc3-b3 Lc3-b4 Lc3-c4 G*a1 G*b1 G*c1 G*a2 G*c2 G*b3 G*a4 G*b4 G*c4 E*a1 E*b1 E*c1 E*a2 E*c2 E*b3 E*a4 E*b4 E*c4"},
		// Gote's hen on b3 is taken by the lion: a chick in Sente's hand.
		{"l../.../.hL/...:GGEEc:b", "Lc3-b2 Lc3-c2 Lc3xb3 Lc3-b4 Lc3-c4 G*b1 G*c1 G*a2 G*b2 G*c2 G*a3 G*a4 G*b4 G*c4 E*b1 E*c1 E*a2 E*b2 E*c2 E*a3 E*a4 E*b4 E*c4"},
		// The giraffe may take Gote's lion: the only move listed.
		{".l./.G./.L./...:GEEcc:b", "Gb2xb1"},
	} {
		p, err := g.Parse(c.pos)
		if err != nil {
			t.Fatalf("%s: %v", c.pos, err)
		}
		var labels []string
		g.EachMove(p, func(m Move, q Pos) {
			labels = append(labels, Label(m))
			if got, ok := g.MoveTo(p, q); !ok || Label(got) != Label(m) {
				t.Errorf("%s: MoveTo(%s) = %s", c.pos, g.Format(q), Label(got))
			}
		})
		if got := strings.Join(labels, " "); got != c.moves {
			t.Errorf("%s:\n got %s\nwant %s", c.pos, got, c.moves)
		}
	}
	p, _ := g.Parse("l../.../.hL/...:GGEEc:b")
	for _, q := range g.AppendMoves(nil, p) {
		if g.Format(q) == "l../.../.L./...:GGEECc:w" {
			goto found
		}
	}
	t.Errorf("the lion taking the hen does not put a chick in Sente's hand")
found:
	// Sente's lion onto c1 where Gote cannot take it: Gote has lost.
	p, err := g.Parse("g../..L/l../...:GEECc:b")
	if err != nil {
		t.Fatal(err)
	}
	var q Pos
	g.EachMove(p, func(m Move, r Pos) {
		if Label(m) == "Lc2-c1" {
			q = r
		}
	})
	if g.Ended(q) != "try" || len(g.AppendMoves(nil, q)) != 0 {
		t.Errorf("%s after Lc2-c1: %q, moves %d", g.Format(q), g.Ended(q), len(g.AppendMoves(nil, q)))
	}
	// Onto b1 instead, where Gote's giraffe takes it: Gote catches.
	g.EachMove(p, func(m Move, r Pos) {
		if Label(m) == "Lc2-b1" {
			q = r
		}
	})
	if q2, err := g.Parse(g.Format(q)); err != nil || q2 != q {
		t.Errorf("%s: %v", g.Format(q), err)
	}
	if g.Ended(q) != "catch" {
		t.Errorf("%s: %q", g.Format(q), g.Ended(q))
	}
}

// TestPlayouts: random games from the start never reach a position the
// rules forbid: every position met reads back from its notation (Parse
// refuses the unreachable), keeps every piece, has one lion a side but
// after a capture, which ends the game; its rank unranks to one of its
// images; the moves of a finished game are none.
func TestPlayouts(t *testing.T) {
	g := New(Standard)
	rng := rand.New(rand.NewPCG(5, 6))
	images := func(p Pos) []Pos {
		s := seenBySente(p)
		return []Pos{s, mirror(s)}
	}
	met := 0
	for game := range 3000 {
		p := g.Start()
		for ply := 0; ply < 300; ply++ {
			met++
			text := g.Format(p)
			q, err := g.Parse(text)
			if err != nil || q != p {
				t.Fatalf("game %d ply %d: %s reads back as %s (%v)", game, ply, text, g.Format(q), err)
			}
			ms := g.AppendMoves(nil, p)
			if !hasLions(p) {
				if len(ms) != 0 || g.TierRank(p) != endRank {
					t.Fatalf("%s: a finished game with moves or rank %d", text, g.TierRank(p))
				}
				break
			}
			r := g.TierRank(p)
			u, ok := g.TierUnrank(0, r)
			if !ok || (u != images(p)[0] && u != images(p)[1]) {
				t.Fatalf("%s: rank %d unranks to %s", text, r, g.Format(u))
			}
			if len(ms) == 0 {
				if g.Ended(p) != "try" {
					t.Fatalf("%s: no moves, yet play goes on", text)
				}
				break
			}
			p = ms[rng.IntN(len(ms))]
		}
	}
	t.Logf("%d positions met", met)
}

// TestParseRoundTrip: Format then Parse gives the position back, for
// random placements that are positions of play.
func TestParseRoundTrip(t *testing.T) {
	g := New(Standard)
	rng := rand.New(rand.NewPCG(7, 8))
	n := 0
	for range 100000 {
		p := randomPos(rng, Standard)
		if l := p.lion(p.Mover()); l/Files == farRow(p.Mover()) {
			if _, err := g.Parse(g.Format(p)); err == nil {
				t.Fatalf("%s: the mover's lion on the far rank was read", g.Format(p))
			}
			continue
		}
		q, err := g.Parse(g.Format(p))
		if err != nil || q != p {
			t.Fatalf("%s: read back as %s (%v)", g.Format(p), g.Format(q), err)
		}
		n++
	}
	if n < 50000 {
		t.Fatalf("only %d positions checked", n)
	}
}

// TestParseErrors: positions no play reaches and bad text are one-line
// errors with the offset of the fault.
func TestParseErrors(t *testing.T) {
	g := New(Standard)
	for _, c := range []struct {
		pos  string
		off  int
		want string
	}{
		{"gle/.c./.C./ELL:-:b", 14, "a second lion of the first player"},
		{"gle/.c./.C./ELG:C:b", 16, "3 chicks"},
		{"gle/.c./.C./EL.:-:b", 16, "1 of the game's 2 giraffes"},
		{"gle/.h./.C./ELG:c:b", 16, "3 chicks"},
		{"gLe/.c./.C./.lG:E:b", 1, "far rank"},
		{"g.e/.c./.C./ELG:L:b", 16, "bad piece in hand"},
		{"g.e/.c./.C./ELG:-:b", 0, "no lion"},
		{"gle/.c./.C./ELX:-:b", 14, "bad cell"},
		{"gle/.c./.C./EL:-:b", 14, "expected 4 ranks of 3"},
		{"gle/.c./.C./ELG.:-:b", 15, "more than 12 cells"},
		{"gle/.c./.C./ELG:-:x", 18, "bad player to move"},
		{"gle/.c./.C./ELG", -1, "found 1 fields"},
	} {
		_, err := g.Parse(c.pos)
		var bad *budget.BadInput
		if !errors.As(err, &bad) || bad.Offset != c.off || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("Parse(%q) = %v (offset %v); want offset %d and %q", c.pos, err, bad, c.off, c.want)
		}
	}
}

// FuzzParse: Parse never panics, and what it reads formats to text it
// reads back as the same position.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"", "gle/.c./.C./ELG:-:b", "l../G../.../.L.:ECgec:b", "gle/.C./.../ELG:C:w", ".../L../.../..l:GECgec:b"} {
		f.Add(s)
	}
	g := New(Standard)
	f.Fuzz(func(t *testing.T, s string) {
		p, err := g.Parse(s)
		if err != nil {
			return
		}
		q, err := g.Parse(g.Format(p))
		if err != nil || q != p {
			t.Fatalf("%q: %s reads back as %s (%v)", s, g.Format(p), g.Format(q), err)
		}
	})
}
