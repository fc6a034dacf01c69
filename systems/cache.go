package systems

import (
	"shardcore/movement"
	"shardcore/pathing"
	"shardcore/stepcache"
)

// WithCache returns opts wired to a step cache: the cache A* as the finder,
// the cache's Enforce after every tick, and its hit ratio in Stats. The
// cache must serve the Sim's map and be owned by the Sim's goroutine.
func WithCache(opts Options, cache *stepcache.Cache) Options {
	opts.NewFinder = func(r *movement.Rules) pathing.Finder { return pathing.NewCached(cache, r) }
	opts.Evictor = cache
	opts.HitRatio = func() float64 { return cache.Stats().HitRatio() }
	return opts
}
