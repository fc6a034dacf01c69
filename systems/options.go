package systems

import (
	"time"

	"shardcore/movement"
	"shardcore/pathing"
	"shardcore/stepcache"
	"shardcore/world"
)

// Defaults of Options.
const (
	DefaultTickMs      = 8
	DefaultTickBudget  = 4 * time.Millisecond
	DefaultMaxNodes    = 4000
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
	Start      movement.Point
	StartZ     int
	Goal       movement.Point
	Range      int
	Caps       movement.Caps
	MaxNodes   int // the search's node budget (the tick's share, at most Options.MaxNodes)
	Found      bool
	Steps      int
	Cost       float64
	Expansions int
	Duration   time.Duration // by the shard's clock (0 under a frozen test clock)
	WaitTicks  uint64        // ticks between the request and this search
	Lookups    [stepcache.NumHitKinds]int
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
	// MaxNodes is each search's node budget (DefaultMaxNodes).
	MaxNodes int
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
	if o.MaxNodes <= 0 {
		o.MaxNodes = DefaultMaxNodes
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
