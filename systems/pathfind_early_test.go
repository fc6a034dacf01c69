package systems

import (
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/pathing"
	"github.com/shardcore/shardcore/world"
)

// earlyRun runs patrollers, each followed by a pet, for ticks ticks with
// workers search workers, and returns the positions hash and the figures.
// drain has the helper search every request handed over to it.
func earlyRun(t *testing.T, workers int, noEarly, drain bool, ticks int) (uint64, Stats) {
	t.Helper()
	m, td := gridWorld(t)
	o := Options{TickBudget: time.Hour, Clock: func() time.Duration { return 0 }, SearchWorkers: workers, NoEarlySearch: noEarly,
		Backend: LiveBackend{NewSharedFinder: func(r *movement.Rules) pathing.Finder { return pathing.NewClassic(r) }}}
	s, _ := newSim(t, m, td, o)
	if drain {
		s.paths.early.drain = true
	}
	for _, id := range spawnPatrollers(t, s, 10) {
		at, _ := s.MobileState(id)
		if _, err := s.SpawnMobile(MobileSpec{X: int(at.X) + 1, Y: int(at.Y), Speed: 100, Order: Order{Follow: &FollowSpec{Target: id, Range: 2}}}); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < ticks; i++ {
		s.Step()
	}
	return s.PositionsHash(), s.Stats()
}

// TestEarlySearchServesAsTheStageWould: searching while the AI thinks
// changes no outcome. Patrollers and their pets end where they end with
// the Sim's goroutine searching alone, with two workers that wait for the
// AI, and with a helper that searches while it thinks: one that finishes
// every request handed over (each search then served early, none dropped)
// and one that stops when the AI is done.
func TestEarlySearchServesAsTheStageWould(t *testing.T) {
	const ticks = 120
	h1, s1 := earlyRun(t, 1, false, false, ticks)
	h2, s2 := earlyRun(t, 2, true, false, ticks)
	h3, s3 := earlyRun(t, 2, false, true, ticks)
	h4, s4 := earlyRun(t, 2, false, false, ticks)
	t.Logf("searches %d; served early: drained %d of %d, racing %d (dropped %d)", s1.Searches, s3.EarlyServed, s3.Searches, s4.EarlyServed, s4.EarlyDropped)
	if s1.Searches == 0 || s1.Steps == 0 {
		t.Fatalf("nothing happened: %+v", s1)
	}
	for _, r := range []struct {
		name string
		h    uint64
		st   Stats
	}{{"waiting workers", h2, s2}, {"drained helper", h3, s3}, {"racing helper", h4, s4}} {
		if r.h != h1 || r.st.Searches != s1.Searches || r.st.Found != s1.Found || r.st.Steps != s1.Steps || r.st.QueueLen != 0 {
			t.Errorf("%s: hash %x searches %d found %d steps %d queue %d; alone: hash %x searches %d found %d steps %d",
				r.name, r.h, r.st.Searches, r.st.Found, r.st.Steps, r.st.QueueLen, h1, s1.Searches, s1.Found, s1.Steps)
		}
	}
	if s2.EarlyServed != 0 || s1.EarlyServed != 0 {
		t.Errorf("served early with early searches off: %d, %d", s1.EarlyServed, s2.EarlyServed)
	}
	if s3.EarlyServed != s3.Searches || s3.EarlyDropped != 0 {
		t.Errorf("drained helper: %d of %d searches served early, %d dropped", s3.EarlyServed, s3.Searches, s3.EarlyDropped)
	}
	if s4.EarlyServed+s4.EarlyDropped > s4.Searches {
		t.Errorf("racing helper: %d served early and %d dropped of %d searches", s4.EarlyServed, s4.EarlyDropped, s4.Searches)
	}
}

// TestEarlySearchDropsAChangedRequest: a request that changed after it
// was handed over is not served from its early search: it is searched
// again by the stage, for its new goal, and counted dropped; the requests
// before it are served early, those after it by the stage, in order.
func TestEarlySearchDropsAChangedRequest(t *testing.T) {
	m, td := gridWorld(t)
	o := Options{TickBudget: time.Hour, Clock: func() time.Duration { return 0 }, SearchWorkers: 2,
		Backend: LiveBackend{NewSharedFinder: func(r *movement.Rules) pathing.Finder { return pathing.NewClassic(r) }}}
	s, _ := newSim(t, m, td, o)
	s.paths.early.drain = true
	var ids []uint64
	for i := 0; i < 3; i++ {
		id, err := s.SpawnMobile(MobileSpec{X: 2, Y: 2 + 2*i, Speed: 100})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	for _, id := range ids {
		e := s.reg.byID[id]
		s.request(e, s.maps.req.Get(e), world.Point{X: 20, Y: s.maps.pos.Get(e).Point().Y}, 0)
	}
	s.paths.beginEarly(s)
	e1 := s.reg.byID[ids[1]]
	s.maps.req.Get(e1).Goal = world.Point{X: 10, Y: 4} // changed after the hand-over
	s.paths.update(s)
	st := s.Stats()
	if st.Searches != 3 || st.Found != 3 || st.EarlyServed != 1 || st.EarlyDropped != 2 || st.QueueLen != 0 {
		t.Fatalf("searches %d found %d served early %d dropped %d queue %d; want 3, 3, 1, 2, 0", st.Searches, st.Found, st.EarlyServed, st.EarlyDropped, st.QueueLen)
	}
	p := s.maps.path.Get(e1)
	x, y := 2, 4
	for _, d := range p.Steps {
		dx, dy := d.Offset()
		x, y = x+dx, y+dy
	}
	if x != 10 || y != 4 {
		t.Fatalf("mobile %d's path ends at (%d,%d), not at its new goal (10,4)", ids[1], x, y)
	}
}

// earlyStallFinder is a classic A* whose early searches (Deadline 1) run
// until their clock says stop and then pause: each is still under way
// when the AI is done. Resume finishes the held search.
type earlyStallFinder struct {
	f       pathing.Finder
	held    pathing.Request
	holding bool
	stalls  *atomic.Int64
	resumes *atomic.Int64
	bad     *atomic.Int64
}

func (p *earlyStallFinder) Find(req *pathing.Request, res *pathing.Result) {
	*res = pathing.Result{Dirs: res.Dirs[:0], Zs: res.Zs[:0]}
	if req.Clock == nil || req.Deadline != 1 {
		p.f.Find(req, res)
		return
	}
	for req.Clock() < req.Deadline {
		runtime.Gosched()
	}
	p.held, p.holding, res.Paused = *req, true, true
	p.stalls.Add(1)
}

func (p *earlyStallFinder) Resume(req *pathing.Request, res *pathing.Result) {
	if !p.holding || !sameRequest(&p.held, req) {
		p.bad.Add(1)
		return
	}
	p.holding = false
	p.resumes.Add(1)
	p.f.Find(&p.held, res)
	res.Paused = false
}

// TestEarlySearchPausesWhenTheAIIsDone: an early search still under way
// when the AI is done pauses at once, its worker holds it, and the stage
// resumes it on the Sim's goroutine, every one: every request is served
// once and the run ends where the Sim alone ends.
func TestEarlySearchPausesWhenTheAIIsDone(t *testing.T) {
	h1, s1 := earlyRun(t, 1, false, false, 120)
	m, td := gridWorld(t)
	var stalls, resumes, bad atomic.Int64
	o := Options{TickBudget: time.Hour, Clock: func() time.Duration { return 0 }, SearchWorkers: 2,
		Backend: LiveBackend{NewSharedFinder: func(r *movement.Rules) pathing.Finder {
			return &earlyStallFinder{f: pathing.NewClassic(r), stalls: &stalls, resumes: &resumes, bad: &bad}
		}}}
	s, _ := newSim(t, m, td, o)
	s.paths.early.waitStart = true
	for _, id := range spawnPatrollers(t, s, 10) {
		at, _ := s.MobileState(id)
		if _, err := s.SpawnMobile(MobileSpec{X: int(at.X) + 1, Y: int(at.Y), Speed: 100, Order: Order{Follow: &FollowSpec{Target: id, Range: 2}}}); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < 120; i++ {
		s.Step()
	}
	h2, s2 := s.PositionsHash(), s.Stats()
	t.Logf("%d searches; %d early searches paused, %d resumed, %d served early", s2.Searches, stalls.Load(), resumes.Load(), s2.EarlyServed)
	if stalls.Load() == 0 || resumes.Load() != stalls.Load() || bad.Load() != 0 {
		t.Fatalf("%d early searches paused, %d bad resumes", stalls.Load(), bad.Load())
	}
	if h2 != h1 || s2.Searches != s1.Searches || s2.Found != s1.Found || s2.Steps != s1.Steps || s2.QueueLen != 0 {
		t.Fatalf("hash %x searches %d found %d steps %d queue %d; the Sim alone: hash %x searches %d found %d steps %d",
			h2, s2.Searches, s2.Found, s2.Steps, s2.QueueLen, h1, s1.Searches, s1.Found, s1.Steps)
	}
}
