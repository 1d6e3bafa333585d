package server

import (
	"context"
	"sync"
)

// Priorities on the processor. Go's scheduler runs goroutines in turn,
// all alike, so a request that needs a few milliseconds of CPU would share
// the processors with every search under way and wait for them. The
// server orders its own work instead, in three levels, most urgent first:
//
//	fresh    a fast-lane attempt in its first FastCPU/5 of CPU time
//	demoted  a fast-lane attempt past that (most cheap requests are done
//	         before it: this one may be a search)
//	slow     a search in the slow lane
//
// Work of a lower level steps aside while work of a higher level runs:
// the solvers poll their context at bounded intervals of work (to stop
// when it is cancelled), and the context given to demoted and slow work
// (yieldCtx) waits in Err until no more urgent work runs, or its own
// context ends. This is a multilevel feedback queue (Corbató et al., "An
// experimental time-sharing system", 1962) whose quantum is CPU time and
// whose preemption points are the solvers' context checks.
//
// Fresh attempts never wait here, and only their own CPU time moves them
// down, so work that steps aside is never held for longer than the fresh
// work takes; slow work is held while any fast-lane work runs, so that
// the fast lane, not the slow one, gets the processors a busy machine
// leaves to the server.
type level int32

const (
	levelFresh level = iota
	levelDemoted
	levelSlow
)

type prio struct {
	mu      sync.Mutex
	running [levelSlow]int // fresh and demoted work running (not stepping aside)
	// wake[l] is closed, and replaced, when no work above level l runs
	// any more: the work of level l stepping aside may go on.
	wake [levelSlow + 1]chan struct{}
}

func newPrio() *prio {
	p := &prio{}
	for l := range p.wake {
		p.wake[l] = make(chan struct{})
	}
	return p
}

// task is one piece of work's place in the order.
type task struct {
	p     *prio
	level level // under p.mu
	aside int   // goroutines of the task stepping aside, under p.mu
}

// start enters work at level l.
func (p *prio) start(l level) *task {
	p.mu.Lock()
	defer p.mu.Unlock()
	if l < levelSlow {
		p.running[l]++
	}
	return &task{p: p, level: l}
}

// changed wakes the work stepping aside that no more urgent work
// outranks now. Under p.mu.
func (p *prio) changed() {
	above := 0
	for l := levelFresh; l <= levelSlow; l++ {
		if above == 0 && l > levelFresh {
			close(p.wake[l])
			p.wake[l] = make(chan struct{})
		}
		if l < levelSlow {
			above += p.running[l]
		}
	}
}

// demote moves a fresh task to the demoted level.
func (t *task) demote() {
	p := t.p
	p.mu.Lock()
	defer p.mu.Unlock()
	if t.level != levelFresh {
		return
	}
	if t.aside == 0 {
		p.running[levelFresh]--
		p.running[levelDemoted]++
	}
	t.level = levelDemoted
	p.changed()
}

// finish takes the task out of the order.
func (t *task) finish() {
	p := t.p
	p.mu.Lock()
	defer p.mu.Unlock()
	if t.level < levelSlow && t.aside == 0 {
		p.running[t.level]--
	}
	t.level = levelSlow + 1 // done: never counted again
	p.changed()
}

// outranked reports whether more urgent work than t's runs. Under p.mu.
func (t *task) outranked() bool {
	for l := levelFresh; l < t.level && l < levelSlow; l++ {
		if t.p.running[l] > 0 {
			return true
		}
	}
	return false
}

// yield waits while more urgent work runs, or until ctx ends.
func (t *task) yield(ctx context.Context) {
	p := t.p
	p.mu.Lock()
	defer p.mu.Unlock()
	if t.level > levelSlow || !t.outranked() {
		return
	}
	// Step aside: the task no longer counts as running (a search may poll
	// from several goroutines; the first to step aside takes it out).
	if t.aside++; t.aside == 1 && t.level < levelSlow {
		p.running[t.level]--
		p.changed()
	}
	for t.level <= levelSlow && t.outranked() && ctx.Err() == nil {
		wake := p.wake[t.level]
		p.mu.Unlock()
		select {
		case <-wake:
		case <-ctx.Done():
		}
		p.mu.Lock()
	}
	if t.aside--; t.aside == 0 && t.level < levelSlow {
		p.running[t.level]++
	}
}

// yieldCtx is the context of work that steps aside for more urgent work
// when the solver polls it (see above).
type yieldCtx struct {
	context.Context
	t *task
}

func (c yieldCtx) Err() error {
	if err := c.Context.Err(); err != nil {
		return err
	}
	c.t.yield(c.Context)
	return c.Context.Err()
}
