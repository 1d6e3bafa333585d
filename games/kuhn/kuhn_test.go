package kuhn

import (
	"context"
	"math/big"
	"testing"

	"github.com/grundy-go/grundy/matrix"
)

// TestValue: Kuhn (1950) proved the value is −1/18 for the first player.
func TestValue(t *testing.T) {
	sol, err := matrix.SolveTree(context.Background(), Tree())
	if err != nil {
		t.Fatal(err)
	}
	if !sol.Verified || sol.Value.Cmp(big.NewRat(-1, 18)) != 0 {
		t.Fatalf("value %s (verified %v), want -1/18", sol.Value.RatString(), sol.Verified)
	}
	// Kuhn's family of equilibria: player 1 bets the jack with some α in
	// [0, 1/3], the king with 3α, and never bets the queen.
	s0 := sol.Strategy[0]
	alpha := s0["J"]["bet"]
	if alpha.Sign() < 0 || alpha.Cmp(big.NewRat(1, 3)) > 0 {
		t.Errorf("player 1 bets the jack with %s, outside [0, 1/3]", alpha.RatString())
	}
	if k := s0["K"]["bet"]; k.Cmp(new(big.Rat).Mul(alpha, big.NewRat(3, 1))) != 0 {
		t.Errorf("player 1 bets the king with %s, want 3α = %s", k.RatString(), new(big.Rat).Mul(alpha, big.NewRat(3, 1)).RatString())
	}
	if s0["Q"]["bet"].Sign() != 0 {
		t.Errorf("player 1 bets the queen with %s, want 0", s0["Q"]["bet"].RatString())
	}
}
