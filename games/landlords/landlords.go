package landlords

import (
	"context"
	"fmt"
)

// MaxCards bounds n and m: the table holds (N+1)² states, N = max(n, m).
const MaxCards = 2000

// Strategy is optimal play in one state.
type Strategy struct {
	// Win is the mover's winning probability.
	Win float64
	// Guess, Ask and Bluff are the mover's probabilities of guessing the
	// table card, naming one of the m+1 cards it cannot see (uniformly),
	// and naming one of its own n cards (uniformly); they sum to 1.
	Guess, Ask, Bluff float64
	// Believe is the opponent's probability, when a named card is denied,
	// of taking it for the table card (and guessing it); the opponent calls
	// a bluff otherwise. It is 0 when the opponent never faces the choice
	// (m = 0).
	Believe float64
	// Matrix is the game of the state: rows ask, bluff, guess; columns
	// believe, call the bluff. Nil when m = 0 (the mover simply guesses).
	Matrix *[3][2]float64
}

// Table holds optimal play for every state with both counts at most N.
type Table struct {
	N int
	f []float64 // f[n*(N+1)+m]
}

// Solve fills the table for all states (n, m) with n, m ≤ N.
func Solve(ctx context.Context, N int) (*Table, error) {
	if N < 0 || N > MaxCards {
		return nil, fmt.Errorf("card counts must be between 0 and %d, got %d", MaxCards, N)
	}
	t := &Table{N: N, f: make([]float64, (N+1)*(N+1))}
	for s := 0; s <= 2*N; s++ {
		if s%256 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		for n := max(0, s-N); n <= min(s, N); n++ {
			t.f[n*(N+1)+s-n] = t.strategy(n, s-n).Win
		}
	}
	return t, nil
}

// Win returns f(n, m).
func (t *Table) Win(n, m int) float64 { return t.f[n*(t.N+1)+m] }

// Strategy returns optimal play at (n, m), whose counts must be at most N.
func (t *Table) Strategy(n, m int) (Strategy, error) {
	if n < 0 || m < 0 || n > t.N || m > t.N {
		return Strategy{}, fmt.Errorf("state (%d, %d) is outside the table (counts 0..%d)", n, m, t.N)
	}
	return t.strategy(n, m), nil
}

// Matrix returns the game of state (n, m), m ≥ 1, from the table's values
// of the smaller states: rows ask, bluff, guess; columns believe, call.
// Without cards of its own (n = 0) the mover cannot bluff, and canBluff
// is false.
func (t *Table) Matrix(n, m int) (ask, bluff, guess [2]float64, canBluff bool) {
	g := 1 / float64(m+1)
	shown := float64(m) / float64(m+1) * (1 - t.Win(m-1, n))
	ask = [2]float64{shown, shown + g}
	if n > 0 {
		bluff, canBluff = [2]float64{1, 1 - t.Win(m, n-1)}, true
	}
	return ask, bluff, [2]float64{g, g}, canBluff
}

func (t *Table) strategy(n, m int) Strategy {
	if m == 0 {
		return Strategy{Win: 1, Guess: 1}
	}
	ask, bluff, guess, canBluff := t.Matrix(n, m)
	var v, p, q float64 // value, P(ask) within the 2×2, P(believe)
	if !canBluff {
		// Only ask and guess: the opponent believes (ask then pays its
		// minimum, column 0).
		v, p, q = ask[0], 1, 1
	} else {
		v, p, q = solve2x2(ask[0], ask[1], bluff[0], bluff[1])
	}
	g := guess[0]
	st := Strategy{Believe: q}
	if g >= v {
		st.Win, st.Guess = g, 1
		return st
	}
	st.Win, st.Ask, st.Bluff = v, p, 1-p
	return st
}

// solve2x2 solves the zero-sum game (a b / c d) for the row player: the
// value, the probability of the first row and the column player's
// probability of the first column.
func solve2x2(a, b, c, d float64) (v, p, q float64) {
	// A pure saddle point: an entry that is its row's minimum and its
	// column's maximum.
	rowMin := [2]float64{min(a, b), min(c, d)}
	colMax := [2]float64{max(a, c), max(b, d)}
	if maxmin, minmax := max(rowMin[0], rowMin[1]), min(colMax[0], colMax[1]); maxmin >= minmax {
		v = maxmin
		if rowMin[0] >= rowMin[1] {
			p = 1
		}
		// the column player picks the column whose maximum is smallest
		if colMax[0] <= colMax[1] {
			q = 1
		}
		return v, p, q
	}
	den := a + d - b - c
	return (a*d - b*c) / den, (d - c) / den, (d - b) / den
}
