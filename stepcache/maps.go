package stepcache

import (
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/reach"
	"github.com/shardcore/shardcore/world"
)

// mapState is one map the cache serves: its chunk grid, where its resident
// chunks are, its source, and which chunks stand near multis.
type mapState struct {
	id         world.MapID
	m          *world.Map
	rules      *movement.Rules // StaticOnly: builds and verify
	wide, high int             // chunk grid
	slots      []int32         // per chunk (cy*wide+cx): index into the resident set, -1 if not resident
	// chunks[ci] is resident chunk ci's records (nil: not resident): a
	// lookup reads it beside slots[ci] instead of through the slot's entry
	// and its shared object, two dependent cache misses fewer per chunk.
	chunks []*chunk.Chunk
	src    ChunkSource
	// nearMulti[ci] says where multis stand around chunk ci (= sector ci),
	// as of the map's multisVer: multiNone, multiOwn (in its own sector:
	// every cell is near one) or multiAround (only in a sector around it:
	// only its edge cells may be).
	nearMulti  []uint8
	multisVer  uint64
	canonVer   uint64       // multis version the slots' canonical maps were computed at (canon.go)
	canonEpoch uint64       // see Cache.CanonEpoch
	reach      *reach.Index // the static connectivity (see Cache.SetReach), nil when none
	// fell[ci] counts the lookups that fell through as not built on chunk
	// ci since fellAt[ci] (game ms), for Stats.Late; flags[ci] are its
	// flagBad and flagQueued; queuedAt[ci] is, while it is queued, the
	// time of its prefetch queue entry (an entry at another time is stale).
	fell     []uint32
	fellAt   []int64
	flags    []uint8
	queuedAt []int64
}

// Bits of mapState.flags.
const (
	// flagBad: the chunk's record in the map's source failed to read; the
	// source is not asked for it again (until another is attached).
	flagBad uint8 = 1 << iota
	// flagQueued: the chunk waits in the prefetch queue.
	flagQueued
)

// Values of mapState.nearMulti.
const (
	multiNone uint8 = iota
	multiOwn
	multiAround
)

// newMapState returns the state of the map r serves, with its own
// StaticOnly rules and nothing resident.
func newMapState(r *movement.Rules) *mapState {
	sr := r.Clone()
	sr.StaticOnly = true
	sr.Dyn = nil
	wide, high := chunk.Grid(r.Map.Width, r.Map.Height)
	ms := &mapState{id: r.Map.ID, m: r.Map, rules: sr, wide: wide, high: high,
		slots: make([]int32, wide*high), chunks: make([]*chunk.Chunk, wide*high), nearMulti: make([]uint8, wide*high),
		fell: make([]uint32, wide*high), fellAt: make([]int64, wide*high), flags: make([]uint8, wide*high),
		queuedAt: make([]int64, wide*high)}
	for i := range ms.slots {
		ms.slots[i] = -1
	}
	ms.refreshMultis()
	return ms
}

// cellOf returns the chunk holding cell (x, y) (its index in the map's
// chunks) and the cell's index among that chunk's cells; ok is false off
// the map.
func (ms *mapState) cellOf(x, y int) (ci int32, cell int, ok bool) {
	if x < 0 || y < 0 || x >= ms.m.Width || y >= ms.m.Height {
		return 0, 0, false
	}
	return int32((y/chunk.Size)*ms.wide + x/chunk.Size), (y%chunk.Size)*chunk.Size + x%chunk.Size, true
}

// key names chunk ci of the map.
func (ms *mapState) key(ci int32) ChunkKey { return ChunkKey{Map: ms.id, Index: uint32(ci)} }

// refreshMultis recomputes nearMulti after multis were added or removed.
func (ms *mapState) refreshMultis() {
	ms.multisVer = ms.m.MultisVersion()
	for ci := range ms.nearMulti {
		cx, cy := ci%ms.wide, ci/ms.wide
		near := multiNone
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				if ms.m.HasMultis((cx+dx)*chunk.Size, (cy+dy)*chunk.Size) {
					near = multiAround
				}
			}
		}
		if ms.m.HasMultis(cx*chunk.Size, cy*chunk.Size) {
			near = multiOwn
		}
		ms.nearMulti[ci] = near
	}
}

// nearMultiCell reports whether cell (x, y) of chunk ci, a chunk with
// multis around, has a multi in its sector or its one-cell halo (such cells
// fall through to the live rules).
func (ms *mapState) nearMultiCell(ci int32, x, y int) bool {
	// Sectors are chunks: an inner cell's halo is in its own sector.
	ex, ey := x%chunk.Size, y%chunk.Size
	edge := ex == 0 || ey == 0 || ex == chunk.Size-1 || ey == chunk.Size-1
	return ms.nearMulti[ci] == multiOwn || (edge && ms.m.HasMultisNear(x, y))
}

var _ [chunk.Size - world.SectorSize]struct{} // chunks must be sectors (nearMulti)
var _ [world.SectorSize - chunk.Size]struct{}
