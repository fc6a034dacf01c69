package systems

import (
	"github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"

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

// request marks a path request pending; the pathfinder queues it.
func (s *Sim) request(req *c.PathRequest, goal movement.Point, rng int) {
	req.Goal, req.Range, req.Active, req.Since = goal, rng, true, s.tick
}

// jitterMs draws a repath interval in RepathMinMs..RepathMaxMs.
func (s *Sim) jitterMs() int64 {
	span := s.opts.RepathMaxMs - s.opts.RepathMinMs
	j := s.opts.RepathMinMs
	if span > 0 {
		j += s.rng.IntN(span + 1)
	}
	return int64(j)
}

// followAI keeps followers near their targets.
type followAI struct {
	filter *generic.Filter4[c.Follow, c.Position, c.PathRequest, c.PathState]
}

func newFollowAI(w *ecs.World) followAI {
	f := generic.NewFilter4[c.Follow, c.Position, c.PathRequest, c.PathState]()
	f.Register(w)
	return followAI{filter: f}
}

// update repaths a follower that is not beside its target (goal: a cell
// beside it) when the target drifted more than its slack from the last goal
// and its jittered 100–300 ms interval has come, or when it has no path
// left and is out of its range; out of its full range it repaths without
// waiting for the interval. After a failed search it waits for the path's
// RetryAt, or until the target moves.
func (a *followAI) update(s *Sim) {
	q := a.filter.Query(&s.w)
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

// patrolAI walks patrollers along their waypoint routes.
type patrolAI struct {
	filter *generic.Filter4[c.Patrol, c.Position, c.PathRequest, c.PathState]
}

func newPatrolAI(w *ecs.World) patrolAI {
	f := generic.NewFilter4[c.Patrol, c.Position, c.PathRequest, c.PathState]()
	f.Register(w)
	return patrolAI{filter: f}
}

// update walks each patroller to its next waypoint; a waypoint reached
// (within Tolerance) advances the index, one failed patrolMaxFails times is
// skipped.
func (a *patrolAI) update(s *Sim) {
	q := a.filter.Query(&s.w)
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
			if wp = a.failed(s, p, route, path); s.now < p.NextTry {
				continue
			}
		}
		s.request(req, wp, p.Tolerance)
	}
}

// failed counts a failed search for the current waypoint (skipping it after
// patrolMaxFails) and returns the waypoint to walk to.
func (a *patrolAI) failed(s *Sim, p *c.Patrol, route []movement.Point, path *c.PathState) movement.Point {
	p.Fails++
	p.NextTry = path.RetryAt
	if p.Fails >= patrolMaxFails {
		p.Index = (p.Index + 1) % len(route)
		p.Fails = 0
	}
	path.Failed = false
	return route[p.Index]
}

// wanderAI sends idle wanderers to random cells near home.
type wanderAI struct {
	filter *generic.Filter4[c.Wander, c.Mobile, c.PathRequest, c.PathState]
}

func newWanderAI(w *ecs.World) wanderAI {
	f := generic.NewFilter4[c.Wander, c.Mobile, c.PathRequest, c.PathState]()
	f.Register(w)
	return wanderAI{filter: f}
}

// update sends an idle wanderer to a random cell near home it can be on.
func (a *wanderAI) update(s *Sim) {
	q := a.filter.Query(&s.w)
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
