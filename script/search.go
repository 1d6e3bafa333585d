package script

import (
	"context"
	"errors"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/searchreport"
	"github.com/grundy-go/grundy/search"
)

// search answers root by the game-tree search (--method search): for
// two-player scripts whose ends are won, lost or drawn, positions too
// many to list for retrograde analysis can still be solved from one
// position by alpha-beta. It runs on one goroutine (a script's
// interpreter is not safe for concurrent use) within the script's
// limits, and stops at a repeated position: search cannot prove outcomes
// through cycles (search.ErrRepetition), retrograde analysis, the
// default, does.
func (s *instance) search(ctx context.Context, g *Game, root Pos, opts catalog.Options) (*catalog.Report, error) {
	if g.Multiplayer() {
		e := catalog.RefuseMethod(s.path, catalog.Search, "%s has payoffs, chance or other than two players: the game-tree search answers wins, losses and draws", s.path)
		e.Instead = "backward induction over payoff vectors"
		return nil, e
	}
	var r *catalog.Report
	err := g.Run(ctx, func(ctx context.Context) error {
		var err error
		r, err = searchreport.Solve(ctx, s.path, g.Format(root), &Loopy{g: g}, root, g.Format, opts, 1)
		if r != nil {
			r.WinningMoves = distinct(r.WinningMoves)
		}
		return err
	})
	if errors.Is(err, search.ErrRepetition) {
		e := catalog.RefuseMethod(s.path, catalog.Search, "%s repeats positions, and a game-tree search cannot prove outcomes through cycles", s.path)
		e.Instead = "retrograde analysis"
		return nil, e
	}
	return r, err
}
