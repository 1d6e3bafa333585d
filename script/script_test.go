package script

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"go.starlark.net/starlark"

	"github.com/grundy-go/grundy/budget"
)

func mustLoad(t *testing.T, src string, params map[string]string) *Game {
	t.Helper()
	g, err := Load(context.Background(), "test.star", []byte(src), Options{Params: params})
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	return g
}

func solveStart(t *testing.T, g *Game, expr string) *Result {
	t.Helper()
	ctx := context.Background()
	p, err := g.Parse(ctx, nil, expr)
	if err != nil {
		t.Fatalf("parse %q: %v", expr, err)
	}
	r, err := NewSolver(g, SolveOptions{}).Solve(ctx, p)
	if err != nil {
		t.Fatalf("solve %q: %v", expr, err)
	}
	return r
}

// --- positions -----------------------------------------------------------------

// randomValue builds a random position from a small domain, so that equal
// values come up often.
func randomValue(rng *rand.Rand, depth int) starlark.Value {
	switch k := rng.IntN(9); {
	case k == 0:
		return starlark.None
	case k == 1:
		return starlark.Bool(rng.IntN(2) == 0)
	case k <= 3:
		return starlark.MakeInt(rng.IntN(7) - 3)
	case k == 4:
		n := new(big.Int).Lsh(big.NewInt(1), 70)
		if rng.IntN(2) == 0 {
			n.Neg(n)
		}
		return starlark.MakeBigInt(n.Add(n, big.NewInt(int64(rng.IntN(2)))))
	case k <= 6:
		return starlark.String([]string{"", "a", "ab", "a b", "7", "x'y", "é"}[rng.IntN(7)])
	default:
		if depth >= 2 {
			return starlark.MakeInt(rng.IntN(3))
		}
		t := make(starlark.Tuple, rng.IntN(4))
		for i := range t {
			t[i] = randomValue(rng, depth+1)
		}
		return t
	}
}

// TestKeyIsEquality: two positions get the same key exactly when Starlark
// says they are equal.
func TestKeyIsEquality(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	same := 0
	for i := 0; i < 20000; i++ {
		a, b := randomValue(rng, 0), randomValue(rng, 0)
		ka, err := appendKey(nil, a, noPath)
		if err != nil {
			t.Fatal(err)
		}
		kb, err := appendKey(nil, b, noPath)
		if err != nil {
			t.Fatal(err)
		}
		eq, err := starlark.Equal(a, b)
		if err != nil {
			t.Fatal(err)
		}
		if eq != (string(ka) == string(kb)) {
			t.Fatalf("%s and %s: Starlark equal %v, keys equal %v", a, b, eq, string(ka) == string(kb))
		}
		if eq {
			same++
		}
	}
	if same < 500 {
		t.Fatalf("only %d equal pairs: the test does not test", same)
	}
}

// TestInternDense: interning gives equal values one Pos, and Pos values
// are dense.
func TestInternDense(t *testing.T) {
	g := mustLoad(t, "def moves(p):\n    return []\n", nil)
	rng := rand.New(rand.NewPCG(2, 2))
	seen := map[string]Pos{}
	for i := 0; i < 5000; i++ {
		v := randomValue(rng, 0)
		p, err := g.Intern(v)
		if err != nil {
			t.Fatal(err)
		}
		k, _ := appendKey(nil, v, noPath)
		if q, ok := seen[string(k)]; ok && q != p {
			t.Fatalf("%s interned as %d and %d", v, q, p)
		}
		seen[string(k)] = p
		if eq, _ := starlark.Equal(g.Value(p), v); !eq {
			t.Fatalf("Value(%d) = %s, want %s", p, g.Value(p), v)
		}
	}
	if g.Positions() != len(seen) {
		t.Fatalf("%d positions interned, %d distinct values", g.Positions(), len(seen))
	}
}

// TestFormatReadsBack: every formatted position reads back as itself,
// from the command-line words or, failing that, as a --pos expression.
func TestFormatReadsBack(t *testing.T) {
	g := mustLoad(t, "def moves(p):\n    return []\n", nil)
	rng := rand.New(rand.NewPCG(3, 3))
	ctx := context.Background()
	for i := 0; i < 3000; i++ {
		v := randomValue(rng, 0)
		want, err := g.Intern(v)
		if err != nil {
			t.Fatal(err)
		}
		s := g.Format(want)
		got, err := g.Parse(ctx, []string{s}, "")
		if err != nil || got != want {
			got, err = g.Parse(ctx, nil, s)
			if err != nil {
				t.Fatalf("%s formats as %q, which does not read back: %v", v, s, err)
			}
		}
		if got != want {
			t.Fatalf("%s formats as %q, which reads back as %s", v, s, g.Value(got))
		}
	}
}

func TestParseTokens(t *testing.T) {
	for _, c := range []struct {
		tokens []string
		want   string
	}{
		{[]string{"7"}, "7"},
		{[]string{"3", "4", "5"}, "(3, 4, 5)"},
		{[]string{"3 4"}, "(3, 4)"},
		{[]string{"3,4"}, "(3, 4)"},
		{[]string{"abc"}, `"abc"`},
		{[]string{"a", "b"}, `"a b"`},
		{[]string{"3", "x"}, `"3 x"`},
		{[]string{"-2"}, "-2"},
		{[]string{"123456789012345678901234567890"}, "123456789012345678901234567890"},
	} {
		if got := parseTokens(c.tokens).String(); got != c.want {
			t.Errorf("parseTokens(%q) = %s, want %s", c.tokens, got, c.want)
		}
	}
}

// --- outcomes against brute force -------------------------------------------------

// graphScript is a game on a directed graph read from parameters: edges
// "a>b,…" and terminal verdicts "n:win,…" (win, loss, draw, or end for
// True).
const graphScript = `
EDGES = {}
for e in params.get("edges", "").split(","):
    if e:
        a, b = e.split(">")
        EDGES.setdefault(int(a), []).append(int(b))
TERM = {}
for e in params.get("term", "").split(","):
    if e:
        n, v = e.split(":")
        TERM[int(n)] = True if v == "end" else v
misere = params.get("misere", "") == "yes"
def terminal(n):
    return TERM.get(n, False)
def moves(n):
    return EDGES.get(n, [])
`

// graphBrute solves a game graph by plain fixpoint iteration: a position
// is won if some move reaches a lost one, lost if every move reaches a won
// one; terminal positions by their verdict; what never settles is drawn.
func graphBrute(n int, edges [][]int, term map[int]string, misere bool) []string {
	res := make([]string, n)
	for v := 0; v < n; v++ {
		if t, ok := term[v]; ok || len(edges[v]) == 0 {
			switch {
			case t == "win", (t == "end" || !ok) && misere:
				res[v] = "N"
			case t == "draw":
				res[v] = "D"
			default:
				res[v] = "P"
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for v := 0; v < n; v++ {
			if res[v] != "" {
				continue
			}
			all := true
			for _, w := range edges[v] {
				if res[w] == "P" {
					res[v], changed = "N", true
					break
				}
				if res[w] != "N" {
					all = false
				}
			}
			if res[v] == "" && all {
				res[v], changed = "P", true
			}
		}
	}
	for v := range res {
		if res[v] == "" {
			res[v] = "D"
		}
	}
	return res
}

func TestGraphGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	solvers := map[string]int{}
	for c := 0; c < 150; c++ {
		n := 2 + rng.IntN(9)
		cyclic := rng.IntN(2) == 0
		edges := make([][]int, n)
		var es []string
		for v := 0; v < n; v++ {
			for k := rng.IntN(3); k > 0; k-- {
				w := rng.IntN(n)
				if !cyclic && w <= v {
					continue
				}
				edges[v] = append(edges[v], w)
				es = append(es, fmt.Sprintf("%d>%d", v, w))
			}
		}
		term := map[int]string{}
		var ts []string
		kinds := []string{"end"}
		if rng.IntN(2) == 0 {
			kinds = append(kinds, "win", "loss")
		}
		if rng.IntN(3) == 0 {
			kinds = append(kinds, "draw")
		}
		for v := 0; v < n; v++ {
			if rng.IntN(4) == 0 {
				term[v] = kinds[rng.IntN(len(kinds))]
				edges[v] = nil // terminal positions have no moves
				ts = append(ts, fmt.Sprintf("%d:%s", v, term[v]))
			}
		}
		misere := rng.IntN(4) == 0
		params := map[string]string{"edges": strings.Join(es, ","), "term": strings.Join(ts, ",")}
		if misere {
			params["misere"] = "yes"
		}
		want := graphBrute(n, edges, term, misere)
		g := mustLoad(t, graphScript, params)
		s := NewSolver(g, SolveOptions{})
		for v := 0; v < n; v++ {
			p, err := g.Intern(starlark.MakeInt(v))
			if err != nil {
				t.Fatal(err)
			}
			r, err := s.Solve(context.Background(), p)
			if err != nil {
				t.Fatalf("%v at %d: %v", params, v, err)
			}
			if r.Outcome != want[v] {
				t.Fatalf("%v at %d: outcome %s, want %s", params, v, r.Outcome, want[v])
			}
			solvers[r.Solver]++
			// A winning move leads to a lost position.
			for _, m := range r.WinningMoves {
				var w int
				fmt.Sscan(m, &w)
				if want[w] != "P" {
					t.Fatalf("%v at %d: winning move to %d, which is %s", params, v, w, want[w])
				}
			}
		}
	}
	if solvers["impartial"] == 0 || solvers["retro"] == 0 {
		t.Fatalf("the cases did not reach both solvers: %v", solvers)
	}
}

// TestMisereNim: misère Nim, one heap per tuple entry, against Bouton's
// misère rule (the player to move loses when all heaps are at most 1 and
// their number of ones is odd, or some heap exceeds 1 and the nim-sum is 0).
func TestMisereNim(t *testing.T) {
	g := mustLoad(t, `
misere = True
def moves(pos):
    return [pos[:i] + (k,) + pos[i + 1:] for i in range(len(pos)) for k in range(pos[i])]
`, nil)
	s := NewSolver(g, SolveOptions{})
	rng := rand.New(rand.NewPCG(5, 5))
	for c := 0; c < 200; c++ {
		heaps := make(starlark.Tuple, 1+rng.IntN(3))
		x, big1, ones := 0, false, 0
		for i := range heaps {
			h := rng.IntN(5)
			heaps[i] = starlark.MakeInt(h)
			x ^= h
			big1 = big1 || h > 1
			if h == 1 {
				ones++
			}
		}
		lose := !big1 && ones%2 == 1 || big1 && x == 0
		p, _ := g.Intern(heaps)
		r, err := s.Solve(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		if want := map[bool]string{true: "P", false: "N"}[lose]; r.Outcome != want || r.Grundy != nil {
			t.Fatalf("misère Nim %s: outcome %s grundy %v, want %s and no value", heaps, r.Outcome, r.Grundy, want)
		}
	}
}

// TestRemoteness: in a one-heap subtraction game the remoteness is the
// textbook recursion's.
func TestRemoteness(t *testing.T) {
	g := mustLoad(t, "def moves(n):\n    return [n - s for s in (1, 2, 5) if s <= n]\n", nil)
	s := NewSolver(g, SolveOptions{})
	const n = 60
	value, rem := make([]int, n), make([]int, n)
	for h := 0; h < n; h++ {
		opts := map[int]bool{}
		bestWin, worst := 1<<30, 0
		for _, d := range []int{1, 2, 5} {
			if d <= h {
				opts[value[h-d]] = true
				if value[h-d] == 0 {
					bestWin = min(bestWin, rem[h-d])
				}
				worst = max(worst, rem[h-d])
			}
		}
		for opts[value[h]] {
			value[h]++
		}
		switch {
		case len(opts) == 0:
		case value[h] != 0:
			rem[h] = bestWin + 1
		default:
			rem[h] = worst + 1
		}
		p, _ := g.Intern(starlark.MakeInt(h))
		r, err := s.Solve(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		if r.Grundy.Int64() != int64(value[h]) || r.Remoteness == nil || *r.Remoteness != rem[h] {
			t.Fatalf("heap %d: grundy %v remoteness %v, want %d and %d", h, r.Grundy, r.Remoteness, value[h], rem[h])
		}
	}
}

// raceScript: each turn the mover either adds 1 to its score or rolls a
// die of SIDES faces and adds the roll; the first to reach N wins.
const raceScript = `
N = int(params["n"])
SIDES = int(params["sides"])
start = (0, 0, 0)
def to_move(pos):
    return pos[-1]
def chance(pos):
    if len(pos) == 4:
        a, b, who, _ = pos
        return [(1, (a + d, b, 1) if who == 0 else (a, b + d, 0)) for d in range(1, SIDES + 1)]
    return None
def terminal(pos):
    return len(pos) == 3 and (pos[0] >= N or pos[1] >= N)
def moves(pos):
    a, b, who = pos
    step = (a + 1, b, 1) if who == 0 else (a, b + 1, 0)
    return [step, (a, b, who, "roll")]
def payoff(pos):
    return (1, 0) if pos[0] >= N else (0, 1)
`

func raceBrute(a, b, who, n, sides int, memo map[[3]int]*big.Rat) *big.Rat {
	// The probability that player 0 wins.
	switch {
	case a >= n:
		return big.NewRat(1, 1)
	case b >= n:
		return new(big.Rat)
	}
	k := [3]int{a, b, who}
	if v, ok := memo[k]; ok {
		return v
	}
	next := func(d int) *big.Rat {
		if who == 0 {
			return raceBrute(a+d, b, 1, n, sides, memo)
		}
		return raceBrute(a, b+d, 0, n, sides, memo)
	}
	step := next(1)
	roll := new(big.Rat)
	for d := 1; d <= sides; d++ {
		roll.Add(roll, next(d))
	}
	roll.Quo(roll, big.NewRat(int64(sides), 1))
	v := step
	if who == 0 && roll.Cmp(step) > 0 || who == 1 && roll.Cmp(step) < 0 {
		v = roll
	}
	memo[k] = v
	return v
}

func TestChance(t *testing.T) {
	for _, c := range [][2]int{{3, 2}, {5, 3}, {7, 4}, {10, 6}, {12, 3}} {
		n, sides := c[0], c[1]
		g := mustLoad(t, raceScript, map[string]string{"n": fmt.Sprint(n), "sides": fmt.Sprint(sides)})
		r := solveStart(t, g, "")
		want := raceBrute(0, 0, 0, n, sides, map[[3]int]*big.Rat{})
		if r.Value != want.RatString() || r.Solver != "payoff" {
			t.Fatalf("race to %d with a d%d: value %s by %s, want %s", n, sides, r.Value, r.Solver, want.RatString())
		}
	}
}

// --- contract errors and limits ----------------------------------------------------

func TestContractErrors(t *testing.T) {
	ok := "def moves(p):\n    return []\n"
	for _, c := range []struct {
		name, src, pos, want string
	}{
		{"no moves", "start = 1\n", "", "defines no moves(pos) function"},
		{"moves not a function", "moves = 3\n", "", "moves is an int; it must be a function"},
		{"moves of two", "def moves(a, b):\n    return []\n", "", "test.star:1:1: moves must take exactly one parameter"},
		{"players", ok + "players = 0\n", "", "players = 0: expected the number of players"},
		{"payoff without to_move", ok + "def payoff(p):\n    return 1\n", "", "must define to_move(pos)"},
		{"three without payoff", ok + "players = 3\ndef to_move(p):\n    return 0\n", "", "must define payoff(pos)"},
		{"misere payoff", ok + "misere = True\ndef to_move(p):\n    return 0\ndef payoff(p):\n    return 1\n", "", "misere = True and payoff(pos) do not go together"},
		{"misere not bool", ok + "misere = 1\n", "", "misere = 1: expected True or False"},
		{"bad start", ok + "start = 1.5\n", "", "start: 1.5 is a float"},
		{"top-level error", "x = 1 // 0\n" + ok, "", "test.star:1:7: running the script: floored division by zero"},
		{"unknown global", "def moves(p):\n    return [q]\n", "1", "test.star:2:13: undefined: q"},
		{"terminal result", ok + "def terminal(p):\n    return 5\n", "1", "test.star:3:1: terminal(1) returned 5; expected False"},
		{"to_move range", "players = 3\ndef to_move(p):\n    return 7\ndef payoff(p):\n    return (1, 2, 3)\n" + ok, "1", "to_move(1) returned 7; expected a player number from 0 to 2"},
		{"payoff length", "players = 3\ndef to_move(p):\n    return 0\ndef payoff(p):\n    return (1, 2)\n" + ok, "1", "payoff(1) returned 2 numbers for 3 players"},
		{"payoff value", "def to_move(p):\n    return 0\ndef payoff(p):\n    return (1, \"x\")\n" + ok, "1", "bad payoff for player 1"},
		{"chance weight", "def to_move(p):\n    return 0\ndef payoff(p):\n    return 1\ndef chance(p):\n    return [(-1, 2)] if p == 1 else None\n" + ok, "1", "gave the weight -1 to an outcome"},
		{"chance shape", "def to_move(p):\n    return 0\ndef payoff(p):\n    return 1\ndef chance(p):\n    return [3] if p == 1 else None\n" + ok, "1", "returned 3 at index 0; expected (weight, position) pairs"},
		{"split result", "def split(p):\n    return 3\ndef moves(p):\n    return [p - 1] if p > 0 else []\n", "2", "split(2) returned an int; expected a list"},
		{"split element", "def split(p):\n    return [[p]]\ndef moves(p):\n    return [p - 1] if p > 0 else []\n", "2", "split(2) returned a non-position at index 0: [2] is a list"},
		{"key result", "def key(p):\n    return [p]\n" + ok, "1", "key(1) returned a non-position: [1] is a list"},
		{"labels", "move_labels = True\ndef moves(p):\n    return [p]\n", "1", "returned 1 at index 0; with move_labels = True each move is a pair"},
		{"nested bad", "def moves(p):\n    return [(1, (2, [3]))]\n", "1", "returned a non-position at index 0: in element [1][1], [3] is a list"},
		{"draw in payoff", "def to_move(p):\n    return 0\ndef payoff(p):\n    return 1\ndef terminal(p):\n    return \"draw\"\n" + ok, "1", "terminal(1) returned \"draw\"; expected True"},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx := context.Background()
			g, err := Load(ctx, "test.star", []byte(c.src), Options{})
			if err == nil {
				var p Pos
				p, err = g.Parse(ctx, nil, c.pos)
				if err == nil {
					_, err = NewSolver(g, SolveOptions{}).Solve(ctx, p)
				}
			}
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want one containing %q", err, c.want)
			}
			if !strings.HasPrefix(err.Error(), "test.star") && !strings.Contains(c.want, "test.star") {
				t.Fatalf("error %q does not name the file", err)
			}
		})
	}
}

func TestLimits(t *testing.T) {
	ctx := context.Background()
	loop := "start = 1\ndef moves(p):\n    while True:\n        pass\n"
	t.Run("steps", func(t *testing.T) {
		g, err := Load(ctx, "loop.star", []byte(loop), Options{MaxSteps: 5000})
		if err != nil {
			t.Fatal(err)
		}
		p, _, err := g.Start()
		if err != nil {
			t.Fatal(err)
		}
		_, err = NewSolver(g, SolveOptions{}).Solve(ctx, p)
		var se *Error
		if !errors.As(err, &se) || !strings.HasPrefix(se.Pos, "loop.star:") || !strings.Contains(se.Msg, "more than 5000 steps") || !strings.Contains(se.Backtrace, "in moves") {
			t.Fatalf("error %v", err)
		}
	})
	t.Run("top-level steps", func(t *testing.T) {
		_, err := Load(ctx, "top.star", []byte("x = 0\nwhile True:\n    x += 1\n"), Options{MaxSteps: 5000})
		if err == nil || !strings.Contains(err.Error(), "more than 5000 steps") {
			t.Fatalf("error %v", err)
		}
	})
	t.Run("timeout", func(t *testing.T) {
		g, err := Load(ctx, "loop.star", []byte(loop), Options{MaxSteps: 1 << 62, Timeout: 50 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		p, _, err := g.Start()
		if err != nil {
			t.Fatal(err)
		}
		_, err = NewSolver(g, SolveOptions{}).Solve(ctx, p)
		if err == nil || !strings.Contains(err.Error(), "wall-clock limit of 50ms") || !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("error %v", err)
		}
	})
	t.Run("cancel", func(t *testing.T) {
		g, err := Load(ctx, "loop.star", []byte(loop), Options{MaxSteps: 1 << 62})
		if err != nil {
			t.Fatal(err)
		}
		cctx, cancel := context.WithCancel(ctx)
		time.AfterFunc(50*time.Millisecond, cancel)
		p, _, _ := g.Start()
		_, err = NewSolver(g, SolveOptions{}).Solve(cctx, p)
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("error %v, want context.Canceled", err)
		}
	})
	t.Run("positions", func(t *testing.T) {
		g, err := Load(ctx, "up.star", []byte("start = 0\ndef moves(n):\n    return [n + 1] if n < 100000 else []\n"), Options{MaxPositions: 1000})
		if err != nil {
			t.Fatal(err)
		}
		p, _, err := g.Start()
		if err != nil {
			t.Fatal(err)
		}
		_, err = NewSolver(g, SolveOptions{}).Solve(ctx, p)
		var ex *budget.Exceeded
		if !errors.As(err, &ex) || ex.Resource != budget.States || ex.Limit != 1000 || strings.Contains(err.Error(), "--") {
			t.Fatalf("error %v, want a budget.Exceeded of 1000 positions naming no flag", err)
		}
	})
	t.Run("recursion", func(t *testing.T) {
		g, err := Load(ctx, "rec.star", []byte("def f(n):\n    return f(n)\ndef moves(n):\n    return [f(n)]\n"), Options{})
		if err != nil {
			t.Fatal(err)
		}
		p, _ := g.Intern(starlark.MakeInt(1))
		_, err = NewSolver(g, SolveOptions{}).Solve(ctx, p)
		if err == nil || !strings.Contains(err.Error(), "rec.star:2:12: moves(1): function f called recursively") {
			t.Fatalf("error %v", err)
		}
	})
	t.Run("huge range", func(t *testing.T) {
		g, err := Load(ctx, "mem.star", []byte("def moves(n):\n    return list(range(1000000000))\n"), Options{})
		if err != nil {
			t.Fatal(err)
		}
		p, _ := g.Intern(starlark.MakeInt(1))
		_, err = NewSolver(g, SolveOptions{}).Solve(ctx, p)
		if err == nil || !strings.Contains(err.Error(), "mem.star:2:22: moves(1): range of 1000000000 elements") {
			t.Fatalf("error %v", err)
		}
	})
	t.Run("no files", func(t *testing.T) {
		for src, want := range map[string]string{
			"load('x.star', 'y')\n":                           "io.star:1:6: load(\"x.star\"): a game script cannot load other files",
			"def moves(n):\n    return open('/etc/passwd')\n": "io.star:2:12: undefined: open",
		} {
			g, err := Load(ctx, "io.star", []byte(src), Options{})
			if err == nil {
				var p Pos
				if p, _, err = g.Start(); err == nil {
					_, err = NewSolver(g, SolveOptions{}).Solve(ctx, p)
				}
			}
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Fatalf("%q: error %v, want %q", src, err, want)
			}
		}
	})
}

// TestReuse: a failed game stays failed, and a solver answers many
// positions from one memo.
func TestReuse(t *testing.T) {
	g := mustLoad(t, "def moves(n):\n    if n == 7:\n        fail('seven')\n    return [n - 1] if n > 0 else []\n", nil)
	s := NewSolver(g, SolveOptions{})
	ctx := context.Background()
	for n := 0; n < 7; n++ {
		p, _ := g.Intern(starlark.MakeInt(n))
		if _, err := s.Solve(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	p, _ := g.Intern(starlark.MakeInt(9))
	if _, err := s.Solve(ctx, p); err == nil || !strings.Contains(err.Error(), "seven") {
		t.Fatalf("error %v", err)
	}
	if g.Err() == nil {
		t.Fatal("the game forgot its error")
	}
}

// TestDocExample runs the complete example of docs/scripts.md and checks
// the answers the page shows.
func TestDocExample(t *testing.T) {
	doc, err := os.ReadFile("../docs/scripts.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(doc)
	i := strings.Index(text, "```python\n")
	j := strings.Index(text[i+10:], "```")
	if i < 0 || j < 0 {
		t.Fatal("no python block in docs/scripts.md")
	}
	src := text[i+10 : i+10+j]
	for _, c := range []struct {
		params map[string]string
		pos    string
		want   string
	}{
		{nil, "", "4 5 P 0 6 []"},
		{nil, "(3, 3)", "3 3 P 0 4 []"},
		{map[string]string{"take": "1,3"}, "(2, 7)", "2 7 N 1 5 [2 6 2 4]"},
	} {
		r := solveStart(t, mustLoad(t, src, c.params), c.pos)
		got := fmt.Sprintf("%s %s %v %d %v", r.Position, r.Outcome, r.Grundy, *r.Remoteness, r.WinningMoves)
		if got != c.want {
			t.Errorf("%v %s: %s, docs/scripts.md says %s", c.params, c.pos, got, c.want)
		}
		if !strings.Contains(text, "twoheaps.star  "+r.Position+"\n") && !strings.Contains(text, `"position":"`+r.Position+`","outcome":"`+r.Outcome+`"`) {
			t.Errorf("docs/scripts.md does not show %s", r.Position)
		}
	}
}

// TestOnePlayer: a puzzle (players = 1) is solved by maximising its
// payoff: walk along a row of numbers by steps of 1 or 2, collecting the
// numbers landed on.
func TestOnePlayer(t *testing.T) {
	src := `
players = 1
ROW = [int(x) for x in params["row"].split()]
start = (0, ROW[0])
def terminal(pos):
    return pos[0] == len(ROW) - 1
def moves(pos):
    i, total = pos
    return [(j, total + ROW[j]) for j in (i + 1, i + 2) if j < len(ROW)]
def payoff(pos):
    return (pos[1],)
`
	rng := rand.New(rand.NewPCG(6, 6))
	for c := 0; c < 20; c++ {
		row := make([]int, 2+rng.IntN(10))
		var words []string
		for i := range row {
			row[i] = rng.IntN(21) - 10
			words = append(words, fmt.Sprint(row[i]))
		}
		best := make([]int, len(row))
		for i := len(row) - 1; i >= 0; i-- {
			switch {
			case i == len(row)-1:
				best[i] = row[i]
			case i == len(row)-2:
				best[i] = row[i] + best[i+1]
			default:
				best[i] = row[i] + max(best[i+1], best[i+2])
			}
		}
		r := solveStart(t, mustLoad(t, src, map[string]string{"row": strings.Join(words, " ")}), "")
		if len(r.Payoff) != 1 || r.Payoff[0] != fmt.Sprint(best[0]) || r.Outcome != "player 0" {
			t.Fatalf("row %v: payoff %v outcome %s, want %d", row, r.Payoff, r.Outcome, best[0])
		}
	}
}

// TestChanceForms: chance outcomes as pairs or as a dict, weights as ints,
// floats or "a/b" strings, all normalised; payoffs likewise exact.
func TestChanceForms(t *testing.T) {
	for _, form := range []string{
		`[(1, "h"), (2, "t")]`,
		`{"h": 0.25, "t": 0.5}`,
		`{"h": "1/9", "t": "2/9"}`,
		`[(1, "h"), (1, "t"), (1, "t")]`,
	} {
		src := `
start = "flip"
def to_move(pos):
    return 0
def chance(pos):
    return ` + form + ` if pos == "flip" else None
def moves(pos):
    return []
def payoff(pos):
    return ("3/2", "-3/2") if pos == "h" else (0, 0)
`
		r := solveStart(t, mustLoad(t, src, nil), "")
		// 1/3 · 3/2 = 1/2 for player 0.
		if fmt.Sprint(r.Payoff) != "[1/2 -1/2]" || r.ToMove != -1 {
			t.Errorf("%s: payoff %v, to move %d; want [1/2 -1/2] from chance", form, r.Payoff, r.ToMove)
		}
	}
}
