package replay

import (
	"fmt"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/pathing"
	"github.com/shardcore/shardcore/server/recorder"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/stepcache/bake"
)

// finder is the finder r replays with on mp.
func (rp *replayer) finder(mp *replayMap, r *recorder.Record) (pathing.Finder, error) {
	search := rp.opt.Search
	if search == "" || search == "recorded" {
		search = r.Search
		if search == "" {
			search = "cache"
		}
	}
	switch search {
	case "classic":
		if mp.classic == nil {
			mp.classic = pathing.NewClassic(mp.rules)
		}
		return mp.classic, nil
	case "cache":
		if mp.cached == nil {
			c, err := rp.cacheOf(mp)
			if err != nil {
				return nil, err
			}
			mp.cached = pathing.NewCached(c, mp.rules)
		}
		return mp.cached, nil
	case "jps":
		if mp.jps == nil {
			c, err := rp.cacheOf(mp)
			if err != nil {
				return nil, err
			}
			mp.jps = pathing.NewJPS(c, mp.rules)
		}
		return mp.jps, nil
	}
	return nil, fmt.Errorf("replay: line %d was searched by %q, which replay cannot run: pass --search classic, cache or jps", r.Line, search)
}

// cacheOf is mp's step cache over its static world, made on first use.
func (rp *replayer) cacheOf(mp *replayMap) (*stepcache.Cache, error) {
	if mp.cache != nil {
		return mp.cache, nil
	}
	cfg := stepcache.DefaultConfig()
	if rp.opt.Cache != nil {
		cfg = *rp.opt.Cache
	}
	c, err := stepcache.New(cfg, bake.Shared, movement.NewRules(mp.w.Map, mp.w.Tiles, nil))
	if err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	mp.cache = c
	return c, nil
}
