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
