package script

import (
	"context"
	"math/bits"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
)

// nimTuples is Nim with a position the tuple of its non-empty heaps, each
// heap a component: taking a whole heap (3,) leaves the empty sum (), the
// first move listed.
const nimTuples = `
def moves(pos):
    out = []
    for i in range(len(pos)):
        for k in range(pos[i]):
            rest = pos[:i] + ((k,) if k > 0 else ()) + pos[i+1:]
            out.append(rest)
    return out

def split(pos):
    return [(h,) for h in pos]
`

// TestEmptySumIsAMove: a move that leaves the empty sum is a move, and
// so are the moves listed after it. split(()) is [], and when nothing
// had been split before, the components of () came back as a nil slice
// that the solver took for a failure: every G((n,)) was 0.
func TestEmptySumIsAMove(t *testing.T) {
	g := mustLoad(t, nimTuples, nil)
	s := NewSolver(g, SolveOptions{})
	ctx := context.Background()
	for n := 1; n <= 6; n++ {
		p, err := g.Parse(ctx, nil, "("+strconv.Itoa(n)+",)")
		if err != nil {
			t.Fatal(err)
		}
		v, pure, err := s.Grundy(ctx, p)
		if err != nil || !pure || v != uint64(n) {
			t.Fatalf("G((%d,)) = %d, %v, %v; want %d (a Nim heap)", n, v, pure, err, n)
		}
	}
	// A failing split is still an error, never an empty sum.
	bad := mustLoad(t, strings.Replace(nimTuples, "def split(pos):\n", "def split(pos):\n    if len(pos) == 0:\n        fail(\"no empty sums\")\n", 1), nil)
	sb := NewSolver(bad, SolveOptions{})
	p, err := bad.Parse(ctx, nil, "(2,)")
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := sb.Grundy(ctx, p); err == nil || !strings.Contains(err.Error(), "split(()): fail: no empty sums") {
		t.Fatalf("a failing split: %v", err)
	}
}

// TestMockTable: the table of Mock Turtles (examples/mock.star), whose
// moves from a single coin begin with turning it alone, which leaves the
// empty sum, lists the odious numbers (Winning Ways ch. 14), as solve
// does coin by coin.
func TestMockTable(t *testing.T) {
	src, err := os.ReadFile("../examples/mock.star")
	if err != nil {
		t.Fatal(err)
	}
	inst, err := catalog.OpenScript("mock.star", src)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := inst.(catalog.Tabler).Table(context.Background(), 16, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var odious []uint64
	for x := uint64(1); len(odious) < 16; x++ {
		if bits.OnesCount64(x)%2 == 1 {
			odious = append(odious, x)
		}
	}
	// Coin 0 is worth 1, coin n the n-th odious number counting from 0.
	for n, v := range tab.Values {
		if v != odious[n] {
			t.Fatalf("mock table %v, want %v", tab.Values, odious)
		}
	}
}

// TestDictLabels: moves(pos) returning a dict {label: position} reports
// its labels with the winning moves, as move_labels = True pairs do
// (docs/scripts.md), in normal play and under retrograde analysis.
func TestDictLabels(t *testing.T) {
	for _, c := range []struct{ name, src string }{
		{"dict", `
def moves(n):
    return {"take %d" % k: n - k for k in (1, 2) if k <= n}
`},
		{"pairs", `
move_labels = True
def moves(n):
    return [("take %d" % k, n - k) for k in (1, 2) if k <= n]
`},
		{"dict, loopy", `
def moves(n):
    d = {"take %d" % k: n - k for k in (1, 2) if k <= n}
    if n == 4:
        d["back"] = 5
    return d
`},
	} {
		g := mustLoad(t, c.src, nil)
		r := solveStart(t, g, "4")
		if strings.Join(r.WinningMoves, ",") != "3" || strings.Join(r.WinningLabels, ",") != "take 1" {
			t.Errorf("%s: winning moves %q, labels %q; want 3 by \"take 1\"", c.name, r.WinningMoves, r.WinningLabels)
		}
	}
}
