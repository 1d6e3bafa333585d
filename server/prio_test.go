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

// Demoted and slow work take turns for the run tokens: with one token,
// a second task's poll waits while the first holds it, gets it when the
// first finishes, and the first, polling again after its quantum while
// another waits, hands it over and waits in line.
func TestPrioRunTokens(t *testing.T) {
	p := newPrio()
	p.tokens = 1
	a := p.start(levelSlow)
	poll := func(tk *task) <-chan struct{} {
		done := make(chan struct{})
		go func() {
			defer close(done)
			if err := (yieldCtx{context.Background(), tk}).Err(); err != nil {
				t.Errorf("poll: %v", err)
			}
		}()
		return done
	}
	<-poll(a) // a takes the only token at once
	b := p.start(levelDemoted)
	bPolled := poll(b)
	select {
	case <-bPolled:
		t.Fatal("a second task ran without a token")
	case <-time.After(20 * time.Millisecond):
	}
	// a polls again past its quantum with b in line: a hands the token to
	// b and waits in line itself.
	time.Sleep(tokenQuantum)
	aPolled := poll(a)
	<-bPolled
	select {
	case <-aPolled:
		t.Fatal("the task that handed its token over ran on")
	case <-time.After(20 * time.Millisecond):
	}
	b.finish()
	<-aPolled
	a.finish()
	if p.tokens != 1 || len(p.line) != 0 {
		t.Errorf("after both finished: %d tokens free, %d in line; want 1 and 0", p.tokens, len(p.line))
	}
}

// A task waiting in line for a token whose context ends leaves the line.
func TestPrioTokenCancelled(t *testing.T) {
	p := newPrio()
	p.tokens = 1
	a := p.start(levelSlow)
	defer a.finish()
	if err := (yieldCtx{context.Background(), a}).Err(); err != nil {
		t.Fatal(err)
	}
	b := p.start(levelSlow)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- (yieldCtx{ctx, b}).Err() }()
	time.Sleep(10 * time.Millisecond)
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled poll returned %v, want context.Canceled", err)
	}
	b.finish()
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.line) != 0 {
		t.Errorf("%d left in line, want 0", len(p.line))
	}
}
