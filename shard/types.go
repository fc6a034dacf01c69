package shard

import (
	c "github.com/shardcore/shardcore/components"
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/server"
	"github.com/shardcore/shardcore/systems"
	"github.com/shardcore/shardcore/world"
)

// MapID names a map (facet): 0 Felucca, 1 Trammel, 2 Ilshenar, 3 Malas,
// 4 Tokuno, 5 Ter Mur; a generated default world is map 0.
type MapID = world.MapID

// Point is a cell of a map.
type Point = world.Point

// Dir is a step direction, North (0) clockwise to NorthWest (7).
type Dir = movement.Dir

// The eight directions.
const (
	North     = movement.North
	NorthEast = movement.NorthEast
	East      = movement.East
	SouthEast = movement.SouthEast
	South     = movement.South
	SouthWest = movement.SouthWest
	West      = movement.West
	NorthWest = movement.NorthWest
)

// Caps are a mobile's capabilities: what it may walk on and through.
// The zero Caps is a creature that walks.
type Caps = c.Tags

// MobileID is a mobile's id, unique in the shard and never reused.
type MobileID uint64

// ItemID is a dynamic item's id, unique in the shard and never reused.
type ItemID uint64

// Location is a map and a cell with its Z.
type Location struct {
	Map     MapID
	X, Y, Z int
}

// Event is one thing that happened to a mobile in a tick (see EventKind).
// Its Mobile is a MobileID's value.
type Event = systems.Event

// EventKind names what happened.
type EventKind = systems.EventKind

// The event kinds.
const (
	EventStepped    = systems.EventStepped
	EventBlocked    = systems.EventBlocked
	EventArrived    = systems.EventArrived
	EventPathFailed = systems.EventPathFailed
	EventGaveUp     = systems.EventGaveUp
	EventTeleported = systems.EventTeleported
)

// EventMask selects event kinds (AllEvents, MaskOf, Without).
type EventMask = systems.EventMask

// AllEvents selects every event kind.
const AllEvents = systems.AllEvents

// MaskOf returns the mask selecting kinds.
func MaskOf(kinds ...EventKind) EventMask { return systems.MaskOf(kinds...) }

// FailReason is why a search found no path.
type FailReason = systems.FailReason

// The reasons a search fails.
const (
	ReasonUnreachable = systems.ReasonUnreachable
	ReasonNodeBudget  = systems.ReasonNodeBudget
	ReasonNoSuchCell  = systems.ReasonNoSuchCell
)

// Errors the Shard's methods wrap (errors.Is).
var (
	ErrUnknownMobile = systems.ErrUnknownMobile
	ErrUnknownItem   = systems.ErrUnknownItem
	ErrOffMap        = systems.ErrOffMap
	ErrBadOrder      = systems.ErrBadOrder
	ErrMapNotLoaded  = server.ErrMapNotLoaded
	// ErrStop, returned by a Run hook, ends Run gracefully (Run returns nil).
	ErrStop = server.ErrStop
	// ErrClosed: the shard was closed (or its Run ended).
	ErrClosed = server.ErrClosed
)

// Order is what a mobile does: MoveTo, Follow, Patrol, Wander, WalkRoute,
// Steps or Stop.
type Order interface {
	spec() systems.Order
}

// MoveTo walks the mobile to (X, Y) of its map, within Range (Chebyshev),
// once: EventArrived when there, EventGaveUp after repeated failed
// searches.
type MoveTo struct{ X, Y, Range int }

// Follow keeps the mobile within Range of Target (on the same map), as a
// pet follows its owner: it steps straight at it while it can and searches
// round what blocks it.
type Follow struct {
	Target MobileID
	Range  int
}

// Patrol walks the mobile round Route's waypoints (looping), each reached
// within Tolerance.
type Patrol struct {
	Route     []Point
	Tolerance int
}

// Wander sends the mobile to random cells within Radius of Home that its
// capabilities can stand on (a sea creature picks water).
type Wander struct {
	Home   Point
	Radius int
}

// Cell is a cell of a walked route with the walker's Z there.
type Cell = systems.RouteCell

// WalkRoute walks the mobile round Cells by direction, as a game client
// moves a player: consecutive cells are one step apart and the last leads
// back to the first; a mobile in the way is walked round by a search.
type WalkRoute struct{ Cells []Cell }

// Steps hands the mobile steps to take by direction, one per pace, as a
// client sends a player's; a step refused twice drops the rest.
type Steps struct{ Dirs []Dir }

// Stop stands the mobile still where it is.
type Stop struct{}

func (o MoveTo) spec() systems.Order {
	return systems.Order{GoTo: &systems.GoToSpec{Goal: Point{X: o.X, Y: o.Y}, Range: o.Range}}
}
func (o Follow) spec() systems.Order {
	return systems.Order{Follow: &systems.FollowSpec{Target: uint64(o.Target), Range: o.Range}}
}
func (o Patrol) spec() systems.Order {
	if len(o.Route) == 0 {
		return systems.Order{Patrol: &systems.PatrolSpec{Route: -1}} // refused: no such route
	}
	return systems.Order{Patrol: &systems.PatrolSpec{Waypoints: o.Route, Tolerance: o.Tolerance}}
}
func (o Wander) spec() systems.Order {
	return systems.Order{Wander: &systems.WanderSpec{Home: o.Home, Radius: o.Radius}}
}
func (o WalkRoute) spec() systems.Order {
	if len(o.Cells) == 0 {
		return systems.Order{Walk: &systems.WalkSpec{Route: -1}}
	}
	return systems.Order{Walk: &systems.WalkSpec{Cells: o.Cells}}
}
func (o Steps) spec() systems.Order {
	if len(o.Dirs) == 0 {
		return systems.Order{}
	}
	return systems.Order{Steps: o.Dirs}
}
func (Stop) spec() systems.Order { return systems.Order{} }

// specOf returns o's spec (nil: Stop).
func specOf(o Order) systems.Order {
	if o == nil {
		return systems.Order{}
	}
	return o.spec()
}
