package systems

import (
	"fmt"
	"slices"

	"github.com/mlange-42/arche/ecs"

	c "github.com/shardcore/shardcore/components"
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/world"
)

// MobileSpec describes a mobile to spawn: where, its capability tags, its
// pace, its id (0: the next of this map's) and its first order.
type MobileSpec struct {
	X, Y, Z int
	Tags    c.Tags
	Speed   uint16 // ms per step (0: DefaultSpeed)
	ID      uint64
	Order   Order
}

// DefaultSpeed is a mobile's pace when its spec gives none: ms per step.
const DefaultSpeed = 400

// Order is what a mobile's AI does. At most one of its parts is used, in
// the order Follow, Patrol, Walk, Wander, GoTo, Steps; none (the zero
// Order) is standing still.
type Order struct {
	Follow *FollowSpec
	Patrol *PatrolSpec
	Walk   *WalkSpec
	Wander *WanderSpec
	GoTo   *GoToSpec
	// Steps are steps to take by direction, one per pace, as a game client
	// sends a player's (each checked by the movement system; a step refused
	// twice drops the rest).
	Steps []movement.Dir
}

// intent returns the intent the order gives.
func (o *Order) intent() uint8 {
	switch {
	case o.Follow != nil:
		return intentFollow
	case o.Patrol != nil:
		return intentPatrol
	case o.Walk != nil:
		return intentWalk
	case o.Wander != nil:
		return intentWander
	case o.GoTo != nil:
		return intentGoTo
	case len(o.Steps) > 0:
		return intentSteps
	}
	return intentNone
}

// FollowSpec makes a mobile follow another (by mobile id) within Range.
type FollowSpec struct {
	Target uint64
	Range  int
}

// PatrolSpec makes a mobile walk a looping route from waypoint Index: a
// registered one (Route), or Waypoints, registered for it when set.
type PatrolSpec struct {
	Route, Index, Tolerance int
	Waypoints               []world.Point
	// DelayMs holds the first path request back this many game ms (a
	// population logs in over time rather than all asking at once).
	DelayMs int64
}

// WalkSpec makes a mobile (a player) walk a looping walked route by
// direction from route cell Cell: a registered one (Route), or Cells,
// registered for it when set.
type WalkSpec struct {
	Route, Cell int
	Cells       []RouteCell
	// DelayMs holds the first step back this many game ms.
	DelayMs int64
}

// WanderSpec makes a mobile wander within Radius of Home.
type WanderSpec struct {
	Home   world.Point
	Radius int
	// DelayMs holds the first wander back this many game ms.
	DelayMs int64
}

// GoToSpec sends a mobile to Goal, within Range (Chebyshev), once.
type GoToSpec struct {
	Goal  world.Point
	Range int
}

// SpawnMobile creates a mobile and returns its id. Structural: call it
// between ticks.
func (s *Sim) SpawnMobile(sp MobileSpec) (uint64, error) {
	if err := s.inMap(sp.X, sp.Y, sp.Z); err != nil {
		return 0, fmt.Errorf("systems: spawn mobile: %w", err)
	}
	target, err := s.checkOrder(&sp.Order, 0)
	if err != nil {
		return 0, fmt.Errorf("systems: spawn mobile: %w", err)
	}
	id, err := s.reg.claimMobile(sp.ID)
	if err != nil {
		return 0, fmt.Errorf("systems: spawn mobile: %w", err)
	}
	e := s.w.NewEntity(s.mobileComponents(sp)...)
	s.reg.byID[id] = e
	speed := sp.Speed
	if speed == 0 {
		speed = DefaultSpeed
	}
	t := sp.Tags
	*s.maps.pos.Get(e) = c.Position{Map: s.m.ID, X: int16(sp.X), Y: int16(sp.Y), Z: int8(sp.Z)}
	*s.maps.mob.Get(e) = c.Mobile{ID: id, Speed: speed, Caps: t.Caps(), NextMove: s.now + stepPhase(s.opts.Seed, id, speed)}
	mm := movement.Mobile{ID: id, Z: int8(sp.Z), Dead: t.Dead, HiddenStaff: false}
	s.maps.ref.Get(e).H = s.idx.AddMobile(e, sp.X, sp.Y, mm)
	*s.maps.sched.Get(e) = sched{moveAt: noTimer, thinkAt: noTimer, touched: s.sch.round - 1, party: id}
	s.setIntent(e, &sp.Order, target)
	s.touch(e)
	if s.sch.sleep != nil && t.Player {
		s.sch.sleep.player(s, s.sch.sleep.sectorOf(sp.X, sp.Y), +1)
	}
	return id, nil
}

// checkOrder validates an order for mobile self (0: one being spawned) and
// returns its follow target, if any.
func (s *Sim) checkOrder(o *Order, self uint64) (target ecs.Entity, err error) {
	switch o.intent() {
	case intentFollow:
		if o.Follow.Target == self {
			return target, fmt.Errorf("%w: mobile %d cannot follow itself", ErrBadOrder, self)
		}
		t, err := s.mobile(o.Follow.Target)
		if err != nil {
			return target, fmt.Errorf("follow target: %w", err)
		}
		return t, nil
	case intentPatrol:
		if len(o.Patrol.Waypoints) > 0 {
			r, err := s.AddRoute(o.Patrol.Waypoints)
			if err != nil {
				return target, err
			}
			p := *o.Patrol
			p.Route, p.Waypoints = r, nil
			o.Patrol = &p
		}
		if s.Route(o.Patrol.Route) == nil {
			return target, fmt.Errorf("%w: route %d is not registered", ErrBadOrder, o.Patrol.Route)
		}
	case intentWalk:
		if len(o.Walk.Cells) > 0 {
			r, err := s.AddWalkRoute(o.Walk.Cells)
			if err != nil {
				return target, err
			}
			w := *o.Walk
			w.Route, w.Cells = r, nil
			o.Walk = &w
		}
		if s.WalkRoute(o.Walk.Route) == nil {
			return target, fmt.Errorf("%w: walked route %d is not registered", ErrBadOrder, o.Walk.Route)
		}
	case intentGoTo:
		if err := s.inMap(o.GoTo.Goal.X, o.GoTo.Goal.Y, 0); err != nil {
			return target, fmt.Errorf("move-to goal: %w", err)
		}
	case intentSteps:
		for i, d := range o.Steps {
			if d > 7 {
				return target, fmt.Errorf("%w: step %d: direction %d is not 0..7", ErrBadOrder, i, d)
			}
		}
	}
	return target, nil
}

// mobileComponents lists the components of a mobile of spec sp.
func (s *Sim) mobileComponents(sp MobileSpec) []ecs.ID {
	ids := []ecs.ID{s.ids.pos, s.ids.facing, s.ids.mob, s.ids.req, s.ids.path, s.ids.ref, s.ids.sched}
	t := sp.Tags
	for _, tag := range []struct {
		on bool
		id ecs.ID
	}{{t.CanSwim, s.ids.swim}, {t.CantWalk, s.ids.cantWalk}, {t.CanFly, s.ids.fly}, {t.CanOpenDoors, s.ids.doors},
		{t.CanMoveOverObstacles, s.ids.obstacles}, {t.Player, s.ids.player}, {t.Staff, s.ids.staff}, {t.Dead, s.ids.dead}} {
		if tag.on {
			ids = append(ids, tag.id)
		}
	}
	if id, ok := s.intentComponent(sp.Order.intent()); ok {
		ids = append(ids, id)
	}
	return ids
}

// intentComponent returns the component an intent keeps its state in, if
// it has one.
func (s *Sim) intentComponent(k uint8) (ecs.ID, bool) {
	switch k {
	case intentFollow:
		return s.ids.follow, true
	case intentPatrol:
		return s.ids.patrol, true
	case intentWalk:
		return s.ids.walk, true
	case intentWander:
		return s.ids.wander, true
	case intentGoTo:
		return s.ids.goTo, true
	}
	return ecs.ID{}, false
}

// setIntent fills the intent component of mobile e for order o (its
// component already added) and, for steps, hands it its steps.
func (s *Sim) setIntent(e ecs.Entity, o *Order, target ecs.Entity) {
	sc := s.maps.sched.Get(e)
	sc.intent = o.intent()
	switch sc.intent {
	case intentFollow:
		*s.maps.follow.Get(e) = c.Follow{Target: target, Range: max(o.Follow.Range, 0), LastGoal: world.Point{X: -1, Y: -1}}
		sc.party = s.maps.mob.Get(target).ID
		s.link(target, e)
	case intentPatrol:
		*s.maps.patrol.Get(e) = c.Patrol{Route: o.Patrol.Route, Index: o.Patrol.Index % len(s.reg.routes[o.Patrol.Route]), Tolerance: o.Patrol.Tolerance,
			NextTry: s.now + max(o.Patrol.DelayMs, 0)}
	case intentWalk:
		n := len(s.reg.walks[o.Walk.Route])
		*s.maps.walk.Get(e) = c.Walk{Route: o.Walk.Route, Cell: ((o.Walk.Cell % n) + n) % n, Goal: -1, NextTry: s.now + max(o.Walk.DelayMs, 0)}
	case intentWander:
		*s.maps.wander.Get(e) = c.Wander{Home: o.Wander.Home, Radius: max(o.Wander.Radius, 1), NextTry: s.now + max(o.Wander.DelayMs, 0)}
	case intentGoTo:
		*s.maps.goTo.Get(e) = c.GoTo{Goal: o.GoTo.Goal, Range: max(o.GoTo.Range, 0)}
	case intentSteps:
		path := s.maps.path.Get(e)
		z := s.maps.pos.Get(e).Z
		path.Clear()
		path.Failed, path.RetryAt = false, 0
		for _, d := range o.Steps {
			path.Steps, path.Zs = append(path.Steps, d), append(path.Zs, z) // Zs are not known until each step is checked
		}
		path.Repath = s.tick
		s.schedMove(e, max(s.maps.mob.Get(e).NextMove, s.now))
	}
	switch sc.intent {
	case intentPatrol, intentWalk, intentWander:
		s.queueBeat(e)
	}
}

// link records that follower f follows leader l.
func (s *Sim) link(l, f ecs.Entity) {
	if ls := s.maps.sched.Get(l); !ls.leads {
		ls.leads, ls.follower = true, f
	} else {
		s.sch.followers[l] = append(s.sch.followers[l], f)
	}
}

// unlink forgets that follower f follows leader l.
func (s *Sim) unlink(l, f ecs.Entity) {
	if !s.w.Alive(l) {
		return
	}
	ls := s.maps.sched.Get(l)
	if !ls.leads {
		return
	}
	rest := s.sch.followers[l]
	if ls.follower == f {
		if len(rest) == 0 {
			ls.leads, ls.follower = false, ecs.Entity{}
			return
		}
		ls.follower, rest = rest[0], rest[1:]
	} else if i := slices.Index(rest, f); i >= 0 {
		rest = slices.Delete(rest, i, i+1)
	}
	if len(rest) == 0 {
		delete(s.sch.followers, l)
	} else {
		s.sch.followers[l] = rest
	}
}

// ItemSpec describes a dynamic item to spawn.
type ItemSpec struct {
	X, Y, Z int
	ID      uint16
	Door    bool // a door (opened by CanOpenDoors mobiles)
	Field   bool // a spell field
	Movable bool
	Serial  uint64 // the item's id (0: the next of this map's)
}

// stepPhase is when, within its first step period, a mobile spawned now may
// first step: drawn from its id (not the Sim's random stream), so mobiles
// spawned together do not step in lockstep. Without it 40,000 patrols of
// one pace, spawned at once and never short of a path, all stepped in the
// same tick every 400 ms (about 6,000 steps in that tick against 1,900 in
// the others: the 100,000-mobile run's p99).
func stepPhase(seed, id uint64, speed uint16) int64 {
	z := seed ^ id*0x9E3779B97F4A7C15
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	z ^= z >> 31
	return int64(z % uint64(speed))
}
