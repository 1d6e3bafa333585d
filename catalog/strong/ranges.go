package strong

import (
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/tier"
)

// RangeSolver is tier.Ranger with its position type hidden: the Beam
// pipeline (module grundy/beam) solves an acyclic tier too large for one
// worker by rank ranges, joining the options Options names with the
// child tiers' records itself, and asks Record for each position.
type RangeSolver interface {
	Options(t game.Tier, r int64, dst []tier.Option) ([]tier.Option, error)
	Record(t game.Tier, r int64, opts []uint16) (uint16, error)
}

// Ranges is implemented by every Tiers (a separate interface so that
// Tiers, which other schedulers may implement, did not grow).
type Ranges interface {
	Ranger() (RangeSolver, error)
}

func (b *bound[P]) Ranger() (RangeSolver, error) { return tier.NewRanger(b.Game) }
