package systems

import (
	"time"

	"github.com/mlange-42/arche/ecs"

	c "github.com/shardcore/shardcore/components"
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/pathing"
)

// failBackoffMs is the least wait, in game ms, before a mobile whose search
// failed asks again (plus the repath jitter).
const failBackoffMs = 1000

// pathfinder is the path request queue and the system that serves it: the
// finder, the node budget with its cost estimator, the request postponed to
// the next tick, and the search scratch. Requests join the queue when they
// are made (Sim.request), oldest first.
type pathfinder struct {
	finder pathing.Finder
	view   *searchView // finder's view of the dynamics (nil: no mobile horizon)
	queue  []ecs.Entity
	head   int
	// postponed is the request a capped search ran out of nodes on: the
	// next tick serves it first, final (searchBudget).
	postponed ecs.Entity
	cost      costEstimator
	req       pathing.Request
	res       pathing.Result
	rec       PathRecord
	par       *parallel // the parallel stage's workers (nil: none)
}

func newPathfinder(finder pathing.Finder) *pathfinder {
	return &pathfinder{finder: finder}
}

// update serves the queue oldest first until the tick's budget is spent:
// Options.TickBudget by Clock (node budgets from searchBudget), or, when
// set, the deterministic MaxSearchesPerTick / MaxExpansionsPerTick. A
// capped search that runs out of nodes ends the tick with its request
// postponed to the head of the queue. With search workers the queue is
// served in parallel (pathfind_par.go).
func (p *pathfinder) update(s *Sim) {
	start := s.opts.Clock()
	if p.useParallel(s) {
		p.updateParallel(s, start)
		p.compact()
		s.st.pathTime += s.opts.Clock() - start
		s.st.queueLen = len(p.queue) - p.head
		return
	}
	searches, expansions := 0, 0
	for p.head < len(p.queue) {
		nodes, capped, ok := p.budget(s, start, searches, expansions)
		if !ok {
			break
		}
		e := p.queue[p.head]
		p.head++
		if !s.w.Alive(e) {
			continue
		}
		n, postponed := p.serve(s, e, nodes, capped)
		if n >= 0 {
			searches++
			expansions += n
		}
		if postponed {
			p.head-- // still queued, still the oldest: next tick's first search
			p.postponed = e
			s.st.postponed++
			break
		}
		if e == p.postponed {
			p.postponed = ecs.Entity{}
		}
	}
	p.compact()
	s.st.pathTime += s.opts.Clock() - start
	s.st.queueLen = len(p.queue) - p.head
}

// budget returns the next search's node budget, or ok false when the tick
// starts no more searches.
func (p *pathfinder) budget(s *Sim, start time.Duration, searches, expansions int) (nodes int, capped, ok bool) {
	o := &s.opts
	if o.MaxSearchesPerTick > 0 || o.MaxExpansionsPerTick > 0 {
		spent := (o.MaxSearchesPerTick > 0 && searches >= o.MaxSearchesPerTick) ||
			(o.MaxExpansionsPerTick > 0 && expansions >= o.MaxExpansionsPerTick)
		return o.MaxNodes, false, !spent
	}
	left := o.TickBudget - (o.Clock() - start)
	final := p.queue[p.head] == p.postponed
	return searchBudget(left, o.TickBudget, p.cost.nsPerExp, o.MaxNodes, final, searches == 0)
}

// compact drops served requests from the queue's front.
func (p *pathfinder) compact() {
	if p.head == len(p.queue) {
		p.queue, p.head = p.queue[:0], 0
	} else if p.head > 1024 && p.head > len(p.queue)/2 {
		k := copy(p.queue, p.queue[p.head:])
		p.queue, p.head = p.queue[:k], 0
	}
}

// serve runs one entity's search with a node budget of nodes and stores
// the path; it returns the expansions, or -1 when there was nothing to
// search. When capped and the search ran out of nodes without a path,
// nothing is stored, the request stays active and queued, and postponed is
// true.
func (p *pathfinder) serve(s *Sim, e ecs.Entity, nodes int, capped bool) (n int, postponed bool) {
	if !p.prepare(s, e, &p.req) {
		return -1, false
	}
	ceiling := nodeCeiling(&s.opts, &p.req)
	p.req.MaxNodes = min(nodes, ceiling)
	t0 := s.opts.Clock()
	p.view.look(p.req.Start)
	p.finder.Find(&p.req, &p.res)
	dur := s.opts.Clock() - t0
	p.cost.sample(dur, p.res.Expansions)
	if capped && nodes < ceiling && !p.res.Found && p.res.Expansions >= nodes {
		return p.res.Expansions, true
	}
	p.finish(s, e, &p.req, &p.res, dur)
	return p.res.Expansions, false
}

// prepare fills req with mobile e's pending request; false when it has
// none any more (it leaves the queue).
func (p *pathfinder) prepare(s *Sim, e ecs.Entity, req *pathing.Request) bool {
	pr := s.maps.req.Get(e)
	if !pr.Active {
		pr.Queued = false
		return false
	}
	pos := s.maps.pos.Get(e)
	mob := s.maps.mob.Get(e)
	*req = pathing.Request{Start: pos.Point(), StartZ: int(pos.Z), Goal: pr.Goal, Range: pr.Range,
		Mover: movement.Mover{Caps: mob.Caps, Self: mob.ID}, Cost: pathing.Uniform,
		Party: s.partyOf(e, mob.ID), NowMs: s.now} // the admission window is game time, as repath intervals are
	return true
}

// finish serves mobile e's request with the search's outcome res (req
// asked for it, with its node budget, in dur): the path is stored, the
// request leaves the queue, and it is counted and recorded.
func (p *pathfinder) finish(s *Sim, e ecs.Entity, req *pathing.Request, res *pathing.Result, dur time.Duration) {
	pr := s.maps.req.Get(e)
	pr.Queued, pr.Active = false, false
	p.store(s, s.maps.path.Get(e), res)
	p.trust(s, e, req, res)
	s.pathChanged(e)
	wait := s.tick - pr.Since
	s.st.served(res, wait)
	if !res.Found && s.ev.wants(EventPathFailed) {
		ev := s.event(EventPathFailed, req.Mover.Self, req.Start.X, req.Start.Y, req.StartZ)
		ev.Goal, ev.Reason = pr.Goal, FailReasonOf(s.m, req, res)
		s.ev.add(ev)
	}
	if s.opts.Recorder != nil {
		p.rec = PathRecord{Tick: s.tick, Map: s.m.ID, MobileID: req.Mover.Self, Party: req.Party, Start: req.Start, StartZ: req.StartZ,
			Goal: pr.Goal, Range: pr.Range, Caps: req.Mover.Caps, MaxNodes: req.MaxNodes, Found: res.Found, Steps: len(res.Dirs),
			Cost: res.Cost, Expansions: res.Expansions, Duration: dur, WaitTicks: wait, Lookups: res.Lookups, Unreachable: res.Unreachable}
		s.opts.Recorder.RecordPath(&p.rec)
	}
}

// store copies the search's outcome into the mobile's path; a failed one
// backs off.
func (p *pathfinder) store(s *Sim, path *c.PathState, res *pathing.Result) {
	path.Steps = append(path.Steps[:0], res.Dirs...)
	path.Zs = append(path.Zs[:0], res.Zs...)
	path.Next, path.Repath, path.Failed = 0, s.tick, !res.Found
	path.RetryAt, path.Trust = 0, 0
	if path.Failed {
		path.RetryAt = s.now + failBackoffMs + s.jitterMs()
	}
}

// trust stamps mobile e's new path as the search's answer
// (PathState.Trust) when the search found one from where e stands and
// movement may take its steps on its word (Options.CheckEveryStep off).
func (p *pathfinder) trust(s *Sim, e ecs.Entity, req *pathing.Request, res *pathing.Result) {
	if !res.Found || s.opts.CheckEveryStep {
		return
	}
	if pos := s.maps.pos.Get(e); pos.Point() == req.Start && int(pos.Z) == req.StartZ {
		s.maps.path.Get(e).Trust = s.idx.TrustStamp()
	}
}

// partyOf returns whom mobile e (id) travels with, for the step cache's
// admission gate: a follower's target, else itself.
func (s *Sim) partyOf(e ecs.Entity, id uint64) uint64 {
	if s.maps.follow.Has(e) {
		if t := s.maps.follow.Get(e).Target; s.w.Alive(t) {
			return s.maps.mob.Get(t).ID
		}
	}
	return id
}
