package colsnort

import (
	"fmt"
	"iter"
	"strings"

	"github.com/grundy-go/grundy/game"
)

// MaxVertices bounds the length of a strip.
const MaxVertices = 64

// Game is Col (Snort false) or Snort (Snort true) on a path.
type Game struct{ Snort bool }

// The capabilities the solvers discover, checked at compile time.
var (
	_ game.PartizanSplitting[string] = Game{}
	_ game.Splitter[string]          = Game{}
	_ game.Formatter[string]         = Game{}
)

func (g Game) allowed(p string, i int, me byte) bool {
	for _, j := range [2]int{i - 1, i + 1} {
		if j < 0 || j >= len(p) || p[j] == '.' {
			continue
		}
		if g.Snort != (p[j] == me) { // Col: a neighbour of my colour forbids; Snort: one of the other colour
			return false
		}
	}
	return true
}

func (g Game) options(p string, me byte) iter.Seq[[]string] {
	return func(yield func([]string) bool) {
		for i := 0; i < len(p); i++ {
			if p[i] != '.' || !g.allowed(p, i, me) {
				continue
			}
			b := []byte(p)
			b[i] = me
			if !yield(regions(nil, string(b))) {
				return
			}
		}
	}
}

// LeftOptions colours a vertex blue.
func (g Game) LeftOptions(p string) iter.Seq[[]string] { return g.options(p, 'L') }

// RightOptions colours a vertex red.
func (g Game) RightOptions(p string) iter.Seq[[]string] { return g.options(p, 'R') }

// Split appends the regions of p.
func (Game) Split(dst []string, p string) []string { return regions(dst, p) }

// regions cuts p at its coloured vertices: each maximal run of empty
// vertices, with the coloured vertex on each side (if any).
func regions(dst []string, p string) []string {
	for i := 0; i < len(p); {
		if p[i] != '.' {
			i++
			continue
		}
		j := i
		for j < len(p) && p[j] == '.' {
			j++
		}
		lo, hi := i, j
		if lo > 0 {
			lo--
		}
		if hi < len(p) {
			hi++
		}
		dst = append(dst, canonical(p[lo:hi]))
		i = j
	}
	return dst
}

func canonical(r string) string {
	b := []byte(r)
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	if m := string(b); m < r {
		return m
	}
	return r
}

// Format writes the strip.
func (Game) Format(p string) string { return p }

// Parse reads strips of '.', 'L' and 'R' (several make a sum); a strip
// that already breaks the rule (two neighbours coloured alike in Col,
// unlike in Snort) is refused.
func (g Game) Parse(tokens []string) ([]string, error) {
	var out []string
	for _, tok := range tokens {
		for _, f := range strings.Fields(tok) {
			f = strings.ToUpper(f)
			if len(f) > MaxVertices {
				return nil, fmt.Errorf("bad strip %q: at most %d vertices", f, MaxVertices)
			}
			for i := 0; i < len(f); i++ {
				c := f[i]
				if c != '.' && c != 'L' && c != 'R' {
					return nil, fmt.Errorf("bad strip %q: vertex %d is %q; use . (empty), L (blue) and R (red)", f, i+1, c)
				}
				if c != '.' && i > 0 && f[i-1] != '.' && (f[i-1] == c) != g.Snort {
					return nil, fmt.Errorf("bad strip %q: vertices %d and %d break the rule of the game", f, i, i+1)
				}
			}
			out = append(out, f)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no strip given: write it with ., L and R, e.g. ....")
	}
	return out, nil
}
