package recorder

import "github.com/shardcore/shardcore/movement"

// seenCells is what one search saw of the dynamic world: each cell it asked
// about that held a dynamic item or a mobile, once, with them in the order
// the world reported them. Its storage is reused search to search.
type seenCells struct {
	cells []seenCell
	items []movement.Item
	mobs  []movement.Mobile
	index cellIndex // every cell asked about: its place in cells, or -1 (empty)
}

// seenCell is one cell: its items are items[i0:i1], its mobiles mobs[m0:m1].
type seenCell struct {
	x, y   int32
	i0, i1 int32
	m0, m1 int32
}

func (s *seenCells) reset() {
	s.cells, s.items, s.mobs = s.cells[:0], s.items[:0], s.mobs[:0]
	s.index.reset()
}

// cellIndex maps cells to int32 values for one search: open addressing,
// cleared in O(1) by a generation, grown (the only allocation) when half
// full.
type cellIndex struct {
	slots []cellSlot
	gen   uint32
	n     int
}

type cellSlot struct {
	key uint64
	gen uint32
	val int32
}

func cellKey(x, y int) uint64 { return uint64(uint32(x))<<32 | uint64(uint32(y)) }

// slot returns key's slot: its own, or the empty one where it would go.
func (c *cellIndex) slot(key uint64) *cellSlot {
	mask := uint64(len(c.slots) - 1)
	h := (key * 0x9E3779B97F4A7C15) >> 20
	for i := h & mask; ; i = (i + 1) & mask {
		s := &c.slots[i]
		if s.gen != c.gen || s.key == key {
			return s
		}
	}
}

func (c *cellIndex) get(x, y int) (int32, bool) {
	if c.n == 0 {
		return 0, false
	}
	s := c.slot(cellKey(x, y))
	return s.val, s.gen == c.gen
}

// put records (x, y) → v; the cell must not be in the index yet.
func (c *cellIndex) put(x, y int, v int32) {
	if 2*(c.n+1) > len(c.slots) {
		c.grow()
	}
	key := cellKey(x, y)
	*c.slot(key) = cellSlot{key: key, gen: c.gen, val: v}
	c.n++
}

func (c *cellIndex) grow() {
	old, oldGen := c.slots, c.gen
	c.slots = make([]cellSlot, max(2*len(old), 256))
	c.gen = 1
	for _, s := range old {
		if s.gen == oldGen {
			*c.slot(s.key) = cellSlot{key: s.key, gen: c.gen, val: s.val}
		}
	}
}

func (c *cellIndex) reset() {
	c.n = 0
	c.gen++
	if c.gen == 0 { // wrapped: old generations could collide
		clear(c.slots)
		c.gen = 1
	}
}
