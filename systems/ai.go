package systems

import (
	c "shardcore/components"
	"shardcore/movement"
)

// patrolMaxFails is how many failed searches skip a patrol waypoint.
const patrolMaxFails = 3

func cheb(a, b movement.Point) int {
	return max(absInt(a.X-b.X), absInt(a.Y-b.Y))
}

func absInt(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// request marks a path request pending; the path-request system queues it.
func (s *Sim) request(req *c.PathRequest, goal movement.Point, rng int) {
	req.Goal, req.Range, req.Active, req.Since = goal, rng, true, s.tick
}

func (s *Sim) jitterMs() int64 {
	span := s.opts.RepathMaxMs - s.opts.RepathMinMs
	j := s.opts.RepathMinMs
	if span > 0 {
		j += s.rng.IntN(span + 1)
	}
	return int64(j)
}

// aiSystem turns intents into path requests (follow, patrol, wander) and
// walked-route steps (walk).
func (s *Sim) aiSystem() {
	s.followAI()
	s.patrolAI()
	s.walkAI()
	s.wanderAI()
}

// followAI keeps a follower near its target. Once not beside it, it
// repaths (goal: a cell beside it) when the target drifted more than its
// slack from the last goal and its jittered 100–300 ms interval has come,
// or when it has no path left and is out of its range; out of
// its full range it repaths without waiting for the interval. After a failed
// search it waits for the path's RetryAt, or until the target moves.
func (s *Sim) followAI() {
	q := s.filters.follow.Query(&s.w)
	for q.Next() {
		f, pos, req, path := q.Get()
		if req.Active || !s.w.Alive(f.Target) {
			continue
		}
		tp := s.maps.pos.Get(f.Target).Point()
		d := cheb(pos.Point(), tp)
		inner := 1 // the goal: beside the target (close enough that a ledge rarely separates them)
		if d <= inner {
			path.Clear() // close enough: stop
			continue
		}
		moved := tp != f.LastGoal
		// After a failed search a follower waits out its back-off unless
		// the target has moved since: then the way may be open again (a
		// jam in a corridor clears as its owner walks on).
		if path.Failed && s.now < path.RetryAt && !moved {
			continue
		}
		due := s.now >= f.NextRepath
		// A path still under way ends beside the target's old cell: worth
		// replacing on the interval only once the target drifted more than
		// the follower's slack from it (its range less one, at least 1).
		drifted := cheb(tp, f.LastGoal) > max(f.Range-1, 1)
		urgent := d > f.Range && moved
		idle := path.Remaining() == 0 && d > max(f.Range, inner) // within range, a follower without a path waits
		if (drifted && due) || urgent || idle {
			s.request(req, tp, inner)
			f.LastGoal = tp
			f.NextRepath = s.now + s.jitterMs()
		}
	}
}

// patrolAI walks each patroller to its next waypoint; a waypoint reached
// (within Tolerance) advances the index, one failed patrolMaxFails times is
// skipped.
func (s *Sim) patrolAI() {
	q := s.filters.patrol.Query(&s.w)
	for q.Next() {
		p, pos, req, path := q.Get()
		if req.Active {
			continue
		}
		route := s.routes[p.Route]
		wp := route[p.Index]
		if cheb(pos.Point(), wp) <= p.Tolerance {
			p.Index = (p.Index + 1) % len(route)
			p.Fails = 0
			path.Clear()
			s.request(req, route[p.Index], p.Tolerance)
			continue
		}
		if path.Remaining() > 0 || s.now < p.NextTry {
			continue
		}
		if path.Failed && req.Goal == wp {
			p.Fails++
			p.NextTry = path.RetryAt
			if p.Fails >= patrolMaxFails {
				p.Index = (p.Index + 1) % len(route)
				p.Fails = 0
				wp = route[p.Index]
			}
			path.Failed = false
			if s.now < p.NextTry {
				continue
			}
		}
		s.request(req, wp, p.Tolerance)
	}
}

// wanderAI sends an idle wanderer to a random cell near home it can be on.
func (s *Sim) wanderAI() {
	q := s.filters.wander.Query(&s.w)
	for q.Next() {
		wd, mob, req, path := q.Get()
		if req.Active || path.Remaining() > 0 || s.now < wd.NextTry {
			continue
		}
		wd.NextTry = s.now + 1000 + int64(s.rng.IntN(2000))
		for try := 0; try < 8; try++ {
			x := wd.Home.X + s.rng.IntN(2*wd.Radius+1) - wd.Radius
			y := wd.Home.Y + s.rng.IntN(2*wd.Radius+1) - wd.Radius
			if s.canBeOn(mob.Caps, x, y) {
				s.request(req, movement.Point{X: x, Y: y}, 0)
				break
			}
		}
	}
}

// canBeOn is a cheap goal filter: sea creatures want wet cells, others dry
// passable land.
func (s *Sim) canBeOn(caps movement.Caps, x, y int) bool {
	if !s.m.InBounds(x, y) {
		return false
	}
	wet := IsWet(s.m, s.td, x, y)
	if caps&movement.CantWalk != 0 {
		return caps&movement.CanSwim != 0 && wet
	}
	return !wet || caps&movement.CanSwim != 0
}

// requestSystem queues pending path requests, in query order.
func (s *Sim) requestSystem() {
	q := s.filters.req.Query(&s.w)
	for q.Next() {
		req := q.Get()
		if req.Active && !req.Queued {
			req.Queued = true
			s.queue = append(s.queue, q.Entity())
		}
	}
}
