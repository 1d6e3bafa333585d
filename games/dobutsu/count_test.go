package dobutsu

import (
	"context"
	"os"
	"testing"
)

// TestTanakaCount reproduces the published count of positions reachable
// from the start: 246,803,167 (Tetsuro Tanaka, "An Analysis of a Board
// Game 'Doubutsu Shogi'", IPSJ SIG Technical Report GI-22, 2009), of
// which 140,298,614 are won at once (the lion can be taken), 7,018,985
// lost at once (the opponent's lion stands safe on one's home rank) and
// 99,485,568 undecided (the split as github.com/brianhliou/dobutsu-shogi
// reports it beside Tanaka's total). Tanaka's positions are orbits of the
// half turn with the sides swapped and the mirror, as the database's
// records are. It takes minutes of CPU and 400 MB, so it runs only with
// GRUNDY_DOBUTSU_FULL=1.
func TestTanakaCount(t *testing.T) {
	if os.Getenv("GRUNDY_DOBUTSU_FULL") == "" {
		t.Skip("set GRUNDY_DOBUTSU_FULL=1 to count the 246,803,167 positions reachable from the start")
	}
	c, err := New(Standard).CountReachable(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%+v", c)
	want := Counts{All: 246803167, Catch: 140298614, Try: 7018985, Other: 99485568}
	c.Depth = 0
	if c != want {
		t.Errorf("CountReachable = %+v, want %+v", c, want)
	}
}
