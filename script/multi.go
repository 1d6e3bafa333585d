package script

import (
	"context"
	"fmt"
	"iter"
	"math/big"
	"strings"

	"go.starlark.net/starlark"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/outcome"
	"github.com/grundy-go/grundy/retro"
)

// chanceOutcomes asks chance(pos). It appends the outcomes to g.succ and
// returns their probabilities, or nil when pos is not a chance position.
func (g *Game) chanceOutcomes(v starlark.Value) ([]*big.Rat, error) {
	r, err := g.call(g.chanceFn, v)
	if err != nil {
		return nil, err
	}
	bad := func(msg string) error { return g.resultError(g.chanceFn, v, msg) }
	type pair struct{ w, q starlark.Value }
	var pairs []pair
	switch r := r.(type) {
	case starlark.NoneType:
		return nil, nil
	case *starlark.Dict:
		for _, kv := range r.Items() {
			pairs = append(pairs, pair{kv[1], kv[0]})
		}
	case starlark.Iterable:
		it := r.Iterate()
		var x starlark.Value
		for i := 0; it.Next(&x); i++ {
			t, ok := x.(starlark.Tuple)
			if !ok || len(t) != 2 {
				it.Done()
				return nil, bad(fmt.Sprintf("returned %s at index %d; expected (weight, position) pairs", describe(x), i))
			}
			pairs = append(pairs, pair{t[0], t[1]})
		}
		it.Done()
	default:
		return nil, bad(fmt.Sprintf("returned %s; expected None, or a list of (weight, position) pairs", article(r.Type())))
	}
	if len(pairs) == 0 {
		return nil, nil
	}
	total := new(big.Rat)
	probs := make([]*big.Rat, len(pairs))
	for i, pr := range pairs {
		w, err := toRat(pr.w)
		if err != nil || w.Sign() <= 0 {
			return nil, bad(fmt.Sprintf("gave the weight %s to an outcome; weights are positive numbers (ints, floats or \"a/b\" strings)", describe(pr.w)))
		}
		probs[i] = w
		total.Add(total, w)
		id, err := g.Intern(pr.q)
		if err != nil {
			if pe, ok := err.(*positionError); ok {
				return nil, g.resultError(g.chanceFn, v, fmt.Sprintf("returned a non-position outcome at index %d: %s", i, pe.Error()), pe)
			}
			return nil, err
		}
		g.succ = append(g.succ, id)
	}
	for _, p := range probs {
		p.Quo(p, total)
	}
	return probs, nil
}

// toRat converts a Starlark number (int, float) or a string "a/b" to an
// exact rational; floats convert exactly, NaN and infinities are errors.
func toRat(v starlark.Value) (*big.Rat, error) {
	switch v := v.(type) {
	case starlark.Int:
		return new(big.Rat).SetInt(v.BigInt()), nil
	case starlark.Float:
		r := new(big.Rat).SetFloat64(float64(v))
		if r == nil {
			return nil, fmt.Errorf("%s is not a finite number", v)
		}
		return r, nil
	case starlark.String:
		s := strings.TrimSpace(string(v))
		if len(s) > 1000 {
			return nil, fmt.Errorf("number too long")
		}
		r, ok := new(big.Rat).SetString(s)
		if !ok {
			return nil, fmt.Errorf("%q is not a number", s)
		}
		return r, nil
	}
	return nil, fmt.Errorf("a %s is not a number", v.Type())
}

// Multi is the game for the payoff solver (package payoff): a
// game.Multiplayer, and a game.Stochastic when the script has chance
// positions. Players are numbered 0, 1, … as the script's to_move and
// payoff number them.
type Multi struct{ g *Game }

// Multi returns the payoff view of the game.
func (g *Game) Multi() *Multi { return &Multi{g} }

// Moves yields the positions the player to move may move to.
func (m *Multi) Moves(p Pos) iter.Seq[Pos] {
	return func(yield func(Pos) bool) {
		if m.g.nodes[p].mover == -1 {
			return
		}
		for _, q := range m.g.successors(p) {
			if !yield(q) {
				return
			}
		}
	}
}

// Players is the script's players.
func (m *Multi) Players() int { return m.g.players }

// ToMove asks to_move(pos), or reports game.Chance for a chance position.
func (m *Multi) ToMove(p Pos) int {
	g := m.g
	if !g.expand(p) {
		return 0
	}
	if mv := g.nodes[p].mover; mv != -2 {
		return int(mv)
	}
	who := 0
	if g.toMoveFn != nil {
		v := g.nodes[p].val
		r, err := g.call(g.toMoveFn, v)
		if err != nil {
			g.fail(err)
			return 0
		}
		n, err := starlark.AsInt32(r)
		if err != nil || n < 0 || n >= g.players {
			g.fail(g.resultError(g.toMoveFn, v, fmt.Sprintf("returned %s; expected a player number from 0 to %d", describe(r), g.players-1)))
			return 0
		}
		who = n
	}
	g.nodes[p].mover = int16(who)
	return who
}

// Outcomes yields the outcomes of a chance position with their
// probabilities (the script's weights, normalised to sum to 1).
func (m *Multi) Outcomes(p Pos) iter.Seq2[Pos, *big.Rat] {
	return func(yield func(Pos, *big.Rat) bool) {
		if !m.g.expand(p) {
			return
		}
		probs := m.g.probs[p]
		for i, q := range m.g.successors(p) {
			if i < len(probs) && !yield(q, probs[i]) {
				return
			}
		}
	}
}

// Payoff asks payoff(pos) at a terminal position. Without payoff(pos), a
// two-player game pays 1 to the winner and 0 to the loser (½ each for a
// draw) by the terminal rules of Normal.
func (m *Multi) Payoff(p Pos) []*big.Rat {
	g := m.g
	out := make([]*big.Rat, g.players)
	for i := range out {
		out[i] = new(big.Rat)
	}
	if g.err != nil {
		return out // the search is being abandoned
	}
	v := g.nodes[p].val
	if g.payoffFn == nil {
		who := m.ToMove(p)
		var mine *big.Rat
		switch g.nodes[p].term {
		case termWin:
			mine = big.NewRat(1, 1)
		case termLoss:
			mine = new(big.Rat)
		case termDraw:
			mine = big.NewRat(1, 2)
		default:
			mine = new(big.Rat)
			if g.misere {
				mine.SetInt64(1)
			}
		}
		if g.players == 1 {
			out[0] = mine
			return out
		}
		out[who] = mine
		out[1-who] = new(big.Rat).Sub(big.NewRat(1, 1), mine)
		return out
	}
	r, err := g.call(g.payoffFn, v)
	if err != nil {
		g.fail(err)
		return out
	}
	var xs []starlark.Value
	switch r := r.(type) {
	case starlark.Int, starlark.Float, starlark.String:
		if g.players > 2 {
			g.fail(g.resultError(g.payoffFn, v, fmt.Sprintf("returned the number %s; with %d players it must return a tuple of %d numbers, one per player", r, g.players, g.players)))
			return out
		}
		xs = []starlark.Value{r}
	case starlark.Tuple:
		xs = r
	case *starlark.List:
		for i := range r.Len() {
			xs = append(xs, r.Index(i))
		}
	default:
		g.fail(g.resultError(g.payoffFn, v, fmt.Sprintf("returned %s; expected a tuple of %d numbers, one per player", article(r.Type()), g.players)))
		return out
	}
	if len(xs) == 1 && g.players == 2 {
		// A zero-sum game: the number is player 0's, player 1 gets its
		// opposite.
		x, err := toRat(xs[0])
		if err != nil {
			g.fail(g.resultError(g.payoffFn, v, "returned a bad payoff: "+err.Error()))
			return out
		}
		out[0], out[1] = x, new(big.Rat).Neg(x)
		return out
	}
	if len(xs) != g.players {
		g.fail(g.resultError(g.payoffFn, v, fmt.Sprintf("returned %d numbers for %d players", len(xs), g.players)))
		return out
	}
	for i, x := range xs {
		q, err := toRat(x)
		if err != nil {
			g.fail(g.resultError(g.payoffFn, v, fmt.Sprintf("returned a bad payoff for player %d: %s", i, err)))
			return out
		}
		out[i] = q
	}
	return out
}

// Format writes a position.
func (m *Multi) Format(p Pos) string { return m.g.Format(p) }

// Loopy is the game for retrograde analysis (package retro): the positions
// reachable from a root, with the script's terminal verdicts. Endless play
// is a draw.
type Loopy struct {
	g         *Game
	positions []Pos
	pure      bool // normal play: every end is lost for the player to move
}

// Loopy explores every position reachable from root (breadth first) and
// returns the game restricted to them.
func (g *Game) Loopy(ctx context.Context, root Pos) (*Loopy, error) {
	l := &Loopy{g: g, pure: !g.misere}
	err := g.Run(ctx, func(ctx context.Context) error {
		seen := map[Pos]bool{root: true}
		l.positions = append(l.positions, root)
		for i := 0; i < len(l.positions); i++ {
			if i&0xfff == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			succ := g.successors(l.positions[i])
			if t := g.nodes[l.positions[i]].term; t == termWin || t == termDraw {
				l.pure = false
			}
			for _, q := range succ {
				if !seen[q] {
					seen[q] = true
					l.positions = append(l.positions, q)
				}
			}
			if g.err != nil {
				return g.err
			}
		}
		return nil
	})
	return l, err
}

// Positions yields the reachable positions.
func (l *Loopy) Positions() iter.Seq[Pos] {
	return func(yield func(Pos) bool) {
		for _, p := range l.positions {
			if !yield(p) {
				return
			}
		}
	}
}

// Moves yields the successors of p.
func (l *Loopy) Moves(p Pos) iter.Seq[Pos] {
	return func(yield func(Pos) bool) {
		for _, q := range l.g.successors(p) {
			if !yield(q) {
				return
			}
		}
	}
}

// TerminalOutcome is the verdict at a position without moves, for the
// player to move there.
func (l *Loopy) TerminalOutcome(p Pos) outcome.Outcome {
	switch l.g.nodes[p].term {
	case termWin:
		return outcome.N
	case termLoss:
		return outcome.P
	case termDraw:
		return outcome.D
	}
	if l.g.misere {
		return outcome.N
	}
	return outcome.P
}

// Format writes a position.
func (l *Loopy) Format(p Pos) string { return l.g.Format(p) }

// Len is the number of reachable positions.
func (l *Loopy) Len() int { return len(l.positions) }

// Pure reports whether the game is played under the normal rule alone
// (no misère, no end won or drawn by the rules), so that generalized
// Sprague–Grundy values describe it.
func (l *Loopy) Pure() bool { return l.pure }

// Graph returns the reachable positions' game graph in the form of
// package retro (node v is Positions' v-th position), and the node of each
// position.
func (l *Loopy) Graph() (*retro.CSR, map[Pos]int32, error) {
	index := make(map[Pos]int32, len(l.positions))
	for v, p := range l.positions {
		index[p] = int32(v)
	}
	g, err := retro.Build(len(l.positions), func(yield func(from, to int32) bool) {
		for v, p := range l.positions {
			for _, q := range l.g.successors(p) {
				if !yield(int32(v), index[q]) {
					return
				}
			}
		}
	})
	return g, index, err
}

var (
	_ game.Stochastic[Pos] = (*Multi)(nil)
	_ game.Enumerable[Pos] = (*Loopy)(nil)
	_ game.Terminal[Pos]   = (*Loopy)(nil)
	_ game.Splitting[Pos]  = (*splitNormal)(nil)
	_ game.Splitter[Pos]   = (*splitNormal)(nil)
	_ game.Ranker[Pos]     = (*Normal)(nil)
)
