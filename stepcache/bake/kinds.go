package bake

import (
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/world"
)

// ChunkKind says what a chunk of the map holds, for benchmarks: the first
// of these that applies, in this order.
type ChunkKind uint8

// Chunk kinds.
const (
	KindStrata  ChunkKind = iota // a cell with two or more standing Zs (bridges, floors, stairs)
	KindDungeon                  // ignored land, or surfaces over impassable dry land
	KindTown                     // statics with surfaces (roads, floors)
	KindForest                   // statics, none a surface (trees, rocks, walls)
	KindShore                    // Wet and dry land
	KindWater                    // Wet land only
	KindUniform                  // one kind of flat land, no statics, halo included: built at once
	KindLand                     // other bare land (slopes, cliffs)
	NumChunkKinds
)

// String names the kind as bench output prints it.
func (k ChunkKind) String() string {
	names := [...]string{"strata", "dungeon", "town", "forest", "shore", "water", "uniform", "land"}
	if int(k) < len(names) {
		return names[k]
	}
	return "unknown"
}

// ClassifyChunk returns the kind of chunk (cx, cy) of r's map from its land
// and statics (no probing).
func ClassifyChunk(r *movement.Rules, cx, cy int) ChunkKind {
	m, td := r.Map, r.Tiles
	var ignored, wetLand, dryLand, impDry, statics, surfaces bool
	for i := 0; i < chunk.NumCells; i++ {
		x, y := cx*chunk.Size+i%chunk.Size, cy*chunk.Size+i/chunk.Size
		if !m.InBounds(x, y) {
			continue
		}
		id := m.Land(x, y).ID & 0x3FFF
		f := td.LandFlags(id)
		switch {
		case world.IgnoredLand(id):
			ignored = true
		case f&world.FlagWet != 0:
			wetLand = true
		default:
			dryLand = true
			impDry = impDry || f&world.FlagImpassable != 0
		}
		zs, walkable := 0, 0
		for _, s := range m.StaticsAt(x, y) {
			statics = true
			sf, _ := td.ItemFlagsHeight(s.ID)
			if sf&(world.FlagSurface|world.FlagWet) != 0 {
				surfaces = true
				walkable++
			}
		}
		if walkable > 0 {
			var buf [8]int
			got, _ := StandingZs(r, x, y, buf[:0])
			zs = len(got)
		}
		if zs >= 2 {
			return KindStrata
		}
	}
	switch {
	case ignored || (impDry && surfaces):
		return KindDungeon
	case surfaces:
		return KindTown
	case statics:
		return KindForest
	case wetLand && dryLand:
		return KindShore
	case wetLand:
		return KindWater
	}
	b := &Builder{m: m, td: td}
	x0, y0 := cx*chunk.Size-1, cy*chunk.Size-1
	if b.loadLand(x0, y0); b.gatherStatics(x0, y0) == 0 && b.flatLand(x0, y0) {
		return KindUniform
	}
	return KindLand
}
