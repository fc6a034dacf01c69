package systems

import (
	"sync/atomic"

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
	if s.pend(req, goal, rng) {
		s.paths.queue = append(s.paths.queue, e)
	}
}

// pend marks path request req pending for goal within rng, asked now, and
// reports whether it is to be queued (it was not already).
func (s *Sim) pend(req *c.PathRequest, goal world.Point, rng int) bool {
	req.Goal, req.Range, req.Active, req.Since = goal, rng, true, s.tick
	if req.Queued {
		return false
	}
	req.Queued = true
	return true
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
// it waits for, decides as thinking every tick would), in chunks on one
// or two goroutines (ai_lanes.go).
type thinker struct {
	due   []timer
	spare []ecs.Entity
	minds []mind       // one per chunk (ai_lanes.go)
	next  atomic.Int64 // the next chunk to think
	gate  helpGate     // the second goroutine's way in (ai_lanes.go)
	// minPar is the fewest touched mobiles thought on two goroutines
	// (minLaneThinks) and chunk the mobiles a goroutine takes at a time
	// (thinkChunk); a test lowers them.
	minPar, chunk int
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
	t.thinkAll(s, list)
	t.spare = list[:0]
}

// think has touched mobile e's intent think once, into m.
func (t *thinker) think(s *Sim, m *mind, e ecs.Entity) {
	if !s.w.Alive(e) {
		return
	}
	k := s.maps.sched.Get(e).intent
	if s.sch.sleep != nil && (k == intentPatrol || k == intentWander) && s.sch.sleep.sleeps(s, e) {
		return
	}
	m.thinks[k]++
	switch k {
	case intentFollow:
		s.ai.follow.think(s, m, e)
	case intentPatrol:
		s.ai.patrol.think(s, m, e)
	case intentWalk:
		s.ai.walk.think(s, m, e)
	case intentWander:
		s.ai.wander.think(s, m, e)
	case intentGoTo:
		m.keep(fxGoTo, e) // it may say so (events): thought at apply
	}
}

// followAI keeps followers near their targets.
type followAI struct{}

// think repaths a follower that is not beside its target (goal: a cell
// beside it) when the target drifted more than its slack from the last goal
// and its jittered 100–300 ms interval has come, or when it has no path
// left and is out of its range; out of its full range it repaths without
// waiting for the interval. After a failed search it waits for the path's
// RetryAt, or until the target moves.
func (followAI) think(s *Sim, m *mind, e ecs.Entity) {
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
		s.chase(m, e, f, pos, path, tp)
		return
	}
	moved := tp != f.LastGoal
	// After a failed search a follower waits out its back-off unless
	// the target has moved since: then the way may be open again (a
	// jam in a corridor clears as its owner walks on).
	if path.Failed && s.now < path.RetryAt && !moved {
		m.schedThink(s, e, path.RetryAt)
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
			s.chase(m, e, f, pos, path, tp)
			return
		}
		m.request(s, e, req, tp, inner)
		f.LastGoal = tp
		m.keep(fxRepath, e) // f.NextRepath: a draw
		return
	}
	if drifted {
		m.schedThink(s, e, f.NextRepath)
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
func (a patrolAI) think(s *Sim, m *mind, e ecs.Entity) {
	req := s.maps.req.Get(e)
	if req.Active {
		return
	}
	p, pos, path := s.maps.patrol.Get(e), s.maps.pos.Get(e), s.maps.path.Get(e)
	if path.Remaining() == 0 && s.now < p.NextTry { // a login delay, or a failed search's back-off
		m.schedThink(s, e, p.NextTry)
		return
	}
	route := s.reg.routes[p.Route]
	wp := route[p.Index]
	if cheb(pos.Point(), wp) <= p.Tolerance {
		p.Index = (p.Index + 1) % len(route)
		p.Fails = 0
		path.Clear()
		m.request(s, e, req, route[p.Index], p.Tolerance)
		return
	}
	if path.Remaining() > 0 {
		return
	}
	if path.Failed && req.Goal == wp {
		if wp = a.failed(s, p, route, path); s.now < p.NextTry {
			m.schedThink(s, e, p.NextTry)
			return
		}
	}
	m.request(s, e, req, wp, p.Tolerance)
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

// think has an idle wanderer whose wait is over draw a goal (draw: at
// apply, since it draws from the Sim's random stream), and has one still
// waiting think when its wait ends.
func (wanderAI) think(s *Sim, m *mind, e ecs.Entity) {
	wd, req, path := s.maps.wander.Get(e), s.maps.req.Get(e), s.maps.path.Get(e)
	if req.Active || path.Remaining() > 0 {
		return
	}
	if s.now < wd.NextTry {
		m.schedThink(s, e, wd.NextTry)
		return
	}
	m.keep(fxWander, e)
}

// draw sends idle wanderer e to a random cell near home it can be on, and
// tries again 1–3 s later when it found none.
func (wanderAI) draw(s *Sim, e ecs.Entity) {
	wd, req := s.maps.wander.Get(e), s.maps.req.Get(e)
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
