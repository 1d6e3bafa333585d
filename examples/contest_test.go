package examples

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"go.starlark.net/starlark"

	"github.com/grundy-go/grundy/budget"
)

// The checks of the four scripts issue 31 times against Python brute
// forces (examples/bench): each against an independent Go search of the
// same rules, and against the published theory where there is one.

// --- Euclid's game ---------------------------------------------------------

func euclidSG(a, b int, memo map[[2]int]uint64) uint64 {
	if a == 0 || b == 0 {
		return 0
	}
	k := [2]int{a, b}
	if v, ok := memo[k]; ok {
		return v
	}
	seen := map[uint64]bool{}
	if a >= b {
		for x := a - b; x >= 0; x -= b {
			seen[euclidSG(x, b, memo)] = true
		}
	} else {
		for y := b - a; y >= 0; y -= a {
			seen[euclidSG(a, y, memo)] = true
		}
	}
	memo[k] = mex(seen)
	return memo[k]
}

// euclidWins is Cole and Davie's rule: with piles m <= M, both positive,
// the player to move wins iff M == m or M/m > φ, that is (2M − m)² > 5m².
func euclidWins(a, b int) bool {
	m, M := min(a, b), max(a, b)
	if m == 0 {
		return false
	}
	return M == m || (2*M-m)*(2*M-m) > 5*m*m
}

func TestEuclid(t *testing.T) {
	s := load(t, "euclid.star", nil)
	memo := map[[2]int]uint64{}
	for a := 0; a <= 45; a++ {
		for b := 0; b <= 45; b++ {
			want := euclidSG(a, b, memo)
			if got := grundyOf(t, s, tuple(a, b)); got != want {
				t.Fatalf("G(%d, %d) = %d, the Go search says %d", a, b, got, want)
			}
			if (want != 0) != euclidWins(a, b) {
				t.Fatalf("(%d, %d): G = %d, but Cole–Davie says win = %v", a, b, want, euclidWins(a, b))
			}
		}
	}
	// Larger positions: the outcome against the rule.
	rng := rand.New(rand.NewPCG(31, 1))
	for range 40 {
		a, b := 1+rng.IntN(2000), 1+rng.IntN(2000)
		r := solve(t, s, fmt.Sprintf("(%d, %d)", a, b))
		if r.Outcome != outcomeOf(euclidWins(a, b)) {
			t.Errorf("(%d, %d): %s, Cole–Davie says %s", a, b, r.Outcome, outcomeOf(euclidWins(a, b)))
		}
	}
}

// TestEuclidContestSize: (2^31 − 1, 1) has 2^31 − 1 moves from one
// position. It must stop with a budget error about that size, not at a
// step budget nobody chose.
func TestEuclidContestSize(t *testing.T) {
	s := load(t, "euclid.star", nil)
	ctx := context.Background()
	p, err := s.Game().Parse(ctx, nil, "(2147483647, 1)")
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.Solve(ctx, p)
	var x *budget.Exceeded
	if !errors.As(err, &x) || x.Resource != budget.Size || strings.Contains(err.Error(), "steps") ||
		!strings.Contains(err.Error(), "euclid.star:21:42: moves((2147483647, 1)): range of 2147483647 elements: game scripts allow at most 16777216, and 2147483647 moves of one position would take more than 224 GiB of memory as positions") {
		t.Errorf("(2^31 - 1, 1): %v", err)
	}
}

// --- Chomp -----------------------------------------------------------------

func chompMoves(pos []int) [][]int {
	var out [][]int
	for r := range pos {
		for c := range pos[r] {
			if r == 0 && c == 0 {
				continue
			}
			var rows []int
			for i, x := range pos {
				switch {
				case i < r:
					rows = append(rows, x)
				case c > 0:
					rows = append(rows, min(x, c))
				}
			}
			out = append(out, rows)
		}
	}
	return out
}

func chompSG(pos []int, memo map[string]uint64) uint64 {
	k := fmt.Sprint(pos)
	if v, ok := memo[k]; ok {
		return v
	}
	seen := map[uint64]bool{}
	for _, q := range chompMoves(pos) {
		seen[chompSG(q, memo)] = true
	}
	memo[k] = mex(seen)
	return memo[k]
}

func TestChomp(t *testing.T) {
	memo := map[string]uint64{}
	for rows := 1; rows <= 4; rows++ {
		for cols := 1; cols <= 5; cols++ {
			s := load(t, "chomp.star", map[string]string{"rows": fmt.Sprint(rows), "cols": fmt.Sprint(cols)})
			rect := slices.Repeat([]int{cols}, rows)
			r := solve(t, s, "")
			want := chompSG(rect, memo)
			if r.Grundy == nil || r.Grundy.Uint64() != want {
				t.Fatalf("%d x %d: grundy %v, the Go search says %d", rows, cols, r.Grundy, want)
			}
			// Strategy stealing: the first player wins every rectangle
			// but the poisoned square alone.
			if wantN := rows*cols > 1; (r.Outcome == "N") != wantN {
				t.Errorf("%d x %d: outcome %s", rows, cols, r.Outcome)
			}
			// Every position met on the way, by value.
			for _, q := range chompMoves(rect) {
				if got, want := grundyOf(t, s, tuple(q...)), chompSG(q, memo); got != want {
					t.Fatalf("%d x %d: G%v = %d, the Go search says %d", rows, cols, q, got, want)
				}
			}
		}
	}
}

// --- Mock Turtles ------------------------------------------------------------

// odious is the n-th odious number (an odd number of ones in binary),
// counting from 0: the value of the single coin n (Winning Ways ch. 14).
func odious(n int) uint64 {
	x := uint64(2 * n)
	if bits.OnesCount64(x)%2 == 0 {
		x++
	}
	return x
}

func TestMockTurtles(t *testing.T) {
	s := load(t, "mock.star", nil)
	// Solve, not grundyOf: the Grundy path can meet the empty sum () as
	// the first component list of a game and take it for an error (a
	// bug fixed separately).
	for n := range 60 {
		if r := solve(t, s, fmt.Sprint(n)); r.Grundy == nil || r.Grundy.Uint64() != odious(n) {
			t.Fatalf("coin %d: %v, want the odious number %d", n, r.Grundy, odious(n))
		}
	}
	rng := rand.New(rand.NewPCG(31, 2))
	for range 40 {
		var heads []int
		want := uint64(0)
		for c := range 60 {
			if rng.IntN(8) == 0 {
				heads = append(heads, c)
				want ^= odious(c)
			}
		}
		r := solve(t, s, fmt.Sprint(tuple(heads...)))
		if r.Grundy == nil || r.Grundy.Uint64() != want {
			t.Fatalf("heads %v: %v, the odious numbers' nim-sum is %d", heads, r.Grundy, want)
		}
	}
	// The example's position, and its winning moves (each to a P-position).
	r := solve(t, s, "(50, 100, 150)")
	if r.Grundy.Uint64() != odious(50)^odious(100)^odious(150) || len(r.WinningMoves) == 0 {
		t.Errorf("(50, 100, 150): %v, %d winning moves", r.Grundy, len(r.WinningMoves))
	}
}

// --- the string game ---------------------------------------------------------

func stringSG(s string, memo map[string]uint64) uint64 {
	if v, ok := memo[s]; ok {
		return v
	}
	seen := map[uint64]bool{}
	for i := 1; i+1 < len(s); i++ {
		if s[i-1] == s[i+1] {
			seen[stringSG(s[:i], memo)^stringSG(s[i+1:], memo)] = true
		}
	}
	memo[s] = mex(seen)
	return memo[s]
}

func TestStringGame(t *testing.T) {
	s := load(t, "stringgame.star", nil)
	memo := map[string]uint64{}
	rng := rand.New(rand.NewPCG(31, 3))
	for range 300 {
		b := make([]byte, 1+rng.IntN(24))
		for i := range b {
			b[i] = "ab"[rng.IntN(2)]
			if rng.IntN(5) == 0 {
				b[i] = 'c'
			}
		}
		str := string(b)
		if got, want := grundyOf(t, s, starlark.String(str)), stringSG(str, memo); got != want {
			t.Fatalf("%q: %d, the Go search says %d", str, got, want)
		}
	}
	// Sums of pieces, and the benchmark's string.
	for _, pieces := range [][]string{{"aba", "abab"}, {"abacaba", "xyx", "aa"}, {}} {
		want := uint64(0)
		tup := make(starlark.Tuple, len(pieces))
		for i, p := range pieces {
			want ^= stringSG(p, memo)
			tup[i] = starlark.String(p)
		}
		if got := grundyOf(t, s, tup); got != want {
			t.Errorf("%v: %d, want %d", pieces, got, want)
		}
	}
	const bench = "abababababababababababababaabababababababa"
	if got, want := grundyOf(t, s, starlark.String(bench)), stringSG(bench, memo); got != want || want != 6 {
		t.Errorf("%s: %d, the Go search says %d (6 in BENCHMARKS.md)", bench, got, want)
	}
}
