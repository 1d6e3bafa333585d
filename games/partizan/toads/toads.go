package toads

import (
	"fmt"
	"iter"
	"strings"

	"github.com/grundy-go/grundy/game"
)

// MaxSquares bounds the length of a strip.
const MaxSquares = 40

// Game is Toads and Frogs, or CGSuite's generalised Toads and Frogs
// (GenToadsAndFrogs(maxJump)): a piece jumps over up to maxJump opposing
// pieces in a row into the empty square beyond; Elephants and Rhinos is
// maxJump 0 (no jumps). A position is a strip of T, F and '.'.
type Game struct{ maxJump int }

// Standard is Toads and Frogs: a jump passes over one piece.
var Standard = Game{maxJump: 1}

// Gen is the generalised game whose jumps pass over up to maxJump pieces.
func Gen(maxJump int) Game { return Game{maxJump: maxJump} }

// MaxJump is the most pieces a jump passes over.
func (g Game) MaxJump() int { return g.maxJump }

// The capabilities the solvers discover, checked at compile time.
var (
	_ game.Partizan[string]  = Game{}
	_ game.Formatter[string] = Game{}
)

// LeftMoves moves a toad.
func (g Game) LeftMoves(p string) iter.Seq[string] { return g.moves(p, 'T', 'F', 1) }

// RightMoves moves a frog.
func (g Game) RightMoves(p string) iter.Seq[string] { return g.moves(p, 'F', 'T', -1) }

// moves slides a piece into the empty square ahead, or jumps it over
// k = 1 … maxJump opposing pieces into the empty square just beyond them.
func (g Game) moves(p string, me, them byte, dir int) iter.Seq[string] {
	return func(yield func(string) bool) {
		for i := 0; i < len(p); i++ {
			if p[i] != me {
				continue
			}
			for k := 1; k <= g.maxJump+1; k++ {
				j := i + k*dir
				if j < 0 || j >= len(p) {
					break
				}
				if p[j] == '.' {
					if !yield(swap(p, i, j)) {
						return
					}
					break
				}
				if p[j] != them {
					break
				}
			}
		}
	}
}

func swap(p string, i, j int) string {
	b := []byte(p)
	b[i], b[j] = b[j], b[i]
	return string(b)
}

// Format writes the strip.
func (Game) Format(p string) string { return p }

// Parse reads strips of T, F and . (several tokens make a sum).
func Parse(tokens []string) ([]string, error) {
	var out []string
	for _, tok := range tokens {
		for _, f := range strings.Fields(tok) {
			f = strings.ToUpper(f)
			for i := 0; i < len(f); i++ {
				if c := f[i]; c != 'T' && c != 'F' && c != '.' {
					return nil, fmt.Errorf("bad strip %q: square %d is %q; use T (toad, Left), F (frog, Right) and . (empty)", f, i+1, c)
				}
			}
			if len(f) > MaxSquares {
				return nil, fmt.Errorf("bad strip %q: at most %d squares", f, MaxSquares)
			}
			out = append(out, f)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no strip given: write it with T, F and ., e.g. TT..FF")
	}
	return out, nil
}
