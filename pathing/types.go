package pathing

import (
	"shardcore/movement"
	"shardcore/stepcache"
	"shardcore/world"
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
	Lookups [stepcache.NumHitKinds]int
}

// Finder finds paths. A Finder keeps scratch state: one per goroutine.
type Finder interface {
	Find(req *Request, res *Result)
}
