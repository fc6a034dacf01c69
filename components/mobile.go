package components

import (
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/world"
)

// Position is where a mobile or item stands. X and Y are int16: the largest
// UO facet is 7168×4096 and generated maps stop at 8192, all below 32768.
// Z is the signed byte every UO Z is.
type Position struct {
	Map  world.MapID
	X, Y int16
	Z    int8
}

// Point returns the position's cell.
func (p Position) Point() world.Point { return world.Point{X: int(p.X), Y: int(p.Y)} }

// Facing is the direction a mobile last stepped or turned to.
type Facing struct {
	Dir movement.Dir
}

// Capability tags. They are set at spawn and rarely change (taming, death,
// resurrection); the hot path reads the derived Mobile.Caps instead, which
// CapsOf computes from the tags a mobile carries.
type (
	// CanSwim lets a mobile enter wet tiles.
	CanSwim struct{}
	// CantWalk keeps a mobile off dry tiles (with CanSwim: a sea creature).
	CantWalk struct{}
	// CanFly marks a flyer (the step cache always sends it to the live rules).
	CanFly struct{}
	// CanOpenDoors lets a mobile pass closed doors, opening them.
	CanOpenDoors struct{}
	// CanMoveOverObstacles lets a mobile pass movable items.
	CanMoveOverObstacles struct{}
	// Player marks a player character (the both-flanks diagonal rule).
	Player struct{}
	// Staff marks game staff (the creature diagonal rule even for players).
	Staff struct{}
	// Dead marks a ghost: doors do not block it, it blocks nobody.
	Dead struct{}
)

// Tags lists capability tags as booleans, the form spawners fill in.
type Tags struct {
	CanSwim, CantWalk, CanFly, CanOpenDoors, CanMoveOverObstacles, Player, Staff, Dead bool
}

// Caps returns the movement capability set the tags describe: the value kept
// in Mobile.Caps for the hot path.
func (t Tags) Caps() movement.Caps {
	var c movement.Caps
	set := func(on bool, b movement.Caps) {
		if on {
			c |= b
		}
	}
	set(t.CanSwim, movement.CanSwim)
	set(t.CantWalk, movement.CantWalk)
	set(t.CanFly, movement.CanFly)
	set(t.CanOpenDoors, movement.CanOpenDoors)
	set(t.CanMoveOverObstacles, movement.CanMoveOverObstacles)
	set(t.Player, movement.Player)
	set(t.Staff, movement.Staff)
	set(t.Dead, movement.Dead)
	return c
}

// TagsOf returns the tags a capability set stands for (the inverse of Caps).
func TagsOf(c movement.Caps) Tags {
	return Tags{
		CanSwim: c&movement.CanSwim != 0, CantWalk: c&movement.CantWalk != 0, CanFly: c&movement.CanFly != 0,
		CanOpenDoors: c&movement.CanOpenDoors != 0, CanMoveOverObstacles: c&movement.CanMoveOverObstacles != 0,
		Player: c&movement.Player != 0, Staff: c&movement.Staff != 0, Dead: c&movement.Dead != 0,
	}
}

// Mobile is a moving entity's identity and pace. Caps is derived from the
// capability tags at spawn (Tags.Caps) and kept here so the movement and
// pathfinding systems read one field instead of eight tag lookups; whoever
// changes a tag must refresh it.
type Mobile struct {
	ID    uint64 // the mobile's serial: never 0, unique in a shard
	Speed uint16 // milliseconds per step (250 = 4 tiles/s, a mounted walk)
	Caps  movement.Caps
	// NextMove is the game time, in milliseconds, of its next allowed step.
	NextMove int64
}
