package moore

import (
	"context"
	"fmt"
	"math/big"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/impartialgame"
	"github.com/grundy-go/grundy/game"
)

// Misère play (solve --misere): whoever takes the last token loses.
//
// The closed form, the analogue of Bouton's misère rule that Moore's
// paper gives beside the normal one ("A generalization of the game called
// nim", Annals of Mathematics 11, 1910): with a heap of at least 2, the
// misère P-positions M are Moore's normal ones (every binary column a
// multiple of K+1); with every heap 0 or 1, they are those whose 1-heaps
// number 1 more than a multiple of K+1. Proof. No move joins two
// positions of M: among heaps of 0 and 1 a move takes 1 to K ones, which
// changes the count mod K+1; two normal P-positions are never one move
// apart (Moore); and a normal P-position with a heap of 2 or more has a
// non-zero column above the units, so at least K+1 heaps of 2 or more,
// and a move, which touches at most K heaps, leaves one of them. From
// every other position a move reaches M, except from the empty one, which
// is won (no move): with heaps of 0 and 1 only, take the right number of
// ones; with L heaps of 2 or more, if L > K Moore's normal winning move
// keeps a large heap and so lands in M, and if L ≤ K a move that cuts
// every large heap to 0 or 1 and takes up to K-L ones leaves any count of
// ones from max(0, o-K+L) to o+L (o the ones untouched), K+1 consecutive
// counts or all from 0, one of which is 1 mod K+1.
// TestMisereAgainstSearch checks it against the definition on every
// position of up to four heaps of up to 5, K = 1..4.
//
// Positions small enough are also searched whole, for the remoteness and
// as a second witness.

var _ catalog.MisereSolver = (*instance)(nil)

// MisereIsP reports whether the heaps are lost for the player to move
// under misère play.
func MisereIsP(heaps []*big.Int, k int) bool {
	ones := 0
	for _, h := range heaps {
		switch {
		case h.Cmp(big.NewInt(1)) > 0:
			return IsP(heaps, k)
		case h.Sign() > 0:
			ones++
		}
	}
	return ones%(k+1) == 1
}

func (g *instance) misereSearch() *impartialgame.Searched[Key] {
	return &impartialgame.Searched[Key]{
		Name: g.spec,
		Game: game.AsSplitting[Key](Game{K: g.k}),
		Parse: func(tokens []string) ([]Key, error) {
			heaps, err := catalog.ParseNaturals(tokens, "heap size", 1, catalog.MaxComponents)
			if err != nil {
				return nil, err
			}
			if searchSize(heaps, mooreMaxSearchStates) > mooreMaxSearchStates || mooreWork(heaps, g.k, mooreSearchWork) > mooreSearchWork {
				return nil, catalog.RefuseMethod(g.spec, catalog.Search, "position %q is too large to search move by move (over %d positions below it, or %d moves in all)", catalog.JoinBig(heaps), mooreMaxSearchStates, mooreSearchWork)
			}
			hs := make([]int, len(heaps))
			for i, h := range heaps {
				hs[i] = int(h.Int64())
			}
			return []Key{MakeKey(hs)}, nil
		},
		Format: Game{}.Format,
	}
}

func (g *instance) SolveMisere(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	if opts.Method == catalog.Search {
		return g.misereSearch().SolveMisere(ctx, tokens, opts)
	}
	heaps, err := catalog.ParseNaturals(tokens, "heap size", 1, catalog.MaxComponents)
	if err != nil {
		return nil, err
	}
	r := &catalog.Report{
		Game:     g.spec,
		Position: catalog.JoinBig(heaps),
		Outcome:  "N",
		Method:   fmt.Sprintf("closed form: misère Nim_%d (Moore 1910: Moore's rule while a heap has 2 or more; with heaps of 0 and 1 only, P exactly when the 1-heaps number 1 more than a multiple of %d)", g.k, g.k+1),
		Extra:    map[string]any{"misere": true},
	}
	if MisereIsP(heaps, g.k) {
		r.Outcome = "P"
	}
	r.Notes = append(r.Notes, "misère play: the player who makes the last move loses; there is no Grundy value")
	if mooreWork(heaps, g.k, mooreQuickWork) > mooreQuickWork {
		if r.Outcome == "N" {
			r.MovesIncomplete = true
			r.Notes = append(r.Notes, "the position is too large to list its winning moves or search its remoteness")
		}
		return r, nil
	}
	// Small enough: every move is looked at, by the rule, and the search
	// of the whole position is the second witness and gives the
	// remoteness.
	hs := make([]int, len(heaps))
	for i, h := range heaps {
		hs[i] = int(h.Int64())
	}
	EachMove(hs, g.k, func(next []int) bool {
		bs := make([]*big.Int, len(next))
		for i, h := range next {
			bs[i] = big.NewInt(int64(h))
		}
		if MisereIsP(bs, g.k) {
			r.WinningMoves = append(r.WinningMoves, catalog.JoinInts(next))
		}
		return true
	})
	sr, err := g.misereSearch().SolveMisere(ctx, tokens, catalog.Options{Method: catalog.Search, MaxStates: opts.MaxStates, Memory: opts.Memory})
	if err != nil {
		return nil, err
	}
	if sr.Outcome != r.Outcome {
		return nil, fmt.Errorf("internal error: %s %s under misère play: Moore's rule says %s, the search %s", g.spec, r.Position, r.Outcome, sr.Outcome)
	}
	r.Remoteness = sr.Remoteness
	return r, nil
}
