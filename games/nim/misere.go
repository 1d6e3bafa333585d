package nim

import (
	"context"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/impartialgame"
)

// nim --misere: Bouton's misère rule (misereWinsInts) is the oracle of
// the sum search, which adds the remoteness and checks the rule on every
// sum small enough to search; heaps too large to search are answered by
// the rule alone, as misere-nim answers them.

var _ catalog.MisereSolver = nimGame{}

// bouton is Bouton's misère rule as an oracle of the sum search.
var bouton = &impartialgame.MisereOracle[int]{
	Lost:   func(heaps []int) (bool, bool) { return !misereWinsInts(heaps), true },
	Method: "closed form: Bouton's misère rule (play Nim, but leave an odd number of 1-heaps at the end)",
}

func (g nimGame) SolveMisere(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	s := g.search()
	heaps, err := s.Parse(tokens)
	if err != nil {
		if opts.Method == catalog.Search {
			return nil, err
		}
		// Too large to search: the rule alone.
		r, err := misereNim{}.Solve(ctx, tokens, opts)
		if err != nil {
			return nil, err
		}
		r.Game = "nim"
		r.Extra = map[string]any{"misere": true}
		return r, nil
	}
	oracle := bouton
	switch opts.Method {
	case catalog.Search:
		oracle = nil
	case catalog.ClosedForm:
		r, err := misereNim{}.Solve(ctx, tokens, opts)
		if err != nil {
			return nil, err
		}
		r.Game = "nim"
		r.Extra = map[string]any{"misere": true}
		return r, nil
	}
	return s.SolveMisereComponents(ctx, heaps, opts, oracle)
}
