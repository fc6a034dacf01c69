package stepcache

import (
	"shardcore/movement"
	"shardcore/world"
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
}

// Search returns the handle a search by party at game time nowMs looks
// steps up through.
func (c *Cache) Search(party uint64, nowMs int64) Search {
	return Search{c: c, Party: party, NowMs: nowMs}
}

// Lookup answers a step query from (x, y) at z for a mover with caps on map
// m: a Hit with the allowed directions and arrival Zs (static world: the
// caller adds the dynamic pass), or the reason it falls through to the live
// rules. A chunk neither resident nor in a source counts as a visit of the
// search's party at the admission gate. A hit does not allocate.
func (s Search) Lookup(m world.MapID, x, y, z int, caps movement.Caps) StepMask {
	return s.c.lookup(m, x, y, z, caps, s.Party, s.NowMs)
}

// fall counts and returns a fallthrough of kind k.
func (c *Cache) fall(k HitKind) StepMask {
	c.st.Kinds[k]++
	return StepMask{Kind: k}
}

// lookup is Search.Lookup: every outcome is counted in Stats.Kinds.
func (c *Cache) lookup(m world.MapID, x, y, z int, caps movement.Caps, party uint64, nowMs int64) StepMask {
	if !c.cfg.Enabled {
		return c.fall(FallDisabled)
	}
	if caps&movement.CanFly != 0 {
		return c.fall(FallFlyer)
	}
	if caps&(movement.CantWalk|movement.CanSwim) == movement.CantWalk {
		return c.fall(FallCaps)
	}
	ms := c.maps[m]
	if ms == nil || x < 0 || y < 0 || x >= ms.m.Width || y >= ms.m.Height {
		return c.fall(FallOffMap)
	}
	ci := int32((y/ChunkSize)*ms.wide + x/ChunkSize)
	if ms.m.MultisVersion() != ms.multisVer {
		ms.refreshMultis()
	}
	if ms.nearMulti[ci] != multiNone && ms.nearMultiCell(ci, x, y) {
		return c.fall(FallMulti)
	}
	slot := ms.slots[ci]
	if slot < 0 {
		if slot = c.miss(ms, ci, party, nowMs); slot < 0 {
			return c.fall(FallNotBuilt)
		}
	}
	rec := c.rs.use(slot).Record((y%ChunkSize)*ChunkSize+x%ChunkSize, z)
	if rec == nil {
		return c.fall(FallZMismatch)
	}
	if caps&(movement.CanSwim|movement.CantWalk) == movement.CanSwim && rec.Info&InfoAmphibianInexact != 0 {
		return c.fall(FallAmphibian)
	}
	c.st.Kinds[Hit]++
	r := StepMask{Kind: Hit}
	// Zs are 0 where a rule set cannot enter, so the single-rule-set cases
	// equal Compose without its per-direction choice.
	switch caps & (movement.CanSwim | movement.CantWalk) {
	case 0:
		r.Mask, r.Z = ApplyDiagonalRule(rec.Walk, caps.AndRule()), rec.WalkZ
	case movement.CanSwim | movement.CantWalk:
		r.Mask, r.Z = ApplyDiagonalRule(rec.Wet, caps.AndRule()), rec.SwimZ
	default:
		r.Mask, r.Z = Compose(rec, caps)
	}
	if c.ver.due(c.rng) {
		c.ver.check(ms, x, y, z, caps, &r, &c.st)
	}
	return r
}
