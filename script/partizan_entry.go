package script

import (
	"context"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/cgt"
)

// Value is the canonical partizan value of the position written as
// tokens (or opts.PositionExpr, or the script's start), in s: what
// 'grundy value SCRIPT POSITION' reports (reports.Valuer). It answers for
// partizan scripts (left_moves and right_moves) and for impartial ones
// under normal play, whose values are nimbers.
func (s *instance) Value(ctx context.Context, space *cgt.Space, tokens []string, opts catalog.Options) (cgt.Game, string, error) {
	tokens, opts = scriptTokens(tokens, opts)
	solver, root, err := s.position(ctx, tokens, opts)
	if err != nil {
		return 0, "", err
	}
	if opts.Memory != nil {
		// As for the built-in partizan games: the canonical forms are
		// charged to the memory budget (--max-memory), which replaces the
		// calculator's step cap.
		space.Memory, space.MaxSteps = opts.Memory, 0
	}
	g := solver.Game()
	v, err := g.PartizanValue(ctx, space, root)
	if err != nil {
		return 0, "", err
	}
	return v, g.Format(root), nil
}
