package systems

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/pathing"
)

// gatedFinder is a classic A* whose first search on worker 0 waits until
// another worker has searched, so a stage's workers surely overlap.
type gatedFinder struct {
	f      pathing.Finder
	worker int
	gate   *sync.WaitGroup // done once a helper searched
	once   *sync.Once
	calls  *atomic.Int64
	helped *atomic.Int64
}

func (g *gatedFinder) Find(req *pathing.Request, res *pathing.Result) {
	g.calls.Add(1)
	if g.worker != 0 {
		g.helped.Add(1)
		g.once.Do(g.gate.Done)
	} else if g.helped.Load() == 0 {
		g.gate.Wait()
	}
	g.f.Find(req, res)
}

// TestParallelStageServesInQueueOrder: 24 patrollers asking at once are
// served in one tick by two workers that surely overlap, every one found,
// each path the classic A*'s, stored on its own mobile; the run ends where
// the same run on the Sim's goroutine alone ends.
func TestParallelStageServesInQueueOrder(t *testing.T) {
	m, td := gridWorld(t)
	run := func(workers int) (uint64, Stats, int64) {
		var gate sync.WaitGroup
		gate.Add(1)
		var once sync.Once
		var calls, helped atomic.Int64
		n := 0
		o := Options{TickBudget: time.Hour, Clock: func() time.Duration { return 0 }, SearchWorkers: workers,
			Backend: LiveBackend{NewSharedFinder: func(r *movement.Rules) pathing.Finder {
				g := &gatedFinder{f: pathing.NewClassic(r), worker: n, gate: &gate, once: &once, calls: &calls, helped: &helped}
				n++
				return g
			}}}
		s, cf := newSim(t, m, td, o)
		spawnPatrollers(t, s, 12)
		for i := 0; i < 40; i++ {
			s.Step()
		}
		if workers > 1 && cf.calls != 0 {
			t.Fatalf("the Sim's own finder searched %d times in parallel mode", cf.calls)
		}
		return s.PositionsHash(), s.Stats(), helped.Load()
	}
	h1, s1, _ := run(1)
	h2, s2, helped := run(2)
	if helped == 0 {
		t.Fatal("the helper never searched")
	}
	if h1 != h2 || s1.Searches != s2.Searches || s1.Steps != s2.Steps || s2.QueueLen != 0 || s2.MaxWaitTicks != 0 {
		t.Fatalf("sequential %x %+v; parallel %x %+v", h1, s1, h2, s2)
	}
}

// TestParallelStageBudget: under a real budget the stage stops taking
// requests once it is spent; the rest stay queued in order and are served
// on later ticks, none lost, none twice.
func TestParallelStageBudget(t *testing.T) {
	m, td := gridWorld(t)
	clk := &fakeClock{step: 50 * time.Microsecond}
	var mu sync.Mutex
	read := func() time.Duration { mu.Lock(); defer mu.Unlock(); return clk.read() }
	o := Options{TickBudget: time.Millisecond, Clock: read, SearchWorkers: 2,
		Backend: LiveBackend{NewSharedFinder: func(r *movement.Rules) pathing.Finder { return pathing.NewClassic(r) }}}
	s, _ := newSim(t, m, td, o)
	ids := spawnPatrollers(t, s, 14)
	s.Step()
	if st := s.Stats(); st.Searches == 0 || st.Searches >= uint64(len(ids)) || st.QueueLen != len(ids)-int(st.Searches) {
		t.Fatalf("first tick: %d searches, queue %d of %d requests", st.Searches, st.QueueLen, len(ids))
	}
	for i := 0; i < 30 && s.Stats().QueueLen > 0; i++ {
		s.Step()
	}
	if st := s.Stats(); st.QueueLen != 0 || st.Searches < uint64(len(ids)) {
		t.Fatalf("after 30 ticks: %+v", st)
	}
}

// pausingFinder is a classic A* that pauses every search it is given a
// clock for at its first call and ends it on Resume, checking that Resume
// continues the request it paused.
type pausingFinder struct {
	f       pathing.Finder
	held    pathing.Request
	holding bool
	pauses  *atomic.Int64
	bad     *atomic.Int64 // Resume of nothing, or of another request
}

func (p *pausingFinder) Find(req *pathing.Request, res *pathing.Result) {
	*res = pathing.Result{Dirs: res.Dirs[:0], Zs: res.Zs[:0]}
	if req.Clock == nil {
		p.f.Find(req, res)
		return
	}
	p.held, p.holding, res.Paused = *req, true, true
	p.pauses.Add(1)
}

func (p *pausingFinder) Resume(req *pathing.Request, res *pathing.Result) {
	if !p.holding || !sameRequest(&p.held, req) || req.Clock == nil {
		p.bad.Add(1)
		return
	}
	p.holding = false
	p.f.Find(&p.held, res)
	res.Paused = false
}

// TestParallelStageResumesPausedSearches: with finders that pause every
// search once (at the stage's deadline, as the cache A* can), each paused
// search is held by its worker, resumed in a later tick on the same request
// (or, when a helper starts too late to come to it, dropped and searched
// afresh) and served once: every patroller gets its path, none twice, the
// queue drains, and no resume goes to another request.
func TestParallelStageResumesPausedSearches(t *testing.T) {
	m, td := gridWorld(t)
	var pauses, bad atomic.Int64
	clk := &fakeClock{step: 10 * time.Microsecond}
	var mu sync.Mutex
	read := func() time.Duration { mu.Lock(); defer mu.Unlock(); return clk.read() }
	o := Options{TickBudget: time.Millisecond, Clock: read, SearchWorkers: 2,
		Backend: LiveBackend{NewSharedFinder: func(r *movement.Rules) pathing.Finder {
			return &pausingFinder{f: pathing.NewClassic(r), pauses: &pauses, bad: &bad}
		}}}
	s, _ := newSim(t, m, td, o)
	ids := spawnPatrollers(t, s, 10)
	for i := 0; i < 60; i++ {
		s.Step()
	}
	st := s.Stats()
	if st.QueueLen != 0 || st.Searches < uint64(len(ids)) || st.Found < uint64(len(ids)) {
		t.Fatalf("after the ticks: %d searches, %d found, queue %d, for %d patrollers", st.Searches, st.Found, st.QueueLen, len(ids))
	}
	if pauses.Load() < int64(len(ids)) || bad.Load() != 0 {
		t.Fatalf("%d pauses for %d patrollers, %d bad resumes", pauses.Load(), len(ids), bad.Load())
	}
	if st.Searches > uint64(pauses.Load()) {
		t.Fatalf("%d searches served, %d paused: a paused search was served twice", st.Searches, pauses.Load())
	}
}
