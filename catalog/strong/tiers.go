package strong

import (
	"context"
	"fmt"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/tier"
)

// Tiers is a catalog game's tier solver one tier at a time (tier.PlanOf,
// ReachOne, SolveOne) with its position type hidden, for a scheduler
// other than tier.Solve: the Beam pipeline (module grundy/beam) runs each
// tier as an element of a stage and looks the game up by its spec on
// each worker.
type Tiers interface {
	Spec() string
	// Ranking is what the files written for the game pass to package
	// db (EncodeTier, WritePart, ManifestBytes...).
	Ranking() db.Ranking
	Plan() (*tier.Plan, error)
	ReachOne(ctx context.Context, t game.Tier, reach []uint64, opts tier.Options) (map[game.Tier][]uint64, error)
	SolveOne(ctx context.Context, t game.Tier, reach []uint64, load func(child game.Tier) (db.Records, error), opts tier.Options) (db.Records, error)
}

// TiersOf returns inst's game as Tiers; an error matching ErrNotTierable
// if it is not split into tiers.
func TiersOf(inst catalog.Instance) (Tiers, error) {
	t, ok := inst.(Tierable)
	if !ok {
		return nil, fmt.Errorf("%s %w", inst.Spec(), ErrNotTierable)
	}
	g, ok := t.Strong().(Tiers)
	if !ok {
		return nil, fmt.Errorf("%s %w", inst.Spec(), ErrNotTierable)
	}
	return g, nil
}

func (b *bound[P]) Plan() (*tier.Plan, error) { return tier.PlanOf(b.Game) }

func (b *bound[P]) ReachOne(ctx context.Context, t game.Tier, reach []uint64, opts tier.Options) (map[game.Tier][]uint64, error) {
	return tier.ReachOne(ctx, b.Game, t, reach, opts)
}

func (b *bound[P]) SolveOne(ctx context.Context, t game.Tier, reach []uint64, load func(child game.Tier) (db.Records, error), opts tier.Options) (db.Records, error) {
	return tier.SolveOne(ctx, b.Game, t, reach, load, opts)
}
