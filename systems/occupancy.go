package systems

import (
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/pathing"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/world"
)

// The dynamics interfaces of the searches that Spatial implements.
var (
	_ pathing.Occupancy          = (*Spatial)(nil)
	_ pathing.ItemOccupancy      = (*Spatial)(nil)
	_ pathing.NeighbourOccupancy = (*Spatial)(nil)
	_ pathing.OccupancyRows      = (*Spatial)(nil)
	_ pathing.ChunkItems         = (*Spatial)(nil)
)

// A sector is a step-cache chunk, so OccupiedRows copies a sector's rows
// (an array of negative length fails to compile unless the sizes agree).
var (
	_ [SectorSize - chunk.Size]struct{}
	_ [chunk.Size - SectorSize]struct{}
)

// The occupancy probes read the sectors' bits, never the lists: an open door's item counts (a conservative answer, which only
// sends a step through the live rules).

// chunkSector returns the sector of chunk (cx, cy) of map m (a sector is
// a chunk), nil off the map or for another map.
func (s *Spatial) chunkSector(m world.MapID, cx, cy int) *sector {
	if m != s.mapID || cx < 0 || cy < 0 || cx >= s.wide || cy*SectorSize >= s.height {
		return nil
	}
	return &s.sectors[cy*s.wide+cx]
}

// cellBits returns (x, y)'s sector and its bit in the rows y%16 of its
// bits; x, y must be on the map.
func (s *Spatial) cellBits(x, y int) (*sector, uint16) {
	return &s.sectors[s.sectorIndex(x, y)], 1 << (x % SectorSize)
}

// Occupied reports whether (x, y) on map m holds a mobile or an item,
// without copying them: the cache A*'s and the step checker's dynamic pass
// (pathing.Occupancy).
func (s *Spatial) Occupied(m world.MapID, x, y int) bool {
	if m != s.mapID || !s.in(x, y) {
		return false
	}
	b, bit := s.cellBits(x, y)
	return (b.mobBits[y%SectorSize]|b.itemBits[y%SectorSize])&bit != 0
}

// HasItems reports whether (x, y) on map m holds an item:
// pathing.ItemOccupancy.
func (s *Spatial) HasItems(m world.MapID, x, y int) bool {
	if m != s.mapID || !s.in(x, y) {
		return false
	}
	b, bit := s.cellBits(x, y)
	return b.itemBits[y%SectorSize]&bit != 0
}

// OccupiedRows sets rows to the cells of chunk (cx, cy) of map m that
// hold a mobile or an item (bit x of rows[y]: cell (cx*16+x, cy*16+y)) and
// reports whether any does: the jump search reads a chunk's dynamics in
// one call (pathing.OccupancyRows).
func (s *Spatial) OccupiedRows(m world.MapID, cx, cy int, rows *[chunk.Size]uint16) bool {
	*rows = [chunk.Size]uint16{}
	b := s.chunkSector(m, cx, cy)
	if b == nil {
		return false
	}
	var any uint16
	for r := range rows {
		rows[r] = b.mobBits[r] | b.itemBits[r]
		any |= rows[r]
	}
	return any != 0
}

// ChunkHasItems reports whether chunk (cx, cy) of map m holds an item (an
// open door's too): the searches ask it before they answer that a goal
// cannot be reached (pathing.ChunkItems). False off the map.
func (s *Spatial) ChunkHasItems(m world.MapID, cx, cy int) bool {
	b := s.chunkSector(m, cx, cy)
	if b == nil {
		return false
	}
	var any uint16
	for _, r := range b.itemBits {
		any |= r
	}
	return any != 0
}

// HasMobiles reports whether a mobile stands on (x, y).
func (s *Spatial) HasMobiles(x, y int) bool {
	if !s.in(x, y) {
		return false
	}
	b, bit := s.cellBits(x, y)
	return b.mobBits[y%SectorSize]&bit != 0
}

// dirOffsets[d] is direction d's step.
var dirOffsets = func() (o [8][2]int) {
	for d := movement.Dir(0); d < 8; d++ {
		o[d][0], o[d][1] = d.Offset()
	}
	return o
}()

// ringDirs maps a 3×3 block of cell bits (bit 3*row+col, row 0 the row
// above, col 0 the column west) to the directions whose neighbour's bit is
// set (the centre bit ignored).
var ringDirs = func() (t [512]uint8) {
	for block := range t {
		for d, o := range dirOffsets {
			if block>>((o[1]+1)*3+o[0]+1)&1 != 0 {
				t[block] |= 1 << d
			}
		}
	}
	return t
}()

// OccupancyAround returns the directions d whose neighbour of (x, y) on
// map m holds a mobile (bit d of mobiles) and an item (of items), in one
// call: pathing.NeighbourOccupancy. A cell inside its sector's border
// reads three bits from each of three rows of one sector and maps them
// through ringDirs; a border cell reads each neighbour's sector.
func (s *Spatial) OccupancyAround(m world.MapID, x, y int) (mobiles, items uint8) {
	if m != s.mapID {
		return 0, 0
	}
	lx, ly := x%SectorSize, y%SectorSize
	if lx > 0 && lx < SectorSize-1 && ly > 0 && ly < SectorSize-1 && s.in(x, y) {
		b := &s.sectors[s.sectorIndex(x, y)]
		sh := uint(lx - 1)
		mb := uint(b.mobBits[ly-1]>>sh&7) | uint(b.mobBits[ly]>>sh&7)<<3 | uint(b.mobBits[ly+1]>>sh&7)<<6
		ib := uint(b.itemBits[ly-1]>>sh&7) | uint(b.itemBits[ly]>>sh&7)<<3 | uint(b.itemBits[ly+1]>>sh&7)<<6
		return ringDirs[mb&511], ringDirs[ib&511]
	}
	return s.occupancyEach(x, y)
}

// occupancyEach is OccupancyAround neighbour by neighbour, for any cell.
func (s *Spatial) occupancyEach(x, y int) (mobiles, items uint8) {
	for d, o := range dirOffsets {
		nx, ny := x+o[0], y+o[1]
		if !s.in(nx, ny) {
			continue
		}
		b, bit := s.cellBits(nx, ny)
		if b.mobBits[ny%SectorSize]&bit != 0 {
			mobiles |= 1 << d
		}
		if b.itemBits[ny%SectorSize]&bit != 0 {
			items |= 1 << d
		}
	}
	return mobiles, items
}
