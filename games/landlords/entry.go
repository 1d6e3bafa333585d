package landlords

import (
	"context"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"sync"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/payoffreport"
)

// The catalog's adapter of Landlords: "grundy solve landlords N M" and
// the explorer's guesses, questions and bluffs, read from the largest
// table solved so far.

func init() {
	catalog.Register(catalog.Entry{
		Name:     "landlords",
		Position: "N M: the cards held by the mover and by the opponent (0.." + strconv.Itoa(MaxCards) + ")",
		Summary:  "Landlords: one unknown card lies on the table; a turn guesses it (right wins, wrong loses) or names a card, which the opponent discards if held or denies — naming one's own card is a bluff; value: the mover's winning probability, with the mixed strategy",
		Example:  "solve landlords 1 1 --json",
		Kind:     "chance",
		Make: func(string) (catalog.Instance, error) {
			return instance{}, nil
		},
	})
}

// instance is the catalog's Landlords; its tables are shared (cache).
type instance struct{}

var (
	_ catalog.SuccessorLister = instance{}
	_ catalog.Starter         = instance{}
)

// cache keeps the largest Landlords table solved so far: the table for N
// answers every position with at most N cards a side, with the same
// values (each state depends only on smaller ones), and the explorer asks
// for many positions of one game. It is read-only once solved, so
// look-ups share it; at most one table of (2001)² floats (32 MB) is kept.
var cache struct {
	sync.Mutex
	tab *Table
}

// sharedTable returns a table for at least N cards a side.
func sharedTable(ctx context.Context, N int) (*Table, error) {
	cache.Lock()
	t := cache.tab
	cache.Unlock()
	if t != nil && t.N >= N {
		return t, nil
	}
	t, err := Solve(ctx, N)
	if err != nil {
		return nil, err
	}
	cache.Lock()
	if cache.tab == nil || cache.tab.N < t.N {
		cache.tab = t
	}
	cache.Unlock()
	return t, nil
}

func (instance) Spec() string { return "landlords" }

func (g instance) Solve(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	if opts.Method == catalog.ClosedForm {
		return nil, catalog.RefuseMethod("landlords", catalog.ClosedForm, "landlords has no closed form")
	}
	n, m, _, st, err := solveAt(ctx, tokens, opts)
	if err != nil {
		return nil, err
	}
	r := payoffreport.WinProbability("landlords", catalog.JoinInts([]int{n, m}), st.Win)
	r.Method = fmt.Sprintf("a 3×2 matrix game in each of %d states, solved exactly by the two-line intersection", (max(n, m)+1)*(max(n, m)+1))
	r.Extra = map[string]any{
		"strategy": map[string]float64{
			"guess":             st.Guess,
			"ask":               st.Ask,
			"bluff":             st.Bluff,
			"opponent_believes": st.Believe,
		},
	}
	if m == 0 {
		r.Notes = append(r.Notes, "the opponent holds no cards, so the mover knows the table card and names it")
	} else {
		r.Notes = append(r.Notes, payoffreport.ChanceNote, fmt.Sprintf("mover's mixed strategy: guess the table card %.6f, name an unseen card %.6f, bluff with an own card %.6f; when a named card is denied, the opponent believes it is the table card with probability %.6f", st.Guess, st.Ask, st.Bluff, st.Believe))
	}
	return r, nil
}

// solveAt reads a Landlords position and finds the table that solves it
// and the mover's optimal mix there: what Solve and the explorer's
// Successors both start from.
func solveAt(ctx context.Context, tokens []string, opts catalog.Options) (n, m int, tab *Table, st Strategy, err error) {
	nm, err := catalog.ParseInts(tokens, "card count", 2, 2, MaxCards)
	if err != nil {
		return 0, 0, nil, st, fmt.Errorf("%w (a Landlords position is N M: the cards held by the mover and by the opponent)", err)
	}
	n, m = nm[0], nm[1]
	if states, limit := (max(n, m)+1)*(max(n, m)+1), catalog.StateCap(opts); states > limit {
		return 0, 0, nil, st, budget.Exceed(budget.States, int64(limit), "this position needs a table of %d states, more than the limit of %d", states, limit)
	}
	need := int64(max(n, m)+1) * int64(max(n, m)+1) * 8
	if err = opts.Memory.Charge(need, "the Landlords table"); err != nil {
		return 0, 0, nil, st, err
	}
	defer opts.Memory.Release(need)
	if tab, err = sharedTable(ctx, max(n, m)); err != nil {
		return 0, 0, nil, st, err
	}
	st, err = tab.Strategy(n, m)
	return n, m, tab, st, err
}

// Start is the smallest position where bluffing matters.
func (instance) Start() string { return "1 1" }

// Successors lists the mover's three kinds of move at (N, M): guess the
// table card (right with probability 1/(M+1): a win; else a loss), name
// one of the M+1 cards it cannot see (held by the opponent with
// probability M/(M+1), who discards it and moves at (M−1, N); else it is
// the table card, the opponent denies it and believes it with the
// probability of its optimal mix, guessing it and winning, or calls a
// bluff and loses), or bluff with one of its own N cards (the opponent
// believes it and guesses wrong, or calls the bluff and moves at
// (M, N−1)). Probabilities that involve the opponent's mixed strategy are
// floats; Strategy is the mover's optimal mix (Strategy).
func (g instance) Successors(ctx context.Context, tokens []string, opts catalog.Options, limit int) (*catalog.SuccessorList, error) {
	report, err := g.Solve(ctx, tokens, opts)
	if err != nil {
		return nil, err
	}
	n, m, tab, st, err := solveAt(ctx, tokens, opts)
	if err != nil {
		return nil, err
	}
	list := &catalog.SuccessorList{Report: report, Kind: catalog.MovesPayoff, Complete: true,
		Board: &catalog.Board{Kind: catalog.BoardText, Text: fmt.Sprintf("the mover holds %d cards, the opponent %d; one card lies face down on the table", n, m)}}
	win, lose := catalog.FinalReport(g.Spec(), true), catalog.FinalReport(g.Spec(), false)
	at := func(i, j int) string { return catalog.JoinInts([]int{i, j}) }
	chance := catalog.PlayerChance
	if m == 0 {
		list.Moves = []catalog.Successor{{Move: "name the table card", Final: win, MoverIndex: 1, Strategy: 1.0}}
	} else {
		g1 := big.NewRat(1, int64(m+1))
		gm := big.NewRat(int64(m), int64(m+1))
		pf, _ := g1.Float64()
		ask, bluff, _, canBluff := tab.Matrix(n, m)
		q := st.Believe
		list.Moves = append(list.Moves, catalog.Successor{Move: "guess the table card", MoverIndex: -1, Strategy: st.Guess, Chance: []catalog.Successor{
			{Player: chance, Move: "right", Probability: g1.RatString(), Final: win, MoverIndex: 1},
			{Player: chance, Move: "wrong", Probability: gm.RatString(), Final: lose, MoverIndex: 1},
		}})
		list.Moves = append(list.Moves, catalog.Successor{Move: "name an unseen card", MoverIndex: -1, Strategy: st.Ask,
			MoverValue: q*ask[0] + (1-q)*ask[1], Chance: []catalog.Successor{
				{Player: chance, Move: "the opponent holds it and discards it", Probability: gm.RatString(), Position: at(m-1, n), MoverIndex: 1},
				{Player: chance, Move: "it is the table card: the opponent believes it and guesses it", Probability: pf * q, Final: lose, MoverIndex: 1},
				{Player: chance, Move: "it is the table card: the opponent calls a bluff", Probability: pf * (1 - q), Final: win, MoverIndex: 1},
			}})
		if canBluff {
			list.Moves = append(list.Moves, catalog.Successor{Move: "bluff: name an own card", MoverIndex: -1, Strategy: st.Bluff,
				MoverValue: q*bluff[0] + (1-q)*bluff[1], Chance: []catalog.Successor{
					{Player: chance, Move: "the opponent believes it and guesses it, wrongly", Probability: q, Final: win, MoverIndex: 1},
					{Player: chance, Move: "the opponent calls the bluff; the card is discarded", Probability: 1 - q, Position: at(m, n-1), MoverIndex: 1},
				}})
		}
	}
	list.Solve = func(_ context.Context, p string) (*catalog.Report, error) {
		xs, err := catalog.ParseInts(strings.Fields(p), "card count", 2, 2, tab.N)
		if err != nil {
			return nil, err
		}
		return payoffreport.WinProbability(g.Spec(), catalog.JoinInts(xs), tab.Win(xs[0], xs[1])), nil
	}
	return list, nil
}
