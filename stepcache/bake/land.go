package bake

import (
	"encoding/binary"
	"unsafe"

	"github.com/shardcore/shardcore/world"
)

// landView is the land under one halo as read from the map: the corner
// Zs (landSide², off-map 0, as AverageZ reads them) and the cells' ids.
type landView struct {
	zs  [landSide * landSide]int16
	ids [haloCells]uint16
}

// loadLand reads the land of the halo whose top-left cell is (x0, y0) into
// b.land.
func (b *Builder) loadLand(x0, y0 int) {
	if x0 < 0 || y0 < 0 || x0+landSide > b.m.Width || y0+landSide > b.m.Height {
		b.land = landView{} // what readLand leaves unread is off the map
	}
	b.readLand(x0, y0, &b.land.zs, &b.land.ids)
}

// flatLand reports whether the halo from (x0, y0) is on the map, all land
// Zs read are equal and all its land tiles act alike (the uniform fast
// path's test).
func (b *Builder) flatLand(x0, y0 int) bool {
	if x0 < 0 || y0 < 0 || x0+haloSide > b.m.Width || y0+haloSide > b.m.Height {
		return false
	}
	lv := &b.land
	if !allEqual16(lv.zs[:], lv.zs[0]) {
		return false
	}
	if allEqual16(lv.ids[:], lv.ids[0]) {
		return true
	}
	first := b.landClass(lv.ids[0])
	for i, id := range lv.ids {
		if id != lv.ids[0] && b.landClass(lv.ids[i]) != first {
			return false
		}
	}
	return true
}

// allEqual16 reports whether every element of vs is v, comparing four at
// a time.
func allEqual16[T int16 | uint16](vs []T, v T) bool {
	bs := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(vs))), 2*len(vs))
	w := uint64(uint16(v)) * 0x0001000100010001
	for ; len(bs) >= 8; bs = bs[8:] {
		if binary.LittleEndian.Uint64(bs) != w {
			return false
		}
	}
	for ; len(bs) >= 2; bs = bs[2:] {
		if binary.LittleEndian.Uint16(bs) != uint16(v) {
			return false
		}
	}
	return true
}

// landClass is what the rules read of a land id: considered, Wet, and the
// rule sets it serves.
func (b *Builder) landClass(id uint16) uint8 {
	var c hcell
	b.setLand(&c, id)
	return c.flags | c.landRules<<4
}

// readLand reads the land Zs of the landSide² corners from (x0, y0) (0 off
// the map) and the land ids of the halo cells, straight from the map's
// blocks.
func (b *Builder) readLand(x0, y0 int, zs *[landSide * landSide]int16, ids *[haloCells]uint16) {
	m := b.m
	xa, xb := max(x0, 0), min(x0+landSide, m.Width)
	for gy := 0; gy < landSide; gy++ {
		y := y0 + gy
		if y < 0 || y >= m.Height {
			continue
		}
		zrow := zs[gy*landSide : (gy+1)*landSide]
		var irow []uint16
		if gy < haloSide {
			irow = ids[gy*haloSide : (gy+1)*haloSide]
		}
		for x := xa; x < xb; {
			blk := m.LandBlock(m.BlockIndex(x, y))
			end := min(xb, (x|7)+1)
			if gx := x - x0; end-x == 8 && gx+8 <= len(irow) { // a whole block row: fixed sizes, no checks per cell
				cells := (*[8 * 3]byte)(blk[4+(y&7)*world.BlockSize*3:])
				zr, ir := (*[8]int16)(zrow[gx:gx+8]), (*[8]uint16)(irow[gx:gx+8])
				for j := range zr {
					zr[j] = int16(int8(cells[3*j+2]))
					ir[j] = uint16(cells[3*j]) | uint16(cells[3*j+1])<<8
				}
				x = end
				continue
			}
			cells := blk[4+((y&7)*world.BlockSize+x&7)*3 : 4+((y&7)*world.BlockSize+(end-1)&7)*3+3]
			for i, gx := 0, x-x0; i+2 < len(cells); i, gx = i+3, gx+1 {
				zrow[gx] = int16(int8(cells[i+2]))
				if gx < len(irow) {
					irow[gx] = uint16(cells[i]) | uint16(cells[i+1])<<8
				}
			}
			x = end
		}
	}
}
