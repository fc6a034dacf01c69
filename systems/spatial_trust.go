package systems

import "github.com/shardcore/shardcore/movement"

// trustStamps let the movement system take a searched path's step on the
// search's word (trustStep): the Z a search found for a step is the static
// world's answer unless a dynamic item stood on the step's start cell,
// target or diagonal flanks, and mobiles only ever refuse a step, never
// change its Z. So a step whose cells hold no dynamics now, where no item
// was removed since the search and the map's multis are the same, has the
// search's answer: the one the Stepper would give.
type trustStamps struct {
	gen    uint32   // item removals (and multi changes) so far
	floor  uint32   // stamps at or below it trust nothing: a multi changed
	multis uint64   // the map's multis version last seen (trustMultis)
	sec    []uint32 // per sector: gen just after its last removal (nil until one)
}

// TrustStamp returns the stamp a path found now carries (PathState.Trust):
// never zero.
func (s *Spatial) TrustStamp() uint32 { return s.trust.gen + 1 }

// itemRemoved notes a removal of an item from (x, y), on the map.
func (s *Spatial) itemRemoved(x, y int) {
	t := &s.trust
	t.gen++
	if t.sec == nil {
		t.sec = make([]uint32, len(s.sectors))
	}
	t.sec[s.sectorIndex(x, y)] = t.gen
}

// trustMultis withdraws trust from every path found before the map's
// multis changed (version v: world.Map.MultisVersion); a multi placed or
// taken away changes the static answers under it.
func (s *Spatial) trustMultis(v uint64) {
	t := &s.trust
	if v != t.multis {
		t.multis = v
		t.gen++
		t.floor = t.gen
	}
}

// trustStep reports whether a mobile standing at (x, y) may step in d on
// the word of a search stamped stamp (TrustStamp at the search): no mobile
// or item on the step's target or a diagonal's flanks, no item on (x, y),
// no item taken from their sectors since and no multi changed.
func (s *Spatial) trustStep(stamp uint32, x, y int, d movement.Dir) bool {
	t := &s.trust
	if stamp <= t.floor || !s.in(x, y) {
		return false
	}
	dx, dy := d.Offset()
	if !s.in(x+dx, y+dy) {
		return false
	}
	mobs, items := s.OccupancyAround(s.mapID, x, y)
	if (mobs|items)&d.Touches() != 0 {
		return false
	}
	if s.HasItems(s.mapID, x, y) {
		return false
	}
	if t.gen < stamp {
		return true // nothing removed since the search
	}
	for _, p := range [4][2]int{{x, y}, {x + dx, y}, {x, y + dy}, {x + dx, y + dy}} {
		if t.sec[s.sectorIndex(p[0], p[1])] >= stamp {
			return false
		}
	}
	return true
}
