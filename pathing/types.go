package pathing

import (
	"time"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/world"
)

// Cost is a step-cost model.
type Cost uint8

// Cost models: Uniform is the game's (every step 1, diagonals too); Octile is
// the Moving AI benchmark's (diagonal √2).
const (
	Uniform Cost = iota
	Octile
)

// DefaultMaxNodes is the node budget when a request gives none.
const DefaultMaxNodes = 20000

// Request asks for a path for one mover on the searcher's map.
type Request struct {
	Start  world.Point
	StartZ int
	Goal   world.Point
	// Range: the goal is reached on any cell within this Chebyshev distance
	// of Goal (0: Goal itself).
	Range int
	// Mover's Goal/HasGoal are set by the searcher from Goal: mobiles on the
	// goal cell do not block.
	Mover    movement.Mover
	Cost     Cost
	MaxNodes int // pops before giving up; 0 = DefaultMaxNodes
	// Party names who the searching mobile travels with (a pet: its owner;
	// 0: Mover.Self). The cache A* passes it to the step cache's admission
	// gate, which counts one party's searches through a chunk as one visit.
	Party uint64
	// NowMs is the game time of the search in milliseconds: the cache A*
	// passes it to the admission gate with Party (stepcache.Cache.Search).
	NowMs int64
	// Clock and Deadline let a search pause (finders that are Pausers):
	// with Clock set, the search stops between two expansions once Clock()
	// reads Deadline or later (it looks every few dozen expansions), with
	// Result.Paused set, and Resume continues it. Without Clock it runs to
	// its end.
	Clock    func() time.Duration
	Deadline time.Duration
}

// Result is a search's outcome. Its slices are reused by the next search into
// the same Result; copy them to keep them.
type Result struct {
	Found      bool
	Dirs       []movement.Dir // steps from Start
	Zs         []int8         // Z after each step
	Cost       float64        // path cost under the request's model
	Expansions int            // nodes popped and expanded
	// Lookups counts step-cache lookups by outcome (cache A* only).
	Lookups [chunk.NumHitKinds]int
	// Paused reports that the search stopped at Request.Deadline, neither
	// found nor failed: Pauser.Resume continues it.
	Paused bool
}

// Finder finds paths. A Finder keeps scratch state: one per goroutine.
type Finder interface {
	Find(req *Request, res *Result)
}

// Pauser is a Finder whose searches can pause at Request.Deadline and go
// on later, after the world moved on: the expansions done stand, those
// still to come see the world as it is then.
type Pauser interface {
	Finder
	// Resume continues the search the finder's last Find or Resume paused,
	// with res as that call left it and req's Clock and Deadline (the rest
	// of req is the paused search's own and must not change); when nothing
	// is paused it leaves res as it is.
	Resume(req *Request, res *Result)
}
