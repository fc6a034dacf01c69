package pathing

import (
	"github.com/shardcore/shardcore/stepcache/canon"
	"github.com/shardcore/shardcore/stepcache/chunk"
)

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
		if d := s.dynt.of(cx, cy); d != nil {
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
	return s.layer.on && uint(x) < uint(l.w) && uint(y) < uint(l.h) && l.cells.blk[y*l.cells.w+x] != 0
}

// regsKnown marks a layerRegs answer.
const regsKnown = 1 << 8

// layerRegs is, with regsKnown, which of (x, y)'s 8 neighbours are regular
// (bit d: the neighbour in d), read from the flat layer's regular bits when
// the 3×3 block lies in one chunk copied in (the bits are then exact: see
// regular); else 0, and step asks regular.
func (s *JPS) layerRegs(x, y int) uint16 {
	l := &s.layer
	if !s.layer.on || !s.mover.jumps || uint(x&15-1) > 13 || uint(y&15-1) > 13 || uint(x) >= uint(l.w) || uint(y) >= uint(l.h) {
		return 0
	}
	if ci := (y>>4)*l.wide + x>>4; l.fills.filled[ci>>6]&(1<<uint(ci&63)) == 0 {
		return 0
	}
	return regsKnown | uint16(blockBits[block9(l.rows.reg, (y+1)*l.rows.stride, x, l.rows.stride)])
}

// regular reports whether (x, y) is a regular cell with no dynamics in its
// block.
func (s *JPS) regular(x, y int) bool {
	if s.layer.on {
		l := &s.layer
		if uint(x) >= uint(l.w) || uint(y) >= uint(l.h) {
			return false
		}
		if l.cells.blk[y*l.cells.w+x] != 0 {
			return true
		}
		return s.layerRegular(x, y)
	}
	if x < 0 || y < 0 {
		return false
	}
	v := s.views.at(x>>4, y>>4)
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
	if l := &s.layer; s.layer.on && uint(x) < uint(l.w) && uint(y) < uint(l.h) {
		ch = l.fills.chunks[(y>>4)*l.wide+x>>4]
	}
	if ch == nil {
		ch = s.views.at(x>>4, y>>4).ch
	}
	return int(canon.Z(ch, (y&15)*16+x&15, s.mover.set))
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
	v := s.views.at(x>>4, y>>4)
	if v.cn == nil || v.cn.Open[y&15+1]&(1<<(x&15+1)) == 0 {
		return false
	}
	return chunk.Covers(canon.Record(v.ch, (y&15)*16+x&15, s.mover.set), z)
}

// stateZ is node n's Z (reading the record for a canonical state).
func (s *JPS) stateZ(n *jnode) int {
	if n.z == canonZ {
		return s.recordZ(int(n.x), int(n.y))
	}
	return int(n.z)
}
