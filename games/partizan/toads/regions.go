package toads

import (
	"iter"
	"strings"

	"github.com/grundy-go/grundy/game"
)

// Regions (issue 19): a strip falls apart into independent regions at
// every block TTFF — two toads facing two frogs, none of which can ever
// move (a toad slides or jumps only into an empty square, and jumps only
// over a frog; the frogs likewise) and which no piece can pass — and the
// frogs at the left end and the toads at the right end never move
// either. When jumps pass over up to J pieces the block is J+1 toads
// facing J+1 frogs (TF when there are no jumps, Elephants and Rhinos). So the regions between the blocks, trimmed of those, are the
// summands of the position, and the evaluator values each region once
// for every position it appears in. A region without an empty square has
// no moves (value 0) and is dropped.
var (
	_ game.PartizanSplitting[string] = Game{}
	_ game.Splitter[string]          = Game{}
)

// Regions appends the regions of the strip p of Toads and Frogs.
func Regions(dst []string, p string) []string { return Standard.Regions(dst, p) }

// Regions appends the regions of the strip p.
func (g Game) Regions(dst []string, p string) []string {
	block := strings.Repeat("T", g.maxJump+1) + strings.Repeat("F", g.maxJump+1)
	for {
		i := strings.Index(p, block)
		if i < 0 {
			break
		}
		dst = appendRegion(dst, p[:i])
		p = p[i+len(block):]
	}
	return appendRegion(dst, p)
}

func appendRegion(dst []string, r string) []string {
	r = strings.TrimRight(strings.TrimLeft(r, "F"), "T")
	if !strings.Contains(r, ".") {
		return dst
	}
	return append(dst, r)
}

// Split appends the regions of p.
func (g Game) Split(dst []string, p string) []string { return g.Regions(dst, p) }

func (g Game) optionsOf(moves iter.Seq[string]) iter.Seq[[]string] {
	return func(yield func([]string) bool) {
		for q := range moves {
			if !yield(g.Regions(nil, q)) {
				return
			}
		}
	}
}

// LeftOptions moves a toad and leaves the regions of the strip.
func (g Game) LeftOptions(p string) iter.Seq[[]string] { return g.optionsOf(g.LeftMoves(p)) }

// RightOptions moves a frog and leaves the regions of the strip.
func (g Game) RightOptions(p string) iter.Seq[[]string] { return g.optionsOf(g.RightMoves(p)) }
