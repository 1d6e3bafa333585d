package server

import (
	"context"
	"runtime"
	"slices"
	"sync"
	"time"
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
//
// Demoted and slow work also takes turns for a few run tokens
// (GOMAXPROCS − CPUs, at least 1): at each poll it needs a token to go
// on, and gives it to the next in line once it has held it for
// tokenQuantum. A goroutine runs only while it holds one of Go's
// processors (GOMAXPROCS of them), and up to 33 demoted attempts and
// searches at once held them all between two polls, so that a new
// request waited for the runtime to preempt one (10 ms a turn). With the
// tokens, low-priority work holds at most that many processors between
// two polls, and the others are always there for new requests. (Threads
// of lower OS priority were tried first, and were worse: see onThread.)
type level int32

// tokenQuantum is how long demoted or slow work keeps a run token while
// others wait for one: long enough that handing it over costs little,
// short next to the fast lane's timeout.
const tokenQuantum = 5 * time.Millisecond

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
	// tokens is how many run tokens are free; line the tasks waiting for
	// one, first come first served, each woken by closing its channel
	// when it is given one.
	tokens int
	line   []chan struct{}
}

// runTokens is the number of run tokens: GOMAXPROCS less the CPUs, at
// least 1, so that without Oversubscribe low-priority work still moves.
func runTokens() int {
	return max(1, runtime.GOMAXPROCS(0)-runtime.NumCPU())
}

func newPrio() *prio {
	p := &prio{tokens: runTokens()}
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
	// token is set while the task holds a run token, since tokenAt.
	token   bool
	tokenAt time.Time
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
	t.dropToken()
	p.changed()
}

// dropToken gives t's run token, if it holds one, to the first task in
// line, or back to the pool. Under p.mu.
func (t *task) dropToken() {
	if t.token {
		t.token = false
		t.p.giveToken()
	}
}

// giveToken gives a run token to the first task in line, or back to the
// pool. Under p.mu.
func (p *prio) giveToken() {
	if len(p.line) > 0 {
		close(p.line[0])
		p.line = p.line[1:]
		return
	}
	p.tokens++
}

// takeToken waits in line for a run token, or until ctx ends. Under
// p.mu, which it releases while it waits.
func (t *task) takeToken(ctx context.Context) {
	p := t.p
	if p.tokens > 0 && len(p.line) == 0 {
		p.tokens--
		t.token, t.tokenAt = true, time.Now()
		return
	}
	given := make(chan struct{})
	p.line = append(p.line, given)
	p.mu.Unlock()
	select {
	case <-given:
		p.mu.Lock()
		if t.token || t.level > levelSlow {
			// Another goroutine of the task got one first, or the task
			// is done: one token is all a task holds.
			p.giveToken()
			return
		}
		t.token, t.tokenAt = true, time.Now()
	case <-ctx.Done():
		p.mu.Lock()
		select {
		case <-given: // given just now: pass it on
			p.giveToken()
		default:
			if i := slices.Index(p.line, given); i >= 0 {
				p.line = slices.Delete(p.line, i, i+1)
			}
		}
	}
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

// yield waits while more urgent work runs, or until ctx ends; then, for
// demoted and slow work, until it holds a run token (see above).
func (t *task) yield(ctx context.Context) {
	p := t.p
	p.mu.Lock()
	defer p.mu.Unlock()
	if t.level > levelSlow || t.level == levelFresh {
		return
	}
	if t.outranked() {
		t.dropToken()
		t.stepAside(ctx)
	}
	if t.token && len(p.line) > 0 && time.Since(t.tokenAt) >= tokenQuantum {
		t.dropToken() // its turn is over: to the back of the line
	}
	// stepAside released p.mu: the task may have finished meanwhile.
	if !t.token && ctx.Err() == nil && t.level <= levelSlow {
		t.takeToken(ctx)
	}
}

// stepAside waits while more urgent work runs, or until ctx ends. Under
// p.mu, which it releases while it waits.
func (t *task) stepAside(ctx context.Context) {
	p := t.p
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
