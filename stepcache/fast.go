package stepcache

import (
	"shardcore/movement"
	"shardcore/world"
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
	zs      []int
	strata  []Cell
	start   [ChunkCells + 1]uint16
	out     Chunk
}

// NewBuilder returns a fast-probe builder over r's map and tile data. Only
// land and statics are read (as by rules set StaticOnly), and tile data is
// read afresh by every build, so patched flags take effect.
func NewBuilder(r *movement.Rules) *Builder {
	return &Builder{m: r.Map, td: r.Tiles}
}

// Build bakes chunk (cx, cy) and returns it in the builder's own storage:
// valid until the next Build, to be read or copied (Chunk.Clone), never
// kept. Cells of a partial chunk beyond the map are zero records.
func (b *Builder) Build(cx, cy int) *Chunk {
	x0, y0 := cx*ChunkSize-1, cy*ChunkSize-1
	flat := b.loadLand(x0, y0)
	n := b.gatherStatics(x0, y0)
	b.loadStatics()
	b.strata = b.strata[:0]
	ch := &b.out
	ch.StrataStart, ch.Strata = nil, nil
	if flat && n == 0 {
		// every cell sees the same neighbourhood: one record for all
		rec := b.probeCell(haloSide + 1)
		if len(b.strata) == 0 {
			for i := range ch.Cells {
				ch.Cells[i] = rec
			}
			return ch
		}
		b.strata = b.strata[:0]
	}
	for i := 0; i < ChunkCells; i++ {
		b.start[i] = uint16(len(b.strata))
		ci := (i/ChunkSize+1)*haloSide + i%ChunkSize + 1
		if b.cells[ci].flags&hOnMap == 0 {
			ch.Cells[i] = Cell{}
			continue
		}
		ch.Cells[i] = b.probeCell(ci)
	}
	b.start[ChunkCells] = uint16(len(b.strata))
	if len(b.strata) > 0 {
		ch.StrataStart = &b.start
		ch.Strata = b.strata
	}
	return ch
}

// BuildChunk bakes chunk (cx, cy) into a new Chunk.
func (b *Builder) BuildChunk(cx, cy int) *Chunk { return b.Build(cx, cy).Clone() }

// Clone returns a deep copy of c (strata offsets and strata included).
func (c *Chunk) Clone() *Chunk {
	o := &Chunk{Cells: c.Cells}
	if c.StrataStart != nil {
		s := *c.StrataStart
		o.StrataStart = &s
	}
	if len(c.Strata) > 0 {
		o.Strata = append([]Cell(nil), c.Strata...)
	}
	return o
}
