package systems

import (
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/pathing"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/world"
)

// Backend is where a Sim's searches and step checks come from, and what
// the Sim tells it as it ticks: the live rules alone (LiveBackend) or a
// step cache in front of them (CacheBackend). A Sim makes its finders and
// steppers through it at NewSim, over clones of its live rules.
type Backend interface {
	// Finder makes the finder the Sim searches with on its own goroutine.
	Finder(r *movement.Rules) pathing.Finder
	// Stepper makes the step check of the Sim's movement system.
	Stepper(r *movement.Rules) Stepper
	// Shares reports whether the backend makes finders and steppers that
	// work on other goroutines while the Sim waits (SharedFinder,
	// SharedStepper); without, every search and step is on the Sim's.
	Shares() bool
	// SharedFinder makes a search worker's finder.
	SharedFinder(r *movement.Rules) pathing.Finder
	// SharedStepper makes the step check of a movement lane stepped on
	// another goroutine.
	SharedStepper(r *movement.Rules) Stepper
	// Begin and End bracket each parallel stage (searches, movement
	// lanes), on the Sim's goroutine.
	Begin()
	End()
	// Upkeep runs after every tick (a step cache installs its finished
	// builds and evicts down to its bound).
	Upkeep()
	// HitRatio is the step cache's share of lookups it answered (0
	// without one), for Stats.
	HitRatio() float64
}

// LiveBackend searches and checks steps with the live rules: NewFinder's
// finders (nil: classic A*) and LiveSteps, and, when NewSharedFinder is
// set, search workers with its finders (the live rules are read-only while
// they search, so each worker's own clone is safe). It keeps nothing up.
type LiveBackend struct {
	NewFinder       func(r *movement.Rules) pathing.Finder
	NewSharedFinder func(r *movement.Rules) pathing.Finder
}

// Finder implements Backend.
func (b LiveBackend) Finder(r *movement.Rules) pathing.Finder {
	if b.NewFinder != nil {
		return b.NewFinder(r)
	}
	return pathing.NewClassic(r)
}

// Stepper implements Backend.
func (LiveBackend) Stepper(r *movement.Rules) Stepper { return LiveSteps{Rules: r} }

// Shares implements Backend: with NewSharedFinder.
func (b LiveBackend) Shares() bool { return b.NewSharedFinder != nil }

// SharedFinder implements Backend.
func (b LiveBackend) SharedFinder(r *movement.Rules) pathing.Finder {
	if b.NewSharedFinder != nil {
		return b.NewSharedFinder(r)
	}
	return b.Finder(r)
}

// SharedStepper implements Backend: the live rules.
func (b LiveBackend) SharedStepper(r *movement.Rules) Stepper { return b.Stepper(r) }

// Begin implements Backend.
func (LiveBackend) Begin() {}

// End implements Backend.
func (LiveBackend) End() {}

// Upkeep implements Backend.
func (LiveBackend) Upkeep() {}

// HitRatio implements Backend: 0.
func (LiveBackend) HitRatio() float64 { return 0 }

// The searches a CacheBackend can serve the step cache to.
const (
	SearchCache = "cache" // the cache A* (pathing.Cached)
	SearchJPS   = "jps"   // the jump-point search (pathing.JPS)
)

// CacheBackend is a step cache in front of the live rules: its search
// (SearchJPS, else the cache A*) as the Sim's finder and, through read-only
// views of the cache that each stage merges after, as the search workers'
// (classic A*s when the cache is disabled); the cache's step checker for
// the movement system and its lanes; after every tick the chunks its
// background workers finished installed (Collect) and its bound restored
// (Enforce); its hit ratio. The cache must serve the Sim's map and be owned
// by the Sim's goroutine.
type CacheBackend struct {
	cache *stepcache.Cache
	jps   bool
	views []*stepcache.View
}

// NewCacheBackend returns the backend over cache with search (SearchJPS
// or SearchCache).
func NewCacheBackend(cache *stepcache.Cache, search string) *CacheBackend {
	return &CacheBackend{cache: cache, jps: search == SearchJPS}
}

// Finder implements Backend (classic A* when the cache is disabled).
func (b *CacheBackend) Finder(r *movement.Rules) pathing.Finder {
	if !b.cache.Config().Enabled {
		return pathing.NewClassic(r)
	}
	if b.jps {
		return pathing.NewJPS(b.cache, r)
	}
	return pathing.NewCached(b.cache, r)
}

// Stepper implements Backend.
func (b *CacheBackend) Stepper(r *movement.Rules) Stepper { return pathing.NewStepChecker(b.cache, r) }

// Shares implements Backend: yes.
func (b *CacheBackend) Shares() bool { return true }

// SharedFinder implements Backend.
func (b *CacheBackend) SharedFinder(r *movement.Rules) pathing.Finder {
	if !b.cache.Config().Enabled {
		return pathing.NewClassic(r)
	}
	v := b.view()
	if b.jps {
		f := pathing.NewJPS(b.cache, r)
		f.UseView(v)
		return f
	}
	f := pathing.NewCached(b.cache, r)
	f.UseView(v)
	return f
}

// SharedStepper implements Backend.
func (b *CacheBackend) SharedStepper(r *movement.Rules) Stepper {
	return pathing.NewViewStepChecker(b.view(), r)
}

// view makes a read-only view of the cache that End merges.
func (b *CacheBackend) view() *stepcache.View {
	v := b.cache.NewView()
	b.views = append(b.views, v)
	return v
}

// Begin implements Backend: the cache readies its views.
func (b *CacheBackend) Begin() { b.cache.Ready() }

// End implements Backend: every view is merged.
func (b *CacheBackend) End() {
	for _, v := range b.views {
		b.cache.Merge(v)
	}
}

// Upkeep implements Backend: the finished builds installed, the most
// urgent predicted chunks started (with prefetch on), the bound restored.
func (b *CacheBackend) Upkeep() {
	b.cache.Collect()
	b.cache.Prefetch()
	b.cache.Enforce()
}

// Predictor is a Backend that takes a look-ahead: each tick, after the
// movement system, the Sim walks the paths its stepping mobiles hold up
// to LookAheadMs of game time ahead and tells Predict each chunk a mobile
// will step into (its party, and when).
type Predictor interface {
	// LookAheadMs is how far ahead to look, in game milliseconds (0: no
	// look-ahead).
	LookAheadMs() int64
	// Predict says party is expected on cell (x, y) of map m, the first
	// of its chunk on its path, at game time atMs; nowMs is the tick's.
	Predict(m world.MapID, x, y int, party uint64, nowMs, atMs int64)
}

// DwellPredictor is a Predictor that also takes beats: the chunks a
// mobile's order has it use over and over (a patrol's route, a walking
// player's route, a wanderer's home), told once when the order is given.
type DwellPredictor interface {
	Predictor
	// PredictDwell says party will use the chunk holding cell (x, y) of
	// map m again and again from game time atMs on; nowMs is the tick's.
	PredictDwell(m world.MapID, x, y int, party uint64, nowMs, atMs int64)
}

// BackgroundWorker is a Backend with goroutines of its own that work
// beside the Sim's (a step cache's chunk builders).
type BackgroundWorker interface {
	// BackgroundWork reports whether such work waits to be done; called
	// on the Sim's goroutine at the start of each tick. While it does,
	// the Sim's stage helpers end with their tasks instead of staying
	// (Options.HelperSpin): a helper waiting on a core keeps the runtime
	// from handing that core to a worker readied by the Sim's goroutine.
	BackgroundWork() bool
}

// BackgroundWork implements BackgroundWorker: chunks asked of the cache's
// builders and not yet collected.
func (b *CacheBackend) BackgroundWork() bool { return b.cache.BuildsPending() > 0 }

// LookAheadMs implements Predictor: the cache's prefetch look-ahead, or
// none once every map it serves reads its chunks from a .swb (a read costs
// less than the look-ahead that would foretell it).
func (b *CacheBackend) LookAheadMs() int64 {
	if !b.cache.Config().Enabled || b.cache.Sourced() {
		return 0
	}
	return b.cache.Config().PrefetchMs
}

// Predict implements Predictor.
func (b *CacheBackend) Predict(m world.MapID, x, y int, party uint64, nowMs, atMs int64) {
	b.cache.Predict(m, x, y, party, nowMs, atMs)
}

// PredictDwell implements DwellPredictor.
func (b *CacheBackend) PredictDwell(m world.MapID, x, y int, party uint64, nowMs, atMs int64) {
	b.cache.PredictDwell(m, x, y, party, nowMs, atMs)
}

// HitRatio implements Backend.
func (b *CacheBackend) HitRatio() float64 { return b.cache.Stats().HitRatio() }

// Cache returns the backend's step cache.
func (b *CacheBackend) Cache() *stepcache.Cache { return b.cache }
