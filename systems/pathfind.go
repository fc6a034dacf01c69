package systems

import (
	"github.com/mlange-42/arche/ecs"

	"shardcore/movement"
	"shardcore/pathing"
)

// failBackoffMs is the least wait, in game ms, before a mobile whose search
// failed asks again (plus the repath jitter).
const failBackoffMs = 1000

// pathfindSystem serves the request queue oldest first until the tick's
// budget is spent: Options.TickBudget by Clock, or, when set, the
// deterministic MaxSearchesPerTick / MaxExpansionsPerTick. A search once
// started runs to its end (its node budget bounds it), so a tick may pass
// the budget by one search. The rest waits for the next tick.
func (s *Sim) pathfindSystem() {
	start := s.opts.Clock()
	searches, expansions := 0, 0
	det := s.opts.MaxSearchesPerTick > 0 || s.opts.MaxExpansionsPerTick > 0
	for s.qhead < len(s.queue) {
		if det {
			if (s.opts.MaxSearchesPerTick > 0 && searches >= s.opts.MaxSearchesPerTick) ||
				(s.opts.MaxExpansionsPerTick > 0 && expansions >= s.opts.MaxExpansionsPerTick) {
				break
			}
		} else if s.opts.Clock()-start >= s.opts.TickBudget {
			break
		}
		e := s.queue[s.qhead]
		s.qhead++
		if !s.w.Alive(e) {
			continue
		}
		n := s.serve(e)
		if n >= 0 {
			searches++
			expansions += n
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

// serve runs one entity's search and stores the path; it returns the
// expansions, or -1 when there was nothing to search.
func (s *Sim) serve(e ecs.Entity) int {
	req := s.maps.req.Get(e)
	req.Queued = false
	if !req.Active {
		return -1
	}
	req.Active = false
	pos := s.maps.pos.Get(e)
	mob := s.maps.mob.Get(e)
	path := s.maps.path.Get(e)
	s.preq = pathReqOf(pos.Point(), int(pos.Z), req.Goal, req.Range, movement.Mover{Caps: mob.Caps, Self: mob.ID}, s.opts.MaxNodes)
	t0 := s.opts.Clock()
	s.finder.Find(&s.preq, &s.pres)
	dur := s.opts.Clock() - t0
	path.Steps = append(path.Steps[:0], s.pres.Dirs...)
	path.Zs = append(path.Zs[:0], s.pres.Zs...)
	path.Next, path.Repath, path.Failed = 0, s.tick, !s.pres.Found
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
		s.rec = PathRecord{Tick: s.tick, Map: s.m.ID, MobileID: mob.ID, Start: s.preq.Start, StartZ: s.preq.StartZ,
			Goal: req.Goal, Range: req.Range, Caps: mob.Caps, Found: s.pres.Found, Steps: len(s.pres.Dirs),
			Cost: s.pres.Cost, Expansions: s.pres.Expansions, Duration: dur, WaitTicks: wait, Lookups: s.pres.Lookups}
		s.opts.Recorder.RecordPath(&s.rec)
	}
	return s.pres.Expansions
}

// pathReqOf builds a search request (uniform game cost).
func pathReqOf(start movement.Point, z int, goal movement.Point, rng int, mv movement.Mover, maxNodes int) pathing.Request {
	return pathing.Request{Start: start, StartZ: z, Goal: goal, Range: rng, Mover: mv, Cost: pathing.Uniform, MaxNodes: maxNodes}
}
