package main

import (
	"context"
	"fmt"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/pathing"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/stepcache/chunk"
)

// finderMaker returns what makes each worker's finder of o's search over
// that worker's rules clone (base's map). For jps it bakes every chunk of
// the map first (shared by the workers' caches), so the queries time
// searches, not chunk builds.
func finderMaker(ctx context.Context, o maiOptions, base *movement.Rules) (func(*movement.Rules) (pathing.Finder, error), error) {
	if err := checkSearch(o.search); err != nil {
		return nil, err
	}
	switch o.search {
	case "cache":
		return cacheFinder, nil
	case "jps":
		chunks, err := bake.BuildMap(ctx, base.Clone(), 0, nil)
		if err != nil {
			return nil, fmt.Errorf("--search jps: %w", err)
		}
		return func(r *movement.Rules) (pathing.Finder, error) { return jpsFinder(r, chunks, o.cone) }, nil
	}
	return func(r *movement.Rules) (pathing.Finder, error) { return pathing.NewClassic(r), nil }, nil
}

// jpsFinder is --search jps: a jump search over a step cache of its own
// holding every chunk (baked from the map), with the walkers' canonical maps
// computed and copied into the finder's flat layer up front, as the grid a
// benchmark library builds before its queries; the cone probe only with
// cone (--cone).
func jpsFinder(rules *movement.Rules, chunks []*chunk.Chunk, cone bool) (pathing.Finder, error) {
	cfg := stepcache.DefaultConfig()
	cfg.MaxResidentChunks = max(len(chunks), 1)
	c, err := stepcache.New(cfg, bake.Shared, rules)
	if err != nil {
		return nil, fmt.Errorf("--search jps: %w", err)
	}
	wide, high := chunk.Grid(rules.Map.Width, rules.Map.Height)
	for i, ch := range chunks {
		if err := c.Install(rules.Map.ID, i%wide, i/wide, ch); err != nil {
			return nil, fmt.Errorf("--search jps: %w", err)
		}
	}
	for cy := 0; cy < high; cy++ {
		for cx := 0; cx < wide; cx++ {
			c.Canon(rules.Map.ID, cx, cy, chunk.RuleWalk)
		}
	}
	f := pathing.NewJPS(c, rules)
	f.UseConeProbe(cone)
	f.PrepareLayer(movement.Mover{Caps: movement.Player}) // the queries' mover (solveWorker)
	return f, nil
}

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
	c, err := stepcache.New(cfg, bake.Shared, rules)
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
