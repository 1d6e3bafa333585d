package retro

import (
	"context"
	"fmt"
	"iter"
	"unsafe"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/outcome"
)

// DefaultMaxStates bounds the positions SolveGame enumerates unless
// GameOptions.MaxStates says otherwise.
const DefaultMaxStates = 20_000_000

// GameOptions tune SolveGame.
type GameOptions struct {
	// MaxStates bounds the number of positions; 0 means DefaultMaxStates.
	MaxStates int
	// Memory, if not nil, is charged for the positions, their index and
	// the graph of moves as they are enumerated (in steps of 4096
	// positions); past it SolveGame stops with its *budget.Exceeded
	// (Resource Memory). What is charged stays charged while the Table
	// lives.
	Memory *budget.Bytes
	// Progress, if not nil, is called now and then with a count of work
	// done and the total.
	Progress func(done, total int)
}

// Table is a game solved by retrograde analysis: the outcome and
// remoteness of every position.
type Table[P comparable] struct {
	g         game.Game[P]
	positions []P
	index     map[P]int32
	succ      *CSR
	res       *Result
}

// SolveGame enumerates the positions of g, builds its game graph and solves
// it. The rules for terminal positions and for endless play come from
// game.Terminal and game.Endless when g implements them (normal play and
// draws otherwise). It is an error for a move to reach a position that
// Positions does not list.
func SolveGame[P comparable](ctx context.Context, g game.Enumerable[P], opts GameOptions) (*Table[P], error) {
	return solveGame(ctx, g, g.Positions(), nil, opts)
}

// SolveFrom solves every position of g reachable from root, as
// SolveGame solves a listed game: the positions are found breadth first
// from root in the order Moves yields them, the table's list itself the
// queue and its index the set of positions seen, so no second set of
// them is kept (Quixo's own listing kept both again, uncharged: 4×4
// Quixo under a 128 MiB budget reached 235 MiB), and each position's
// moves are generated once, as its arcs are stored.
func SolveFrom[P comparable](ctx context.Context, g game.Game[P], root P, opts GameOptions) (*Table[P], error) {
	return solveGame(ctx, g, nil, &root, opts)
}

// solveGame is SolveGame on the positions listed, or SolveFrom from
// root when root is not nil.
func solveGame[P comparable](ctx context.Context, g game.Game[P], listed iter.Seq[P], root *P, opts GameOptions) (*Table[P], error) {
	limit := opts.MaxStates
	if limit <= 0 {
		limit = DefaultMaxStates
	}
	limit = min(limit, MaxNodes)
	t := &Table[P]{g: g, index: map[P]int32{}}
	add := func(p P) error {
		if len(t.positions) >= limit {
			return budget.Exceed(budget.States, int64(limit), "the game has more than %d positions", limit)
		}
		if len(t.positions)%4096 == 0 {
			// A position in the list and the index, and the solver's
			// arrays (the arcs are charged below).
			per := 2*int64(unsafe.Sizeof(p)) + 96
			if err := opts.Memory.Charge(4096*per, "the retrograde analysis's table of positions"); err != nil {
				return err
			}
		}
		t.index[p] = int32(len(t.positions))
		t.positions = append(t.positions, p)
		return nil
	}
	rooted := root != nil
	if rooted {
		// The rest are found by the loop below (SolveFrom).
		if err := add(*root); err != nil {
			return nil, err
		}
	} else {
		for p := range listed {
			if _, dup := t.index[p]; dup {
				return nil, fmt.Errorf("retro: Positions lists %s twice", t.Format(p))
			}
			if err := add(p); err != nil {
				return nil, err
			}
		}
	}
	off := []int64{0}
	var adj []int32
	// The arcs, 4 bytes each, are charged as adj's capacity grows (what
	// it holds, not what it uses: its growth copies), and 4 more each for
	// the reverse graph before it is made. The charge per position above
	// has room for a few arcs only: Quixo 4×4, about 30 moves a position,
	// reached 1.83 times a 128 MiB budget before they were charged.
	var arcsCharged int64
	const arcsWhat = "the retrograde analysis's graph of moves"
	for v := 0; v < len(t.positions); v++ { // a rooted game's list grows as it goes
		if v&0xfff == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		p := t.positions[v]
		for q := range g.Moves(p) {
			w, ok := t.index[q]
			if !ok {
				if !rooted {
					return nil, fmt.Errorf("retro: the move %s → %s reaches a position that Positions does not list", t.Format(p), t.Format(q))
				}
				if err := add(q); err != nil {
					return nil, err
				}
				w = int32(len(t.positions) - 1)
			}
			adj = append(adj, w)
		}
		off = append(off, int64(len(adj)))
		if c := int64(cap(adj)); c > arcsCharged {
			if err := opts.Memory.Charge(4*(c-arcsCharged), arcsWhat); err != nil {
				return nil, err
			}
			arcsCharged = c
		}
	}
	if err := opts.Memory.Charge(4*int64(len(adj)), arcsWhat); err != nil {
		return nil, err
	}
	n := len(t.positions)
	t.succ = &CSR{Off: off, Adj: adj}
	prob := &Problem{Pred: t.succ.Transpose(), Moves: t.succ.Degrees()}
	if term, ok := g.(game.Terminal[P]); ok {
		prob.Terminal = func(v int32) outcome.Outcome { return term.TerminalOutcome(t.positions[v]) }
	}
	if end, ok := g.(game.Endless[P]); ok {
		verdict := make([]outcome.Outcome, n)
		for v, p := range t.positions {
			switch verdict[v] = end.EndlessOutcome(p); verdict[v] {
			case outcome.N, outcome.P, outcome.D:
			default:
				return nil, fmt.Errorf("retro: the endless verdict at %s is %v; want N, P or D", t.Format(p), verdict[v])
			}
		}
		flip := [...]outcome.Outcome{outcome.N: outcome.P, outcome.P: outcome.N, outcome.D: outcome.D}
		for u := range n {
			for _, v := range t.succ.Out(int32(u)) {
				if verdict[v] != flip[verdict[u]] {
					return nil, fmt.Errorf("retro: inconsistent endless verdicts: %v at %s but %v after the move to %s (the verdict must swap N and P along a move)",
						verdict[u], t.Format(t.positions[u]), verdict[v], t.Format(t.positions[v]))
				}
			}
		}
		prob.Endless = func(v int32) outcome.Outcome { return verdict[v] }
	}
	res, err := Solve(ctx, prob, Options{Progress: opts.Progress})
	if err != nil {
		return nil, err
	}
	t.res = res
	return t, nil
}

// Len returns the number of positions.
func (t *Table[P]) Len() int { return len(t.positions) }

// Position returns the position numbered v, 0 <= v < Len().
func (t *Table[P]) Position(v int) P { return t.positions[v] }

// Result returns the solution indexed by position number.
func (t *Table[P]) Result() *Result { return t.res }

// Format writes p in the game's notation.
func (t *Table[P]) Format(p P) string {
	if f, ok := t.g.(game.Formatter[P]); ok {
		return f.Format(p)
	}
	return fmt.Sprint(p)
}

// Lookup returns the outcome and remoteness of p (NoRemoteness for draws
// and positions decided by endless play); ok is false for a position the
// game does not list.
func (t *Table[P]) Lookup(p P) (o outcome.Outcome, remoteness uint32, ok bool) {
	v, ok := t.index[p]
	if !ok {
		return outcome.Unknown, 0, false
	}
	return t.res.Outcome[v], t.res.Remoteness[v], true
}

// DrawingMoves returns the moves from p, in the game's order, to drawn
// positions when p is drawn (outcome D): the moves that keep the draw,
// there being no winning one; nil for a decided p.
func (t *Table[P]) DrawingMoves(p P) []P { return t.movesTo(p, outcome.D, outcome.D) }

// WinningMoves returns the moves from p, in the game's order, to positions
// that are lost for the player to move there; there are some exactly when
// p is won (outcome N).
func (t *Table[P]) WinningMoves(p P) []P { return t.movesTo(p, outcome.N, outcome.P) }

// movesTo returns the moves from p, in the game's order, to positions of
// outcome to when p's outcome is from.
func (t *Table[P]) movesTo(p P, from, to outcome.Outcome) []P {
	v, ok := t.index[p]
	if !ok || t.res.Outcome[v] != from {
		return nil
	}
	var out []P
	for _, w := range t.succ.Out(v) {
		if t.res.Outcome[w] == to {
			out = append(out, t.positions[w])
		}
	}
	return out
}
