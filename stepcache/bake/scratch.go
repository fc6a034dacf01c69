package bake

import (
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/chunk"
)

// scratchSlots is how many chunks a Scratch keeps (about 5 KiB each): as
// many as the cache A* defers in one search, so a search's own builds never
// replace each other, and the chunks of one searcher's recent searches stay
// for its next ones.
const scratchSlots = 32

// Scratch is one searcher's own few built chunks, outside the cache: a
// search that keeps expanding cells of a chunk the cache has not built
// (and will not, until the admission gate promotes it) builds it here once,
// with the fast probe, instead of asking the live rules 8 times a cell. A
// chunk is a pure function of the static map, so a kept chunk stays right
// for later searches; stepcache's Search.LookupIn answers from it with the
// cache's own checks (multis, Z, caps). It holds scratchSlots chunks, the oldest built
// replaced first, and allocates nothing once its buffers have grown. It is
// not safe for concurrent use: one per searcher.
type Scratch struct {
	b     *Builder
	slots [scratchSlots]scratchSlot
	next  int // the slot the next build replaces
}

// scratchSlot is one kept chunk: its chunk coordinates and its own copy of
// the built records and strata.
type scratchSlot struct {
	cx, cy int
	valid  bool
	ch     chunk.Chunk
	start  [chunk.NumCells + 1]uint16
	strata []chunk.Cell
}

// NewScratch returns an empty Scratch building from r's map.
func NewScratch(r *movement.Rules) *Scratch {
	return &Scratch{b: NewBuilder(r)}
}

// Get returns the kept chunk (cx, cy), or nil.
func (s *Scratch) Get(cx, cy int) *chunk.Chunk {
	for i := range s.slots {
		if sl := &s.slots[i]; sl.valid && sl.cx == cx && sl.cy == cy {
			return &sl.ch
		}
	}
	return nil
}

// Build builds chunk (cx, cy), keeps it in place of the oldest and
// returns it.
func (s *Scratch) Build(cx, cy int) *chunk.Chunk {
	src := s.b.Build(cx, cy)
	sl := &s.slots[s.next]
	s.next = (s.next + 1) % scratchSlots
	sl.cx, sl.cy, sl.valid = cx, cy, true
	sl.ch.Cells = src.Cells
	sl.ch.StrataStart, sl.ch.Strata = nil, nil
	if src.StrataStart != nil {
		sl.start = *src.StrataStart
		sl.ch.StrataStart = &sl.start
	}
	if len(src.Strata) > 0 {
		sl.strata = append(sl.strata[:0], src.Strata...)
		sl.ch.Strata = sl.strata
	}
	return &sl.ch
}
