package systems

import (
	"time"

	"github.com/mlange-42/arche/ecs"

	"shardcore/movement"
	"shardcore/pathing"
)

// failBackoffMs is the least wait, in game ms, before a mobile whose search
// failed asks again (plus the repath jitter).
const failBackoffMs = 1000

// minCappedNodes is the least node budget worth starting a capped search
// with; below it the rest of the queue waits for the next tick.
const minCappedNodes = 16

// pathfindSystem serves the request queue oldest first until the tick's
// budget is spent: Options.TickBudget by Clock, or, when set, the
// deterministic MaxSearchesPerTick / MaxExpansionsPerTick.
//
// Under the time budget every search gets only the nodes the rest of the
// budget allows at the running average cost per expansion (at most
// MaxNodes). A search capped below half a tick's worth of nodes that runs
// out of them is not a failure: its
// request goes back to the head of the queue, the tick ends, and the next
// tick starts with it at a whole tick's budget (at most MaxNodes), final:
// if that does not find a path it fails and backs off. So no request
// starves and no search runs much past the budget.
func (s *Sim) pathfindSystem() {
	start := s.opts.Clock()
	searches, expansions := 0, 0
	det := s.opts.MaxSearchesPerTick > 0 || s.opts.MaxExpansionsPerTick > 0
	for s.qhead < len(s.queue) {
		nodes, capped := s.opts.MaxNodes, false
		if det {
			if (s.opts.MaxSearchesPerTick > 0 && searches >= s.opts.MaxSearchesPerTick) ||
				(s.opts.MaxExpansionsPerTick > 0 && expansions >= s.opts.MaxExpansionsPerTick) {
				break
			}
		} else {
			left := s.opts.TickBudget - (s.opts.Clock() - start)
			if left <= 0 {
				break
			}
			if s.nsPerExp > 0 {
				final := s.queue[s.qhead] == s.deferredHead
				if final {
					left = s.opts.TickBudget // deferred once: a whole tick's budget, then it fails for real
				}
				// a search given half a tick's worth or more is final too
				full := int(float64(s.opts.TickBudget) / s.nsPerExp)
				if c := int(float64(left) / s.nsPerExp); c < nodes {
					nodes, capped = max(c, minCappedNodes), !final && c < full/2
					if !capped {
						// a final search gets at least the default node budget
						// (a coarse clock can make the estimate tiny)
						nodes = max(nodes, min(s.opts.MaxNodes, DefaultMaxNodes))
					}
					if c < minCappedNodes && !final {
						break
					}
				}
			}
		}
		e := s.queue[s.qhead]
		s.qhead++
		if !s.w.Alive(e) {
			continue
		}
		n, deferred := s.serve(e, nodes, capped)
		if n >= 0 {
			searches++
			expansions += n
		}
		if deferred {
			s.qhead-- // still queued, still the oldest: next tick's first search
			s.deferredHead = e
			s.st.deferred++
			break
		}
		if e == s.deferredHead {
			s.deferredHead = ecs.Entity{}
		}
	}
	if s.qhead == len(s.queue) {
		s.queue, s.qhead = s.queue[:0], 0
	} else if s.qhead > 1024 && s.qhead > len(s.queue)/2 {
		k := copy(s.queue, s.queue[s.qhead:])
		s.queue, s.qhead = s.queue[:k], 0
	}
	s.st.pathTime += s.opts.Clock() - start
	s.st.queueLen = len(s.queue) - s.qhead
}

// costSample folds one search's duration per expansion into the running
// average (an exponential moving average over about 32 searches).
func (s *Sim) costSample(dur time.Duration, expansions int) {
	if expansions < 16 || dur <= 0 {
		return
	}
	v := float64(dur) / float64(expansions)
	if s.nsPerExp == 0 {
		s.nsPerExp = v
		return
	}
	s.nsPerExp += (v - s.nsPerExp) / 32
}

// serve runs one entity's search with a node budget of nodes and stores
// the path; it returns the expansions, or -1 when there was nothing to
// search. When capped (nodes is below MaxNodes) and the search ran out of
// nodes without a path, nothing is stored, the request stays active and
// queued, and deferred is true.
func (s *Sim) serve(e ecs.Entity, nodes int, capped bool) (n int, deferred bool) {
	req := s.maps.req.Get(e)
	if !req.Active {
		req.Queued = false
		return -1, false
	}
	pos := s.maps.pos.Get(e)
	mob := s.maps.mob.Get(e)
	path := s.maps.path.Get(e)
	s.preq = pathReqOf(pos.Point(), int(pos.Z), req.Goal, req.Range, movement.Mover{Caps: mob.Caps, Self: mob.ID}, nodes)
	s.preq.Party = s.partyOf(e, mob.ID)
	s.preq.NowMs = s.now // the admission window is game time, as repath intervals are
	t0 := s.opts.Clock()
	s.finder.Find(&s.preq, &s.pres)
	dur := s.opts.Clock() - t0
	s.costSample(dur, s.pres.Expansions)
	if capped && !s.pres.Found && s.pres.Expansions >= nodes {
		return s.pres.Expansions, true
	}
	req.Queued, req.Active = false, false
	path.Steps = append(path.Steps[:0], s.pres.Dirs...)
	path.Zs = append(path.Zs[:0], s.pres.Zs...)
	path.Next, path.Repath, path.Failed = 0, s.tick, !s.pres.Found
	path.RetryAt = 0
	if path.Failed {
		path.RetryAt = s.now + failBackoffMs + s.jitterMs()
	}
	wait := s.tick - req.Since
	s.st.searches++
	if s.pres.Found {
		s.st.found++
	}
	s.st.expansions += uint64(s.pres.Expansions)
	s.st.waitSum += wait
	s.st.maxWait = max(s.st.maxWait, wait)
	s.st.tickMaxWait = max(s.st.tickMaxWait, wait)
	for k, n := range s.pres.Lookups {
		s.st.lookups[k] += uint64(n)
	}
	if s.opts.Recorder != nil {
		s.rec = PathRecord{Tick: s.tick, Map: s.m.ID, MobileID: mob.ID, Party: s.preq.Party, Start: s.preq.Start, StartZ: s.preq.StartZ,
			Goal: req.Goal, Range: req.Range, Caps: mob.Caps, Found: s.pres.Found, Steps: len(s.pres.Dirs),
			Cost: s.pres.Cost, Expansions: s.pres.Expansions, Duration: dur, WaitTicks: wait, Lookups: s.pres.Lookups}
		s.opts.Recorder.RecordPath(&s.rec)
	}
	return s.pres.Expansions, false
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

// pathReqOf builds a search request (uniform game cost).
func pathReqOf(start movement.Point, z int, goal movement.Point, rng int, mv movement.Mover, maxNodes int) pathing.Request {
	return pathing.Request{Start: start, StartZ: z, Goal: goal, Range: rng, Mover: mv, Cost: pathing.Uniform, MaxNodes: maxNodes}
}
