package systems

import (
	"time"

	"github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"

	c "shardcore/components"
	"shardcore/movement"
	"shardcore/pathing"
)

// failBackoffMs is the least wait, in game ms, before a mobile whose search
// failed asks again (plus the repath jitter).
const failBackoffMs = 1000

// pathfinder is the path request queue and the system that serves it: the
// finder, the node budget with its cost estimator, the request postponed to
// the next tick, and the search scratch.
type pathfinder struct {
	filter *generic.Filter1[c.PathRequest]
	finder pathing.Finder
	queue  []ecs.Entity
	head   int
	// postponed is the request a capped search ran out of nodes on: the
	// next tick serves it first, final (searchBudget).
	postponed ecs.Entity
	cost      costEstimator
	req       pathing.Request
	res       pathing.Result
	rec       PathRecord
}

func newPathfinder(w *ecs.World, finder pathing.Finder) *pathfinder {
	f := generic.NewFilter1[c.PathRequest]()
	f.Register(w)
	return &pathfinder{filter: f, finder: finder}
}

// enqueue queues pending path requests, in query order (the request system).
func (p *pathfinder) enqueue(s *Sim) {
	q := p.filter.Query(&s.w)
	for q.Next() {
		req := q.Get()
		if req.Active && !req.Queued {
			req.Queued = true
			p.queue = append(p.queue, q.Entity())
		}
	}
}

// update serves the queue oldest first until the tick's budget is spent:
// Options.TickBudget by Clock (node budgets from searchBudget), or, when
// set, the deterministic MaxSearchesPerTick / MaxExpansionsPerTick. A
// capped search that runs out of nodes ends the tick with its request
// postponed to the head of the queue.
func (p *pathfinder) update(s *Sim) {
	start := s.opts.Clock()
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
	req := s.maps.req.Get(e)
	if !req.Active {
		req.Queued = false
		return -1, false
	}
	pos := s.maps.pos.Get(e)
	mob := s.maps.mob.Get(e)
	p.req = pathing.Request{Start: pos.Point(), StartZ: int(pos.Z), Goal: req.Goal, Range: req.Range,
		Mover: movement.Mover{Caps: mob.Caps, Self: mob.ID}, Cost: pathing.Uniform, MaxNodes: nodes,
		Party: s.partyOf(e, mob.ID), NowMs: s.now} // the admission window is game time, as repath intervals are
	t0 := s.opts.Clock()
	p.finder.Find(&p.req, &p.res)
	dur := s.opts.Clock() - t0
	p.cost.sample(dur, p.res.Expansions)
	if capped && !p.res.Found && p.res.Expansions >= nodes {
		return p.res.Expansions, true
	}
	req.Queued, req.Active = false, false
	p.store(s, s.maps.path.Get(e))
	wait := s.tick - req.Since
	s.st.served(&p.res, wait)
	if s.opts.Recorder != nil {
		p.rec = PathRecord{Tick: s.tick, Map: s.m.ID, MobileID: mob.ID, Party: p.req.Party, Start: p.req.Start, StartZ: p.req.StartZ,
			Goal: req.Goal, Range: req.Range, Caps: mob.Caps, MaxNodes: nodes, Found: p.res.Found, Steps: len(p.res.Dirs),
			Cost: p.res.Cost, Expansions: p.res.Expansions, Duration: dur, WaitTicks: wait, Lookups: p.res.Lookups}
		s.opts.Recorder.RecordPath(&p.rec)
	}
	return p.res.Expansions, false
}

// store copies the search's outcome into the mobile's path; a failed one
// backs off.
func (p *pathfinder) store(s *Sim, path *c.PathState) {
	path.Steps = append(path.Steps[:0], p.res.Dirs...)
	path.Zs = append(path.Zs[:0], p.res.Zs...)
	path.Next, path.Repath, path.Failed = 0, s.tick, !p.res.Found
	path.RetryAt = 0
	if path.Failed {
		path.RetryAt = s.now + failBackoffMs + s.jitterMs()
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
