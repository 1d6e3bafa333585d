// Package kuhn defines Kuhn poker (H. W. Kuhn, "A simplified two-person
// poker", Contributions to the Theory of Games I, 1950) as a game tree with
// imperfect information for the sequence-form solver of package matrix.
//
// Three cards J < Q < K; each player antes 1 and is dealt one card, the
// third stays hidden. Player 1 (index 0) checks or bets 1. After a check,
// player 2 checks (showdown for the antes) or bets 1, and player 1 then
// folds or calls (showdown for 2). After a bet, player 2 folds or calls
// (showdown for 2). Kuhn proved the game's value is −1/18 for player 1:
// the first player to act is at a disadvantage, and optimal play bluffs
// with the jack.
//
// Information sets are named by the player's card and the betting so far:
// "J" (player 1 to open with the jack), "Q:c" (player 2 with the queen
// after a check), "K:b" (player 2 facing a bet), "J:cb" (player 1 facing a
// bet after checking).
package kuhn

import (
	"math/big"

	"github.com/grundy-go/grundy/matrix"
)

// Cards names the three cards, lowest first.
var Cards = []string{"J", "Q", "K"}

// Tree returns the game tree of Kuhn poker; payoffs are to player 1.
func Tree() *matrix.Node {
	leaf := func(v int64) *matrix.Node { return &matrix.Node{Payoff: big.NewRat(v, 1)} }
	show := func(c0, c1 int, stake int64) *matrix.Node {
		if c0 > c1 {
			return leaf(stake)
		}
		return leaf(-stake)
	}
	deal := &matrix.Node{Player: matrix.Chance}
	for c0 := range Cards {
		for c1 := range Cards {
			if c0 == c1 {
				continue
			}
			a, b := Cards[c0], Cards[c1]
			callOrFold := &matrix.Node{Player: 0, Infoset: a + ":cb", Actions: []string{"fold", "call"},
				Children: []*matrix.Node{leaf(-1), show(c0, c1, 2)}}
			afterCheck := &matrix.Node{Player: 1, Infoset: b + ":c", Actions: []string{"check", "bet"},
				Children: []*matrix.Node{show(c0, c1, 1), callOrFold}}
			afterBet := &matrix.Node{Player: 1, Infoset: b + ":b", Actions: []string{"fold", "call"},
				Children: []*matrix.Node{leaf(1), show(c0, c1, 2)}}
			deal.Children = append(deal.Children, &matrix.Node{Player: 0, Infoset: a, Actions: []string{"check", "bet"},
				Children: []*matrix.Node{afterCheck, afterBet}})
			deal.Probs = append(deal.Probs, big.NewRat(1, 6))
		}
	}
	return deal
}
