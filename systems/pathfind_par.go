package systems

import (
	"sync/atomic"
	"time"

	"github.com/mlange-42/arche/ecs"

	"github.com/shardcore/shardcore/pathing"
)

// The parallel pathfinding stage: with Options.SearchWorkers > 1 (and no
// deterministic budget, no recording under way) the oldest requests of the
// queue are prepared on the Sim's goroutine, searched by the Sim's
// goroutine and SearchWorkers-1 helpers at once, each taking the next
// request until the tick's time budget is spent, and applied in queue
// order on the Sim's goroutine. While they search nothing else runs: the
// world, the spatial index and the step cache (through per-finder
// read-only views, SearchStage) are only read, and every finder has its
// own scratch. A search's outcome does not depend on which worker ran it.
//
// A worker whose finder can pause (pathing.Pauser) searches up to the
// stage's deadline and no further: a search still running then pauses and
// the worker holds it (searchWorker.held), its request staying queued in
// its place. The next stage resumes it on that worker, first, if the
// request is still the same (start, goal, range, caps, party); the
// expansions done stand and the rest see the world of that tick. A hold
// its worker does not come to in that stage (a helper that started late)
// is dropped, and the request searched afresh. So no search runs a stage
// past its budget, however long it is.

// Job states.
const (
	jobOpen      uint8 = iota // not searched this tick: stays queued
	jobDone                   // searched: its outcome is applied
	jobPostponed              // a capped search ran out of nodes: stays queued, final next tick
	jobHeld                   // a worker holds this request's paused search: no other takes it
	jobPaused                 // paused this round: its worker now holds it, it stays queued
)

// job is one request of a parallel stage.
type job struct {
	e     ecs.Entity
	req   pathing.Request
	res   pathing.Result
	dur   time.Duration
	state uint8
}

// searchWorker is one worker's finder and running cost per expansion, and
// the search it paused, if any.
type searchWorker struct {
	finder pathing.Finder
	pauser pathing.Pauser // finder, when its searches can pause; else nil
	view   *searchView    // finder's view of the dynamics (nil: no mobile horizon)
	cost   costEstimator
	// held is the paused search (holding), its request, result and time so
	// far. resume says this round's jobs hold its request unchanged (the
	// worker resumes it first); one that ends moves to resumed (done) until
	// applyJobs serves it, so held is free for the round's next pause.
	held, resumed         job
	holding, resume, done bool
}

// parallel is the stage's state; the jobs and workers are reused.
type parallel struct {
	workers []*searchWorker // [0]: the Sim's goroutine's
	jobs    []job
	next    atomic.Int64 // the next job to take
	served  int          // searches in the last stage: sizes the next batch
	gate    helpGate     // the helpers' way in
}

// recording reports whether r records searches now (a Recorder that
// cannot say is taken to be recording).
func recording(r Recorder) bool {
	if r == nil {
		return false
	}
	rr, ok := r.(interface{ Recording() bool })
	return !ok || rr.Recording()
}

// useParallel reports whether this tick's pathfinding runs in parallel.
func (p *pathfinder) useParallel(s *Sim) bool {
	o := &s.opts
	return p.par != nil && o.MaxSearchesPerTick == 0 && o.MaxExpansionsPerTick == 0 && !recording(o.Recorder)
}

// updateParallel is update's parallel stage, in rounds: a batch of the
// oldest requests (about twice what the last stage served) is searched and
// applied; while every request of the round was served and budget is left,
// another round follows.
func (p *pathfinder) updateParallel(s *Sim, start time.Duration) {
	ps := p.par
	want, served := max(32, 2*ps.served+16), 0
	for p.head < len(p.queue) && s.opts.TickBudget > s.opts.Clock()-start {
		consumed := p.prepareJobs(s, want)
		if len(ps.jobs) > 0 {
			s.opts.Backend.Begin()
			ps.run(s, p.postponed, start)
			s.opts.Backend.End()
		}
		n, all := p.applyJobs(s, consumed)
		served += n
		if !all {
			break
		}
	}
	ps.served = served
}

// prepareJobs turns up to want of the oldest queued requests into jobs and
// returns how many queue entries it consumed (dead or inactive ones drop).
func (p *pathfinder) prepareJobs(s *Sim, want int) int {
	ps := p.par
	ps.jobs = ps.jobs[:0]
	i := p.head
	for ; i < len(p.queue) && len(ps.jobs) < want; i++ {
		e := p.queue[i]
		if !s.w.Alive(e) {
			continue
		}
		n := len(ps.jobs)
		if n < cap(ps.jobs) {
			ps.jobs = ps.jobs[:n+1] // a job's Result keeps its buffers
		} else {
			ps.jobs = append(ps.jobs, job{})
		}
		j := &ps.jobs[n]
		j.e, j.state = e, jobOpen
		if !p.prepare(s, e, &j.req) {
			ps.jobs = ps.jobs[:n]
			continue
		}
		if w := ps.holder(e); w != nil && sameRequest(&w.held.req, &j.req) {
			j.state, w.resume = jobHeld, true
		}
	}
	for _, w := range ps.workers {
		if w.holding && !w.resume {
			w.holding = false // its request changed or left this round's jobs: drop the search
		}
	}
	return i - p.head
}

// run searches the jobs on every worker until they are done or the budget
// is spent, and returns once no helper searches any more.
func (ps *parallel) run(s *Sim, postponed ecs.Entity, start time.Duration) {
	ps.next.Store(0)
	gen := ps.gate.open()
	for _, w := range ps.workers[1:] {
		ps.gate.help(gen, func() { ps.work(s, w, postponed, start) })
	}
	ps.work(s, ps.workers[0], postponed, start)
	ps.gate.close()
	ps.gate.wait()
}

// applyJobs applies the round's outcomes in queue order and puts the
// requests not served back at the queue's head, in order, in place of the
// consumed entries; it returns how many it served and whether that was all.
func (p *pathfinder) applyJobs(s *Sim, consumed int) (served int, all bool) {
	ps := p.par
	taken := min(int(ps.next.Load()), len(ps.jobs))
	kept := 0
	var first ecs.Entity
	for i := range ps.jobs {
		j := &ps.jobs[i]
		if j.state == jobHeld {
			if w := ps.resumer(j.e); w != nil {
				p.finish(s, j.e, &w.resumed.req, &w.resumed.res, w.resumed.dur)
				w.done = false
				continue
			}
		} else if i < taken && j.state == jobDone {
			p.finish(s, j.e, &j.req, &j.res, j.dur)
			if j.e == p.postponed {
				p.postponed = ecs.Entity{}
			}
			continue
		}
		if i < taken && j.state == jobPostponed {
			s.st.postponed++
			if first.IsZero() {
				first = j.e
			}
		}
		ps.jobs[kept].e = j.e // the entities kept, in order (jobs only move down)
		kept++
	}
	if !first.IsZero() {
		p.postponed = first
	}
	for _, w := range ps.workers {
		if w.resume {
			w.holding = false // its worker did not come to it (a helper started late): searched afresh
		}
		w.resume, w.done = false, false
	}
	p.head += consumed - kept
	for i := 0; i < kept; i++ {
		p.queue[p.head+i] = ps.jobs[i].e
	}
	return len(ps.jobs) - kept, kept == 0
}
