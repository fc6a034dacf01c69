package systems

import (
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// waitFor polls cond for up to a second.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for end := time.Now().Add(time.Second); !cond(); {
		if time.Now().After(end) {
			t.Fatalf("waited a second for %s", what)
		}
		time.Sleep(100 * time.Microsecond)
	}
}

// TestCrewRunsEachTaskOnItsLane: every task posted runs once, on its own
// lane's goroutine; a lane's helper that stays (spin) takes later tasks on
// the same goroutine, one with no spin ends with its task; either ends once
// no task comes.
func TestCrewRunsEachTaskOnItsLane(t *testing.T) {
	for _, spin := range []time.Duration{-1, 20 * time.Millisecond} {
		c := &crew{spin: spin}
		var ran [2]atomic.Int32
		for round := 1; round <= 50; round++ {
			var wg sync.WaitGroup
			wg.Add(2)
			for k := range 2 {
				c.post(k, func() { ran[k].Add(1); wg.Done() })
			}
			wg.Wait()
			for k := range 2 {
				if n := ran[k].Load(); n != int32(round) {
					t.Fatalf("spin %v, round %d: lane %d ran %d tasks", spin, round, k, n)
				}
			}
		}
		for k, l := range c.lanes {
			waitFor(t, "an idle helper to end", func() bool { return !l.alive.Load() })
			// Staying is a matter of time, so the bound is loose: a helper
			// that stays takes at least one task after its first.
			if spin > 0 && l.starts >= 50 || spin <= 0 && l.starts < 25 {
				t.Errorf("spin %v: lane %d started %d helpers for 50 tasks", spin, k, l.starts)
			}
		}
	}
}

// TestCrewRunsOnlyTheLastTaskPosted: a task posted while the lane's helper
// is busy and then replaced before the helper comes to it never runs (its
// stage ended; the gate would not have let it in); the one that replaced
// it does.
func TestCrewRunsOnlyTheLastTaskPosted(t *testing.T) {
	c := &crew{spin: 20 * time.Millisecond}
	release := make(chan struct{})
	started := make(chan struct{})
	c.post(0, func() { close(started); <-release })
	<-started
	var stale, last atomic.Bool
	done := make(chan struct{})
	c.post(0, func() { stale.Store(true) })
	c.post(0, func() { last.Store(true); close(done) })
	close(release)
	<-done
	if stale.Load() || !last.Load() {
		t.Fatalf("stale task ran %v, last ran %v", stale.Load(), last.Load())
	}
}

// TestCrewHelpersLeaveNoGoroutines: once the crew's lanes have been idle
// for their spin, no helper goroutine is left (a Sim needs no Close).
func TestCrewHelpersLeaveNoGoroutines(t *testing.T) {
	before := runtime.NumGoroutine()
	c := &crew{spin: time.Millisecond}
	var wg sync.WaitGroup
	for k := range 3 {
		wg.Add(1)
		c.post(k, wg.Done)
	}
	wg.Wait()
	waitFor(t, "the helpers to end", func() bool { return runtime.NumGoroutine() <= before })
}

// TestHelpGateWithCrew: a stage's helper on the crew comes in while the
// stage is open and does its share; a helper whose stage closed before it
// came does nothing.
func TestHelpGateWithCrew(t *testing.T) {
	g := helpGate{crew: &crew{spin: 20 * time.Millisecond}}
	var did atomic.Int32
	for range 20 {
		gen := g.open()
		g.help(gen, func() { did.Add(1) })
		waitFor(t, "the helper to come in", func() bool {
			g.mu.Lock()
			defer g.mu.Unlock()
			return g.entered == 1
		})
		g.close()
		g.wait()
	}
	if did.Load() != 20 {
		t.Fatalf("helpers did %d of 20 stages' shares", did.Load())
	}
	gen := g.open()
	g.close()
	g.help(gen, func() { did.Add(1) }) // asked after the stage closed
	time.Sleep(5 * time.Millisecond)
	if did.Load() != 20 {
		t.Fatalf("a helper of a closed stage did its share")
	}
}

// TestCrewRestsWhileBackgroundWorkWaits: a helper idle for less than its
// spin stays unless its crew rests, one idle longer ends, one with no spin
// ends at once; a Sim sets its crew at rest for a tick whose backend
// reports background work at its start.
func TestCrewRestsWhileBackgroundWorkWaits(t *testing.T) {
	c := &crew{spin: time.Hour}
	now := time.Now()
	if c.done(now, 63) || c.done(now, 1000) {
		t.Error("a helper idle for less than its spin ends")
	}
	if !c.done(now.Add(-2*time.Hour), 63) || !c.done(now, maxCrewSpins) {
		t.Error("a helper idle past its spin, or its yields, stays")
	}
	c.rest.Store(true)
	if !c.done(now, 0) {
		t.Error("a helper of a resting crew stays")
	}
	if !(&crew{spin: -1}).done(now, 0) {
		t.Error("a helper with no spin stays")
	}

	m, td := gridWorld(t, "....", "....")
	b := &busyBackend{}
	s, err := NewSim(m, td, Options{Backend: b})
	if err != nil {
		t.Fatal(err)
	}
	for _, busy := range []bool{true, false, true} {
		b.busy = busy
		s.Step()
		if rest := s.move.gate.crew.rest.Load(); rest != busy {
			t.Errorf("backend busy %v: crew at rest %v", busy, rest)
		}
	}
}

// busyBackend is the live rules with background work to report.
type busyBackend struct {
	LiveBackend
	busy bool
}

func (b *busyBackend) BackgroundWork() bool { return b.busy }
