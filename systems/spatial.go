package systems

import (
	"github.com/mlange-42/arche/ecs"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/world"
)

// SectorSize is the side of a spatial-index sector, in cells: the world's
// sector (and so one step-cache chunk).
const SectorSize = world.SectorSize

// none ends an index list.
const none int32 = -1

// mobEntry is one mobile in the index: its cell and what the rules read.
type mobEntry struct {
	ent  ecs.Entity
	mob  movement.Mobile
	x, y int16
}

// itemEntry is one dynamic item in the index.
type itemEntry struct {
	ent        ecs.Entity
	item       movement.Item
	hidden     bool // an open door: not reported
	x, y       int16
	prev, next int32
}

// sector is one 16×16 sector of the index: which of its cells hold a
// mobile and which an item (bit x%16 of row y%16, the first cache line, all
// the occupancy probes read), the mobiles in it in the order they arrived,
// and its cells' item list heads (allocated on first use). 128 bytes: a
// move within a sector touches its two lines, and its mobiles' vector too
// only when more than sectorInline stand in it (the vector starts in the
// sector's own inline array; few sectors hold more).
type sector struct {
	mobBits, itemBits [SectorSize]uint16
	mobs              []secMob
	items             *[SectorSize * SectorSize]int32
	inline            [sectorInline]secMob // mobs' first backing array
}

// sectorInline is how many mobiles a sector holds in its own second cache
// line before its mobiles' vector moves to the heap.
const sectorInline = 4

// secMob is a mobile in a sector: its handle, its cell in the sector, and
// what MobileBlocksAt reads of it (its Z, its dead and hidden-staff flags
// and a byte of its id), so that check reads the sector alone, not the
// mobile's entry. Eight bytes, as the handle and cell alone took.
type secMob struct {
	h     int32
	cell  uint8
	z     int8
	flags uint8 // secDead, secHidden
	tag   uint8 // idTag of its id
}

// secMob flags.
const (
	secDead uint8 = 1 << iota
	secHidden
)

// secOf is mobile h, m, on sector cell c.
func secOf(h int32, c uint16, m movement.Mobile) secMob {
	r := secMob{h: h, cell: uint8(c), z: m.Z, tag: idTag(m.ID)}
	if m.Dead {
		r.flags |= secDead
	}
	if m.HiddenStaff {
		r.flags |= secHidden
	}
	return r
}

// idTag is a byte of id: a mobile whose tag differs from the mover's is
// not the mover.
func idTag(id uint64) uint8 { return uint8(id ^ id>>8 ^ id>>16 ^ id>>24) }

// Spatial indexes mobiles and dynamic items by cell, per 16×16 sector: no
// world scan, O(1) insert, move and remove of items, and of mobiles up to
// the sector's mobiles (a sector holds few). It implements
// movement.Dynamics for one map; a cell's mobiles and items are reported
// newest first (the last to arrive first), a deterministic order for the
// same sequence of operations. Handles (int32) name entries.
type Spatial struct {
	mapID         world.MapID
	width, height int
	wide          int
	sectors       []sector
	mobs          []mobEntry
	items         []itemEntry
	freeMobs      []int32
	freeItems     []int32
	trust         trustStamps // spatial_trust.go
}

// NewSpatial returns an empty index over a map of width×height cells.
func NewSpatial(id world.MapID, width, height int) *Spatial {
	wide := (width + SectorSize - 1) / SectorSize
	high := (height + SectorSize - 1) / SectorSize
	return &Spatial{mapID: id, width: width, height: height, wide: wide, sectors: make([]sector, wide*high)}
}

func (s *Spatial) in(x, y int) bool { return x >= 0 && y >= 0 && x < s.width && y < s.height }

// sectorIndex returns the index in sectors of (x, y)'s sector; x, y on the
// map.
func (s *Spatial) sectorIndex(x, y int) int { return (y/SectorSize)*s.wide + x/SectorSize }

// at returns (x, y)'s sector and its cell index there; x, y on the map.
func (s *Spatial) at(x, y int) (*sector, uint16) {
	return &s.sectors[s.sectorIndex(x, y)], uint16((y%SectorSize)*SectorSize + x%SectorSize)
}

// AddMobile indexes a mobile at (x, y) and returns its handle (-1 off the map).
func (s *Spatial) AddMobile(e ecs.Entity, x, y int, m movement.Mobile) int32 {
	if !s.in(x, y) {
		return none
	}
	var h int32
	if n := len(s.freeMobs); n > 0 {
		h = s.freeMobs[n-1]
		s.freeMobs = s.freeMobs[:n-1]
	} else {
		h = int32(len(s.mobs))
		s.mobs = append(s.mobs, mobEntry{})
	}
	s.mobs[h] = mobEntry{ent: e, mob: m, x: int16(x), y: int16(y)}
	sec, c := s.at(x, y)
	sec.add(secOf(h, c, m))
	return h
}

// add appends mobile r.
func (sec *sector) add(r secMob) {
	if sec.mobs == nil {
		sec.mobs = sec.inline[:0:sectorInline]
	}
	sec.mobs = append(sec.mobs, r)
	sec.mobBits[r.cell/SectorSize] |= 1 << (r.cell % SectorSize)
}

// drop removes mobile h, on cell c, keeping the others' order.
func (sec *sector) drop(h int32, c uint16) {
	i := len(sec.mobs) - 1
	for i > 0 && sec.mobs[i].h != h {
		i--
	}
	copy(sec.mobs[i:], sec.mobs[i+1:])
	sec.mobs = sec.mobs[:len(sec.mobs)-1]
	sec.refresh(c)
}

// refresh sets cell c's mobile bit from the sector's mobiles.
func (sec *sector) refresh(c uint16) {
	for _, r := range sec.mobs {
		if uint16(r.cell) == c {
			sec.mobBits[c/SectorSize] |= 1 << (c % SectorSize)
			return
		}
	}
	sec.mobBits[c/SectorSize] &^= 1 << (c % SectorSize)
}

// MoveMobile moves handle h to (x, y) at z.
func (s *Spatial) MoveMobile(h int32, x, y int, z int8) {
	if h < 0 || int(h) >= len(s.mobs) || !s.in(x, y) {
		return
	}
	en := &s.mobs[h]
	from, fc := s.at(int(en.x), int(en.y))
	to, tc := s.at(x, y)
	en.x, en.y, en.mob.Z = int16(x), int16(y), z
	if from != to {
		from.drop(h, fc)
		to.add(secOf(h, tc, en.mob))
		return
	}
	// Within the sector: to the end (the newest), one pass.
	i := len(from.mobs) - 1
	for i > 0 && from.mobs[i].h != h {
		i--
	}
	copy(from.mobs[i:], from.mobs[i+1:])
	from.mobs[len(from.mobs)-1] = secOf(h, tc, en.mob)
	from.mobBits[tc/SectorSize] |= 1 << (tc % SectorSize)
	if fc != tc {
		from.refresh(fc)
	}
}

// SetMobile replaces what the rules see of handle h (Z, dead, hidden staff).
func (s *Spatial) SetMobile(h int32, m movement.Mobile) {
	if h < 0 || int(h) >= len(s.mobs) {
		return
	}
	en := &s.mobs[h]
	en.mob = m // a free handle's sector holds no entry for it: only this changes
	sec, c := s.at(int(en.x), int(en.y))
	for i := range sec.mobs {
		if sec.mobs[i].h == h {
			sec.mobs[i] = secOf(h, c, m)
			return
		}
	}
}

// RemoveMobile drops handle h.
func (s *Spatial) RemoveMobile(h int32) {
	if h < 0 || int(h) >= len(s.mobs) || s.mobs[h].ent.IsZero() {
		return
	}
	en := &s.mobs[h]
	sec, c := s.at(int(en.x), int(en.y))
	sec.drop(h, c)
	s.mobs[h] = mobEntry{}
	s.freeMobs = append(s.freeMobs, h)
}

// MobilesAt appends the mobiles of (x, y) to dst, newest first.
func (s *Spatial) MobilesAt(m world.MapID, x, y int, dst []movement.Mobile) []movement.Mobile {
	if m != s.mapID || !s.in(x, y) {
		return dst
	}
	sec, c := s.at(x, y)
	if sec.mobBits[c/SectorSize]&(1<<(c%SectorSize)) == 0 {
		return dst
	}
	for i := len(sec.mobs) - 1; i >= 0; i-- {
		if uint16(sec.mobs[i].cell) == c {
			dst = append(dst, s.mobs[sec.mobs[i].h].mob)
		}
	}
	return dst
}

// MobileBlocksAt reports whether a mobile on (x, y) blocks a mover arriving
// at newZ (movement.MobileBlocker): the rules' check over MobilesAt, read
// from the sector's list, reading a mobile's entry only when its id tag is
// the mover's.
func (s *Spatial) MobileBlocksAt(m world.MapID, x, y, newZ int, self uint64, moverDead bool) bool {
	if m != s.mapID || !s.in(x, y) || moverDead {
		return false
	}
	sec, c := s.at(x, y)
	if sec.mobBits[c/SectorSize]&(1<<(c%SectorSize)) == 0 {
		return false
	}
	tag := idTag(self)
	for _, r := range sec.mobs {
		if uint16(r.cell) != c || r.flags != 0 {
			continue
		}
		if mz := int(r.z); mz+movement.MobileHeight <= newZ || newZ+movement.MobileHeight <= mz {
			continue
		}
		if self != 0 && r.tag == tag && s.mobs[r.h].mob.ID == self {
			continue
		}
		return true
	}
	return false
}

// MobileEntitiesAt appends the entities of the mobiles on (x, y) to dst,
// newest first.
func (s *Spatial) MobileEntitiesAt(x, y int, dst []ecs.Entity) []ecs.Entity {
	if !s.in(x, y) {
		return dst
	}
	sec, c := s.at(x, y)
	for i := len(sec.mobs) - 1; i >= 0; i-- {
		if uint16(sec.mobs[i].cell) == c {
			dst = append(dst, s.mobs[sec.mobs[i].h].ent)
		}
	}
	return dst
}

// Counts returns the number of indexed mobiles and items.
func (s *Spatial) Counts() (mobiles, items int) {
	return len(s.mobs) - len(s.freeMobs), len(s.items) - len(s.freeItems)
}

var _ movement.Dynamics = (*Spatial)(nil)
