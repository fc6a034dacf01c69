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

// sector holds the list heads of its 16×16 cells; allocated on first use.
type sector struct {
	mobs, items *[SectorSize * SectorSize]int32
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
	mobs          []mobEntry
	items         []itemEntry
	freeMobs      []int32
	freeItems     []int32
}

// NewSpatial returns an empty index over a map of width×height cells.
func NewSpatial(id world.MapID, width, height int) *Spatial {
	wide := (width + SectorSize - 1) / SectorSize
	high := (height + SectorSize - 1) / SectorSize
	return &Spatial{mapID: id, width: width, height: height, wide: wide, sectors: make([]sector, wide*high)}
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
		a := new([SectorSize * SectorSize]int32)
		for i := range a {
			a[i] = none
		}
		*arr = a
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

func (s *Spatial) linkMob(h int32) {
	en := &s.mobs[h]
	head := s.heads(int(en.x), int(en.y), false, true)
	en.prev, en.next = none, *head
	if *head != none {
		s.mobs[*head].prev = h
	}
	*head = h
}

func (s *Spatial) unlinkMob(h int32) {
	en := &s.mobs[h]
	if en.prev != none {
		s.mobs[en.prev].next = en.next
	} else {
		*s.heads(int(en.x), int(en.y), false, false) = en.next
	}
	if en.next != none {
		s.mobs[en.next].prev = en.prev
	}
	en.prev, en.next = none, none
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

// AddItem indexes a dynamic item at (x, y) and returns its handle (-1 off the map).
func (s *Spatial) AddItem(e ecs.Entity, x, y int, it movement.Item) int32 {
	if !s.in(x, y) {
		return none
	}
	var h int32
	if n := len(s.freeItems); n > 0 {
		h = s.freeItems[n-1]
		s.freeItems = s.freeItems[:n-1]
	} else {
		h = int32(len(s.items))
		s.items = append(s.items, itemEntry{})
	}
	head := s.heads(x, y, true, true)
	s.items[h] = itemEntry{ent: e, item: it, x: int16(x), y: int16(y), prev: none, next: *head}
	if *head != none {
		s.items[*head].prev = h
	}
	*head = h
	return h
}

// SetItemHidden hides (an open door) or shows handle h to the rules.
func (s *Spatial) SetItemHidden(h int32, hidden bool) {
	if h >= 0 && int(h) < len(s.items) {
		s.items[h].hidden = hidden
	}
}

// RemoveItem drops item handle h.
func (s *Spatial) RemoveItem(h int32) {
	if h < 0 || int(h) >= len(s.items) || s.items[h].ent.IsZero() {
		return
	}
	en := &s.items[h]
	if en.prev != none {
		s.items[en.prev].next = en.next
	} else {
		*s.heads(int(en.x), int(en.y), true, false) = en.next
	}
	if en.next != none {
		s.items[en.next].prev = en.prev
	}
	s.items[h] = itemEntry{prev: none, next: none}
	s.freeItems = append(s.freeItems, h)
}

// ItemsAt appends the visible dynamic items of (x, y) to dst.
func (s *Spatial) ItemsAt(m world.MapID, x, y int, dst []movement.Item) []movement.Item {
	if m != s.mapID || !s.in(x, y) {
		return dst
	}
	head := s.heads(x, y, true, false)
	if head == nil {
		return dst
	}
	for h := *head; h != none; h = s.items[h].next {
		if !s.items[h].hidden {
			dst = append(dst, s.items[h].item)
		}
	}
	return dst
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

// ItemEntitiesAt appends the entities of every item on (x, y), hidden ones
// included, with their handles, to dst.
func (s *Spatial) ItemEntitiesAt(x, y int, dst []ItemRef) []ItemRef {
	if !s.in(x, y) {
		return dst
	}
	head := s.heads(x, y, true, false)
	if head == nil {
		return dst
	}
	for h := *head; h != none; h = s.items[h].next {
		dst = append(dst, ItemRef{Entity: s.items[h].ent, Handle: h})
	}
	return dst
}

// ItemRef names an indexed item: its entity and index handle.
type ItemRef struct {
	Entity ecs.Entity
	Handle int32
}

// Counts returns the number of indexed mobiles and items.
func (s *Spatial) Counts() (mobiles, items int) {
	return len(s.mobs) - len(s.freeMobs), len(s.items) - len(s.freeItems)
}

var _ movement.Dynamics = (*Spatial)(nil)
