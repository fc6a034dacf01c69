package systems

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"

	c "shardcore/components"
	"shardcore/movement"
	"shardcore/pathing"
	"shardcore/world"
)

// spatialRef is a mobile's or item's handle in the spatial index.
type spatialRef struct{ H int32 }

// Sim is one map's shard simulation: the ECS world, its spatial index, the
// live rules over both, a path finder and the systems Tick runs. A Sim is
// owned by one goroutine.
type Sim struct {
	w      ecs.World
	m      *world.Map
	td     *world.TileData
	idx    *Spatial
	rules  *movement.Rules
	finder pathing.Finder
	opts   Options
	rng    *rand.Rand

	routes [][]movement.Point
	walks  [][]RouteCell
	byID   map[uint64]ecs.Entity
	nextID uint64
	tick   uint64
	now    int64 // game ms of the running tick

	ids     compIDs
	maps    compMaps
	filters compFilters
	queue   []ecs.Entity
	qhead   int

	preq pathing.Request
	pres pathing.Result
	rec  PathRecord
	ev   StepEvent
	refs []ItemRef
	mobs []movement.Mobile

	st    counters
	durs  [durRing]time.Duration
	ndurs int
	// nsPerExp is the running average search cost per expansion, in ns.
	nsPerExp float64
	// deferredHead is the request a capped search deferred: the next tick
	// serves it first with the full node budget.
	deferredHead ecs.Entity
}

type compIDs struct {
	pos, facing, mob, req, path, ref, follow, patrol, walk, wander ecs.ID
	item, door, field, movable                                     ecs.ID
	swim, cantWalk, fly, doors, obstacles, player, staff, dead     ecs.ID
}

type compMaps struct {
	pos    generic.Map[c.Position]
	mob    generic.Map[c.Mobile]
	req    generic.Map[c.PathRequest]
	path   generic.Map[c.PathState]
	ref    generic.Map[spatialRef]
	follow generic.Map[c.Follow]
	patrol generic.Map[c.Patrol]
	walk   generic.Map[c.Walk]
	wander generic.Map[c.Wander]
	item   generic.Map[c.Item]
	door   generic.Map[c.Door]
	facing generic.Map[c.Facing]
}

// compFilters are the systems' queries, built once and registered.
type compFilters struct {
	follow *generic.Filter4[c.Follow, c.Position, c.PathRequest, c.PathState]
	patrol *generic.Filter4[c.Patrol, c.Position, c.PathRequest, c.PathState]
	walk   *generic.Filter4[c.Walk, c.Position, c.PathRequest, c.PathState]
	wander *generic.Filter4[c.Wander, c.Mobile, c.PathRequest, c.PathState]
	req    *generic.Filter1[c.PathRequest]
	move   *generic.Filter6[c.Mobile, c.Position, c.PathState, c.PathRequest, c.Facing, spatialRef]
	door   *generic.Filter3[c.Door, c.Position, spatialRef]
}

// NewSim returns a simulation over map m with tile data td. The live rules
// see the Sim's spatial index as their dynamics (doors, fields, mobiles) and
// the map's multis.
func NewSim(m *world.Map, td *world.TileData, opts Options) (*Sim, error) {
	if m == nil || td == nil {
		return nil, errors.New("systems: new sim: nil map or tile data")
	}
	opts = opts.withDefaults(time.Now())
	s := &Sim{w: ecs.NewWorld(), m: m, td: td, opts: opts, byID: map[uint64]ecs.Entity{}, nextID: 1}
	s.idx = NewSpatial(m.ID, m.Width, m.Height)
	if opts.Rules != nil {
		if opts.Rules.Map != m {
			return nil, fmt.Errorf("systems: new sim: rules are over map %d, not the sim's map %d", opts.Rules.Map.ID, m.ID)
		}
		s.rules = opts.Rules.Clone()
	} else {
		s.rules = movement.NewRules(m, td, nil)
	}
	s.rules.Dyn = s.idx
	s.rules.StaticOnly = false
	s.finder = opts.NewFinder(s.rules.Clone())
	if s.finder == nil {
		return nil, errors.New("systems: new sim: NewFinder returned nil")
	}
	s.rng = rand.New(rand.NewPCG(opts.Seed, opts.Seed^0x5EED))
	w := &s.w
	s.ids = compIDs{
		pos: ecs.ComponentID[c.Position](w), facing: ecs.ComponentID[c.Facing](w), mob: ecs.ComponentID[c.Mobile](w),
		req: ecs.ComponentID[c.PathRequest](w), path: ecs.ComponentID[c.PathState](w), ref: ecs.ComponentID[spatialRef](w),
		follow: ecs.ComponentID[c.Follow](w), patrol: ecs.ComponentID[c.Patrol](w), walk: ecs.ComponentID[c.Walk](w),
		wander: ecs.ComponentID[c.Wander](w),
		item:   ecs.ComponentID[c.Item](w), door: ecs.ComponentID[c.Door](w), field: ecs.ComponentID[c.SpellField](w),
		movable: ecs.ComponentID[c.Movable](w),
		swim:    ecs.ComponentID[c.CanSwim](w), cantWalk: ecs.ComponentID[c.CantWalk](w), fly: ecs.ComponentID[c.CanFly](w),
		doors: ecs.ComponentID[c.CanOpenDoors](w), obstacles: ecs.ComponentID[c.CanMoveOverObstacles](w),
		player: ecs.ComponentID[c.Player](w), staff: ecs.ComponentID[c.Staff](w), dead: ecs.ComponentID[c.Dead](w),
	}
	s.maps = compMaps{
		pos: generic.NewMap[c.Position](w), mob: generic.NewMap[c.Mobile](w), req: generic.NewMap[c.PathRequest](w),
		path: generic.NewMap[c.PathState](w), ref: generic.NewMap[spatialRef](w), follow: generic.NewMap[c.Follow](w),
		patrol: generic.NewMap[c.Patrol](w), walk: generic.NewMap[c.Walk](w), wander: generic.NewMap[c.Wander](w), item: generic.NewMap[c.Item](w),
		door: generic.NewMap[c.Door](w), facing: generic.NewMap[c.Facing](w),
	}
	s.filters = compFilters{
		follow: generic.NewFilter4[c.Follow, c.Position, c.PathRequest, c.PathState](),
		patrol: generic.NewFilter4[c.Patrol, c.Position, c.PathRequest, c.PathState](),
		walk:   generic.NewFilter4[c.Walk, c.Position, c.PathRequest, c.PathState](),
		wander: generic.NewFilter4[c.Wander, c.Mobile, c.PathRequest, c.PathState](),
		req:    generic.NewFilter1[c.PathRequest](),
		move:   generic.NewFilter6[c.Mobile, c.Position, c.PathState, c.PathRequest, c.Facing, spatialRef](),
		door:   generic.NewFilter3[c.Door, c.Position, spatialRef](),
	}
	s.filters.follow.Register(w)
	s.filters.patrol.Register(w)
	s.filters.walk.Register(w)
	s.filters.wander.Register(w)
	s.filters.req.Register(w)
	s.filters.move.Register(w)
	s.filters.door.Register(w)
	return s, nil
}

// Map returns the simulated map.
func (s *Sim) Map() *world.Map { return s.m }

// Tiles returns the tile data.
func (s *Sim) Tiles() *world.TileData { return s.td }

// Rules returns the live rules the movement system checks steps with (their
// dynamics are the Sim's spatial index). Clone them for own scratch.
func (s *Sim) Rules() *movement.Rules { return s.rules }

// Spatial returns the spatial index.
func (s *Sim) Spatial() *Spatial { return s.idx }

// Options returns the options in force, defaults filled.
func (s *Sim) Options() Options { return s.opts }

// TickCount returns the number of ticks run.
func (s *Sim) TickCount() uint64 { return s.tick }

// AddRoute registers a looping waypoint route and returns its id.
func (s *Sim) AddRoute(r []movement.Point) (int, error) {
	if len(r) == 0 {
		return 0, errors.New("systems: add route: empty route")
	}
	for i, p := range r {
		if !s.m.InBounds(p.X, p.Y) {
			return 0, fmt.Errorf("systems: add route: waypoint %d (%d,%d) is off the map", i, p.X, p.Y)
		}
	}
	s.routes = append(s.routes, append([]movement.Point(nil), r...))
	return len(s.routes) - 1, nil
}

// Route returns route id's waypoints (nil if unknown).
func (s *Sim) Route(id int) []movement.Point {
	if id < 0 || id >= len(s.routes) {
		return nil
	}
	return s.routes[id]
}
