package bake

import (
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/world"
)

// Builder builds chunks with the fast probe: the same records as the
// reference probe (BuildChunkReference), from each cell's surfaces
// resolved once per chunk instead of the live rules per question (see
// doc.go). A Builder keeps scratch and is used by one goroutine at a time;
// after its first builds it allocates nothing.
type Builder struct {
	m  *world.Map
	td *world.TileData

	cells   [haloCells]hcell
	raw     [haloCells][]world.Static
	items   []item
	statics []hstatic
	cands   []hcand
	tmp     []tcand
	nb      [3]nbrs // the targets of the cell being probed, per rule set
	zs      []int
	strata  []chunk.Cell
	start   [chunk.NumCells + 1]uint16
	out     chunk.Chunk
	land    landView
	wl      walkerLanes
	near    [haloSide]uint32 // Wet near, per halo row (markWet)
	lazy    bool             // some cells' rules wait for materialize
	memo    memo
	// uniforms holds one chunk per uniform record BuildShared has returned
	// (a real map has few: open sea, one grass at one Z), so a uniform
	// build costs no copy and no garbage
	uniforms map[chunk.Cell]*chunk.Chunk
}

// maxSharedUniforms bounds Builder.uniforms: past it a new uniform record is
// copied like any chunk.
const maxSharedUniforms = 256

// NewBuilder returns a fast-probe builder over r's map and tile data. Only
// land and statics are read (as by rules set StaticOnly), and tile data is
// read afresh by every build, so patched flags take effect.
func NewBuilder(r *movement.Rules) *Builder {
	return &Builder{m: r.Map, td: r.Tiles}
}

// Build bakes chunk (cx, cy) and returns it in the builder's own storage:
// valid until the next Build, to be read or copied (Chunk.Clone), never
// kept. Cells of a partial chunk beyond the map are zero records.
func (b *Builder) Build(cx, cy int) *chunk.Chunk {
	x0, y0 := cx*chunk.Size-1, cy*chunk.Size-1
	b.loadLand(x0, y0)
	n := b.gatherStatics(x0, y0)
	b.strata = b.strata[:0]
	ch := &b.out
	ch.StrataStart, ch.Strata = nil, nil
	if n == 0 && b.flatLand(x0, y0) && b.uniform(ch, x0, y0) {
		return ch
	}
	b.prepHalo(x0, y0)
	for i := 0; i < chunk.NumCells; i++ {
		b.start[i] = uint16(len(b.strata))
		ci := (i/chunk.Size+1)*haloSide + i%chunk.Size + 1
		if b.cells[ci].flags&hOnMap == 0 {
			ch.Cells[i] = chunk.Cell{}
			continue
		}
		b.probeCell(ci, &ch.Cells[i])
	}
	b.start[chunk.NumCells] = uint16(len(b.strata))
	if len(b.strata) > 0 {
		ch.StrataStart = &b.start
		ch.Strata = b.strata
	}
	return ch
}

// uniform builds a chunk whose halo is on the map, holds no statics and
// one kind of land at one Z (flatLand): every cell sees the same
// neighbourhood, so one cell is resolved and probed and its record fills
// the chunk. It reports false, leaving the general build to the caller,
// when that record has strata (it cannot, but the general build is exact).
func (b *Builder) uniform(ch *chunk.Chunk, x0, y0 int) bool {
	const center = haloSide + 1
	b.statics, b.cands = b.statics[:0], b.cands[:0]
	b.initCell(1, 1, x0+1, y0+1)
	b.resolve(center)
	b.packWalker(center)
	for _, off := range haloDir {
		b.cells[center+off] = b.cells[center]
		b.packWalker(center + off)
	}
	b.near[1], b.lazy = 0, false
	if b.cells[center].flags&hWet != 0 {
		b.near[1] = 1 << 1 // the center's own bit: wetNear(center)
	}
	var rec chunk.Cell
	b.probeCell(center, &rec)
	if len(b.strata) != 0 {
		b.strata = b.strata[:0]
		return false
	}
	ch.Cells[0] = rec
	for n := 1; n < len(ch.Cells); n *= 2 { // doubling copies
		copy(ch.Cells[n:], ch.Cells[:n])
	}
	return true
}

// BuildChunk bakes chunk (cx, cy) of r's map with the fast probe (see
// Builder): per cell the primary record at its SourceZ and one stratum per
// further standing Z, exactly as BuildChunkReference. It reads only land
// and statics and is pure. Cells of a partial chunk beyond the map are zero
// records. A caller building many chunks should keep a Builder.
func BuildChunk(r *movement.Rules, cx, cy int) *chunk.Chunk {
	return NewBuilder(r).BuildChunk(cx, cy)
}

// BuildChunk bakes chunk (cx, cy) into a new Chunk.
func (b *Builder) BuildChunk(cx, cy int) *chunk.Chunk { return b.Build(cx, cy).Clone() }

// Shared returns BuildShared of a new Builder over r's map: the builds a
// cache takes (stepcache.New), one per map and goroutine.
func Shared(r *movement.Rules) func(cx, cy int) *chunk.Chunk { return NewBuilder(r).BuildShared }

// BuildShared bakes chunk (cx, cy) like BuildChunk, except that a uniform
// chunk (Chunk.Uniform) equal to one this builder returned before is that
// same object. Chunks are never modified once built, so the cache may hold
// it; a caller that would modify its result uses BuildChunk. Most chunks a
// shard builds on a real map are uniform, of a few kinds (open sea, one
// grass at one Z), so sharing them spares the ticks most of the garbage
// that copies of them would make.
func (b *Builder) BuildShared(cx, cy int) *chunk.Chunk {
	ch := b.Build(cx, cy)
	if !ch.Uniform() {
		return ch.Clone()
	}
	if u := b.uniforms[ch.Cells[0]]; u != nil {
		return u
	}
	u := ch.Clone()
	if b.uniforms == nil {
		b.uniforms = map[chunk.Cell]*chunk.Chunk{}
	}
	if len(b.uniforms) < maxSharedUniforms {
		b.uniforms[ch.Cells[0]] = u
	}
	return u
}
