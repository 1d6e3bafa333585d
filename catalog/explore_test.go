package catalog

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// witness is a plain minimax over whole positions (tuples of heaps), written
// without the solvers: the player to move wins when some move leaves a
// position lost for the opponent. Remoteness follows its definition: 0 at
// the end, 1 + the least remoteness of a move to a lost position when
// winning, else 1 + the greatest.
type witness struct {
	moves  func(h int) []int // heap sizes a heap of h may become
	misere bool
	memo   map[string][2]int
}

func (w *witness) solve(heaps []int) (win bool, rem int) {
	key := fmt.Sprint(heaps)
	if e, ok := w.memo[key]; ok {
		return e[0] == 1, e[1]
	}
	bestWin, worst, any := -1, 0, false
	for i, h := range heaps {
		for _, k := range w.moves(h) {
			any = true
			next := slices.Clone(heaps)
			next[i] = k
			wn, r := w.solve(next)
			if !wn && (bestWin < 0 || r < bestWin) {
				bestWin = r
			}
			worst = max(worst, r)
		}
	}
	switch {
	case !any:
		win, rem = w.misere, 0
	case bestWin >= 0:
		win, rem = true, bestWin+1
	default:
		win, rem = false, worst+1
	}
	b := 0
	if win {
		b = 1
	}
	w.memo[key] = [2]int{b, rem}
	return win, rem
}

func takeAny(h int) []int {
	var out []int
	for k := h - 1; k >= 0; k-- {
		out = append(out, k)
	}
	return out
}

func takeFrom(set ...int) func(int) []int {
	return func(h int) []int {
		var out []int
		for _, s := range set {
			if s <= h {
				out = append(out, h-s)
			}
		}
		return out
	}
}

func parseHeaps(t *testing.T, s string) []int {
	t.Helper()
	var out []int
	for _, f := range strings.Fields(s) {
		n, err := strconv.Atoi(f)
		if err != nil {
			t.Fatalf("position %q: %v", s, err)
		}
		out = append(out, n)
	}
	return out
}

func outcomeOf(win bool) string {
	if win {
		return "N"
	}
	return "P"
}

// TestExploreAgainstWitness checks every listed move of many random small
// positions, and the position itself, against the plain minimax.
func TestExploreAgainstWitness(t *testing.T) {
	cases := []struct {
		spec   string
		moves  func(int) []int
		misere bool
		heaps  int // most heaps in a random position
		size   int // largest heap
		method Method
	}{
		{"nim", takeAny, false, 3, 7, Auto},
		{"nim", takeAny, false, 3, 6, Search},
		{"misere-nim", takeAny, true, 3, 6, Auto},
		{"bash:3", takeFrom(1, 2, 3), false, 2, 14, Auto},
		{"misere-bash:2", takeFrom(1, 2), true, 1, 20, Auto},
		{"subtract:1,3,4", takeFrom(1, 3, 4), false, 3, 12, Auto},
		{"fib", takeFrom(1, 2, 3, 5, 8, 13), false, 2, 16, Auto},
	}
	rng := rand.New(rand.NewPCG(8, 8))
	ctx := context.Background()
	for _, c := range cases {
		inst, err := Lookup(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		ex, ok := inst.(Explorer)
		if !ok {
			t.Fatalf("%s: not an Explorer", c.spec)
		}
		w := &witness{moves: c.moves, misere: c.misere, memo: map[string][2]int{}}
		for range 40 {
			heaps := make([]int, 1+rng.IntN(c.heaps))
			for i := range heaps {
				heaps[i] = rng.IntN(c.size + 1)
			}
			pos := strings.Trim(fmt.Sprint(heaps), "[]")
			x, err := ex.Explore(ctx, []string{pos}, Options{Method: c.method}, 0)
			if err != nil {
				t.Fatalf("%s %s: %v", c.spec, pos, err)
			}
			win, rem := w.solve(heaps)
			if x.Report.Outcome != outcomeOf(win) || x.Report.Remoteness == nil || *x.Report.Remoteness != rem {
				t.Errorf("%s %s: outcome %s remoteness %v, want %s %d", c.spec, pos, x.Report.Outcome, x.Report.Remoteness, outcomeOf(win), rem)
			}
			// Every distinct move is listed, each solved right.
			want := map[string]bool{}
			for i, h := range heaps {
				for _, k := range c.moves(h) {
					next := slices.Clone(heaps)
					next[i] = k
					want[strings.Trim(fmt.Sprint(next), "[]")] = true
				}
			}
			if !x.MovesCounted || x.MovesTotal != len(want) || len(x.Moves) != len(want) {
				t.Errorf("%s %s: %d moves listed of %d (counted %v), want %d", c.spec, pos, len(x.Moves), x.MovesTotal, x.MovesCounted, len(want))
			}
			var winning []string
			for _, m := range x.Moves {
				if !want[m.Position] {
					t.Errorf("%s %s: move to %s is not a move", c.spec, pos, m.Position)
					continue
				}
				mw, mr := w.solve(parseHeaps(t, m.Position))
				if m.Outcome != outcomeOf(mw) || m.Remoteness == nil || *m.Remoteness != mr {
					t.Errorf("%s %s → %s: outcome %s remoteness %v, want %s %d", c.spec, pos, m.Position, m.Outcome, m.Remoteness, outcomeOf(mw), mr)
				}
				if !c.misere && (m.Grundy == nil || (m.Grundy.Sign() == 0) != !mw) {
					t.Errorf("%s %s → %s: grundy %v disagrees with outcome %s", c.spec, pos, m.Position, m.Grundy, outcomeOf(mw))
				}
				if m.Outcome == "P" {
					winning = append(winning, m.Position)
				}
			}
			// The moves marked winning are exactly the report's winning moves.
			got := slices.Sorted(slices.Values(winning))
			exp := slices.Sorted(slices.Values(x.Report.WinningMoves))
			if !slices.Equal(got, exp) {
				t.Errorf("%s %s: moves to P-positions %v, winning_moves %v", c.spec, pos, got, exp)
			}
			if x.Board.Kind != BoardHeaps || len(x.Board.Heaps) != len(heaps) {
				t.Errorf("%s %s: board %+v", c.spec, pos, x.Board)
			}
		}
	}
}

// TestExploreNim345 pins the textbook example: one winning move, 3 → 1.
func TestExploreNim345(t *testing.T) {
	inst, _ := Lookup("nim")
	x, err := inst.(Explorer).Explore(context.Background(), []string{"3 4 5"}, Options{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if x.Report.Outcome != "N" || x.Report.Grundy.Int64() != 2 || len(x.Moves) != 12 {
		t.Fatalf("nim 3 4 5: %+v, %d moves", x.Report, len(x.Moves))
	}
	var wins []string
	for _, m := range x.Moves {
		if m.Outcome == "P" {
			wins = append(wins, m.Position)
		}
	}
	if !slices.Equal(wins, []string{"1 4 5"}) {
		t.Errorf("winning moves %v, want [1 4 5]", wins)
	}
	if s := inst.(Starter).Start(); s != "3 4 5" {
		t.Errorf("start %q", s)
	}
}

// TestExploreLimits: moves are capped, huge heaps are refused with a clear
// error, bad positions give the same error as Solve, and a cancelled
// context stops the work.
func TestExploreLimits(t *testing.T) {
	ctx := context.Background()
	nimInst, _ := Lookup("nim")
	x, err := nimInst.(Explorer).Explore(ctx, []string{"300 200"}, Options{}, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(x.Moves) != 10 || x.MovesTotal != 500 || !x.MovesCounted {
		t.Errorf("capped: %d listed, total %d", len(x.Moves), x.MovesTotal)
	}
	if x.Report.Remoteness != nil || x.Moves[0].Remoteness != nil {
		// The sums below 300 200 have some 15 million moves: more than
		// the remoteness search's budget.
		t.Errorf("remoteness of 300 200 known: %d", *x.Report.Remoteness)
	}
	x, err = nimInst.(Explorer).Explore(ctx, []string{"30 20"}, Options{}, 0)
	if err != nil || x.Report.Remoteness == nil || *x.Report.Remoteness != 41 {
		// The only winning move equalises (30 → 20); from n n the loser
		// delays by taking one token at a time and the winner copies, so
		// 2n more moves: 1 + 40.
		t.Errorf("remoteness of 30 20: %v, %v", err, *x.Report.Remoteness)
	}
	_, err = nimInst.(Explorer).Explore(ctx, []string{"99999999999999999999"}, Options{}, 10)
	if !errors.Is(err, ErrTooLargeToExplore) {
		t.Errorf("huge heap: %v", err)
	}
	_, solveErr := nimInst.Solve(ctx, []string{"3", "x"}, Options{})
	_, err = nimInst.(Explorer).Explore(ctx, []string{"3", "x"}, Options{}, 10)
	if err == nil || solveErr == nil || err.Error() != solveErr.Error() {
		t.Errorf("bad position: explore %v, solve %v", err, solveErr)
	}
	sub, _ := Lookup("subtract:1,3,4")
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := sub.(Explorer).Explore(cctx, []string{"5000000"}, Options{}, 10); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	if _, err := sub.(Explorer).Explore(ctx, []string{"5000000"}, Options{MaxStates: 1000}, 10); err == nil || !strings.Contains(err.Error(), "1000 positions") {
		t.Errorf("max states: %v", err)
	}
}

// TestLookupBuiltin gives Lookup's answers and errors for built-in specs.
func TestLookupBuiltin(t *testing.T) {
	// Games that read files (graph:FILE, pursuit) test their refusal in
	// their own packages.
	for _, spec := range []string{"nim", "bash:3", "subtract:1,3,4", "nimm", "", "bash", "bash:", "nim:3", "subtract:0", "subtract:x"} {
		a, errA := Lookup(spec)
		b, errB := LookupBuiltin(spec)
		if (errA == nil) != (errB == nil) || errA != nil && errA.Error() != errB.Error() || errA == nil && a.Spec() != b.Spec() {
			t.Errorf("%q: Lookup %v, %v; LookupBuiltin %v, %v", spec, a, errA, b, errB)
		}
	}
}

// TestExploreRoundTrip explores the example position of every game that
// can be explored: each listed move's position must read back (Solve) with
// the outcome the move reported, and the moves marked winning must be the
// report's winning moves. (The partizan games' examples are explored so in
// catalog/partizanreport, example scripts in package script.)
func TestExploreRoundTrip(t *testing.T) {
	ctx := context.Background()
	type example struct{ spec, pos string }
	var cases []example
	for _, e := range Entries() {
		f := strings.Fields(e.Example)
		if len(f) < 2 || f[0] != "solve" {
			continue
		}
		var pos []string
		for _, x := range f[2:] {
			if strings.HasPrefix(x, "--") {
				break
			}
			pos = append(pos, x)
		}
		cases = append(cases, example{f[1], strings.Join(pos, " ")})
	}
	explored := 0
	for _, c := range cases {
		inst, err := LookupBuiltin(c.spec)
		if err != nil && strings.Contains(err.Error(), "reads a file") {
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.spec, err)
			continue
		}
		ex, ok := AsExplorer(inst)
		if !ok {
			continue
		}
		pos := c.pos
		if pos == "" {
			pos, _ = AsStarter(inst)
		}
		var tokens []string
		if pos != "" {
			tokens = []string{pos}
		}
		x, err := ex.Explore(ctx, tokens, Options{}, 50)
		if err != nil {
			t.Errorf("%s %s: %v", c.spec, pos, err)
			continue
		}
		explored++
		t.Logf("%s %s: %s, %d moves", c.spec, pos, x.Report.Outcome, len(x.Moves))
		var wins []string
		var moves []MoveInfo
		for _, m := range x.Moves {
			moves = append(moves, m)
			moves = append(moves, m.Chance...)
		}
		_, lister := inst.(SuccessorLister)
		for _, m := range moves {
			if m.Position == "" {
				continue // a chance event, or the end of the game
			}
			toks, opts := []string{m.Position}, Options{}
			var r *Report
			if lister {
				// The positions of games listed by SuccessorLister are
				// read back by their explorer (Kuhn poker's histories
				// are not positions that Solve takes).
				var rx *Exploration
				if rx, err = ex.Explore(ctx, toks, opts, 1); err == nil {
					r = rx.Report
				}
			} else {
				r, err = inst.Solve(ctx, toks, opts)
			}
			if err != nil {
				t.Errorf("%s %s → %s: reading the move back: %v", c.spec, pos, m.Position, err)
				continue
			}
			if r.Outcome != m.Outcome {
				t.Errorf("%s %s → %s: listed as %s, solves as %s", c.spec, pos, m.Position, m.Outcome, r.Outcome)
			}
			switch {
			case m.Player == PlayerLeft && (m.Outcome == "L" || m.Outcome == "P"):
				wins = append(wins, "L: "+m.Position)
			case m.Player == PlayerRight && (m.Outcome == "R" || m.Outcome == "P"):
				wins = append(wins, "R: "+m.Position)
			case m.Player == "" && m.Outcome == "P":
				wins = append(wins, m.Position)
			}
		}
		if x.MovesCounted && x.MovesTotal == len(x.Moves) && !x.Report.MovesIncomplete && len(x.Report.WinningMoves) > 0 && x.Report.Payoff == nil {
			slices.Sort(wins)
			if exp := slices.Sorted(slices.Values(x.Report.WinningMoves)); !slices.Equal(wins, exp) {
				t.Errorf("%s %s: moves to P-positions %v, winning_moves %v", c.spec, pos, wins, exp)
			}
		}
	}
	if explored < 10 {
		t.Errorf("only %d games explored", explored)
	}
}
