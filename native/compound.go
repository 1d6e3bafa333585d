package native

import (
	"context"
	"fmt"
	"strings"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/impartialgame"
	"github.com/grundy-go/grundy/compound"
)

// Compounds of a game written in Go (solve GAME.go POS... --compound
// KIND): each component is a position of the game, decided by its
// remoteness or suspense number (package compound), searched over the
// game's moves of whole positions through Key, as a script's are (Split
// is not used: a compound's numbers are not a function of its parts'
// values).

var _ catalog.CompoundSolver = (*instance[int])(nil)

func (in *instance[P]) SolveCompound(ctx context.Context, kind compound.Kind, components [][]string, opts catalog.Options) (r *catalog.Report, err error) {
	if opts.Method == catalog.ClosedForm {
		return nil, catalog.RefuseMethod(in.name, catalog.ClosedForm, "%s has no closed form: it is searched", in.name)
	}
	if opts.PositionExpr != "" {
		return nil, fmt.Errorf("--compound: give each component of %s as a position of its own after the game", in.name)
	}
	if err := impartialgame.CheckCompoundCount(len(components)); err != nil {
		return nil, err
	}
	err = in.run(ctx, opts.Memory, func() error {
		s, err := in.session(opts)
		if err != nil {
			return err
		}
		comps := make([]P, len(components))
		for i, tokens := range components {
			if comps[i], err = s.parse(tokens, ""); err != nil {
				return fmt.Errorf("component %d (%q): %w", i+1, strings.Join(tokens, " "), err)
			}
		}
		cs := compound.New[P](plainGame[P]{in.d}, compound.Options{MaxStates: opts.MaxStates, Memory: opts.Memory, Progress: opts.Progress})
		defer cs.Release()
		r, err = impartialgame.CompoundReport(ctx, cs, kind, comps, in.name, func(p P) string { return format(in.d, p) })
		return err
	})
	return r, err
}
