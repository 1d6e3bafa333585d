package catalog_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/grundy-go/grundy/catalog"
)

// TestMoveLabels walks random games of every built-in game from its
// example (and the gallery's boards from their starts) and, at each
// position, names its moves (catalog.LabelMoves): every move has a label,
// and the labels map one-to-one to the positions the moves leave (for
// each side of a partizan game, and among the outcomes of a chance
// event), so a label says which move was played as well as the position
// does. The games whose moves are named in players' terms never fall
// back to the position's text.
func TestMoveLabels(t *testing.T) {
	ctx := context.Background()
	type start struct{ spec, pos string }
	starts := []start{{"tictactoe", ""}, {"connect4:4x4", ""}, {"quixo:3", ""}, {"wythoff", "6 9"}, {"nim", "3 4 5"},
		{"kayles", "8 5"}, {"domineering", "3x3"}, {"toads-and-frogs", "TTT..FFF"}, {"clobber", "XOXOX|OXOXO"}, {"staircase", "1 5 6 7 9 12 14 17"}, {"treblecross", "......."}}
	for _, e := range catalog.Entries() {
		f := strings.Fields(e.Example)
		if len(f) < 2 || f[0] != "solve" && f[0] != "value" {
			continue
		}
		var pos []string
		for _, x := range f[2:] {
			if strings.HasPrefix(x, "--") {
				break
			}
			pos = append(pos, x)
		}
		starts = append(starts, start{f[1], strings.Join(pos, " ")})
	}
	named := map[string]bool{"tictactoe": true, "connect4:4x4": true, "quixo:3": true, "wythoff": true, "nim": true, "kayles": true,
		"domineering": true, "toads-and-frogs": true, "clobber": true, "staircase": true, "treblecross": true}
	rng := rand.New(rand.NewPCG(33, 1))
	checked, seen := 0, map[string]bool{}
	for _, s := range starts {
		inst, err := catalog.LookupBuiltin(s.spec)
		if err != nil {
			continue // games that read files
		}
		ex, ok := catalog.AsExplorer(inst)
		if !ok {
			continue
		}
		pos := s.pos
		if pos == "" {
			pos, _ = catalog.AsStarter(inst)
		}
		for walk := 0; walk < 3; walk++ {
			p := pos
			for ply := 0; ply < 8; ply++ {
				var tokens []string
				if p != "" {
					tokens = []string{p}
				}
				c, cancel := context.WithTimeout(ctx, 5*time.Second)
				x, err := ex.Explore(c, tokens, catalog.Options{MaxStates: 200_000}, 200)
				cancel()
				if err != nil {
					break // too large here, or a position that only a listing reads
				}
				catalog.LabelMoves(inst, x)
				checked++
				seen[s.spec] = true
				checkLabels(t, s.spec, p, x.Moves, named[s.spec])
				var next []string
				for _, m := range x.Moves {
					if m.Position != "" {
						next = append(next, m.Position)
					}
					for _, o := range m.Chance {
						if o.Position != "" {
							next = append(next, o.Position)
						}
					}
				}
				if len(next) == 0 {
					break
				}
				p = next[rng.IntN(len(next))]
			}
		}
	}
	for spec := range named {
		if !seen[spec] {
			t.Errorf("%s: no position labelled", spec)
		}
	}
	if checked < 100 {
		t.Errorf("only %d positions labelled", checked)
	}
}

func checkLabels(t *testing.T, spec, pos string, moves []catalog.MoveInfo, named bool) {
	t.Helper()
	byLabel, byPos := map[string]string{}, map[string]string{}
	for _, m := range moves {
		if m.Label == "" {
			t.Errorf("%s %q: the move to %q has no label", spec, pos, m.Position)
			continue
		}
		if m.Move != m.Label {
			t.Errorf("%s %q: the move to %q: move %q, label %q; want the same", spec, pos, m.Position, m.Move, m.Label)
		}
		if named && strings.HasPrefix(m.Label, "→") {
			t.Errorf("%s %q: the move to %q is labelled %q, not in players' terms", spec, pos, m.Position, m.Label)
		}
		if m.Position != "" {
			l, p := m.Player+" "+m.Label, m.Player+" "+m.Position
			if q, ok := byLabel[l]; ok && q != p {
				t.Errorf("%s %q: %q names two positions, %q and %q", spec, pos, m.Label, q, m.Position)
			}
			if k, ok := byPos[p]; ok && k != l {
				t.Errorf("%s %q: %q is left by moves labelled %q and %q", spec, pos, m.Position, k, m.Label)
			}
			byLabel[l], byPos[p] = p, l
		}
		if len(m.Chance) > 0 {
			checkLabels(t, spec, pos+" ("+m.Label+")", m.Chance, false)
		}
	}
}
