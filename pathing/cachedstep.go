package pathing

import (
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/stepcache/chunk"
)

// StepChecker checks one step of a mobile the way the cache A* expands a
// node (Cached): the step cache's answer for (x, y, z, caps) plus the
// dynamic pass, and the live CheckMovement exactly where the search takes
// it: a lookup that falls through (not built, multi, Z mismatch, off-map,
// flyer, caps, amphibian, disabled, corrupt), items on the start cell, or
// items on the step's target or a diagonal's flanks (mobiles alone there
// are checked against the cache's answer: dynStep). Its answers equal
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
	// Mobiles counts, of Cached, the steps whose target or flanks held
	// mobiles (no item): the cache's answer and the mobiles' check.
	Mobiles int
	Cached  int                    // steps answered by the cache
	Live    int                    // steps the live rules answered
	Lookups [chunk.NumHitKinds]int // lookups by outcome
	Dynamic int                    // of Live: a hit sent live by dynamics
}

// NewStepChecker returns a step checker over cache and the live rules
// (whose map the cache must serve, and whose dynamics the dynamic pass
// reads).
func NewStepChecker(cache *stepcache.Cache, live *movement.Rules) *StepChecker {
	c := &StepChecker{look: cache.Steps(), live: live}
	c.dyn.bind(live)
	return c
}

// NewViewStepChecker returns a step checker that looks steps up through
// v's Steps handle (read-only: for a movement system stepping mobiles on
// several goroutines between the cache's Ready and its Merge of v).
func NewViewStepChecker(v *stepcache.View, live *movement.Rules) *StepChecker {
	c := &StepChecker{look: v.Steps(), live: live}
	c.dyn.bind(live)
	return c
}

// Walker makes the next steps party's at game time nowMs: a step's lookup
// of a chunk neither resident nor in a source counts at the admission gate
// as that party's visit, as a search's lookup does (party 0: never counts).
func (c *StepChecker) Walker(party uint64, nowMs int64) {
	c.look.Party, c.look.NowMs = party, nowMs
}

// Touch reads what Step's lookup of (x, y) reads first (Search.Touch), for
// a caller stepping many mobiles to touch their cells before it steps them;
// it changes nothing and returns a value made of the reads.
func (c *StepChecker) Touch(x, y int) uintptr {
	return c.look.Touch(c.live.Map.ID, x, y)
}

// Step reports whether mv standing at (x, y, z) can step in d and the Z it
// arrives at (meaningful only when ok), and whether the live rules
// answered.
func (c *StepChecker) Step(mv movement.Mover, x, y, z int, d movement.Dir) (newZ int, ok, live bool) {
	c.dyn.refresh(c.live)
	var sm chunk.StepMask
	c.look.LookupTo(&sm, c.live.Map.ID, x, y, z, mv.Caps)
	c.n.Lookups[sm.Kind]++
	newZ, ok, via := composeStep(&sm, &c.dyn, &c.st, c.live, mv, x, y, z, d)
	switch via {
	case viaCache:
		c.n.Cached++
	case viaMobiles:
		c.n.Cached++
		c.n.Mobiles++
	case viaDynamic:
		c.n.Dynamic++
		fallthrough
	default:
		c.n.Live++
	}
	return newZ, ok, via == viaLive || via == viaDynamic
}

// How a step was answered.
const (
	viaCache   = iota // the lookup's mask
	viaMobiles        // the lookup's mask and the mobiles on the target or flanks
	viaLive           // the live rules: the lookup fell through, or items stand on the start cell
	viaDynamic        // the live rules: a hit, with items on the target or a flank
)

// composeStep answers the step from (x, y, z) in d given the lookup sm made
// there, as the cache A* expands a node: the live rules when the lookup
// fell through or items stand on the start cell, else the cache's answer
// with the dynamic pass (dynStep) where the step's target or a diagonal's
// flanks hold dynamics.
func composeStep(sm *chunk.StepMask, p *dynProbe, st *CachedStats, live *movement.Rules,
	mv movement.Mover, x, y, z int, d movement.Dir) (newZ int, ok bool, via int) {
	if sm.Kind != chunk.Hit || (p.active && p.hasItems(st, x, y)) {
		newZ, ok = live.CheckMovement(mv, x, y, z, d)
		return newZ, ok, viaLive
	}
	if p.active {
		if mobs, items := p.around(st, x, y); (mobs|items)&d.Touches() != 0 {
			return dynStep(sm, live, mv, x, y, z, d, mobs, items)
		}
	}
	if sm.Mask&(1<<d) == 0 {
		return z, false, viaCache
	}
	return int(sm.Z[d]), true, viaCache
}

// dynStep answers the step in d of a hit whose target or diagonal flanks
// hold dynamics: mobs and items are the neighbours holding mobiles and
// items. With an item there it asks the live rules. With mobiles only,
// the static answer stands except where they block: Enter refuses a cell
// whose mobiles block the arrival (MobileBlocks) after the static world
// allowed it, and a diagonal reads its flanks' Enter under the mover's
// diagonal rule. The cache's mask has each cardinal's Enter bit and a
// diagonal's static answer; mobiles only ever take steps away.
func dynStep(sm *chunk.StepMask, live *movement.Rules, mv movement.Mover, x, y, z int, d movement.Dir,
	mobs, items uint8) (newZ int, ok bool, via int) {
	if items&d.Touches() != 0 {
		newZ, ok = live.CheckMovement(mv, x, y, z, d)
		return newZ, ok, viaDynamic
	}
	free := func(a movement.Dir) bool {
		if sm.Mask&(1<<a) == 0 {
			return false
		}
		if mobs&(1<<a) == 0 {
			return true
		}
		dx, dy := a.Offset()
		return !live.MobileBlocks(mv, x+dx, y+dy, int(sm.Z[a]))
	}
	if !free(d) {
		return z, false, viaMobiles
	}
	if d.Diagonal() {
		l, r := d.Flanks()
		if mv.Caps.AndRule() {
			ok = free(l) && free(r)
		} else {
			ok = free(l) || free(r)
		}
		if !ok {
			return z, false, viaMobiles
		}
	}
	return int(sm.Z[d]), true, viaMobiles
}

// Stats returns the counts since the checker was made.
func (c *StepChecker) Stats() StepStats { return c.n }
