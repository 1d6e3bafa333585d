package searchreport

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"strings"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/outcome"
	"github.com/grundy-go/grundy/search"
)

// Solve searches p in g and writes the report of game spec at position
// text, each move written by format. The search uses threads goroutines
// (0: one per CPU; 1 for a game not safe for concurrent use, such as a
// script), a transposition table of TableSize and at most opts.MaxNodes
// nodes.
func Solve[P comparable](ctx context.Context, spec, text string, g game.Game[P], p P, format func(P) string, opts catalog.Options, threads int) (*catalog.Report, error) {
	table, release, err := TableSize(opts, search.DefaultTTSize, 1<<12)
	if err != nil {
		return nil, err
	}
	defer release()
	if threads <= 0 {
		threads = runtime.NumCPU()
	}
	sopts := search.Options[P]{TTSize: table, MaxNodes: opts.MaxNodes, Threads: threads}
	sopts.Progress = Progress(opts)
	res, err := search.Analyze(ctx, g, p, sopts)
	if err != nil {
		return nil, err
	}
	return Write(spec, text, res, format, fmt.Sprintf("alpha-beta search with a transposition table of %s: %d nodes", budget.FormatBytes(table), res.Nodes)), nil
}

// Progress passes a search's progress on to opts.Progress as the nodes
// searched; nil when opts has none.
func Progress(opts catalog.Options) func(search.Progress) {
	if opts.Progress == nil {
		return nil
	}
	return func(p search.Progress) { opts.Progress(int(min(p.Nodes, math.MaxInt32))) }
}

// TableSize is the size of a search's transposition table under opts,
// charged to opts.Memory: opts.TTSize when it is set (--tt-size), else
// def, or half of what the memory budget has left when that is less (a
// server's request gets a few MiB), but never below least, the smallest
// table the search takes. release gives the memory back.
func TableSize(opts catalog.Options, def, least int64) (size int64, release func(), err error) {
	size = opts.TTSize
	if size == 0 {
		size = def
		if m := opts.Memory; m != nil && m.Limit() > 0 {
			size = max(least, min(size, (m.Limit()-m.Used())/2))
		}
	}
	if err := opts.Memory.Charge(size, "the search's transposition table"); err != nil {
		return 0, nil, err
	}
	return size, func() { opts.Memory.Release(size) }, nil
}

// Write is the report of a search's result res for game spec at position
// text, each move written by format, found as method says: for searches
// of their own (a game's fast path) that give the generic result.
func Write[P comparable](spec, text string, res *search.Result[P], format func(P) string, method string) *catalog.Report {
	r := &catalog.Report{
		Game:     spec,
		Position: text,
		Outcome:  res.Outcome.String(),
		Method:   method,
	}
	if res.Outcome != outcome.D && res.Remoteness >= 0 {
		x := res.Remoteness
		r.Remoteness = &x
	}
	var wins []string
	for _, m := range res.Moves {
		if m.Outcome == outcome.N { // a win for the player who makes it
			wins = append(wins, format(m.Position))
		}
	}
	r.AddMoves(len(wins), func(i int) string { return wins[i] })
	if len(res.Best) > 0 && res.Outcome != outcome.N {
		best := make([]string, len(res.Best))
		for i, q := range res.Best {
			best[i] = format(q)
		}
		if res.Outcome == outcome.D {
			r.Notes = append(r.Notes, "the drawing moves: "+strings.Join(best, ", "))
		} else {
			r.Notes = append(r.Notes, "every move loses; the ones that hold out longest: "+strings.Join(best, ", "))
		}
	}
	return r
}
