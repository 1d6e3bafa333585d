package native_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/native"
	"github.com/grundy-go/grundy/native/nativetest"
	_ "github.com/grundy-go/grundy/script"
	"github.com/grundy-go/grundy/server"
)

func TestMain(m *testing.M) {
	if err := nativetest.Register(".."); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(m.Run())
}

// twin is the spec of an example's Go twin, registered by TestMain.
func twin(rel string) string { return filepath.Join("..", rel) }

func lookup(t *testing.T, spec string) catalog.Instance {
	t.Helper()
	inst, err := catalog.Lookup(spec)
	if err != nil {
		t.Fatal(err)
	}
	return inst
}

func solve(t *testing.T, inst catalog.Instance, pos string, params map[string]string) *catalog.Report {
	t.Helper()
	r, err := inst.Solve(context.Background(), strings.Fields(pos), catalog.Options{Params: params})
	if err != nil {
		t.Fatalf("%s %q: %v", inst.Spec(), pos, err)
	}
	return r
}

// same says how two reports of one position differ ("" when they agree
// on outcome, value, remoteness and the set of winning moves).
func same(a, b *catalog.Report) string {
	ma, mb := slices.Sorted(slices.Values(a.WinningMoves)), slices.Sorted(slices.Values(b.WinningMoves))
	switch {
	case a.Position != b.Position:
		return fmt.Sprintf("position %q vs %q", a.Position, b.Position)
	case a.Outcome != b.Outcome:
		return fmt.Sprintf("outcome %s vs %s", a.Outcome, b.Outcome)
	case fmt.Sprint(a.Grundy) != fmt.Sprint(b.Grundy):
		return fmt.Sprintf("grundy %v vs %v", a.Grundy, b.Grundy)
	case (a.Remoteness == nil) != (b.Remoteness == nil) || a.Remoteness != nil && *a.Remoteness != *b.Remoteness:
		return fmt.Sprintf("remoteness %v vs %v", deref(a.Remoteness), deref(b.Remoteness))
	case !slices.Equal(ma, mb):
		return fmt.Sprintf("winning moves %q vs %q", ma, mb)
	}
	return ""
}

func deref(p *int) any {
	if p == nil {
		return nil
	}
	return *p
}

// TestTwinsAgree: each Go twin answers every position as its script does,
// through the catalog (what solve, the server and the explorer call).
func TestTwinsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 1))
	t.Run("euclid", func(t *testing.T) {
		goSpec := twin("examples/native/euclid/euclid.go")
		g, s := lookup(t, goSpec), lookup(t, "../examples/euclid.star")
		for range 60 {
			pos := fmt.Sprintf("%d %d", rng.IntN(60), rng.IntN(60))
			if d := same(solve(t, g, pos, nil), solve(t, s, pos, nil)); d != "" {
				t.Errorf("euclid %s: Go and script differ: %s", pos, d)
			}
		}
	})
	t.Run("chomp", func(t *testing.T) {
		goSpec := twin("examples/native/chomp/chomp.go")
		g, s := lookup(t, goSpec), lookup(t, "../examples/chomp.star")
		for range 30 {
			rows := 1 + rng.IntN(5)
			var parts []string
			top := 1 + rng.IntN(6)
			for range rows {
				top = 1 + rng.IntN(top)
				parts = append(parts, fmt.Sprint(top))
			}
			pos := strings.Join(parts, " ")
			if d := same(solve(t, g, pos, nil), solve(t, s, pos, nil)); d != "" {
				t.Errorf("chomp %s: Go and script differ: %s", pos, d)
			}
		}
		params := map[string]string{"rows": "4", "cols": "5"}
		if d := same(solve(t, g, "", params), solve(t, s, "", params)); d != "" {
			t.Errorf("chomp 4x5 start: Go and script differ: %s", d)
		}
	})
	t.Run("mock", func(t *testing.T) {
		goSpec := twin("examples/native/mock/mock.go")
		g, s := lookup(t, goSpec), lookup(t, "../examples/mock.star")
		for range 30 {
			var coins []string
			for c := range 14 {
				if rng.IntN(4) == 0 {
					coins = append(coins, fmt.Sprint(c))
				}
			}
			pos := strings.Join(coins, " ")
			if pos == "" {
				continue // no position given means the start
			}
			if d := same(solve(t, g, pos, nil), solve(t, s, pos, nil)); d != "" {
				t.Errorf("mock %s: Go and script differ: %s", pos, d)
			}
		}
	})
}

// odious is the n-th odious number: a coin of Mock Turtles at n is worth
// it (Winning Ways ch. 14).
func odious(n int) uint64 {
	for v := uint64(2 * n); ; v++ {
		if popcount(v)%2 == 1 {
			return v
		}
	}
}

func popcount(v uint64) int {
	c := 0
	for ; v != 0; v &= v - 1 {
		c++
	}
	return c
}

// TestTable: tables of a one-integer and a two-integer Go game, against
// the published values and against solve.
func TestTable(t *testing.T) {
	ctx := context.Background()
	m := lookup(t, twin("examples/native/mock/mock.go")).(catalog.Tabler)
	tab, err := m.Table(ctx, 40, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for n, v := range tab.Values {
		if v != odious(n) {
			t.Errorf("mock table: G(%d) = %d, want the odious number %d", n, v, odious(n))
		}
	}
	e := lookup(t, twin("examples/native/euclid/euclid.go"))
	tab, err = e.(catalog.Tabler).Table(ctx, 12, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for a, row := range tab.Grid {
		for b, v := range row {
			r := solve(t, e, fmt.Sprintf("%d %d", a, b), nil)
			if r.Grundy.Int64() != v {
				t.Errorf("euclid table: G(%d, %d) = %d, solve says %v", a, b, v, r.Grundy)
			}
		}
	}
}

// TestExplore: each move the explorer lists carries the value solve gives
// the position it leaves.
func TestExplore(t *testing.T) {
	inst := lookup(t, twin("examples/native/chomp/chomp.go"))
	x, err := inst.(catalog.Explorer).Explore(context.Background(), []string{"4 3 3 1"}, catalog.Options{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if x.MovesTotal != 10 || len(x.Moves) != 10 {
		t.Fatalf("4 3 3 1 has 10 moves; the explorer lists %d of %d", len(x.Moves), x.MovesTotal)
	}
	for _, m := range x.Moves {
		r := solve(t, inst, m.Position, nil)
		if r.Outcome != m.Outcome || r.Grundy.Cmp(m.Grundy) != 0 {
			t.Errorf("move to %s: explorer says %s %v, solve %s %v", m.Position, m.Outcome, m.Grundy, r.Outcome, r.Grundy)
		}
	}
	// The server opens games by their text, as --script does.
	src, _ := os.ReadFile("../examples/native/chomp/chomp.go")
	si, err := catalog.OpenScript("../examples/native/chomp/chomp.go", src)
	if err != nil {
		t.Fatal(err)
	}
	if start, err := si.StartWith(catalog.Options{Params: map[string]string{"rows": "2", "cols": "3"}}); err != nil || start != "3 3" {
		t.Errorf("start with rows=2 cols=3: %q, %v; want \"3 3\"", start, err)
	}
	if _, err := catalog.OpenScript("../examples/native/chomp/chomp.go", append(src, '\n')); err == nil || !strings.Contains(err.Error(), "changed") {
		t.Errorf("a changed file: %v; want an error saying it changed", err)
	}
}

// TestPanicIsAnError: a panic in the game's code is an error naming the
// file and line, never a crash.
func TestPanicIsAnError(t *testing.T) {
	table := []int{1, 2, 3}
	d := native.New(func(n int) []int {
		_ = table[n] // panics past 2
		return []int{n - 1}
	})
	self, _ := filepath.Abs("native_test.go")
	native.Register(self, self, native.Sum([]byte("panics")), d)
	inst, err := catalog.OpenScript("native_test.go", []byte("panics"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = inst.Solve(context.Background(), []string{"7"}, catalog.Options{})
	var ne *native.Error
	if !errors.As(err, &ne) || !strings.HasPrefix(ne.Msg, "native_test.go:") || !strings.Contains(ne.Msg, "index out of range [7]") {
		t.Fatalf("got %v; want a *native.Error at native_test.go:LINE with the panic's value", err)
	}
}

// TestNotation: positions of arrays and structs read and print as a
// script's tuples; bad ones are errors naming what is wrong.
func TestNotation(t *testing.T) {
	type pair struct {
		A int8
		b string
	}
	d := native.New(func(p pair) []pair {
		if p.A <= 0 {
			return nil
		}
		return []pair{{p.A - 1, p.b + "x"}}
	})
	self, _ := filepath.Abs("notation.go")
	native.Register(self, self, native.Sum([]byte("notation")), d)
	inst, err := catalog.OpenScript("notation.go", []byte("notation"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := inst.Solve(context.Background(), nil, catalog.Options{PositionExpr: `(3, "ab")`})
	if err != nil {
		t.Fatal(err)
	}
	if r.Position != `(3, "ab")` || r.Outcome != "N" || len(r.WinningMoves) != 1 || r.WinningMoves[0] != `(2, "abx")` {
		t.Errorf("(3, \"ab\"): %s %s %q", r.Position, r.Outcome, r.WinningMoves)
	}
	for _, bad := range []string{`(300, "ab")`, `(1, 2)`, `(1,)`, `"ab"`} {
		if _, err := inst.Solve(context.Background(), nil, catalog.Options{PositionExpr: bad}); err == nil {
			t.Errorf("position %s: no error", bad)
		}
	}
}

// TestCompound: a compound of a Go game is decided as its script twin's.
func TestCompound(t *testing.T) {
	g := lookup(t, twin("examples/native/euclid/euclid.go")).(catalog.CompoundSolver)
	s := lookup(t, "../examples/euclid.star").(catalog.CompoundSolver)
	comps := [][]string{{"5", "3"}, {"7", "2"}, {"4", "4"}}
	for _, kind := range []string{"conjunctive", "continued", "selective"} {
		k, err := catalog.ParseCompound(kind)
		if err != nil {
			t.Fatal(err)
		}
		a, err := g.SolveCompound(context.Background(), k, comps, catalog.Options{})
		if err != nil {
			t.Fatal(err)
		}
		b, err := s.SolveCompound(context.Background(), k, comps, catalog.Options{})
		if err != nil {
			t.Fatal(err)
		}
		ja, _ := json.Marshal(a.Extra)
		jb, _ := json.Marshal(b.Extra)
		if d := same(a, b); d != "" || string(ja) != string(jb) {
			t.Errorf("%s compound: Go and script differ: %s; %s vs %s", kind, d, ja, jb)
		}
	}
}

// TestServeScript: grundy serve --script GAME.go serves a Go game under
// its file name, as it serves a Starlark script.
func TestServeScript(t *testing.T) {
	insts, err := server.LoadScripts([]string{twin("examples/native/chomp/chomp.go")})
	if err != nil {
		t.Fatal(err)
	}
	inst := insts["chomp.go"]
	if inst == nil {
		t.Fatalf("served as %v; want chomp.go", insts)
	}
	r := solve(t, inst, "3 3", nil)
	if r.Game != "chomp.go" || r.Outcome != "N" || r.Grundy.Int64() != 4 || fmt.Sprint(r.WinningMoves) != "[3 2]" {
		t.Errorf("chomp.go 3 3: %s %s %v %v", r.Game, r.Outcome, r.Grundy, r.WinningMoves)
	}
}

// TestMisere: misère play of a Go game is its script twin's (the script
// with misere = True is solved by its own search of the rules).
func TestMisere(t *testing.T) {
	g := lookup(t, twin("examples/native/euclid/euclid.go")).(catalog.MisereSolver)
	s := lookup(t, "../examples/euclid.star").(catalog.MisereSolver)
	for _, pos := range []string{"5 3", "7 2", "4 4", "9 5", "1 1", "0 3", "13 8"} {
		a, err := g.SolveMisere(context.Background(), strings.Fields(pos), catalog.Options{})
		if err != nil {
			t.Fatal(err)
		}
		b, err := s.SolveMisere(context.Background(), strings.Fields(pos), catalog.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if d := same(a, b); d != "" {
			t.Errorf("misère %s: Go and script differ: %s", pos, d)
		}
	}
	// A coin-turning game: its components cancel only under normal play.
	g = lookup(t, twin("examples/native/mock/mock.go")).(catalog.MisereSolver)
	s = lookup(t, "../examples/mock.star").(catalog.MisereSolver)
	for _, pos := range []string{"1 2 3", "0", "2", "0 3", "1 4 5"} {
		a, err := g.SolveMisere(context.Background(), strings.Fields(pos), catalog.Options{})
		if err != nil {
			t.Fatal(err)
		}
		b, err := s.SolveMisere(context.Background(), strings.Fields(pos), catalog.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if d := same(a, b); d != "" {
			t.Errorf("mock misère %s: Go and script differ: %s", pos, d)
		}
	}
}

// TestLabel: a game's Label names its moves in the explorer, and the
// catalog's labelling keeps it.
func TestLabel(t *testing.T) {
	d := native.New(func(n int) []int {
		var out []int
		for k := 1; k <= 3 && k <= n; k++ {
			out = append(out, n-k)
		}
		return out
	})
	d.Label = func(p, q int) string { return fmt.Sprintf("take %d", p-q) }
	self, _ := filepath.Abs("label.go")
	native.Register(self, self, native.Sum([]byte("label")), d)
	inst, err := catalog.OpenScript("label.go", []byte("label"))
	if err != nil {
		t.Fatal(err)
	}
	x, err := inst.(catalog.Explorer).Explore(context.Background(), []string{"5"}, catalog.Options{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	catalog.LabelMoves(inst, x)
	var got []string
	for _, m := range x.Moves {
		got = append(got, m.Position+":"+m.Label+":"+m.Move)
	}
	if want := "[4:take 1:take 1 3:take 2:take 2 2:take 3:take 3]"; fmt.Sprint(got) != want {
		t.Errorf("moves from 5: %v, want %s", got, want)
	}
}
