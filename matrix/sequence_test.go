package matrix

import (
	"context"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
)

// kuhn builds Kuhn poker (Kuhn 1950): cards J < Q < K, each player antes 1
// and gets one card; player 0 checks or bets 1; after a check player 1
// checks (showdown for 1) or bets 1, and player 0 then folds or calls
// (showdown for 2); after a bet player 1 folds or calls (showdown for 2).
func kuhn() *Node {
	names := []string{"J", "Q", "K"}
	leaf := func(v int64) *Node { return &Node{Payoff: big.NewRat(v, 1)} }
	show := func(c0, c1 int, stake int64) *Node {
		if c0 > c1 {
			return leaf(stake)
		}
		return leaf(-stake)
	}
	deal := &Node{Player: Chance}
	for c0 := 0; c0 < 3; c0++ {
		for c1 := 0; c1 < 3; c1++ {
			if c0 == c1 {
				continue
			}
			a, b := names[c0], names[c1]
			afterCheckBet := &Node{Player: 0, Infoset: a + ":cb", Actions: []string{"fold", "call"},
				Children: []*Node{leaf(-1), show(c0, c1, 2)}}
			afterCheck := &Node{Player: 1, Infoset: b + ":c", Actions: []string{"check", "bet"},
				Children: []*Node{show(c0, c1, 1), afterCheckBet}}
			afterBet := &Node{Player: 1, Infoset: b + ":b", Actions: []string{"fold", "call"},
				Children: []*Node{leaf(1), show(c0, c1, 2)}}
			deal.Children = append(deal.Children, &Node{Player: 0, Infoset: a, Actions: []string{"check", "bet"},
				Children: []*Node{afterCheck, afterBet}})
			deal.Probs = append(deal.Probs, big.NewRat(1, 6))
		}
	}
	return deal
}

// TestKuhnPoker: the value of Kuhn poker for the first player is −1/18
// (Kuhn, "A simplified two-person poker", Contributions to the Theory of
// Games I, 1950).
func TestKuhnPoker(t *testing.T) {
	sol, err := SolveTree(context.Background(), kuhn())
	if err != nil {
		t.Fatal(err)
	}
	if !sol.Verified {
		t.Fatalf("not verified: [%s, %s]", sol.Lower.RatString(), sol.Upper.RatString())
	}
	if sol.Value.Cmp(big.NewRat(-1, 18)) != 0 {
		t.Fatalf("value %s, want -1/18", sol.Value.RatString())
	}
	// Known features of every equilibrium: player 1 always calls a bet
	// with the king and folds the jack; it bets the king after a check.
	s1 := sol.Strategy[1]
	if s1["K:b"]["call"].Cmp(big.NewRat(1, 1)) != 0 || s1["J:b"]["fold"].Cmp(big.NewRat(1, 1)) != 0 || s1["K:c"]["bet"].Cmp(big.NewRat(1, 1)) != 0 {
		t.Errorf("player 1's strategy %v", s1)
	}
	// Player 1 bets the jack after a check (bluffs) with probability 1/3.
	if s1["J:c"]["bet"].Cmp(big.NewRat(1, 3)) != 0 {
		t.Errorf("player 1 bluffs the jack with %s, want 1/3", s1["J:c"]["bet"].RatString())
	}
}

// TestTreeAgainstMatrix writes matrix games as trees: player 0 picks a row,
// then player 1, not seeing it, a column. The sequence form must agree
// with the matrix LP.
func TestTreeAgainstMatrix(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	verified := 0
	for trial := 0; trial < 100; trial++ {
		m := randomMatrix(r, 1+r.IntN(4), 1+r.IntN(4), 5)
		root := &Node{Player: 0, Infoset: "rows"}
		for i := 0; i < m.Rows(); i++ {
			root.Actions = append(root.Actions, string(rune('a'+i)))
			n := &Node{Player: 1, Infoset: "cols"}
			for j := 0; j < m.Cols(); j++ {
				n.Actions = append(n.Actions, string(rune('A'+j)))
				n.Children = append(n.Children, &Node{Payoff: m.Entries[i][j]})
			}
			root.Children = append(root.Children, n)
		}
		tree, err := SolveTree(context.Background(), root)
		if err != nil {
			t.Fatal(err)
		}
		sol, err := Solve(context.Background(), m)
		if err != nil {
			t.Fatal(err)
		}
		if tree.Lower.Cmp(sol.Value) > 0 || tree.Upper.Cmp(sol.Value) < 0 {
			t.Fatalf("trial %d: value %s outside the tree's bracket [%s, %s]", trial, sol.Value.RatString(), tree.Lower.RatString(), tree.Upper.RatString())
		}
		if tree.Verified {
			verified++
			if tree.Value.Cmp(sol.Value) != 0 {
				t.Fatalf("trial %d: tree %s, matrix %s", trial, tree.Value.RatString(), sol.Value.RatString())
			}
		}
	}
	if verified < 95 {
		t.Fatalf("only %d of 100 tree solutions verified exactly", verified)
	}
}

func TestTreeErrors(t *testing.T) {
	leaf := &Node{Payoff: big.NewRat(1, 1)}
	cases := []struct {
		name string
		root *Node
		want string
	}{
		{"probabilities", &Node{Player: Chance, Children: []*Node{leaf, leaf}, Probs: []*big.Rat{big.NewRat(1, 2), big.NewRat(1, 3)}}, "sum to 5/6, not 1"},
		{"no payoff", &Node{Player: 0, Infoset: "a", Actions: []string{"x"}, Children: []*Node{{}}}, "has no payoff"},
		{"actions", &Node{Player: 0, Infoset: "a", Actions: []string{"x"}, Children: []*Node{leaf, leaf}}, "1 actions for 2 children"},
		{"recall", &Node{Player: 0, Infoset: "a", Actions: []string{"x", "y"}, Children: []*Node{
			{Player: 0, Infoset: "b", Actions: []string{"u"}, Children: []*Node{leaf}},
			{Player: 1, Infoset: "c", Actions: []string{"v"}, Children: []*Node{{Player: 0, Infoset: "b", Actions: []string{"u"}, Children: []*Node{leaf}}}},
		}}, "perfect recall"},
		{"player", &Node{Player: 3, Children: []*Node{leaf}}, "player 3"},
	}
	for _, c := range cases {
		_, err := SolveTree(context.Background(), c.root)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error containing %q", c.name, err, c.want)
		}
	}
}

// TestOffPathBestReplies checks the strategies at information sets a
// player's own strategy never reaches: each must be a best reply to the
// opponent's strategy, with the nodes of the set weighed by chance and the
// opponent's play (computed here by walking the tree), and the value must
// stay verified. On Kuhn poker, and on its tree with random payoffs.
func TestOffPathBestReplies(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for trial := range 60 {
		root := kuhn()
		if trial > 0 {
			var randomise func(n *Node)
			randomise = func(n *Node) {
				if len(n.Children) == 0 {
					n.Payoff = big.NewRat(int64(r.IntN(9)-4), 1)
				}
				for _, c := range n.Children {
					randomise(c)
				}
			}
			randomise(root)
		}
		sol, err := SolveTree(context.Background(), root)
		if err != nil {
			t.Fatal(err)
		}
		if !sol.Verified {
			continue // the check below needs exact strategies
		}
		prob := func(k int, n *Node, a int) *big.Rat { return sol.Strategy[k][n.Infoset][n.Actions[a]] }
		// value: the expected payoff to player 0 below n.
		var value func(n *Node) *big.Rat
		value = func(n *Node) *big.Rat {
			v := new(big.Rat)
			if len(n.Children) == 0 {
				return v.Set(n.Payoff)
			}
			for a, c := range n.Children {
				var p *big.Rat
				if n.Player == Chance {
					p = n.Probs[a]
				} else {
					p = prob(n.Player, n, a)
				}
				v.Add(v, new(big.Rat).Mul(p, value(c)))
			}
			return v
		}
		// For each set off its owner's path: the worth of each action.
		type key struct {
			k   int
			set string
		}
		worth := map[key][]*big.Rat{}
		var walk func(n *Node, own, other [2]*big.Rat)
		walk = func(n *Node, own [2]*big.Rat, other [2]*big.Rat) {
			if len(n.Children) == 0 {
				return
			}
			if n.Player != Chance && own[n.Player].Sign() == 0 {
				kk := key{n.Player, n.Infoset}
				if worth[kk] == nil {
					worth[kk] = make([]*big.Rat, len(n.Actions))
					for a := range worth[kk] {
						worth[kk][a] = new(big.Rat)
					}
				}
				for a, c := range n.Children {
					// Chance and the opponent's play weigh the node.
					worth[kk][a].Add(worth[kk][a], new(big.Rat).Mul(other[n.Player], value(c)))
				}
			}
			for a, c := range n.Children {
				nextOwn, nextOther := own, other
				switch n.Player {
				case Chance:
					nextOther = [2]*big.Rat{new(big.Rat).Mul(other[0], n.Probs[a]), new(big.Rat).Mul(other[1], n.Probs[a])}
				default:
					p := prob(n.Player, n, a)
					nextOwn[n.Player] = new(big.Rat).Mul(own[n.Player], p)
					o := 1 - n.Player
					nextOther[o] = new(big.Rat).Mul(other[o], p)
				}
				walk(c, nextOwn, nextOther)
			}
		}
		one := big.NewRat(1, 1)
		walk(root, [2]*big.Rat{one, one}, [2]*big.Rat{one, one})
		if trial == 0 && len(worth) == 0 {
			t.Fatal("Kuhn poker: no information set off its owner's path; the test checks nothing")
		}
		for kk, ws := range worth {
			chosen := -1
			for a, name := range rootActions(root, kk.set) {
				if sol.Strategy[kk.k][kk.set][name].Cmp(one) == 0 {
					chosen = a
				}
			}
			if chosen < 0 {
				t.Fatalf("trial %d: player %d at %s plays %v, not one action", trial, kk.k, kk.set, sol.Strategy[kk.k][kk.set])
			}
			for a := range ws {
				if kk.k == 0 && ws[a].Cmp(ws[chosen]) > 0 || kk.k == 1 && ws[a].Cmp(ws[chosen]) < 0 {
					t.Fatalf("trial %d: player %d at %s plays action %d worth %s; action %d is worth %s", trial, kk.k, kk.set, chosen, ws[chosen].RatString(), a, ws[a].RatString())
				}
			}
		}
		if trial == 0 && sol.Strategy[0]["K:cb"]["call"].Cmp(one) != 0 {
			t.Errorf("Kuhn poker: player 1 holding the king, checked and bet into, calls with %s, want 1", sol.Strategy[0]["K:cb"]["call"].RatString())
		}
	}
}

// rootActions returns the actions of the information set named set.
func rootActions(root *Node, set string) []string {
	if root.Infoset == set && root.Player != Chance {
		return root.Actions
	}
	for _, c := range root.Children {
		if a := rootActions(c, set); a != nil {
			return a
		}
	}
	return nil
}
