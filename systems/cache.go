package systems

import (
	"shardcore/movement"
	"shardcore/pathing"
	"shardcore/stepcache"
)

// WithCache returns opts wired to a step cache: the cache A* as the finder,
// the cache's step checker (the same composition) for the movement system,
// after every tick the chunks its background workers finished installed
// (Collect) and its bound restored (Enforce), and its hit ratio in Stats.
// The cache must serve the Sim's map and be owned by the Sim's goroutine.
func WithCache(opts Options, cache *stepcache.Cache) Options {
	opts.NewFinder = func(r *movement.Rules) pathing.Finder { return pathing.NewCached(cache, r) }
	opts.NewStepper = func(r *movement.Rules) Stepper { return pathing.NewStepChecker(cache, r) }
	opts.Evictor = cacheUpkeep{cache}
	opts.HitRatio = func() float64 { return cache.Stats().HitRatio() }
	return opts
}

// cacheUpkeep is the eviction step over a step cache: install finished
// background builds, then evict down to the bound.
type cacheUpkeep struct{ c *stepcache.Cache }

// Enforce implements Evictor.
func (u cacheUpkeep) Enforce() int {
	u.c.Collect()
	return u.c.Enforce()
}
