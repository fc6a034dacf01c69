package stepcache

import (
	"sync"
	"sync/atomic"
)

// pauseGate holds the background builders back while another goroutine
// waits to start: a builder keeps its core for as long as chunks are
// queued, and the Go scheduler gives a goroutine just started on the busy
// core's neighbour to the builder's core only once the builder blocks. The
// builders look at the gate between chunks.
type pauseGate struct {
	waiting atomic.Int32 // goroutines announced and not yet started
	mu      sync.Mutex
	cond    sync.Cond
}

// hold waits while a goroutine announced has not started.
func (g *pauseGate) hold() {
	if g.waiting.Load() <= 0 {
		return
	}
	g.mu.Lock()
	for g.waiting.Load() > 0 {
		g.cond.Wait()
	}
	g.mu.Unlock()
}

// wake has the holding builders look at the gate again.
func (g *pauseGate) wake() {
	g.mu.Lock()
	g.cond.Broadcast()
	g.mu.Unlock()
}

// release lets every builder go for good (Close).
func (g *pauseGate) release() {
	g.waiting.Store(-1 << 30)
	g.wake()
}

// PauseBuilds announces a goroutine about to start (a parallel stage's
// helper): each background builder, once its chunk under way is done,
// builds no other (it may hold the next one taken) until as many
// ResumeBuilds calls have come, so the helper gets a core within one chunk
// build instead of after the builders' whole queue. Call ResumeBuilds as
// the first thing the helper does. Both are safe on any goroutine and do
// nothing without BuildWorkers.
func (c *Cache) PauseBuilds() {
	if c.bld != nil {
		c.bld.gate.waiting.Add(1)
	}
}

// ResumeBuilds ends one PauseBuilds.
func (c *Cache) ResumeBuilds() {
	b := c.bld
	if b == nil {
		return
	}
	if b.gate.waiting.Add(-1) == 0 {
		b.gate.wake()
	}
}
