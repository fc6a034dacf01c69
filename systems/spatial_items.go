package systems

import (
	"github.com/mlange-42/arche/ecs"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/world"
)

// itemHead returns the item list head slot of (x, y) (on the map); alloc
// makes the sector's array, else nil when it has none.
func (s *Spatial) itemHead(x, y int, alloc bool) *int32 {
	sec, c := s.at(x, y)
	if sec.items == nil {
		if !alloc {
			return nil
		}
		a := new([SectorSize * SectorSize]int32)
		for i := range a {
			a[i] = none
		}
		sec.items = a
	}
	return &sec.items[c]
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
	head := s.itemHead(x, y, true)
	s.items[h] = itemEntry{ent: e, item: it, x: int16(x), y: int16(y), prev: none, next: *head}
	if *head != none {
		s.items[*head].prev = h
	}
	*head = h
	sec, c := s.at(x, y)
	sec.itemBits[c/SectorSize] |= 1 << (c % SectorSize)
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
		x, y := int(en.x), int(en.y)
		*s.itemHead(x, y, false) = en.next
		if en.next == none {
			sec, c := s.at(x, y)
			sec.itemBits[c/SectorSize] &^= 1 << (c % SectorSize)
		}
	}
	if en.next != none {
		s.items[en.next].prev = en.prev
	}
	s.itemRemoved(int(en.x), int(en.y))
	s.items[h] = itemEntry{prev: none, next: none}
	s.freeItems = append(s.freeItems, h)
}

// ItemsAt appends the visible dynamic items of (x, y) to dst.
func (s *Spatial) ItemsAt(m world.MapID, x, y int, dst []movement.Item) []movement.Item {
	if m != s.mapID || !s.in(x, y) {
		return dst
	}
	head := s.itemHead(x, y, false)
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

// ItemEntitiesAt appends the entities of every item on (x, y), hidden ones
// included, with their handles, to dst.
func (s *Spatial) ItemEntitiesAt(x, y int, dst []ItemRef) []ItemRef {
	if !s.in(x, y) {
		return dst
	}
	head := s.itemHead(x, y, false)
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
