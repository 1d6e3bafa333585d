package server

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"time"
)

// errFastCPU is the cause of a fast-lane attempt stopped because it used
// its CPU time.
var errFastCPU = errors.New("the fast lane's CPU time is used up")

// onThread runs work on the calling goroutine locked to its OS thread
// (runtime.LockOSThread), so that the thread's CPU clock counts the time
// this work has run, and the garbage collector's work it was asked to help
// with, but not the time it waited for a processor. tid is 0 where no
// thread clock can be read (outside Linux).
//
// Every thread runs at the same OS priority. Threads of lower niceness
// for demoted and slow work were tried and made the tail worse: a Go
// thread the kernel seldom runs still holds one of the runtime's
// processors, and every stop-the-world pause of the garbage collector
// waits for it, so the whole server stalled for up to 670 ms under the
// soak. The order of work is kept by the run tokens of prio.go instead.
func onThread(work func(tid int)) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	tid := threadID()
	if _, ok := threadCPU(tid); !ok {
		tid = 0
	}
	work(tid)
}

// wallDemote is how many times its CPU time to demotion (FastTimeout/5)
// an attempt may hold a fresh slot in wall-clock time. It is there for
// searches whose helper goroutines spend CPU time the attempt's thread
// clock does not see; at 2 (20 ms) a cheap request that waited for a
// processor on a busy machine was demoted for its waiting, not its work,
// and then waited behind the searches: most of the soak's tail.
const wallDemote = 10

// watchCPU watches the CPU time of thread tid: it calls demote once the
// thread has run for demote, and cancel(errFastCPU) once it has run for
// limit (where tid is 0, wall-clock time stands in for CPU time). stop
// ends the watch; it must be called before the thread is unlocked.
//
// A thread's CPU time grows no faster than the wall clock, so the watch
// sleeps for the time left to the next mark and reads the clock again
// when it wakes: a few timer wake-ups per request, however long the
// machine makes the thread wait for a processor.
func watchCPU(tid int, demoteAt, limit time.Duration, demote func(), cancel context.CancelCauseFunc) (stop func()) {
	t0 := time.Now()
	start, _ := threadCPU(tid)
	used := func() time.Duration {
		if tid == 0 {
			return time.Since(t0)
		}
		now, ok := threadCPU(tid)
		if !ok {
			return limit // the clock went away: stop
		}
		return now - start
	}
	var mu sync.Mutex
	stopped, demoted := false, false
	var timer *time.Timer
	check := func() {
		mu.Lock()
		defer mu.Unlock()
		if stopped {
			return
		}
		u := used()
		if u >= limit {
			cancel(errFastCPU)
			return
		}
		// An attempt is also demoted once it has held its slot for
		// wallDemote of wall-clock time, whatever its CPU time says:
		// a search that runs on helper goroutines spends CPU time this
		// thread's clock does not see, and a slot held that long keeps
		// cheap requests waiting whatever the reason.
		wall := time.Since(t0)
		if !demoted && (u >= demoteAt || wall >= wallDemote*demoteAt) {
			demoted = true
			demote()
		}
		next := limit - u
		if !demoted {
			next = min(demoteAt-u, wallDemote*demoteAt-wall)
		}
		timer.Reset(max(next, time.Millisecond))
	}
	mu.Lock()
	timer = time.AfterFunc(min(demoteAt, limit), check)
	mu.Unlock()
	return func() {
		mu.Lock()
		stopped = true
		timer.Stop()
		mu.Unlock()
	}
}
