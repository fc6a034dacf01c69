package systems

import "sync"

// helpGate lets a helper goroutine into a parallel stage only while the
// stage is open. The Sim's goroutine does its share, then closes the gate
// and waits for the helpers that came in; a helper that starts after the
// gate closed (the OS gave its core to another process, or to the host) or
// after its stage ended leaves without touching anything, so the Sim's
// goroutine never waits for a helper that has not started.
type helpGate struct {
	mu      sync.Mutex
	gen     uint64 // the stage; a helper of an earlier one finds it changed
	closed  bool
	entered int            // helpers that came in this stage
	active  sync.WaitGroup // the helpers in, while they work
	crew    *crew          // runs the helpers (nil: a goroutine each)
	helpers int            // helpers asked for this stage: the next one's crew lane
}

// open starts a stage and returns its number, for its helpers.
func (g *helpGate) open() uint64 {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.gen++
	g.closed, g.entered, g.helpers = false, 0, 0
	return g.gen
}

// enter reports whether a helper of stage gen may work; one that may calls
// leave when it is done.
func (g *helpGate) enter(gen uint64) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.closed || g.gen != gen {
		return false
	}
	g.entered++
	g.active.Add(1)
	return true
}

// help has a helper for stage gen do f if it comes in while the stage is
// open (enter), and nothing otherwise: the gate's crew's next lane, or a
// goroutine of its own. Call it on the stage's goroutine, between open and
// close.
func (g *helpGate) help(gen uint64, f func()) {
	task := func() {
		if g.enter(gen) {
			defer g.leave()
			f()
		}
	}
	if g.crew == nil {
		go task()
		return
	}
	g.crew.post(g.helpers, task)
	g.helpers++
}

// leave ends a helper's work in the stage.
func (g *helpGate) leave() { g.active.Done() }

// close lets no more helpers in and returns how many came in.
func (g *helpGate) close() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.closed = true
	return g.entered
}

// wait waits for the helpers that came in to leave.
func (g *helpGate) wait() { g.active.Wait() }
