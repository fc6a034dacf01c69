package systems

import (
	"fmt"

	"github.com/mlange-42/arche/ecs"

	c "github.com/shardcore/shardcore/components"
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/world"
)

// MobileSpec describes a mobile to spawn. At most one intent (Follow,
// Patrol, Walk, Wander) is used, in that order of preference.
type MobileSpec struct {
	X, Y, Z int
	Tags    c.Tags
	Speed   uint16 // ms per step (0: 400)
	Follow  *FollowSpec
	Patrol  *PatrolSpec
	Walk    *WalkSpec
	Wander  *WanderSpec
}

// FollowSpec makes a mobile follow another (by mobile id) within Range.
type FollowSpec struct {
	Target uint64
	Range  int
}

// PatrolSpec makes a mobile walk a registered route from waypoint Index.
type PatrolSpec struct {
	Route, Index, Tolerance int
	// DelayMs holds the first path request back this many game ms (a
	// population logs in over time rather than all asking at once).
	DelayMs int64
}

// WalkSpec makes a mobile (a player) walk a registered walked route by
// direction from route cell Cell.
type WalkSpec struct {
	Route, Cell int
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

// SpawnMobile creates a mobile and returns its id. Structural: call it
// between ticks.
func (s *Sim) SpawnMobile(sp MobileSpec) (uint64, error) {
	target, err := s.checkMobile(sp)
	if err != nil {
		return 0, err
	}
	e := s.w.NewEntity(s.mobileComponents(sp)...)
	id := s.nextID
	s.nextID++
	s.byID[id] = e
	speed := sp.Speed
	if speed == 0 {
		speed = 400
	}
	t := sp.Tags
	*s.maps.pos.Get(e) = c.Position{Map: s.m.ID, X: int16(sp.X), Y: int16(sp.Y), Z: int8(sp.Z)}
	*s.maps.mob.Get(e) = c.Mobile{ID: id, Speed: speed, Caps: t.Caps(), NextMove: s.now + stepPhase(s.opts.Seed, id, speed)}
	mm := movement.Mobile{ID: id, Z: int8(sp.Z), Dead: t.Dead, HiddenStaff: false}
	s.maps.ref.Get(e).H = s.idx.AddMobile(e, sp.X, sp.Y, mm)
	*s.maps.sched.Get(e) = sched{moveAt: noTimer, thinkAt: noTimer, touched: s.round - 1, party: id}
	s.setIntent(e, sp, target)
	s.touch(e)
	if s.sleep != nil && t.Player {
		s.sleep.player(s, s.sleep.sectorOf(sp.X, sp.Y), +1)
	}
	return id, nil
}

// checkMobile validates a spec and returns its follow target, if any.
func (s *Sim) checkMobile(sp MobileSpec) (target ecs.Entity, err error) {
	if !s.m.InBounds(sp.X, sp.Y) {
		return target, fmt.Errorf("systems: spawn mobile: (%d,%d) is off the map", sp.X, sp.Y)
	}
	if sp.Z < -128 || sp.Z > 127 {
		return target, fmt.Errorf("systems: spawn mobile: z %d is outside int8", sp.Z)
	}
	switch {
	case sp.Follow != nil:
		t, ok := s.byID[sp.Follow.Target]
		if !ok {
			return target, fmt.Errorf("systems: spawn mobile: follow target %d does not exist", sp.Follow.Target)
		}
		return t, nil
	case sp.Patrol != nil && s.Route(sp.Patrol.Route) == nil:
		return target, fmt.Errorf("systems: spawn mobile: route %d is not registered", sp.Patrol.Route)
	case sp.Walk != nil && s.WalkRoute(sp.Walk.Route) == nil:
		return target, fmt.Errorf("systems: spawn mobile: walked route %d is not registered", sp.Walk.Route)
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
	switch {
	case sp.Follow != nil:
		ids = append(ids, s.ids.follow)
	case sp.Patrol != nil:
		ids = append(ids, s.ids.patrol)
	case sp.Walk != nil:
		ids = append(ids, s.ids.walk)
	case sp.Wander != nil:
		ids = append(ids, s.ids.wander)
	}
	return ids
}

// setIntent fills the intent component of mobile e.
func (s *Sim) setIntent(e ecs.Entity, sp MobileSpec, target ecs.Entity) {
	sc := s.maps.sched.Get(e)
	switch {
	case sp.Follow != nil:
		*s.maps.follow.Get(e) = c.Follow{Target: target, Range: max(sp.Follow.Range, 0), LastGoal: world.Point{X: -1, Y: -1}}
		sc.intent = intentFollow
		sc.party = s.maps.mob.Get(target).ID
		if ts := s.maps.sched.Get(target); !ts.leads {
			ts.leads, ts.follower = true, e
		} else {
			s.followers[target] = append(s.followers[target], e)
		}
	case sp.Patrol != nil:
		sc.intent = intentPatrol
		*s.maps.patrol.Get(e) = c.Patrol{Route: sp.Patrol.Route, Index: sp.Patrol.Index % len(s.routes[sp.Patrol.Route]), Tolerance: sp.Patrol.Tolerance,
			NextTry: s.now + max(sp.Patrol.DelayMs, 0)}
	case sp.Walk != nil:
		sc.intent = intentWalk
		n := len(s.walks[sp.Walk.Route])
		*s.maps.walk.Get(e) = c.Walk{Route: sp.Walk.Route, Cell: ((sp.Walk.Cell % n) + n) % n, Goal: -1, NextTry: s.now + max(sp.Walk.DelayMs, 0)}
	case sp.Wander != nil:
		sc.intent = intentWander
		*s.maps.wander.Get(e) = c.Wander{Home: sp.Wander.Home, Radius: max(sp.Wander.Radius, 1), NextTry: s.now + max(sp.Wander.DelayMs, 0)}
	}
}

// ItemSpec describes a dynamic item to spawn.
type ItemSpec struct {
	X, Y, Z int
	ID      uint16
	Door    bool // a door (opened by CanOpenDoors mobiles)
	Field   bool // a spell field
	Movable bool
}

// SpawnItem creates a dynamic item. Structural: call it between ticks.
func (s *Sim) SpawnItem(sp ItemSpec) error {
	if !s.m.InBounds(sp.X, sp.Y) {
		return fmt.Errorf("systems: spawn item %#x: (%d,%d) is off the map", sp.ID, sp.X, sp.Y)
	}
	if sp.Z < -128 || sp.Z > 127 {
		return fmt.Errorf("systems: spawn item %#x: z %d is outside int8", sp.ID, sp.Z)
	}
	ids := []ecs.ID{s.ids.pos, s.ids.item, s.ids.ref}
	if sp.Door {
		ids = append(ids, s.ids.door)
	}
	if sp.Field {
		ids = append(ids, s.ids.field)
	}
	if sp.Movable {
		ids = append(ids, s.ids.movable)
	}
	e := s.w.NewEntity(ids...)
	flags, h := s.td.ItemFlagsHeight(sp.ID)
	*s.maps.pos.Get(e) = c.Position{Map: s.m.ID, X: int16(sp.X), Y: int16(sp.Y), Z: int8(sp.Z)}
	*s.maps.item.Get(e) = c.Item{ID: sp.ID, Z: int8(sp.Z), Height: uint8(min(max(h, 0), 255)), Flags: flags}
	s.maps.ref.Get(e).H = s.idx.AddItem(e, sp.X, sp.Y, movement.Item{ID: sp.ID, Z: int8(sp.Z), Movable: sp.Movable})
	return nil
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
