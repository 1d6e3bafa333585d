package tier_test

import (
	"testing"

	"github.com/grundy-go/grundy/games/connect4"
	"github.com/grundy-go/grundy/games/quixo"
	"github.com/grundy-go/grundy/games/tictactoe"
	"github.com/grundy-go/grundy/tier"
)

// TestConnect4 solves Connect-4 4x4 tier by tier and compares every
// position with the retrograde analysis of the whole game; Tromp counts
// 161,029 positions.
func TestConnect4(t *testing.T) {
	g, err := connect4.New(4, 4, 4)
	if err != nil {
		t.Fatal(err)
	}
	d := tier.BuildForTest[connect4.Board](t, g, "connect4:4x4")
	if n := d.Stats().Total.Positions(); n != 161029 {
		t.Errorf("%d positions, Tromp counts 161,029", n)
	}
	tier.CheckAgainstRetro[connect4.Board](t, g, d)
}

// TestTicTacToe: 5,478 positions, 2,836 N, 1,574 P, 1,068 D.
func TestTicTacToe(t *testing.T) {
	g := tictactoe.Game{}
	d := tier.BuildForTest[tictactoe.Pos](t, g, "tictactoe")
	n, p, dr := d.Stats().Total.Outcomes()
	if n != 2836 || p != 1574 || dr != 1068 {
		t.Errorf("%d N, %d P, %d D; want 2836 N, 1574 P, 1068 D", n, p, dr)
	}
	tier.CheckAgainstRetro[tictactoe.Pos](t, g, d)
}

// TestQuixo3: a loopy game (a move may keep the counts of X's and O's),
// every position against retro on the whole graph.
func TestQuixo3(t *testing.T) {
	g, err := quixo.New(3)
	if err != nil {
		t.Fatal(err)
	}
	d := tier.BuildForTest[quixo.Pos](t, g, "quixo:3")
	tier.CheckAgainstRetro[quixo.Pos](t, g, d)
	n, p, dr := d.Stats().Total.Outcomes()
	t.Logf("quixo:3: %d positions: %d N, %d P, %d D", n+p+dr, n, p, dr)
}
