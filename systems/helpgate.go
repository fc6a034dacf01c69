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
}

// open starts a stage and returns its number, for its helpers.
func (g *helpGate) open() uint64 {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.gen++
	g.closed, g.entered = false, 0
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

// help starts a helper goroutine for stage gen that does f if it comes in
// while the stage is open (enter), and nothing otherwise.
func (g *helpGate) help(gen uint64, f func()) {
	go func() {
		if g.enter(gen) {
			defer g.leave()
			f()
		}
	}()
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
