package subtraction

import (
	"math/big"
	"slices"
	"testing"
)

// appendsAsMoves checks the MoveAppender contract: AppendMoves appends
// what Moves yields, in the same order, after what dst already holds.
func appendsAsMoves(t *testing.T, name string, moves func(int) []int, appendMoves func([]int, int) []int) {
	t.Helper()
	for n := 0; n < 200; n++ {
		want := moves(n)
		got := appendMoves([]int{-1}, n)
		if got[0] != -1 || !slices.Equal(got[1:], want) {
			t.Fatalf("%s: AppendMoves(%d) = %v, Moves = %v", name, n, got, want)
		}
	}
}

func TestAppendMovesMatchesMoves(t *testing.T) {
	g, err := New([]int{4, 1, 3, 3})
	if err != nil {
		t.Fatal(err)
	}
	appendsAsMoves(t, "subtract:1,3,4", func(n int) []int { return slices.Collect(g.Moves(n)) }, g.AppendMoves)
	var f Fibonacci
	appendsAsMoves(t, "fib", func(n int) []int { return slices.Collect(f.Moves(n)) }, f.AppendMoves)
	if got := slices.Collect(f.Moves(10)); !slices.Equal(got, []int{9, 8, 7, 5, 2}) {
		t.Fatalf("fib moves from 10: %v", got)
	}
}

func TestNewRejectsBadSets(t *testing.T) {
	if _, err := New(nil); err == nil {
		t.Fatal("an empty set was accepted")
	}
	if _, err := New([]int{2, 0}); err == nil || err.Error() != "amount 0 is not allowed: amounts must be positive" {
		t.Fatalf("a zero amount: %v", err)
	}
	g, _ := New([]int{4, 1, 3, 3})
	if !slices.Equal(g.Amounts(), []int{1, 3, 4}) {
		t.Fatalf("amounts %v, want sorted and distinct", g.Amounts())
	}
}

func TestBashClosedForms(t *testing.T) {
	// G(n) = n mod (m+1) and the remoteness 2⌊n/(m+1)⌋ (+1 unless m+1 | n),
	// against the mex and remoteness recursions on Bash's game itself.
	for m := 1; m <= 6; m++ {
		amounts := make([]int, m)
		for i := range amounts {
			amounts[i] = i + 1
		}
		g, _ := New(amounts)
		grundy, rem := map[int]int{}, map[int]int{}
		for n := 0; n < 100; n++ {
			seen := map[int]bool{}
			best, worst := -1, 0
			for q := range g.Moves(n) {
				seen[grundy[q]] = true
				if grundy[q] == 0 && (best < 0 || rem[q] < best) {
					best = rem[q]
				}
				worst = max(worst, rem[q])
			}
			for grundy[n] = 0; seen[grundy[n]]; grundy[n]++ {
			}
			switch {
			case n == 0:
				rem[n] = 0
			case best >= 0:
				rem[n] = best + 1
			default:
				rem[n] = worst + 1
			}
			if v := BashValue(big.NewInt(int64(n)), m); v.Int64() != int64(grundy[n]) {
				t.Fatalf("bash:%d G(%d) = %v, want %d", m, n, v, grundy[n])
			}
			if r := BashRemoteness(big.NewInt(int64(n)), m); r.Int64() != int64(rem[n]) {
				t.Fatalf("bash:%d remoteness(%d) = %v, want %d", m, n, r, rem[n])
			}
		}
	}
}
