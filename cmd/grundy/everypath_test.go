package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/native/nativetest"
)

// pathCase is an example script tabulated, and the built-in game that is
// its twin, if any.
type pathCase struct {
	script   string
	params   map[string]string
	template string // "" for the script's default
	upto     int
	from     int // the least a (and b) of the cells checked
	// twin names the built-in position of the cell (a, b): its spec and
	// tokens; nil when the script has no twin.
	twin func(a, b int) (string, []string)
	// goTwin is the game written in Go that transcribes the script
	// (native/nativetest registers it), "" for none.
	goTwin string
}

// registerTwins registers the Go twins once, in the test that uses them
// (not in init: the test binary also runs as the grundy command of the
// testscript scenarios, in other directories).
var registerTwins = sync.OnceValue(func() error { return nativetest.Register("../..") })

// TestEveryPathAgrees: for every example script (and the built-in game
// each one transcribes, where there is one), the value of a position is
// the same by every path that reports it: the table (grundy table, and
// the server's), the sequence (grundy seq), solve (grundy solve and the
// API), the explorer (catalog Explore, what the server's explorer
// shows), and the built-in twin's solve, table and sequence. Cells are
// drawn at random from each table (a fixed seed: the same cells each
// run).
func TestEveryPathAgrees(t *testing.T) {
	if err := registerTwins(); err != nil {
		t.Fatal(err)
	}
	board := `"{n:{m:.}:/}"`
	cases := []pathCase{
		{script: "mock.star", upto: 24, goTwin: "examples/native/mock/mock.go"},
		{script: "snim.star", params: map[string]string{"s": "1,3,4"}, template: "{n}", upto: 40,
			twin: func(a, _ int) (string, []string) { return "subtract:1,3,4", []string{strconv.Itoa(a)} }},
		{script: "snim.star", params: map[string]string{"s": "2,5"}, upto: 12,
			twin: func(a, b int) (string, []string) { return "subtract:2,5", []string{strconv.Itoa(a), strconv.Itoa(b)} }},
		{script: "fibonacci.star", template: "({n},)", upto: 40,
			twin: func(a, _ int) (string, []string) { return "fib", []string{strconv.Itoa(a)} }},
		{script: "euclid.star", upto: 14, from: 1, goTwin: "examples/native/euclid/euclid.go"},
		{script: "chomp.star", template: "({n:{m},})", upto: 6, from: 1, goTwin: "examples/native/chomp/chomp.go"},
		{script: "stringgame.star", template: `"a{n:ba}c{n:b}"`, upto: 7},
		{script: "multiplication.star", params: map[string]string{"n": "30"}, upto: 40},
		{script: "cram.star", template: board, upto: 5, from: 1,
			twin: func(a, b int) (string, []string) { return "cram", []string{fmt.Sprintf("%dx%d", a, b)} }},
		{script: "domineering.star", template: board, upto: 4, from: 1,
			twin: func(a, b int) (string, []string) { return "domineering", []string{fmt.Sprintf("%dx%d", a, b)} }},
		{script: "knight.star", upto: 15},
		{script: "partizan_subtraction.star", upto: 12},
		{script: "toppling.star", template: `"{n:LR}"`, upto: 4},
	}
	seen := map[string]bool{}
	for _, c := range cases {
		seen[c.script] = true
	}
	// Every example script is here, or is said here why not.
	why := map[string]string{
		"everysg.star":  "positions are Every-SG sums of pairs, played as compounds (compound.txtar; examples_test.go checks them against the literal game)",
		"calendar.star": "positions are dates (y, m, d): no cell of one or two integers is a date",
		"corners.star":  "positions are sets of cells; mock.star covers coin-turning sums",
		"cutting.star":  "positions are sums of sheets; its sheets are pairs whose sides start at 2 (examples_test.go checks it)",
		"darkraft.star": "positions are sets of segments of a fixed board",
		"ring.star":     "a board of fixed size played for db build (ring_test.go)",
		"sorted.star":   "a bitmask of a fixed array given by params",
		"strip.star":    "positions are three strings of a fixed strip",
		"tree.star":     "positions are edge weights of a fixed tree given by params",
		"tshirts.star":  "three players with payoffs; the tshirts built-in is checked in its package",

		// Loopy partizan scripts (issue 36).
		"backslide.star": "its values are stoppers and sided values, which tables do not hold; examples/loopy_test.go checks value and solve against the built-in backsliding-toads",
	}
	files, _ := os.ReadDir("../../examples")
	for _, f := range files {
		if strings.HasSuffix(f.Name(), ".star") && !seen[f.Name()] && why[f.Name()] == "" {
			t.Errorf("examples/%s is in no case of TestEveryPathAgrees, and no reason is given", f.Name())
		}
	}
	rng := rand.New(rand.NewPCG(32, 31))
	for _, c := range cases {
		t.Run(c.script+fmt.Sprint(c.params), func(t *testing.T) { checkEveryPath(t, c, rng) })
	}
}

func checkEveryPath(t *testing.T, c pathCase, rng *rand.Rand) {
	ctx := context.Background()
	// Each path gets an instance of its own: an instance keeps its
	// solver's memo, and paths that shared one would agree by it.
	fresh := func() catalog.Instance {
		inst, err := catalog.Lookup("../../examples/" + c.script)
		if err != nil {
			t.Fatal(err)
		}
		return inst
	}
	inst, solveInst, exploreInst := fresh(), fresh(), fresh()
	var err error
	opts := catalog.Options{Params: c.params}
	if c.template != "" {
		if opts.Template, err = catalog.ParseTemplate(c.template); err != nil {
			t.Fatal(err)
		}
	}
	tab, err := inst.(catalog.Tabler).Table(ctx, c.upto, opts)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := opts.Template
	if tmpl == nil {
		tmpl, _ = catalog.ParseTemplate(map[bool]string{true: "({n}, {m})", false: "{n}"}[tab.IsGrid()])
	}
	// The sequence is the table's row.
	if tab.Values != nil {
		seq, err := reports.TableSequence(ctx, fresh(), c.upto, opts, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := seq.Values.Uint64s(); fmt.Sprint(got) != fmt.Sprint(tab.Values) {
			t.Errorf("seq %v, table %v", got, tab.Values)
		}
	}
	cells := 10
	for range cells {
		a := c.from + rng.IntN(c.upto-c.from)
		b := 0
		if tab.IsGrid() {
			b = c.from + rng.IntN(c.upto-c.from)
		}
		pos, err := tmpl.Expand(a, b)
		if err != nil {
			t.Fatal(err)
		}
		name := fmt.Sprintf("cell (%d, %d) = %s", a, b, pos)
		// What the table says.
		var want struct {
			grundy    *uint64
			outcome   string
			rem       *int
			canonical string
		}
		switch {
		case tab.Values != nil:
			want.grundy = &tab.Values[a]
		case tab.Grid != nil:
			v := uint64(tab.Grid[a][b])
			want.grundy = &v
		case tab.Outcomes != nil:
			want.outcome, want.rem = tab.Outcomes[a], tab.Remoteness[a]
		case tab.OutcomeGrid != nil:
			want.outcome, want.rem = tab.OutcomeGrid[a][b], tab.RemotenessGrid[a][b]
		case tab.Canonical != nil:
			want.canonical = tab.Canonical[a]
		case tab.CanonicalGrid != nil:
			want.canonical = tab.CanonicalGrid[a][b]
		}
		if want.canonical != "" {
			// Partizan: grundy value's path, and the twin's value.
			space := cgt.NewSpace()
			g, _, err := solveInst.(reports.Valuer).Value(ctx, space, nil, catalog.Options{Params: c.params, PositionExpr: pos})
			if err != nil {
				t.Fatal(err)
			}
			if got := space.String(g); got != want.canonical {
				t.Errorf("%s: value %s, table %s", name, got, want.canonical)
			}
			if c.twin != nil {
				spec, tokens := c.twin(a, b)
				r := solveBuiltin(t, spec, tokens)
				if fmt.Sprint(r.Value) != want.canonical {
					t.Errorf("%s: %s %v has value %v, the script's table %s", name, spec, tokens, r.Value, want.canonical)
				}
			}
			continue
		}
		// solve, and the explorer's report.
		so := catalog.Options{Params: c.params, PositionExpr: pos}
		r, err := solveInst.Solve(ctx, nil, so)
		if err != nil {
			t.Fatal(err)
		}
		x, err := exploreInst.(catalog.Explorer).Explore(ctx, []string{pos}, catalog.Options{Params: c.params}, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, got := range []struct {
			path string
			r    *catalog.Report
		}{{"solve", r}, {"explore", x.Report}} {
			if want.grundy != nil {
				if got.r.Grundy == nil || got.r.Grundy.Uint64() != *want.grundy || got.r.Outcome != map[bool]string{true: "P", false: "N"}[*want.grundy == 0] {
					t.Errorf("%s: %s says grundy %v, %s; the table %d", name, got.path, got.r.Grundy, got.r.Outcome, *want.grundy)
				}
				continue
			}
			if got.r.Outcome != want.outcome || fmt.Sprint(deref(got.r.Remoteness)) != fmt.Sprint(deref(want.rem)) {
				t.Errorf("%s: %s says %s, remoteness %v; the table %s, %v", name, got.path, got.r.Outcome, deref(got.r.Remoteness), want.outcome, deref(want.rem))
			}
		}
		if c.goTwin != "" {
			// The Go twin's solve and explorer.
			g, err := catalog.Lookup("../../" + c.goTwin)
			if err != nil {
				t.Fatal(err)
			}
			gr, err := g.Solve(ctx, nil, so)
			if err != nil {
				t.Fatal(err)
			}
			gx, err := g.(catalog.Explorer).Explore(ctx, nil, so, 0)
			if err != nil {
				t.Fatal(err)
			}
			for _, got := range []*catalog.Report{gr, gx.Report} {
				// Positions may be written otherwise ("4" for the script's
				// "(4,)"): native_test.go compares the notations.
				if got.Grundy == nil || got.Grundy.Uint64() != *want.grundy || fmt.Sprint(deref(got.Remoteness)) != fmt.Sprint(deref(r.Remoteness)) {
					t.Errorf("%s: the Go twin says %s grundy %v remoteness %v; the table %d, the script's solve %s remoteness %v", name, got.Position, got.Grundy, deref(got.Remoteness), *want.grundy, r.Position, deref(r.Remoteness))
				}
			}
		}
		if c.twin == nil {
			continue
		}
		spec, tokens := c.twin(a, b)
		tr := solveBuiltin(t, spec, tokens)
		switch {
		case tr.Grundy != nil:
			if tr.Grundy.Uint64() != *want.grundy {
				t.Errorf("%s: %s %v has grundy %v, the script's table %d", name, spec, tokens, tr.Grundy, *want.grundy)
			}
		default:
			// A built-in answered by canonical forms (cram): an impartial
			// game's value is the nimber *g.
			if got := fmt.Sprint(tr.Value); got != nimber(*want.grundy) {
				t.Errorf("%s: %s %v has value %s, the script's table *%d", name, spec, tokens, got, *want.grundy)
			}
		}
	}
	// The Go twin's own table (and sequence, for a row), where it tabulates
	// the same positions (the script's default cells).
	if c.goTwin != "" && c.template == "" {
		g, err := catalog.Lookup("../../" + c.goTwin)
		if err != nil {
			t.Fatal(err)
		}
		gt, err := g.(catalog.Tabler).Table(ctx, c.upto, catalog.Options{Params: c.params})
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(gt.Values, gt.Grid) != fmt.Sprint(tab.Values, tab.Grid) {
			t.Errorf("the Go twin's table %v %v, the script's %v %v", gt.Values, gt.Grid, tab.Values, tab.Grid)
		}
		if tab.Values != nil {
			seq, err := reports.TableSequence(ctx, g, c.upto, catalog.Options{Params: c.params}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got := seq.Values.Uint64s(); fmt.Sprint(got) != fmt.Sprint(tab.Values) {
				t.Errorf("the Go twin's seq %v, the script's table %v", got, tab.Values)
			}
		}
	}
	// The twin's own table and sequence, for a row.
	if c.twin != nil && tab.Values != nil {
		spec, _ := c.twin(0, 0)
		twin, err := catalog.Lookup(spec)
		if err != nil {
			t.Fatal(err)
		}
		tt, err := twin.(catalog.Tabler).Table(ctx, c.upto, catalog.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(tt.Values) != fmt.Sprint(tab.Values) {
			t.Errorf("%s's table %v, the script's %v", spec, tt.Values, tab.Values)
		}
		seq, err := reports.Sequence(ctx, spec, c.upto, reports.SeqOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if got := seq.Values.Uint64s(); fmt.Sprint(got) != fmt.Sprint(tab.Values) {
			t.Errorf("%s's seq %v, the script's table %v", spec, got, tab.Values)
		}
	}
}

func solveBuiltin(t *testing.T, spec string, tokens []string) *catalog.Report {
	t.Helper()
	inst, err := catalog.Lookup(spec)
	if err != nil {
		t.Fatal(err)
	}
	r, err := inst.Solve(context.Background(), tokens, catalog.Options{})
	if err != nil {
		t.Fatalf("%s %v: %v", spec, tokens, err)
	}
	return r
}

func nimber(g uint64) string {
	switch g {
	case 0:
		return "0"
	case 1:
		return "*"
	}
	return "*" + strconv.FormatUint(g, 10)
}

func deref(p *int) any {
	if p == nil {
		return nil
	}
	return *p
}
