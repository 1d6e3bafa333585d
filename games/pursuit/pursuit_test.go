package pursuit

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/outcome"
	"github.com/grundy-go/grundy/retro"
)

func solve(t *testing.T, g *Game) *retro.Table[Pos] {
	t.Helper()
	tab, err := retro.SolveGame[Pos](context.Background(), g, retro.GameOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

// aliceForces computes, by plain sweeps until nothing changes, the
// positions from which Alice can force, in finitely many moves, a meeting
// of the tokens or a position where Bob is stuck. Bob wins exactly
// elsewhere: there Alice is stuck at some point or play never ends.
func aliceForces(n int, adj [][]int32) map[Pos]bool {
	in := map[Pos]bool{}
	for changed := true; changed; {
		changed = false
		for a := range int32(n) {
			for b := range int32(n) {
				for _, bob := range []bool{true, false} {
					p := Pos{a, b, bob}
					if in[p] {
						continue
					}
					win := false
					switch {
					case a == b:
						win = true
					case bob:
						win = true
						for _, w := range adj[b] {
							if !in[Pos{a, w, false}] {
								win = false
							}
						}
					default:
						for _, w := range adj[a] {
							if in[Pos{w, b, true}] {
								win = true
							}
						}
					}
					if win {
						in[p] = true
						changed = true
					}
				}
			}
		}
	}
	return in
}

func TestRandomAgainstSweeps(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	for iter := 0; iter < 400; iter++ {
		n := 2 + r.IntN(6)
		var edges [][2]int32
		adj := make([][]int32, n)
		for range r.IntN(3 * n) {
			u, v := int32(r.IntN(n)), int32(r.IntN(n))
			edges = append(edges, [2]int32{u, v})
			adj[u] = append(adj[u], v)
		}
		g, err := New(n, edges, 0, 1)
		if err != nil {
			t.Fatal(err)
		}
		tab := solve(t, g)
		alice := aliceForces(n, adj)
		for p := range g.Positions() {
			o, rem, _ := tab.Lookup(p)
			bobWins := !alice[p]
			want := outcome.P
			if bobWins == p.BobToMove {
				want = outcome.N
			}
			if o != want {
				t.Fatalf("edges %v position %s: %v, sweeps say Bob wins = %v", edges, g.Format(p), o, bobWins)
			}
			// Alice's wins are always finite; Bob's are finite exactly
			// when Alice gets stuck.
			if alice[p] && rem == retro.NoRemoteness {
				t.Fatalf("edges %v position %s: Alice's win without remoteness", edges, g.Format(p))
			}
		}
	}
}

func TestExamples(t *testing.T) {
	cases := []struct {
		src   string
		want  outcome.Outcome
		rem   int // -1: none (endless)
		moves string
	}{
		// Bob's only move runs into Alice.
		{"2 2\n1 2\n2 1\n1 2\n", outcome.P, 1, "[]"},
		// Bob cannot move at all.
		{"2 0\n1 2\n", outcome.P, 0, "[]"},
		// Bob moves away and Alice is stuck.
		{"3 1\n2 3\n1 2\n", outcome.N, 1, "[alice=1 bob=3 turn=alice]"},
		// Alice circles on a self-loop, Bob on a 2-cycle: endless, Alice loses.
		{"3 3\n1 1\n2 3\n3 2\n1 2\n", outcome.N, -1, "[alice=1 bob=3 turn=alice]"},
		// Bob must not step onto Alice's path; circling, he outlasts her.
		{"4 4\n1 2\n3 4\n4 3\n3 2\n1 3\n", outcome.N, 3, "[alice=1 bob=4 turn=alice]"},
	}
	for _, c := range cases {
		g, err := Parse("t", []byte(c.src))
		if err != nil {
			t.Fatal(err)
		}
		tab := solve(t, g)
		o, rem, _ := tab.Lookup(g.Start())
		gotRem := int(rem)
		if rem == retro.NoRemoteness {
			gotRem = -1
		}
		var moves []string
		for _, q := range tab.WinningMoves(g.Start()) {
			moves = append(moves, g.Format(q))
		}
		if o != c.want || gotRem != c.rem || fmt.Sprintf("%v", moves) != c.moves {
			t.Errorf("%q: %v remoteness %d moves %v; want %v %d %s", c.src, o, gotRem, moves, c.want, c.rem, c.moves)
		}
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct{ src, want string }{
		{"", "f:1: truncated: expected the node count n"},
		{"0 0\n", "f:1: n = 0: must be between 1 and 1000"},
		{"3 -1\n", "f:1: m = -1 is negative"},
		{"3 x\n", "f:1: the edge count m: \"x\" is not an integer"},
		{"3 2\n1 2\n", "f:2: truncated: expected edge 2 of 2"},
		{"3 1\n1 4\n1 2\n", "f:2: edge 1 of 1: node 4 out of range 1..3"},
		{"3 1\n1 0\n1 2\n", "f:2: edge 1 of 1: node 0 out of range 1..3"},
		{"3 1\n1 2\n2 2\n", "f:3: x = y = 2: the tokens must start on different nodes"},
		{"3 1\n1 2\n1\n", "f:3: truncated: expected Bob's start y"},
		{"3 1\n1 2\n1 2\n5\n", "f:4: unexpected \"5\" after \"x y\": the file holds one game"},
		{"3 9999999999\n", "f:1: the edge count m: 9999999999 is out of range"},
		{"3 2000000\n", "f:1: m = 2000000: at most 1000000 edges are supported"},
	}
	for _, c := range cases {
		_, err := Parse("f", []byte(c.src))
		if err == nil || err.Error() != c.want {
			t.Errorf("%q:\n got %v\nwant %s", c.src, err, c.want)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"2 2\n1 2\n2 1\n1 2\n", "3 1\n2 3\n1 2\n", "1 0 1 1", "4 4 1 2 3 4 4 3 3 2 1 3"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := Parse("fuzz", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz:") {
				t.Fatalf("error without file and line: %v", err)
			}
			return
		}
		if g.Nodes() <= 12 {
			solve(t, g)
		}
	})
}
