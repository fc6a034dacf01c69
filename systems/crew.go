package systems

import (
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// crew runs the helpers of a Sim's parallel stages (helpGate) on goroutines
// that stay a while after their task (spin: Options.HelperSpin, longer than
// the Sim's goroutine takes between two stages of a tick, or two ticks run
// back to back), yielding their processor to any other goroutine that can
// run, instead of a goroutine started for each helper of each stage. A
// goroutine started, or woken, while the Sim's goroutine works takes the
// runtime's run-next slot of the Sim's processor, and another processor
// gets it only after a back-off: on this project's 2-core VM such a helper
// began 50-200 µs into its stage (4,500 stages of the 100,000-mobile run:
// 145 µs on average), a good part of stages that last 0.3-1.3 ms, while a
// running helper takes its task up within 5 µs (4,090 of 4,363). A helper
// with no task for spin ends (at once when spin is not positive, the
// default: then each task has a goroutine of its own, as before the crew,
// since the spin shortened the median tick and lengthened p99); the next
// task starts one again.
type crew struct {
	spin  time.Duration
	rest  atomic.Bool // helpers end with their tasks for now (BackgroundWorker)
	lanes []*crewLane
}

// maxCrewSpins bounds a helper's wait by its yields as well as by the
// clock: under a clock that stands still while any goroutine can run
// (testing/synctest's), the clock alone would keep it waiting for ever. A
// yield with nothing else to run takes 0.1-0.2 µs, so this is a few
// milliseconds at most.
const maxCrewSpins = 20_000

// crewLane is one helper of the crew: the task last posted to it and its
// goroutine, while one runs.
type crewLane struct {
	mu     sync.Mutex
	task   func()        // the task last posted (mu)
	posted atomic.Uint64 // tasks posted: a change tells the helper
	alive  atomic.Bool   // a helper goroutine runs for the lane
	starts int           // helper goroutines started (post's)
}

// post hands f to helper k, starting its goroutine unless one runs. A task
// the helper has not taken yet is replaced: its stage has ended (the gate
// would not let it in).
func (c *crew) post(k int, f func()) {
	for len(c.lanes) <= k {
		c.lanes = append(c.lanes, &crewLane{})
	}
	l := c.lanes[k]
	l.mu.Lock()
	l.task = f
	l.posted.Add(1)
	l.mu.Unlock()
	if !l.alive.Load() && l.alive.CompareAndSwap(false, true) {
		l.starts++
		go l.run(c)
	}
}

// run is a lane's helper goroutine: it runs each task posted, and ends
// after c's spin without one, or at once while c rests (unless a task came
// as it was ending).
func (l *crewLane) run(c *crew) {
	var taken uint64
	idle, spins := time.Now(), 0
	for ; ; spins++ {
		if l.posted.Load() != taken {
			l.mu.Lock()
			f := l.task
			l.task = nil
			taken = l.posted.Load()
			l.mu.Unlock()
			if f != nil {
				f()
			}
			idle, spins = time.Now(), 0
			continue
		}
		if c.done(idle, spins) {
			l.alive.Store(false)
			// A task posted before the store above saw the lane alive and
			// started no goroutine: take it up again unless post started one.
			if l.posted.Load() == taken || !l.alive.CompareAndSwap(false, true) {
				return
			}
			idle, spins = time.Now(), 0
		}
		runtime.Gosched()
	}
}

// done reports whether a helper idle since idle, after spins yields, ends:
// at once without a spin or while the crew rests, else after spin or
// maxCrewSpins yields (the clock read every 64).
func (c *crew) done(idle time.Time, spins int) bool {
	return c.spin <= 0 || c.rest.Load() || spins >= maxCrewSpins || spins%64 == 63 && time.Since(idle) > c.spin
}
