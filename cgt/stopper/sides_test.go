package stopper

import (
	"math/rand/v2"
	"testing"
)

// plainResults is the outcome with draws of every vertex, computed
// separately from Results by iterating "wins within k moves" to a fixed
// point: Left (to move) wins within k if some Left move reaches a
// position Right-to-move that Left wins within k−1; with Right to move
// Left wins within k if Right has no move or every move reaches a
// Left-to-move position Left wins within k−1. The same for Right. What
// neither player wins is a draw.
func plainResults(g *Graph) (leftFirst, rightFirst []Result) {
	n := g.Len()
	winL := [2][]bool{make([]bool, n), make([]bool, n)} // [0]: Left to move, [1]: Right to move
	winR := [2][]bool{make([]bool, n), make([]bool, n)}
	for changed := true; changed; {
		changed = false
		for v := 0; v < n; v++ {
			// Left wins, Left to move.
			if !winL[0][v] {
				for _, w := range g.L[v] {
					if winL[1][w] {
						winL[0][v], changed = true, true
						break
					}
				}
			}
			if !winL[1][v] {
				all := true
				for _, w := range g.R[v] {
					if !winL[0][w] {
						all = false
						break
					}
				}
				if all {
					winL[1][v], changed = true, true
				}
			}
			if !winR[1][v] {
				for _, w := range g.R[v] {
					if winR[0][w] {
						winR[1][v], changed = true, true
						break
					}
				}
			}
			if !winR[0][v] {
				all := true
				for _, w := range g.L[v] {
					if !winR[1][w] {
						all = false
						break
					}
				}
				if all {
					winR[0][v], changed = true, true
				}
			}
		}
	}
	leftFirst, rightFirst = make([]Result, n), make([]Result, n)
	for v := 0; v < n; v++ {
		switch {
		case winL[0][v]:
			leftFirst[v] = LeftWins
		case winR[0][v]:
			leftFirst[v] = RightWins
		}
		switch {
		case winL[1][v]:
			rightFirst[v] = LeftWins
		case winR[1][v]:
			rightFirst[v] = RightWins
		}
	}
	return leftFirst, rightFirst
}

// randomGraph is a game graph of n vertices with about density options
// per vertex and player, loops allowed.
func randomGraph(r *rand.Rand, n int, density float64) *Graph {
	g := &Graph{L: make([][]int32, n), R: make([][]int32, n)}
	for v := 0; v < n; v++ {
		for w := 0; w < n; w++ {
			if r.Float64() < density/float64(n) {
				g.L[v] = append(g.L[v], int32(w))
			}
			if r.Float64() < density/float64(n) {
				g.R[v] = append(g.R[v], int32(w))
			}
		}
	}
	return pack(g, 0)
}

func TestResultsAgreeWithPlainIteration(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 2000; i++ {
		g := randomGraph(r, 1+r.IntN(9), 1.5)
		lf, rf := Results(g)
		plf, prf := plainResults(g)
		for v := range lf {
			if lf[v] != plf[v] || rf[v] != prf[v] {
				t.Fatalf("graph %v vertex %d: Results %v/%v, plain %v/%v", g, v, lf[v], rf[v], plf[v], prf[v])
			}
		}
	}
}
