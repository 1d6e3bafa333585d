package pursuit

import (
	"fmt"
	"iter"
	"strconv"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/outcome"
)

// MaxNodes bounds the graph: the problem allows 100 nodes; larger graphs
// are accepted up to this bound (2·MaxNodes² positions).
const MaxNodes = 1000

// Game is a pursuit game on a graph, with its starting position.
type Game struct {
	adj   [][]int32 // 0-based
	start Pos
}

// The capabilities the solvers discover, checked at compile time.
var (
	_ game.Enumerable[Pos] = (*Game)(nil)
	_ game.Terminal[Pos]   = (*Game)(nil)
	_ game.Endless[Pos]    = (*Game)(nil)
	_ game.Formatter[Pos]  = (*Game)(nil)
)

// Pos is a position: the nodes of Alice's and Bob's tokens (0-based) and
// whose turn it is.
type Pos struct {
	Alice, Bob int32
	BobToMove  bool
}

// New returns the game on n nodes with the given edges (0-based pairs),
// Alice starting at x and Bob at y, Bob to move.
func New(n int, edges [][2]int32, x, y int32) (*Game, error) {
	if n < 1 || n > MaxNodes {
		return nil, fmt.Errorf("%d nodes: must be between 1 and %d", n, MaxNodes)
	}
	g := &Game{adj: make([][]int32, n)}
	for _, e := range edges {
		if e[0] < 0 || int(e[0]) >= n || e[1] < 0 || int(e[1]) >= n {
			return nil, fmt.Errorf("edge %d %d: node out of range", e[0]+1, e[1]+1)
		}
		g.adj[e[0]] = append(g.adj[e[0]], e[1])
	}
	if x < 0 || int(x) >= n || y < 0 || int(y) >= n {
		return nil, fmt.Errorf("start %d %d: node out of range", x+1, y+1)
	}
	if x == y {
		return nil, fmt.Errorf("start %d %d: the tokens must start on different nodes", x+1, y+1)
	}
	g.start = Pos{Alice: x, Bob: y, BobToMove: true}
	return g, nil
}

// Nodes returns the number of nodes.
func (g *Game) Nodes() int { return len(g.adj) }

// Start returns the starting position.
func (g *Game) Start() Pos { return g.start }

// Moves yields the positions after each move of the player to move. A
// position where the tokens meet has none: the game is over.
func (g *Game) Moves(p Pos) iter.Seq[Pos] {
	return func(yield func(Pos) bool) {
		if p.Alice == p.Bob {
			return
		}
		if p.BobToMove {
			for _, w := range g.adj[p.Bob] {
				if !yield(Pos{Alice: p.Alice, Bob: w}) {
					return
				}
			}
			return
		}
		for _, w := range g.adj[p.Alice] {
			if !yield(Pos{Alice: w, Bob: p.Bob, BobToMove: true}) {
				return
			}
		}
	}
}

// Positions yields every position: both tokens anywhere, either to move.
func (g *Game) Positions() iter.Seq[Pos] {
	return func(yield func(Pos) bool) {
		n := int32(len(g.adj))
		for a := range n {
			for b := range n {
				for _, bob := range []bool{true, false} {
					if !yield(Pos{Alice: a, Bob: b, BobToMove: bob}) {
						return
					}
				}
			}
		}
	}
}

// TerminalOutcome: when the tokens have met Bob has lost; otherwise the
// player to move is stuck and has lost.
func (g *Game) TerminalOutcome(p Pos) outcome.Outcome {
	if p.Alice == p.Bob && !p.BobToMove {
		return outcome.N // Alice to move, and Bob has lost
	}
	return outcome.P
}

// EndlessOutcome: endless play is Alice's loss.
func (g *Game) EndlessOutcome(p Pos) outcome.Outcome {
	if p.BobToMove {
		return outcome.N
	}
	return outcome.P
}

// Format writes a position with 1-based nodes, as in the problem's input.
func (g *Game) Format(p Pos) string {
	turn := "alice"
	if p.BobToMove {
		turn = "bob"
	}
	return "alice=" + strconv.Itoa(int(p.Alice)+1) + " bob=" + strconv.Itoa(int(p.Bob)+1) + " turn=" + turn
}
