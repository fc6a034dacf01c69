package pathing

import (
	"github.com/shardcore/shardcore/stepcache/canon"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/world"
)

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
	src        *cacheSource // the finder's
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

// at returns chunk (cx, cy)'s view, fetching it on first use.
func (t *viewTable) at(cx, cy int) *chunkView {
	if uint(cx) >= uint(t.wide) || uint(cy) >= uint(t.high) {
		return &noView
	}
	ci := cy*t.wide + cx
	if e := t.index[ci]; e>>viewGenShift == t.gen {
		return &t.views[e&viewIdxMask]
	}
	return t.fetch(cx, cy, ci)
}

// fetch asks the source for chunk (cx, cy)'s view (ci its index).
func (t *viewTable) fetch(cx, cy, ci int) *chunkView {
	if len(t.views) > viewIdxMask { // a million chunks fetched: start again
		t.forget()
	}
	cn, ch := t.src.canon(t.m, cx, cy, t.set)
	t.index[ci] = t.gen<<viewGenShift | uint32(len(t.views))
	t.views = append(t.views, chunkView{cn, ch})
	return &t.views[len(t.views)-1]
}

// refetch asks the source for chunk (cx, cy)'s view again, replacing the
// one held (see JPS.node).
func (t *viewTable) refetch(cx, cy int) *chunkView {
	if uint(cx) >= uint(t.wide) || uint(cy) >= uint(t.high) {
		return &noView
	}
	return t.fetch(cx, cy, cy*t.wide+cx)
}

// line is the view of chunk ci, at (pc, lc) along a row or (lc, pc)
// along a column.
func (t *viewTable) line(ci, lc, pc int, vertical bool) *chunkView {
	if e := t.index[ci]; e>>viewGenShift == t.gen {
		return &t.views[e&viewIdxMask]
	}
	if vertical {
		return t.fetch(lc, pc, ci)
	}
	return t.fetch(pc, lc, ci)
}

// block returns the open bits of (x, y)'s 3×3 block (see blockBits); (x,
// y) must be in a resident chunk.
func (v *chunkView) block(x, y int) uint8 {
	r, c := uint(y&15), uint(x&15)
	w := (v.cn.Open[r]>>c)&7 | ((v.cn.Open[r+1]>>c)&7)<<3 | ((v.cn.Open[r+2]>>c)&7)<<6
	return blockBits[w]
}
