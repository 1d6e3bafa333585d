package script

import (
	"context"
	"errors"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/reports"
	"github.com/grundy-go/grundy/cgt"
)

// solvePartizan is 'grundy solve' on a partizan script, as on a built-in
// partizan game (partizanreport): the outcome class of the position's
// canonical value (L, R, N or P), the value, and the first moves that
// win, "L: position" for Left's and "R: position" for Right's. A move by
// Left wins when the value of the position it leaves is ≥ 0 (Right,
// moving next, loses), one by Right when it is ≤ 0 (Siegel,
// Combinatorial Game Theory, II.1).
func (s *instance) solvePartizan(ctx context.Context, g *Game, root Pos, opts catalog.Options) (*catalog.Report, error) {
	space := reports.NewCGTSpace(ctx, 0)
	if opts.Memory != nil {
		space.Memory, space.MaxSteps = opts.Memory, 0
	}
	v, err := g.PartizanValue(ctx, space, root)
	if errors.Is(err, reports.ErrRepeats) {
		return s.solveLoopy(ctx, g, root, opts)
	}
	if err != nil {
		return nil, err
	}
	o, err := space.Outcome(v)
	if err != nil {
		return nil, err
	}
	text, _ := reports.ValueText(space, v)
	r := &catalog.Report{
		Game:     s.path,
		Position: g.Format(root),
		Outcome:  o.String(),
		Value:    text,
		Method:   "canonical form of the partizan game (see 'grundy value' for its temperature and stops)",
		Notes: []string{
			"partizan outcome: L = Left wins, R = Right wins (whoever starts), N = the player to move wins, P = the player to move loses",
			"winning moves are the first moves that win for Left (L:) and for Right (R:), each to the position it leaves",
		},
	}
	for _, side := range []struct {
		left  bool
		label string
	}{{true, "L: "}, {false, "R: "}} {
		var moves []Pos
		err := g.Run(ctx, func(ctx context.Context) error {
			var err error
			moves, err = g.partizanMoves(root, side.left)
			return err
		})
		if err != nil {
			return nil, err
		}
		seen := map[string]bool{}
		for _, q := range moves {
			vq, err := g.PartizanValue(ctx, space, q)
			if err != nil {
				return nil, err
			}
			var wins bool
			if side.left {
				wins, err = space.Leq(cgt.Zero, vq)
			} else {
				wins, err = space.Leq(vq, cgt.Zero)
			}
			if err != nil {
				return nil, err
			}
			if m := side.label + g.Format(q); wins && !seen[m] {
				seen[m] = true
				r.WinningMoves = append(r.WinningMoves, m)
			}
		}
	}
	return r, nil
}
