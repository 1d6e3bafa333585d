package examples

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/script"

	_ "github.com/grundy-go/grundy/catalog/builtin"
)

// --- partizan scripts (issue 19) --------------------------------------------

// pvalue is the canonical value of a script position given as a Starlark
// expression, in s.
func pvalue(t *testing.T, g *script.Game, s *cgt.Space, expr string) cgt.Game {
	t.Helper()
	ctx := context.Background()
	p, err := g.Parse(ctx, nil, expr)
	if err != nil {
		t.Fatalf("%s: %s: %v", g.File(), expr, err)
	}
	v, err := g.PartizanValue(ctx, s, p)
	if err != nil {
		t.Fatalf("%s: %s: %v", g.File(), expr, err)
	}
	return v
}

func loadGame(t *testing.T, file string, params map[string]string) *script.Game {
	t.Helper()
	g, err := script.Load(context.Background(), file, nil, script.Options{Params: params})
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return g
}

// goValue values a game given by its Left and Right moves in Go, by the
// definition {G^L | G^R}: the independent witness for the scripts.
func goValue[P comparable](s *cgt.Space, p P, left, right func(P) []P, memo map[P]cgt.Game) cgt.Game {
	if v, ok := memo[p]; ok {
		return v
	}
	var L, R []cgt.Game
	for _, q := range left(p) {
		L = append(L, goValue(s, q, left, right, memo))
	}
	for _, q := range right(p) {
		R = append(R, goValue(s, q, left, right, memo))
	}
	v, err := s.Make(L, R)
	if err != nil {
		panic(err)
	}
	memo[p] = v
	return v
}

// TestToppling checks toppling.star on every row of up to 6 dominoes over
// L, R, G and gaps against a Go transcription of the rules, and the
// published values: a row of n Left dominoes is n (Fink, Nowakowski,
// Siegel, Wolfe, "Toppling Dominoes", 2015), LR is * and LRL is 1/2.
func TestToppling(t *testing.T) {
	g := loadGame(t, "toppling.star", nil)
	s := cgt.NewSpace()
	topple := func(mine byte) func(string) []string {
		return func(row string) []string {
			var out []string
			for i := 0; i < len(row); i++ {
				if row[i] == mine || row[i] == 'G' {
					out = append(out, strings.TrimLeft(row[i+1:], "."), strings.TrimRight(row[:i], "."))
				}
			}
			return out
		}
	}
	memo := map[string]cgt.Game{}
	rows := []string{""}
	for n := 1; n <= 6; n++ {
		var next []string
		for _, r := range rows {
			if len(r) == n-1 {
				for _, c := range "LRG." {
					next = append(next, r+string(c))
				}
			}
		}
		rows = append(rows, next...)
	}
	checked := 0
	for _, r := range rows {
		if strings.HasPrefix(r, ".") || strings.HasSuffix(r, ".") {
			continue
		}
		want := goValue(s, r, topple('L'), topple('R'), memo)
		if got := pvalue(t, g, s, fmt.Sprintf("%q", r)); got != want {
			t.Fatalf("toppling %q = %s, the rules give %s", r, s.String(got), s.String(want))
		}
		checked++
	}
	for _, c := range []struct{ row, want string }{
		{"L", "1"}, {"LLLL", "4"}, {"RRR", "-3"}, {"LR", "*"}, {"G", "*"}, {"LRL", "1/2"},
	} {
		if got := s.String(pvalue(t, g, s, fmt.Sprintf("%q", c.row))); got != c.want {
			t.Errorf("toppling %s = %s, want %s", c.row, got, c.want)
		}
	}
	t.Logf("%d rows checked", checked)
}

// TestPartizanSubtraction checks partizan_subtraction.star against a Go
// transcription for several pairs of sets, heaps up to 40, and sums of
// heaps against sums of values; with equal sets the game is impartial and
// its values are the nimbers of the subtraction game (Winning Ways ch. 4:
// S = {1,2} gives *(n mod 3)).
func TestPartizanSubtraction(t *testing.T) {
	for _, sets := range [][2]string{{"1,3", "2,3"}, {"1,2", "1,2"}, {"1", "2"}, {"2,5", "1,4"}} {
		g := loadGame(t, "partizan_subtraction.star", map[string]string{"left": sets[0], "right": sets[1]})
		s := cgt.NewSpace()
		sub := func(set string) func(int) []int {
			return func(n int) []int {
				var out []int
				for _, k := range strings.Split(set, ",") {
					var x int
					fmt.Sscan(k, &x)
					if x <= n {
						out = append(out, n-x)
					}
				}
				return out
			}
		}
		memo := map[int]cgt.Game{}
		for n := 0; n <= 40; n++ {
			want := goValue(s, n, sub(sets[0]), sub(sets[1]), memo)
			if got := pvalue(t, g, s, fmt.Sprint(n)); got != want {
				t.Fatalf("sets %v, heap %d: %s, the rules give %s", sets, n, s.String(got), s.String(want))
			}
			if sets[0] == "1,2" && s.String(want) != s.String(mustNimber(t, s, n%3)) {
				t.Fatalf("S = {1,2}: heap %d = %s, want *%d", n, s.String(want), n%3)
			}
		}
		sum, err := s.Sum(memo[3], memo[5], memo[7])
		if err != nil {
			t.Fatal(err)
		}
		if got := pvalue(t, g, s, "(3, 5, 7)"); got != sum {
			t.Fatalf("sets %v: (3, 5, 7) = %s, the sum of the heaps is %s", sets, s.String(got), s.String(sum))
		}
	}
}

func mustNimber(t *testing.T, s *cgt.Space, n int) cgt.Game {
	g, err := s.Nimber(n)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestDomineeringScript checks domineering.star against the built-in
// domineering on every rectangle of up to 12 cells, and published values:
// 2x2 = ±1 and 2x3 = {2|-1/2} (Winning Ways ch. 2), 4x4 as CGSuite prints
// it, +-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}} (CGSuite's Domineering
// example).
func TestDomineeringScript(t *testing.T) {
	g := loadGame(t, "domineering.star", nil)
	inst, err := catalog.Lookup("domineering")
	if err != nil {
		t.Fatal(err)
	}
	builtin := inst.(reports.Valuer)
	s := cgt.NewSpace()
	board := func(r, c int) string {
		rows := make([]string, r)
		for i := range rows {
			rows[i] = strings.Repeat(".", c)
		}
		return strings.Join(rows, "/")
	}
	for r := 1; r <= 6; r++ {
		for c := 1; r*c <= 12; c++ {
			got := pvalue(t, g, s, fmt.Sprintf("%q", board(r, c)))
			want, _, err := builtin.Value(context.Background(), s, []string{fmt.Sprintf("%dx%d", r, c)}, catalog.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Errorf("%dx%d: the script says %s, the built-in %s", r, c, s.String(got), s.String(want))
			}
		}
	}
	for _, c := range []struct{ board, want string }{
		{"../..", "+-1"}, {".../...", "{2|-1/2}"}, {"..../..../..../....", "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}"},
	} {
		if got := s.String(pvalue(t, g, s, fmt.Sprintf("%q", c.board))); got != c.want {
			t.Errorf("%s = %s, want %s", c.board, got, c.want)
		}
	}
}

// TestCram checks cram.star, an impartial script, valued as a partizan
// game: its values are the nimbers grundy solve finds, even-by-even boards
// are 0 and even-by-odd ones are not (Gardner's symmetry strategies;
// Winning Ways ch. 23).
func TestCram(t *testing.T) {
	solver := load(t, "cram.star", nil)
	g := solver.Game()
	s := cgt.NewSpace()
	for r := 1; r <= 4; r++ {
		for c := 1; r*c <= 12; c++ {
			rows := make([]string, r)
			for i := range rows {
				rows[i] = strings.Repeat(".", c)
			}
			b := fmt.Sprintf("%q", strings.Join(rows, "/"))
			v := pvalue(t, g, s, b)
			p, err := g.Parse(context.Background(), nil, b)
			if err != nil {
				t.Fatal(err)
			}
			n, pure, err := solver.Grundy(context.Background(), p)
			if err != nil || !pure {
				t.Fatal(err)
			}
			if want := mustNimber(t, s, int(n)); v != want {
				t.Errorf("cram %dx%d: value %s, Sprague-Grundy value *%d", r, c, s.String(v), n)
			}
			switch {
			case r%2 == 0 && c%2 == 0 && v != cgt.Zero:
				t.Errorf("cram %dx%d (even by even) = %s, want 0", r, c, s.String(v))
			case (r+c)%2 == 1 && v == cgt.Zero:
				t.Errorf("cram %dx%d (even by odd) = 0, want a first-player win", r, c)
			}
		}
	}
}

// TestPartizanScriptErrors: a partizan script asked for an impartial
// solve, a loopy partizan script, and a half-defined one get clear errors.
func TestPartizanScriptErrors(t *testing.T) {
	ctx := context.Background()
	load := func(src string) (*script.Game, error) {
		return script.Load(ctx, "p.star", []byte(src), script.Options{})
	}
	if _, err := load("def left_moves(p):\n    return []\n"); err == nil || !strings.Contains(err.Error(), "both left_moves") {
		t.Errorf("left_moves alone: %v", err)
	}
	if _, err := load("def left_moves(p):\n    return []\ndef right_moves(p):\n    return []\nmisere = True\n"); err == nil || !strings.Contains(err.Error(), "cannot also define misere") {
		t.Errorf("partizan and misere: %v", err)
	}
	g, err := load("def left_moves(p):\n    return [1 - p]\ndef right_moves(p):\n    return []\nstart = 0\n")
	if err != nil {
		t.Fatal(err)
	}
	p, _ := g.Parse(ctx, nil, "0")
	if _, err := g.PartizanValue(ctx, cgt.NewSpace(), p); err == nil || !strings.Contains(err.Error(), "repeats") {
		t.Errorf("loopy partizan script: %v", err)
	}
	solver := script.NewSolver(g, script.SolveOptions{})
	if _, err := solver.Solve(ctx, p); err == nil || !strings.Contains(err.Error(), "grundy value") {
		t.Errorf("solve of a partizan script: %v", err)
	}
}

// TestExampleBadPositions: the example scripts refuse a position that is
// not one of theirs, naming it, instead of valuing it as a game without
// moves (issue 19: "grundy value examples/domineering.star 4x4" answered
// 0, the board "4x4" having no empty cell).
func TestExampleBadPositions(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct{ file, pos, want string }{
		{"domineering.star", `"4x4"`, `bad board "4x4": rows of one length`},
		{"domineering.star", `"..../..."`, `bad board "..../..."`},
		{"cram.star", `"3x3"`, `bad board "3x3"`},
		{"toppling.star", `"LRX"`, `bad row "LRX"`},
		{"partizan_subtraction.star", `-3`, `bad heap -3`},
		{"partizan_subtraction.star", `(3, -1)`, `bad heap -1`},
		{"partizan_subtraction.star", `"10"`, `bad heap "10"`},
	} {
		g := loadGame(t, c.file, nil)
		p, err := g.Parse(ctx, nil, c.pos)
		if err != nil {
			t.Fatalf("%s %s: %v", c.file, c.pos, err)
		}
		if _, err := g.PartizanValue(ctx, cgt.NewSpace(), p); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %s: %v, want an error containing %q", c.file, c.pos, err, c.want)
		}
	}
	// Their own positions still value: domineering 2x3 = {2|-1/2}, cram
	// 2x3 = *, LRL = 1/2, heap 0 = 0.
	s := cgt.NewSpace()
	for _, c := range []struct{ file, pos, want string }{
		{"domineering.star", `".../..."`, "{2|-1/2}"},
		{"cram.star", `".../..."`, "*"},
		{"toppling.star", `"LRL"`, "1/2"},
		{"partizan_subtraction.star", `0`, "0"},
	} {
		if v := pvalue(t, loadGame(t, c.file, nil), s, c.pos); s.String(v) != c.want {
			t.Errorf("%s %s = %s, want %s", c.file, c.pos, s.String(v), c.want)
		}
	}
}

// TestSolvePartizanScript: 'grundy solve' on a partizan script (issue
// 37) gives the outcome and the winning moves a plain search of the play
// gives: who wins moving first, by the rules in Go, on heaps 0..25 of
// partizan_subtraction.star with Left {1,2}, Right {3} and with Left
// {1,3}, Right {2,3}.
func TestSolvePartizanScript(t *testing.T) {
	for _, sets := range [][2][]int{{{1, 2}, {3}}, {{1, 3}, {2, 3}}} {
		params := map[string]string{"left": join(sets[0]), "right": join(sets[1])}
		inst, err := catalog.OpenScript("partizan_subtraction.star", nil)
		if err != nil {
			t.Fatal(err)
		}
		// winsFirst[left][n]: the player moving first on heap n wins.
		memo := map[[2]int]bool{}
		var winsFirst func(left bool, n int) bool
		winsFirst = func(left bool, n int) bool {
			key := [2]int{n, 0}
			set := sets[1]
			if left {
				key[1], set = 1, sets[0]
			}
			if v, ok := memo[key]; ok {
				return v
			}
			v := false
			for _, k := range set {
				if k <= n && !winsFirst(!left, n-k) {
					v = true
				}
			}
			memo[key] = v
			return v
		}
		for n := 0; n <= 25; n++ {
			r, err := inst.Solve(context.Background(), []string{fmt.Sprint(n)}, catalog.Options{Params: params})
			if err != nil {
				t.Fatal(err)
			}
			want := map[[2]bool]string{{true, true}: "N", {true, false}: "L", {false, true}: "R", {false, false}: "P"}[[2]bool{winsFirst(true, n), winsFirst(false, n)}]
			if r.Outcome != want {
				t.Fatalf("sets %v heap %d: %s, the plain search says %s", sets, n, r.Outcome, want)
			}
			var moves []string
			for i, set := range sets {
				for _, k := range set {
					if k <= n && !winsFirst(i == 1, n-k) {
						moves = append(moves, fmt.Sprintf("%s: %d", []string{"L", "R"}[i], n-k))
					}
				}
			}
			if strings.Join(r.WinningMoves, ";") != strings.Join(moves, ";") {
				t.Fatalf("sets %v heap %d: winning moves %v, the plain search says %v", sets, n, r.WinningMoves, moves)
			}
		}
	}
}

func join(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ",")
}
