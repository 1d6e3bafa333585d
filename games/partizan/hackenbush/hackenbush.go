package hackenbush

import (
	"fmt"
	"iter"
	"strings"

	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/game"
)

// MaxEdges bounds the length of one stalk (the sign expansion of a longer
// one needs denominators beyond cgt's exact numbers).
const MaxEdges = 40

// Stalks is the game; a position is one stalk as a string of 'l' and 'r'.
type Stalks struct{}

// The capabilities the solvers discover, checked at compile time.
var (
	_ game.Partizan[string]          = Stalks{}
	_ game.Formatter[string]         = Stalks{}
	_ game.PartizanSplitting[string] = Trees{}
	_ game.Formatter[string]         = Trees{}
)

// LeftMoves cuts one of Left's edges: the stalk keeps what is below it.
func (Stalks) LeftMoves(p string) iter.Seq[string] { return cuts(p, 'l') }

// RightMoves cuts one of Right's edges.
func (Stalks) RightMoves(p string) iter.Seq[string] { return cuts(p, 'r') }

func cuts(p string, c byte) iter.Seq[string] {
	return func(yield func(string) bool) {
		for i := 0; i < len(p); i++ {
			if p[i] == c && !yield(p[:i]) {
				return
			}
		}
	}
}

// Format writes a stalk; the empty stalk is "-".
func (Stalks) Format(p string) string {
	if p == "" {
		return "-"
	}
	return p
}

// Parse reads a picture: stalks separated by spaces (or given as several
// tokens), each a string of l (Left, blue) and r (Right, red) from the
// ground up; b and B are accepted for blue, and "-" for an empty stalk.
func Parse(tokens []string) ([]string, error) {
	var out []string
	for _, tok := range tokens {
		for _, f := range strings.Fields(tok) {
			if f == "-" {
				continue
			}
			var sb strings.Builder
			for i, c := range f {
				switch c {
				case 'l', 'L', 'b', 'B':
					sb.WriteByte('l')
				case 'r', 'R':
					sb.WriteByte('r')
				default:
					return nil, fmt.Errorf("bad stalk %q: character %d is %q; use l (Left, blue) and r (Right, red)", f, i+1, c)
				}
			}
			if sb.Len() > MaxEdges {
				return nil, fmt.Errorf("bad stalk %q: at most %d edges", f, MaxEdges)
			}
			out = append(out, sb.String())
		}
	}
	if len(out) == 0 && len(tokens) == 0 {
		return nil, fmt.Errorf("no stalks given: write them as strings of l and r, e.g. lrrl")
	}
	return out, nil
}

// Value returns the value of a stalk by Berlekamp's sign-expansion rule,
// or an error (budget.ErrExceeded) when the value is too large or too fine
// for cgt's exact numbers (denominators up to 2^cgt.MaxExp).
func Value(p string) (cgt.Dyadic, error) {
	var v cgt.Dyadic
	var err error
	i := 0
	for i < len(p) && p[i] == p[0] && err == nil {
		if p[i] == 'l' {
			v, err = v.Add(cgt.Int(1))
		} else {
			v, err = v.Sub(cgt.Int(1))
		}
		i++
	}
	for k := uint(1); i < len(p) && err == nil; i, k = i+1, k+1 {
		var step cgt.Dyadic
		if step, err = cgt.NewDyadic(1, k); err != nil {
			break
		}
		if p[i] == 'l' {
			v, err = v.Add(step)
		} else {
			v, err = v.Sub(step)
		}
	}
	if err != nil {
		return cgt.Dyadic{}, err
	}
	return v, nil
}
