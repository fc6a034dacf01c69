package pathing

import (
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/world"
)

// OccupancyRows is an optional interface of a movement.Dynamics: which
// cells of chunk (cx, cy) (cells cx*16.. and cy*16.., chunk.Size
// on a side) hold a dynamic item or mobile, as rows: bit x of rows[y] is
// cell (cx*16+x, cy*16+y). It reports whether any bit is set. A conservative
// set bit is allowed (it only makes the jump search take the live rules
// around that cell). The jump search asks it once per chunk per search;
// without it, it asks Occupancy (or ItemsAt and MobilesAt) for every cell
// of every chunk it scans.
type OccupancyRows interface {
	OccupiedRows(m world.MapID, cx, cy int, rows *[chunk.Size]uint16) bool
}

// occEntry is one chunk's occupancy in this search.
type occEntry struct {
	key  int64
	gen  uint32
	any  bool
	rows [chunk.Size]uint16
}

const occSlots = 256

// occTable memoises chunk occupancy for one search.
type occTable struct {
	gen uint32
	e   []occEntry
}

func (t *occTable) reset() {
	if t.e == nil {
		t.e = make([]occEntry, occSlots)
	}
	t.gen++
	if t.gen == 0 {
		for i := range t.e {
			t.e[i].gen = 0
		}
		t.gen = 1
	}
}

// occupancy returns chunk (cx, cy)'s occupied cells in this search.
func (s *JPS) occupancy(cx, cy int) *occEntry {
	t := &s.dynt.occ
	k := chunkKeyOf(cx, cy)
	e := &t.e[(cx*5+cy*67)&(occSlots-1)]
	if e.gen == t.gen && e.key == k {
		return e
	}
	e.gen, e.key, e.any = t.gen, k, false
	e.rows = [chunk.Size]uint16{}
	if cx < 0 || cy < 0 || cx*16 >= s.views.mapW || cy*16 >= s.views.mapH {
		return e
	}
	if or, ok := s.dyn.dyn.(OccupancyRows); ok {
		e.any = or.OccupiedRows(s.dyn.m, cx, cy, &e.rows)
		return e
	}
	for y := 0; y < 16; y++ {
		for x := 0; x < 16; x++ {
			if s.dyn.occupied(&s.jst.dynStats, cx*16+x, cy*16+y) {
				e.rows[y] |= 1 << x
				e.any = true
			}
		}
	}
	return e
}

// dynMask is one chunk's cells whose 3×3 block holds a dynamic item or
// mobile in this search (their steps are not the static ones), as rows and
// their transpose.
type dynMask struct {
	any   bool
	rows  [chunk.Size]uint16
	rowsT [chunk.Size]uint16
}

// dynTable memoises dynMasks for one search (dynamics move between
// searches): per chunk of the map the search's generation (high 12 bits)
// and the mask's position (low 20 bits).
type dynTable struct {
	gen   uint32
	index []uint32
	masks []dynMask
	occ   occTable
}

func (t *dynTable) reset(chunks int) {
	if len(t.index) != chunks {
		t.index = make([]uint32, chunks)
		t.gen = 0
	}
	t.gen++
	if t.gen > viewGenMax {
		clear(t.index)
		t.gen = 1
	}
	t.masks = t.masks[:0]
	t.occ.reset()
}

// dynOf returns chunk (cx, cy)'s dynamics mask, nil when no dynamic item
// or mobile is in or around it (cx, cy on the map).
func (s *JPS) dynOf(cx, cy int) *dynMask {
	t := &s.dynt
	ci := cy*s.views.wide + cx
	if e := t.index[ci]; e>>viewGenShift == t.gen {
		if m := &t.masks[e&viewIdxMask]; m.any {
			return m
		}
		return nil
	}
	if len(t.masks) > viewIdxMask {
		t.gen++ // a million chunks in one search: start again
		t.masks = t.masks[:0]
	}
	t.index[ci] = t.gen<<viewGenShift | uint32(len(t.masks))
	t.masks = append(t.masks, dynMask{})
	m := &t.masks[len(t.masks)-1]
	s.fillDyn(m, cx, cy)
	if m.any {
		return m
	}
	return nil
}

// fillDyn computes chunk (cx, cy)'s dynamics mask from the occupancy of it
// and its 8 neighbours.
func (s *JPS) fillDyn(v *dynMask, cx, cy int) {
	var occ [chunk.Size + 2]uint32 // rows -1..16, bit c+1 = column c
	any := false
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			e := s.occupancy(cx+dx, cy+dy)
			if !e.any {
				continue
			}
			any = true
			for r := 0; r < 16; r++ {
				row := r + dy*16 + 1 // index into occ
				if row < 0 || row >= len(occ) {
					continue
				}
				w := uint32(e.rows[r]) << 1 // bit c+1
				switch dx {
				case -1:
					w >>= 16 // column 15 of the west chunk is column -1
				case 1:
					w = (w << 16) & (1 << 17) // column 0 of the east chunk is column 16
				}
				occ[row] |= w
			}
		}
	}
	if !any {
		return
	}
	v.any = true
	for r := 0; r < 16; r++ {
		w := occ[r] | occ[r+1] | occ[r+2]
		w |= w>>1 | w<<1
		v.rows[r] = uint16(w >> 1)
	}
	for c := 0; c < 16; c++ {
		var t uint16
		for r := 0; r < 16; r++ {
			if v.rows[r]&(1<<c) != 0 {
				t |= 1 << r
			}
		}
		v.rowsT[c] = t
	}
}
