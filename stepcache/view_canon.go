package stepcache

import (
	"github.com/shardcore/shardcore/stepcache/canon"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/world"
)

// canonSlab is how many canonical maps a view's scratch allocates at once
// (a slab is never moved, so the maps it hands out stay put).
const canonSlab = 64

// viewCanons is the canonical maps a view computed for one map at one
// canon epoch: they stay valid (and in place) while the epoch stays, so a
// searcher may keep them as it keeps the cache's (Cache.CanonEpoch).
type viewCanons struct {
	epoch uint64
	n     int
	slabs []*[canonSlab]canon.Map
}

// next returns a free map of the scratch.
func (s *viewCanons) next() *canon.Map {
	i := s.n / canonSlab
	if i == len(s.slabs) {
		s.slabs = append(s.slabs, new([canonSlab]canon.Map))
	}
	cn := &s.slabs[i][s.n%canonSlab]
	s.n++
	return cn
}

// viewCanon is a canonical map a view computed, handed to the owner at
// Merge to keep beside the slot if it is still valid.
type viewCanon struct {
	ms    *mapState
	ci    int32
	set   chunk.RuleSet
	epoch uint64 // the map's canon epoch it was computed at
	cn    canon.Map
}

// Canon is Cache.Canon through the view, read-only: the canonical map kept
// beside the chunk's resident slot is returned as is; one not yet computed
// is computed into the view's own scratch (kept while the map's canon
// epoch stays) and handed to the owner at Merge, which keeps it beside the
// slot when nothing around the chunk changed since, for the next stage. A
// chunk that is not resident has no map through a view (nils), even when
// the view read it from a shared source; so do the chunks of a map whose
// multis changed since the owner's Ready. It counts as a use of the chunk.
func (v *View) Canon(m world.MapID, cx, cy int, set chunk.RuleSet) (*canon.Map, *chunk.Chunk) {
	c := v.c
	ms := c.maps[m]
	if !c.cfg.Enabled || ms == nil || set >= chunk.NumRuleSets || cx < 0 || cy < 0 || cx >= ms.wide || cy >= ms.high {
		return nil, nil
	}
	if ms.m.MultisVersion() != ms.canonVer { // Ready was not called since multis changed
		return nil, nil
	}
	ci := int32(cy*ms.wide + cx)
	slot := ms.slots[ci]
	if slot < 0 {
		return nil, nil
	}
	v.use(slot)
	ch := ms.chunks[ci]
	if s := c.rs.res[slot].canon[set]; s != nil {
		return &s.cn, ch
	}
	cn := v.scratch(ms).next()
	*cn = c.buildCanon(ms, cx, cy, set)
	v.canonOut = append(v.canonOut, viewCanon{ms: ms, ci: ci, set: set, epoch: ms.canonEpoch, cn: *cn})
	return cn, ch
}

// scratch returns the view's scratch for ms at its current canon epoch,
// emptied when the epoch moved on.
func (v *View) scratch(ms *mapState) *viewCanons {
	if v.canons == nil {
		v.canons = make(map[*mapState]*viewCanons)
	}
	s := v.canons[ms]
	if s == nil {
		s = &viewCanons{epoch: ms.canonEpoch}
		v.canons[ms] = s
	}
	if s.epoch != ms.canonEpoch {
		s.epoch, s.n = ms.canonEpoch, 0
	}
	return s
}

// CanonEpoch is Cache.CanonEpoch through the view, read-only: the maps the
// view's Canon returns may be kept while it does not change. A map whose
// multis changed since the owner's Ready answers a value of its own (its
// Canon gives nils then).
func (v *View) CanonEpoch(m world.MapID) uint64 {
	ms := v.c.maps[m]
	if ms == nil {
		return 0
	}
	stale := ms.m.MultisVersion() != ms.canonVer
	return ms.canonEpoch<<2 | uint64(b2u(stale))<<1 | uint64(b2u(v.c.cfg.Enabled))
}

// mergeCanons keeps the canonical maps v computed beside their slots, on
// the owner goroutine: each whose chunk is still resident, has none yet,
// and saw nothing around it change since it was computed (its slot's maps
// were last dropped at or before the epoch it was computed at, and the
// multis are the same).
func (c *Cache) mergeCanons(v *View) {
	for i := range v.canonOut {
		h := &v.canonOut[i]
		ms := h.ms
		slot := ms.slots[h.ci]
		if slot < 0 || ms.m.MultisVersion() != ms.canonVer || h.epoch > ms.canonEpoch {
			continue
		}
		if e := &c.rs.res[slot]; e.canon[h.set] == nil && e.canonDrop <= h.epoch {
			e.canon[h.set] = c.rs.canons.intern(&h.cn)
		}
	}
	clear(v.canonOut)
	v.canonOut = v.canonOut[:0]
}
