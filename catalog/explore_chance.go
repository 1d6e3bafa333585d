package catalog

import (
	"context"
	"fmt"
	"math/big"
	"math/bits"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/matrix"
)

// The moves of the games with payoffs, chance and hidden information
// (payoff.go), listed through SuccessorLister: each move with the
// position it leaves, solved by the game's own solver, and the move's
// value for the player making it (MoverValue). A move that leads to a
// chance event (Pig's roll, a Landlords guess) lists the event's outcomes
// with their probabilities.

// Start is the position before the first roll.
func (g *pigGame) Start() string { return "0 0 0" }

// Successors lists Pig's two moves at (A, B, T): roll, a chance event
// whose outcome 1 passes the turn with nothing banked (B A 0) and whose
// outcomes 2..6 add to the turn total (A B T+k), each with probability
// 1/6; and hold, which banks the turn total and passes the turn (B A+T 0),
// or wins once A+T reaches the goal. The values are the solver's table:
// MoverValue is Table.Roll and Table.Hold, each position's value
// Table.Win.
func (g *pigGame) Successors(ctx context.Context, tokens []string, opts Options, limit int) (*SuccessorList, error) {
	report, err := g.Solve(ctx, tokens, opts)
	if err != nil {
		return nil, err
	}
	pos, err := ParseInts(strings.Fields(report.Position), "score", 3, 3, 1_000_000)
	if err != nil {
		return nil, err
	}
	tab, err := g.table(ctx, nil)
	if err != nil {
		return nil, err
	}
	a, b, t := pos[0], pos[1], pos[2]
	list := &SuccessorList{Report: report, Kind: MovesPayoff, Complete: true,
		Board: &Board{Kind: BoardText, Text: fmt.Sprintf("the mover has banked %d, the opponent %d; turn total %d (goal %d)", a, b, t, g.goal)}}
	at := func(i, j, k int) string { return JoinInts([]int{i, j, k}) }
	if a+t < g.goal {
		roll := Successor{Move: "roll", MoverIndex: -1, MoverValue: tab.Roll(a, b, t)}
		roll.Chance = append(roll.Chance, Successor{Player: PlayerChance, Move: "1", Probability: "1/6", Position: at(b, a, 0), MoverIndex: 1})
		for k := 2; k <= 6; k++ {
			roll.Chance = append(roll.Chance, Successor{Player: PlayerChance, Move: strconv.Itoa(k), Probability: "1/6", Position: at(a, b, t+k), MoverIndex: 0})
		}
		list.Moves = append(list.Moves, roll,
			Successor{Move: "hold", Position: at(b, a+t, 0), MoverIndex: 1, MoverValue: tab.Hold(a, b, t)})
	} else {
		list.Moves = append(list.Moves, Successor{Move: "hold", Final: FinalReport(g.Spec(), true), MoverIndex: 1})
	}
	list.Solve = func(_ context.Context, p string) (*Report, error) {
		xs, err := ParseInts(strings.Fields(p), "score", 3, 3, 1_000_000)
		if err != nil {
			return nil, err
		}
		if err := tab.Valid(xs[0], xs[1], xs[2]); err != nil {
			return nil, err
		}
		v := tab.Win(xs[0], xs[1], xs[2])
		return &Report{Game: g.Spec(), Position: JoinInts(xs), Outcome: chanceOutcome(v), Value: v, Payoff: []float64{v, 1 - v}}, nil
	}
	return list, nil
}

// Start is the smallest position where bluffing matters.
func (landlordsGame) Start() string { return "1 1" }

// Successors lists the mover's three kinds of move at (N, M): guess the
// table card (right with probability 1/(M+1): a win; else a loss), name
// one of the M+1 cards it cannot see (held by the opponent with
// probability M/(M+1), who discards it and moves at (M−1, N); else it is
// the table card, the opponent denies it and believes it with the
// probability of its optimal mix, guessing it and winning, or calls a
// bluff and loses), or bluff with one of its own N cards (the opponent
// believes it and guesses wrong, or calls the bluff and moves at
// (M, N−1)). Probabilities that involve the opponent's mixed strategy are
// floats; Strategy is the mover's optimal mix (landlords.Strategy).
func (g landlordsGame) Successors(ctx context.Context, tokens []string, opts Options, limit int) (*SuccessorList, error) {
	report, err := g.Solve(ctx, tokens, opts)
	if err != nil {
		return nil, err
	}
	n, m, tab, st, err := landlordsAt(ctx, tokens, opts)
	if err != nil {
		return nil, err
	}
	list := &SuccessorList{Report: report, Kind: MovesPayoff, Complete: true,
		Board: &Board{Kind: BoardText, Text: fmt.Sprintf("the mover holds %d cards, the opponent %d; one card lies face down on the table", n, m)}}
	win, lose := FinalReport(g.Spec(), true), FinalReport(g.Spec(), false)
	at := func(i, j int) string { return JoinInts([]int{i, j}) }
	if m == 0 {
		list.Moves = []Successor{{Move: "name the table card", Final: win, MoverIndex: 1, Strategy: 1.0}}
	} else {
		g1 := big.NewRat(1, int64(m+1))
		gm := big.NewRat(int64(m), int64(m+1))
		pf, _ := g1.Float64()
		ask, bluff, _, canBluff := tab.Matrix(n, m)
		q := st.Believe
		list.Moves = append(list.Moves, Successor{Move: "guess the table card", MoverIndex: -1, Strategy: st.Guess, Chance: []Successor{
			{Player: PlayerChance, Move: "right", Probability: g1.RatString(), Final: win, MoverIndex: 1},
			{Player: PlayerChance, Move: "wrong", Probability: gm.RatString(), Final: lose, MoverIndex: 1},
		}})
		list.Moves = append(list.Moves, Successor{Move: "name an unseen card", MoverIndex: -1, Strategy: st.Ask,
			MoverValue: q*ask[0] + (1-q)*ask[1], Chance: []Successor{
				{Player: PlayerChance, Move: "the opponent holds it and discards it", Probability: gm.RatString(), Position: at(m-1, n), MoverIndex: 1},
				{Player: PlayerChance, Move: "it is the table card: the opponent believes it and guesses it", Probability: pf * q, Final: lose, MoverIndex: 1},
				{Player: PlayerChance, Move: "it is the table card: the opponent calls a bluff", Probability: pf * (1 - q), Final: win, MoverIndex: 1},
			}})
		if canBluff {
			list.Moves = append(list.Moves, Successor{Move: "bluff: name an own card", MoverIndex: -1, Strategy: st.Bluff,
				MoverValue: q*bluff[0] + (1-q)*bluff[1], Chance: []Successor{
					{Player: PlayerChance, Move: "the opponent believes it and guesses it, wrongly", Probability: q, Final: win, MoverIndex: 1},
					{Player: PlayerChance, Move: "the opponent calls the bluff; the card is discarded", Probability: 1 - q, Position: at(m, n-1), MoverIndex: 1},
				}})
		}
	}
	list.Solve = func(_ context.Context, p string) (*Report, error) {
		xs, err := ParseInts(strings.Fields(p), "card count", 2, 2, tab.N)
		if err != nil {
			return nil, err
		}
		v := tab.Win(xs[0], xs[1])
		return &Report{Game: g.Spec(), Position: JoinInts(xs), Outcome: chanceOutcome(v), Value: v, Payoff: []float64{v, 1 - v}}, nil
	}
	return list, nil
}

// Start is the deal.
func (kuhnGame) Start() string { return "deal" }

// Successors walks Kuhn poker's game tree. A position is the deal ("" or
// "deal") or the cards dealt, player 1's first ("KQ"), followed by the
// actions so far ("KQ check bet call"). The values are expectations under
// the optimal strategies found by the sequence-form LP (the same solution
// as Solve's): at the deal, player 1's; at a player's turn, that player's.
// Strategy is the optimal probability of each action.
func (g kuhnGame) Successors(ctx context.Context, tokens []string, opts Options, limit int) (*SuccessorList, error) {
	k, root, node, path, err := kuhnAt(ctx, tokens, opts)
	if err != nil {
		return nil, err
	}
	sol, expect, report := k.sol, k.expect, k.report
	list := &SuccessorList{Report: report(node, path), Kind: MovesPayoff, Complete: true}
	list.Board = &Board{Kind: BoardText, Text: list.Report.Position}
	if node.Player == matrix.Chance && len(node.Children) > 0 {
		list.Kind = MovesChance
	}
	for i, c := range node.Children {
		label := ""
		s := Successor{MoverIndex: -1}
		if node.Player == matrix.Chance {
			label = kuhnDeal(c)
			s.Player, s.Probability = PlayerChance, node.Probs[i].RatString()
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
	list.Solve = func(_ context.Context, p string) (*Report, error) {
		n, path, err := kuhnNode(root, strings.Fields(p))
		if err != nil {
			return nil, err
		}
		return report(n, path), nil
	}
	return list, nil
}

// kuhnDeal names the deal that leads to n: player 1's card, then player 2's.
func kuhnDeal(n *matrix.Node) string {
	// n is player 1's first decision; its infoset is player 1's card, and
	// after a check player 2's infoset is "card:c".
	p2, _, _ := strings.Cut(n.Children[0].Infoset, ":")
	return n.Infoset + p2
}

// kuhnNode follows a position (the deal, then actions) down the tree.
func kuhnNode(root *matrix.Node, words []string) (*matrix.Node, string, error) {
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
			if n.Player == matrix.Chance && strings.EqualFold(kuhnDeal(c), w) || n.Player != matrix.Chance && n.Actions[j] == strings.ToLower(w) {
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
			path = append(path, kuhnDeal(n.Children[found]))
		} else {
			path = append(path, n.Actions[found])
		}
		n = n.Children[found]
	}
	return n, strings.Join(path, " "), nil
}

// Successors lists the shirts the player to move may delete. A position
// may carry the shirts deleted so far ("3 1 2 / 1 2 3 / 2 3 1 / deleted
// 2"); each position is solved as Solve solves it (tshirtsReport), and
// the payoff vectors run from the player to move, so the player who
// deleted is the last entry of the vector of the position left.
func (g tshirtsGame) Successors(ctx context.Context, tokens []string, opts Options, limit int) (*SuccessorList, error) {
	if opts.Method == ClosedForm {
		return nil, fmt.Errorf("tshirts has no closed form; drop --method closed")
	}
	tg, pos, err := tshirtsPosition(tokens)
	if err != nil {
		return nil, err
	}
	report, err := tshirtsReport(ctx, tg, pos, opts)
	if err != nil {
		return nil, err
	}
	list := &SuccessorList{Report: report, Kind: MovesPayoff, Complete: true, Board: &Board{Kind: BoardText, Text: "shirts left: " + tg.Format(pos)}}
	for q := range tg.Moves(pos) {
		gone := pos &^ q
		list.Moves = append(list.Moves, Successor{Move: "delete " + strconv.Itoa(bits.TrailingZeros32(uint32(gone))+1), Position: tshirtsFormat(tg, q), MoverIndex: 2})
	}
	list.Solve = func(ctx context.Context, p string) (*Report, error) {
		g2, q, err := tshirtsPosition(strings.Fields(p))
		if err != nil {
			return nil, err
		}
		return tshirtsReport(ctx, g2, q, opts)
	}
	return list, nil
}
