package catalog

import (
	"context"
	"math"
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/games/pig"
)

func explore(t *testing.T, spec, pos string) *Exploration {
	t.Helper()
	inst, err := Lookup(spec)
	if err != nil {
		t.Fatal(err)
	}
	ex, ok := AsExplorer(inst)
	if !ok {
		t.Fatalf("%s: not explorable", spec)
	}
	var toks []string
	if pos != "" {
		toks = []string{pos}
	}
	x, err := ex.Explore(context.Background(), toks, Options{}, 0)
	if err != nil {
		t.Fatalf("%s %s: %v", spec, pos, err)
	}
	return x
}

// TestMooreMoves: every move of Moore's Nim_2 is listed once, and its
// outcome is what catalog Solve says of the position it leaves.
func TestMooreMoves(t *testing.T) {
	inst, _ := Lookup("moore:2")
	for _, pos := range []string{"3 5 6", "1 2 3", "4 4", "2 0 7 1"} {
		x := explore(t, "moore:2", pos)
		if !x.MovesCounted || x.MovesTotal != len(x.Moves) {
			t.Fatalf("%s: %d of %d moves", pos, len(x.Moves), x.MovesTotal)
		}
		var wins []string
		for _, m := range x.Moves {
			r, err := inst.Solve(context.Background(), strings.Fields(m.Position), Options{})
			if err != nil {
				t.Fatal(err)
			}
			if r.Outcome != m.Outcome || r.Grundy.Cmp(m.Grundy) != 0 || *r.Remoteness != *m.Remoteness {
				t.Errorf("%s → %s: %s %v %v, Solve %s %v %v", pos, m.Position, m.Outcome, m.Grundy, *m.Remoteness, r.Outcome, r.Grundy, *r.Remoteness)
			}
			if m.Outcome == "P" {
				wins = append(wins, m.Position)
			}
		}
		if !slices.Equal(wins, x.Report.WinningMoves) && !(len(wins) == 0 && len(x.Report.WinningMoves) == 0) {
			t.Errorf("%s: moves to P %v, winning moves %v", pos, wins, x.Report.WinningMoves)
		}
	}
	// Heaps 3 5 6 under Nim_2: the moves are the ways to lower one or two
	// heaps, 3+5+6 + 3·5+3·6+5·6 = 77.
	if x := explore(t, "moore:2", "3 5 6"); x.MovesTotal != 77 {
		t.Errorf("3 5 6: %d moves, want 77", x.MovesTotal)
	}
}

// TestPigMoves: roll and hold carry the solver's own Roll and Hold values
// (Solve's roll_value and hold_value), each outcome of the roll the value
// Solve gives its position, and the roll's value is the expectation of its
// outcomes.
func TestPigMoves(t *testing.T) {
	inst, _ := Lookup("pig:20")
	for _, pos := range []string{"0 0 0", "7 3 2", "15 18 4", "19 0 0"} {
		x := explore(t, "pig:20", pos)
		ex := x.Report.Extra
		if len(x.Moves) != 2 || x.Moves[0].To != "roll" || x.Moves[1].To != "hold" {
			t.Fatalf("%s: moves %+v", pos, x.Moves)
		}
		if x.Moves[0].MoverValue != ex["roll_value"] || x.Moves[1].MoverValue != ex["hold_value"] {
			t.Errorf("%s: roll %v hold %v, Solve %v %v", pos, x.Moves[0].MoverValue, x.Moves[1].MoverValue, ex["roll_value"], ex["hold_value"])
		}
		sum := 0.0
		for _, c := range x.Moves[0].Chance {
			r, err := inst.Solve(context.Background(), strings.Fields(c.Position), Options{})
			if err != nil {
				t.Fatal(err)
			}
			if r.Value != c.Value || c.Probability != "1/6" {
				t.Errorf("%s roll %s → %s: %v, Solve %v", pos, c.To, c.Position, c.Value, r.Value)
			}
			sum += c.MoverValue.(float64) / 6
		}
		if math.Abs(sum-ex["roll_value"].(float64)) > 1e-12 {
			t.Errorf("%s: outcomes average %v, roll %v", pos, sum, ex["roll_value"])
		}
		best := max(x.Moves[0].MoverValue.(float64), x.Moves[1].MoverValue.(float64))
		// The table's values agree with the best move's to the value
		// iteration's tolerance.
		if math.Abs(best-x.Report.Value.(float64)) > 10*pig.DefaultTolerance {
			t.Errorf("%s: best move %v, value %v", pos, best, x.Report.Value)
		}
	}
	// At the goal only holding is left, and it wins.
	x := explore(t, "pig:20", "15 3 6")
	if len(x.Moves) != 1 || !x.Moves[0].Terminal || x.Moves[0].MoverValue != "1" {
		t.Errorf("15 3 6: %+v", x.Moves)
	}
}

// TestKuhnMoves: the deal's six outcomes, 1/6 each, average to Kuhn's
// value −1/18; at every decision the position's value is the optimal mix
// of its moves' values.
func TestKuhnMoves(t *testing.T) {
	x := explore(t, "kuhn", "")
	if x.MoveKind != MovesChance || len(x.Moves) != 6 {
		t.Fatalf("deal: %s, %d moves", x.MoveKind, len(x.Moves))
	}
	total := new(big.Rat)
	var check func(pos string, depth int)
	check = func(pos string, depth int) {
		x := explore(t, "kuhn", pos)
		v, _ := new(big.Rat).SetString(x.Report.Extra["value_exact"].(string))
		if len(x.Moves) == 0 {
			return
		}
		mix := new(big.Rat)
		for _, m := range x.Moves {
			p, _ := new(big.Rat).SetString(m.Strategy.(string))
			mv, _ := new(big.Rat).SetString(m.MoverValue.(string))
			mix.Add(mix, p.Mul(p, mv))
			if !m.Terminal {
				check(m.Position, depth+1)
			}
		}
		if mix.Cmp(v) != 0 {
			t.Errorf("%s: value %s, optimal mix of moves %s", pos, v.RatString(), mix.RatString())
		}
	}
	for _, m := range x.Moves {
		if m.Probability != "1/6" {
			t.Errorf("deal %s: probability %v", m.To, m.Probability)
		}
		v, _ := new(big.Rat).SetString(explore(t, "kuhn", m.Position).Report.Extra["value_exact"].(string))
		total.Add(total, v.Quo(v, big.NewRat(6, 1)))
		check(m.Position, 0)
	}
	if total.Cmp(big.NewRat(-1, 18)) != 0 {
		t.Errorf("the deals average %s, want -1/18", total.RatString())
	}
}

// TestLandlordsMoves: guessing wins with probability 1/(M+1), and every
// move the optimal mix plays is worth the position's value against the
// opponent's optimal mix (the equilibrium's indifference).
func TestLandlordsMoves(t *testing.T) {
	for _, pos := range []string{"1 1", "2 3", "5 4", "0 3", "3 0"} {
		x := explore(t, "landlords", pos)
		v := x.Report.Value.(float64)
		for _, m := range x.Moves {
			if p, _ := m.Strategy.(float64); p > 1e-9 {
				mv, _ := m.MoverValue.(float64)
				if s, ok := m.MoverValue.(string); ok {
					r, _ := new(big.Rat).SetString(s)
					mv, _ = r.Float64()
				}
				if math.Abs(mv-v) > 1e-9 {
					t.Errorf("%s %s: played with probability %v, worth %v, value %v", pos, m.To, p, mv, v)
				}
			}
		}
		if m := x.Moves[0]; strings.HasPrefix(m.To, "guess") {
			f := strings.Fields(pos)
			if want := "1/" + map[string]string{"1": "2", "3": "4", "4": "5"}[f[1]]; m.MoverValue != want {
				t.Errorf("%s guess: %v, want %s", pos, m.MoverValue, want)
			}
		}
	}
}

// TestTshirtsMoves: the mover's best deletion is worth its payoff, and the
// positions after deletions read back.
func TestTshirtsMoves(t *testing.T) {
	pos := "3 1 2 4 / 1 2 3 4 / 2 3 4 1"
	for depth := 0; depth < 3; depth++ {
		x := explore(t, "tshirts", pos)
		best := ""
		for _, m := range x.Moves {
			if s := m.MoverValue.(string); best == "" || s > best {
				best = s
			}
		}
		if want := x.Report.Payoff.([]any)[0]; best != want {
			t.Errorf("%s: best deletion worth %v, payoff %v", pos, best, want)
		}
		pos = x.Moves[0].Position
	}
	if !strings.HasSuffix(pos, "/ deleted 1 2 3") {
		t.Errorf("after three deletions: %q", pos)
	}
	x := explore(t, "tshirts", pos)
	if len(x.Moves) != 0 || x.Report.Extra["last_shirt"] != 4 {
		t.Errorf("%s: %d moves, extra %v", pos, len(x.Moves), x.Report.Extra)
	}
}

// TestMooreHugeHeaps: heaps too large to list their moves still get Moore's
// answer and its winning move.
func TestMooreHugeHeaps(t *testing.T) {
	x := explore(t, "moore:2", "123456789012345 3 7")
	if x.MovesCounted || len(x.Moves) != 0 || x.Report.Outcome != "N" || len(x.Report.WinningMoves) != 1 {
		t.Errorf("huge heaps: counted %v, %d moves, report %+v", x.MovesCounted, len(x.Moves), x.Report)
	}
}
