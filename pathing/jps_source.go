package pathing

import (
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/stepcache/canon"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/world"
)

// stepSource is everything the jump search asks of the step cache, which
// cacheSource adapts (the search holds the adapter itself, so its calls
// inline): a change in how searches address the cache is a change here.
type stepSource interface {
	// visit makes req's party and time the lookups' (the admission gate's
	// visitor and clock).
	visit(req *Request)
	// begin makes the lookups that follow count as the visitor's.
	begin()
	// lookup is Search.LookupTo.
	lookup(dst *chunk.StepMask, m world.MapID, x, y, z int, caps movement.Caps)
	// canon is Cache.Canon.
	canon(m world.MapID, cx, cy int, set chunk.RuleSet) (*canon.Map, *chunk.Chunk)
	// canonEpoch is Cache.CanonEpoch.
	canonEpoch(m world.MapID) uint64
}

// cacheSource adapts a *stepcache.Cache, or a read-only View of it when
// view is set (JPS.UseView): lookups go through the search's
// stepcache.Search handle, canonical maps through canons, the cache or the
// view (an interface: one call either way, so canonEpoch still inlines).
type cacheSource struct {
	c      *stepcache.Cache
	view   *stepcache.View
	canons canonSource
	look   stepcache.Search
	party  uint64 // the admission gate's visitor (see visit)
	nowMs  int64  // and its clock
}

// canonSource is where canonical maps come from: *stepcache.Cache or
// *stepcache.View.
type canonSource interface {
	Canon(m world.MapID, cx, cy int, set chunk.RuleSet) (*canon.Map, *chunk.Chunk)
	CanonEpoch(m world.MapID) uint64
}

var _ stepSource = &cacheSource{}

func newCacheSource(c *stepcache.Cache) cacheSource { return cacheSource{c: c, canons: c} }

func (s *cacheSource) visit(req *Request) {
	s.party, s.nowMs = req.Party, req.NowMs
	if s.party == 0 {
		s.party = req.Mover.Self
	}
}

// begin makes the lookups that follow count as the visitor's (a search
// calls it once; the line probe, which seldom looks up, before each of its
// lookups).
func (s *cacheSource) begin() {
	if s.view != nil {
		s.look = s.view.Search(s.party, s.nowMs)
		return
	}
	s.look = s.c.Search(s.party, s.nowMs)
}

func (s *cacheSource) lookup(dst *chunk.StepMask, m world.MapID, x, y, z int, caps movement.Caps) {
	s.look.LookupTo(dst, m, x, y, z, caps)
}

func (s *cacheSource) canon(m world.MapID, cx, cy int, set chunk.RuleSet) (*canon.Map, *chunk.Chunk) {
	return s.canons.Canon(m, cx, cy, set)
}

func (s *cacheSource) canonEpoch(m world.MapID) uint64 { return s.canons.CanonEpoch(m) }

// reachable reports whether map m has a static connectivity index to ask
// (see provedUnreachable).
func (s *cacheSource) reachable(m world.MapID) bool { return s.c.Reach(m) != nil }

// connectivity is where provedUnreachable asks: the view, or the cache.
func (s *cacheSource) connectivity() unreachableSource {
	if s.view != nil {
		return s.view
	}
	return s.c
}

// UseView makes the finder's searches look up steps and canonical maps
// through v, a read-only view of its cache (nil: the cache itself): such a
// finder may search on another goroutine while the cache's owner waits
// between its Ready and its Merge of v (stepcache.View). The costs found
// are the same either way; a chunk the view finds not resident has no
// canonical map, so its cells are expanded in full. v serves this finder
// alone (the canonical maps it computes stay the finder's while the map's
// canon epoch does).
func (s *JPS) UseView(v *stepcache.View) {
	s.src.view, s.src.canons = v, v
	if v == nil {
		s.src.canons = s.src.c
	}
	s.views.forget() // the maps fetched so far came through the other handle
}
