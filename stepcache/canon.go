package stepcache

import (
	"unsafe"

	"github.com/shardcore/shardcore/stepcache/canon"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/world"
)

// canonShared is one distinct canonical map and how many slot entries hold it.
type canonShared struct {
	cn   canon.Map
	refs int
}

// canonInterner keeps one object per distinct canonical map: most chunks'
// maps are all open and regular (or all blocked), so slots share them.
type canonInterner struct {
	byValue map[canon.Map]*canonShared
	bytes   int // distinct maps
}

// canonBytes is the size of one canonical map.
const canonBytes = int(unsafe.Sizeof(canon.Map{}))

// canonSlotBytes is what every resident slot spends on canonical maps
// whether computed or not: its per-rule-set pointers.
const canonSlotBytes = int(unsafe.Sizeof([chunk.NumRuleSets]*canonShared{}))

func (in *canonInterner) reset() {
	in.byValue = nil
	in.bytes = 0
}

func (in *canonInterner) intern(cn *canon.Map) *canonShared {
	if s := in.byValue[*cn]; s != nil {
		s.refs++
		return s
	}
	if in.byValue == nil {
		in.byValue = make(map[canon.Map]*canonShared)
	}
	s := &canonShared{cn: *cn, refs: 1}
	in.byValue[*cn] = s
	in.bytes += canonBytes
	return s
}

func (in *canonInterner) release(s *canonShared) {
	s.refs--
	if s.refs == 0 {
		delete(in.byValue, s.cn)
		in.bytes -= canonBytes
	}
}

// dropCanonAround forgets the canonical maps of chunk ci and its 8
// neighbours: they read ci's records, which just changed.
func (rs *residentSet) dropCanonAround(ms *mapState, ci int32) {
	ms.canonEpoch++
	cx, cy := int(ci)%ms.wide, int(ci)/ms.wide
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			x, y := cx+dx, cy+dy
			if x < 0 || y < 0 || x >= ms.wide || y >= ms.high {
				continue
			}
			if slot := ms.slots[y*ms.wide+x]; slot >= 0 {
				rs.dropCanon(&rs.res[slot])
			}
		}
	}
}

func (rs *residentSet) dropCanon(e *resident) {
	e.canonDrop = e.ms.canonEpoch
	for i, s := range e.canon {
		if s != nil {
			rs.canons.release(s)
			e.canon[i] = nil
		}
	}
}

// Canon returns the canonical map of chunk (cx, cy) of map m for set (see
// canon.Map) and the chunk itself, or nils when the chunk is not resident (or
// the cache is off). It is computed on first use from the chunk and its
// resident neighbours and kept beside the slot until the slot or a
// neighbour changes, or a multi is placed or removed on the map. It counts
// as a use of the chunk for eviction; it never builds or loads a chunk and
// never counts a miss at the admission gate.
func (c *Cache) Canon(m world.MapID, cx, cy int, set chunk.RuleSet) (*canon.Map, *chunk.Chunk) {
	ms := c.maps[m]
	if !c.cfg.Enabled || ms == nil || set >= chunk.NumRuleSets || cx < 0 || cy < 0 || cx >= ms.wide || cy >= ms.high {
		return nil, nil
	}
	c.checkCanonMultis(ms)
	ci := cy*ms.wide + cx
	slot := ms.slots[ci]
	if slot < 0 {
		return nil, nil
	}
	c.rs.use(slot)
	ch := ms.chunks[ci]
	e := &c.rs.res[slot]
	if e.canon[set] == nil {
		cn := c.buildCanon(ms, cx, cy, set)
		e.canon[set] = c.rs.canons.intern(&cn)
	}
	return &e.canon[set].cn, ch
}

// checkCanonMultis drops the map's canonical maps when a multi was placed
// or removed since they were computed.
func (c *Cache) checkCanonMultis(ms *mapState) {
	v := ms.m.MultisVersion()
	if v == ms.canonVer {
		return
	}
	if v != ms.multisVer {
		ms.refreshMultis()
	}
	ms.canonEpoch++
	for i := range c.rs.res {
		if c.rs.res[i].ms == ms {
			c.rs.dropCanon(&c.rs.res[i])
		}
	}
	ms.canonVer = v
}

// CanonEpoch changes whenever a canonical map of map m may have changed
// (a chunk was installed or evicted, a multi placed or removed, the cache
// cleared). A searcher may keep the maps Canon returned while it does not.
func (c *Cache) CanonEpoch(m world.MapID) uint64 {
	ms := c.maps[m]
	if ms == nil {
		return 0
	}
	if ms.m.MultisVersion() != ms.canonVer { // checkCanonMultis's test, inlined: every search asks
		c.checkCanonMultis(ms)
	}
	return ms.canonEpoch<<2 | uint64(b2u(c.cfg.Enabled)) // View.CanonEpoch's format, its stale bit clear
}

func b2u(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// buildCanon computes chunk (cx, cy)'s canonical map from the resident
// chunks around it; cells whose lookups fall through because of a multi
// count as unknown.
func (c *Cache) buildCanon(ms *mapState, cx, cy int, set chunk.RuleSet) canon.Map {
	var around [3][3]*chunk.Chunk
	near := false
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			x, y := cx+dx, cy+dy
			if x < 0 || y < 0 || x >= ms.wide || y >= ms.high {
				continue
			}
			ci := y*ms.wide + x
			around[dy+1][dx+1] = ms.chunks[ci] // nil when not resident
			near = near || ms.nearMulti[ci] != multiNone
		}
	}
	var unknown func(x, y int) bool
	if near {
		unknown = func(x, y int) bool {
			ci, _, ok := ms.cellOf(x, y)
			return ok && ms.nearMulti[ci] != multiNone && ms.nearMultiCell(ci, x, y)
		}
	}
	return canon.Build(&around, set, cx, cy, ms.m.Width, ms.m.Height, unknown)
}

// CanonStats reports the canonical maps' memory: distinct maps (shared
// ones once) plus every resident slot's pointers, and how many distinct
// maps there are.
func (c *Cache) CanonStats() (bytes, distinct int) {
	return c.rs.canons.bytes + len(c.rs.res)*canonSlotBytes, len(c.rs.canons.byValue)
}

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
