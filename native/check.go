package native

import (
	"context"
	"fmt"
	"slices"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
)

// grundy check GAME.go: the build has compiled the file and checked its
// functions' types; check then explores from the start, breadth first,
// calling every function the solvers and the explorer would (Key, Split,
// Moves, Tier, View, Format and Parse read back), so that a panic or a
// notation that does not read back shows at once.

func init() { reports.RegisterCheckerFor(".go", check) }

func check(ctx context.Context, path string, src []byte, opts reports.CheckOptions) (*reports.CheckReport, error) {
	inst, err := open(path, src)
	if err != nil {
		return nil, err
	}
	c, ok := inst.(checker)
	if !ok {
		return nil, fmt.Errorf("%s: not a game written in Go", path)
	}
	return c.check(ctx, opts)
}

type checker interface {
	check(ctx context.Context, opts reports.CheckOptions) (*reports.CheckReport, error)
}

func (in *instance[P]) check(ctx context.Context, opts reports.CheckOptions) (r *reports.CheckReport, err error) {
	d := in.d
	r = &reports.CheckReport{File: in.name, Players: 2, Solver: "impartial"}
	for name, f := range map[string]bool{"moves": d.Moves != nil, "split": d.Split != nil, "key": d.Key != nil,
		"start": d.Start != nil || d.hasStart, "view": d.View != nil, "parse": d.Parse != nil, "format": d.Format != nil,
		"init": d.Init != nil, "rank": d.Rank != nil, "tier": d.Tier != nil, "label": d.Label != nil} {
		if f {
			r.Functions = append(r.Functions, name)
		}
	}
	slices.Sort(r.Functions)
	err = in.run(ctx, nil, func() error {
		s, err := in.session(catalog.Options{Params: opts.Params})
		if err != nil {
			return err
		}
		if d.Start == nil && !d.hasStart {
			r.Warnings = append(r.Warnings, "no Start: give positions on the command line")
			return nil
		}
		start, err := s.parse(nil, "")
		if err != nil {
			return err
		}
		r.Start = format(d, start)
		seen := map[P]bool{start: true}
		queue := []P{start}
		for len(queue) > 0 && r.Explored < opts.Explore {
			if err := ctx.Err(); err != nil {
				return err
			}
			p := queue[0]
			queue = queue[1:]
			r.Explored++
			text := format(d, p)
			if back, err := s.parse([]string{text}, ""); err != nil || back != p {
				return fmt.Errorf("%s: the position %s does not read back as itself (Parse and Format, or the notation, disagree): %v", in.name, text, err)
			}
			if d.Split != nil {
				components(d, p)
			}
			if d.View != nil {
				in.board(p, text)
			}
			if d.Tier != nil && d.Tier(p) < 0 {
				return fmt.Errorf("%s: Tier(%s) = %d; a tier is a non-negative int", in.name, text, d.Tier(p))
			}
			qs := s.moves(p)
			if p == start {
				r.StartMoves = formats(d, qs)
			}
			if len(qs) == 0 {
				r.Ends++
			}
			r.MaxMoves = max(r.MaxMoves, len(qs))
			for _, q := range qs {
				if d.Tier != nil && d.Tier(q) < d.Tier(p) {
					return fmt.Errorf("%s: the move %s → %s goes from tier %d to tier %d; a move never goes to a smaller tier", in.name, text, format(d, q), d.Tier(p), d.Tier(q))
				}
				if !seen[q] {
					seen[q] = true
					queue = append(queue, q)
				}
			}
		}
		r.Complete = len(queue) == 0
		return nil
	})
	return r, err
}
