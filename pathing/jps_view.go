package pathing

import (
	"shardcore/movement"
	"shardcore/stepcache"
	"shardcore/world"
)

// stepSource is everything the jump search asks of the step cache: one
// small interface, so a change in how searches address the cache is a
// change here and in newCacheSource only.
type stepSource interface {
	// begin starts a search for party (the admission gate's visitor).
	begin(party uint64)
	// lookup is Cache.Lookup.
	lookup(m world.MapID, x, y, z int, caps movement.Caps) stepcache.StepMask
	// canon is Cache.Canon.
	canon(m world.MapID, cx, cy int, set stepcache.RuleSet) (*stepcache.Canon, *stepcache.Chunk)
}

// cacheSource adapts a *stepcache.Cache.
type cacheSource struct{ c *stepcache.Cache }

func newCacheSource(c *stepcache.Cache) cacheSource { return cacheSource{c} }

func (s cacheSource) begin(party uint64) { s.c.SetParty(party) }

func (s cacheSource) lookup(m world.MapID, x, y, z int, caps movement.Caps) stepcache.StepMask {
	return s.c.Lookup(m, x, y, z, caps)
}

func (s cacheSource) canon(m world.MapID, cx, cy int, set stepcache.RuleSet) (*stepcache.Canon, *stepcache.Chunk) {
	return s.c.Canon(m, cx, cy, set)
}

// chunkView is one chunk as a search sees it: its canonical map and
// records (nil when not resident), and the cells whose 3×3 block holds a
// dynamic item or mobile in this search (rows and their transpose).
type chunkView struct {
	key   int64 // chunk key of the entry, -1 when empty
	gen   uint32
	cn    *stepcache.Canon
	ch    *stepcache.Chunk
	dyn   bool // dynMask is set
	dynR  [stepcache.ChunkSize]uint16
	dynRT [stepcache.ChunkSize]uint16
}

// viewSlots is the size of the per-search chunk view table (direct mapped).
const viewSlots = 1024

// viewTable memoises chunk views for one search: a chunk's canonical map is
// fetched once per search, not once per scanned row. A view stays valid for
// the search: chunks only become resident during a search (a lookup's
// miss), which makes a fetched map stale but never wrong (it still counts
// the new neighbour as unknown, so fewer cells are regular).
type viewTable struct {
	gen  uint32
	v    []chunkView
	occ  occTable
	dyn  bool // dynamics are active in this search
	mapW int
	mapH int
}

func (t *viewTable) reset(dyn bool, mapW, mapH int) {
	if t.v == nil {
		t.v = make([]chunkView, viewSlots)
	}
	t.gen++
	if t.gen == 0 {
		for i := range t.v {
			t.v[i].gen = 0
		}
		t.gen = 1
	}
	t.dyn = dyn
	t.mapW, t.mapH = mapW, mapH
	if dyn {
		t.occ.reset()
	}
}

func chunkKeyOf(cx, cy int) int64 { return int64(cy)<<32 | int64(uint32(cx)) }

// view returns chunk (cx, cy)'s view, fetching it on first use.
func (s *JPS) view(cx, cy int) *chunkView {
	k := chunkKeyOf(cx, cy)
	t := &s.views
	v := &t.v[(cx*7+cy*131)&(viewSlots-1)]
	if v.gen == t.gen && v.key == k {
		return v
	}
	v.gen, v.key, v.dyn = t.gen, k, false
	v.cn, v.ch = s.src.canon(s.live.Map.ID, cx, cy, s.set)
	if v.cn != nil && t.dyn {
		s.dynMask(v, cx, cy)
	}
	return v
}

// regular reports whether (x, y) is a regular cell with no dynamics in its
// block.
func (s *JPS) regular(x, y int) bool {
	if x < 0 || y < 0 {
		return false
	}
	v := s.view(x>>4, y>>4)
	if v.cn == nil {
		return false
	}
	r := y & 15
	reg := v.cn.Reg[r]
	if v.dyn {
		reg &^= v.dynR[r]
	}
	return reg&(1<<(x&15)) != 0
}

// recordZ is the Z of (x, y)'s primary record; its chunk must be resident.
func (s *JPS) recordZ(x, y int) int {
	return int(s.view(x>>4, y>>4).ch.Cells[(y&15)*16+x&15].Z)
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
