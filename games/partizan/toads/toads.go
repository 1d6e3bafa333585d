package toads

import (
	"fmt"
	"iter"
	"strings"

	"github.com/grundy-go/grundy/game"
)

// MaxSquares bounds the length of a strip.
const MaxSquares = 40

// Game is Toads and Frogs; a position is a strip of T, F and '.'.
type Game struct{}

// The capabilities the solvers discover, checked at compile time.
var (
	_ game.Partizan[string]  = Game{}
	_ game.Formatter[string] = Game{}
)

// LeftMoves moves a toad.
func (Game) LeftMoves(p string) iter.Seq[string] { return moves(p, 'T', 'F', 1) }

// RightMoves moves a frog.
func (Game) RightMoves(p string) iter.Seq[string] { return moves(p, 'F', 'T', -1) }

func moves(p string, me, them byte, dir int) iter.Seq[string] {
	return func(yield func(string) bool) {
		for i := 0; i < len(p); i++ {
			if p[i] != me {
				continue
			}
			j := i + dir
			if j >= 0 && j < len(p) && p[j] == '.' {
				if !yield(swap(p, i, j)) {
					return
				}
			} else if k := j + dir; j >= 0 && j < len(p) && p[j] == them && k >= 0 && k < len(p) && p[k] == '.' {
				if !yield(swap(p, i, k)) {
					return
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
