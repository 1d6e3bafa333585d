package search

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/outcome"
)

// reachable lists every position reachable from start, each once.
func reachable[P comparable](moves func(P) []P, start P) []P {
	seen := map[P]bool{start: true}
	out := []P{start}
	for i := 0; i < len(out); i++ {
		for _, q := range moves(out[i]) {
			if !seen[q] {
				seen[q] = true
				out = append(out, q)
			}
		}
	}
	return out
}

func newWitness[P comparable](g interface {
	game.MoveAppender[P]
	game.Terminal[P]
}) *witness[P] {
	return &witness[P]{
		moves: func(p P) []P { return g.AppendMoves(nil, p) },
		term:  g.TerminalOutcome,
		memo:  map[P]Value{},
	}
}

// moveValue is the witness's result of a move to q for the player making
// it.
func moveValue(c Value) Value {
	switch c.Outcome {
	case outcome.N:
		return Value{outcome.P, c.Remoteness + 1}
	case outcome.P:
		return Value{outcome.N, c.Remoteness + 1}
	}
	return Value{outcome.D, -1}
}

// checkAnalyze compares Analyze at p with the witness: the value, every
// move's value and the best moves.
func checkAnalyze[P comparable](t *testing.T, g game.Game[P], w *witness[P], p P, opts Options[P], name string) {
	t.Helper()
	res, err := Analyze(context.Background(), g, p, opts)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	want := w.value(p)
	if res.Value != want {
		t.Fatalf("%s: Analyze = %+v, the witness says %+v", name, res.Value, want)
	}
	ms := w.moves(p)
	if len(res.Moves) != len(ms) {
		t.Fatalf("%s: %d move results, %d moves", name, len(res.Moves), len(ms))
	}
	var best []P
	for i, q := range ms {
		mv := moveValue(w.value(q))
		if res.Moves[i].Position != q || res.Moves[i].Value != mv {
			t.Fatalf("%s: move %d = %+v, the witness says %+v", name, i, res.Moves[i].Value, mv)
		}
		if mv == want {
			best = append(best, q)
		}
	}
	if len(best) != len(res.Best) {
		t.Fatalf("%s: %d best moves, the witness has %d", name, len(res.Best), len(best))
	}
	for i := range best {
		if best[i] != res.Best[i] {
			t.Fatalf("%s: best move %d differs", name, i)
		}
	}
}

func TestTicTacToeEveryPosition(t *testing.T) {
	g := ttt{}
	w := newWitness[uint32](g)
	all := reachable(w.moves, 0)
	if len(all) != 5478 {
		t.Fatalf("%d positions of tic-tac-toe, want 5478", len(all))
	}
	for _, variant := range []struct {
		name string
		g    game.Game[uint32]
		opts Options[uint32]
	}{
		{"plain", g, Options[uint32]{TTSize: 1 << 16}},
		{"symmetric perfect key", tttSym{}, Options[uint32]{TTSize: 1 << 16}},
		{"tiny table, two threads", g, Options[uint32]{TTSize: 256, Threads: 2}},
	} {
		for _, p := range all {
			v, _, err := Solve(context.Background(), variant.g, p, variant.opts)
			if err != nil {
				t.Fatal(err)
			}
			if want := w.value(p); v != want {
				t.Fatalf("%s: position %018b: Solve = %+v, the witness says %+v", variant.name, p, v, want)
			}
		}
	}
	if v := w.value(0); v != (Value{outcome.D, -1}) {
		t.Fatalf("tic-tac-toe is a draw, the witness says %+v", v)
	}
	for i, p := range all {
		if i%7 == 0 {
			checkAnalyze(t, game.Game[uint32](tttSym{}), w, p, Options[uint32]{TTSize: 1 << 14}, "analyze")
		}
	}
}

func TestConnect4SmallBoards(t *testing.T) {
	for _, tc := range []struct {
		w, h, sample, minStones int
	}{
		{4, 4, 1500, 0},
		// 5×4 has 3.9 million positions: a sample of positions of 8
		// stones or more, whose subtrees the witness solves quickly.
		{5, 4, 300, 8},
	} {
		g := c4{tc.w, tc.h}
		w := newWitness[c4pos](g)
		rng := rand.New(rand.NewPCG(uint64(tc.w), 7))
		n := tc.sample
		if testing.Short() {
			n /= 5
		}
		for i := range n {
			p := randomPlay(g, rng, tc.minStones)
			opts := Options[c4pos]{TTSize: 1 << (10 + i%8), Threads: 1 + i%2}
			v, _, err := Solve(context.Background(), game.Game[c4pos](g), p, opts)
			if err != nil {
				t.Fatal(err)
			}
			if want := w.value(p); v != want {
				t.Fatalf("%dx%d %s: Solve = %+v, the witness says %+v", tc.w, tc.h, g.Format(p), v, want)
			}
			if i%10 == 0 {
				checkAnalyze(t, game.Game[c4pos](g), w, p, opts, g.Format(p))
			}
		}
	}
	// Tromp's table (w + h <= 15): 4×4 is a draw.
	g := c4{4, 4}
	if v, _, err := Solve(context.Background(), game.Game[c4pos](g), c4pos{}, Options[c4pos]{}); err != nil || v != (Value{outcome.D, -1}) {
		t.Fatalf("4x4 from the empty board: %+v, %v; Tromp's table says a draw", v, err)
	}
}

// randomPlay plays random moves from the empty board, at least min of
// them unless the game ends, and stops at a random point after that.
func randomPlay(g c4, rng *rand.Rand, min int) c4pos {
	var p c4pos
	stop := min + rng.IntN(g.w*g.h-min+1)
	for n := 0; n < stop; n++ {
		ms := g.AppendMoves(nil, p)
		if len(ms) == 0 {
			break
		}
		p = ms[rng.IntN(len(ms))]
	}
	return p
}

func TestRepetitionRefused(t *testing.T) {
	_, _, err := Solve(context.Background(), game.Game[int](loopGame{}), 0, Options[int]{TTSize: 1 << 12})
	if !errors.Is(err, ErrRepetition) {
		t.Fatalf("a game with a cycle: err = %v, want ErrRepetition", err)
	}
	// From 4 play never reaches the cycle: the answer is exact.
	v, _, err := Solve(context.Background(), game.Game[int](loopGame{}), 4, Options[int]{TTSize: 1 << 12})
	if err != nil || v != (Value{outcome.N, 1}) {
		t.Fatalf("from 4: %+v, %v; want a win in 1", v, err)
	}
}

func TestLimits(t *testing.T) {
	g := game.Game[c4pos](c4{4, 4})
	_, _, err := Solve(context.Background(), g, c4pos{}, Options[c4pos]{TTSize: 1 << 12, MaxNodes: 10000})
	var ex *budget.Exceeded
	if !errors.Is(err, budget.ErrExceeded) || !errors.As(err, &ex) || ex.Limit != 10000 {
		t.Fatalf("MaxNodes: err = %v, want a budget.Exceeded of 10000", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := Solve(ctx, g, c4pos{}, Options[c4pos]{TTSize: 1 << 12, Threads: 2}); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: err = %v", err)
	}
	if _, _, err := Solve(context.Background(), g, c4pos{}, Options[c4pos]{TTSize: 10}); !errors.Is(err, budget.ErrExceeded) {
		t.Fatalf("a table too small for one bucket: err = %v", err)
	}
	var calls int
	_, _, err = Solve(context.Background(), g, c4pos{}, Options[c4pos]{TTSize: 1 << 16, Progress: func(Progress) { calls++ }})
	if err != nil || calls == 0 {
		t.Fatalf("progress: %d calls, err %v", calls, err)
	}
}

func TestBook(t *testing.T) {
	g := ttt{}
	w := newWitness[uint32](g)
	all := reachable(w.moves, 0)
	// A book that knows the positions with an even number of free cells
	// (and, to be sure it is used, counts its hits).
	hits := 0
	book := func(p uint32) (outcome.Outcome, int, bool) {
		if tttTurn(p) != 1 {
			return 0, 0, false
		}
		hits++
		v := w.value(p)
		return v.Outcome, v.Remoteness, true
	}
	for _, p := range all {
		v, _, err := Solve(context.Background(), game.Game[uint32](g), p, Options[uint32]{TTSize: 1 << 12, Book: book})
		if err != nil || v != w.value(p) {
			t.Fatalf("with a book: %+v, %v; want %+v", v, err, w.value(p))
		}
	}
	if hits == 0 {
		t.Fatal("the book was never asked")
	}
}

func TestScores(t *testing.T) {
	for _, v := range []Value{{outcome.N, 0}, {outcome.N, 7}, {outcome.P, 0}, {outcome.P, 12}, {outcome.D, -1}} {
		s, err := ValueScore(v)
		if err != nil || ScoreValue(s) != v {
			t.Fatalf("%+v → %d → %+v (%v)", v, s, ScoreValue(s), err)
		}
	}
	for s := int32(0); s <= 50; s++ {
		// Valid scores: 0 and ±(Bound − r) with r < MaxDepth.
		for _, sc := range []int32{0, Bound - s, -Bound + s} {
			for _, a := range []int32{-3, -1, 0, 1, 2, Bound - 40, -Bound + 40} {
				if (parentScore(sc) > a) != (sc < childBound(a)) {
					t.Fatalf("childBound(%d) wrong for child score %d", a, sc)
				}
			}
		}
	}
}
