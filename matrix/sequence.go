package matrix

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize/convex/lp"
)

// Chance is the Player of a Node where nature moves.
const Chance = -1

// Node is a node of a two-player zero-sum game tree with imperfect
// information (an extensive-form game). A node without Children is
// terminal and pays Payoff to player 0 (player 1 gets −Payoff). At a chance
// node (Player == Chance) child i follows with probability Probs[i]. At a
// node of player 0 or 1, Infoset names the information set: the nodes the
// player cannot tell apart, which must offer the same Actions, one per
// child in order.
type Node struct {
	Player   int
	Infoset  string
	Actions  []string
	Children []*Node
	Probs    []*big.Rat
	Payoff   *big.Rat
}

// TreeSolution is the value of an extensive-form game and an optimal
// behaviour strategy of each player: for every information set, the
// probability of each action.
type TreeSolution struct {
	// Verified is set when Lower == Upper: the value is then exact, and the
	// strategies below are proven optimal.
	Verified bool
	// Value is the game's value for player 0 (the midpoint of [Lower,
	// Upper] when not Verified).
	Value        *big.Rat
	Lower, Upper *big.Rat
	// Strategy[k][infoset][action] is player k's probability of the action.
	Strategy [2]map[string]map[string]*big.Rat
}

// seqForm is the sequence form of a game (Koller, Megiddo & von Stengel,
// "Fast algorithms for finding randomized strategies in game trees",
// STOC 1994; von Stengel, "Efficient computation of behavior strategies",
// GEB 1996).
type seqForm struct {
	seqs    [2][]seqInfo        // sequence 0 is the empty sequence
	infos   [2][]infoInfo       // information sets in order of first meeting
	infoIdx [2]map[string]int   // infoset name → index
	payoff  map[[2]int]*big.Rat // A[σ0][σ1], chance-weighted
}

type seqInfo struct {
	info   int // the information set whose action ends the sequence (-1 for the empty one)
	action int
}

type infoInfo struct {
	name    string
	parent  int // the player's sequence leading to it
	actions []string
	first   int // the index of its first sequence
}

const maxTreeNodes = 1_000_000

func buildSeqForm(root *Node) (*seqForm, error) {
	f := &seqForm{payoff: map[[2]int]*big.Rat{}}
	for k := 0; k < 2; k++ {
		f.seqs[k] = []seqInfo{{info: -1}}
		f.infoIdx[k] = map[string]int{}
	}
	nodes := 0
	var walk func(n *Node, s [2]int, prob *big.Rat, path string) error
	walk = func(n *Node, s [2]int, prob *big.Rat, path string) error {
		if n == nil {
			return fmt.Errorf("node %s is nil", path)
		}
		if nodes++; nodes > maxTreeNodes {
			return fmt.Errorf("the game tree has more than %d nodes", maxTreeNodes)
		}
		if len(n.Children) == 0 {
			if n.Payoff == nil {
				return fmt.Errorf("terminal node %s has no payoff (or one that is not a finite number)", path)
			}
			t := new(big.Rat).Mul(prob, n.Payoff)
			if old, ok := f.payoff[s]; ok {
				t.Add(t, old)
			}
			f.payoff[s] = t
			return nil
		}
		switch n.Player {
		case Chance:
			if len(n.Probs) != len(n.Children) {
				return fmt.Errorf("chance node %s has %d probabilities for %d children", path, len(n.Probs), len(n.Children))
			}
			sum := new(big.Rat)
			for i, p := range n.Probs {
				if p == nil || p.Sign() <= 0 {
					return fmt.Errorf("chance node %s: outcome %d has probability %s; probabilities must be positive", path, i+1, ratString(p))
				}
				sum.Add(sum, p)
			}
			if sum.Cmp(big.NewRat(1, 1)) != 0 {
				return fmt.Errorf("chance node %s: the probabilities sum to %s, not 1", path, sum.RatString())
			}
			for i, c := range n.Children {
				if err := walk(c, s, new(big.Rat).Mul(prob, n.Probs[i]), fmt.Sprintf("%s/%d", path, i+1)); err != nil {
					return err
				}
			}
			return nil
		case 0, 1:
		default:
			return fmt.Errorf("node %s: player %d is not 0, 1 or Chance", path, n.Player)
		}
		k := n.Player
		if len(n.Actions) != len(n.Children) {
			return fmt.Errorf("node %s (information set %q) has %d actions for %d children", path, n.Infoset, len(n.Actions), len(n.Children))
		}
		h, ok := f.infoIdx[k][n.Infoset]
		if !ok {
			h = len(f.infos[k])
			f.infoIdx[k][n.Infoset] = h
			f.infos[k] = append(f.infos[k], infoInfo{name: n.Infoset, parent: s[k], actions: n.Actions, first: len(f.seqs[k])})
			for a := range n.Actions {
				f.seqs[k] = append(f.seqs[k], seqInfo{info: h, action: a})
			}
		} else {
			in := f.infos[k][h]
			if in.parent != s[k] {
				return fmt.Errorf("information set %q of player %d is reached after different own moves: the game lacks perfect recall, which the sequence form needs", n.Infoset, k)
			}
			if len(in.actions) != len(n.Actions) {
				return fmt.Errorf("information set %q has nodes with %d and %d actions", n.Infoset, len(in.actions), len(n.Actions))
			}
			for a := range in.actions {
				if in.actions[a] != n.Actions[a] {
					return fmt.Errorf("information set %q has nodes with different actions (%q and %q)", n.Infoset, in.actions[a], n.Actions[a])
				}
			}
		}
		for a, c := range n.Children {
			t := s
			t[k] = f.infos[k][h].first + a
			if err := walk(c, t, prob, fmt.Sprintf("%s/%s", path, n.Actions[a])); err != nil {
				return err
			}
		}
		return nil
	}
	if err := walk(root, [2]int{}, big.NewRat(1, 1), "root"); err != nil {
		return nil, err
	}
	return f, nil
}

func ratString(r *big.Rat) string {
	if r == nil {
		return "nil"
	}
	return r.RatString()
}

// SolveTree solves a two-player zero-sum game with imperfect information
// and perfect recall by the sequence-form linear program: for player 0,
//
//	max q₀  subject to  Fᵀq ≤ Aᵀx,  Ex = e,  x ≥ 0,
//
// where x is player 0's realisation plan (one weight per sequence of its
// moves), E x = e says the weights of an information set's actions add up
// to the weight of the sequence leading to it, A is the chance-weighted
// payoff per pair of sequences, and q are the dual variables of player 1's
// constraints Fy = f. The LP has size linear in the tree, where the
// strategic form would be exponential. Player 1's plan comes from the
// symmetric program. The floating-point plans are then turned into exact
// behaviour strategies (probabilities rounded to nearby fractions and
// renormalised exactly), and each is scored exactly by the opponent's best
// response, computed over the sequence tree: the value lies between the
// two scores, and when they meet it is exact and both strategies are
// optimal.
func SolveTree(ctx context.Context, root *Node) (*TreeSolution, error) {
	f, err := buildSeqForm(root)
	if err != nil {
		return nil, err
	}
	x, err := f.plan(0)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	y, err := f.plan(1)
	if err != nil {
		return nil, err
	}
	bx, by := f.behaviour(0, x), f.behaviour(1, y)
	// Off the path of each player's own strategy, a best reply instead of
	// the uniform mix: it changes nothing on the path (those sets are
	// reached with probability 0 whatever the opponent does), so the
	// strategies stay optimal, and values shown there make sense.
	f.replyOffPath(0, bx, by)
	f.replyOffPath(1, by, bx)
	lo := f.bestResponse(1, f.realise(0, bx)) // what x guarantees player 0
	hi := f.bestResponse(0, f.realise(1, by)) // what y concedes at most
	sol := &TreeSolution{Lower: lo, Upper: hi, Verified: lo.Cmp(hi) == 0}
	sol.Value = new(big.Rat).Add(lo, hi)
	sol.Value.Quo(sol.Value, big.NewRat(2, 1))
	for k, b := range [2][][]*big.Rat{bx, by} {
		sol.Strategy[k] = map[string]map[string]*big.Rat{}
		for h, in := range f.infos[k] {
			m := map[string]*big.Rat{}
			for a, name := range in.actions {
				m[name] = b[h][a]
			}
			sol.Strategy[k][in.name] = m
		}
	}
	return sol, nil
}

// constraints returns player k's E (rows: the empty sequence, then one per
// information set) as a dense matrix over its sequences.
func (f *seqForm) constraints(k int) [][]float64 {
	n := len(f.seqs[k])
	E := make([][]float64, 1+len(f.infos[k]))
	E[0] = make([]float64, n)
	E[0][0] = 1
	for h, in := range f.infos[k] {
		row := make([]float64, n)
		row[in.parent] = -1
		for a := range in.actions {
			row[in.first+a] = 1
		}
		E[1+h] = row
	}
	return E
}

// plan solves player k's sequence-form LP and returns its realisation plan.
// Player k maximises its own payoff, so player 1 works with −A.
func (f *seqForm) plan(k int) (x []float64, err error) {
	defer func() {
		if r := recover(); r != nil {
			x, err = nil, fmt.Errorf("the simplex failed: %v", r)
		}
	}()
	o := 1 - k
	nk, no := len(f.seqs[k]), len(f.seqs[o])
	E, F := f.constraints(k), f.constraints(o)
	rk, ro := len(E), len(F)
	sign := 1.0
	if k == 1 {
		sign = -1
	}
	// B[σk][σo] = payoff to player k.
	B := make([][]float64, nk)
	for i := range B {
		B[i] = make([]float64, no)
	}
	for s, v := range f.payoff {
		fv, _ := v.Float64()
		B[s[k]][s[o]] += sign * fv
	}
	// Variables: x (nk), q⁺ (ro), q⁻ (ro), slack (no).
	// Rows 0..no-1: Fᵀ(q⁺ − q⁻) − Bᵀx + s = 0; rows no..no+rk-1: E x = e.
	nv := nk + 2*ro + no
	A := mat.NewDense(no+rk, nv, nil)
	b := make([]float64, no+rk)
	for j := 0; j < no; j++ {
		for i := 0; i < nk; i++ {
			A.Set(j, i, -B[i][j])
		}
		for r := 0; r < ro; r++ {
			A.Set(j, nk+r, F[r][j])
			A.Set(j, nk+ro+r, -F[r][j])
		}
		A.Set(j, nk+2*ro+j, 1)
	}
	for r := 0; r < rk; r++ {
		for i := 0; i < nk; i++ {
			A.Set(no+r, i, E[r][i])
		}
	}
	b[no] = 1
	c := make([]float64, nv)
	c[nk] = -1 // maximise q₀ = q⁺₀ − q⁻₀
	c[nk+ro] = 1
	_, sol, err := lp.Simplex(c, A, b, simplexTol, nil)
	if err != nil {
		if errors.Is(err, lp.ErrSingular) || errors.Is(err, lp.ErrZeroColumn) {
			return nil, fmt.Errorf("the sequence-form LP of player %d is degenerate: %v", k, err)
		}
		return nil, fmt.Errorf("the simplex failed on player %d's sequence-form LP: %v", k, err)
	}
	return sol[:nk], nil
}

// behaviour turns a realisation plan into exact behaviour probabilities:
// each x(h,a)/x(parent(h)) rounded to a nearby fraction of small
// denominator, then the information set's probabilities renormalised to
// sum to exactly 1. Unreached information sets get the uniform mix (for
// replyOffPath to replace).
func (f *seqForm) behaviour(k int, x []float64) [][]*big.Rat {
	out := make([][]*big.Rat, len(f.infos[k]))
	for h, in := range f.infos[k] {
		n := len(in.actions)
		probs := make([]*big.Rat, n)
		parent := x[in.parent]
		sum := new(big.Rat)
		for a := 0; a < n; a++ {
			p := 0.0
			if parent > 1e-9 {
				p = math.Max(0, x[in.first+a]/parent)
			}
			probs[a] = nearbyFraction(p)
			sum.Add(sum, probs[a])
		}
		if sum.Sign() == 0 {
			for a := range probs {
				probs[a] = big.NewRat(1, int64(n))
			}
		} else {
			for a := range probs {
				probs[a].Quo(probs[a], sum)
			}
		}
		out[h] = probs
	}
	return out
}

// nearbyFraction returns the simplest fraction within 1e-9 of p (by the
// continued-fraction expansion, denominators up to 10⁶), or p exactly.
func nearbyFraction(p float64) *big.Rat {
	if p <= 0 {
		return new(big.Rat)
	}
	h0, h1 := int64(0), int64(1)
	k0, k1 := int64(1), int64(0)
	v := p
	for i := 0; i < 40; i++ {
		a := math.Floor(v)
		if a > 1e12 {
			break
		}
		ai := int64(a)
		h0, h1 = h1, ai*h1+h0
		k0, k1 = k1, ai*k1+k0
		if k1 > 1_000_000 {
			break
		}
		if math.Abs(float64(h1)/float64(k1)-p) < 1e-9 {
			return big.NewRat(h1, k1)
		}
		if v-a < 1e-15 {
			break
		}
		v = 1 / (v - a)
	}
	return new(big.Rat).SetFloat64(p)
}

// realise turns behaviour probabilities into the exact realisation plan.
func (f *seqForm) realise(k int, b [][]*big.Rat) []*big.Rat {
	x := make([]*big.Rat, len(f.seqs[k]))
	x[0] = big.NewRat(1, 1)
	// Information sets were numbered in order of first meeting on a
	// depth-first walk, so a parent sequence is always realised before.
	for h, in := range f.infos[k] {
		for a := range in.actions {
			x[in.first+a] = new(big.Rat).Mul(x[in.parent], b[h][a])
		}
	}
	return x
}

// bestResponse returns the payoff to player 0 when player k best-responds
// (player 0 maximising, player 1 minimising) to the other player's exact
// realisation plan z: over k's sequence tree, a sequence is worth its own
// terminal payoffs plus, for each information set it leads to, the best
// action's worth.
func (f *seqForm) bestResponse(k int, z []*big.Rat) *big.Rat {
	own := f.sequenceWorths(k, z)
	// Children information sets come after their parents in f.infos, so a
	// reverse sweep folds each set's best action into its parent sequence.
	for h := len(f.infos[k]) - 1; h >= 0; h-- {
		in := f.infos[k][h]
		var best *big.Rat
		for a := range in.actions {
			v := own[in.first+a]
			if best == nil || k == 0 && v.Cmp(best) > 0 || k == 1 && v.Cmp(best) < 0 {
				best = v
			}
		}
		own[in.parent].Add(own[in.parent], best)
	}
	return own[0]
}

// replyOffPath replaces player k's behaviour b at the information sets its
// own strategy never reaches (a sequence on the way has probability 0) by
// a pure best reply to the opponent's behaviour ob, folded up the sequence
// tree so that nested unreached sets reply to each other's choices. The
// worth of an action weighs the payoffs below it by chance and by the
// opponent's realisation plan: Bayes' rule on the information set, up to
// a constant. Where the opponent's plan reaches none of the set, the
// worths all vanish, and the reply to a uniformly mixing opponent breaks
// the tie (a trembling opponent). Changing play where k never arrives
// leaves every payoff, and so optimality, as it was (the refinement of
// sequential play in Kreps and Wilson's sequential equilibrium, applied to
// the sets off k's own path).
func (f *seqForm) replyOffPath(k int, b, ob [][]*big.Rat) {
	reach := f.realise(k, b)
	o := 1 - k
	uniform := make([][]*big.Rat, len(f.infos[o]))
	for h, in := range f.infos[o] {
		uniform[h] = make([]*big.Rat, len(in.actions))
		for a := range in.actions {
			uniform[h][a] = big.NewRat(1, int64(len(in.actions)))
		}
	}
	worth := f.sequenceWorths(k, f.realise(o, ob))
	tie := f.sequenceWorths(k, f.realise(o, uniform))
	// Children information sets come after their parents in f.infos: a
	// reverse sweep folds each set's worth, under the strategy as it now
	// stands, into its parent sequence.
	better := func(a, c *big.Rat) bool { // a better than c for player k
		if k == 0 {
			return a.Cmp(c) > 0
		}
		return a.Cmp(c) < 0
	}
	for h := len(f.infos[k]) - 1; h >= 0; h-- {
		in := f.infos[k][h]
		if reach[in.parent].Sign() == 0 {
			best := 0
			for a := 1; a < len(in.actions); a++ {
				wa, wb := worth[in.first+a], worth[in.first+best]
				if better(wa, wb) || wa.Cmp(wb) == 0 && better(tie[in.first+a], tie[in.first+best]) {
					best = a
				}
			}
			for a := range in.actions {
				b[h][a] = new(big.Rat)
			}
			b[h][best] = big.NewRat(1, 1)
		}
		for _, w := range [][]*big.Rat{worth, tie} {
			folded := new(big.Rat)
			for a := range in.actions {
				folded.Add(folded, new(big.Rat).Mul(b[h][a], w[in.first+a]))
			}
			w[in.parent].Add(w[in.parent], folded)
		}
	}
}

// sequenceWorths returns, for each of player k's sequences, the payoff to
// player 0 of the leaves it ends at, weighed by chance and the opponent's
// realisation plan z (the information sets below it not yet folded in).
func (f *seqForm) sequenceWorths(k int, z []*big.Rat) []*big.Rat {
	o := 1 - k
	own := make([]*big.Rat, len(f.seqs[k]))
	for i := range own {
		own[i] = new(big.Rat)
	}
	for s, p := range f.payoff {
		if z[s[o]].Sign() != 0 {
			own[s[k]].Add(own[s[k]], new(big.Rat).Mul(p, z[s[o]]))
		}
	}
	return own
}
