package stepcache

import (
	"testing"
	"time"

	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/steptest"
)

// TestPauseBuilds: while a helper is announced (PauseBuilds) and has not
// started, the builder does not deliver the chunk it was asked for; once
// the pause's Resume comes it does. A Close with a pause outstanding does
// not hang on the held builder, and a Resume after it is harmless. Without
// background workers both do nothing.
func TestPauseBuilds(t *testing.T) {
	r := steptest.HandWorld(t)
	c := newTestCache(t, Config{MissPromotionThreshold: 1, BuildWorkers: 1}, r)
	p := c.PauseBuilds()
	c.Search(0, 0).Lookup(r.Map.ID, gx, gy, 0, 0)
	if c.BuildsPending() != 1 {
		t.Fatalf("pending %d after the promotion, want 1", c.BuildsPending())
	}
	time.Sleep(50 * time.Millisecond) // a build takes well under a millisecond
	if n := c.Collect(); n != 0 {
		t.Fatalf("%d chunks delivered while the builds were paused", n)
	}
	p.Resume()
	collectOne(t, c)

	p = c.PauseBuilds()
	c.Search(0, 0).Lookup(r.Map.ID, 3*chunk.Size, 0, 0, 0) // another chunk, held
	done := make(chan struct{})
	go func() { c.Close(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("Close hung on a paused builder")
	}
	p.Resume() // after Close: the gate is released, no effect

	plain := newTestCache(t, Config{}, r)
	plain.PauseBuilds().Resume()
}
