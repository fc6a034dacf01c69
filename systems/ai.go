package systems

import (
	"github.com/mlange-42/arche/ecs"

	c "github.com/shardcore/shardcore/components"
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/world"
)

// patrolMaxFails is how many failed searches skip a patrol waypoint.
const patrolMaxFails = 3

func cheb(a, b world.Point) int {
	return max(absInt(a.X-b.X), absInt(a.Y-b.Y))
}

func absInt(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// request marks mobile e's path request pending and queues it for the
// pathfinder.
func (s *Sim) request(e ecs.Entity, req *c.PathRequest, goal world.Point, rng int) {
	req.Goal, req.Range, req.Active, req.Since = goal, rng, true, s.tick
	if !req.Queued {
		req.Queued = true
		s.paths.queue = append(s.paths.queue, e)
	}
}

// jitterMs draws a repath interval in RepathMinMs..RepathMaxMs.
func (s *Sim) jitterMs() int64 {
	span := s.opts.RepathMaxMs - s.opts.RepathMinMs
	j := s.opts.RepathMinMs
	if span > 0 {
		j += s.rnd.IntN(span + 1)
	}
	return int64(j)
}

// thinker is the AI stage: the mobiles whose think timer came are touched,
// then every touched mobile's intent thinks once (follow, patrol, walk or
// wander: each is a pure function of the mobile's state, what it follows
// and the time, so thinking only when one of them changed, or at the time
// it waits for, decides as thinking every tick would).
type thinker struct {
	due   []timer
	spare []ecs.Entity
	// thinks counts each intent's thinks (index: intent).
	thinks [numIntents]uint64
}

// update runs the AI stage.
func (t *thinker) update(s *Sim) {
	t.due = s.sch.thinks.due(s.now, t.due[:0])
	for _, tm := range t.due {
		if !s.w.Alive(tm.e) {
			continue
		}
		if sc := s.maps.sched.Get(tm.e); sc.thinkAt == tm.at {
			sc.thinkAt = noTimer
			s.touch(tm.e)
		}
	}
	list := s.sch.touched
	s.sch.touched, t.spare = t.spare[:0], nil
	s.sch.round++
	for _, e := range list {
		if !s.w.Alive(e) {
			continue
		}
		k := s.maps.sched.Get(e).intent
		if s.sch.sleep != nil && (k == intentPatrol || k == intentWander) && s.sch.sleep.sleeps(s, e) {
			continue
		}
		t.thinks[k]++
		switch k {
		case intentFollow:
			s.ai.follow.think(s, e)
		case intentPatrol:
			s.ai.patrol.think(s, e)
		case intentWalk:
			s.ai.walk.think(s, e)
		case intentWander:
			s.ai.wander.think(s, e)
		case intentGoTo:
			s.ai.goTo.think(s, e)
		}
	}
	t.spare = list[:0]
}

// followAI keeps followers near their targets.
type followAI struct{}

// think repaths a follower that is not beside its target (goal: a cell
// beside it) when the target drifted more than its slack from the last goal
// and its jittered 100–300 ms interval has come, or when it has no path
// left and is out of its range; out of its full range it repaths without
// waiting for the interval. After a failed search it waits for the path's
// RetryAt, or until the target moves.
func (followAI) think(s *Sim, e ecs.Entity) {
	f, req := s.maps.follow.Get(e), s.maps.req.Get(e)
	if req.Active || !s.w.Alive(f.Target) {
		return
	}
	pos, path := s.maps.pos.Get(e), s.maps.path.Get(e)
	tp := s.maps.pos.Get(f.Target).Point()
	d := cheb(pos.Point(), tp)
	inner := 1 // the goal: beside the target (close enough that a ledge rarely separates them)
	sc := s.maps.sched.Get(e)
	if d <= inner {
		path.Clear() // close enough: stop
		sc.chasing = false
		return
	}
	if sc.chasing {
		s.chase(e, f, pos, path, tp)
		return
	}
	moved := tp != f.LastGoal
	// After a failed search a follower waits out its back-off unless
	// the target has moved since: then the way may be open again (a
	// jam in a corridor clears as its owner walks on).
	if path.Failed && s.now < path.RetryAt && !moved {
		s.schedThink(e, path.RetryAt)
		return
	}
	due := s.now >= f.NextRepath
	// A path still under way ends beside the target's old cell: worth
	// replacing on the interval only once the target drifted more than
	// the follower's slack from it (its range less one, at least 1).
	drifted := cheb(tp, f.LastGoal) > max(f.Range-1, 1)
	urgent := d > f.Range && moved
	idle := path.Remaining() == 0 && d > max(f.Range, inner) // within range, a follower without a path waits
	if (drifted && due) || urgent || idle {
		if s.opts.FollowDirect && path.Remaining() == 0 {
			sc.chasing = true
			s.chase(e, f, pos, path, tp)
			return
		}
		s.request(e, req, tp, inner)
		f.LastGoal = tp
		f.NextRepath = s.now + s.jitterMs()
		return
	}
	if drifted {
		s.schedThink(e, f.NextRepath)
	}
}

// patrolAI walks patrollers along their waypoint routes.
type patrolAI struct{}

// think walks a patroller to its next waypoint; a waypoint reached
// (within Tolerance) advances the index, one failed patrolMaxFails times is
// skipped. A patroller with no path left waits for its NextTry (its login
// delay at spawn, a failed search's back-off) even when it stands on a
// waypoint: 3,319 of the 100,000-mobile run's patrols spawned within
// reach of theirs and asked for their first path in tick 0.
func (a patrolAI) think(s *Sim, e ecs.Entity) {
	req := s.maps.req.Get(e)
	if req.Active {
		return
	}
	p, pos, path := s.maps.patrol.Get(e), s.maps.pos.Get(e), s.maps.path.Get(e)
	if path.Remaining() == 0 && s.now < p.NextTry { // a login delay, or a failed search's back-off
		s.schedThink(e, p.NextTry)
		return
	}
	route := s.reg.routes[p.Route]
	wp := route[p.Index]
	if cheb(pos.Point(), wp) <= p.Tolerance {
		p.Index = (p.Index + 1) % len(route)
		p.Fails = 0
		path.Clear()
		s.request(e, req, route[p.Index], p.Tolerance)
		return
	}
	if path.Remaining() > 0 {
		return
	}
	if path.Failed && req.Goal == wp {
		if wp = a.failed(s, p, route, path); s.now < p.NextTry {
			s.schedThink(e, p.NextTry)
			return
		}
	}
	s.request(e, req, wp, p.Tolerance)
}

// failed counts a failed search for the current waypoint (skipping it after
// patrolMaxFails) and returns the waypoint to walk to.
func (patrolAI) failed(s *Sim, p *c.Patrol, route []world.Point, path *c.PathState) world.Point {
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
type wanderAI struct{}

// think sends an idle wanderer to a random cell near home it can be on,
// and tries again 1–3 s later when it found none.
func (wanderAI) think(s *Sim, e ecs.Entity) {
	wd, req, path := s.maps.wander.Get(e), s.maps.req.Get(e), s.maps.path.Get(e)
	if req.Active || path.Remaining() > 0 {
		return
	}
	if s.now < wd.NextTry {
		s.schedThink(e, wd.NextTry)
		return
	}
	wd.NextTry = s.now + 1000 + int64(s.rnd.IntN(2000))
	caps := s.maps.mob.Get(e).Caps
	for try := 0; try < 8; try++ {
		x := wd.Home.X + s.rnd.IntN(2*wd.Radius+1) - wd.Radius
		y := wd.Home.Y + s.rnd.IntN(2*wd.Radius+1) - wd.Radius
		if s.canBeOn(caps, x, y) {
			s.request(e, req, world.Point{X: x, Y: y}, 0)
			return
		}
	}
	s.schedThink(e, wd.NextTry)
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
