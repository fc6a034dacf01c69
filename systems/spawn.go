package systems

import (
	"fmt"
	"hash/fnv"
	"sort"

	"github.com/mlange-42/arche/ecs"

	c "shardcore/components"
	"shardcore/movement"
	"shardcore/world"
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
	Home   movement.Point
	Radius int
	// DelayMs holds the first wander back this many game ms.
	DelayMs int64
}

// SpawnMobile creates a mobile and returns its id. Structural: call it
// between ticks.
func (s *Sim) SpawnMobile(sp MobileSpec) (uint64, error) {
	if !s.m.InBounds(sp.X, sp.Y) {
		return 0, fmt.Errorf("systems: spawn mobile: (%d,%d) is off the map", sp.X, sp.Y)
	}
	if sp.Z < -128 || sp.Z > 127 {
		return 0, fmt.Errorf("systems: spawn mobile: z %d is outside int8", sp.Z)
	}
	var target ecs.Entity
	if sp.Follow != nil {
		t, ok := s.byID[sp.Follow.Target]
		if !ok {
			return 0, fmt.Errorf("systems: spawn mobile: follow target %d does not exist", sp.Follow.Target)
		}
		target = t
	} else if sp.Patrol != nil && s.Route(sp.Patrol.Route) == nil {
		return 0, fmt.Errorf("systems: spawn mobile: route %d is not registered", sp.Patrol.Route)
	} else if sp.Walk != nil && s.WalkRoute(sp.Walk.Route) == nil {
		return 0, fmt.Errorf("systems: spawn mobile: walked route %d is not registered", sp.Walk.Route)
	}
	ids := []ecs.ID{s.ids.pos, s.ids.facing, s.ids.mob, s.ids.req, s.ids.path, s.ids.ref}
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
	e := s.w.NewEntity(ids...)
	id := s.nextID
	s.nextID++
	s.byID[id] = e
	speed := sp.Speed
	if speed == 0 {
		speed = 400
	}
	*s.maps.pos.Get(e) = c.Position{Map: s.m.ID, X: int16(sp.X), Y: int16(sp.Y), Z: int8(sp.Z)}
	*s.maps.mob.Get(e) = c.Mobile{ID: id, Speed: speed, Caps: t.Caps(), NextMove: s.now}
	mm := movement.Mobile{ID: id, Z: int8(sp.Z), Dead: t.Dead, HiddenStaff: false}
	s.maps.ref.Get(e).H = s.idx.AddMobile(e, sp.X, sp.Y, mm)
	switch {
	case sp.Follow != nil:
		*s.maps.follow.Get(e) = c.Follow{Target: target, Range: max(sp.Follow.Range, 0), LastGoal: movement.Point{X: -1, Y: -1}}
	case sp.Patrol != nil:
		*s.maps.patrol.Get(e) = c.Patrol{Route: sp.Patrol.Route, Index: sp.Patrol.Index % len(s.routes[sp.Patrol.Route]), Tolerance: sp.Patrol.Tolerance,
			NextTry: s.now + max(sp.Patrol.DelayMs, 0)}
	case sp.Walk != nil:
		n := len(s.walks[sp.Walk.Route])
		*s.maps.walk.Get(e) = c.Walk{Route: sp.Walk.Route, Cell: ((sp.Walk.Cell % n) + n) % n, Goal: -1, NextTry: s.now + max(sp.Walk.DelayMs, 0)}
	case sp.Wander != nil:
		*s.maps.wander.Get(e) = c.Wander{Home: sp.Wander.Home, Radius: max(sp.Wander.Radius, 1), NextTry: s.now + max(sp.Wander.DelayMs, 0)}
	}
	return id, nil
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

// MobileState returns a mobile's position and whether it exists.
func (s *Sim) MobileState(id uint64) (c.Position, bool) {
	e, ok := s.byID[id]
	if !ok || !s.w.Alive(e) {
		return c.Position{}, false
	}
	return *s.maps.pos.Get(e), true
}

// MobileCaps returns a mobile's capability set.
func (s *Sim) MobileCaps(id uint64) movement.Caps {
	e, ok := s.byID[id]
	if !ok || !s.w.Alive(e) {
		return 0
	}
	return s.maps.mob.Get(e).Caps
}

// MobileIDs returns every mobile id in ascending order.
func (s *Sim) MobileIDs() []uint64 {
	ids := make([]uint64, 0, len(s.byID))
	for id := range s.byID {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	return ids
}

// PositionsHash hashes every mobile's id and position, in id order: two
// runs ended in the same state have the same hash.
func (s *Sim) PositionsHash() uint64 {
	h := fnv.New64a()
	var b [13]byte
	for _, id := range s.MobileIDs() {
		p, _ := s.MobileState(id)
		for i := 0; i < 8; i++ {
			b[i] = byte(id >> (8 * i))
		}
		b[8], b[9], b[10], b[11], b[12] = byte(p.X), byte(p.X>>8), byte(p.Y), byte(p.Y>>8), byte(p.Z)
		h.Write(b[:])
	}
	return h.Sum64()
}

// Occupied reports whether a mobile stands on (x, y).
func (s *Sim) Occupied(x, y int) bool {
	s.mobs = s.idx.MobilesAt(s.m.ID, x, y, s.mobs[:0])
	return len(s.mobs) > 0
}

// IsWet reports whether (x, y) holds wet land or a wet static (where a sea
// creature may be).
func IsWet(m *world.Map, td *world.TileData, x, y int) bool {
	if !m.InBounds(x, y) {
		return false
	}
	if td.LandFlags(m.Land(x, y).ID&0x3FFF)&world.FlagWet != 0 {
		return true
	}
	for _, st := range m.StaticsAt(x, y) {
		if f, _ := td.ItemFlagsHeight(st.ID); f&world.FlagWet != 0 {
			return true
		}
	}
	return false
}
