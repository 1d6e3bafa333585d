package colsnort

import (
	"fmt"
	"iter"
	"strings"

	"github.com/grundy-go/grundy/game"
)

// Fjords is CGSuite's game.graph.Fjords, the third of its GenCol games:
// Col's and Snort's moves (colour a vertex, which tints its neighbours),
// but Left may colour only a vertex tinted blue and Right only one
// tinted red. An untinted vertex waits until a neighbour is coloured. Its
// positions are written in CGSuite's notation only (cgsuite.go); the
// regions the evaluator splits them into are this package's graphs.
type Fjords struct{}

// The capabilities the solvers discover, checked at compile time.
var (
	_ game.PartizanSplitting[string] = Fjords{}
	_ game.Splitter[string]          = Fjords{}
	_ game.Formatter[string]         = Fjords{}
)

// fjordsMay: a player colours only a vertex tinted her colour alone.
func fjordsMay(tint, me byte) bool { return tint == me }

func fjordsGraph(s string) graph {
	if isOwnGraph(s) {
		return mustGraph(s)
	}
	g, err := fromCGSuite(s)
	if err != nil {
		panic(fmt.Sprintf("colsnort: bad position %q", s))
	}
	return g
}

// LeftOptions colours a blue-tinted vertex.
func (Fjords) LeftOptions(s string) iter.Seq[[]string] {
	return tintedOptions(fjordsGraph(s), tintL, fjordsMay)
}

// RightOptions colours a red-tinted vertex.
func (Fjords) RightOptions(s string) iter.Seq[[]string] {
	return tintedOptions(fjordsGraph(s), tintR, fjordsMay)
}

// Split appends the regions of a position.
func (Fjords) Split(dst []string, s string) []string {
	return reduce(fjordsGraph(s)).regions(dst)
}

// Format writes a position (in CGSuite's notation).
func (Fjords) Format(s string) string { return s }

// Moves yields the whole graphs, in CGSuite's notation, that a player's
// moves leave.
func (Fjords) Moves(s string, left bool) iter.Seq[[]string] {
	me := byte(tintR)
	if left {
		me = tintL
	}
	return cgsColour(s, me, fjordsMay)
}

// Parse reads graphs in CGSuite's notation, several making a sum.
func (Fjords) Parse(tokens []string) ([]string, error) {
	var out []string
	for _, tok := range tokens {
		for _, f := range strings.Fields(tok) {
			p, err := parseCGSuite(f)
			if err != nil {
				return nil, err
			}
			out = append(out, p)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no graph given: %s", fjordsHelp)
	}
	return out, nil
}

const fjordsHelp = "a graph in CGSuite's notation: vertices . (untinted), L (tinted blue) and R (tinted red) joined by edges -, e.g. L-.-R or L--(-;-R) (branches in brackets joined by ';', ':A' names a vertex: :AL--:A is a triangle); several make a sum"
