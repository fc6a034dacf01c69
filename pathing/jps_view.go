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
	// begin starts a search by party at game time nowMs (the admission
	// gate's visitor and clock).
	begin(party uint64, nowMs int64)
	// lookup is Cache.Lookup.
	lookup(m world.MapID, x, y, z int, caps movement.Caps) chunk.StepMask
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
}

// canonSource is where canonical maps come from: *stepcache.Cache or
// *stepcache.View.
type canonSource interface {
	Canon(m world.MapID, cx, cy int, set chunk.RuleSet) (*canon.Map, *chunk.Chunk)
	CanonEpoch(m world.MapID) uint64
}

var _ stepSource = &cacheSource{}

func newCacheSource(c *stepcache.Cache) cacheSource { return cacheSource{c: c, canons: c} }

func (s *cacheSource) begin(party uint64, nowMs int64) {
	if s.view != nil {
		s.look = s.view.Search(party, nowMs)
		return
	}
	s.look = s.c.Search(party, nowMs)
}

func (s *cacheSource) lookup(m world.MapID, x, y, z int, caps movement.Caps) chunk.StepMask {
	return s.look.Lookup(m, x, y, z, caps)
}

func (s *cacheSource) canon(m world.MapID, cx, cy int, set chunk.RuleSet) (*canon.Map, *chunk.Chunk) {
	return s.canons.Canon(m, cx, cy, set)
}

func (s *cacheSource) canonEpoch(m world.MapID) uint64 { return s.canons.CanonEpoch(m) }

// visitor makes req's party and time the lookups' (see beginLookups).
func (s *JPS) visitor(req *Request) {
	party := req.Party
	if party == 0 {
		party = req.Mover.Self
	}
	s.party, s.nowMs = party, req.NowMs
}

// beginLookups makes the search's lookups through the cache count as its
// party's at its time (the line probe, which seldom looks up, calls it
// before each of its lookups).
func (s *JPS) beginLookups() { s.src.begin(s.party, s.nowMs) }

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

// chunkView is one chunk as the search sees it: its canonical map and
// records, nil when not resident.
type chunkView struct {
	cn *canon.Map
	ch *chunk.Chunk
}

// viewTable memoises chunk views across searches, while the cache's canon
// epoch stays (no chunk of the map installed or evicted, no multi placed):
// a chunk's canonical map is fetched once, not once per scanned row. Within
// a search a map fetched before a neighbour became resident (a lookup's
// miss) is stale but never wrong: it still counts the new neighbour as
// unknown, so fewer cells are regular.
//
// index holds, per chunk of the map, the table's generation (high 12 bits)
// and the view's position in views (low 20 bits): 4 bytes per chunk.
type viewTable struct {
	gen        uint32
	index      []uint32
	views      []chunkView
	wide, high int
	epoch      uint64
	set        chunk.RuleSet
	m          world.MapID
	mapW, mapH int
}

const (
	viewGenShift = 20
	viewIdxMask  = 1<<viewGenShift - 1
	viewGenMax   = 1<<(32-viewGenShift) - 1
)

// reset keeps the views when the cache's epoch, the map and the rule set
// are those they were fetched for, and forgets them otherwise.
func (t *viewTable) reset(epoch uint64, m world.MapID, set chunk.RuleSet, mapW, mapH int) {
	if t.gen != 0 && epoch == t.epoch && m == t.m && set == t.set && mapW == t.mapW && mapH == t.mapH {
		return
	}
	wide, high := chunk.Grid(mapW, mapH)
	if len(t.index) != wide*high {
		t.index = make([]uint32, wide*high)
		t.gen = 0
	}
	t.epoch, t.m, t.set = epoch, m, set
	t.wide, t.high, t.mapW, t.mapH = wide, high, mapW, mapH
	t.forget()
}

func (t *viewTable) forget() {
	t.gen++
	if t.gen > viewGenMax {
		clear(t.index)
		t.gen = 1
	}
	t.views = t.views[:0]
}

func chunkKeyOf(cx, cy int) int64 { return int64(cy)<<32 | int64(uint32(cx)) }

// noView is the view of chunks off the map.
var noView chunkView

// view returns chunk (cx, cy)'s view, fetching it on first use.
func (s *JPS) view(cx, cy int) *chunkView {
	t := &s.views
	if uint(cx) >= uint(t.wide) || uint(cy) >= uint(t.high) {
		return &noView
	}
	ci := cy*t.wide + cx
	if e := t.index[ci]; e>>viewGenShift == t.gen {
		return &t.views[e&viewIdxMask]
	}
	return s.fetchView(cx, cy, ci)
}

func (s *JPS) fetchView(cx, cy, ci int) *chunkView {
	t := &s.views
	if len(t.views) > viewIdxMask { // a million chunks fetched: start again
		t.forget()
	}
	cn, ch := s.src.canon(t.m, cx, cy, t.set)
	t.index[ci] = t.gen<<viewGenShift | uint32(len(t.views))
	t.views = append(t.views, chunkView{cn, ch})
	return &t.views[len(t.views)-1]
}

// regRow is row r of chunk view v's regular bits in this search (the
// cells whose block holds dynamics taken out), for chunk (cx, cy).
func (s *JPS) regRow(v *chunkView, cx, cy int, r uint, vertical bool) uint16 {
	var reg uint16
	if vertical {
		reg = v.cn.RegT[r]
	} else {
		reg = v.cn.Reg[r]
	}
	if s.dyn.active {
		if d := s.dynOf(cx, cy); d != nil {
			if vertical {
				reg &^= d.rowsT[r]
			} else {
				reg &^= d.rows[r]
			}
		}
	}
	return reg
}

// layerRegular0 reports that (x, y) is regular by the layer's block byte
// alone (false: regular decides).
func (s *JPS) layerRegular0(x, y int) bool {
	l := &s.layer
	return s.useLayer && uint(x) < uint(l.w) && uint(y) < uint(l.h) && l.blk[y*l.bw+x] != 0
}

// regsKnown marks a layerRegs answer.
const regsKnown = 1 << 8

// layerRegs is, with regsKnown, which of (x, y)'s 8 neighbours are regular
// (bit d: the neighbour in d), read from the flat layer's regular bits when
// the 3×3 block lies in one chunk copied in (the bits are then exact: see
// regular); else 0, and step asks regular.
func (s *JPS) layerRegs(x, y int) uint16 {
	l := &s.layer
	if !s.useLayer || !s.jumps || uint(x&15-1) > 13 || uint(y&15-1) > 13 || uint(x) >= uint(l.w) || uint(y) >= uint(l.h) {
		return 0
	}
	if ci := (y>>4)*l.wide + x>>4; l.filled[ci>>6]&(1<<uint(ci&63)) == 0 {
		return 0
	}
	return regsKnown | uint16(blockBits[block9(l.reg, (y+1)*l.sh, x, l.sh)])
}

// regular reports whether (x, y) is a regular cell with no dynamics in its
// block.
func (s *JPS) regular(x, y int) bool {
	if s.useLayer {
		l := &s.layer
		if uint(x) >= uint(l.w) || uint(y) >= uint(l.h) {
			return false
		}
		if l.blk[y*l.bw+x] != 0 {
			return true
		}
		return s.layerRegular(x, y)
	}
	if x < 0 || y < 0 {
		return false
	}
	v := s.view(x>>4, y>>4)
	if v.cn == nil {
		return false
	}
	return s.regRow(v, x>>4, y>>4, uint(y&15), false)&(1<<(x&15)) != 0
}

// recordZ is the Z of (x, y)'s canonical record (its canonical state);
// its chunk must be resident. A chunk copied into the flat layer is read
// through the layer's pointer to it (the view's chunk).
func (s *JPS) recordZ(x, y int) int {
	var ch *chunk.Chunk
	if l := &s.layer; s.useLayer && uint(x) < uint(l.w) && uint(y) < uint(l.h) {
		ch = l.chunks[(y>>4)*l.wide+x>>4]
	}
	if ch == nil {
		ch = s.view(x>>4, y>>4).ch
	}
	return int(canon.Z(ch, (y&15)*16+x&15, s.set))
}

// gridOrigin reports whether the steps of a state (x, y, z) answered by
// the cache are grid steps: it is answered by the cell's canonical record
// and the cell is open (good, and entered by its neighbours), so its
// canonical map has checked its record against its neighbours'. False
// when the cell's chunk has no view.
func (s *JPS) gridOrigin(x, y, z int) bool {
	if x < 0 || y < 0 {
		return false
	}
	v := s.view(x>>4, y>>4)
	if v.cn == nil || v.cn.Open[y&15+1]&(1<<(x&15+1)) == 0 {
		return false
	}
	return chunk.Covers(canon.Record(v.ch, (y&15)*16+x&15, s.set), z)
}

// stateZ is node n's Z (reading the record for a canonical state).
func (s *JPS) stateZ(n *jnode) int {
	if n.z == canonZ {
		return s.recordZ(int(n.x), int(n.y))
	}
	return int(n.z)
}

// block returns the open bits of (x, y)'s 3×3 block (see blockBits); (x,
// y) must be in a resident chunk.
func (v *chunkView) block(x, y int) uint8 {
	r, c := uint(y&15), uint(x&15)
	w := (v.cn.Open[r]>>c)&7 | ((v.cn.Open[r+1]>>c)&7)<<3 | ((v.cn.Open[r+2]>>c)&7)<<6
	return blockBits[w]
}
