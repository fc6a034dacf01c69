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
// chunk on its second miss within the window. Scenarios have no game clock,
// so each search's time (Request.NowMs) is its number, each search a visit
// of its own: the first search through a chunk takes the live rules and
// later ones hit.
func cacheFinder(rules *movement.Rules) (pathing.Finder, error) {
	f := &visitCounting{}
	cfg := stepcache.DefaultConfig()
	cfg.MissVisitMs = 1
	c, err := stepcache.New(cfg, rules)
	if err != nil {
		return nil, fmt.Errorf("--search cache: %w", err)
	}
	f.Finder = pathing.NewCached(c, rules)
	return f, nil
}

// visitCounting is a finder that counts its searches (the gate's clock).
type visitCounting struct {
	pathing.Finder
	searches int64
}

// Find implements pathing.Finder; it sets req.NowMs to the search's number.
func (v *visitCounting) Find(req *pathing.Request, res *pathing.Result) {
	v.searches++
	req.NowMs = v.searches
	v.Finder.Find(req, res)
}
