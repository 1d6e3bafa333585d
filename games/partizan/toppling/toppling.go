package toppling

import (
	"fmt"
	"iter"
	"strings"

	"github.com/grundy-go/grundy/game"
)

// MaxLength bounds a row.
const MaxLength = 256

// Game is Toppling Dominoes; a position is a row of L, R, G and '.'.
type Game struct{}

// The capabilities the solvers discover, checked at compile time.
var (
	_ game.PartizanSplitting[string] = Game{}
	_ game.Formatter[string]         = Game{}
)

// Topples yields the rows a player's topples leave, whole (trimmed).
func Topples(row string, left bool) iter.Seq[string] {
	mine := byte('R')
	if left {
		mine = 'L'
	}
	return func(yield func(string) bool) {
		for i := 0; i < len(row); i++ {
			if row[i] != mine && row[i] != 'G' {
				continue
			}
			if !yield(strings.Trim(row[i+1:], ".")) || !yield(strings.Trim(row[:i], ".")) {
				return
			}
		}
	}
}

// Canonical is the lesser of a row and its mirror image.
func Canonical(row string) string {
	b := []byte(row)
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	if m := string(b); m < row {
		return m
	}
	return row
}

func (Game) options(row string, left bool) iter.Seq[[]string] {
	return func(yield func([]string) bool) {
		for q := range Topples(row, left) {
			var opt []string
			if q != "" {
				opt = []string{Canonical(q)}
			}
			if !yield(opt) {
				return
			}
		}
	}
}

// LeftOptions topples an L or G domino.
func (g Game) LeftOptions(row string) iter.Seq[[]string] { return g.options(row, true) }

// RightOptions topples an R or G domino.
func (g Game) RightOptions(row string) iter.Seq[[]string] { return g.options(row, false) }

// Format writes the row.
func (Game) Format(row string) string { return row }

// Parse reads rows of L, R, G and '.' (several make a sum); "-" is the
// empty row.
func Parse(tokens []string) ([]string, error) {
	var out []string
	for _, tok := range tokens {
		for _, f := range strings.Fields(tok) {
			if f == "-" {
				continue // the empty row, as a move that topples everything is written
			}
			f = strings.ToUpper(f)
			if len(f) > MaxLength {
				return nil, fmt.Errorf("bad row %q: at most %d dominoes", f, MaxLength)
			}
			for i := 0; i < len(f); i++ {
				if c := f[i]; c != 'L' && c != 'R' && c != 'G' && c != '.' {
					return nil, fmt.Errorf("bad row %q: place %d is %q; use L (Left's), R (Right's), G (green) and . (a gap)", f, i+1, c)
				}
			}
			if t := strings.Trim(f, "."); t != "" {
				out = append(out, Canonical(t))
			}
		}
	}
	if len(out) == 0 && len(tokens) == 0 {
		return nil, fmt.Errorf("no row given: write dominoes L, R and G, e.g. LRL")
	}
	return out, nil
}
