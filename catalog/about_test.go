package catalog_test

import (
	"context"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
)

// TestEveryGameDescribed: every built-in game says who plays, its rules
// and their source (catalog.Describe), and the spec of its default
// variant is a game the catalog builds.
func TestEveryGameDescribed(t *testing.T) {
	for _, e := range catalog.Entries() {
		a := e.About()
		if a == nil {
			t.Errorf("%s: no catalog.About; describe the game with catalog.Describe beside its Register (see catalog/doc.go)", e.Name)
			continue
		}
		if len(a.Players) < 2 || len(a.Rules) < 80 || a.Source == "" {
			t.Errorf("%s: players %q, rules %q, source %q", e.Name, a.Players, a.Rules, a.Source)
		}
		if e.Kind == "partizan" && e.Name != "cram" && e.Name != "green-hackenbush" && (a.Players[0] != "Left" || a.Players[1] != "Right") {
			t.Errorf("%s: a partizan game's players are %q, not Left and Right", e.Name, a.Players)
		}
		spec := a.DefaultSpec(e.Name)
		if name, _, _ := strings.Cut(spec, ":"); name != e.Name && !strings.HasPrefix(spec, e.Name) {
			t.Errorf("%s: default variant %q is another game's", e.Name, spec)
		}
		if e.ReadsFiles {
			continue
		}
		if e.Params != "" && !e.OptionalParams && len(a.Variants) == 0 {
			t.Errorf("%s: needs parameters %s but offers no variants", e.Name, e.Params)
		}
		if _, err := catalog.LookupBuiltin(spec); err != nil {
			t.Errorf("%s: default variant %q: %v", e.Name, spec, err)
		}
	}
}

// TestVariantSpec writes variants' specs as the games write them, and
// refuses values out of a parameter's range or choices.
func TestVariantSpec(t *testing.T) {
	for _, c := range []struct {
		game   string
		values map[string]string
		want   string
	}{
		{"connect4", nil, "connect4:4x4:4"},
		{"connect4", map[string]string{"width": "7", "height": "6"}, "connect4:7x6:4"},
		{"connect4", map[string]string{"width": "5", "height": "4", "k": "3"}, "connect4:5x4:3"},
		{"morris", nil, "morris:3"},
		{"morris", map[string]string{"n": "9", "lasker": "on"}, "morris:9:lasker"},
		{"morris", map[string]string{"n": "6", "flying": ":fly"}, "morris:6:fly"},
		{"morris", map[string]string{"diag": "on"}, "morris:3:diag"},
		{"teeko", nil, "teeko"},
		{"teeko", map[string]string{"advanced": "on"}, "teeko:advanced"},
		{"quixo", map[string]string{"n": "5"}, "quixo:5"},
		{"pig", map[string]string{"goal": "20"}, "pig:20"},
		{"subtract", map[string]string{"set": "2,5"}, "subtract:2,5"},
		{"partizan-subtract", nil, "partizan-subtract:1,3/2,3"},
		{"green-hackenbush", map[string]string{"ground": "1"}, "green-hackenbush:1"},
	} {
		a := catalog.AboutGame(c.game)
		got, err := a.VariantSpec(c.values)
		if err != nil || got != c.want {
			t.Errorf("%s %v: %q, %v; want %q", c.game, c.values, got, err, c.want)
			continue
		}
		if _, err := catalog.LookupBuiltin(got); err != nil {
			t.Errorf("%s: %v", got, err)
		}
	}
	if got := catalog.AboutGame("nim").DefaultSpec("nim"); got != "nim" {
		t.Errorf("nim's default spec %q", got)
	}
	for _, c := range []struct {
		game   string
		values map[string]string
		want   string // the error's words
	}{
		{"connect4", map[string]string{"width": "10"}, `columns (W): "10" is not a whole number from 1 to 9`},
		{"connect4", map[string]string{"k": "1"}, `"1" is not a whole number from 2 to 12`},
		{"quixo", map[string]string{"n": "x"}, `"x" is not a whole number from 3 to 5`},
		{"morris", map[string]string{"n": "7"}, `"7" is not one of the choices`},
		{"teeko", map[string]string{"advanced": "yes"}, `"yes" is neither on nor off`},
		{"subtract", map[string]string{"set": "1, 2"}, `holds spaces`},
	} {
		_, err := catalog.AboutGame(c.game).VariantSpec(c.values)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %v: error %v, want %q", c.game, c.values, err, c.want)
		}
	}
}

// TestVariantsInRange: random values within every game's parameters
// either build the game or are refused by it with a one-line error,
// never a panic; the int parameters' bounds are the games' own (Min and
// Max with the others at their defaults build, as far as the game allows
// them together).
func TestVariantsInRange(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 4))
	for _, e := range catalog.Entries() {
		a := e.About()
		if a == nil || len(a.Variants) == 0 {
			continue
		}
		for range 20 {
			values := map[string]string{}
			for _, p := range a.Variants {
				switch p.Kind {
				case catalog.ParamInt:
					values[p.Name] = strconv.Itoa(p.Min + rng.IntN(min(p.Max-p.Min+1, 50)))
				case catalog.ParamChoice:
					values[p.Name] = p.Choices[rng.IntN(len(p.Choices))].Value
				case catalog.ParamFlag:
					values[p.Name] = []string{"on", "off"}[rng.IntN(2)]
				default:
					values[p.Name] = p.Default
				}
			}
			spec, err := a.VariantSpec(values)
			if err != nil {
				t.Errorf("%s %v: %v", e.Name, values, err)
				continue
			}
			if _, err := catalog.LookupBuiltin(spec); err != nil && strings.Contains(err.Error(), "\n") {
				t.Errorf("%s: a two-line error: %v", spec, err)
			}
		}
	}
}

// TestToMove: the games whose positions say who moves name the first
// player at the start and alternate with every move (a walk of random
// moves, each checked against the one before: the rule itself, not the
// games' own reading of a turn bit), and agree with the counts of
// tic-tac-toe's marks.
func TestToMove(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 5))
	for _, spec := range []string{"tictactoe", "connect4:4x4", "quixo:3", "morris:3"} {
		inst, err := catalog.LookupBuiltin(spec)
		if err != nil {
			t.Fatal(err)
		}
		turner := inst.(catalog.Turner)
		x, _ := catalog.AsExplorer(inst)
		start, _ := catalog.AsStarter(inst)
		for walk := range 3 {
			pos := start
			want := 0
			for step := 0; step < 12; step++ {
				got, err := turner.ToMove(strings.Fields(pos))
				if err != nil || got != want {
					t.Fatalf("%s walk %d: %q: ToMove %d, %v; want %d", spec, walk, pos, got, err, want)
				}
				if spec == "tictactoe" {
					if xs, os := strings.Count(pos, "X"), strings.Count(pos, "O"); (xs > os) != (got == 1) {
						t.Fatalf("%q: %d X, %d O, ToMove %d", pos, xs, os, got)
					}
				}
				ex, err := x.Explore(context.Background(), strings.Fields(pos), catalog.Options{}, 0)
				if err != nil {
					t.Fatalf("%s %q: %v", spec, pos, err)
				}
				if len(ex.Moves) == 0 {
					break
				}
				pos = ex.Moves[rng.IntN(len(ex.Moves))].Position
				want = 1 - want
			}
		}
	}
	teeko, _ := catalog.LookupBuiltin("teeko")
	for pos, want := range map[string]int{"bb.r.......r.............:b": 0, "bbbr.......r.............:r": 1, "bbbb.rrr.....r...........:r": 1} {
		if got, err := teeko.(catalog.Turner).ToMove([]string{pos}); err != nil || got != want {
			t.Errorf("teeko %q: %d, %v; want %d", pos, got, err, want)
		}
	}
}
