package systems

import (
	"runtime"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/pathing"
	"github.com/shardcore/shardcore/stepcache"
)

// The searches WithCacheSearch can serve the step cache to.
const (
	SearchCache = "cache" // the cache A* (pathing.Cached)
	SearchJPS   = "jps"   // the jump-point search (pathing.JPS)
)

// WithCache is WithCacheSearch with the cache A*.
func WithCache(opts Options, cache *stepcache.Cache) Options {
	return WithCacheSearch(opts, cache, SearchCache)
}

// WithCacheSearch returns opts wired to a step cache: search (SearchJPS,
// else the cache A*) as the finder, and as the search workers' finders
// (one per core unless SearchWorkers is set), each through its own
// read-only view of the cache that the stage merges after (with the cache
// disabled: classic A*s), the cache's step checker (the same composition)
// for the movement system, and for its lanes stepped at once (when
// Options.MoveWorkers is 2 or more) step checkers through views of their
// own, after every tick the chunks its background workers finished
// installed (Collect) and its bound restored (Enforce), and its hit ratio
// in Stats. The cache must serve the Sim's map and be owned by the Sim's
// goroutine.
func WithCacheSearch(opts Options, cache *stepcache.Cache, search string) Options {
	jps := search == SearchJPS
	opts.NewFinder = func(r *movement.Rules) pathing.Finder {
		if jps {
			return pathing.NewJPS(cache, r)
		}
		return pathing.NewCached(cache, r)
	}
	stage := &viewStage{c: cache}
	opts.NewSharedFinder = func(r *movement.Rules) pathing.Finder {
		if !cache.Config().Enabled {
			return pathing.NewClassic(r)
		}
		v := cache.NewView()
		stage.views = append(stage.views, v)
		if jps {
			f := pathing.NewJPS(cache, r)
			f.UseView(v)
			return f
		}
		f := pathing.NewCached(cache, r)
		f.UseView(v)
		return f
	}
	opts.SearchStage = stage
	if opts.SearchWorkers == 0 {
		opts.SearchWorkers = runtime.GOMAXPROCS(0)
	}
	opts.NewStepper = func(r *movement.Rules) Stepper { return pathing.NewStepChecker(cache, r) }
	opts.NewSharedStepper = func(r *movement.Rules) Stepper {
		v := cache.NewView()
		stage.views = append(stage.views, v)
		return pathing.NewViewStepChecker(v, r)
	}
	opts.Evictor = cacheUpkeep{cache}
	opts.HitRatio = func() float64 { return cache.Stats().HitRatio() }
	return opts
}

// viewStage readies the cache for its search workers' views and merges
// them after each parallel stage.
type viewStage struct {
	c     *stepcache.Cache
	views []*stepcache.View
}

// Begin implements SearchStage.
func (v *viewStage) Begin() { v.c.Ready() }

// HelperDue implements HelperGate.
func (v *viewStage) HelperDue() { v.c.PauseBuilds() }

// HelperStarted implements HelperGate.
func (v *viewStage) HelperStarted() { v.c.ResumeBuilds() }

// End implements SearchStage.
func (v *viewStage) End() {
	for _, w := range v.views {
		v.c.Merge(w)
	}
}

// cacheUpkeep is the eviction step over a step cache: install finished
// background builds, then evict down to the bound.
type cacheUpkeep struct{ c *stepcache.Cache }

// Enforce implements Evictor.
func (u cacheUpkeep) Enforce() int {
	u.c.Collect()
	return u.c.Enforce()
}
