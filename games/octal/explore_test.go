package octal

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/impartialgame"
)

// TestExploreByTableAgainstSearch: the move list built from the value
// table is the one the search adapter builds (the explorer's old path, an
// exhaustive Sprague–Grundy search of every position a move leaves): the
// same moves in the same order, each with the same position, outcome and
// value; the same totals; and the same remoteness wherever the table path
// searches it (positions of at most exploreRemotenessTokens tokens), which
// is unknown past that. Random positions of one to three heaps, up to 60
// tokens, for octal games whose moves take, shorten and split heaps, and
// Grundy's game.
func TestExploreByTableAgainstSearch(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(18, 5))
	for _, spec := range []string{"kayles", "dawson", "guiles", "grundy-game", "octal:0.4", "octal:0.16", "octal:4.07", "hex:0.F"} {
		inst, err := catalog.Lookup(spec)
		if err != nil {
			t.Fatal(err)
		}
		g := inst.(*heapRuleGame)
		old := impartialgame.BySearch(g, g.search())
		for trial := range 6 {
			n := 1 + rng.IntN(3)
			most := 60
			if trial < 3 {
				most = exploreRemotenessTokens // the remoteness is searched
			}
			var heaps []string
			total := 0
			for range n {
				h := 1 + rng.IntN(max(1, most/n))
				total += h
				heaps = append(heaps, strconv.Itoa(h))
			}
			opts := catalog.Options{MaxStates: 2_000_000}
			got, err := g.Explore(ctx, heaps, opts, 0)
			if err != nil {
				t.Fatalf("%s %v: %v", spec, heaps, err)
			}
			want, err := old.Explore(ctx, heaps, opts, 0)
			if err != nil {
				t.Fatalf("%s %v by search: %v", spec, heaps, err)
			}
			where := fmt.Sprintf("%s %s", spec, strings.Join(heaps, " "))
			if got.Report.Outcome != want.Report.Outcome || got.Report.Grundy.Cmp(want.Report.Grundy) != 0 {
				t.Errorf("%s: %s %v, search says %s %v", where, got.Report.Outcome, got.Report.Grundy, want.Report.Outcome, want.Report.Grundy)
			}
			if got.MovesTotal != want.MovesTotal || got.MovesCounted != want.MovesCounted || len(got.Moves) != len(want.Moves) {
				t.Fatalf("%s: %d moves (%d listed, counted %v), search %d (%d, %v)", where, got.MovesTotal, len(got.Moves), got.MovesCounted, want.MovesTotal, len(want.Moves), want.MovesCounted)
			}
			searched := total <= exploreRemotenessTokens
			if searched && !sameRem(got.Report.Remoteness, want.Report.Remoteness) || !searched && got.Report.Remoteness != nil {
				t.Errorf("%s: remoteness %s, search %s", where, remText(got.Report.Remoteness), remText(want.Report.Remoteness))
			}
			for i, m := range got.Moves {
				w := want.Moves[i]
				if m.Component != w.Component || m.From != w.From || m.To != w.To || m.Position != w.Position || m.Outcome != w.Outcome || m.Grundy.Cmp(w.Grundy) != 0 {
					t.Fatalf("%s: move %d is %+v, search's %+v", where, i, m, w)
				}
				if searched && !sameRem(m.Remoteness, w.Remoteness) || !searched && m.Remoteness != nil {
					t.Errorf("%s: move to %s: remoteness %s, search %s", where, m.Position, remText(m.Remoteness), remText(w.Remoteness))
				}
			}
		}
	}
}

func sameRem(a, b *int) bool { return a == nil && b == nil || a != nil && b != nil && *a == *b }

func remText(r *int) string {
	if r == nil {
		return "unknown"
	}
	return strconv.Itoa(*r)
}

// TestExploreLargeHeaps: Kayles 2000 (the explorer's old limit, whose move
// list took seconds) and 3000 list their moves with values from the
// table, a split checked against the values G(n) themselves; a heap of
// 10^12 is answered from the proven period (the first 500 of its moves
// listed, the rest counted up to catalog.MaxEnumerated).
func TestExploreLargeHeaps(t *testing.T) {
	ctx := context.Background()
	g := periodicGame(t, "kayles")
	vals, err := g.values(ctx, 3001, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range []int{2000, 3000} {
		start := time.Now()
		x, err := g.Explore(ctx, []string{strconv.Itoa(h)}, catalog.Options{}, 0)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("kayles %d: %d moves listed of %d in %v", h, len(x.Moves), x.MovesTotal, time.Since(start))
		if x.MovesTotal != h || len(x.Moves) != catalog.DefaultMaxMoves {
			t.Errorf("kayles %d: %d moves, %d listed", h, x.MovesTotal, len(x.Moves))
		}
		for _, m := range x.Moves {
			var v uint32
			for _, f := range strings.Fields(m.Position) {
				n, _ := strconv.Atoi(f)
				v ^= vals.At(n)
			}
			if m.Grundy.Uint64() != uint64(v) {
				t.Fatalf("kayles %d: move to %s has value %v, G says %d", h, m.Position, m.Grundy, v)
			}
		}
	}
	x, err := g.Explore(ctx, []string{"1000000000000"}, catalog.Options{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(x.Moves) != catalog.DefaultMaxMoves || x.MovesCounted || x.Report.Outcome != "N" {
		t.Errorf("kayles 10^12: %d listed, counted %v, outcome %s", len(x.Moves), x.MovesCounted, x.Report.Outcome)
	}
}
