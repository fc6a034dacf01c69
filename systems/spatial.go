package systems

import (
	"github.com/mlange-42/arche/ecs"

	"shardcore/movement"
	"shardcore/world"
)

// SectorSize is the side of a spatial-index sector, in cells: the world's
// sector (and so one step-cache chunk).
const SectorSize = world.SectorSize

// none ends an index list.
const none int32 = -1

// mobEntry is one mobile in the index: its cell list links and what the
// rules read.
type mobEntry struct {
	ent        ecs.Entity
	mob        movement.Mobile
	x, y       int16
	prev, next int32
}

// itemEntry is one dynamic item in the index.
type itemEntry struct {
	ent        ecs.Entity
	item       movement.Item
	hidden     bool // an open door: not reported
	x, y       int16
	prev, next int32
}

// sector holds the list heads of its 16×16 cells, allocated on first use;
// the mobiles' array goes back to a pool when its last mobile leaves.
type sector struct {
	mobs, items *[SectorSize * SectorSize]int32
	nMobs       int32
}

// sectorBits marks the cells of a sector that hold a mobile and those that
// hold an item (bit x%16 of row y%16): 64 bytes, one cache line, so the
// occupancy probes of the cache A* and the step checker read one line for
// a cell and its neighbours.
type sectorBits struct {
	mobs, items [SectorSize]uint16
}

// Spatial indexes mobiles and dynamic items by cell, per 16×16 sector: no
// world scan, O(1) insert, move and remove. It implements movement.Dynamics
// for one map; lists are reported newest first, a deterministic order for
// the same sequence of operations. Handles (int32) name entries.
type Spatial struct {
	mapID         world.MapID
	width, height int
	wide          int
	sectors       []sector
	bits          []sectorBits
	pool          []*[SectorSize * SectorSize]int32 // mobiles' head arrays of emptied sectors
	mobs          []mobEntry
	items         []itemEntry
	freeMobs      []int32
	freeItems     []int32
}

// NewSpatial returns an empty index over a map of width×height cells.
func NewSpatial(id world.MapID, width, height int) *Spatial {
	wide := (width + SectorSize - 1) / SectorSize
	high := (height + SectorSize - 1) / SectorSize
	return &Spatial{mapID: id, width: width, height: height, wide: wide, sectors: make([]sector, wide*high),
		bits: make([]sectorBits, wide*high)}
}

func (s *Spatial) in(x, y int) bool { return x >= 0 && y >= 0 && x < s.width && y < s.height }

// heads returns the list head slot of (x, y); alloc makes the sector's array.
func (s *Spatial) heads(x, y int, items, alloc bool) *int32 {
	sec := &s.sectors[(y/SectorSize)*s.wide+x/SectorSize]
	arr := &sec.mobs
	if items {
		arr = &sec.items
	}
	if *arr == nil {
		if !alloc {
			return nil
		}
		*arr = s.newHeads(items)
	}
	return &(*arr)[(y%SectorSize)*SectorSize+x%SectorSize]
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
	s.mobs[h] = mobEntry{ent: e, mob: m, x: int16(x), y: int16(y), prev: none, next: none}
	s.linkMob(h)
	return h
}

// newHeads returns an array of empty list heads (for mobiles, from the
// pool when it has one).
func (s *Spatial) newHeads(items bool) *[SectorSize * SectorSize]int32 {
	if n := len(s.pool); n > 0 && !items {
		a := s.pool[n-1]
		s.pool = s.pool[:n-1]
		return a
	}
	a := new([SectorSize * SectorSize]int32)
	for i := range a {
		a[i] = none
	}
	return a
}

func (s *Spatial) linkMob(h int32) {
	en := &s.mobs[h]
	x, y := int(en.x), int(en.y)
	head := s.heads(x, y, false, true)
	en.prev, en.next = none, *head
	if *head != none {
		s.mobs[*head].prev = h
	}
	*head = h
	si := (y/SectorSize)*s.wide + x/SectorSize
	s.sectors[si].nMobs++
	s.bits[si].mobs[y%SectorSize] |= 1 << (x % SectorSize)
}

func (s *Spatial) unlinkMob(h int32) {
	en := &s.mobs[h]
	x, y := int(en.x), int(en.y)
	si := (y/SectorSize)*s.wide + x/SectorSize
	sec := &s.sectors[si]
	if en.prev != none {
		s.mobs[en.prev].next = en.next
	} else {
		sec.mobs[(y%SectorSize)*SectorSize+x%SectorSize] = en.next
		if en.next == none {
			s.bits[si].mobs[y%SectorSize] &^= 1 << (x % SectorSize)
		}
	}
	if en.next != none {
		s.mobs[en.next].prev = en.prev
	}
	en.prev, en.next = none, none
	if sec.nMobs--; sec.nMobs == 0 { // every head is none again
		s.pool = append(s.pool, sec.mobs)
		sec.mobs = nil
	}
}

// MoveMobile moves handle h to (x, y) at z: O(1).
func (s *Spatial) MoveMobile(h int32, x, y int, z int8) {
	if h < 0 || int(h) >= len(s.mobs) || !s.in(x, y) {
		return
	}
	s.unlinkMob(h)
	en := &s.mobs[h]
	en.x, en.y, en.mob.Z = int16(x), int16(y), z
	s.linkMob(h)
}

// SetMobile replaces what the rules see of handle h (Z, dead, hidden staff).
func (s *Spatial) SetMobile(h int32, m movement.Mobile) {
	if h >= 0 && int(h) < len(s.mobs) {
		s.mobs[h].mob = m
	}
}

// RemoveMobile drops handle h.
func (s *Spatial) RemoveMobile(h int32) {
	if h < 0 || int(h) >= len(s.mobs) || s.mobs[h].ent.IsZero() {
		return
	}
	s.unlinkMob(h)
	s.mobs[h] = mobEntry{prev: none, next: none}
	s.freeMobs = append(s.freeMobs, h)
}

// MobilesAt appends the mobiles of (x, y) to dst.
func (s *Spatial) MobilesAt(m world.MapID, x, y int, dst []movement.Mobile) []movement.Mobile {
	if m != s.mapID || !s.in(x, y) {
		return dst
	}
	head := s.heads(x, y, false, false)
	if head == nil {
		return dst
	}
	for h := *head; h != none; h = s.mobs[h].next {
		dst = append(dst, s.mobs[h].mob)
	}
	return dst
}

// MobileEntitiesAt appends the entities of the mobiles on (x, y) to dst.
func (s *Spatial) MobileEntitiesAt(x, y int, dst []ecs.Entity) []ecs.Entity {
	if !s.in(x, y) {
		return dst
	}
	head := s.heads(x, y, false, false)
	if head == nil {
		return dst
	}
	for h := *head; h != none; h = s.mobs[h].next {
		dst = append(dst, s.mobs[h].ent)
	}
	return dst
}

// Counts returns the number of indexed mobiles and items.
func (s *Spatial) Counts() (mobiles, items int) {
	return len(s.mobs) - len(s.freeMobs), len(s.items) - len(s.freeItems)
}

var _ movement.Dynamics = (*Spatial)(nil)
