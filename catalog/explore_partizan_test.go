package catalog

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
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

// TestPartizanWinningMovesAreExplorerMoves: the winning moves that Solve
// lists are, text for text, the explorer's moves of that player that win
// by the definition of the outcome classes (a move by Left wins when the
// position it leaves is L or P: Right, moving next, loses; Right's when
// it is R or P); and each, pasted back into Solve, has the value the
// explorer gave it.
func TestPartizanWinningMovesAreExplorerMoves(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 3))
	ctx := context.Background()
	for _, spec := range []string{"col", "snort", "cutcake", "hackenbush", "toads-and-frogs", "domineering"} {
		inst, err := Lookup(spec)
		if err != nil {
			t.Fatal(err)
		}
		ex, _ := AsExplorer(inst)
		tried, checked := 0, 0
		for range 400 {
			if tried == 40 {
				break
			}
			pos := randomPartizan(r, spec)
			rep, err := inst.Solve(ctx, strings.Fields(pos), Options{})
			if err != nil {
				continue // a random strip may break Col's or Snort's rule
			}
			tried++
			x, err := ex.Explore(ctx, strings.Fields(pos), Options{}, 1000)
			if err != nil {
				t.Fatalf("%s %s: %v", spec, pos, err)
			}
			if x.Report.Position != rep.Position {
				t.Errorf("%s %s: explorer position %q, solve %q", spec, pos, x.Report.Position, rep.Position)
			}
			var want []string
			values := map[string]any{}
			for _, m := range x.Moves {
				if m.Player == PlayerLeft && (m.Outcome == "L" || m.Outcome == "P") {
					want = append(want, "L: "+m.Position)
				}
				if m.Player == PlayerRight && (m.Outcome == "R" || m.Outcome == "P") {
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
				back, err := inst.Solve(ctx, strings.Fields(m[3:]), Options{})
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
		inst, err := Lookup(spec)
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
				r, err := inst.Solve(ctx, []string{s}, Options{})
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
			rep, err := inst.Solve(ctx, []string{a, b}, Options{})
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
