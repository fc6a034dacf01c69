package systems

import (
	"hash/fnv"
	"sort"

	c "github.com/shardcore/shardcore/components"
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/world"
)

// MobileState returns a mobile's position and whether it exists.
func (s *Sim) MobileState(id uint64) (c.Position, bool) {
	e, ok := s.reg.byID[id]
	if !ok || !s.w.Alive(e) {
		return c.Position{}, false
	}
	return *s.maps.pos.Get(e), true
}

// MobileCaps returns a mobile's capability set.
func (s *Sim) MobileCaps(id uint64) movement.Caps {
	e, ok := s.reg.byID[id]
	if !ok || !s.w.Alive(e) {
		return 0
	}
	return s.maps.mob.Get(e).Caps
}

// MobileIDs returns every mobile id in ascending order.
func (s *Sim) MobileIDs() []uint64 {
	ids := make([]uint64, 0, len(s.reg.byID))
	for id := range s.reg.byID {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	return ids
}

// PositionsHash hashes every mobile's id and position, in id order: two
// runs ended in the same state have the same hash.
func (s *Sim) PositionsHash() uint64 {
	h := fnv.New64a()
	var b [13]byte
	for _, id := range s.MobileIDs() {
		p, _ := s.MobileState(id)
		for i := 0; i < 8; i++ {
			b[i] = byte(id >> (8 * i))
		}
		b[8], b[9], b[10], b[11], b[12] = byte(p.X), byte(p.X>>8), byte(p.Y), byte(p.Y>>8), byte(p.Z)
		h.Write(b[:])
	}
	return h.Sum64()
}

// Occupied reports whether a mobile stands on (x, y).
func (s *Sim) Occupied(x, y int) bool { return s.idx.HasMobiles(x, y) }

// IsWet reports whether (x, y) holds wet land or a wet static (where a sea
// creature may be).
func IsWet(m *world.Map, td *world.TileData, x, y int) bool {
	if !m.InBounds(x, y) {
		return false
	}
	if td.LandFlags(m.Land(x, y).ID&0x3FFF)&world.FlagWet != 0 {
		return true
	}
	for _, st := range m.StaticsAt(x, y) {
		if f, _ := td.ItemFlagsHeight(st.ID); f&world.FlagWet != 0 {
			return true
		}
	}
	return false
}
