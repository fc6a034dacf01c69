package systems

import (
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mlange-42/arche/ecs"
)

// Searching while the AI thinks. The AI stage runs on the Sim's goroutine
// alone, and most of a tick's path requests are made in it; the search
// workers' other cores would wait for it. So when the tick's pathfinding
// runs in parallel (pathfind_par.go), a helper starts searching at the
// tick's start: the requests already queued first, then each request as
// the AI makes it, in queue order, on search worker 1's finder. What a
// search reads does not change while the AI thinks: the AI moves no
// mobile, opens no door and does not touch the step cache (read through
// the workers' views, as in the parallel stage), and a mobile whose
// request is pending is not thought for (every intent's think returns on
// req.Active). Each request is copied when it is handed over.
//
// When the AI is done the helper stops: a search under way pauses (a
// finder that cannot pause finishes it first). The pathfinding stage then
// serves, in queue order, the searches done whose request is still the one
// searched (sameRequest), exactly as it would have served them itself, and
// the rest as before, resuming the paused one first. Early searches run to
// their node ceiling (they are never postponed) and spend none of the
// stage's time budget: they used a core that was idle.

// earlyCap bounds the requests handed to the helper in one tick (the jobs
// are reused, so the slice must not grow while the helper reads it).
const earlyCap = 512

// earlySpins is how many times the helper looks for the next hand-over
// before it parks (a few microseconds: the AI makes a request every few).
const earlySpins = 256

// earlySearch is the state of one tick's early searches.
type earlySearch struct {
	on        bool
	drain     bool         // tests: the helper searches every request handed over before the stage
	waitStart bool         // tests: the AI's end waits until the helper began a search, if it was handed one
	jobs      []job        // handed over, in queue order (cap earlyCap)
	at        []int        // each job's index in the queue
	published atomic.Int64 // jobs handed over so far
	closed    atomic.Bool  // no more will be: the helper ends when it has searched them
	stop      atomic.Bool  // the helper ends after its search under way (pausing it)
	began     atomic.Int64 // searches the helper began
	parked    atomic.Bool  // the helper waits on wake for a hand-over
	wake      chan struct{}
	helper    sync.WaitGroup
	clock     func() time.Duration // stopClock, made once
}

// beginEarly starts the tick's early searches when its pathfinding runs in
// parallel and search worker 1 holds no paused search (its finder keeps
// that search's state), handing over the requests queued now.
func (p *pathfinder) beginEarly(s *Sim) {
	ps, ea := p.par, &p.early
	if s.opts.NoEarlySearch || !p.useParallel(s) || len(ps.workers) < 2 || ps.workers[1].holding {
		return
	}
	if ea.jobs == nil {
		ea.jobs = make([]job, 0, earlyCap)
		ea.at = make([]int, 0, earlyCap)
		ea.clock = ea.stopClock
		ea.wake = make(chan struct{}, 1)
	}
	select {
	case <-ea.wake: // a wake the last tick's helper did not need
	default:
	}
	ea.jobs, ea.at = ea.jobs[:0], ea.at[:0]
	ea.published.Store(0)
	ea.began.Store(0)
	ea.closed.Store(false)
	ea.stop.Store(false)
	ea.on = true
	s.opts.Backend.Begin()
	ea.helper.Add(1)
	go p.searchEarly(s, ps.workers[1], ea.jobs[:cap(ea.jobs)])
	for i := p.head; i < len(p.queue); i++ {
		p.handOver(s, p.queue[i], i)
	}
}

// handOver gives the helper mobile e's request, queued at index i, when
// it is pending and room is left.
func (p *pathfinder) handOver(s *Sim, e ecs.Entity, i int) {
	ea := &p.early
	if !ea.on || len(ea.jobs) == cap(ea.jobs) || !s.w.Alive(e) || !s.maps.req.Get(e).Active {
		return
	}
	n := len(ea.jobs)
	ea.jobs = ea.jobs[:n+1] // a job's Result keeps its buffers
	j := &ea.jobs[n]
	j.e, j.state = e, jobOpen
	p.prepare(s, e, &j.req)
	ea.at = append(ea.at, i)
	ea.published.Store(int64(n + 1))
	ea.wakeHelper()
}

// wakeHelper wakes the helper when it waits parked.
func (ea *earlySearch) wakeHelper() {
	if ea.parked.Load() {
		select {
		case ea.wake <- struct{}{}:
		default:
		}
	}
}

// searchEarly is the helper: it searches the jobs handed over (jobs is
// the handed-over slice's whole backing array), in order, until told to
// stop or all are searched, waiting for the next one briefly on its core
// and then parked, so it takes no core from other work while the AI makes
// no requests.
//
// A finder that can pause is given a clock that reads "too late" once the
// helper is told to stop, so the stage does not wait out a long search: it
// pauses within a few dozen expansions and its worker holds it, as a
// search paused at the stage's deadline is held (pathfind_hold.go); the
// stage's first round resumes it first, on the Sim's goroutine (which runs
// that worker then: a helper could start too late), when its request is
// unchanged.
func (p *pathfinder) searchEarly(s *Sim, w *searchWorker, jobs []job) {
	ea := &p.early
	defer ea.helper.Done()
	o := &s.opts
	for n := int64(0); ; n++ {
		for spins := 0; n >= ea.published.Load(); spins++ {
			if ea.stop.Load() || ea.closed.Load() && n >= ea.published.Load() {
				return
			}
			if spins < earlySpins {
				continue
			}
			ea.parked.Store(true) // then look again: a hand-over between the two wakes it
			if n >= ea.published.Load() && !ea.stop.Load() && !ea.closed.Load() {
				<-ea.wake
			}
			ea.parked.Store(false)
		}
		if ea.stop.Load() {
			return
		}
		j := &jobs[n]
		j.req.MaxNodes = nodeCeiling(o, &j.req)
		if w.pauser != nil {
			j.req.Clock, j.req.Deadline = ea.clock, 1
		}
		ea.began.Add(1)
		t0 := o.Clock()
		w.finder.Find(&j.req, &j.res)
		j.dur = o.Clock() - t0
		if j.res.Paused {
			w.held, *j = *j, w.held // the worker keeps the search (both keep their buffers)
			w.holding = true
			j.e, j.state = w.held.e, jobPaused
			return
		}
		w.cost.sample(j.dur, j.res.Expansions)
		j.state = jobDone
	}
}

// stopClock is the early searches' Clock: 0 until the helper is told to
// stop, then later than any Deadline they are given (1).
func (ea *earlySearch) stopClock() time.Duration {
	if ea.stop.Load() {
		return 1 << 62
	}
	return 0
}

// endEarly stops the helper and waits for it (a search under way pauses,
// or finishes on a finder that cannot pause), then serves the queue's head
// as far as the early searches answer it; it returns how many it served.
func (p *pathfinder) endEarly(s *Sim) int {
	ea := &p.early
	if !ea.on {
		return 0
	}
	ea.on = false
	for ea.waitStart && ea.published.Load() > 0 && ea.began.Load() == 0 {
		runtime.Gosched()
	}
	ea.stop.Store(!ea.drain)
	ea.closed.Store(true)
	ea.wakeHelper()
	ea.helper.Wait()
	s.opts.Backend.End()
	if w := p.par.workers[1]; w.holding {
		p.par.own = 1 // the stage's Sim goroutine resumes it: no helper can start too late for it
	}
	served := p.serveEarly(s)
	searched := 0
	for k := range ea.jobs {
		if ea.jobs[k].state == jobDone {
			searched++
		}
	}
	s.st.earlyServed += uint64(served)
	s.st.earlyDropped += uint64(searched - served)
	return served
}

// serveEarly serves the queue from its head, in order, with the early
// searches done, while each answers its entry's request as it stands;
// entries no longer pending leave the queue on the way. It stops at the
// first entry that still waits without such an answer, and returns how
// many it served.
func (p *pathfinder) serveEarly(s *Sim) (served int) {
	ea := &p.early
	i := p.head
	defer func() { p.head = i }()
	for k := range ea.jobs {
		for ; i < ea.at[k]; i++ { // entries not handed over: dead or not pending then
			if p.pending(s, p.queue[i]) {
				return served
			}
		}
		j := &ea.jobs[k]
		if !p.pending(s, j.e) {
			i++
			continue
		}
		if j.state != jobDone {
			return served
		}
		if p.prepare(s, j.e, &p.req); !sameRequest(&p.req, &j.req) {
			return served
		}
		p.finish(s, j.e, &j.req, &j.res, j.dur)
		if j.e == p.postponed {
			p.postponed = ecs.Entity{}
		}
		served++
		i++
	}
	return served
}

// pending reports whether queued mobile e still waits for a search; one
// that does not leaves the queue (as prepare drops it).
func (p *pathfinder) pending(s *Sim, e ecs.Entity) bool {
	if !s.w.Alive(e) {
		return false
	}
	pr := s.maps.req.Get(e)
	if !pr.Active {
		pr.Queued = false
		return false
	}
	return true
}
