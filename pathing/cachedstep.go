package pathing

import (
	"shardcore/movement"
	"shardcore/stepcache"
)

// StepChecker checks one step of a mobile the way the cache A* expands a
// node (Cached): the step cache's answer for (x, y, z, caps) plus the
// dynamic pass, and the live CheckMovement exactly where the search takes
// it: a lookup that falls through (not built, multi, Z mismatch, off-map,
// flyer, caps, amphibian, disabled, corrupt), items on the start cell, or
// dynamics on the step's target or a diagonal's flanks. Its answers equal
// the live rules' (the cache's parity proves the static part; the rest is
// the live rules). Lookups go through the cache's Steps handle, so walking
// never counts at the admission gate. Use it on the goroutine that owns
// the cache.
type StepChecker struct {
	look stepcache.Search
	live *movement.Rules
	dyn  dynProbe
	st   CachedStats
	n    StepStats
}

// StepStats counts how a StepChecker answered.
type StepStats struct {
	Cached  int                        // steps answered by the cache
	Live    int                        // steps the live rules answered
	Lookups [stepcache.NumHitKinds]int // lookups by outcome
	Dynamic int                        // of Live: a hit sent live by dynamics
}

// NewStepChecker returns a step checker over cache and the live rules
// (whose map the cache must serve, and whose dynamics the dynamic pass
// reads).
func NewStepChecker(cache *stepcache.Cache, live *movement.Rules) *StepChecker {
	c := &StepChecker{look: cache.Steps(), live: live}
	c.dyn.bind(live)
	return c
}

// Step reports whether mv standing at (x, y, z) can step in d and the Z it
// arrives at (meaningful only when ok), and whether the live rules
// answered.
func (c *StepChecker) Step(mv movement.Mover, x, y, z int, d movement.Dir) (newZ int, ok, live bool) {
	c.dyn.refresh(c.live)
	sm := c.look.Lookup(c.live.Map.ID, x, y, z, mv.Caps)
	c.n.Lookups[sm.Kind]++
	newZ, ok, via := composeStep(&sm, &c.dyn, &c.st, c.live, mv, x, y, z, d)
	switch via {
	case viaCache:
		c.n.Cached++
	case viaDynamic:
		c.n.Dynamic++
		fallthrough
	default:
		c.n.Live++
	}
	return newZ, ok, via != viaCache
}

// How composeStep answered.
const (
	viaCache   = iota // the lookup's mask
	viaLive           // the lookup fell through, or items stand on the start cell
	viaDynamic        // a hit, sent live by dynamics on the target or a flank
)

// composeStep answers the step from (x, y, z) in d given the lookup sm made
// there, as the cache A* expands a node: the live rules when the lookup
// fell through or items stand on the start cell or dynamics on the step's
// target or a diagonal's flanks, else the cache's mask and arrival Z.
func composeStep(sm *stepcache.StepMask, p *dynProbe, st *CachedStats, live *movement.Rules,
	mv movement.Mover, x, y, z int, d movement.Dir) (newZ int, ok bool, via int) {
	via = viaCache
	switch {
	case sm.Kind != stepcache.Hit || (p.active && p.hasItems(st, x, y)):
		via = viaLive
	case p.active && p.affects(st, x, y, d):
		via = viaDynamic
	}
	if via != viaCache {
		newZ, ok = live.CheckMovement(mv, x, y, z, d)
		return newZ, ok, via
	}
	if sm.Mask&(1<<d) == 0 {
		return z, false, via
	}
	return int(sm.Z[d]), true, via
}

// Stats returns the counts since the checker was made.
func (c *StepChecker) Stats() StepStats { return c.n }
