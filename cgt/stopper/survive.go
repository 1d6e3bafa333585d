package stopper

// The comparison of stoppers is a game of survival (Siegel, CGT, ch. VI,
// Theorem 1.? "G ≥ H iff Left, playing second, survives G − H"; ONAG
// ch. 16; Winning Ways ch. 11's swivel chair): for stoppers G and H,
// G ≥ H exactly when Right, moving first in G − H, cannot force a win
// in finitely many moves — an infinite play counts as Left's survival.
//
// geqTable decides that for every pair of a vertex u of a and a vertex v
// of b at once, by retrograde analysis on the states (u, v, player to
// move) of a_u − b_v: the states from which Right forces a win are the
// least set closed under "Right to move and some move reaches the set"
// and "Left to move and every move reaches it". Each state enters the
// set at most once and each move is looked at once from each end, so
// the work is linear in the states and moves of the product, and it
// ends.

// relation holds a ≥ b for every pair of vertices.
type relation struct {
	nb  int
	geq []bool
}

func (r *relation) ge(u, v int32) bool { return r.geq[int(u)*r.nb+int(v)] }

func reverse(opts [][]int32) [][]int32 {
	rev := make([][]int32, len(opts))
	for v, os := range opts {
		for _, w := range os {
			rev[w] = append(rev[w], int32(v))
		}
	}
	return rev
}

// geqTable returns, for every u of a and v of b, whether Left survives
// a_u − b_v with Right moving first (a_u ≥ b_v when both are stoppers).
func geqTable(a, b *Graph, lim *Limits) (*relation, error) {
	if err := lim.stopped(); err != nil {
		return nil, err
	}
	na, nb := a.Len(), b.Len()
	pairs := int64(na) * int64(nb)
	release, err := lim.charge(pairs*7, "comparing loopy games")
	if err != nil {
		return nil, err
	}
	defer release()
	revLA, revRA := reverse(a.L), reverse(a.R)
	revLB, revRB := reverse(b.L), reverse(b.R)
	// Left's moves in a_u − b_v: u → a.L[u], or v → b.R[v] (Left moves
	// in −b_v where Right would move in b_v). Right's: u → a.R[u] or
	// v → b.L[v].
	leftMoves := make([]int32, pairs) // Left-to-move states: moves not yet shown to lose
	rightWinsL := make([]bool, pairs) // Right wins with Left to move
	rightWinsR := make([]bool, pairs) // Right wins with Right to move
	// A state is its pair p and the player to move, as 2p+1 with Left
	// to move and 2p with Right. Each enters the queue at most once; it
	// starts at a size that most comparisons do not outgrow, for a queue
	// grown by appends spent most of a Fox and Geese valuation copying.
	queue := make([]int64, 0, pairs)
	for u := 0; u < na; u++ {
		for v := 0; v < nb; v++ {
			p := int64(u)*int64(nb) + int64(v)
			leftMoves[p] = int32(len(a.L[u]) + len(b.R[v]))
			if leftMoves[p] == 0 {
				rightWinsL[p] = true
				queue = append(queue, 2*p+1)
			}
		}
	}
	for i := 0; i < len(queue); i++ {
		p := queue[i] >> 1
		u, v := int32(p/int64(nb)), int32(p%int64(nb))
		if queue[i]&1 == 1 {
			// Right, to move at (u', v) with u ∈ a.R[u'], or at (u, v')
			// with v ∈ b.L[v'], wins by moving here.
			mark := func(p int64) {
				if !rightWinsR[p] {
					rightWinsR[p] = true
					queue = append(queue, 2*p)
				}
			}
			for _, u2 := range revRA[u] {
				mark(int64(u2)*int64(nb) + int64(v))
			}
			for _, v2 := range revLB[v] {
				mark(int64(u)*int64(nb) + int64(v2))
			}
			continue
		}
		// Left, to move at (u', v) with u ∈ a.L[u'] or at (u, v') with
		// v ∈ b.R[v'], has one fewer move that does not lose.
		lose := func(p int64) {
			if rightWinsL[p] {
				return
			}
			if leftMoves[p]--; leftMoves[p] == 0 {
				rightWinsL[p] = true
				queue = append(queue, 2*p+1)
			}
		}
		for _, u2 := range revLA[u] {
			lose(int64(u2)*int64(nb) + int64(v))
		}
		for _, v2 := range revRB[v] {
			lose(int64(u)*int64(nb) + int64(v2))
		}
	}
	r := &relation{nb: nb, geq: make([]bool, pairs)}
	for p := range r.geq {
		r.geq[p] = !rightWinsR[p]
	}
	return r, nil
}

// Result is who wins a game with a given player moving first.
type Result int8

const (
	RightWins Result = -1
	Draw      Result = 0
	LeftWins  Result = 1
)

func (r Result) String() string {
	switch r {
	case LeftWins:
		return "Left wins"
	case RightWins:
		return "Right wins"
	}
	return "draw"
}

// Results gives, for every vertex of g, the result with Left moving
// first and with Right moving first, under normal play with an infinite
// play a draw. Each side's forced wins are found by retrograde analysis
// (the attractor of the positions where the other player cannot move);
// what neither forces is a draw.
func Results(g *Graph) (leftFirst, rightFirst []Result) {
	n := g.Len()
	leftFirst, rightFirst = make([]Result, n), make([]Result, n)
	// wins[0][v]: the player P wins at v with P to move; wins[1][v]: P
	// wins at v with the opponent to move.
	for _, player := range []Result{LeftWins, RightWins} {
		own, other := g.L, g.R
		if player == RightWins {
			own, other = g.R, g.L
		}
		revOwn, revOther := reverse(own), reverse(other)
		winMoving := make([]bool, n)  // player to move, player wins
		winWaiting := make([]bool, n) // opponent to move, player wins
		left := make([]int32, n)
		type st struct {
			v      int32
			moving bool
		}
		var queue []st
		for v := 0; v < n; v++ {
			left[v] = int32(len(other[v]))
			if left[v] == 0 {
				winWaiting[v] = true
				queue = append(queue, st{int32(v), false})
			}
		}
		for i := 0; i < len(queue); i++ {
			s := queue[i]
			if !s.moving {
				for _, u := range revOwn[s.v] {
					if !winMoving[u] {
						winMoving[u] = true
						queue = append(queue, st{u, true})
					}
				}
				continue
			}
			for _, u := range revOther[s.v] {
				if winWaiting[u] {
					continue
				}
				if left[u]--; left[u] == 0 {
					winWaiting[u] = true
					queue = append(queue, st{u, false})
				}
			}
		}
		for v := 0; v < n; v++ {
			if player == LeftWins {
				if winMoving[v] {
					leftFirst[v] = LeftWins
				}
				if winWaiting[v] {
					rightFirst[v] = LeftWins
				}
			} else {
				if winMoving[v] {
					rightFirst[v] = RightWins
				}
				if winWaiting[v] {
					leftFirst[v] = RightWins
				}
			}
		}
	}
	return leftFirst, rightFirst
}
