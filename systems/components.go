package systems

import (
	"github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"

	c "github.com/shardcore/shardcore/components"
)

// compIDs are the component ids spawning builds entities from.
type compIDs struct {
	pos, facing, mob, req, path, ref, sched, follow, patrol, walk ecs.ID
	wander, goTo                                                  ecs.ID
	item, door, field, movable                                    ecs.ID
	swim, cantWalk, fly, doors, obstacles, player, staff, dead    ecs.ID
}

func newCompIDs(w *ecs.World) compIDs {
	return compIDs{
		pos: ecs.ComponentID[c.Position](w), facing: ecs.ComponentID[c.Facing](w), mob: ecs.ComponentID[c.Mobile](w),
		req: ecs.ComponentID[c.PathRequest](w), path: ecs.ComponentID[c.PathState](w), ref: ecs.ComponentID[spatialRef](w),
		sched:  ecs.ComponentID[sched](w),
		follow: ecs.ComponentID[c.Follow](w), patrol: ecs.ComponentID[c.Patrol](w), walk: ecs.ComponentID[c.Walk](w),
		wander: ecs.ComponentID[c.Wander](w), goTo: ecs.ComponentID[c.GoTo](w),
		item: ecs.ComponentID[c.Item](w), door: ecs.ComponentID[c.Door](w), field: ecs.ComponentID[c.SpellField](w),
		movable: ecs.ComponentID[c.Movable](w),
		swim:    ecs.ComponentID[c.CanSwim](w), cantWalk: ecs.ComponentID[c.CantWalk](w), fly: ecs.ComponentID[c.CanFly](w),
		doors: ecs.ComponentID[c.CanOpenDoors](w), obstacles: ecs.ComponentID[c.CanMoveOverObstacles](w),
		player: ecs.ComponentID[c.Player](w), staff: ecs.ComponentID[c.Staff](w), dead: ecs.ComponentID[c.Dead](w),
	}
}

// compMaps are the component mappers for entity-by-entity access.
type compMaps struct {
	pos    generic.Map[c.Position]
	mob    generic.Map[c.Mobile]
	req    generic.Map[c.PathRequest]
	path   generic.Map[c.PathState]
	ref    generic.Map[spatialRef]
	sched  generic.Map[sched]
	follow generic.Map[c.Follow]
	patrol generic.Map[c.Patrol]
	walk   generic.Map[c.Walk]
	wander generic.Map[c.Wander]
	goTo   generic.Map[c.GoTo]
	item   generic.Map[c.Item]
	door   generic.Map[c.Door]
	facing generic.Map[c.Facing]
}

func newCompMaps(w *ecs.World) compMaps {
	return compMaps{
		pos: generic.NewMap[c.Position](w), mob: generic.NewMap[c.Mobile](w), req: generic.NewMap[c.PathRequest](w),
		path: generic.NewMap[c.PathState](w), ref: generic.NewMap[spatialRef](w), sched: generic.NewMap[sched](w), follow: generic.NewMap[c.Follow](w),
		patrol: generic.NewMap[c.Patrol](w), walk: generic.NewMap[c.Walk](w), wander: generic.NewMap[c.Wander](w), goTo: generic.NewMap[c.GoTo](w), item: generic.NewMap[c.Item](w),
		door: generic.NewMap[c.Door](w), facing: generic.NewMap[c.Facing](w),
	}
}
