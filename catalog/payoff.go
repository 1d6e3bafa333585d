package catalog

import (
	"context"
	"fmt"
	"github.com/grundy-go/grundy/budget"
	"math/big"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games/kuhn"
	"github.com/grundy-go/grundy/games/landlords"
	"github.com/grundy-go/grundy/games/pig"
	"github.com/grundy-go/grundy/games/tshirts"
	"github.com/grundy-go/grundy/matrix"
	"github.com/grundy-go/grundy/payoff"
)

// Games with chance, payoffs or hidden information: Pig (value iteration),
// Landlords (a matrix game in every state), Kuhn poker (the sequence-form
// LP) and T-Shirts (three players, backward induction), plus SolvePayoff,
// the adapter that turns any acyclic game.Multiplayer into a Report by
// backward induction.

func init() {
	Register(Entry{
		Name:     "pig",
		Params:   "N",
		Position: "A B T: the mover's banked score, the opponent's, and the turn total (default 0 0 0)",
		Summary:  "the dice game Pig: roll a die repeatedly, adding to a turn total; a 1 loses the turn total and the turn, holding banks it; the first to N points (1.." + strconv.Itoa(pig.MaxGoal) + ") wins; value: the mover's winning probability",
		Example:  "solve pig:100 --json",
		Kind:     "chance",
		Make:     makePig,
	})
	Register(Entry{
		Name:     "landlords",
		Position: "N M: the cards held by the mover and by the opponent (0.." + strconv.Itoa(landlords.MaxCards) + ")",
		Summary:  "Landlords: one unknown card lies on the table; a turn guesses it (right wins, wrong loses) or names a card, which the opponent discards if held or denies — naming one's own card is a bluff; value: the mover's winning probability, with the mixed strategy",
		Example:  "solve landlords 1 1 --json",
		Kind:     "chance",
		Make: func(string) (Instance, error) {
			return landlordsGame{}, nil
		},
	})
	Register(Entry{
		Name:     "kuhn",
		Position: "the deal (\"deal\" or nothing), or the cards dealt, player 1's first, and the actions so far, e.g. \"KQ check bet\"",
		Summary:  "Kuhn poker: three cards J < Q < K, one each, ante 1; check or bet 1, then call or fold; the higher card wins a showdown (hidden information; sequence-form LP)",
		Example:  "solve kuhn --json",
		Kind:     "chance",
		Make:     func(string) (Instance, error) { return kuhnGame{}, nil },
	})
	Register(Entry{
		Name:     "tshirts",
		Position: "three preference orders of shirts 1..n, best first, separated by '/': e.g. \"3 1 2 / 1 2 3 / 2 3 1\" (n ≤ " + strconv.Itoa(tshirts.MaxShirts) + "), optionally followed by the shirts deleted so far: \"3 1 2 / 1 2 3 / 2 3 1 / deleted 2\"",
		Summary:  "T-Shirts: players 1, 2, 3, 1, … each delete a shirt until one remains; each wants the last shirt high in its own order",
		Example:  "solve tshirts 3 1 2 / 1 2 3 / 2 3 1",
		Kind:     "payoff",
		Make:     func(string) (Instance, error) { return tshirtsGame{}, nil },
	})
}

type tshirtsGame struct{}

func (tshirtsGame) Spec() string { return "tshirts" }

// Solve solves a T-Shirts position: the three preference orders, then
// optionally "/ deleted S…", the shirts deleted so far, exactly as the
// explorer writes its positions (tshirtsPosition reads both).
func (tshirtsGame) Solve(ctx context.Context, tokens []string, opts Options) (*Report, error) {
	if opts.Method == ClosedForm {
		return nil, fmt.Errorf("tshirts has no closed form; drop --method closed")
	}
	g, pos, err := tshirtsPosition(tokens)
	if err != nil {
		return nil, err
	}
	return tshirtsReport(ctx, g, pos, opts)
}

// tshirtsPosition reads a T-Shirts position: three preference orders of
// shirts 1..n, best first, separated by '/' (or 3n numbers, split
// evenly), optionally followed by "/ deleted S…", the shirts deleted so
// far (players 1, 2, 3, 1, … deleted them in turn, so their number says
// who is to move). It is the one reader of T-Shirts positions, for solve
// and for the explorer.
func tshirtsPosition(tokens []string) (*tshirts.Game, tshirts.Pos, error) {
	groups := strings.Split(strings.Join(tokens, " "), "/")
	var deleted []int
	if last := strings.Fields(groups[len(groups)-1]); len(groups) > 1 && len(last) > 0 && last[0] == "deleted" {
		var err error
		deleted, err = ParseInts(last[1:], "deleted shirt", 0, tshirts.MaxShirts, tshirts.MaxShirts)
		if err != nil {
			return nil, 0, err
		}
		groups = groups[:len(groups)-1]
	}
	var orders [3][]int
	switch len(groups) {
	case 3:
		for k, grp := range groups {
			xs, err := ParseInts([]string{grp}, "shirt", 1, tshirts.MaxShirts, tshirts.MaxShirts)
			if err != nil {
				return nil, 0, fmt.Errorf("player %d's order: %w", k+1, err)
			}
			orders[k] = xs
		}
	case 1:
		xs, err := ParseInts(groups, "shirt", 3, 3*tshirts.MaxShirts, tshirts.MaxShirts)
		if err != nil {
			return nil, 0, err
		}
		if len(xs)%3 != 0 {
			return nil, 0, fmt.Errorf("expected three preference orders of the same length, got %d numbers (not a multiple of 3); separate the orders with '/'", len(xs))
		}
		n := len(xs) / 3
		orders = [3][]int{xs[:n], xs[n : 2*n], xs[2*n:]}
	case 4:
		if f := strings.Fields(groups[3]); len(f) > 0 && f[0] == "deleted" {
			return nil, 0, fmt.Errorf("bad part %q: the shirts deleted come in one '/ deleted' part, at the end", strings.TrimSpace(groups[3]))
		}
		return nil, 0, fmt.Errorf("bad part %q after the three preference orders: expected \"deleted\" and the shirts deleted so far", strings.TrimSpace(groups[3]))
	default:
		return nil, 0, fmt.Errorf("expected three preference orders separated by '/', got %d groups (they may be followed by '/ deleted' and the shirts deleted so far)", len(groups))
	}
	g, err := tshirts.New(orders)
	if err != nil {
		return nil, 0, err
	}
	pos := g.Start()
	for _, s := range deleted {
		if s < 1 || s > g.N {
			return nil, 0, fmt.Errorf("bad deleted shirt %d: the shirts are 1..%d", s, g.N)
		}
		bit := tshirts.Pos(1) << (s - 1)
		switch {
		case pos&bit == 0:
			return nil, 0, fmt.Errorf("bad deleted shirt %d: it is deleted twice", s)
		case bits.OnesCount32(uint32(pos)) == 1:
			return nil, 0, fmt.Errorf("bad position: %d deleted shirts leave none; at most %d can be deleted", len(deleted), g.N-1)
		}
		pos &^= bit
	}
	return g, pos, nil
}

// tshirtsFormat writes a T-Shirts position as tshirtsPosition reads it:
// the orders, then the shirts deleted in increasing order.
func tshirtsFormat(g *tshirts.Game, p tshirts.Pos) string {
	text := JoinInts(g.Order[0]) + " / " + JoinInts(g.Order[1]) + " / " + JoinInts(g.Order[2])
	if p == g.Start() {
		return text
	}
	var gone []int
	for s := 1; s <= g.N; s++ {
		if p&(1<<(s-1)) == 0 {
			gone = append(gone, s)
		}
	}
	return text + " / deleted " + JoinInts(gone)
}

// tshirtsReport solves position p by backward induction (SolvePayoff,
// exact: the payoffs are small integers), names the last shirt under
// optimal play and the mover's best deletions.
func tshirtsReport(ctx context.Context, g *tshirts.Game, p tshirts.Pos, opts Options) (*Report, error) {
	exact := opts
	exact.Float = false
	format := func(q tshirts.Pos) string { return tshirtsFormat(g, q) }
	r, err := SolvePayoff(ctx, "tshirts", game.Multiplayer[tshirts.Pos](g), p, format, PayoffOptions{Options: exact})
	if err != nil {
		return nil, err
	}
	vs, ok := r.Payoff.([]any)
	if !ok || len(vs) == 0 {
		return nil, fmt.Errorf("internal error: tshirts: no payoff vector in %#v", r.Payoff)
	}
	first, _ := vs[0].(string)
	v, err := strconv.Atoi(first)
	if err != nil {
		return nil, fmt.Errorf("internal error: tshirts: payoff %#v is not an integer", vs[0])
	}
	mover := g.ToMove(p)
	last := g.ShirtFor(mover, v)
	if r.Extra == nil {
		r.Extra = map[string]any{}
	}
	r.Extra["last_shirt"] = last
	if bits.OnesCount32(uint32(p)) == 1 {
		r.Notes = append(r.Notes, fmt.Sprintf("one shirt is left: shirt %d", last))
		return r, nil
	}
	deleteOf := map[string]int{}
	for q := range g.Moves(p) {
		deleteOf[format(q)] = bits.TrailingZeros32(uint32(p&^q)) + 1
	}
	var deletes []int
	for _, m := range r.WinningMoves {
		deletes = append(deletes, deleteOf[m])
	}
	r.Extra["delete"] = deletes
	r.Notes = append(r.Notes,
		fmt.Sprintf("player %d is to move; the last shirt is %d; player %d's best deletions: %s", mover+1, last, mover+1, JoinInts(deletes)),
		"payoff: n − the rank of the last shirt in each player's order (n for its favourite), from the player to move; winning moves: the positions after each of the mover's best deletions")
	return r, nil
}

type kuhnGame struct{}

func (kuhnGame) Spec() string { return "kuhn" }

// Solve solves Kuhn poker at a position of its game tree: the deal
// ("deal", or nothing), or the cards dealt and the actions so far ("KQ
// check bet"), exactly as the explorer writes them (kuhnNode reads both).
// At the deal the report is player 1's value with both players' optimal
// strategies; below it, the value for the player to act (or, once the
// hand is over, player 1's gain), under the same optimal strategies.
func (kuhnGame) Solve(ctx context.Context, tokens []string, opts Options) (*Report, error) {
	k, _, node, path, err := kuhnAt(ctx, tokens, opts)
	if err != nil {
		return nil, err
	}
	return k.report(node, path), nil
}

// kuhnAt reads a Kuhn poker position (kuhnNode) and solves the game: what
// Solve and the explorer's Successors both start from.
func kuhnAt(ctx context.Context, tokens []string, opts Options) (k *kuhnSolved, root, node *matrix.Node, path string, err error) {
	if opts.Method == ClosedForm {
		return nil, nil, nil, "", fmt.Errorf("kuhn has no closed form here; drop --method closed")
	}
	root = kuhn.Tree()
	if node, path, err = kuhnNode(root, Fields(tokens)); err != nil {
		return nil, nil, nil, "", err
	}
	if k, err = solveKuhn(ctx, root); err != nil {
		return nil, nil, nil, "", err
	}
	return k, root, node, path, nil
}

// kuhnSolved is Kuhn poker's tree with its optimal strategies, and the
// expected results under them (memoised: not for concurrent use).
type kuhnSolved struct {
	root   *matrix.Node
	sol    *matrix.TreeSolution
	values map[*matrix.Node]*big.Rat
}

func solveKuhn(ctx context.Context, root *matrix.Node) (*kuhnSolved, error) {
	sol, err := matrix.SolveTree(ctx, root)
	if err != nil {
		return nil, err
	}
	return &kuhnSolved{root: root, sol: sol, values: map[*matrix.Node]*big.Rat{}}, nil
}

// expect is player 1's expected gain at n under the optimal strategies.
func (k *kuhnSolved) expect(n *matrix.Node) *big.Rat {
	if v, ok := k.values[n]; ok {
		return v
	}
	v := new(big.Rat)
	switch {
	case len(n.Children) == 0:
		v.Set(n.Payoff)
	case n.Player == matrix.Chance:
		for i, c := range n.Children {
			v.Add(v, new(big.Rat).Mul(n.Probs[i], k.expect(c)))
		}
	default:
		for i, c := range n.Children {
			if p := k.sol.Strategy[n.Player][n.Infoset][n.Actions[i]]; p != nil {
				v.Add(v, new(big.Rat).Mul(p, k.expect(c)))
			}
		}
	}
	k.values[n] = v
	return v
}

// report is the solution at node n, reached by path.
func (k *kuhnSolved) report(n *matrix.Node, path string) *Report {
	if n == k.root {
		return k.rootReport()
	}
	v := new(big.Rat).Set(k.expect(n))
	r := &Report{Game: "kuhn", Position: path, Outcome: "D"}
	if len(n.Children) > 0 && n.Player == 1 {
		v.Neg(v)
	}
	f := matrix.Float(v)
	r.Value, r.Payoff = f, []float64{f, -f}
	r.Extra = map[string]any{"value_exact": v.RatString()}
	switch {
	case len(n.Children) == 0:
		r.Notes = []string{"the hand is over; value is player 1's gain"}
		zero := 0
		r.Remoteness = &zero
	case v.Sign() > 0:
		r.Outcome = "N"
	case v.Sign() < 0:
		r.Outcome = "P"
	}
	switch {
	case k.onPath(path):
	case len(n.Children) == 0:
		r.Notes = append(r.Notes, "the optimal strategies never reach this end of the hand (an action on the way has probability 0)")
	default:
		r.Notes = append(r.Notes, "the optimal strategies never reach this position (an action on the way has probability 0); from here a player whose own strategy never gets here plays a best reply to the opponent's strategy (its beliefs from chance and the opponent's play), which keeps both strategies optimal")
	}
	if len(n.Children) > 0 {
		mix := map[string]string{}
		for _, a := range n.Actions {
			if p := k.sol.Strategy[n.Player][n.Infoset][a]; p != nil {
				mix[a] = p.RatString()
			}
		}
		r.Extra["optimal_mix"] = mix
		r.Notes = append([]string{
			fmt.Sprintf("player %d to act; value is that player's expected gain under optimal play by both", n.Player+1),
			"optimal_mix: the probability with which the optimal strategy takes each action here (the player sees only its own card and the betting)",
		}, r.Notes...)
	}
	return r
}

// onPath reports whether the optimal strategies reach the position path
// (a path that kuhnNode has read) with positive probability.
func (k *kuhnSolved) onPath(path string) bool {
	n := k.root
	for _, w := range strings.Fields(path) {
		for i, c := range n.Children {
			if n.Player == matrix.Chance {
				if kuhnDeal(c) == w {
					n = c
					break
				}
				continue
			}
			if n.Actions[i] == w {
				if p := k.sol.Strategy[n.Player][n.Infoset][w]; p == nil || p.Sign() <= 0 {
					return false
				}
				n = c
				break
			}
		}
	}
	return true
}

// rootReport is the solution at the deal: player 1's value and both
// players' optimal strategies.
func (k *kuhnSolved) rootReport() *Report {
	sol := k.sol
	v := matrix.Float(sol.Value)
	strategy := map[string]map[string]map[string]string{}
	for i, name := range []string{"player1", "player2"} {
		strategy[name] = map[string]map[string]string{}
		for info, acts := range sol.Strategy[i] {
			m := map[string]string{}
			for a, p := range acts {
				m[a] = p.RatString()
			}
			strategy[name][info] = m
		}
	}
	r := &Report{
		Game:     "kuhn",
		Position: "deal",
		Outcome:  "D",
		Value:    v,
		Payoff:   []float64{v, -v},
		Method:   "sequence-form linear program (Koller, Megiddo & von Stengel 1994) with gonum's simplex, strategies made exact and checked by exact best responses",
		Extra: map[string]any{
			"value_exact": sol.Value.RatString(),
			"verified":    sol.Verified,
			"strategy":    strategy,
		},
		Notes: []string{
			"value is player 1's expected gain per hand under optimal play by both (player 1 acts first); zero-sum, so payoff is (v, −v)",
			"strategy: for each information set (the player's card and the betting so far: c = check, b = bet), the probability of each action; at a set the player's own strategy never reaches, a best reply to the opponent's strategy",
			"a position below the deal is the cards dealt, player 1's first, then the actions so far, e.g. \"KQ check bet\"",
		},
	}
	if !sol.Verified {
		r.Notes = append(r.Notes, fmt.Sprintf("not verified exactly: the value lies between %s and %s", sol.Lower.RatString(), sol.Upper.RatString()))
	}
	return r
}

// chanceOutcome names the result of a two-player game with chance from the
// mover's winning probability v: N when the mover wins for certain, P when
// it loses for certain, and otherwise D — neither player can force a win.
func chanceOutcome(v float64) string {
	switch v {
	case 1:
		return "N"
	case 0:
		return "P"
	}
	return "D"
}

const chanceNote = "neither player can force a win: the result depends on chance; value is the probability that the player to move wins under optimal play by both, payoff the two players' probabilities from the player to move"

// pigGame is Pig to a goal. It keeps the table of the goal once solved
// (value iteration over every position: most of a second at goal 100), so
// that every later Solve and Successors of the instance reads it; it is
// safe for concurrent use.
type pigGame struct {
	goal int
	// solving is held (a send) by the one caller that computes the table;
	// the others wait on it or on their context.
	solving chan struct{}
	tab     atomic.Pointer[pig.Table]
}

// pigCacheCells bounds the table cells of the Pig instances kept for
// reuse by pigInstances: two tables of the largest goal (128 MB).
const pigCacheCells = 2 * pig.MaxGoal * pig.MaxGoal * pig.MaxGoal

// pigInstances keeps the Pig instances made most recently, so that a
// front end that looks the game up again for every request (the server
// does: catalog.LookupBuiltin per request) gets the same instance, and
// with it the table already solved. The oldest are dropped once their
// tables would hold more than pigCacheCells cells; those still in use
// stay valid.
var pigInstances struct {
	sync.Mutex
	recent []*pigGame // most recently made or looked up last
}

func makePig(params string) (Instance, error) {
	n, err := ParseNatural(params, "goal")
	if err != nil {
		return nil, err
	}
	if !n.IsInt64() || n.Int64() < 1 || n.Int64() > pig.MaxGoal {
		return nil, fmt.Errorf("bad goal %q: must be between 1 and %d", params, pig.MaxGoal)
	}
	return sharedPig(int(n.Int64())), nil
}

// sharedPig returns the kept instance of Pig to goal, or makes and keeps
// one.
func sharedPig(goal int) *pigGame {
	pigInstances.Lock()
	defer pigInstances.Unlock()
	recent := pigInstances.recent
	for i, g := range recent {
		if g.goal == goal {
			pigInstances.recent = append(slices.Delete(recent, i, i+1), g)
			return g
		}
	}
	g := newPig(goal)
	recent = append(recent, g)
	cells := 0
	for i := len(recent) - 1; i >= 0; i-- {
		cells += recent[i].goal * recent[i].goal * recent[i].goal
		if cells > pigCacheCells {
			recent = slices.Clone(recent[i+1:])
			break
		}
	}
	pigInstances.recent = recent
	return g
}

// newPig makes an instance of Pig to goal that shares nothing.
func newPig(goal int) *pigGame {
	return &pigGame{goal: goal, solving: make(chan struct{}, 1)}
}

// table returns the solved table of the instance's goal, solving it on
// the first call (reporting to progress). Concurrent callers wait for the
// one that solves, or give up when their context ends; a solve that is
// cancelled keeps nothing, and the next caller starts again.
func (g *pigGame) table(ctx context.Context, progress func(int)) (*pig.Table, error) {
	if t := g.tab.Load(); t != nil {
		return t, nil
	}
	select {
	case g.solving <- struct{}{}:
	case <-ctx.Done():
		return nil, fmt.Errorf("solving Pig to %d: %w", g.goal, ctx.Err())
	}
	defer func() { <-g.solving }()
	if t := g.tab.Load(); t != nil {
		return t, nil
	}
	t, err := pig.Solve(ctx, g.goal, pig.Options{Progress: progress})
	if err != nil {
		return nil, err
	}
	g.tab.Store(t)
	return t, nil
}

func (g *pigGame) Spec() string { return "pig:" + strconv.Itoa(g.goal) }

func (g *pigGame) Solve(ctx context.Context, tokens []string, opts Options) (*Report, error) {
	if opts.Method == ClosedForm {
		return nil, fmt.Errorf("%s has no closed form; drop --method closed", g.Spec())
	}
	pos := []int{0, 0, 0}
	if len(Fields(tokens)) > 0 {
		var err error
		pos, err = ParseInts(tokens, "score", 3, 3, 1_000_000)
		if err != nil {
			return nil, fmt.Errorf("%w (a Pig position is A B T: the mover's score, the opponent's, the turn total)", err)
		}
	}
	a, b, t := pos[0], pos[1], pos[2]
	switch {
	case a >= g.goal:
		return nil, fmt.Errorf("bad position: the mover's score %d has already reached the goal %d", a, g.goal)
	case b >= g.goal:
		return nil, fmt.Errorf("bad position: the opponent's score %d has already reached the goal %d, so the game is over", b, g.goal)
	}
	if states, limit := g.goal*g.goal*(g.goal+1)/2, stateCap(opts); states > limit {
		return nil, budget.Exceed(budget.States, int64(limit), "Pig to %d has %d positions, more than the limit of %d", g.goal, states, limit)
	}
	if g.tab.Load() == nil {
		// The table is built once and shared, but this request pays for
		// building it.
		need := int64(g.goal) * int64(g.goal) * int64(g.goal) * 8
		if err := opts.Memory.Charge(need, fmt.Sprintf("the table of Pig to %d", g.goal)); err != nil {
			return nil, err
		}
		defer opts.Memory.Release(need)
	}
	tab, err := g.table(ctx, opts.Progress)
	if err != nil {
		return nil, err
	}
	v := tab.Win(a, b, t)
	roll, hold := 1.0, 1.0
	if a+t < g.goal {
		roll, hold = tab.Roll(a, b, t), tab.Hold(a, b, t)
	}
	best := "roll"
	if hold >= roll {
		best = "hold"
	}
	r := &Report{
		Game:     g.Spec(),
		Position: JoinInts(pos),
		Outcome:  chanceOutcome(v),
		Value:    v,
		Payoff:   []float64{v, 1 - v},
		Method:   fmt.Sprintf("value iteration partitioned by score sum (Neller & Presser 2004), %d sweeps, tolerance %g", tab.Sweeps, pig.DefaultTolerance),
		Extra: map[string]any{
			"best_action": best,
			"roll_value":  roll,
			"hold_value":  hold,
		},
	}
	if a+t >= g.goal {
		r.Notes = append(r.Notes, "the mover holds and reaches the goal")
	} else {
		r.Notes = append(r.Notes, chanceNote, fmt.Sprintf("best action: %s (rolling wins with %.6f, holding with %.6f)", best, roll, hold))
	}
	return r, nil
}

type landlordsGame struct{}

// landlordsCache keeps the largest Landlords table solved so far: the
// table for N answers every position with at most N cards a side, with the
// same values (each state depends only on smaller ones), and the explorer
// asks for many positions of one game. It is read-only once solved, so
// look-ups share it; at most one table of (2001)² floats (32 MB) is kept.
var landlordsCache struct {
	sync.Mutex
	tab *landlords.Table
}

// landlordsTable returns a table for at least N cards a side.
func landlordsTable(ctx context.Context, N int) (*landlords.Table, error) {
	landlordsCache.Lock()
	t := landlordsCache.tab
	landlordsCache.Unlock()
	if t != nil && t.N >= N {
		return t, nil
	}
	t, err := landlords.Solve(ctx, N)
	if err != nil {
		return nil, err
	}
	landlordsCache.Lock()
	if landlordsCache.tab == nil || landlordsCache.tab.N < t.N {
		landlordsCache.tab = t
	}
	landlordsCache.Unlock()
	return t, nil
}

func (landlordsGame) Spec() string { return "landlords" }

func (g landlordsGame) Solve(ctx context.Context, tokens []string, opts Options) (*Report, error) {
	if opts.Method == ClosedForm {
		return nil, fmt.Errorf("landlords has no closed form; drop --method closed")
	}
	n, m, _, st, err := landlordsAt(ctx, tokens, opts)
	if err != nil {
		return nil, err
	}
	nm := []int{n, m}
	r := &Report{
		Game:     "landlords",
		Position: JoinInts(nm),
		Outcome:  chanceOutcome(st.Win),
		Value:    st.Win,
		Payoff:   []float64{st.Win, 1 - st.Win},
		Method:   fmt.Sprintf("a 3×2 matrix game in each of %d states, solved exactly by the two-line intersection", (max(n, m)+1)*(max(n, m)+1)),
		Extra: map[string]any{
			"strategy": map[string]float64{
				"guess":             st.Guess,
				"ask":               st.Ask,
				"bluff":             st.Bluff,
				"opponent_believes": st.Believe,
			},
		},
	}
	if m == 0 {
		r.Notes = append(r.Notes, "the opponent holds no cards, so the mover knows the table card and names it")
	} else {
		r.Notes = append(r.Notes, chanceNote, fmt.Sprintf("mover's mixed strategy: guess the table card %.6f, name an unseen card %.6f, bluff with an own card %.6f; when a named card is denied, the opponent believes it is the table card with probability %.6f", st.Guess, st.Ask, st.Bluff, st.Believe))
	}
	return r, nil
}

// landlordsAt reads a Landlords position and finds the table that solves
// it and the mover's optimal mix there: what Solve and the explorer's
// Successors both start from.
func landlordsAt(ctx context.Context, tokens []string, opts Options) (n, m int, tab *landlords.Table, st landlords.Strategy, err error) {
	nm, err := ParseInts(tokens, "card count", 2, 2, landlords.MaxCards)
	if err != nil {
		return 0, 0, nil, st, fmt.Errorf("%w (a Landlords position is N M: the cards held by the mover and by the opponent)", err)
	}
	n, m = nm[0], nm[1]
	if states, limit := (max(n, m)+1)*(max(n, m)+1), stateCap(opts); states > limit {
		return 0, 0, nil, st, budget.Exceed(budget.States, int64(limit), "this position needs a table of %d states, more than the limit of %d", states, limit)
	}
	need := int64(max(n, m)+1) * int64(max(n, m)+1) * 8
	if err = opts.Memory.Charge(need, "the Landlords table"); err != nil {
		return 0, 0, nil, st, err
	}
	defer opts.Memory.Release(need)
	if tab, err = landlordsTable(ctx, max(n, m)); err != nil {
		return 0, 0, nil, st, err
	}
	st, err = tab.Strategy(n, m)
	return n, m, tab, st, err
}

// PayoffOptions tune SolvePayoff.
type PayoffOptions struct {
	Options // with its TieBreak and Float
	// RootOnly asks for the value alone, for two-player zero-sum games:
	// alpha-beta with a transposition table (payoff.RootValue), which
	// prunes, but lists no moves.
	RootOnly bool
}

// SolvePayoff solves position p of an acyclic game with payoff vectors by
// backward induction and writes the Report of DESIGN.md: "payoff" is the
// vector in turn order from the player to move (exact fractions as
// strings, or numbers with Float), "winning_moves" the options that give
// the mover its best payoff (the one the tie-break rule picks first), and,
// for two players, "outcome" N, P or D as the mover's payoff is above,
// below or equal to the other's, and "value" the mover's payoff. With more
// players "outcome" names the players (from 1, the mover) with the largest
// payoff.
func SolvePayoff[P comparable](ctx context.Context, spec string, g game.Multiplayer[P], p P, format func(P) string, opts PayoffOptions) (*Report, error) {
	if opts.RootOnly {
		return rootValueReport(ctx, spec, g, p, format, opts)
	}
	s, err := payoff.New(g, payoff.Options{TieBreak: opts.TieBreak, Float: opts.Float, MaxStates: opts.MaxStates, Progress: opts.Progress, Memory: opts.Memory})
	if err != nil {
		return nil, err
	}
	a, err := s.Analyze(ctx, p)
	if err != nil {
		return nil, err
	}
	first := a.Mover
	if first == game.Chance {
		first = 0
	}
	vec := a.Payoff.Rotate(first)
	cell := func(v payoff.Value) any {
		if v.Rat != nil {
			return v.Rat.RatString()
		}
		return v.Float
	}
	pay := make([]any, len(vec))
	for i, v := range vec {
		pay[i] = cell(v)
	}
	r := &Report{
		Game:     spec,
		Position: format(p),
		Payoff:   pay,
		Method:   fmt.Sprintf("backward induction over %d positions, ties broken by rule %q", s.States(), opts.TieBreak),
	}
	if len(vec) == 2 {
		r.Value = cell(vec[0])
		switch c := cmpValue(vec[0], vec[1]); {
		case c > 0:
			r.Outcome = "N"
		case c < 0:
			r.Outcome = "P"
		default:
			r.Outcome = "D"
		}
	} else {
		var best []string
		top := vec[0]
		for _, v := range vec {
			if cmpValue(v, top) > 0 {
				top = v
			}
		}
		for i, v := range vec {
			if cmpValue(v, top) == 0 {
				best = append(best, strconv.Itoa(i+1))
			}
		}
		r.Outcome = "best: player " + strings.Join(best, ", ")
		r.Notes = append(r.Notes, "players are numbered in turn order from the player to move (1)")
	}
	for _, i := range a.Optimal {
		r.WinningMoves = append(r.WinningMoves, format(a.Options[i].Position))
	}
	if a.Chosen >= 0 {
		r.Extra = map[string]any{"chosen_move": format(a.Options[a.Chosen].Position), "tie_break": opts.TieBreak.String()}
	}
	if a.Mover == game.Chance {
		r.Notes = append(r.Notes, "nature moves here; the payoff is the expectation over its outcomes")
	}
	return r, nil
}

// rootValueReport answers with the zero-sum value alone.
func rootValueReport[P comparable](ctx context.Context, spec string, g game.Multiplayer[P], p P, format func(P) string, opts PayoffOptions) (*Report, error) {
	v, stats, err := payoff.RootValue(ctx, g, p, payoff.Options{Float: opts.Float, MaxStates: opts.MaxStates, Progress: opts.Progress, Memory: opts.Memory})
	if err != nil {
		return nil, err
	}
	var val, neg any = v.Float, -v.Float
	if v.Rat != nil {
		val, neg = v.Rat.RatString(), new(big.Rat).Neg(v.Rat).RatString()
	}
	r := &Report{
		Game:     spec,
		Position: format(p),
		Value:    val,
		Payoff:   []any{val, neg},
		Outcome:  "D",
		Method:   fmt.Sprintf("alpha-beta with a transposition table (%d positions stored, %d visits); the value only, no moves", stats.Positions, stats.Nodes),
	}
	switch sign := v.Float; {
	case v.Rat != nil && v.Rat.Sign() > 0, v.Rat == nil && sign > 0:
		r.Outcome = "N"
	case v.Rat != nil && v.Rat.Sign() < 0, v.Rat == nil && sign < 0:
		r.Outcome = "P"
	}
	if g.ToMove(p) == game.Chance {
		r.Notes = append(r.Notes, "nature moves here; the value is for player 0")
	}
	return r, nil
}

func cmpValue(a, b payoff.Value) int {
	if a.Rat != nil && b.Rat != nil {
		return a.Rat.Cmp(b.Rat)
	}
	return big.NewFloat(a.Float).Cmp(big.NewFloat(b.Float))
}
