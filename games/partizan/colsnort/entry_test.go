package colsnort_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	_ "github.com/grundy-go/grundy/games/partizan/colsnort"
)

// TestEntry pins Solve on Col and Snort: Snort's middle vertex is each
// player's winning move on five empty vertices, written as the whole
// strip (not the two regions it leaves), and Col's L...R is 0. (The
// winning moves are checked against a plain search below.)
func TestEntry(t *testing.T) {
	for _, c := range []struct {
		spec, pos, outcome, value string
		wins                      []string
	}{
		{"snort", ".....", "N", "+-{1,{3|0}}", []string{"L: ..L..", "R: ..R.."}},
		{"snort", "..l..", "L", "1", []string{"L: L.L..", "L: .LL..", "L: ..LL.", "L: ..L.L"}},
		{"col", "L....", "R", "-1/2", []string{"R: L...R"}},
		{"col", "L...R", "P", "0", nil},
	} {
		inst, err := catalog.Lookup(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		r, err := inst.Solve(context.Background(), []string{c.pos}, catalog.Options{})
		if err != nil {
			t.Fatalf("%s %s: %v", c.spec, c.pos, err)
		}
		if r.Position != strings.ToUpper(c.pos) || r.Outcome != c.outcome || r.Value != c.value || !slices.Equal(r.WinningMoves, c.wins) {
			t.Errorf("%s %s: %s %s = %v, winning moves %q", c.spec, c.pos, r.Position, r.Outcome, r.Value, r.WinningMoves)
		}
	}
}

// colSnortWitness is a plain game-tree search of Col or Snort on one
// strip, without canonical forms: whether the player to move (Left
// colours L) wins. Col forbids colouring a vertex like a neighbour,
// Snort unlike one.
type colSnortWitness struct {
	snort bool
	memo  map[string]bool
}

func (w *colSnortWitness) moves(strip string, colour byte) []string {
	var out []string
	for i := range len(strip) {
		if strip[i] != '.' {
			continue
		}
		ok := true
		for _, j := range []int{i - 1, i + 1} {
			if j < 0 || j >= len(strip) || strip[j] == '.' || strip[j] == ' ' {
				continue
			}
			if same := strip[j] == colour; same != w.snort {
				ok = false
			}
		}
		if ok {
			b := []byte(strip)
			b[i] = colour
			out = append(out, string(b))
		}
	}
	return out
}

// wins reports whether the player with colour me, to move, wins.
func (w *colSnortWitness) wins(strip string, me byte) bool {
	key := strip + string(me)
	if v, ok := w.memo[key]; ok {
		return v
	}
	other := byte('L')
	if me == 'L' {
		other = 'R'
	}
	v := false
	for _, q := range w.moves(strip, me) {
		if !w.wins(q, other) {
			v = true
			break
		}
	}
	w.memo[key] = v
	return v
}

// TestColSnortWinningMovesAgainstSearch: on every strip of up to 7
// vertices, Solve's winning moves for Left and for Right are exactly the
// moves after which the other player, moving first, loses by a plain
// search of the game tree.
func TestColSnortWinningMovesAgainstSearch(t *testing.T) {
	ctx := context.Background()
	for _, spec := range []string{"col", "snort"} {
		inst, err := catalog.Lookup(spec)
		if err != nil {
			t.Fatal(err)
		}
		w := &colSnortWitness{snort: spec == "snort", memo: map[string]bool{}}
		strips := []string{""}
		checked := 0
		for n := 1; n <= 7; n++ {
			var next []string
			for _, s := range strips {
				for _, c := range ".LR" {
					next = append(next, s+string(c))
				}
			}
			strips = next
			for _, s := range strips {
				r, err := inst.Solve(ctx, []string{s}, catalog.Options{})
				if err != nil {
					continue // the strip breaks the game's rule
				}
				var want []string
				for _, q := range w.moves(s, 'L') {
					if !w.wins(q, 'R') {
						want = append(want, "L: "+q)
					}
				}
				for _, q := range w.moves(s, 'R') {
					if !w.wins(q, 'L') {
						want = append(want, "R: "+q)
					}
				}
				if !slices.Equal(want, r.WinningMoves) && len(want)+len(r.WinningMoves) > 0 {
					t.Fatalf("%s %s: winning moves %q, the search finds %q", spec, s, r.WinningMoves, want)
				}
				checked++
			}
		}
		t.Logf("%s: %d strips checked", spec, checked)
		if checked < 500 {
			t.Errorf("%s: only %d strips checked", spec, checked)
		}
		// Sums of two strips (the witness plays them as one string, the
		// space a separator that neighbours nothing).
		r := rand.New(rand.NewPCG(5, uint64(len(spec))))
		sums := 0
		for range 600 {
			a, b := strips[r.IntN(len(strips))][:1+r.IntN(5)], strips[r.IntN(len(strips))][:1+r.IntN(4)]
			pos := a + " " + b
			rep, err := inst.Solve(ctx, []string{a, b}, catalog.Options{})
			if err != nil {
				continue
			}
			if rep.Position != pos {
				t.Fatalf("%s %q: position written %q", spec, pos, rep.Position)
			}
			var want []string
			for _, q := range w.moves(pos, 'L') {
				if !w.wins(q, 'R') && !slices.Contains(want, "L: "+q) {
					want = append(want, "L: "+q)
				}
			}
			for _, q := range w.moves(pos, 'R') {
				if !w.wins(q, 'L') && !slices.Contains(want, "R: "+q) {
					want = append(want, "R: "+q)
				}
			}
			if !slices.Equal(want, rep.WinningMoves) && len(want)+len(rep.WinningMoves) > 0 {
				t.Fatalf("%s %s: winning moves %q, the search finds %q", spec, pos, rep.WinningMoves, want)
			}
			sums++
		}
		if sums < 100 {
			t.Errorf("%s: only %d sums checked", spec, sums)
		}
	}
}
