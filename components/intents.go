package components

import (
	"github.com/mlange-42/arche/ecs"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/world"
)

// Follow makes a mobile follow Target, keeping within Range tiles
// (Chebyshev). The AI system repaths when the target moved since the last
// request or when NextRepath (game ms, seeded jitter) has come.
type Follow struct {
	Target     ecs.Entity
	Range      int
	NextRepath int64
	LastGoal   world.Point // the target cell of the last request
}

// Patrol walks a looping route: Route indexes the shard's route table,
// Index is the waypoint being walked to. Fails counts unreachable attempts at
// the current waypoint (after a few it is skipped).
type Patrol struct {
	Route int
	Index int
	Fails int
	// Tolerance is how close (Chebyshev) counts as reaching a waypoint.
	Tolerance int
	// NextTry is the game time, in ms, before which a failed waypoint is not retried.
	NextTry int64
}

// Walk moves a player along a walked route by direction, as a game client
// does: the server searches for a path only to bring the player back onto
// the route (after spawning off it, or past a mobile in its way). Route
// indexes the shard's walked-route table; Cell is the route cell the
// player last stood on, Goal the one its current steps lead to (-1: none
// yet).
type Walk struct {
	Route int
	Cell  int
	Goal  int
	// NextTry is the game time, in ms, before which the player does not move
	// (a login delay).
	NextTry int64
}

// Wander moves a mobile to random cells within Radius of Home that its
// capabilities can stand on (sea creatures pick wet cells).
type Wander struct {
	Home    world.Point
	Radius  int
	NextTry int64
}

// PathRequest asks the pathfinding system for a path to Goal (within Range).
// It stays on the entity for its whole life: Active says a request is
// pending, since repaths come every few hundred milliseconds and adding and
// removing a component that often would be a structural change each time.
type PathRequest struct {
	Goal   world.Point
	Range  int
	Since  uint64 // tick the request was made
	Active bool   // a request is pending
	Queued bool   // the request is in the pathfinding queue
}

// PathState is the path being walked: Steps[Next:] remain, Zs[i] is the Z
// after Steps[i]. Repath is the tick of the search that produced it; Failed
// says that search found no path, and RetryAt (game ms) is when the AI may
// ask again (a failed search backs off: crowds and closed doors take time to
// clear).
type PathState struct {
	Steps   []movement.Dir
	Zs      []int8
	Next    int
	Repath  uint64
	Failed  bool
	RetryAt int64
	// Trust, when not zero, marks Steps and Zs as a search's answer,
	// stamped by the map's spatial index (systems): the movement system
	// may take a step's Z from Zs while nothing the search read for that
	// step could have changed. Whoever writes Steps otherwise sets it to 0.
	Trust uint32
}

// Remaining returns the number of steps left.
func (p *PathState) Remaining() int { return len(p.Steps) - p.Next }

// Clear drops the path, keeping the slices' storage.
func (p *PathState) Clear() {
	p.Steps, p.Zs, p.Next, p.Trust = p.Steps[:0], p.Zs[:0], 0, 0
}

// GoTo walks a mobile to Goal (within Range, Chebyshev) once: the AI asks
// for a path, walks it and repaths as needed, and stops on arrival (Done).
// Fails counts failed searches for it; after a few the order is given up
// (Done, GaveUp). NextTry is the game time, in ms, of the next try after a
// failed one.
type GoTo struct {
	Goal    world.Point
	Range   int
	Fails   int
	NextTry int64
	Done    bool
	GaveUp  bool
}
