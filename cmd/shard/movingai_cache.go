package main

import (
	"fmt"

	"shardcore/movement"
	"shardcore/pathing"
	"shardcore/stepcache"
)

// cacheFinder is --search cache: a cache A* over a step cache of its own
// (one per worker, as a Cache belongs to one goroutine) with the default
// configuration. Nothing is baked up front: the admission gate promotes a
// chunk on its second miss within the window (one miss per search), so the
// first searches through a chunk take the live rules and later ones hit.
func cacheFinder(rules *movement.Rules) (pathing.Finder, error) {
	c, err := stepcache.New(stepcache.DefaultConfig(), rules)
	if err != nil {
		return nil, fmt.Errorf("--search cache: %w", err)
	}
	return pathing.NewCached(c, rules), nil
}
