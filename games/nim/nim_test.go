package nim

import (
	"math/big"
	"slices"
	"testing"
)

func TestAppendMovesMatchesMoves(t *testing.T) {
	var h Heap
	for n := 0; n < 50; n++ {
		want := slices.Collect(h.Moves(n))
		got := h.AppendMoves([]int{-1}, n)
		if got[0] != -1 || !slices.Equal(got[1:], want) {
			t.Fatalf("AppendMoves(%d) = %v, Moves = %v", n, got, want)
		}
	}
}

func TestMoveApplyDoesNotAlias(t *testing.T) {
	heaps := []*big.Int{big.NewInt(3), big.NewInt(4), big.NewInt(5)}
	moves := WinningMoves(heaps)
	if len(moves) != 1 || moves[0].Index != 0 || moves[0].To.Int64() != 1 {
		t.Fatalf("winning moves of 3 4 5: %+v", moves)
	}
	after := moves[0].Apply(heaps)
	if heaps[0].Int64() != 3 || after[0].Int64() != 1 {
		t.Fatalf("Apply changed its input: %v → %v", heaps, after)
	}
}
