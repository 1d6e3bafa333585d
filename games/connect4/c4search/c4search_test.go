package c4search

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/grundy-go/grundy/games/connect4"
	"github.com/grundy-go/grundy/outcome"
	"github.com/grundy-go/grundy/search"
)

// witness is a plain memoised minimax over outcome and remoteness by
// definition, on the game's own moves (no scores, no pruning).
type witness struct {
	g    connect4.Game
	memo map[connect4.Board]search.Value
}

func newWitness(t testing.TB, w, h, k int) *witness {
	g, err := connect4.New(w, h, k)
	if err != nil {
		t.Fatal(err)
	}
	return &witness{g: g, memo: map[connect4.Board]search.Value{}}
}

func (w *witness) value(b connect4.Board) search.Value {
	if v, ok := w.memo[b]; ok {
		return v
	}
	ms := w.g.AppendMoves(nil, b)
	var v search.Value
	if len(ms) == 0 {
		v = search.Value{Outcome: w.g.TerminalOutcome(b), Remoteness: 0}
		if v.Outcome == outcome.D {
			v.Remoteness = -1
		}
	} else {
		win, loss, draw := -1, -1, false
		for _, q := range ms {
			c := w.value(q)
			switch c.Outcome {
			case outcome.P:
				if win < 0 || c.Remoteness+1 < win {
					win = c.Remoteness + 1
				}
			case outcome.N:
				loss = max(loss, c.Remoteness+1)
			default:
				draw = true
			}
		}
		switch {
		case win >= 0:
			v = search.Value{Outcome: outcome.N, Remoteness: win}
		case draw:
			v = search.Value{Outcome: outcome.D, Remoteness: -1}
		default:
			v = search.Value{Outcome: outcome.P, Remoteness: loss}
		}
	}
	w.memo[b] = v
	return v
}

// moveValue is a child's value seen by the player who moves there.
func moveValue(c search.Value) search.Value {
	switch c.Outcome {
	case outcome.N:
		return search.Value{Outcome: outcome.P, Remoteness: c.Remoteness + 1}
	case outcome.P:
		return search.Value{Outcome: outcome.N, Remoteness: c.Remoteness + 1}
	}
	return search.Value{Outcome: outcome.D, Remoteness: -1}
}

func randomBoard(g connect4.Game, rng *rand.Rand, minStones int) connect4.Board {
	var b connect4.Board
	stop := minStones + rng.IntN(g.S.Cells()-minStones+1)
	for range stop {
		ms := g.AppendMoves(nil, b)
		if len(ms) == 0 {
			break
		}
		b = ms[rng.IntN(len(ms))]
	}
	return b
}

func checkAnalyze(t *testing.T, w *witness, sv *Solver, b connect4.Board) {
	t.Helper()
	res, err := sv.Analyze(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	name := w.g.Format(b)
	want := w.value(b)
	if res.Value != want {
		t.Fatalf("%s %q: Analyze = %+v (score %d), the witness says %+v", w.g.S, name, res.Value, res.Score, want)
	}
	if ValueScore(w.g.S.Cells(), b.Moves(), want) != res.Score {
		t.Fatalf("%s %q: ValueScore(%+v) = %d, score %d", w.g.S, name, want, ValueScore(w.g.S.Cells(), b.Moves(), want), res.Score)
	}
	ms := w.g.AppendMoves(nil, b)
	if len(ms) != len(res.Moves) {
		t.Fatalf("%s %q: %d move results for %d moves", w.g.S, name, len(res.Moves), len(ms))
	}
	nbest := 0
	for i, q := range ms {
		mv := moveValue(w.value(q))
		if res.Moves[i].Board != q || res.Moves[i].Value != mv {
			t.Fatalf("%s %q: move %d (column %d) = %+v, the witness says %+v", w.g.S, name, i, res.Moves[i].Column+1, res.Moves[i].Value, mv)
		}
		if mv == want {
			if nbest >= len(res.Best) || res.Best[nbest] != res.Moves[i].Column {
				t.Fatalf("%s %q: best moves %v, the witness differs at column %d", w.g.S, name, res.Best, res.Moves[i].Column+1)
			}
			nbest++
		}
	}
	if nbest != len(res.Best) {
		t.Fatalf("%s %q: best moves %v, the witness has %d", w.g.S, name, res.Best, nbest)
	}
}

// TestSmallBoardsEveryPosition compares Analyze with the witness on every
// position of 4×4 and on samples of larger boards and other K.
func TestSmallBoards(t *testing.T) {
	for _, tc := range []struct {
		w, h, k, sample, minStones int
	}{
		{4, 4, 4, -1, 0}, // every position
		{5, 4, 4, 400, 6},
		{4, 5, 4, 400, 6},
		{5, 5, 4, 150, 10},
		{4, 4, 3, 300, 0},
		{5, 4, 3, 300, 4},
		{6, 5, 5, 100, 14},
	} {
		w := newWitness(t, tc.w, tc.h, tc.k)
		sv, err := New(w.g.S, Options{TTSize: MinTTSize, Threads: 1})
		if err != nil {
			t.Fatal(err)
		}
		if tc.sample < 0 {
			w.value(connect4.Board{})
			n := 0
			for b := range w.memo {
				checkAnalyze(t, w, sv, b)
				n++
			}
			if n != 161029 {
				t.Fatalf("4x4: %d positions, Tromp counts 161,029", n)
			}
			continue
		}
		rng := rand.New(rand.NewPCG(uint64(tc.w*10+tc.h), uint64(tc.k)))
		n := tc.sample
		if testing.Short() {
			n /= 4
		}
		for i := range n {
			b := randomBoard(w.g, rng, tc.minStones)
			sv.opts.Threads = 1 + i%2
			if i%3 == 0 {
				sv.Reset()
			}
			checkAnalyze(t, w, sv, b)
		}
	}
}

// TestHelpers compares Analyze with the witness when the helper threads
// start after 64 nodes (instead of a million): the
// speculative second test and threads joining open tests are exercised
// on positions the witness can check, with 2 and 3 threads; the children
// are looked up from the first node and the positions marked from 12
// empty cells, so that threads also defer children others are searching
// (see busyTable).
func TestHelpers(t *testing.T) {
	var defers int64
	for _, tc := range []struct {
		w, h, sample, minStones int
	}{
		{5, 4, 100, 4},
		{4, 5, 100, 4},
		{5, 5, 40, 8},
	} {
		w := newWitness(t, tc.w, tc.h, 4)
		sv, err := New(w.g.S, Options{TTSize: MinTTSize})
		if err != nil {
			t.Fatal(err)
		}
		// The children looked up from the first nodes on, and marked
		// from 12 empty cells, so that threads defer children.
		sv.helpAfter, sv.pollAt, sv.etcAt, sv.deferAt = 64, 16, 1, 11
		rng := rand.New(rand.NewPCG(uint64(tc.w*10+tc.h), 35))
		n := tc.sample
		if testing.Short() {
			n /= 4
		}
		for i := range n {
			b := randomBoard(w.g, rng, tc.minStones)
			sv.opts.Threads = 2 + i%2
			sv.Reset()
			checkAnalyze(t, w, sv, b)
		}
		if sv.specs.Load() == 0 || sv.joins.Load() == 0 {
			t.Fatalf("%s: %d speculative tests, %d joins: the helpers were not exercised", w.g.S, sv.specs.Load(), sv.joins.Load())
		}
		t.Logf("%s: %d speculative tests, %d joins, %d deferred children", w.g.S, sv.specs.Load(), sv.joins.Load(), sv.defers.Load())
		defers += sv.defers.Load()
	}
	if defers == 0 {
		t.Fatal("no thread deferred a child another was searching: the busy marks were not exercised")
	}
}

func TestScoreValue(t *testing.T) {
	// Pons: the empty 7×6 board scores 1, a win with the 21st stone of
	// the first player, move 41.
	if v := ScoreValue(42, 0, 1); v != (search.Value{Outcome: outcome.N, Remoteness: 41}) {
		t.Fatalf("score 1 on the empty 7x6 board: %+v, want a win in 41", v)
	}
	for cells := 16; cells <= 42; cells++ {
		for n := 0; n < cells; n++ {
			for s := -cells / 2; s <= (cells+1)/2; s++ {
				v := ScoreValue(cells, n, s)
				if s != 0 && (v.Remoteness < 0 || v.Remoteness > cells-n) {
					continue // no such score at n stones
				}
				if got := ValueScore(cells, n, v); got != s {
					t.Fatalf("cells %d, n %d: score %d → %+v → %d", cells, n, s, v, got)
				}
			}
		}
	}
}
