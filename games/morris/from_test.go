package morris

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/strong"
	"github.com/grundy-go/grundy/retro"
)

// buildFrom builds the database of spec from the position text into dir
// (grundy db build --from), with opts.
func buildFrom(t *testing.T, spec, text, dir string, opts strong.BuildOptions) (*strong.BuildResult, error) {
	t.Helper()
	inst, err := catalog.Lookup("morris:" + spec)
	if err != nil {
		t.Fatal(err)
	}
	opts.From = []string{text}
	return strong.Build(context.Background(), inst, dir, opts)
}

// openDB opens the database in dir for spec.
func openDB(t *testing.T, spec, dir string) *strong.DB {
	t.Helper()
	inst, err := catalog.Lookup("morris:" + spec)
	if err != nil {
		t.Fatal(err)
	}
	d, err := strong.OpenFor(dir, inst)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

// playedPosition plays n random moves from the start of g (fewer if the
// game ends first).
func playedPosition(g *Game, rng *rand.Rand, n int) Pos {
	p := g.Start()
	for range n {
		var kids []Pos
		g.EachMove(p, func(_ Move, q Pos) { kids = append(kids, q) })
		if len(kids) == 0 {
			break
		}
		p = kids[rng.IntN(len(kids))]
	}
	return p
}

// TestFromSameAsWhole: a database built from a position (--from) holds
// exactly the positions reachable from it, each with the record of the
// whole game's database, on positions of random play-outs of three men's
// morris and its variants; a position outside it is a one-line error
// that says so; a query without a position answers the one it was built
// from.
func TestFromSameAsWhole(t *testing.T) {
	for _, spec := range []string{"3", "3:fly", "3:diag"} {
		g, whole, _ := build(t, spec)
		rng := rand.New(rand.NewPCG(3, uint64(len(spec))))
		for i := range 6 {
			p := playedPosition(g, rng, 1+rng.IntN(12))
			text := g.Format(p)
			dir := t.TempDir()
			res, err := buildFrom(t, spec, text, dir, strong.BuildOptions{})
			if err != nil {
				t.Fatalf("%s --from %s: %v", spec, text, err)
			}
			d := openDB(t, spec, dir)
			n := 0
			for q := range g.From(p) {
				qt := g.Format(q)
				want, err := whole.Query([]string{qt})
				if err != nil {
					t.Fatal(err)
				}
				got, err := d.Query([]string{qt})
				if err != nil {
					t.Fatalf("%s --from %s: %s: %v", spec, text, qt, err)
				}
				if got.Outcome != want.Outcome || rem(got) != rem(want) || strings.Join(got.WinningMoves, " ") != strings.Join(want.WinningMoves, " ") {
					t.Fatalf("%s --from %s: %s: %s %d %v, the whole database %s %d %v", spec, text, qt,
						got.Outcome, rem(got), got.WinningMoves, want.Outcome, rem(want), want.WinningMoves)
				}
				n++
			}
			// The database counts every position of each orbit it holds:
			// the reachable positions, closed under the symmetries.
			if res.Positions < int64(n) {
				t.Errorf("%s --from %s: %d positions, %d reachable", spec, text, res.Positions, n)
			}
			start, err := d.Query(nil)
			if err != nil || start.Position != text {
				t.Fatalf("%s --from %s: query without a position: %v, %v", spec, text, start, err)
			}
			if s, err := d.Start(); err != nil || s != text {
				t.Errorf("%s --from %s: Start %q, %v", spec, text, s, err)
			}
			if i == 0 && p != g.Start() {
				_, err := d.Query([]string{g.Format(g.Start())})
				var bad *budget.BadInput
				if !errors.As(err, &bad) || !strings.Contains(err.Error(), "not in this database") || strings.Contains(err.Error(), "\n") {
					t.Errorf("%s --from %s: the start: %v; want a one-line error that it is outside", spec, text, err)
				}
			}
		}
	}
}

// endgamePosition is a random position of g's moving phase with w white
// and b black men, one that Parse takes (play reaches it) and not over.
func endgamePosition(t *testing.T, g *Game, rng *rand.Rand, w, b int) Pos {
	t.Helper()
	for range 10000 {
		pts := rng.Perm(g.Board.N())
		var wm, bm uint32
		for _, i := range pts[:w] {
			wm |= 1 << i
		}
		for _, i := range pts[w : w+b] {
			bm |= 1 << i
		}
		p := makePos(wm, bm, 0, 0, rng.IntN(2) == 1)
		if q, err := g.Parse(g.Format(p)); err == nil && q == p && !g.Over(p) {
			return p
		}
	}
	t.Fatalf("no position of %d and %d men found", w, b)
	return 0
}

func rem(r *catalog.Report) int {
	if r.Remoteness == nil {
		return -1
	}
	return *r.Remoteness
}

// TestFromEndgame6: six men's morris from positions of the moving phase
// (endgame databases, as Gasser's): every position reachable from the
// position has the record a retrograde analysis from it gives (package
// retro, written apart from the tier solver).
func TestFromEndgame6(t *testing.T) {
	g := mustGame(t, "6")
	in := instance{g}
	rng := rand.New(rand.NewPCG(6, 4))
	for _, men := range [][2]int{{3, 3}, {4, 3}} {
		p := endgamePosition(t, g, rng, men[0], men[1])
		tab, err := retro.SolveFrom[Pos](context.Background(), g, p, retro.GameOptions{})
		if err != nil {
			t.Fatal(err)
		}
		text := g.Format(p)
		dir := t.TempDir()
		if _, err := buildFrom(t, "6", text, dir, strong.BuildOptions{}); err != nil {
			t.Fatalf("--from %s: %v", text, err)
		}
		d := openDB(t, "6", dir)
		n := 0
		for q := range g.From(p) {
			// Every position of the small endgames, one in 8 of the
			// larger (the queries take the time).
			if men[0] == 3 || n%8 == 0 {
				sameReport(t, g, d, in.report(tab, q))
			}
			n++
		}
		t.Logf("--from %s: %d positions", text, n)
	}
}

// TestFromResume: a --from build stopped after its first tier and run
// again ends byte for byte as an uninterrupted one; a build from
// another position (or from the start) into its directory is refused.
func TestFromResume(t *testing.T) {
	g := mustGame(t, "6")
	rng := rand.New(rand.NewPCG(6, 9))
	p := endgamePosition(t, g, rng, 4, 4)
	text := g.Format(p)
	whole := t.TempDir()
	if _, err := buildFrom(t, "6", text, whole, strong.BuildOptions{Workers: 2}); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	inst, _ := catalog.Lookup("morris:6")
	solved := 0
	_, err := strong.Build(ctx, inst, dir, strong.BuildOptions{From: []string{text}, Workers: 2, Progress: func(pr strong.Progress) {
		if pr.Phase == "solve" && pr.Done == pr.Total && pr.Total > 0 {
			if solved++; solved == 2 {
				cancel()
			}
		}
	}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("the stopped build: %v", err)
	}
	if _, err := buildFrom(t, "6", g.Format(playedPosition(g, rng, 3)), dir, strong.BuildOptions{}); err == nil || !strings.Contains(err.Error(), "--from") {
		t.Errorf("a build from another position into the directory: %v", err)
	}
	if _, err := strong.Build(context.Background(), inst, dir, strong.BuildOptions{}); err == nil || !strings.Contains(err.Error(), "not from the start") {
		t.Errorf("a build from the start into the directory: %v", err)
	}
	res, err := buildFrom(t, "6", text, dir, strong.BuildOptions{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if res.Resumed == 0 {
		t.Errorf("the resumed build found no finished tier")
	}
	files, _ := filepath.Glob(filepath.Join(whole, "*"))
	for _, f := range files {
		a, _ := os.ReadFile(f)
		b, err := os.ReadFile(filepath.Join(dir, filepath.Base(f)))
		if err != nil || string(a) != string(b) {
			t.Errorf("%s differs after the resume (%v)", filepath.Base(f), err)
		}
	}
}
