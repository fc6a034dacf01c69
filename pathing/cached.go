package pathing

import (
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/stepcache/chunk"
)

// Cached is the cache A*: every expansion issues one step-cache lookup for
// the node's (x, y, z, caps) and takes the allowed directions and arrival Zs
// from it. A lookup that falls through (not built, multi, Z mismatch,
// off-map, flyer, caps, amphibian, disabled, corrupt) sends that node's 8
// directions through the live CheckMovement instead. On a hit, the dynamic
// pass re-evaluates with the live rules every step whose target or diagonal
// flank cell holds a dynamic item or mobile, and the whole node when its own
// cell holds an item (items there change the start Z; a mobile there, the
// searcher itself at the start, blocks no step from it); every other step
// keeps the static answer, which the cache proves equal to the live one.
// StepChecker is the same composition for one step. A chunk
// found not built is asked once per search (see deferred), and the
// admission gate is told whose search it is and when (Request.Party and
// NowMs, through the search's stepcache.Search handle); a search that keeps
// expanding in such a chunk builds it for the finder's own use
// (deferredLookup), with the answers the cache will give once it builds it.
type Cached struct {
	cache  *stepcache.Cache
	view   *stepcache.View  // when set, searches look up through it (UseView)
	look   stepcache.Search // this search's handle on the cache
	live   *movement.Rules
	core   core
	dyn    dynProbe
	queue  queueKind
	line   bool
	bq     bucketQueue
	grid   nodeGrid
	st     CachedStats
	party  uint64 // the search's party at the admission gate
	budget int    // the search's node budget
	clock  pauseClock
	paused bool // the last Find or Resume paused: Resume may continue it
	// deferred lists the chunks whose lookup fell through as not built in
	// this search: later nodes there take the live rules without asking
	// again, so one search counts as one miss per chunk at the admission
	// gate (the pet-follow case: a single pass through a chunk never builds
	// it; a second search within the window does).
	deferred notBuilt
	scratch  *bake.Scratch // chunks not built in the cache, built for this finder's own use (made on first need)
}

// CachedStats counts how the cache A* answered its expansions and steps
// since the finder was made (or ResetStats).
type CachedStats struct {
	Searches      int // Find calls
	CachedNodes   int // expansions answered by a cache hit
	LiveNodes     int // expansions whose 8 directions ran the live rules (fallthrough or a dynamic start cell)
	DynamicSteps  int // steps of cached nodes with dynamics at the target or a flank
	MobileSteps   int // of DynamicSteps, those with mobiles only: the cache's answer and the mobiles' check
	DynamicProbes int // cells asked whether they hold dynamics
	LineHits      int // searches answered by the straight-line fast path
	ScratchBuilds int // chunks not built in the cache that the finder built for itself (bake.Scratch)
	ScratchNodes  int // expansions answered from those chunks
	Unreachable   int // searches answered unreachable without a search (see Result.Unreachable)
}

// connectivity is where provedUnreachable asks: the view, or the cache.
func (s *Cached) connectivity() unreachableSource {
	if s.view != nil {
		return s.view
	}
	return s.cache
}

// NewCached returns a cache A* over cache and the live rules (whose map the
// cache must serve). It keeps scratch state: use one per goroutine, on the
// goroutine that owns the cache.
func NewCached(cache *stepcache.Cache, live *movement.Rules) *Cached {
	s := &Cached{cache: cache, live: live, queue: queueBucket, line: true}
	s.dyn.bind(live)
	return s
}

// UseView makes the finder's searches look up through v, a read-only view
// of its cache (nil: the cache itself): such a finder may search on another
// goroutine while the cache's owner waits between its Ready and its Merge
// of v (stepcache.View). The paths found are the same either way.
func (s *Cached) UseView(v *stepcache.View) { s.view = v }

// Stats returns the counters since creation or the last ResetStats.
func (s *Cached) Stats() CachedStats { return s.st }

// ResetStats zeroes the counters.
func (s *Cached) ResetStats() { s.st = CachedStats{} }

// UseLineProbe switches the straight-line fast path on or off (on by
// default): it returns the same cost as A*, but its expansion count is the
// line's length, so tests comparing expansions with classic switch it off.
func (s *Cached) UseLineProbe(on bool) { s.line = on }

// Find searches for req and writes the outcome into res. With req.Clock
// set, the search may pause at req.Deadline (Result.Paused; Resume).
func (s *Cached) Find(req *Request, res *Result) {
	c := &s.core
	budget := c.begin(req, res)
	s.st.Searches++
	s.deferred.reset()
	s.paused = false
	party := req.Party
	if party == 0 {
		party = req.Mover.Self
	}
	s.party = party
	s.handle(req.NowMs)
	s.dyn.refresh(s.live)
	if s.line && s.tryLine(req, res, budget) {
		return
	}
	if s.cache.Reach(s.live.Map.ID) != nil && provedUnreachable(s.connectivity(), &s.dyn, s.live.Map.ID, req, res) {
		s.st.Unreachable++
		return
	}
	s.budget = budget
	s.clock.set(req)
	if s.bucketed() {
		s.startBucket(req)
	}
	s.run(res)
}

// expand expands node idx (relaxing its successors) unless it is a goal, in
// which case it reports true and expands nothing.
func (s *Cached) expand(idx int32, res *Result) bool {
	c := &s.core
	n := &c.nodes[idx] // its fields, not a copy: a node just made is in narrow stores (see core.add)
	x, y, z := int(n.x), int(n.y), int(n.z)
	if c.isGoal(x, y) {
		return true
	}
	c.expansions++
	var sm chunk.StepMask
	s.lookupNode(&sm, x, y, z, res)
	if sm.Kind != chunk.Hit || (s.dyn.active && s.dyn.hasItems(&s.st, x, y)) {
		s.expandLive(idx, x, y, z, n.g)
		return false
	}
	s.st.CachedNodes++
	s.expandHit(idx, x, y, z, n.g, n.parent, n.dir, &sm)
	return false
}

// lookupNode is the step-cache lookup of an expansion, written to sm: a
// chunk this search already found not built is not asked again
// (deferredLookup).
func (s *Cached) lookupNode(sm *chunk.StepMask, x, y, z int, res *Result) {
	if i := s.deferred.find(x, y); i >= 0 {
		*sm = s.deferredLookup(i, x, y, z)
		res.Lookups[chunk.FallNotBuilt]++
		return
	}
	s.look.LookupTo(sm, s.live.Map.ID, x, y, z, s.core.req.Mover.Caps)
	s.deferred.note(sm.Kind, x, y)
	res.Lookups[sm.Kind]++
}

// expandLive relaxes the 8 directions of node idx, state (x, y, z) at
// cost g, through the live rules.
func (s *Cached) expandLive(idx int32, x, y, z int, g float64) {
	s.st.LiveNodes++
	for d := movement.Dir(0); d < 8; d++ {
		if nz, ok := s.live.CheckMovement(s.core.req.Mover, x, y, z, d); ok {
			s.relaxStep(idx, d, x, y, nz, g)
		}
	}
}

// expandHit relaxes the steps of node idx, state (x, y, z) at cost g
// reached from parent by a step in dir, from the hit sm, each step whose
// target or flank holds dynamics answered by the dynamic pass (dynStep),
// the step back to the parent state skipped.
func (s *Cached) expandHit(idx int32, x, y, z int, g float64, parent int32, dir movement.Dir, sm *chunk.StepMask) {
	c := &s.core
	var mobs, items uint8
	if s.dyn.active {
		mobs, items = s.dyn.around(&s.st, x, y)
	}
	occ := mobs | items
	// The step back to the parent state is a closed node: skip it.
	back := uint8(0)
	if parent >= 0 {
		p := &c.nodes[parent]
		bd := (dir + 4) & 7
		if int(sm.Z[bd]) == int(p.z) {
			back = 1 << bd
		}
	}
	for d := movement.Dir(0); d < 8; d++ {
		var nz int
		if back&(1<<d) != 0 && occ&d.Touches() == 0 {
			continue
		}
		if occ&d.Touches() != 0 {
			s.st.DynamicSteps++
			nz2, ok, via := dynStep(sm, s.live, c.req.Mover, x, y, z, d, mobs, items)
			if via == viaMobiles {
				s.st.MobileSteps++
			}
			if !ok {
				continue
			}
			nz = nz2
		} else if sm.Mask&(1<<d) != 0 {
			nz = int(sm.Z[d])
		} else {
			continue
		}
		s.relaxStep(idx, d, x, y, nz, g)
	}
}

func (s *Cached) relaxStep(parent int32, d movement.Dir, x, y, nz int, g float64) {
	c := &s.core
	dx, dy := d.Offset()
	if s.queue == queueBucket && !c.octile {
		s.relaxBucket(parent, d, x+dx, y+dy, nz, g+1)
		return
	}
	c.relax(parent, d, x+dx, y+dy, nz, g+c.stepCost(d))
}
