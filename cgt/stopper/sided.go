package stopper

import "slices"

// Comparing sides of games that are not stoppers (Winning Ways ch. 11's
// swivel chair; Siegel, "Coping with cycles", Games of No Chance 3,
// 2009, and CGT ch. VI): G⁺ ≤ H⁺ when Left, moving second in H − G,
// survives, where an endless play counts for Left when infinitely many
// of its moves are made in H (H is played on its onside, where endless
// play is Left's) and for Right when it is eventually made in −G alone
// (−G is played on its offside). For the offsides G⁻ ≤ H⁻ the roles of
// the components are exchanged: an endless play is Right's when it is
// eventually made in H alone. An endless play with infinitely many
// moves in both components is Left's either way, which is what makes
// G ≤ G (Left copies Right's moves). For stoppers no play can stay in
// one component for ever (it would alternate there), so both rules are
// the survival game of geqTable.
//
// The condition "infinitely many moves in one component" makes this a
// Büchi game on the states (x, y, player to move, component of the last
// move). sidedLeq solves it by the classical iteration: the states from
// which Left cannot force another visit to the accepting states are won
// by Right, together with Right's attractor to them; they are removed
// and the rest solved again, until nothing is removed. Each round
// removes a state or ends, and each is linear in the moves of the
// product, so it ends.

const (
	lastNone = 0
	lastH    = 1
	lastG    = 2
)

// sidedLeq decides g⁺ ≤ h⁺ (onside) or g⁻ ≤ h⁻ for finite game graphs
// rooted at 0.
func sidedLeq(g, h *Graph, onside bool, lim *Limits) (bool, error) {
	nh, ng := h.Len(), g.Len()
	n := nh * ng * 6
	release, err := lim.charge(int64(n)*12, "comparing sides of loopy games")
	if err != nil {
		return false, err
	}
	defer release()
	// Left's moves in H − G: x → h.L[x], y → g.R[y]; Right's: x → h.R[x],
	// y → g.L[y].
	movesH := [2][][]int32{h.L, h.R} // by player: 0 Left, 1 Right
	movesG := [2][][]int32{g.R, g.L}
	revH := [2][][]int32{reverse(h.L), reverse(h.R)}
	revG := [2][][]int32{reverse(g.R), reverse(g.L)}
	id := func(x, y int32, turn, last int) int32 {
		return ((int32(x)*int32(ng)+y)*2+int32(turn))*3 + int32(last)
	}
	decode := func(s int32) (x, y int32, turn, last int) {
		last = int(s % 3)
		s /= 3
		turn = int(s % 2)
		s /= 2
		return s / int32(ng), s % int32(ng), turn, last
	}
	accepting := func(last int) bool {
		if onside {
			return last == lastH
		}
		return last == lastG
	}
	alive := make([]bool, n)
	for i := range alive {
		alive[i] = true
	}
	// forMoves calls f for every state reached from s in one move.
	forMoves := func(s int32, f func(t int32)) {
		x, y, turn, _ := decode(s)
		for _, x2 := range movesH[turn][x] {
			f(id(x2, y, 1-turn, lastH))
		}
		for _, y2 := range movesG[turn][y] {
			f(id(x, y2, 1-turn, lastG))
		}
	}
	forPreds := func(t int32, f func(s int32)) {
		x, y, turn, last := decode(t)
		prev := 1 - turn
		switch last {
		case lastH:
			for _, x2 := range revH[prev][x] {
				for l := 0; l < 3; l++ {
					f(id(x2, y, prev, l))
				}
			}
		case lastG:
			for _, y2 := range revG[prev][y] {
				for l := 0; l < 3; l++ {
					f(id(x, y2, prev, l))
				}
			}
		}
	}
	count := make([]int32, n)
	inA := make([]bool, n)
	inW := make([]bool, n)
	const left, right = 0, 1
	for {
		if err := lim.stopped(); err != nil {
			return false, err
		}
		// A: the states from which Left forces a visit to an accepting
		// state in one move or more (a Right-to-move state with no move
		// left is Left's win, so it is in A).
		var queue []int32
		for s := int32(0); s < int32(n); s++ {
			inA[s] = false
			if !alive[s] {
				continue
			}
			c := int32(0)
			forMoves(s, func(t int32) {
				if alive[t] {
					c++
				}
			})
			count[s] = c
		}
		queued := make([]bool, n)
		for s := int32(0); s < int32(n); s++ {
			if !alive[s] {
				continue
			}
			_, _, turn, last := decode(s)
			if accepting(last) {
				queue, queued[s] = append(queue, s), true
			}
			if turn == right && count[s] == 0 {
				inA[s] = true
				if !queued[s] {
					queue, queued[s] = append(queue, s), true
				}
			}
		}
		for i := 0; i < len(queue); i++ {
			forPreds(queue[i], func(p int32) {
				if !alive[p] || inA[p] {
					return
				}
				_, _, turn, _ := decode(p)
				if turn == right {
					if count[p]--; count[p] > 0 {
						return
					}
				}
				inA[p] = true
				if !queued[p] {
					queue, queued[p] = append(queue, p), true
				}
			})
		}
		// W: Right's attractor to the states outside A.
		queue = queue[:0]
		for s := int32(0); s < int32(n); s++ {
			inW[s] = false
			if !alive[s] {
				continue
			}
			c := int32(0)
			forMoves(s, func(t int32) {
				if alive[t] {
					c++
				}
			})
			count[s] = c
			if !inA[s] {
				inW[s] = true
				queue = append(queue, s)
			}
		}
		for i := 0; i < len(queue); i++ {
			forPreds(queue[i], func(p int32) {
				if !alive[p] || inW[p] {
					return
				}
				_, _, turn, _ := decode(p)
				if turn == left {
					if count[p]--; count[p] > 0 {
						return
					}
				}
				inW[p] = true
				queue = append(queue, p)
			})
		}
		if len(queue) == 0 {
			break
		}
		for _, s := range queue {
			alive[s] = false
		}
	}
	return alive[id(0, 0, right, lastNone)], nil
}

// sidedEqual reports g and h have the same onside (onside) or offside.
func sidedEqual(g, h *Graph, onside bool, lim *Limits) (bool, error) {
	le, err := sidedLeq(g, h, onside, lim)
	if err != nil || !le {
		return false, err
	}
	return sidedLeq(h, g, onside, lim)
}

// sideByElimination looks for a stopper with the same side as g by
// deleting moves that lie on alternating cycles, one at a time, keeping
// each deletion that the comparison of sides shows harmless (CGSuite's
// "irrelevant cyclic edges"). It reports false when no stopper is found.
func sideByElimination(g *Graph, onside bool, lim *Limits) (*Graph, bool, error) {
	g, err := reduceStopperPart(g, lim)
	if err != nil {
		return nil, false, err
	}
	cur := &Graph{L: cloneOpts(g.L), R: cloneOpts(g.R)}
	// First, all at once, every move of the player whom an endless
	// play does not suit (Right on the onside, Left on the offside) that
	// lies on an alternating cycle: on the onside such a move of Right's
	// only lets the play go on, which Left is glad of. Kept, and done,
	// if the comparison of sides agrees.
	if cand, ok := withoutCycleMoves(cur, !onside); ok && IsStopper(cand) {
		eq, err := sidedEqual(cand, g, onside, lim)
		if err != nil {
			return nil, false, err
		}
		if eq {
			c, err := Canonical(cand, lim)
			return c, err == nil, err
		}
	}
	// Next the moves that the other player undoes at once (CGSuite's
	// obvious simplifications).
	if cand, ok := withoutTwoCycles(cur, onside); ok {
		eq, err := sidedEqual(cand, g, onside, lim)
		if err != nil {
			return nil, false, err
		}
		if eq {
			cur = cand
		}
	}
	// Then one move at a time, the other player's moves first: on the
	// onside, Left's moves keep the play going for her.
	first := 1
	if !onside {
		first = 0
	}
	for !IsStopper(cur) {
		if err := lim.stopped(); err != nil {
			return nil, false, err
		}
		cyc := cyclicStates(cur)
		progress := false
		for v := 0; v < cur.Len() && !progress; v++ {
			for k := 0; k < 2 && !progress; k++ {
				side := first ^ k
				opts := cur.L[v]
				if side == 1 {
					opts = cur.R[v]
				}
				for i, w := range opts {
					// The move v → w by Left (side 0) goes from state 2v
					// to 2w+1; by Right from 2v+1 to 2w.
					from, to := 2*v+side, 2*int(w)+1-side
					if !cyc[from] || !cyc[to] {
						continue
					}
					cand := &Graph{L: cloneOpts(cur.L), R: cloneOpts(cur.R)}
					if side == 0 {
						cand.L[v] = append(append([]int32(nil), opts[:i]...), opts[i+1:]...)
					} else {
						cand.R[v] = append(append([]int32(nil), opts[:i]...), opts[i+1:]...)
					}
					// Deleting a move of Left's can only lower the game
					// and one of Right's only raise it (the other player
					// has every option he had), so one comparison says
					// whether the side is unchanged.
					var eq bool
					var err error
					if side == 0 {
						eq, err = sidedLeq(g, cand, onside, lim)
					} else {
						eq, err = sidedLeq(cand, g, onside, lim)
					}
					if err != nil {
						return nil, false, err
					}
					if eq {
						cur, progress = cand, true
						break
					}
				}
			}
		}
		if !progress {
			return nil, false, nil
		}
	}
	c, err := Canonical(cur, lim)
	return c, err == nil, err
}

// withoutCycleMoves deletes every move of Left (left) or Right that lies
// on an alternating cycle; it reports whether it deleted any.
func withoutCycleMoves(g *Graph, left bool) (*Graph, bool) {
	cyc := cyclicStates(g)
	out := &Graph{L: cloneOpts(g.L), R: cloneOpts(g.R)}
	opts, side := out.R, 1
	if left {
		opts, side = out.L, 0
	}
	changed := false
	for v := range opts {
		kept := opts[v][:0]
		for _, w := range opts[v] {
			if cyc[2*v+side] && cyc[2*int(w)+1-side] {
				changed = true
				continue
			}
			kept = append(kept, w)
		}
		opts[v] = kept
	}
	return out, changed
}

// withoutTwoCycles deletes, on the onside, every Right move v → t where
// Left can move from t straight back to v, and on the offside every such
// Left move; it reports whether it deleted any.
func withoutTwoCycles(g *Graph, onside bool) (*Graph, bool) {
	out := &Graph{L: cloneOpts(g.L), R: cloneOpts(g.R)}
	mover, answer := out.R, g.L
	if !onside {
		mover, answer = out.L, g.R
	}
	changed := false
	for v := range mover {
		kept := mover[v][:0]
		for _, t := range mover[v] {
			if int(t) != v && slices.Contains(answer[t], int32(v)) {
				changed = true
				continue
			}
			kept = append(kept, t)
		}
		mover[v] = kept
	}
	return out, changed
}

// reduceStopperPart replaces the vertices of g that are stoppers by their
// canonical forms, fused: a smaller graph with the same sides.
func reduceStopperPart(g *Graph, lim *Limits) (*Graph, error) {
	n := g.Len()
	bad := cyclicVertices(g)
	c := &Graph{L: make([][]int32, n), R: make([][]int32, n)}
	var roots []int32
	for v := 0; v < n; v++ {
		if !bad[v] {
			c.L[v], c.R[v] = g.L[v], g.R[v]
			roots = append(roots, int32(v))
		}
	}
	if len(roots) == 0 {
		return g, nil
	}
	c2, ids, err := canonicalRoots(c, roots, lim)
	if err != nil {
		return nil, err
	}
	// New graph: c2's vertices, then the cyclic vertices of g.
	newID := make([]int32, n)
	for i, v := range roots {
		newID[v] = ids[i]
	}
	next := int32(c2.Len())
	for v := 0; v < n; v++ {
		if bad[v] {
			newID[v] = next
			next++
		}
	}
	out := &Graph{L: cloneOpts(c2.L), R: cloneOpts(c2.R)}
	for v := 0; v < n; v++ {
		if !bad[v] {
			continue
		}
		out.L = append(out.L, renumber(g.L[v], newID))
		out.R = append(out.R, renumber(g.R[v], newID))
	}
	return pack(out, newID[0]), nil
}

func cloneOpts(opts [][]int32) [][]int32 {
	out := make([][]int32, len(opts))
	for i, o := range opts {
		out[i] = append([]int32(nil), o...)
	}
	return out
}

// cyclicStates marks the states (2v: Left to move at v, 2v+1: Right to
// move) that lie on an alternating cycle or on an alternating path from
// one to another: what remains when states with no alternating move in,
// or none out, are peeled off again and again.
func cyclicStates(g *Graph) []bool {
	n := g.Len()
	next := func(s int32) []int32 {
		if s%2 == 0 {
			return g.L[s/2]
		}
		return g.R[s/2]
	}
	// succ(s) = states after a move from s; the turn flips.
	indeg := make([]int32, 2*n)
	outdeg := make([]int32, 2*n)
	pred := make([][]int32, 2*n)
	for s := int32(0); s < int32(2*n); s++ {
		for _, w := range next(s) {
			t := 2*w + 1 - s%2
			indeg[t]++
			outdeg[s]++
			pred[t] = append(pred[t], s)
		}
	}
	gone := make([]bool, 2*n)
	var queue []int32
	for s := range indeg {
		if indeg[s] == 0 || outdeg[s] == 0 {
			gone[s] = true
			queue = append(queue, int32(s))
		}
	}
	for i := 0; i < len(queue); i++ {
		s := queue[i]
		for _, w := range next(s) {
			t := 2*w + 1 - s%2
			if indeg[t]--; indeg[t] == 0 && !gone[t] {
				gone[t] = true
				queue = append(queue, t)
			}
		}
		for _, p := range pred[s] {
			if outdeg[p]--; outdeg[p] == 0 && !gone[p] {
				gone[p] = true
				queue = append(queue, p)
			}
		}
	}
	cyc := make([]bool, 2*n)
	for s := range cyc {
		cyc[s] = !gone[s]
	}
	return cyc
}
