package server

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"
)

// Work of a lower level steps aside, when its solver polls the context,
// while more urgent work runs, and goes on once that work is done.
func TestPrioSlowStepsAside(t *testing.T) {
	p := newPrio()
	fresh := p.start(levelFresh)
	slow := p.start(levelSlow)
	defer slow.finish()
	var finished atomic.Bool
	returned := make(chan bool)
	go func() {
		err := yieldCtx{context.Background(), slow}.Err()
		returned <- err == nil && finished.Load()
	}()
	time.Sleep(20 * time.Millisecond) // let the poll reach its wait (not an assertion)
	finished.Store(true)
	fresh.finish()
	if !<-returned {
		t.Fatal("the slow poll returned while fresh work ran")
	}
}

// Who outranks whom: fresh work outranks demoted and slow work, demoted
// work outranks slow work, and nothing outranks fresh work.
func TestPrioLevels(t *testing.T) {
	p := newPrio()
	a := p.start(levelFresh)
	b := p.start(levelFresh)
	slow := p.start(levelSlow)
	check := func(when string, task *task, want bool) {
		t.Helper()
		p.mu.Lock()
		got := task.outranked()
		p.mu.Unlock()
		if got != want {
			t.Errorf("%s: outranked %v, want %v", when, got, want)
		}
	}
	check("two fresh: fresh a", a, false)
	check("two fresh: slow", slow, true)
	a.demote()
	check("a demoted, b fresh: a", a, true)
	check("a demoted, b fresh: b", b, false)
	b.finish()
	check("a demoted alone: a", a, false)
	check("a demoted alone: slow", slow, true)
	a.finish()
	check("slow alone", slow, false)
	if p.running != [levelSlow]int{} {
		t.Errorf("running %v after every task finished, want none", p.running)
	}
	a.finish() // twice: no effect
	if p.running != [levelSlow]int{} {
		t.Errorf("running %v after a second finish, want none", p.running)
	}
}

// A poll that steps aside ends when its own context does.
func TestPrioYieldCancelled(t *testing.T) {
	p := newPrio()
	fresh := p.start(levelFresh)
	defer fresh.finish()
	demoted := p.start(levelFresh)
	demoted.demote()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- yieldCtx{ctx, demoted}.Err() }()
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("Err() = %v, want context.Canceled", err)
	}
	demoted.finish()
	if p.running != [levelSlow]int{1, 0} {
		t.Errorf("running %v, want only the fresh task", p.running)
	}
}

// The fast lane's budget is CPU time: a thread that waits uses none of it
// (it is demoted once it has held its slot for wallDemote times the CPU
// time to demotion, but never stopped), a thread that computes is
// stopped.
func TestWatchCPU(t *testing.T) {
	onThread(func(tid int) {
		if tid == 0 {
			t.Skip("no thread CPU clock on this system")
		}
		ctx, cancel := context.WithCancelCause(context.Background())
		defer cancel(nil)
		var demoted atomic.Int32
		stop := watchCPU(tid, 2*time.Millisecond, 10*time.Millisecond, func() { demoted.Add(1) }, cancel)
		time.Sleep(50 * time.Millisecond) // waiting, not computing
		if ctx.Err() != nil || demoted.Load() != 1 {
			t.Errorf("a waiting thread: cancelled %v, demoted %d times; want not cancelled, demoted once (by the wall clock)", ctx.Err(), demoted.Load())
		}
		x := 0
		for ctx.Err() == nil {
			x++
		}
		stop()
		if cause := context.Cause(ctx); !errors.Is(cause, errFastCPU) {
			t.Errorf("stopped by %v, want errFastCPU", cause)
		}
		if demoted.Load() != 1 {
			t.Errorf("demoted %d times before the limit, want once", demoted.Load())
		}
	})
}
