package systems

import (
	"time"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/pathing"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/world"
)

// Defaults of Options.
const (
	DefaultTickMs      = 8
	DefaultTickBudget  = 4 * time.Millisecond
	DefaultMaxNodes    = 4000
	DefaultNodesBase   = 256
	DefaultRepathMinMs = 100
	DefaultRepathMaxMs = 300
	DefaultDoorOpenMs  = 3000
)

// Evictor is the step cache's upkeep, run after every tick: WithCache's
// installs the chunks the cache's background workers built (Collect) and
// then evicts down to its resident bound (Enforce). *stepcache.Cache alone
// satisfies it with eviction only.
type Evictor interface {
	Enforce() int
}

// Recorder receives one record per path search (the server's JSONL recorder).
type Recorder interface {
	RecordPath(rec *PathRecord)
}

// PathRecord describes one path search as the recorder stores it.
type PathRecord struct {
	Tick       uint64
	Map        world.MapID
	MobileID   uint64
	Party      uint64 // whom the mobile travels with (a pet: its owner; else itself)
	Start      world.Point
	StartZ     int
	Goal       world.Point
	Range      int
	Caps       movement.Caps
	MaxNodes   int // the search's node budget (the tick's share, at most Options.MaxNodes)
	Found      bool
	Steps      int
	Cost       float64
	Expansions int
	Duration   time.Duration // by the shard's clock (0 under a frozen test clock)
	WaitTicks  uint64        // ticks between the request and this search
	Lookups    [chunk.NumHitKinds]int
}

// StepEvent is one step the movement system is about to take or refuse,
// reported before the world changes: From is where the mobile stands.
type StepEvent struct {
	Tick     uint64
	MobileID uint64
	Mover    movement.Mover
	FromX    int
	FromY    int
	FromZ    int
	Dir      movement.Dir
	NewZ     int
	OK       bool
}

// Stepper checks one step of a mobile for the movement system: whether mv
// standing at (x, y, z) can step in d, the Z it arrives at (meaningful only
// when ok), and whether the live rules answered. Its answers must be the
// live rules' (dynamics included). A Stepper keeps scratch: the Sim's
// goroutine only.
type Stepper interface {
	Step(mv movement.Mover, x, y, z int, d movement.Dir) (newZ int, ok, live bool)
}

// WalkerStepper is a Stepper told whose step comes next (the mover's party
// and the game time) before each Step: the step cache counts a step's miss
// of a chunk not built as that party's visit (pathing.StepChecker).
type WalkerStepper interface {
	Stepper
	Walker(party uint64, nowMs int64)
}

// LiveSteps is the Stepper that asks the live rules every step.
type LiveSteps struct{ Rules *movement.Rules }

// Step implements Stepper.
func (l LiveSteps) Step(mv movement.Mover, x, y, z int, d movement.Dir) (int, bool, bool) {
	nz, ok := l.Rules.CheckMovement(mv, x, y, z, d)
	return nz, ok, true
}

// SearchStage is told when a parallel pathfinding stage begins and ends,
// on the Sim's goroutine: WithCache's readies the step cache for its views
// and merges them after.
type SearchStage interface {
	Begin()
	End()
}

// HelperGate is a SearchStage that is also told when a parallel stage is
// about to start a helper goroutine (HelperDue, on the Sim's goroutine)
// and when that helper starts (HelperStarted, first thing on the helper's):
// WithCache's holds the step cache's background builders in between, so
// the helper is not kept off the second core by a build queue.
type HelperGate interface {
	HelperDue()
	HelperStarted()
}

// helperDue tells the Sim's stage, when it is a HelperGate, that a helper
// goroutine is about to start, and returns it (nil otherwise) for the
// helper to pass to helperStarted.
func (s *Sim) helperDue() HelperGate {
	hg, _ := s.opts.SearchStage.(HelperGate)
	if hg != nil {
		hg.HelperDue()
	}
	return hg
}

// helperStarted tells hg (from helperDue; nil: nothing) that its helper
// started.
func helperStarted(hg HelperGate) {
	if hg != nil {
		hg.HelperStarted()
	}
}

// StepObserver sees every step the movement system checks (tests re-check
// them; a debugger could draw them).
type StepObserver interface {
	ObserveStep(ev *StepEvent)
}

// Options configures a Sim. Zero fields take the defaults.
type Options struct {
	TickMs int // game milliseconds per tick (DefaultTickMs)
	// TickBudget is the time the pathfinding system may spend per tick,
	// measured with Clock (DefaultTickBudget).
	TickBudget time.Duration
	// MaxSearchesPerTick and MaxExpansionsPerTick, when either is set,
	// replace the time budget with a deterministic one: the system stops
	// starting searches once this tick's searches or expansions reach them.
	MaxSearchesPerTick   int
	MaxExpansionsPerTick int
	// Clock is a monotonic clock for budgets and tick timings (default: time
	// since NewSim). Tests inject a fake one.
	Clock func() time.Duration
	// NewFinder builds the path finder over the shard's live rules (default:
	// pathing.NewClassic).
	NewFinder func(r *movement.Rules) pathing.Finder
	// NewStepper builds the movement system's step check over the shard's
	// live rules (default: LiveSteps; WithCache: the step cache's
	// pathing.StepChecker).
	NewStepper func(r *movement.Rules) Stepper
	// SearchWorkers is how many goroutines serve path requests at once
	// under the time budget, the Sim's own included (0 or 1: the Sim's
	// alone). More than one needs NewSharedFinder; the deterministic
	// budgets and a Recorder that is recording serve on the Sim's goroutine
	// alone.
	SearchWorkers int
	// NewSharedFinder builds each search worker's finder: finders that
	// search at once on several goroutines while the Sim waits, between
	// SearchStage's Begin and End (WithCache: cache A*s through read-only
	// views of the step cache).
	NewSharedFinder func(r *movement.Rules) pathing.Finder
	// SearchStage brackets each parallel pathfinding stage, and each
	// parallel movement stage (nil: nothing).
	SearchStage SearchStage
	// MoveWorkers, at 2 or more with NewSharedStepper, has the movement
	// system step its west and east lanes at once (move_lanes.go); the
	// outcome is the same with one.
	MoveWorkers int
	// NewSharedStepper builds the step check of a lane stepped on another
	// goroutine while the Sim waits, between SearchStage's Begin and End
	// (WithCache: a StepChecker through a read-only view of the cache).
	NewSharedStepper func(r *movement.Rules) Stepper
	// SleepRadius, when positive, turns sleeping sectors on: an NPC
	// (patroller or wanderer) whose sector has no player within this many
	// sectors (16 cells each) does not think until one comes (sleep.go).
	// 0: every mobile is awake.
	SleepRadius int
	// FollowDirect has a follower out of place step straight at its target
	// while that step is open and search only when it is refused
	// (chase.go); false: every repath is a search.
	FollowDirect bool
	// MaxNodes is each search's node budget (DefaultMaxNodes).
	MaxNodes int
	// NodesPerTile, when positive, also bounds a search's node budget by
	// how far its goal is: at most NodesBase + NodesPerTile nodes per tile
	// (Chebyshev) from the start to the goal's range. 0: MaxNodes alone.
	// See nodeCeiling.
	NodesPerTile int
	// NodesBase is that bound's nodes for a goal in range of the start
	// (0: DefaultNodesBase).
	NodesBase int
	// RepathMinMs..RepathMaxMs is the follow repath interval, jittered per
	// repath from Seed.
	RepathMinMs, RepathMaxMs int
	// DoorOpenMs is how long an opened door stays open.
	DoorOpenMs int
	Seed       uint64

	Evictor  Evictor         // the cache upkeep after every tick (nil: none)
	HitRatio func() float64  // the step cache's hit ratio for stats (nil: 0)
	Recorder Recorder        // per-search records (nil: none)
	Observer StepObserver    // per-step events (nil: none)
	Rules    *movement.Rules // live rules to clone (nil: built from the map)
}

func (o Options) withDefaults(start time.Time) Options {
	if o.TickMs <= 0 {
		o.TickMs = DefaultTickMs
	}
	if o.TickBudget <= 0 {
		o.TickBudget = DefaultTickBudget
	}
	if o.Clock == nil {
		o.Clock = func() time.Duration { return time.Since(start) }
	}
	if o.NewFinder == nil {
		o.NewFinder = func(r *movement.Rules) pathing.Finder { return pathing.NewClassic(r) }
	}
	if o.NewStepper == nil {
		o.NewStepper = func(r *movement.Rules) Stepper { return LiveSteps{Rules: r} }
	}
	if o.MaxNodes <= 0 {
		o.MaxNodes = DefaultMaxNodes
	}
	if o.NodesBase <= 0 {
		o.NodesBase = DefaultNodesBase
	}
	if o.RepathMinMs <= 0 {
		o.RepathMinMs = DefaultRepathMinMs
	}
	if o.RepathMaxMs < o.RepathMinMs {
		o.RepathMaxMs = max(DefaultRepathMaxMs, o.RepathMinMs)
	}
	if o.DoorOpenMs <= 0 {
		o.DoorOpenMs = DefaultDoorOpenMs
	}
	return o
}
