package systems

import (
	"runtime"
	"time"

	"github.com/shardcore/shardcore/config"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/world"
)

// Defaults of Options: those server.toml has are its (package config is
// their one home); the rest are the simulation's own.
const (
	DefaultTickMs       = config.DefaultTickMs
	DefaultTickBudget   = time.Duration(config.DefaultTickBudgetMs * float64(time.Millisecond))
	DefaultMaxNodes     = config.DefaultMaxNodes
	DefaultNodesPerTile = config.DefaultNodesPerTile
	DefaultNodesBase    = config.DefaultNodesBase
	DefaultRepathMinMs  = 100
	DefaultRepathMaxMs  = 300
	DefaultDoorOpenMs   = 3000
)

// Recorder receives one record per path search (the server's JSONL recorder).
type Recorder interface {
	RecordPath(rec *PathRecord)
}

// PathRecord describes one path search as the recorder stores it.
type PathRecord struct {
	Tick     uint64
	Map      world.MapID
	MobileID uint64
	Party    uint64 // whom the mobile travels with (a pet: its owner; else itself)
	Start    world.Point
	StartZ   int
	Goal     world.Point
	Range    int
	Caps     movement.Caps
	MaxNodes int // the search's node budget (the tick's share, at most Options.MaxNodes)
	Found    bool
	// Unreachable: answered without a search, the goal walled off
	// (pathing.Result.Unreachable).
	Unreachable bool
	Steps       int
	Cost        float64
	Expansions  int
	Duration    time.Duration // by the shard's clock (0 under a frozen test clock)
	WaitTicks   uint64        // ticks between the request and this search
	Lookups     [chunk.NumHitKinds]int
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
	// Backend is where searches and step checks come from: the live rules
	// (nil, or LiveBackend), or a step cache in front of them
	// (CacheBackend).
	Backend Backend
	// SearchWorkers is how many goroutines serve path requests at once
	// under the time budget, the Sim's own included (0: one per core when
	// the Backend has shared finders; 1: the Sim's alone). The
	// deterministic budgets and a Recorder that is recording serve on the
	// Sim's goroutine alone.
	SearchWorkers int
	// MoveWorkers, at 2 or more, has the AI stage think on two goroutines
	// (ai_lanes.go) and, with a Backend that has shared steppers, the
	// movement system step its west and east lanes at once (move_lanes.go);
	// the outcome is the same with one.
	MoveWorkers int
	// HelperSpin is how long a parallel stage's helper goroutine stays,
	// running, after its task for the next stage's (crew.go): a helper
	// started anew begins 50-200 µs into its stage on a 2-core VM, one
	// still running within 5 µs. It keeps a core busy that long after each
	// stage, yielding to any goroutine that can run (0 or less: a helper
	// ends with its task). Measured at 100,000 mobiles it shortens the
	// median tick and not the slowest. Leave it off where the Sim's helpers
	// have no core of their own: with as many Sims ticking at once as cores
	// (the server does, for as many maps as cores or more), a spinning
	// helper takes time from another Sim's work.
	HelperSpin time.Duration
	// SleepRadius, when positive, turns sleeping sectors on: an NPC
	// (patroller or wanderer) whose sector has no player within this many
	// sectors (16 cells each) does not think until one comes (sleep.go).
	// 0: every mobile is awake.
	SleepRadius int
	// FollowDirect has a follower out of place step straight at its target
	// while that step is open and search only when it is refused
	// (chase.go); false: every repath is a search.
	FollowDirect bool
	// CheckEveryStep has the movement system check every step through the
	// Backend's stepper. Without it, a step of a searched path takes the Z
	// the search found while the step's cells hold no dynamic item or
	// mobile, no item was taken from their sectors and no multi changed
	// since the search: the stepper's answer, as the search asked the same
	// rules (spatial_trust.go), for less memory read a step.
	CheckEveryStep bool
	// MobileHorizon, when above 0, is how far (Chebyshev cells from its
	// start) a search sees mobiles: beyond it a search plans as if the
	// cells were free of mobiles, since those will have moved by the time
	// the mover gets there, and the step is checked when it is taken. Items
	// are seen everywhere. 0: a search sees every mobile.
	MobileHorizon int
	// MaxNodes is each search's node budget (DefaultMaxNodes).
	MaxNodes int
	// NodesPerTile also bounds a search's node budget by how far its goal
	// is: at most NodesBase + NodesPerTile nodes per tile (Chebyshev) from
	// the start to the goal's range (0: DefaultNodesPerTile; negative:
	// MaxNodes alone). See nodeCeiling.
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
	if o.Backend == nil {
		o.Backend = LiveBackend{}
	}
	if o.SearchWorkers == 0 && o.Backend.Shares() {
		o.SearchWorkers = runtime.GOMAXPROCS(0)
	}
	if o.MaxNodes <= 0 {
		o.MaxNodes = DefaultMaxNodes
	}
	if o.NodesPerTile == 0 {
		o.NodesPerTile = DefaultNodesPerTile
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

// DefaultOptions returns the zero Options with every default filled in:
// what a Sim of the zero Options runs with (Backend: the live rules;
// Clock: time since the call).
func DefaultOptions() Options { return Options{}.withDefaults(time.Now()) }
