package bake

import (
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/chunk"
)

// BuildChunkReference bakes chunk (cx, cy) of r's map with the reference
// probe: the live rules (StartZ, Enter, CheckMovement) asked for every
// cell, direction, rule set and probe Z. It is the oracle the fast probe
// (BuildChunk, Builder) is checked against, and is slow (≈20,000 rule calls
// a chunk). r should be StaticOnly (a Clone set StaticOnly is used when it
// is not) and is used by this goroutine only.
func BuildChunkReference(r *movement.Rules, cx, cy int) *chunk.Chunk {
	if !r.StaticOnly {
		r = r.Clone()
		r.StaticOnly = true
	}
	p := prober{r: r}
	return p.buildChunk(cx, cy)
}

func (p *prober) buildChunk(cx, cy int) *chunk.Chunk {
	ch := &chunk.Chunk{}
	var start [chunk.NumCells + 1]uint16
	var strata []chunk.Cell
	for i := 0; i < chunk.NumCells; i++ {
		start[i] = uint16(len(strata))
		x, y := cx*chunk.Size+i%chunk.Size, cy*chunk.Size+i/chunk.Size
		if !p.r.Map.InBounds(x, y) {
			continue
		}
		prim, st := p.probeCell(x, y)
		ch.Cells[i] = prim
		strata = append(strata, st...)
	}
	start[chunk.NumCells] = uint16(len(strata))
	if len(strata) > 0 {
		ch.StrataStart = &start
		ch.Strata = strata
	}
	return ch
}
