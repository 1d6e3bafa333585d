package partizan

import (
	"context"
	"slices"
	"sync"

	"github.com/grundy-go/grundy/cgt"
)

// ValueParallel values the sum of the positions as Value does, with the
// options of each region spread over up to workers goroutines. A Space is
// not safe for concurrent use, so each worker has a Space and an
// Evaluator of its own; its results are copied into e.Space with
// cgt.Space.Import, and the region's value is made there from them.
// Workers may value some positions twice (they share no memo): the gain
// is in wall time on an idle machine, not in work. The game's move
// functions must be safe for concurrent use (those of the built-in games
// are). With workers ≤ 1 it is Value.
func (e *Evaluator[P]) ValueParallel(ctx context.Context, workers int, positions ...P) (cgt.Game, error) {
	if workers <= 1 {
		return e.Value(ctx, positions...)
	}
	regions := positions
	if e.split != nil {
		regions = nil
		for _, p := range positions {
			regions = e.split(regions, p)
		}
	}
	acc := cgt.Zero
	for _, p := range regions {
		v, err := e.parallelRegion(ctx, workers, p)
		if err != nil {
			return 0, err
		}
		if acc, err = e.Space.Add(acc, v); err != nil {
			return 0, err
		}
	}
	return acc, nil
}

type parallelJob[P comparable] struct {
	left bool
	opt  []P
}

func (e *Evaluator[P]) parallelRegion(ctx context.Context, workers int, p P) (cgt.Game, error) {
	if e.negated != nil {
		if q, ok := e.negated(p); ok {
			v, err := e.parallelRegion(ctx, workers, q)
			if err != nil {
				return 0, err
			}
			return e.Space.Neg(v)
		}
	}
	if g, ok := e.memo[p]; ok {
		e.Hits++
		return g, nil
	}
	var jobs []parallelJob[P]
	for opt := range e.left(p) {
		jobs = append(jobs, parallelJob[P]{true, slices.Clone(opt)})
	}
	for opt := range e.right(p) {
		jobs = append(jobs, parallelJob[P]{false, slices.Clone(opt)})
	}
	workers = min(workers, len(jobs))
	type result struct {
		space *cgt.Space
		ev    *Evaluator[P]
		vals  []cgt.Game // by job index, for the jobs of this worker
		err   error
	}
	results := make([]result, workers)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			s := cgt.NewSpace()
			s.MaxSteps, s.MaxNodes, s.Memory = e.Space.MaxSteps, e.Space.MaxNodes, e.Space.Memory
			ev, err := New[P](s, e.game)
			if err != nil {
				results[w].err = err
				return
			}
			ev.MaxPositions, ev.Memory = e.MaxPositions, e.Memory
			vals := make([]cgt.Game, len(jobs))
			for i := w; i < len(jobs); i += workers {
				if vals[i], err = ev.Value(ctx, jobs[i].opt...); err != nil {
					results[w] = result{space: s, ev: ev, err: err}
					return
				}
			}
			results[w] = result{space: s, ev: ev, vals: vals}
		}(w)
	}
	wg.Wait()
	// The workers' tables are dropped once their games are in e.Space.
	defer func() {
		for _, r := range results {
			if r.space != nil {
				r.space.Release()
				r.ev.Release()
			}
		}
	}()
	var L, R []cgt.Game
	for _, r := range results {
		if r.err != nil {
			return 0, r.err
		}
	}
	for i, j := range jobs {
		r := results[i%workers]
		v, err := e.Space.Import(r.space, r.vals[i])
		if err != nil {
			return 0, err
		}
		if j.left {
			L = append(L, v)
		} else {
			R = append(R, v)
		}
	}
	g, err := e.Space.Make(L, R)
	if err != nil {
		return 0, err
	}
	for _, r := range results {
		e.Hits += r.ev.Hits
		e.Misses += r.ev.Misses
	}
	e.Misses++
	e.memo[p] = g
	return g, nil
}
