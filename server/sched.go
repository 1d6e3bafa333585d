package server

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync"
)

// The scheduler (see the package doc): every uncached request first runs
// in the fast lane, with many slots, a small state budget and a short
// deadline; only what does not finish there waits for the slow lane, where
// at most SlowWorkers searches run at once with the full budget. Waiting
// requests are served in turn per client address (round robin over the
// addresses, first in first out for each), and at most MaxQueue wait: past
// that a request is refused at once with 503.

// errOverloaded is the error of a request refused because too many
// searches are waiting for the slow lane: status 503.
var errOverloaded = errors.New("the server is busy")

// lane is a counting semaphore whose waiters are served fairly per client.
type lane struct {
	mu       sync.Mutex
	free     int
	maxQueue int
	queued   int
	byClient map[string][]*waiter // each client's waiters, oldest first
	ring     []string             // clients with waiters, in turn order
	next     int                  // index in ring of the client served next
}

type waiter struct {
	ready   chan struct{}
	granted bool // under lane.mu
}

func newLane(slots, maxQueue int) *lane {
	return &lane{free: slots, maxQueue: maxQueue, byClient: map[string][]*waiter{}}
}

// acquire takes a slot for client, waiting in turn; it returns
// errOverloaded at once when maxQueue requests are already waiting, and
// ctx's error when ctx ends first.
func (l *lane) acquire(ctx context.Context, client string) error {
	l.mu.Lock()
	if l.free > 0 && l.queued == 0 {
		l.free--
		l.mu.Unlock()
		return nil
	}
	if l.queued >= l.maxQueue {
		l.mu.Unlock()
		return fmt.Errorf("%w: %d searches are waiting for the slow lane", errOverloaded, l.maxQueue)
	}
	w := &waiter{ready: make(chan struct{})}
	if len(l.byClient[client]) == 0 {
		l.ring = append(l.ring, client)
	}
	l.byClient[client] = append(l.byClient[client], w)
	l.queued++
	l.mu.Unlock()

	select {
	case <-w.ready:
		return nil
	case <-ctx.Done():
	}
	l.mu.Lock()
	if w.granted {
		// The slot came as ctx ended: pass it on.
		l.mu.Unlock()
		l.release()
		return ctx.Err()
	}
	q := l.byClient[client]
	for i, x := range q {
		if x == w {
			q = append(q[:i:i], q[i+1:]...)
			break
		}
	}
	l.setQueue(client, q)
	l.queued--
	l.mu.Unlock()
	return ctx.Err()
}

// setQueue stores client's queue, dropping the client from the ring when
// it is empty. Under l.mu.
func (l *lane) setQueue(client string, q []*waiter) {
	if len(q) > 0 {
		l.byClient[client] = q
		return
	}
	delete(l.byClient, client)
	for i, c := range l.ring {
		if c == client {
			l.ring = append(l.ring[:i], l.ring[i+1:]...)
			if i < l.next {
				l.next--
			}
			break
		}
	}
	if l.next >= len(l.ring) {
		l.next = 0
	}
}

// release gives a slot back: to the oldest waiter of the next client in
// turn, or to the pool.
func (l *lane) release() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.queued == 0 {
		l.free++
		return
	}
	client := l.ring[l.next]
	q := l.byClient[client]
	q[0].granted = true
	close(q[0].ready)
	l.queued--
	if len(q) > 1 {
		l.byClient[client] = q[1:]
		l.next = (l.next + 1) % len(l.ring) // the next client's turn
		return
	}
	l.setQueue(client, nil) // the client leaves the ring: next now names the one after it
}

// waiting returns the number of requests waiting for a slot.
func (l *lane) waiting() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.queued
}

// clientKey carries the client's address in a request's context, for the
// slow lane's turns.
type clientKey struct{}

// withClient records r's client address (its host, without the port) in
// its context.
func withClient(r *http.Request) context.Context {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	return context.WithValue(r.Context(), clientKey{}, host)
}

func clientOf(ctx context.Context) string {
	c, _ := ctx.Value(clientKey{}).(string)
	return c
}
