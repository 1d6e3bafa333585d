package tier

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/game"
)

// scoredGraph is a random tier graph whose ends carry margins.
type scoredGraph struct{ *tierGraphGame }

func (g scoredGraph) TerminalScore(p int32) int { return int(p*7%11) - 5 }

var _ game.Scored[int32] = scoredGraph{}

// plainScores is the exhaustive negamax of game.Scored's rule over the
// positions reachable from the start, written apart from the solver:
// (margin, remoteness) per position, or cyclic when play can repeat.
func plainScores(g scoredGraph) (val map[int32][2]int, cyclic bool) {
	val = map[int32][2]int{}
	state := map[int32]int{} // 1 on the path, 2 done
	var visit func(p int32) bool
	visit = func(p int32) bool {
		switch state[p] {
		case 1:
			return false
		case 2:
			return true
		}
		state[p] = 1
		var best [2]int
		first := true
		for q := range g.Moves(p) {
			if !visit(q) {
				return false
			}
			m, r := -val[q][0], val[q][1]+1
			better := first || m > best[0] || (m == best[0] && ((m < 0 && r > best[1]) || (m >= 0 && r < best[1])))
			if better {
				best, first = [2]int{m, r}, false
			}
		}
		if first {
			best = [2]int{g.TerminalScore(p), 0}
		}
		val[p] = best
		state[p] = 2
		return true
	}
	return val, !visit(g.Start())
}

// TestScoredAgainstPlain solves random scored tier graphs (acyclic and
// loopy tiers): a game whose play can repeat is refused with an error
// naming the cycle; any other gets exactly the plain negamax's margin
// and remoteness at every reachable position.
func TestScoredAgainstPlain(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	solved, refused := 0, 0
	for iter := range 120 {
		g := scoredGraph{randomTierGraph(r, 1+r.IntN(5), 1+r.IntN(10), false)}
		want, cyclic := plainScores(g)
		dir := t.TempDir()
		b, err := db.Create(dir, "scored")
		if err != nil {
			t.Fatal(err)
		}
		_, err = Solve(context.Background(), game.Tiered[int32](g), b, Options{Workers: 1 + iter%2})
		if cyclic {
			if err == nil || !strings.Contains(err.Error(), "cycle") {
				t.Fatalf("graph %d: play repeats, and the solver says %v", iter, err)
			}
			b.Close()
			refused++
			continue
		}
		if err != nil {
			t.Fatalf("graph %d: %v", iter, err)
		}
		d, err := db.Open(dir, "scored")
		if err != nil {
			t.Fatal(err)
		}
		if !d.Scored() {
			t.Fatal("not marked scored")
		}
		for p, v := range want {
			c, err := d.Code(uint64(g.TierOf(p)), g.TierRank(p))
			if err != nil {
				t.Fatal(err)
			}
			s, rem, ok := db.DecodeScore(c)
			if !ok || s != v[0] || int(rem) != v[1] {
				t.Fatalf("graph %d, position %d: record %d in %d (%v), plain negamax %d in %d", iter, p, s, rem, ok, v[0], v[1])
			}
		}
		if n := d.Stats().Total.Positions(); n != int64(len(want)) {
			t.Fatalf("graph %d: %d positions counted, %d reachable", iter, n, len(want))
		}
		d.Close()
		solved++
	}
	if solved < 25 || refused < 25 {
		t.Fatalf("%d graphs solved, %d refused: the test does not cover both", solved, refused)
	}
	t.Logf("%d solved, %d refused", solved, refused)
}

func TestBetterScore(t *testing.T) {
	for _, c := range []struct {
		a, ra, b, rb int
		want         bool
	}{
		{3, 9, 2, 1, true}, {2, 1, 3, 9, false}, // the margin first
		{2, 3, 2, 5, true}, {2, 5, 2, 3, false}, // winning: hurry
		{-2, 5, -2, 3, true}, {-2, 3, -2, 5, false}, // losing: delay
		{0, 2, 0, 4, true}, {0, 4, 0, 2, false}, // tied: the shortest
		{0, 50, -1, 1, true}, {1, 50, 0, 1, true},
	} {
		if got := betterScore(c.a, uint32(c.ra), c.b, uint32(c.rb)); got != c.want {
			t.Errorf("betterScore(%d in %d, %d in %d) = %v", c.a, c.ra, c.b, c.rb, got)
		}
	}
}
