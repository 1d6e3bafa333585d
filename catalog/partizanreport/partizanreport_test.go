package partizanreport_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/partizanreport"
	"github.com/grundy-go/grundy/cgt"
	_ "github.com/grundy-go/grundy/games/partizan/amazons"
	_ "github.com/grundy-go/grundy/games/partizan/colsnort"
	_ "github.com/grundy-go/grundy/games/partizan/cram"
	_ "github.com/grundy-go/grundy/games/partizan/cutcake"
	_ "github.com/grundy-go/grundy/games/partizan/domineering"
	_ "github.com/grundy-go/grundy/games/partizan/hackenbush"
	_ "github.com/grundy-go/grundy/games/partizan/maundy"
	_ "github.com/grundy-go/grundy/games/partizan/toads"
)

// randomPartizan writes a random small position of a partizan game.
func randomPartizan(r *rand.Rand, spec string) string {
	parts := 1 + r.IntN(2)
	var out []string
	for range parts {
		var b strings.Builder
		switch spec {
		case "col", "snort":
			n := 1 + r.IntN(7)
			for range n {
				b.WriteByte(".....LR"[r.IntN(7)])
			}
		case "cutcake":
			b.WriteString(string(rune('1'+r.IntN(4))) + "x" + string(rune('1'+r.IntN(4))))
		case "hackenbush":
			stalk := func(n int) string {
				var s strings.Builder
				for range n {
					s.WriteByte("lr"[r.IntN(2)])
				}
				return s.String()
			}
			b.WriteString(stalk(1 + r.IntN(3)))
			if r.IntN(2) == 0 {
				b.WriteString("[" + stalk(1+r.IntN(2)) + "," + stalk(1+r.IntN(2)) + "]")
			}
		case "toads-and-frogs":
			n := 2 + r.IntN(5)
			for range n {
				b.WriteByte("..TF"[r.IntN(4)])
			}
		case "domineering":
			rows, cols := 1+r.IntN(3), 2+r.IntN(2)
			for i := range rows {
				if i > 0 {
					b.WriteByte('|')
				}
				for range cols {
					b.WriteByte("...#"[r.IntN(4)])
				}
			}
			return b.String()
		}
		out = append(out, b.String())
	}
	return strings.Join(out, " ")
}

// TestWinningMovesAreExplorerMoves: the winning moves that Solve
// lists are, text for text, the explorer's moves of that player that win
// by the definition of the outcome classes (a move by Left wins when the
// position it leaves is L or P: Right, moving next, loses; Right's when
// it is R or P); and each, pasted back into Solve, has the value the
// explorer gave it.
func TestWinningMovesAreExplorerMoves(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 3))
	ctx := context.Background()
	for _, spec := range []string{"col", "snort", "cutcake", "hackenbush", "toads-and-frogs", "domineering"} {
		inst, err := catalog.Lookup(spec)
		if err != nil {
			t.Fatal(err)
		}
		ex, _ := catalog.AsExplorer(inst)
		tried, checked := 0, 0
		for range 400 {
			if tried == 40 {
				break
			}
			pos := randomPartizan(r, spec)
			rep, err := inst.Solve(ctx, strings.Fields(pos), catalog.Options{})
			if err != nil {
				continue // a random strip may break Col's or Snort's rule
			}
			tried++
			x, err := ex.Explore(ctx, strings.Fields(pos), catalog.Options{}, 1000)
			if err != nil {
				t.Fatalf("%s %s: %v", spec, pos, err)
			}
			if x.Report.Position != rep.Position {
				t.Errorf("%s %s: explorer position %q, solve %q", spec, pos, x.Report.Position, rep.Position)
			}
			var want []string
			values := map[string]any{}
			for _, m := range x.Moves {
				if m.Player == catalog.PlayerLeft && (m.Outcome == "L" || m.Outcome == "P") {
					want = append(want, "L: "+m.Position)
				}
				if m.Player == catalog.PlayerRight && (m.Outcome == "R" || m.Outcome == "P") {
					want = append(want, "R: "+m.Position)
				}
				values[m.Position] = m.Value
			}
			want = slices.Compact(want)
			if !slices.Equal(want, rep.WinningMoves) && len(want)+len(rep.WinningMoves) > 0 {
				t.Errorf("%s %s: winning moves %q, the explorer's winning moves %q", spec, pos, rep.WinningMoves, want)
			}
			checked += len(rep.WinningMoves)
			for _, m := range rep.WinningMoves {
				back, err := inst.Solve(ctx, strings.Fields(m[3:]), catalog.Options{})
				if err != nil {
					t.Errorf("%s %s: winning move %q does not read back: %v", spec, pos, m, err)
					continue
				}
				if back.Position != m[3:] || back.Value != values[m[3:]] {
					t.Errorf("%s %s: winning move %q solves to %q = %v, explorer %v", spec, pos, m, back.Position, back.Value, values[m[3:]])
				}
			}
		}
		if tried < 20 || checked < 10 {
			t.Errorf("%s: only %d random positions were valid, with %d winning moves", spec, tried, checked)
		}
		t.Logf("%s: %d positions, %d winning moves", spec, tried, checked)
	}
}

func explore(t *testing.T, spec, pos string) *catalog.Exploration {
	t.Helper()
	inst, err := catalog.Lookup(spec)
	if err != nil {
		t.Fatal(err)
	}
	ex, ok := catalog.AsExplorer(inst)
	if !ok {
		t.Fatalf("%s: not explorable", spec)
	}
	x, err := ex.Explore(context.Background(), []string{pos}, catalog.Options{}, 0)
	if err != nil {
		t.Fatalf("%s %s: %v", spec, pos, err)
	}
	return x
}

// TestRegistered: the six partizan games are registered with Kind
// "partizan", and each instance is a partizanreport.Instance that lists
// its moves.
func TestRegistered(t *testing.T) {
	var names []string
	for _, e := range catalog.Entries() {
		if e.Kind != partizanreport.Kind {
			continue
		}
		names = append(names, e.Name)
		inst, err := catalog.Lookup(e.Name)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := inst.(partizanreport.Instance); !ok {
			t.Errorf("%s: %T is not a partizanreport.Instance", e.Name, inst)
		}
		if _, ok := inst.(catalog.SuccessorLister); !ok {
			t.Errorf("%s: %T is not a SuccessorLister", e.Name, inst)
		}
		if inst.Spec() != e.Name {
			t.Errorf("%s: Spec %q", e.Name, inst.Spec())
		}
	}
	want := []string{"amazons", "childish-hackenbush", "col", "cram", "cutcake", "domineering", "eatcake", "elephants-and-rhinos", "fjords", "green-hackenbush", "hackenbush", "hackenbush-graph", "maundy-cake", "snort", "toads-and-frogs"}
	if !slices.Equal(names, want) {
		t.Errorf("partizan games %q, want %q", names, want)
	}
	if inst, err := catalog.Lookup("toads"); err != nil || inst.Spec() != "toads-and-frogs" {
		t.Errorf("toads: %v, %v", inst, err)
	}
}

// TestValue: Value gives the canonical form in the caller's space and
// writes the position back in the game's notation (Blue-Red Hackenbush
// stalks are dyadic numbers: lrrl = 1 - 1/2 - 1/4 + 1/8 = 3/8; Winning
// Ways ch. 1; the 2x2 Domineering board is ±1).
func TestValue(t *testing.T) {
	for _, c := range []struct{ spec, pos, wantPos, wantValue string }{
		{"hackenbush", "LRRL", "lrrl", "3/8"},
		{"hackenbush", "l[r,r] -", "l[r,r]", "1/4"}, // {0 | lr} = {0 | 1/2}
		{"domineering", "2x2", "2x2", "+-1"},
		{"cutcake", "1x4 2x1", "1x4 2x1", "2"},
		{"toads-and-frogs", "tf", "TF", "0"},
		{"col", "L...R", "L...R", "0"},
	} {
		inst, err := catalog.Lookup(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		s := cgt.NewSpace()
		g, pos, err := inst.(partizanreport.Instance).Value(context.Background(), s, strings.Fields(c.pos), catalog.Options{})
		if err != nil {
			t.Fatalf("%s %s: %v", c.spec, c.pos, err)
		}
		if pos != c.wantPos || s.String(g) != c.wantValue {
			t.Errorf("%s %s: %s = %s, want %s = %s", c.spec, c.pos, pos, s.String(g), c.wantPos, c.wantValue)
		}
	}
}

// TestSolveRefusesClosedForm: partizan games have no closed form to ask
// for.
func TestSolveRefusesClosedForm(t *testing.T) {
	inst, _ := catalog.Lookup("cutcake")
	_, err := inst.Solve(context.Background(), []string{"2x2"}, catalog.Options{Method: catalog.ClosedForm})
	var m *catalog.MethodError
	if !errors.As(err, &m) || err.Error() != "cutcake is valued by search" || m.Method != catalog.ClosedForm || m.Game != "cutcake" {
		t.Errorf("closed form: %#v", err)
	}
}

// TestBoards: a Domineering board and a single strip are drawn as a grid
// (an empty board as rows of empty cells), sums and Hackenbush trees as
// their parts.
func TestBoards(t *testing.T) {
	for _, c := range []struct {
		spec, pos, kind string
		rows, parts     []string
	}{
		{"domineering", "2x3", catalog.BoardGrid, []string{"...", "..."}, nil},
		{"domineering", "..#|#..", catalog.BoardGrid, []string{"..#", "#.."}, nil},
		{"toads-and-frogs", "TT..FF", catalog.BoardGrid, []string{"TT..FF"}, nil},
		{"snort", "L....", catalog.BoardGrid, []string{"L...."}, nil},
		{"col", "L.. ...", catalog.BoardComponents, nil, []string{"L..", "..."}},
		{"hackenbush", "lr", catalog.BoardComponents, nil, []string{"lr"}},
		{"cutcake", "3x4", catalog.BoardComponents, nil, []string{"3x4"}},
	} {
		b := explore(t, c.spec, c.pos).Board
		if b.Kind != c.kind || b.Text != c.pos || !slices.Equal(b.Rows, c.rows) || !slices.Equal(b.Components, c.parts) {
			t.Errorf("%s %s: board %+v", c.spec, c.pos, b)
		}
	}
}

// TestExampleRoundTrip explores the example position of each partizan
// game: every listed move's position reads back (explored again) with the
// outcome the move reported, and the moves that win by the outcome
// classes are, text for text, Solve's winning moves.
func TestExampleRoundTrip(t *testing.T) {
	ctx := context.Background()
	explored := 0
	for _, e := range catalog.Entries() {
		if e.Kind != partizanreport.Kind || e.Name == "green-hackenbush" {
			// Green Hackenbush is valued as a partizan game but explored
			// as the impartial game it is (its own test, server's
			// TestGreenHackenbushLarge, checks those moves).
			continue
		}
		f := strings.Fields(e.Example)
		if len(f) < 3 || f[0] != "value" || f[1] != e.Name {
			t.Errorf("%s: example %q", e.Name, e.Example)
			continue
		}
		pos := strings.Join(f[2:], " ")
		inst, err := catalog.Lookup(e.Name)
		if err != nil {
			t.Fatal(err)
		}
		ex, _ := catalog.AsExplorer(inst)
		x, err := ex.Explore(ctx, []string{pos}, catalog.Options{}, 50)
		if err != nil {
			t.Fatalf("%s %s: %v", e.Name, pos, err)
		}
		if x.MoveKind != catalog.MovesPartizan || !x.MovesCounted || x.MovesTotal != len(x.Moves) || len(x.Moves) == 0 {
			t.Fatalf("%s %s: kind %q, %d of %d moves", e.Name, pos, x.MoveKind, len(x.Moves), x.MovesTotal)
		}
		var wins []string
		for _, m := range x.Moves {
			rx, err := ex.Explore(ctx, []string{m.Position}, catalog.Options{}, 1)
			if err != nil {
				t.Errorf("%s %s → %s: reading the move back: %v", e.Name, pos, m.Position, err)
				continue
			}
			if rx.Report.Outcome != m.Outcome || rx.Report.Value != m.Value {
				t.Errorf("%s %s → %s: listed as %s %v, reads back as %s %v", e.Name, pos, m.Position, m.Outcome, m.Value, rx.Report.Outcome, rx.Report.Value)
			}
			switch {
			case m.Player == catalog.PlayerLeft && (m.Outcome == "L" || m.Outcome == "P"):
				wins = append(wins, "L: "+m.Position)
			case m.Player == catalog.PlayerRight && (m.Outcome == "R" || m.Outcome == "P"):
				wins = append(wins, "R: "+m.Position)
			}
		}
		if !slices.Equal(slices.Compact(wins), x.Report.WinningMoves) {
			t.Errorf("%s %s: winning moves %q, the explorer's %q", e.Name, pos, x.Report.WinningMoves, wins)
		}
		explored++
	}
	if explored != 14 {
		t.Errorf("%d partizan games explored, want 14", explored)
	}
}

// TestMovesAreConsistent walks every position below small positions of
// each partizan game through the explorer alone and checks the outcome
// classes it reports against their definition over the moves it lists:
// Left wins moving first when some Left move leaves a position that
// Right, moving first, loses (and the other way round); L when Left wins
// either way, R, N (the first player wins), P (the second).
func TestMovesAreConsistent(t *testing.T) {
	for _, c := range []struct{ spec, pos string }{
		{"toads-and-frogs", "TT..FF"}, {"toads-and-frogs", "T.TF.F"}, {"col", "....."}, {"col", "L...R"},
		{"snort", "...."}, {"snort", ".R.. ..."}, {"cutcake", "2x3"}, {"cutcake", "3x3 1x2"},
		{"hackenbush", "lrrl l[r,r]"}, {"hackenbush", "rl[l,r]"}, {"domineering", "3x3"}, {"domineering", "..#|...|..."},
		{"cram", "2x3"}, {"amazons", "x..|..o"}, {"maundy-cake", "2x4"},
		{"hackenbush-graph", "0-1l,1-2r,1-3g,3-0l"}, {"childish-hackenbush", "0-1l,1-2r,1-3g,3-0l"},
		{"col", "L...:0-1,1-2,2-3,3-0"}, {"snort", "K3 P3"},
	} {
		type wins struct{ left, right bool }
		memo := map[string]wins{}
		var walk func(pos string) wins
		walk = func(pos string) wins {
			if w, ok := memo[pos]; ok {
				return w
			}
			x := explore(t, c.spec, pos)
			var w wins
			class := map[wins]string{{true, true}: "N", {true, false}: "L", {false, true}: "R", {false, false}: "P"}
			for _, m := range x.Moves {
				next := walk(m.Position)
				if class[next] != m.Outcome {
					t.Errorf("%s %s → %s: listed as %s, its moves say %s", c.spec, pos, m.Position, m.Outcome, class[next])
				}
				if m.Player == catalog.PlayerLeft && !next.right {
					w.left = true
				}
				if m.Player == catalog.PlayerRight && !next.left {
					w.right = true
				}
			}
			if want := class[w]; x.Report.Outcome != want {
				t.Errorf("%s %s: outcome %s, its moves say %s", c.spec, pos, x.Report.Outcome, want)
			}
			memo[pos] = w
			return w
		}
		walk(c.pos)
		if len(memo) < 3 {
			t.Errorf("%s %s: only %d positions walked", c.spec, c.pos, len(memo))
		}
	}
}

// fuzzExplored are the partizan games whose positions FuzzExplore reads.
var fuzzExplored = []string{"domineering", "hackenbush", "toads", "cutcake", "col", "snort"}

// FuzzExplore feeds arbitrary positions to the explorers of the partizan
// games: whatever the input, an exploration whose moves lead somewhere,
// or a one-line error; never a panic or a hang.
func FuzzExplore(f *testing.F) {
	seeds := []struct {
		game uint8
		pos  string
	}{
		{0, "2x2"}, {0, "..#|...|#.."}, {0, "9x9"}, {1, "lr l[r,lr]"}, {1, "-"}, {1, "l["}, {2, "TT..FF"}, {2, "TFX"},
		{3, "3x4 2x2"}, {3, "0x4"}, {4, "L...R"}, {4, "LL"}, {5, "....."},
	}
	for _, s := range seeds {
		f.Add(s.game, s.pos)
	}
	f.Fuzz(func(t *testing.T, game uint8, pos string) {
		spec := fuzzExplored[int(game)%len(fuzzExplored)]
		inst, err := catalog.Lookup(spec)
		if err != nil {
			t.Fatal(err)
		}
		ex, _ := catalog.AsExplorer(inst)
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		x, err := ex.Explore(ctx, []string{pos}, catalog.Options{MaxStates: 5000}, 20)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("%s %q: a multi-line error %q", spec, pos, err)
			}
			return
		}
		if x.Report == nil || x.Report.Outcome == "" || x.Board == nil {
			t.Fatalf("%s %q: an incomplete exploration %+v", spec, pos, x)
		}
		for _, m := range x.Moves {
			if m.Position == "" || m.Player != catalog.PlayerLeft && m.Player != catalog.PlayerRight {
				t.Fatalf("%s %q: a move to nowhere %+v", spec, pos, m)
			}
		}
	})
}
