package kuhn

import (
	"context"
	"fmt"
	"math/big"
	"strings"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/matrix"
)

// The catalog's adapter of Kuhn poker: "grundy solve kuhn [POSITION]"
// and the explorer's walk down the game tree, both from the optimal
// strategies of the sequence-form LP (matrix.SolveTree).

func init() {
	catalog.Register(catalog.Entry{
		Name:     "kuhn",
		Position: "the deal (\"deal\" or nothing), or the cards dealt, player 1's first, and the actions so far, e.g. \"KQ check bet\"",
		Summary:  "Kuhn poker: three cards J < Q < K, one each, ante 1; check or bet 1, then call or fold; the higher card wins a showdown (hidden information; sequence-form LP)",
		Example:  "solve kuhn --json",
		Kind:     "chance",
		Make:     func(string) (catalog.Instance, error) { return instance{}, nil },
	})
}

// instance is the catalog's Kuhn poker.
type instance struct{}

var (
	_ catalog.SuccessorLister = instance{}
	_ catalog.Starter         = instance{}
)

func (instance) Spec() string { return "kuhn" }

// Solve solves Kuhn poker at a position of its game tree: the deal
// ("deal", or nothing), or the cards dealt and the actions so far ("KQ
// check bet"), exactly as the explorer writes them (findNode reads both).
// At the deal the report is player 1's value with both players' optimal
// strategies; below it, the value for the player to act (or, once the
// hand is over, player 1's gain), under the same optimal strategies.
func (instance) Solve(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	k, _, node, path, err := solveAt(ctx, tokens, opts)
	if err != nil {
		return nil, err
	}
	return k.report(node, path), nil
}

// solveAt reads a Kuhn poker position (findNode) and solves the game: what
// Solve and the explorer's Successors both start from.
func solveAt(ctx context.Context, tokens []string, opts catalog.Options) (k *solved, root, node *matrix.Node, path string, err error) {
	if opts.Method == catalog.ClosedForm {
		return nil, nil, nil, "", catalog.RefuseMethod("kuhn", catalog.ClosedForm, "kuhn has no closed form here")
	}
	root = Tree()
	if node, path, err = findNode(root, catalog.Fields(tokens)); err != nil {
		return nil, nil, nil, "", err
	}
	if k, err = solve(ctx, root); err != nil {
		return nil, nil, nil, "", err
	}
	return k, root, node, path, nil
}

// solved is Kuhn poker's tree with its optimal strategies, and the
// expected results under them (memoised: not for concurrent use).
type solved struct {
	root   *matrix.Node
	sol    *matrix.TreeSolution
	values map[*matrix.Node]*big.Rat
}

func solve(ctx context.Context, root *matrix.Node) (*solved, error) {
	sol, err := matrix.SolveTree(ctx, root)
	if err != nil {
		return nil, err
	}
	return &solved{root: root, sol: sol, values: map[*matrix.Node]*big.Rat{}}, nil
}

// expect is player 1's expected gain at n under the optimal strategies.
func (k *solved) expect(n *matrix.Node) *big.Rat {
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
func (k *solved) report(n *matrix.Node, path string) *catalog.Report {
	if n == k.root {
		return k.rootReport()
	}
	v := new(big.Rat).Set(k.expect(n))
	r := &catalog.Report{Game: "kuhn", Position: path, Outcome: "D"}
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
// (a path that findNode has read) with positive probability.
func (k *solved) onPath(path string) bool {
	n := k.root
	for _, w := range strings.Fields(path) {
		for i, c := range n.Children {
			if n.Player == matrix.Chance {
				if dealOf(c) == w {
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
func (k *solved) rootReport() *catalog.Report {
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
	r := &catalog.Report{
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

// Start is the deal.
func (instance) Start() string { return "deal" }

// Successors walks Kuhn poker's game tree. A position is the deal ("" or
// "deal") or the cards dealt, player 1's first ("KQ"), followed by the
// actions so far ("KQ check bet call"). The values are expectations under
// the optimal strategies found by the sequence-form LP (the same solution
// as Solve's): at the deal, player 1's; at a player's turn, that player's.
// Strategy is the optimal probability of each action.
func (instance) Successors(ctx context.Context, tokens []string, opts catalog.Options, limit int) (*catalog.SuccessorList, error) {
	k, root, node, path, err := solveAt(ctx, tokens, opts)
	if err != nil {
		return nil, err
	}
	sol, expect, report := k.sol, k.expect, k.report
	list := &catalog.SuccessorList{Report: report(node, path), Kind: catalog.MovesPayoff, Complete: true}
	list.Board = &catalog.Board{Kind: catalog.BoardText, Text: list.Report.Position}
	if node.Player == matrix.Chance && len(node.Children) > 0 {
		list.Kind = catalog.MovesChance
	}
	for i, c := range node.Children {
		label := ""
		s := catalog.Successor{MoverIndex: -1}
		if node.Player == matrix.Chance {
			label = dealOf(c)
			s.Player, s.Probability = catalog.PlayerChance, node.Probs[i].RatString()
			s.Position = label
		} else {
			label = node.Actions[i]
			s.Position = strings.TrimSpace(path + " " + label)
			mv := new(big.Rat).Set(expect(c))
			if node.Player == 1 {
				mv.Neg(mv)
			}
			s.MoverValue = mv.RatString()
			if p := sol.Strategy[node.Player][node.Infoset][label]; p != nil {
				s.Strategy = p.RatString()
			}
			if len(c.Children) == 0 {
				s.Final = report(c, s.Position)
				s.Final.Notes = nil
			}
		}
		s.Move = label
		list.Moves = append(list.Moves, s)
	}
	list.Solve = func(_ context.Context, p string) (*catalog.Report, error) {
		n, path, err := findNode(root, strings.Fields(p))
		if err != nil {
			return nil, err
		}
		return report(n, path), nil
	}
	return list, nil
}

// dealOf names the deal that leads to n: player 1's card, then player 2's.
func dealOf(n *matrix.Node) string {
	// n is player 1's first decision; its infoset is player 1's card, and
	// after a check player 2's infoset is "card:c".
	p2, _, _ := strings.Cut(n.Children[0].Infoset, ":")
	return n.Infoset + p2
}

// findNode follows a position (the deal, then actions) down the tree.
func findNode(root *matrix.Node, words []string) (*matrix.Node, string, error) {
	n := root
	var path []string
	for i, w := range words {
		if i == 0 && strings.EqualFold(w, "deal") {
			continue
		}
		if len(n.Children) == 0 {
			return nil, "", fmt.Errorf("bad Kuhn poker position: the hand is over after %q, so %q cannot follow", strings.Join(path, " "), w)
		}
		found := -1
		for j, c := range n.Children {
			if n.Player == matrix.Chance && strings.EqualFold(dealOf(c), w) || n.Player != matrix.Chance && n.Actions[j] == strings.ToLower(w) {
				found = j
			}
		}
		if found < 0 {
			if n.Player == matrix.Chance {
				return nil, "", fmt.Errorf("bad Kuhn poker deal %q: expected two different cards of J, Q, K, player 1's first (e.g. KQ)", w)
			}
			return nil, "", fmt.Errorf("bad Kuhn poker action %q after %q: expected one of %s", w, strings.Join(path, " "), strings.Join(n.Actions, ", "))
		}
		if n.Player == matrix.Chance {
			path = append(path, dealOf(n.Children[found]))
		} else {
			path = append(path, n.Actions[found])
		}
		n = n.Children[found]
	}
	return n, strings.Join(path, " "), nil
}
