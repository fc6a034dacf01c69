package stepcache

import (
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/world"
)

// Search is one search's handle on the cache: the lookups it makes count
// at the admission gate as visits by Party at game time NowMs, and nothing
// else about the caller is read. Take one per search from Cache.Search; it
// is a small value, used on the cache's goroutine.
type Search struct {
	c *Cache
	// Party names who searches: a mobile and those who travel with it (a
	// pet's party is its owner), 0 for anonymous lookups. One party's
	// misses of a chunk within MissVisitMs are one visit; another party's
	// miss is a new visit.
	Party uint64
	// NowMs is the game time of the search, in milliseconds: the clock of
	// the admission window and of visits.
	NowMs int64
	// steps marks the movement system's handle (Cache.Steps).
	steps bool
	// view, when set, is the read-only View this search looks up through.
	view *View
}

// Search returns the handle a search by party at game time nowMs looks
// steps up through.
func (c *Cache) Search(party uint64, nowMs int64) Search {
	return Search{c: c, Party: party, NowMs: nowMs}
}

// Steps returns the handle the movement system checks a mobile's steps
// through. Its lookups read a chunk that is resident or in a source (and
// make it resident) like a search's, but a chunk neither resident nor in a
// source falls through as not built without counting at the admission
// gate, unless the handle's Party is set (the walker's party, and NowMs its
// time): then the miss is that party's visit, as a search's is, so the
// chunks mobiles keep walking through get built even where nobody searches
// (players walk their routes by direction; pets chase their owners). They
// are counted apart from the searches' lookups (Stats.StepKinds), so the
// hit ratio stays the searches'.
func (c *Cache) Steps() Search {
	return Search{c: c, steps: true}
}

// Lookup answers a step query from (x, y) at z for a mover with caps on map
// m: a Hit with the allowed directions and arrival Zs (static world: the
// caller adds the dynamic pass), or the reason it falls through to the live
// rules. A chunk neither resident nor in a source counts as a visit of the
// search's party at the admission gate. A hit does not allocate.
func (s Search) Lookup(m world.MapID, x, y, z int, caps movement.Caps) chunk.StepMask {
	var sm chunk.StepMask
	s.LookupTo(&sm, m, x, y, z, caps)
	return sm
}

// LookupTo is Lookup with the answer written to dst. A search's own
// lookups use it: a StepMask returned by value is written in narrow
// stores and copied out in wider loads that span them, which the core
// cannot forward from its store buffer, so each such return waits.
func (s Search) LookupTo(dst *chunk.StepMask, m world.MapID, x, y, z int, caps movement.Caps) {
	kinds := &s.c.st.Kinds
	switch {
	case s.view != nil && s.steps:
		kinds = &s.view.stepKinds
	case s.view != nil:
		kinds = &s.view.kinds
	case s.steps:
		kinds = &s.c.st.StepKinds
	}
	s.c.lookup(dst, m, x, y, z, caps, &s, kinds, nil)
}

// LookupIn is Lookup answered from own, the chunk holding (x, y) as the
// caller built it for itself (bake.Scratch): the same checks and the same
// answer as Lookup would give once the cache built that chunk, but the
// cache's chunk is not read, the admission gate not told and the cache's
// look-up counts not kept.
func (s Search) LookupIn(m world.MapID, x, y, z int, caps movement.Caps, own *chunk.Chunk) chunk.StepMask {
	var kinds [chunk.NumHitKinds]uint64
	var sm chunk.StepMask
	s.c.lookup(&sm, m, x, y, z, caps, &s, &kinds, own)
	return sm
}

// fall counts in kinds and writes a fallthrough of kind k to dst.
func fall(dst *chunk.StepMask, kinds *[chunk.NumHitKinds]uint64, k chunk.HitKind) {
	kinds[k]++
	*dst = chunk.StepMask{Kind: k}
}

// unasked returns why a mover with caps is never answered by the cache
// (the cache off, a flyer, caps no rule set serves), else Hit.
func (c *Cache) unasked(caps movement.Caps) chunk.HitKind {
	switch {
	case !c.cfg.Enabled:
		return chunk.FallDisabled
	case caps&movement.CanFly != 0:
		return chunk.FallFlyer
	case caps&(movement.CantWalk|movement.CanSwim) == movement.CantWalk:
		return chunk.FallCaps
	}
	return chunk.Hit
}

// lookup is Search.LookupTo for s: every outcome is counted in kinds.
func (c *Cache) lookup(dst *chunk.StepMask, m world.MapID, x, y, z int, caps movement.Caps, s *Search, kinds *[chunk.NumHitKinds]uint64, own *chunk.Chunk) {
	if k := c.unasked(caps); k != chunk.Hit {
		fall(dst, kinds, k)
		return
	}
	ms := c.maps[m]
	if ms == nil || x < 0 || y < 0 || x >= ms.m.Width || y >= ms.m.Height {
		fall(dst, kinds, chunk.FallOffMap)
		return
	}
	ci := int32((y/chunk.Size)*ms.wide + x/chunk.Size) // cellOf, by hand: every search step pays for the call
	if ms.m.MultisVersion() != ms.multisVer {
		if s.view != nil { // Ready was not called since multis changed: fall through
			fall(dst, kinds, chunk.FallMulti)
			return
		}
		ms.refreshMultis()
	}
	if ms.nearMulti[ci] != multiNone && ms.nearMultiCell(ci, x, y) {
		fall(dst, kinds, chunk.FallMulti)
		return
	}
	ch := own
	if ch == nil {
		if ch = c.chunk(ms, ci, s); ch == nil {
			fall(dst, kinds, chunk.FallNotBuilt)
			return
		}
	}
	rec := ch.Record((y%chunk.Size)*chunk.Size+x%chunk.Size, z)
	if rec == nil {
		fall(dst, kinds, chunk.FallZMismatch)
		return
	}
	if caps&(movement.CanSwim|movement.CantWalk) == movement.CanSwim && rec.Info&chunk.InfoAmphibianInexact != 0 {
		fall(dst, kinds, chunk.FallAmphibian)
		return
	}
	kinds[chunk.Hit]++
	dst.Kind = chunk.Hit
	// Zs are 0 where a rule set cannot enter, so the single-rule-set cases
	// equal Compose without its per-direction choice.
	switch caps & (movement.CanSwim | movement.CantWalk) {
	case 0:
		dst.Mask, dst.Z = chunk.ApplyDiagonalRule(rec.Walk, caps.AndRule()), rec.WalkZ
	case movement.CanSwim | movement.CantWalk:
		dst.Mask, dst.Z = chunk.ApplyDiagonalRule(rec.Wet, caps.AndRule()), rec.SwimZ
	default:
		dst.Mask, dst.Z = chunk.Compose(rec, caps)
	}
	if s.view == nil && c.ver.due(c.rng) {
		c.ver.check(ms, x, y, z, caps, dst, &c.st)
	}
}

// chunk returns chunk ci of ms for search s: resident (its use stamped, or
// recorded by s's view), read from the source or built (not through a
// view), or nil while it stays unbuilt.
func (c *Cache) chunk(ms *mapState, ci int32, s *Search) *chunk.Chunk {
	slot, ch := ms.slots[ci], ms.chunks[ci]
	if s.view != nil {
		if slot < 0 {
			return s.view.missed(ms, ci, s)
		}
		s.view.use(slot)
		return ch
	}
	if slot < 0 {
		if slot = c.miss(ms, ci, s); slot < 0 {
			c.fellOn(ms, ci, 1, s.NowMs)
			return nil
		}
		ch = ms.chunks[ci]
	}
	c.rs.use(slot)
	return ch
}

// Touch reads the chunk pointer and the record a lookup of (x, y) on map m
// would read first, and changes nothing: a caller about to look up many
// scattered cells touches them all first, so their cache misses overlap
// instead of forming one chain per lookup. It returns a value made of the
// reads (0 for an off-map cell or a chunk not resident) for the caller to
// keep, so they are not optimised away.
func (s Search) Touch(m world.MapID, x, y int) uintptr {
	ms := s.c.maps[m]
	if ms == nil {
		return 0
	}
	ci, cell, ok := ms.cellOf(x, y)
	if !ok || ms.chunks[ci] == nil {
		return 0
	}
	return uintptr(ms.chunks[ci].Cells[cell].Walk)
}

// miss resolves a chunk that is not resident: read from the map's source
// (unless its record failed to read before: then it is rebuilt once, and
// later misses are the gate's), else (for a search's handle, or a steps
// handle given a party) counted at the admission gate as a visit of its
// party at its time, and when the gate admits it (or admitted it to the
// prefetch queue before), built here or asked of the background workers
// ahead of Prefetch's builds. It returns the new slot, or -1 while the
// chunk stays unbuilt.
func (c *Cache) miss(ms *mapState, ci int32, s *Search) int32 {
	c.now = max(c.now, s.NowMs)
	cx, cy := int(ci)%ms.wide, int(ci)/ms.wide
	if ms.src != nil && ms.flags[ci]&flagBad == 0 {
		ch, ok, err := ms.src.ReadChunk(cx, cy)
		switch {
		case err != nil || (ok && (ch == nil || !ch.Valid())):
			ms.flags[ci] |= flagBad // rebuilt once here; later misses go to the gate
			c.st.Corrupt++
			c.st.Built++
			return c.install(ms, ci, c.buildInline(ms, cx, cy))
		case ok:
			c.st.Loaded++
			return c.install(ms, ci, ch)
		}
	}
	k := ms.key(ci)
	if (s.steps && s.Party == 0) || (c.bld != nil && c.bld.asked(k)) {
		return -1
	}
	// A chunk waiting in the prefetch queue was admitted already (the
	// look-ahead foretold it): its first miss builds it now instead of
	// when the queue comes to it.
	if !c.gate.Visit(k, s.Party, s.NowMs) && ms.flags[ci]&flagQueued == 0 {
		return -1
	}
	if c.bld != nil {
		if c.bld.ask(ms, ci, c.epoch, false) {
			c.st.BuildsQueued++
		} else {
			c.st.BuildsDropped++
		}
		return -1
	}
	c.st.Built++
	return c.install(ms, ci, c.buildInline(ms, cx, cy))
}

// install makes ch resident as chunk ci of ms (the gate forgets it); the
// lookups that fell through on it within the admission window count as
// late.
func (c *Cache) install(ms *mapState, ci int32, ch *chunk.Chunk) int32 {
	c.gate.Forget(ms.key(ci))
	if n := ms.fell[ci]; n > 0 {
		if c.now-ms.fellAt[ci] <= c.cfg.MissPromotionWindowMs {
			c.st.Late += uint64(n)
		}
		ms.fell[ci] = 0
	}
	return c.rs.install(ms, ci, ch)
}

// fellOn counts n lookups at game time nowMs that fell through as not
// built on chunk ci of ms (late if it is installed within the window).
func (c *Cache) fellOn(ms *mapState, ci int32, n uint32, nowMs int64) {
	c.now = max(c.now, nowMs)
	if ms.fell[ci] == 0 || c.now-ms.fellAt[ci] > c.cfg.MissPromotionWindowMs {
		ms.fell[ci], ms.fellAt[ci] = 0, c.now
	}
	ms.fell[ci] += n
}

// buildInline builds chunk (cx, cy) of ms on the owner goroutine (no
// background workers, or a corrupt record), with one build function per
// map kept across builds.
func (c *Cache) buildInline(ms *mapState, cx, cy int) *chunk.Chunk {
	build := c.inline[ms.id]
	if build == nil {
		build = c.builds(ms.rules)
		c.inline[ms.id] = build
	}
	return build(cx, cy)
}
