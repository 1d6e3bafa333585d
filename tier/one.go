package tier

import (
	"context"
	"fmt"
	"runtime"

	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/game"
)

// One tier at a time, for a scheduler other than Solve (the Apache Beam
// pipeline of module grundy/beam runs each tier as one element of a
// stage). These run the very code Solve runs (expand, solveTier), so a
// database built tier by tier through them is byte for byte Solve's.

// Plan is a game's tier graph, the part of a build a scheduler needs to
// lay out its stages.
type Plan struct {
	StartTier game.Tier
	StartRank int64
	// Tiers in Solve's topological order: parents first, ties by number.
	Tiers []PlanTier
}

// PlanTier is one tier of a Plan.
type PlanTier struct {
	Tier     game.Tier
	Name     string
	Size     int64 // ranks
	Loopy    bool
	Children []game.Tier
}

// PlanOf returns g's tier graph from its start.
func PlanOf[P comparable](g game.Tiered[P]) (*Plan, error) {
	s, err := newOne(g, Options{})
	if err != nil {
		return nil, err
	}
	p := &Plan{StartTier: s.tiers[0].t, StartRank: s.startRank}
	for _, ts := range s.tiers {
		p.Tiers = append(p.Tiers, PlanTier{Tier: ts.t, Name: ts.name, Size: ts.size, Loopy: ts.loopy,
			Children: append([]game.Tier(nil), ts.childTiers...)})
	}
	return p, nil
}

// newOne is a solver over g's tier graph with no tier in memory.
func newOne[P comparable](g game.Tiered[P], opts Options) (*solver[P], error) {
	s := &solver[P]{g: g, opts: opts, workers: opts.Workers}
	if s.workers <= 0 {
		s.workers = runtime.GOMAXPROCS(0)
	}
	s.setup()
	start := g.Start()
	var err error
	s.tiers, s.index, err = tierGraph(g, g.TierOf(start))
	if err != nil {
		return nil, err
	}
	s.startRank = g.TierRank(start)
	if s.startRank < 0 || s.startRank >= s.tiers[0].size {
		return nil, fmt.Errorf("the start position %s has rank %d, out of its tier's range [0, %d)", s.format(start), s.startRank, s.tiers[0].size)
	}
	return s, nil
}

func (s *solver[P]) tierState(t game.Tier) (*tierState, error) {
	i, ok := s.index[t]
	if !ok {
		return nil, fmt.Errorf("tier %d is not in the tier graph of the game", t)
	}
	return s.tiers[i], nil
}

// ReachBits is the number of uint64 words of a reachability bitmap of a
// tier of size ranks (bit r%64 of word r/64 is rank r).
func ReachBits(size int64) int64 { return (size + 63) / 64 }

// ReachOne takes tier t's bitmap of the positions reached from its
// parents (and the start), closes it under the tier's own moves if the
// tier is loopy (in place), and returns the bitmap of each child tier's
// positions that moves from t reach. The union over a tier's parents of
// these is the tier's bitmap as Solve computes it.
func ReachOne[P comparable](ctx context.Context, g game.Tiered[P], t game.Tier, reach []uint64, opts Options) (map[game.Tier][]uint64, error) {
	s, err := newOne(g, opts)
	if err != nil {
		return nil, err
	}
	ts, err := s.tierState(t)
	if err != nil {
		return nil, err
	}
	if int64(len(reach)) != ReachBits(ts.size) {
		return nil, fmt.Errorf("the bitmap of tier %s has %d words, want %d", ts.name, len(reach), ReachBits(ts.size))
	}
	ts.reach = reach
	out := make(map[game.Tier][]uint64, len(ts.children))
	for _, j := range ts.children {
		c := s.tiers[j]
		c.reach = make([]uint64, ReachBits(c.size))
		out[c.t] = c.reach
	}
	cur := Progress{Phase: PhaseReach, Tier: ts.t, Name: ts.name, Index: 1, Tiers: 1, Total: popcount(ts.reach)}
	if err := s.expandTier(ctx, ts, cur, ts.loopy); err != nil {
		return nil, err
	}
	return out, nil
}

// SolveOne solves tier t, whose reachable positions are reach (as
// ReachOne leaves it), from its children's records, which load returns
// (it is called once per child tier), and returns its records as Solve
// writes them.
func SolveOne[P comparable](ctx context.Context, g game.Tiered[P], t game.Tier, reach []uint64, load func(child game.Tier) (db.Records, error), opts Options) (db.Records, error) {
	s, err := newOne(g, opts)
	if err != nil {
		return db.Records{}, err
	}
	ts, err := s.tierState(t)
	if err != nil {
		return db.Records{}, err
	}
	if int64(len(reach)) != ReachBits(ts.size) {
		return db.Records{}, fmt.Errorf("the bitmap of tier %s has %d words, want %d", ts.name, len(reach), ReachBits(ts.size))
	}
	ts.reach = reach
	for _, j := range ts.children {
		c := s.tiers[j]
		recs, err := load(c.t)
		if err != nil {
			return db.Records{}, err
		}
		if recs.Len() != c.size {
			return db.Records{}, fmt.Errorf("the records of tier %s number %d, want its size %d", c.name, recs.Len(), c.size)
		}
		c.recs = recs
	}
	s.cur = Progress{Phase: PhaseSolve, Tier: ts.t, Name: ts.name, Index: 1, Tiers: 1}
	return s.solveTier(ctx, ts)
}
