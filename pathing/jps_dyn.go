package pathing

import (
	"shardcore/stepcache"
	"shardcore/world"
)

// OccupancyRows is an optional interface of a movement.Dynamics: which
// cells of chunk (cx, cy) (cells cx*16.. and cy*16.., stepcache.ChunkSize
// on a side) hold a dynamic item or mobile, as rows: bit x of rows[y] is
// cell (cx*16+x, cy*16+y). It reports whether any bit is set. A conservative
// set bit is allowed (it only makes the jump search take the live rules
// around that cell). The jump search asks it once per chunk per search;
// without it, it asks Occupancy (or ItemsAt and MobilesAt) for every cell
// of every chunk it scans.
type OccupancyRows interface {
	OccupiedRows(m world.MapID, cx, cy int, rows *[stepcache.ChunkSize]uint16) bool
}

// occEntry is one chunk's occupancy in this search.
type occEntry struct {
	key  int64
	gen  uint32
	any  bool
	rows [stepcache.ChunkSize]uint16
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
	t := &s.views.occ
	k := chunkKeyOf(cx, cy)
	e := &t.e[(cx*5+cy*67)&(occSlots-1)]
	if e.gen == t.gen && e.key == k {
		return e
	}
	e.gen, e.key, e.any = t.gen, k, false
	e.rows = [stepcache.ChunkSize]uint16{}
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

// dynMask marks in v the cells of chunk (cx, cy) whose 3×3 block holds a
// dynamic item or mobile (their steps are not the static ones).
func (s *JPS) dynMask(v *chunkView, cx, cy int) {
	var occ [stepcache.ChunkSize + 2]uint32 // rows -1..16, bit c+1 = column c
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
	v.dyn = true
	for r := 0; r < 16; r++ {
		w := occ[r] | occ[r+1] | occ[r+2]
		w |= w>>1 | w<<1
		v.dynR[r] = uint16(w >> 1)
	}
	for c := 0; c < 16; c++ {
		var t uint16
		for r := 0; r < 16; r++ {
			if v.dynR[r]&(1<<c) != 0 {
				t |= 1 << r
			}
		}
		v.dynRT[c] = t
	}
}
